// The async context every device runs in, and node's own timers and clocks (before the harness replaces them).
//
// Several "devices" (the host, each guest) run in one node process, each in its own async context
// (AsyncLocalStorage): every callback, promise continuation and timer created by a device's code carries the
// device with it, so the globals the product reads are that device's own (runtime.mjs) and everything
// asynchronous it starts belongs to its run (clock.mjs).  Code outside any run sees node's own.
import { AsyncLocalStorage } from "node:async_hooks";
import { webcrypto } from "node:crypto";

export const als = new AsyncLocalStorage();

export const real = {
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis),
  setInterval: globalThis.setInterval.bind(globalThis),
  clearInterval: globalThis.clearInterval.bind(globalThis),
  setImmediate: globalThis.setImmediate.bind(globalThis),
  dateNow: Date.now.bind(Date),
  perfNow: performance.now.bind(performance),
  getRandomValues: webcrypto.getRandomValues.bind(webcrypto),
  consoleError: console.error.bind(console),
  consoleWarn: console.warn.bind(console),
};

/** Accesses to per-device globals made outside any device (each one is a harness bug worth seeing). */
export const leaks = { count: 0, names: new Set() };

/** @returns {{run: import("./clock.mjs").Run, device: import("./device.mjs").Device}|null} */
export function current() {
  return als.getStore() ?? null;
}

/**
 * Run `fn` as no device: what the harness's own machinery starts there (its loop's turns, pipe writes, the engine
 * process) belongs to no run, so async-audit.mjs never takes it for a device's untracked work.
 * @template T @param {() => T} fn @returns {T}
 */
export function outside(fn) {
  return als.exit(fn);
}
