// The browser a headless network table runs in: per-device globals, a virtual clock, a fake DOM.
//
// Several "devices" (the host, each guest) run in one node process, each in its
// own async context (AsyncLocalStorage): every callback, promise continuation
// and timer created by a device's code carries the device with it, so the
// globals the product reads (localStorage, sessionStorage, location, history,
// crypto.getRandomValues, Date.now, performance.now, setTimeout…) are that
// device's own.  Code outside any run sees node's own.
//
// Time.  Every run has its own virtual clock.  Timers created by a run's
// devices (heartbeats, the turn timer, a bot's delay, the panel's redraw,
// the harness's "person thinks, then clicks") wait on that clock, which moves
// only when the run is idle: no engine request, channel delivery or WebCrypto
// operation in flight and no timer due.  Then it jumps to the next timer.  So a
// game plays at the speed of its code, heartbeats fire (and "away" is judged)
// in virtual seconds that no slow engine reply can stretch, and rate limits
// see honest pacing.  `timers: "real"` on a run uses node's timers instead.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, KeyObject, sign as nodeSign, verify as nodeVerify, webcrypto } from "node:crypto";
import { FakeDocument, FakeElement, FakeNode } from "./fake-dom.mjs";
import { settleLater } from "./perturb.mjs";

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

/** @returns {{run: Run, device: Device}|null} */
export function current() {
  return als.getStore() ?? null;
}

// ---------------------------------------------------------------- seeded randomness

/** A 32-bit hash of a string (FNV-1a), to seed generators from names. */
export function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** sfc32, seeded from a string: next() in [0, 1), int(n), pick(list). */
export class Rng {
  constructor(seedText) {
    let a = hash32(`a:${seedText}`), b = hash32(`b:${seedText}`), c = hash32(`c:${seedText}`), d = 1;
    this.step = () => {
      a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
      const t = (a + b | 0) + d | 0;
      d = d + 1 | 0;
      a = b ^ b >>> 9;
      b = c + (c << 3) | 0;
      c = c << 21 | c >>> 11;
      c = c + t | 0;
      return t >>> 0;
    };
    for (let i = 0; i < 12; i++) this.step();
  }
  next() { return this.step() / 4294967296; }
  int(n) { return Math.floor(this.next() * n); }
  pick(list) { return list[this.int(list.length)]; }
  fill(bytes) {
    for (let i = 0; i < bytes.length; i++) bytes[i] = this.step() & 255;
    return bytes;
  }
}

// ---------------------------------------------------------------- storage, location, history

export class MemoryStorage {
  constructor(quota = 5_000_000) {
    this.map = new Map();
    this.quota = quota;
    this.used = 0;
  }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { k = String(k); return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) {
    k = String(k); v = String(v);
    const before = this.map.has(k) ? k.length + this.map.get(k).length : 0;
    const after = this.used - before + k.length + v.length;
    if (after > this.quota) {
      const err = new Error("The quota has been exceeded.");
      err.name = "QuotaExceededError";
      err.code = 22;
      throw err;
    }
    this.map.set(k, v);
    this.used = after;
  }
  removeItem(k) {
    k = String(k);
    if (!this.map.has(k)) return;
    this.used -= k.length + this.map.get(k).length;
    this.map.delete(k);
  }
  clear() { this.map.clear(); this.used = 0; }
}

class FakeLocation {
  constructor(href) { this.assign(href); }
  assign(href) {
    const u = new URL(href, this.href ?? "http://127.0.0.1:8000/");
    Object.assign(this, {
      href: u.href, origin: u.origin, protocol: u.protocol, host: u.host, hostname: u.hostname, port: u.port,
      pathname: u.pathname, search: u.search, hash: u.hash,
    });
  }
  replace(href) { this.assign(href); }
  reload() { this.reloads = (this.reloads ?? 0) + 1; }
  toString() { return this.href; }
}

