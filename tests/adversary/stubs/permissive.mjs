// A stand-in for any export of a drawing module that the harness has no hand-written stub for:
// callable, constructible, every property another stand-in; it draws nothing and returns nothing useful.
export function permissive(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_t, prop) {
      if (prop === Symbol.toPrimitive) return () => "";
      if (prop === "then") return undefined; // not a promise
      if (prop === "toString" || prop === "valueOf") return () => "";
      if (typeof prop === "symbol") return undefined;
      return permissive(`${name}.${prop}`);
    },
    apply: () => permissive(`${name}()`),
    construct: () => permissive(`new ${name}`),
    set: () => true,
  });
}
