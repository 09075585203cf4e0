// The browser a headless network table runs in: per-device globals, a virtual clock, a fake DOM.
//
// Several "devices" (the host, each guest) run in one node process, each in its
// own async context (context.mjs): the globals the product reads (localStorage,
// sessionStorage, location, history, crypto, Math.random, Date.now,
// performance.now, setTimeout…) are that device's own (device.mjs,
// webcrypto.mjs).  Code outside any run sees node's own.
//
// Time.  Every run has its own virtual clock and its own order of events
// (clock.mjs): timers created by a run's devices (heartbeats, the turn timer, a
// bot's delay, the panel's redraw, the harness's "person thinks, then clicks")
// wait on that clock; everything asynchronous they start (engine requests,
// WebCrypto calls, deliveries) lands in the order it began; and the clock jumps
// to the next timer only once the run is quiescent.  `timers: "real"` on a run
// uses node's timers instead.
//
// This module installs the globals (register.mjs imports it first) and is what
// the rest of the harness imports the runtime from.
import { als, leaks, outside, real } from "./context.mjs";
import { deadTimerId, openRuns, timersById } from "./clock.mjs";
import { FakeHistory, FakeLocation, MemoryStorage } from "./device.mjs";
import { cryptoStub } from "./webcrypto.mjs";

import { FakeDocument, FakeElement, FakeNode } from "./fake-dom.mjs";

export { als, current, leaks, real } from "./context.mjs";
export { EPOCH, openRuns, Run, RunStopped } from "./clock.mjs";
export { Device, hash32, MemoryStorage, Rng } from "./device.mjs";

// ---------------------------------------------------------------- the globals

const documentStub = new FakeDocument();

function deviceProp(name, fallback) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    enumerable: true,
    get() {
      const c = als.getStore();
      if (!c?.device) {
        leaks.count += 1;
        leaks.names.add(name);
        if (process.env.PARLOUR_HARNESS_DEBUG) real.consoleError(`${name} read outside any device`, new Error().stack);
        return fallback;
      }
      return c.device[name];
    },
  });
}

let installed = false;

export function install() {
  if (installed) return;
  installed = true;
  globalThis.document = documentStub;
  globalThis.HTMLElement = FakeElement;
  globalThis.Element = FakeElement;
  globalThis.Node = FakeNode;
  deviceProp("localStorage", new MemoryStorage());
  deviceProp("sessionStorage", new MemoryStorage());
  deviceProp("location", new FakeLocation("http://127.0.0.1:8000/"));
  const fallbackLocation = new FakeLocation("http://127.0.0.1:8000/");
  deviceProp("history", new FakeHistory(fallbackLocation));

  // A run that is over keeps no timers: its leftover code (a late engine reply) may still ask for one.
  globalThis.setTimeout = function setTimeout(fn, ms, ...args) {
    const c = als.getStore();
    if (c?.run?.closed) return deadTimerId();
    if (!c?.run) return real.setTimeout(fn, ms, ...args);
    if (!c.run.virtual) return c.run.realTimer(real.setTimeout(fn, ms, ...args));
    return c.run.addTimer(fn, ms, args, false, c);
  };
  globalThis.setInterval = function setInterval(fn, ms, ...args) {
    const c = als.getStore();
    if (c?.run?.closed) return deadTimerId();
    if (!c?.run) return real.setInterval(fn, ms, ...args);
    if (!c.run.virtual) return c.run.realTimer(real.setInterval(fn, ms, ...args));
    return c.run.addTimer(fn, ms, args, true, c);
  };
  const clear = (id) => {
    if (typeof id === "number") {
      const run = timersById.get(id);
      if (run) run.clearTimer(id);
      return;
    }
    if (id) real.clearTimeout(id);
  };
  globalThis.clearTimeout = clear;
  globalThis.clearInterval = (id) => { if (typeof id === "number") clear(id); else if (id) real.clearInterval(id); };

  Date.now = () => {
    const c = als.getStore();
    return c?.run?.virtual ? c.run.now() : real.dateNow();
  };
  const perf = globalThis.performance;
  const perfNow = () => {
    const c = als.getStore();
    return c?.run?.virtual ? c.run.clock : real.perfNow();
  };
  Object.defineProperty(perf, "now", { configurable: true, writable: true, value: perfNow });

  // WebCrypto: seeded getRandomValues, every subtle call a step of the device's run (webcrypto.mjs)
  Object.defineProperty(globalThis, "crypto", { configurable: true, enumerable: true, get: () => cryptoStub });
  // node 20 has no navigator (a link's card asks it whether the browser can share): one that cannot
  if (!("navigator" in globalThis)) Object.defineProperty(globalThis, "navigator", { configurable: true, writable: true, value: { userAgent: "parlour-harness" } });
  // Math.random too, per device, when the run seeds its randomness
  const realRandom = Math.random;
  Math.random = () => {
    const rng = als.getStore()?.device?.cryptoRng;
    return rng ? rng.next() : realRandom();
  };
  // A rejection nobody handles: kept with the run it came from when known, else with every open run.
  process.on("unhandledRejection", (reason) => {
    const text = `unhandled rejection: ${reason && reason.stack || reason}`.slice(0, 2000);
    const run = als.getStore()?.run;
    if (run) run.errors.push(text);
    else if (openRuns.size) for (const r of openRuns) r.errors.push(text);
    else real.consoleError(text);
  });

  // console.error / warn inside a run: kept with the run (the product logs refused messages and its own bugs there)
  console.error = (...args) => {
    const c = als.getStore();
    if (c?.run) {
      c.run.consoleErrors.push(args.map((a) => (a && a.stack) || String(a)).join(" ").slice(0, 2000));
      if (!c.run.quiet) outside(() => real.consoleError(`[${c.device?.name}]`, ...args));
      return;
    }
    real.consoleError(...args);
  };
  console.warn = (...args) => {
    const c = als.getStore();
    if (c?.run) {
      c.run.consoleErrors.push(`warn: ${args.map(String).join(" ").slice(0, 2000)}`);
      return;
    }
    real.consoleWarn(...args);
  };
}

install();