class FakeHistory {
  constructor(location) { this.location = location; this.length = 1; this.state = null; }
  replaceState(state, _title, url) { this.state = state; if (url !== undefined && url !== null) this.location.assign(String(url)); }
  pushState(state, _title, url) { this.length += 1; this.replaceState(state, _title, url); }
  back() {}
  forward() {}
  go() {}
}

// ---------------------------------------------------------------- runs and devices

let nextTimerId = 1;
/** id -> [run, timer] for every virtual timer alive, so clearTimeout works from anywhere. */
const timersById = new Map();
let nextRunId = 1;
/** Runs not closed yet. */
export const openRuns = new Set();

export class Device {
  /** @param {Run} run @param {string} name */
  constructor(run, name) {
    this.run = run;
    this.name = name;
    this.id = `r${run.id}:${name}`;
    this.localStorage = new MemoryStorage();
    this.sessionStorage = new MemoryStorage();
    this.location = new FakeLocation("http://127.0.0.1:8000/");
    this.history = new FakeHistory(this.location);
    this.rng = new Rng(`${run.seed}:moves:${name}`);
    this.cryptoRng = run.seedCrypto ? new Rng(`${run.seed}:crypto:${name}`) : null;
    this.ctx = { run, device: this };
    /** What the stubs record: views, invitations made, answers, join screens, toasts, saved games… */
    this.views = [];
    this.invitations = [];
    this.answers = [];
    this.joins = [];
    this.joinErrors = [];
    this.toasts = [];
    this.savedGames = new Map();
    this.engines = [];
    /** Set by the harness: called when a view changes phase. */
    this.onPhase = null;
  }

  /** Run `fn` as this device (its globals, its clock). */
  enter(fn) {
    return als.run(this.ctx, fn);
  }
}

export class Run {
  /**
   * @param {{seed?: any, timers?: "virtual"|"real", seedCrypto?: boolean, maxVirtualMs?: number, maxWallMs?: number,
   *   stallMs?: number, quiet?: boolean}} opts
   */
  constructor(opts = {}) {
    this.id = nextRunId++;
    this.seed = String(opts.seed ?? 1);
    this.virtual = (opts.timers ?? "virtual") === "virtual";
    this.seedCrypto = opts.seedCrypto ?? true;
    this.maxVirtualMs = opts.maxVirtualMs ?? 60 * 60_000;
    /** Stop when nothing but heartbeats happened for this long (virtual ms): no engine request, no other message. */
    this.stallMs = opts.stallMs ?? 5 * 60_000;
    this.lastProgress = 0;
    this.maxWallMs = opts.maxWallMs ?? 120_000;
    this.quiet = opts.quiet ?? true;
    this.epoch = real.dateNow();
    this.clock = 0;
    this.wallStart = real.perfNow();
    /** @type {Map<number, {id: number, due: number, seq: number, fn: Function, args: any[], every: number|null, ctx: any}>} */
    this.timers = new Map();
    this.seq = 0;
    this.busy = { engine: 0, deliveries: 0, crypto: 0 };
    this.idleTurns = 0;
    this.scheduled = false;
    this.closed = false;
    /** @type {Map<string, Device>} */
    this.devices = new Map();
    /** @type {{pred: () => any, resolve: Function, reject: Function, what: string}[]} */
    this.waiters = [];
    this.errors = [];
    this.consoleErrors = [];
    this.stats = { timersFired: 0, jumps: 0, engineCalls: 0, engineMs: 0 };
    this.stopReason = null;
    openRuns.add(this);
  }

  device(name) {
    let d = this.devices.get(name);
    if (!d) { d = new Device(this, name); this.devices.set(name, d); }
    return d;
  }

  now() { return this.epoch + this.clock; }

  // ---- timers
  addTimer(fn, ms, args, every, ctx) {
    const id = nextTimerId++;
    const delay = Math.max(0, Number(ms) || 0);
    const t = { id, due: this.clock + delay, seq: this.seq++, fn, args, every: every ? Math.max(1, delay) : null, ctx };
    this.timers.set(id, t);
    timersById.set(id, this);
    this.kick();
    return id;
  }

