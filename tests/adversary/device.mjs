// A device of a run: its own storage, location, history and seeded generators (the globals runtime.mjs hands the
// product's code when it runs as this device), and what the stand-ins record for it.
import { als } from "./context.mjs";

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

export class FakeLocation {
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

export class FakeHistory {
  constructor(location) { this.location = location; this.length = 1; this.state = null; }
  replaceState(state, _title, url) { this.state = state; if (url !== undefined && url !== null) this.location.assign(String(url)); }
  pushState(state, _title, url) { this.length += 1; this.replaceState(state, _title, url); }
  back() {}
  forward() {}
  go() {}
}

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
