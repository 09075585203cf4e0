// @ts-check
/**
 * A JSON value as the change from another one, so a link sent by correspondence carries what changed since the
 * message the other side already has (js/net/mail-codec.js), not the whole view again.
 *
 * A delta is itself plain JSON, one of three shapes:
 *   {"=": value}                                    the value whole (a scalar, or a container of another kind);
 *   {"o": {key: delta, …}, "d": [key, …]}           an object: changed or added keys, and deleted ones;
 *   {"a": length, "i": {"index": delta, …}}         an array: its new length, and the entries that changed or
 *                                                   were added (indices as decimal strings);
 *   {"p": n, "s": m, "m": [value, …]}               an array: its first n and last m entries kept, the middle
 *                                                   replaced (an entry put in or taken out shifts the rest).
 * Where nothing changed, `diff` returns null.  `patch(base, diff(base, next))` is `next`, exactly: same keys,
 * same values, in canonical order once spelt (js/net/canonical.js sorts keys, so key order never matters).
 *
 * Arrays are compared index by index (a board, a log that grows at its end) and by their common ends (a hand or a
 * list of moves with one entry more or less); a whole value is cheaper when most of it changed.  `diff` picks the
 * shortest of these spellings.
 */

/** @typedef {null|boolean|number|string|JsonArray|JsonObject} Json */
/** @typedef {Json[]} JsonArray */
/** @typedef {{[key: string]: Json}} JsonObject */

/** Set an own key (even "__proto__", which plain assignment would take as the prototype). @param {any} o @param {string} k @param {any} v */
const put = (o, k, v) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/** @param {any} v */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Equal as JSON (key order ignored). @param {any} a @param {any} b @returns {boolean} */
export function same(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!Object.hasOwn(b, k) || !same(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/**
 * The change from `base` to `next`, or null if they are the same.
 * @param {any} base @param {any} next @returns {any}
 */
export function diff(base, next) {
  if (same(base, next)) return null;
  const whole = { "=": next };
  let delta = null;
  if (Array.isArray(base) && Array.isArray(next)) {
    /** @type {Record<string, any>} */
    const changed = {};
    for (let i = 0; i < next.length; i++) {
      if (i >= base.length) put(changed, String(i), { "=": next[i] });
      else {
        const d = diff(base[i], next[i]);
        if (d !== null) put(changed, String(i), d);
      }
    }
    delta = shorter({ a: next.length, i: changed }, splice(base, next));
  } else if (isObject(base) && isObject(next)) {
    /** @type {Record<string, any>} */
    const changed = {};
    for (const k of Object.keys(next)) {
      if (!Object.hasOwn(base, k)) put(changed, k, { "=": next[k] });
      else {
        const d = diff(base[k], next[k]);
        if (d !== null) put(changed, k, d);
      }
    }
    const deleted = Object.keys(base).filter((k) => !Object.hasOwn(next, k)).sort();
    delta = { o: changed, d: deleted };
  }
  if (delta === null) return whole;
  return JSON.stringify(delta).length < JSON.stringify(whole).length ? delta : whole;
}

/** @param {any} a @param {any} b */
function shorter(a, b) {
  return JSON.stringify(b).length < JSON.stringify(a).length ? b : a;
}

/** `next` as `base` with its common ends kept and its middle replaced. @param {any[]} base @param {any[]} next */
function splice(base, next) {
  let p = 0;
  while (p < base.length && p < next.length && same(base[p], next[p])) p += 1;
  let s = 0;
  while (s < base.length - p && s < next.length - p && same(base[base.length - 1 - s], next[next.length - 1 - s])) s += 1;
  return { p, s, m: next.slice(p, next.length - s) };
}

export class DeltaError extends Error {}

/**
 * `base` changed by `delta` (a new value; `base` is left as it was).  A delta that does not fit `base` (an
 * object delta on an array, an index past the end…) throws DeltaError: the link was made for another base.
 * @param {any} base @param {any} delta @returns {any}
 */
export function patch(base, delta) {
  if (delta === null) return base;
  if (!isObject(delta)) throw new DeltaError("not a delta");
  const keys = Object.keys(delta).sort().join(",");
  if (keys === "=") return delta["="];
  if (keys === "d,o") {
    if (!isObject(base) || !isObject(delta.o) || !Array.isArray(delta.d)) throw new DeltaError("an object's change for something else");
    /** @type {Record<string, any>} */
    const out = {};
    for (const k of Object.keys(base)) put(out, k, base[k]);
    for (const k of delta.d) {
      if (typeof k !== "string" || !Object.hasOwn(out, k)) throw new DeltaError("deletes a key the base lacks");
      delete out[k];
    }
    for (const [k, d] of Object.entries(delta.o)) {
      if (!Object.hasOwn(base, k) && !(isObject(d) && Object.keys(d).length === 1 && "=" in d)) throw new DeltaError("changes a key the base lacks");
      put(out, k, patch(Object.hasOwn(base, k) ? base[k] : undefined, d));
    }
    return out;
  }
  if (keys === "a,i") {
    const length = delta.a;
    if (!Array.isArray(base) || !Number.isSafeInteger(length) || length < 0 || !isObject(delta.i)) throw new DeltaError("an array's change for something else");
    const out = base.slice(0, length);
    for (const [index, d] of Object.entries(delta.i)) {
      const i = Number(index);
      if (!/^(0|[1-9][0-9]*)$/.test(index) || i >= length) throw new DeltaError("an index past the array's end");
      if (i >= base.length && !(isObject(d) && Object.keys(d).length === 1 && "=" in d)) throw new DeltaError("changes an entry the base lacks");
      out[i] = patch(base[i], d);
    }
    for (let i = 0; i < length; i++) if (!(i in out)) throw new DeltaError("leaves a hole in an array");
    return out;
  }
  if (keys === "m,p,s") {
    const { p, s, m } = delta;
    if (!Array.isArray(base) || !Array.isArray(m) || !Number.isSafeInteger(p) || !Number.isSafeInteger(s) || p < 0 || s < 0
      || p + s > base.length) throw new DeltaError("an array's change for something else");
    return [...base.slice(0, p), ...m, ...base.slice(base.length - s)];
  }
  throw new DeltaError("not a delta");
}