  clearTimer(id) {
    this.timers.delete(id);
    timersById.delete(id);
  }

  nextTimer(dueOnly) {
    let best = null;
    for (const t of this.timers.values()) {
      if (dueOnly && t.due > this.clock) continue;
      if (!best || t.due < best.due || (t.due === best.due && t.seq < best.seq)) best = t;
    }
    return best;
  }

  isBusy() {
    return this.busy.engine > 0 || this.busy.deliveries > 0 || this.busy.crypto > 0;
  }

  kick() {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    real.setImmediate(() => this.pump());
  }

  /** One turn of the run's loop: settle waiters, fire one due timer, or (idle) move the clock on. */
  pump() {
    this.scheduled = false;
    if (this.closed) return;
    this.checkWaiters();
    if (this.closed) return;
    if (real.perfNow() - this.wallStart > this.maxWallMs) return this.stop(`wall time over ${this.maxWallMs} ms`);
    if (!this.virtual) return;
    const due = this.nextTimer(true);
    if (due) {
      this.idleTurns = 0;
      this.fire(due);
      this.kick();
      return;
    }
    if (this.isBusy()) { this.idleTurns = 0; return; } // what is in flight kicks when it lands
    if (this.idleTurns < 2) { this.idleTurns += 1; this.kick(); return; } // let I/O callbacks and their microtasks land
    const next = this.nextTimer(false);
    if (!next) return this.stop("idle with nothing pending");
    if (next.due > this.maxVirtualMs) return this.stop(`virtual time over ${this.maxVirtualMs} ms`);
    if (next.due - this.lastProgress > this.stallMs) return this.stop(`stalled: only heartbeats for ${this.stallMs / 1000} virtual s`);
    this.idleTurns = 0;
    this.clock = next.due;
    this.stats.jumps += 1;
    this.kick();
  }

  fire(t) {
    if (t.every) t.due = Math.max(t.due + t.every, this.clock + 1);
    else this.clearTimer(t.id);
    this.stats.timersFired += 1;
    als.run(t.ctx, () => {
      try {
        t.fn(...t.args);
      } catch (err) {
        this.errors.push(`timer: ${err && err.stack || err}`);
      }
    });
  }

  /** Resolve when pred() is truthy (checked every turn of the loop); reject when the run stops. */
  until(pred, what = "condition") {
    return new Promise((resolve, reject) => {
      const w = { pred, resolve, reject, what };
      this.waiters.push(w);
      this.kick();
    });
  }

  checkWaiters() {
    for (const w of [...this.waiters]) {
      let value;
      try {
        value = w.pred();
      } catch (err) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.reject(err);
        continue;
      }
      if (value) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(value);
      }
    }
  }

  stop(reason) {
    if (this.stopReason === null) this.stopReason = reason;
    const waiters = this.waiters.splice(0);
    for (const w of waiters) w.reject(new RunStopped(`${reason} (waiting for ${w.what})`));
  }

  /** Track something in flight (an engine request, a delivery, a WebCrypto call) until it settles. */
  track(kind, promise) {
    this.busy[kind] += 1;
    if (kind === "engine") this.progress();
    const done = () => { this.busy[kind] -= 1; this.kick(); };
    promise.then(done, done);
    return promise;
  }

  /** A node timer made by this run's code (timers: "real"): cleared when the run closes. */
  realTimer(handle) {
    (this.realTimers ??= new Set()).add(handle);
    return handle;
  }

  /** Something other than a heartbeat happened. */
  progress() {
    this.lastProgress = this.clock;
  }

  close() {
    this.closed = true;
    openRuns.delete(this);
    for (const id of this.timers.keys()) timersById.delete(id);
    for (const handle of this.realTimers ?? []) { real.clearTimeout(handle); real.clearInterval(handle); }
    this.timers.clear();
    this.waiters.splice(0);
  }

  virtualMs() { return this.clock; }
}

export class RunStopped extends Error {}

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

const HASHES = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };

function algorithmName(a) {
  return typeof a === "string" ? a.toUpperCase() : typeof a?.name === "string" ? a.name.toUpperCase() : null;
}

function bytesOf(data) {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

function fastDigest(algorithm, data) {
  const hash = HASHES[algorithmName(algorithm)];
  const bytes = bytesOf(data);
  if (!hash || !bytes) return null;
  const out = createHash(hash).update(bytes).digest();
  return Promise.resolve(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength));
}

function ecdsaOk(algorithm, key, type, usage) {
  return algorithmName(algorithm) === "ECDSA" && algorithmName(algorithm.hash) === "SHA-256" && key?.type === type
    && key.algorithm?.name === "ECDSA" && key.algorithm?.namedCurve === "P-256" && key.usages?.includes(usage);
}

function fastSign(algorithm, key, data) {
  const bytes = bytesOf(data);
  if (!bytes || !ecdsaOk(algorithm, key, "private", "sign")) return null;
  try {
    const sig = nodeSign("sha256", bytes, { key: KeyObject.from(key), dsaEncoding: "ieee-p1363" });
    return Promise.resolve(sig.buffer.slice(sig.byteOffset, sig.byteOffset + sig.byteLength));
  } catch {
    return null;
  }
}

function fastVerify(algorithm, key, signature, data) {
  const bytes = bytesOf(data);
  const sig = bytesOf(signature);
  if (!bytes || !sig || sig.length !== 64 || !ecdsaOk(algorithm, key, "public", "verify")) return null;
  try {
    return Promise.resolve(nodeVerify("sha256", bytes, { key: KeyObject.from(key), dsaEncoding: "ieee-p1363" }, sig));
  } catch {
    return null;
  }
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
    if (c?.run?.closed) return nextTimerId++;
    if (!c?.run) return real.setTimeout(fn, ms, ...args);
    if (!c.run.virtual) return c.run.realTimer(real.setTimeout(fn, ms, ...args));
    return c.run.addTimer(fn, ms, args, false, c);
  };
  globalThis.setInterval = function setInterval(fn, ms, ...args) {
    const c = als.getStore();
    if (c?.run?.closed) return nextTimerId++;
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

  // WebCrypto: getRandomValues seeded per device (when the run asks), subtle tracked as "in flight";
  // SHA digests (and, with PARLOUR_HARNESS_FAST_ECDSA=1, ECDSA P-256 signing and verifying) answered
  // by node's synchronous crypto in a resolved promise: the same bytes, without WebCrypto's job hop.
  const fast = { digest: fastDigest, ...(process.env.PARLOUR_HARNESS_FAST_ECDSA ? { sign: fastSign, verify: fastVerify } : {}) };
  const subtle = new Proxy(webcrypto.subtle, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (typeof v !== "function") return v;
      return (...args) => {
        const quick = fast[prop]?.(...args);
        if (quick) return quick;
        const c = als.getStore();
        const p = settleLater(c?.device ?? "outside", v.apply(target, args)); // as it was unless perturbed
        return c?.run && p && typeof p.then === "function" ? c.run.track("crypto", p) : p;
      };
    },
  });
  const cryptoStub = {
    subtle,
    getRandomValues(array) {
      const c = als.getStore();
      const rng = c?.device?.cryptoRng;
      if (!rng) return real.getRandomValues(array);
      rng.fill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
      return array;
    },
    randomUUID: () => webcrypto.randomUUID(),
  };
  Object.defineProperty(globalThis, "crypto", { configurable: true, enumerable: true, get: () => cryptoStub });
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
      if (!c.run.quiet) real.consoleError(`[${c.device?.name}]`, ...args);
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
