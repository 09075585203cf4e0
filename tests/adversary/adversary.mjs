// A dishonest peer on the wire, for the seeded fuzzer (fuzz.mjs): every message the dishonest party
// (the host, or one guest) sends passes through `Adversary.intercept`, which, with the run's
// probability, deviates: drops, omits, duplicates, reorders, replays (as sent, or renumbered to look
// fresh), rewrites a field with another legal-looking value (re-signing a guest's message with its
// own key where that makes it pass the host's signature check), re-sends a welcome, spells the same
// message non-canonically, or tampers with the `fair` ledger.  Every deviation is logged, so a
// failing seed says what was done.
//
// Numbering.  Each link numbers its messages (js/net/link.js).  The adversary keeps its own count of
// what it delivered on each link, so it can omit, insert or reorder content while the numbers the
// receiver sees stay in sequence (the receiver accepts it: a real deviation), or deliberately break
// the sequence (a wire drop, a raw reorder, a replay with the same number: the receiver refuses it,
// and after a gap it refuses everything after, which makes the link "dead" for the run's judge).
import { canonicalText } from "./harness.mjs";
import { Rng } from "./runtime.mjs";
import { messageFields, signingContext } from "../../js/net/keys.js";

/** Bot levels a tampering may name (Easy searches, and every guest searches it again: used sparingly). */
export const LEVELS_CHEAP = ["random", "easy", "heuristic"];

/** @param {any} rng @param {number} n hex digits */
export function randHex(rng, n) {
  let s = "";
  for (let i = 0; i < n; i++) s += "0123456789abcdef"[rng.int(16)];
  return s;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** @param {any} rng @param {number} n characters */
export function randB64(rng, n) {
  let s = "";
  for (let i = 0; i < n; i++) s += B64[rng.int(64)];
  return s;
}

/**
 * The top-level `n` (its digits' place) and `t` of a message text, without parsing it.
 * @param {string} text @returns {{n: number|null, nStart: number, nEnd: number, t: string|null}}
 */
export function scan(text) {
  const out = { n: null, nStart: -1, nEnd: -1, t: null };
  let depth = 0;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = i + 1;
      for (;;) {
        const d = text.charCodeAt(j);
        if (d === 92) j += 2;
        else if (d === 34 || j >= len) break;
        else j += 1;
      }
      if (depth === 1 && text.charCodeAt(j + 1) === 58) {
        const key = text.slice(i + 1, j);
        if (key === "n") {
          let e = j + 2;
          while (e < len && ((text.charCodeAt(e) >= 48 && text.charCodeAt(e) <= 57) || text.charCodeAt(e) === 45)) e++;
          out.nStart = j + 2;
          out.nEnd = e;
          out.n = Number(text.slice(j + 2, e));
        } else if (key === "t" && text.charCodeAt(j + 2) === 34) {
          const e = text.indexOf('"', j + 3);
          out.t = text.slice(j + 3, e);
        }
        if (out.n !== null && out.t !== null) return out;
      }
      i = j;
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
  }
  return out;
}

/** `text` with its top-level `n` set to `n`. @param {string} text @param {number} n */
export function withN(text, n) {
  const sc = scan(text);
  if (sc.nStart < 0) return text;
  return sc.n === n ? text : `${text.slice(0, sc.nStart)}${n}${text.slice(sc.nEnd)}`;
}

/**
 * The same message spelled non-canonically (each must be refused at the receiving link), or with a
 * value no canonical spelling has (a float 1e-7, a lone surrogate).
 */
export const ODD = {
  space: (text) => text.replace(/":/, '": '),
  "float-1.0": (text) => text.replace(/"n":(\d+)/, '"n":$1.0'),
  "tiny-float": (text) => {
    const at = text.indexOf('"action":{');
    return at >= 0 ? `${text.slice(0, at + 10)}"tiny":1e-7,${text.slice(at + 10)}` : `${text.slice(0, -1)},"z":1e-7}`;
  },
  "duplicate-key": (text) => `{"t":"x",${text.slice(1)}`,
  "lone-surrogate": (text) => text.replace(/"t":"([^"]*)"/, '"t":"$1\\ud800"'),
  "raw-surrogate": (text) => text.replace(/"t":"([^"]*)"/, '"t":"$1\ud800"'),
  "key-order": (text) => {
    const m = JSON.parse(text);
    const out = JSON.stringify(Object.fromEntries(Object.entries(m).reverse()));
    return out === text ? `${text} ` : out;
  },
  escape: (text) => text.replace(/"t":"(\w)/, (_, c) => `"t":"\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  "minus-zero": (text) => text.replace(/"n":(\d+)/, '"n":$1,"zero":-0'),
};
const ODD_NAMES = Object.keys(ODD);
/** How much more often than an event any other message (but a ping) deviates. */
const RARE_BOOST = 4;

/**
 * @typedef {{key: string, from: string, to: string, out: number, history: string[], held: string|null,
 *   heldRaw: string|null, dead: boolean, pending: number, chain: Promise<any>, welcome: string|null, sent: number}} LinkState
 */

export class Adversary {
  /**
   * @param {{rng: any, party: string, rate: number, pingRate?: number, ctx?: any, plan: any, sign?: any}} opts
   *   party: "host" or "guest<seat>"; rate: the chance each message deviates; seed: each link draws from its own
   *   generator seeded by it and the link, so a link's deviations do not depend on how the run's links interleave
   */
  constructor(opts) {
    this.rng = opts.rng;
    this.seed = opts.seed ?? "adversary";
    this.party = opts.party;
    this.rate = opts.rate;
    this.pingRate = opts.pingRate ?? opts.rate / 20;
    this.plan = opts.plan;
    /** @type {any} playTable's hook context, once known */
    this.ctx = null;
    /** @type {Map<string, LinkState>} */
    this.links = new Map();
    /** @type {Map<any, number>} each channel's number, in the order they first carried a message */
    this.wires = new Map();
    /** @type {Map<string, string>} "from>to" -> the key of the latest channel between them */
    this.latest = new Map();
    /** @type {{k: string, link: string, t: string|null, v: number, [x: string]: any}[]} */
    this.log = [];
    this.counts = {};
    /** Coordinated deviations (source-level ones' wire parts): tried first on every message from the party. */
    this.outFilters = [];
    /** Deviations on messages to the party (a host that ignores what it received). */
    this.inFilters = [];
    /** Watch every message (both ways), e.g. to learn a guest's message numbers. */
    this.observers = [];
    /** The last number of each kind of message each guest sent: {guest1: {act: 7, reveal: 9}}. */
    this.lastSent = {};
    /** Odd spellings sent, and how many a receiving link accepted (it must accept none). */
    this.odd = { sent: 0 };
    /** Those odd texts, for the receiving links to check against. */
    this.oddTexts = new Set();
    /** Kinds of deviation this run may draw (all when null). */
    this.only = opts.only ?? null;
    this.off = new Set(opts.off ?? []);
    this.oracle = opts.oracle ?? null;
    /** Every link deviates at least once: at its n-th message other than a ping, n drawn from 1..forceWithin (0: never forced). */
    this.forceWithin = opts.forceWithin ?? 0;
  }

  note(k, ls, t, detail = {}) {
    const run = this.ctx?.run;
    this.counts[k] = (this.counts[k] ?? 0) + 1;
    if (this.log.length < 400) this.log.push({ k, link: ls ? ls.key : "", t, v: run ? run.virtualMs() : 0, ...detail });
  }

  /**
   * The state of one channel from `from` to `to`: a rejoin opens a new channel between the same two devices,
   * numbered from 1 again, so each channel (`wire`) has its own numbering.
   */
  link(from, to, wire = null) {
    let id = wire ? this.wires.get(wire) : 0;
    if (id === undefined) {
      id = this.wires.size + 1;
      this.wires.set(wire, id);
    }
    const key = id > 1 ? `${from}>${to}#${id}` : `${from}>${to}`;
    this.latest.set(`${from}>${to}`, key);
    let ls = this.links.get(key);
    if (!ls) {
      ls = {
        key, from, to, out: 0, history: [], held: null, heldRaw: null, dead: false, pending: 0, chain: Promise.resolve(), welcome: null, sent: 0,
        rng: new Rng(`${this.seed}:${key}`), told: 0, forceAt: 0,
      };
      ls.forceAt = this.forceWithin > 0 ? 1 + ls.rng.int(this.forceWithin) : 0;
      this.links.set(key, ls);
    }
    return ls;
  }

  /** Is the latest link from the dishonest party to `to` out of sequence for good (its receiver refuses everything)? */
  deadTo(to) {
    const key = this.latest.get(`${this.party}>${to}`) ?? `${this.party}>${to}`;
    return !!this.links.get(key)?.dead;
  }

  /** playTable's `intercept`. */
  intercept(from, to, text, info) {
    for (const f of this.observers) f(from, to, text, info);
    if (from !== this.party) {
      if (to === this.party && this.inFilters.length && typeof text === "string") {
        for (const f of this.inFilters) {
          const r = f(from, to, text, info);
          if (r) return r;
        }
      }
      return [text];
    }
    if (typeof text !== "string") return [text];
    const ls = this.link(from, to, info?.wire ?? null);
    if (ls.pending) {
      this.enqueue(ls, () => this.step(ls, text, info), info);
      return [];
    }
    const r = this.step(ls, text, info);
    if (r && typeof r.then === "function") {
      this.enqueue(ls, () => r, info);
      return [];
    }
    return r;
  }

  enqueue(ls, work, info) {
    ls.pending += 1;
    const p = ls.chain.then(work).then((texts) => {
      for (const t of texts) info.inject(t);
    }, (err) => {
      info.run.errors.push(`adversary: ${err && err.stack || err}`);
    }).finally(() => { ls.pending -= 1; });
    ls.chain = p;
    info.run.track("crypto", p); // the run's clock waits for it, as for any WebCrypto call
  }

  /** Number the delivered content in sequence; remember it for replays. */
  deliver(ls, ops) {
    const texts = [];
    for (const op of ops) {
      if (op.content !== undefined) {
        ls.out += 1;
        const t = withN(op.content, ls.out);
        texts.push(t);
        ls.history.push(t);
        if (ls.history.length > 12) ls.history.shift();
      } else if (op.raw !== undefined) {
        texts.push(op.raw);
      } else if (op.dup) {
        texts.push(texts.at(-1));
      } else if (op.oddNext !== undefined) {
        const odd = op.oddNext(ls.out + 1);
        texts.push(odd);
        this.oddTexts.add(odd);
        this.odd.sent += 1;
      } else if (op.gap) {
        ls.out += 1;
        ls.dead = true;
      }
    }
    return texts;
  }

  /** One message from the party: coordinated deviations, then maybe a random one. */
  step(ls, text, info) {
    const sc = scan(text);
    const t = sc.t;
    ls.sent += 1;
    if (t === "welcome" && ls.welcome === null) ls.welcome = text;
    if (ls.dead) return this.deliver(ls, [{ content: text }]);
    if (ls.heldRaw !== null) {
      // a raw reorder: this one goes first, out of sequence, then the held one; the receiver loses this one for good
      const held = ls.heldRaw;
      ls.heldRaw = null;
      ls.out += 1;
      ls.dead = true;
      return [withN(text, ls.out), held];
    }
    if (ls.held !== null) {
      const held = ls.held;
      ls.held = null;
      return this.deliver(ls, [{ content: text }, { content: held }]);
    }
    const c = { ls, text, sc, t, info, adv: this, to: ls.to, from: ls.from, m: null, rng: ls.rng };
    c.msg = () => (c.m ??= JSON.parse(text));
    for (const f of this.outFilters) {
      const ops = f(c);
      if (ops) return typeof ops.then === "function" ? ops.then((o) => this.deliver(ls, o)) : this.deliver(ls, ops);
    }
    // pings are many and say little; the rarer messages (a welcome, a seal, a commitment, a reveal, an error) each get
    // more chances, so every kind of deviation happens often across a fuzz
    let rate = t === "ping" ? this.pingRate : t === "ev" ? this.rate : Math.min(0.9, this.rate * RARE_BOOST);
    if (this.party !== "host" && (t === "commit" || t === "reveal") && this.rate > 0) rate = Math.max(rate, 0.3); // a game has few
    const forced = t !== "ping" && ++ls.told === ls.forceAt;
    if (!forced && (!(rate > 0) || ls.rng.next() >= rate)) return this.deliver(ls, [{ content: text }]);
    const menu = this.menuFor(c).filter(([, name]) => (!this.only || this.only.some((p) => name.startsWith(p))) && !this.off.has(name));
    // draw until one applies (a field change may not apply to this message)
    for (let tries = 0; tries < 4 && menu.length; tries++) {
      const total = menu.reduce((s, [w]) => s + w, 0);
      let x = ls.rng.next() * total;
      const k = menu.findIndex(([w]) => (x -= w) < 0);
      const [, name, fn] = menu[k === -1 ? menu.length - 1 : k];
      const ops = fn(c);
      if (!ops) { menu.splice(k === -1 ? menu.length - 1 : k, 1); c.m = null; continue; }
      this.note(name, ls, t, c.detail ?? {});
      if (typeof ops.then === "function") return ops.then((o) => this.deliver(ls, o ?? [{ content: text }]));
      return this.deliver(ls, ops);
    }
    return this.deliver(ls, [{ content: text }]);
  }

  /** The deviations that may apply to this message: [weight, name, fn(c) -> ops|null|Promise<ops>]. */
  menuFor(c) {
    const generic = GENERIC;
    if (this.party === "host") return [...generic, ...(HOST[c.t] ?? []), ...HOST_ANY];
    return [...generic, ...(GUEST[c.t] ?? []), ...GUEST_ANY];
  }
}

// ---------------------------------------------------------------- helpers for deviations

const encode = (m) => canonicalText(m);
/** Content ops for a changed message (numbered when delivered). */
const changed = (m) => [{ content: encode(m) }];
const other = (rng, list, not) => {
  const pool = list.filter((x) => x !== not);
  return pool.length ? rng.pick(pool) : null;
};

/** Deviations any message may get. */
const GENERIC = [
  [1, "drop", () => [{ gap: true }]],
  [2, "omit", () => []],
  [2, "duplicate", (c) => [{ content: c.text }, { dup: true }]],
  [2, "swap", (c) => { c.ls.held = c.text; return []; }],
  [0.5, "reorder-raw", (c) => { c.ls.out += 1; c.ls.heldRaw = withN(c.text, c.ls.out); return []; }],
  [1.5, "replay-same", (c) => (c.ls.history.length ? [{ raw: c.rng.pick(c.ls.history) }, { content: c.text }] : null)],
  [1.5, "replay-fresh", (c) => (c.ls.history.length ? [{ content: c.rng.pick(c.ls.history) }, { content: c.text }] : null)],
  [2, "odd", (c) => {
    const how = c.rng.pick(ODD_NAMES);
    c.detail = { how };
    return [{ oddNext: (n) => ODD[how](withN(c.text, n)) }, { content: c.text }];
  }],
];

export { GENERIC, HOST, HOST_ANY, GUEST, GUEST_ANY };

// ---------------------------------------------------------------- the host's deviations

const HOST = {
  welcome: [
    [1, "welcome.commitment", (c) => { const m = c.msg(); m.commitment = randHex(c.rng, 64); return changed(m); }],
    [1, "welcome.seat", (c) => {
      const m = c.msg();
      if (m.seat === null) return null;
      m.seat = (m.seat + 1 + c.rng.int(m.players - 1)) % m.players;
      return m.players > 1 ? changed(m) : null;
    }],
    [1, "welcome.seating", (c) => {
      const m = c.msg();
      const i = c.rng.int(m.seating.length);
      const s = m.seating[i];
      m.seating[i] = s.kind === "bot" ? { kind: "bot", level: other(c.rng, LEVELS_CHEAP, s.level) } : { kind: s.kind === "remote" ? "human" : "remote", level: null };
      return changed(m);
    }],
    [1, "welcome.fallback", (c) => { const m = c.msg(); m.fallback = other(c.rng, [...LEVELS_CHEAP, "medium"], m.fallback); return changed(m); }],
    [1, "welcome.host_key", (c) => { const m = c.msg(); m.host_key = randB64(c.rng, 87); return changed(m); }],
  ],
  ev: [
    [1, "ev.version", (c) => { const m = c.msg(); if (m.waiting) return null; m.version += c.rng.pick([-1, 1]); return changed(m); }],
    [1, "ev.kinds", (c) => {
      const m = c.msg();
      const k = m.kinds;
      const pairs = [];
      for (let i = 0; i < k.length; i++) for (let j = i + 1; j < k.length; j++) if (k[i] !== k[j]) pairs.push([i, j]);
      if (pairs.length) { const [i, j] = c.rng.pick(pairs); [k[i], k[j]] = [k[j], k[i]]; } else { const i = c.rng.int(k.length); k[i] = k[i] === "bot" ? "remote" : "bot"; }
      return changed(m);
    }],
    [1, "ev.keys", (c) => {
      const m = c.msg();
      const k = m.keys;
      const pairs = [];
      for (let i = 0; i < k.length; i++) for (let j = i + 1; j < k.length; j++) if (k[i] !== k[j]) pairs.push([i, j]);
      if (!pairs.length) return null;
      const [i, j] = c.rng.pick(pairs);
      [k[i], k[j]] = [k[j], k[i]];
      return changed(m);
    }],
    [1.5, "ev.round.reveal", (c) => { const m = c.msg(); if (!m.round || m.round.reveal) return null; m.round.reveal = true; return changed(m); }],
    [1.5, "ev.round.committed", (c) => {
      const m = c.msg();
      if (!m.round) return null;
      const seats = m.round.seats;
      const s = c.rng.pick(seats);
      const mode = c.rng.int(3);
      if (mode === 0 && String(s) in m.round.committed) delete m.round.committed[String(s)];
      else m.round.committed[String(s)] = randHex(c.rng, 64);
      c.detail = { seat: s, mode };
      return changed(m);
    }],
    [1.5, "ev.deal.sealed", (c) => {
      const m = c.msg();
      if (!m.deal) return null;
      const seats = m.deal.seats;
      if (!seats.length) return null;
      m.deal.sealed[String(c.rng.pick(seats))] = randHex(c.rng, 64);
      return changed(m);
    }],
    [1.5, "ev.deal.reveal", (c) => { const m = c.msg(); if (!m.deal || m.deal.reveal) return null; m.deal.reveal = true; return changed(m); }],
    [1, "ev.view", (c) => { const m = c.msg(); if (!m.view || typeof m.view !== "object") return null; m.view = { ...m.view, extra: c.rng.int(100) }; return changed(m); }],
    [1, "ev.hash", (c) => { const m = c.msg(); if (m.waiting) return null; m.hash = randHex(c.rng, 64); return changed(m); }],
    [1, "ev.ack", (c) => { const m = c.msg(); m.ack = Math.max(0, (m.ack ?? 0) + c.rng.pick([-1, 1, 2, 3])); return changed(m); }],
    [0.5, "ev.over", (c) => { const m = c.msg(); if (m.waiting || m.over) return null; m.over = true; return changed(m); }],
    [0.5, "ev.legal", (c) => { const m = c.msg(); if (!Array.isArray(m.legal) || !m.legal.length) return null; m.legal = c.rng.next() < 0.5 ? [] : [...m.legal, { ...m.legal[0], bogus: 1 }]; return changed(m); }],
    [0.5, "ev.to_move", (c) => { const m = c.msg(); if (!Array.isArray(m.to_move)) return null; m.to_move = [c.rng.int(m.kinds.length)]; return changed(m); }],
    [0.5, "ev.junk-999999", (c) => {
      // a junk event before this one, numbered as this one: with a wrong hash (refused, nothing recorded) or a right one
      const m = c.msg();
      if (m.waiting) return null;
      const right = c.rng.next() < 0.3;
      const junk = { ...m, version: 999999, hash: right ? m.hash : randHex(c.rng, 64) };
      c.detail = { hash: right ? "right" : "wrong" };
      return [{ content: encode(junk) }, { content: c.text }];
    }],
  ],
  error: [
    [1, "error.ref", (c) => { const m = c.msg(); m.ref = Math.max(1, (m.ref ?? 1) + c.rng.pick([-2, -1, 1])); return changed(m); }],
  ],
  note: [
    [0.5, "note.text", (c) => { const m = c.msg(); m.text = `The host says: ${c.rng.pick(["nothing", "{p0} cheated", "seat 2 revealed a choice the rules refuse: the guest's fault"])}`; return changed(m); }],
  ],
  fair: [
    [12, "fair.tamper", (c) => tamperFair(c)],
  ],
};

/** Host deviations that insert something before any message. */
const HOST_ANY = [
  [1, "welcome-again.same", (c) => (c.ls.welcome && c.t !== "welcome" ? [{ content: c.ls.welcome }, { content: c.text }] : null)],
  [1, "welcome-again.other", (c) => {
    if (!c.ls.welcome || c.t === "welcome") return null;
    const w = JSON.parse(c.ls.welcome);
    w.commitment = randHex(c.rng, 64);
    return [{ content: encode(w) }, { content: c.text }];
  }],
  [1, "error.false-refusal", (c) => {
    const seen = c.adv.lastSent[c.to];
    const ref = seen && (seen.act ?? seen.reveal ?? seen.commit);
    if (!ref) return null;
    c.detail = { ref };
    return [{ content: encode({ t: "error", n: 0, ref, error: "That move is not allowed." }) }, { content: c.text }];
  }],
];

// ---------------------------------------------------------------- the fair message

const FAIR_TAMPERS = [
  "action-legal", "action-other", "bot-level", "bot-ply", "bot-drop", "control-human", "control-bot", "key",
  "forfeit-illegal", "forfeit-bot", "reveal-action", "reveal-nonce", "sig-remove", "sig-swap", "seed", "secret", "entropy", "seal-sig",
];

/**
 * One or two tamperings of the host's `fair` message, chosen by the rng.
 * @returns {any[]|Promise<any[]>|null}
 */
export function tamperFair(c) {
  const rng = c.rng;
  const m = c.msg();
  const kinds = [rng.pick(FAIR_TAMPERS)];
  if (rng.next() < 0.2) kinds.push(rng.pick(FAIR_TAMPERS));
  // the legal moves at a position are asked of the real moves: before any other tampering
  kinds.sort((a, b) => (b === "action-legal") - (a === "action-legal"));
  const done = [];
  const seatOf = (c.to.match(/^guest(\d+)$/) ?? [])[1];
  const me = seatOf === undefined ? null : Number(seatOf);
  const players = m.entropy.length;
  const guestsSeats = [...new Set(m.keys.map((k) => k.seat))];
  let asyncPart = null;
  for (const kind of kinds) {
    const acts = m.actions;
    const step = acts.length ? rng.int(acts.length) : -1;
    switch (kind) {
      case "action-legal": {
        if (step < 0 || !c.adv.oracle) break;
        const plan = c.adv.plan;
        asyncPart = c.adv.oracle("legal", {
          game: plan.game, players, seed: m.seed, options: plan.options, actions: acts.slice(0, step).map((a) => ({ seat: a.seat, action: a.action })), seat: acts[step].seat,
        }).then((reply) => {
          const mine = canonicalText(acts[step].action);
          const alt = reply.legal.filter((a) => canonicalText(a) !== mine);
          if (!alt.length) return;
          acts[step] = { ...acts[step], action: rng.pick(alt) };
          done.push({ kind, step });
        }, () => { /* no legal alternative found: this tampering is skipped */ });
        break;
      }
      case "action-other": {
        const alts = acts.filter((a, i) => i !== step && canonicalText(a.action) !== canonicalText(acts[step]?.action));
        if (step < 0 || !alts.length) break;
        acts[step] = { ...acts[step], action: rng.pick(alts).action };
        done.push({ kind, step });
        break;
      }
      case "bot-level": {
        if (!m.bots.length) break;
        const b = rng.pick(m.bots);
        b.bot = other(rng, LEVELS_CHEAP, b.bot);
        done.push({ kind, step: b.step, bot: b.bot });
        break;
      }
      case "bot-ply": {
        const late = m.bots.filter((b) => b.ply > 0);
        if (!late.length) break;
        const b = rng.pick(late);
        b.ply = Math.max(0, b.ply - 1 - rng.int(2));
        done.push({ kind, step: b.step, ply: b.ply });
        break;
      }
      case "bot-drop": {
        if (!m.bots.length) break;
        const k = rng.int(m.bots.length);
        done.push({ kind, step: m.bots[k].step });
        m.bots.splice(k, 1);
        break;
      }
      case "control-human":
      case "control-bot": {
        if (!guestsSeats.length || !acts.length) break;
        const seat = rng.pick(guestsSeats);
        const v = rng.int(acts.length);
        const entries = kind === "control-human" ? [{ version: v, seat, kind: "human" }] : [{ version: v, seat, kind: "bot" }, { version: v + 1, seat, kind: "remote" }];
        m.control = [...m.control, ...entries].sort((a, b) => a.version - b.version);
        done.push({ kind, seat, version: v });
        break;
      }
      case "key": {
        if (!m.keys.length) break;
        const k = rng.pick(m.keys);
        const others = m.keys.filter((x) => x.key !== k.key).map((x) => x.key);
        k.key = others.length && rng.next() < 0.5 ? rng.pick(others) : randB64(rng, 87);
        done.push({ kind, seat: k.seat, version: k.version });
        break;
      }
      case "forfeit-illegal":
      case "forfeit-bot": {
        if (step < 0) break;
        const a = acts[step];
        const r = m.reveals.find((x) => x.seat === a.seat);
        m.forfeits = [...m.forfeits, kind === "forfeit-bot"
          ? { seat: a.seat, version: r ? r.version : step, reason: "bot", step }
          : { seat: a.seat, version: r ? r.version : step, reason: "illegal", action: r ? r.action : a.action, nonce: r ? r.nonce : randHex(rng, 32), step }];
        done.push({ kind, step, seat: a.seat });
        break;
      }
      case "reveal-action":
      case "reveal-nonce": {
        if (!m.reveals.length) break;
        const r = rng.pick(m.reveals);
        if (kind === "reveal-nonce") r.nonce = randHex(rng, 32);
        else {
          const alts = m.reveals.filter((x) => canonicalText(x.action) !== canonicalText(r.action));
          if (!alts.length) break;
          r.action = rng.pick(alts).action;
        }
        done.push({ kind, seat: r.seat, version: r.version });
        break;
      }
      case "sig-remove": {
        const signed = acts.map((a, i) => (a.sig ? i : -1)).filter((i) => i >= 0);
        if (!signed.length) break;
        const i = rng.pick(signed);
        delete acts[i].sig;
        done.push({ kind, step: i, seat: acts[i].seat });
        break;
      }
      case "sig-swap": {
        const signed = acts.map((a, i) => (a.sig ? i : -1)).filter((i) => i >= 0);
        if (signed.length < 2) break;
        const i = rng.pick(signed);
        const j = other(rng, signed, i);
        [acts[i].sig, acts[j].sig] = [acts[j].sig, acts[i].sig];
        done.push({ kind, steps: [i, j] });
        break;
      }
      case "seed": m.seed = randHex(rng, 64); done.push({ kind }); break;
      case "secret": m.secret = randB64(rng, 43); done.push({ kind }); break;
      case "entropy": {
        const seats = m.entropy.map((e, i) => (e ? i : -1)).filter((i) => i >= 0);
        const i = seats.length && rng.next() < 0.7 ? rng.pick(seats) : rng.int(players);
        m.entropy[i] = m.entropy[i] && rng.next() < 0.3 ? null : randB64(rng, 43);
        done.push({ kind, seat: i });
        break;
      }
      case "seal-sig": {
        const seats = Object.keys(m.seals);
        if (!seats.length) break;
        const s = rng.pick(seats);
        m.seals[s] = { ...m.seals[s], sig: rng.next() < 0.5 ? null : randB64(rng, 86) };
        done.push({ kind, seat: Number(s) });
        break;
      }
      default: break;
    }
  }
  c.detail = { tampered: done, me };
  const finish = () => (done.length ? changed(m) : null);
  if (asyncPart) return asyncPart.then(() => finish() ?? [{ content: c.text }]);
  return finish();
}

// ---------------------------------------------------------------- a guest's deviations

/** Re-sign a guest's message with its own key for this table (as its device could). */
function resign(c, m) {
  const guest = c.adv.ctx?.guests.get(c.adv.plan.dishonestSeat);
  const p = guest?.protocol;
  if (!p?.signer || !p.session) return Promise.resolve(m);
  // the fields the product signs (js/net/keys.js), with the seat the message names (a seal's is the guest's own)
  const seat = m.t === "seal" || m.t === "unseal" ? p.session.seat : m.seat;
  return p.signer.sign(messageFields(p.context ?? signingContext(p.session), seat, m)).then((sig) => ({ ...m, sig }));
}

/** A changed message, re-signed (a Promise of ops). */
const signed = (c, m) => resign(c, m).then((s) => changed(s));

/** An action the rules refuse, made from a legal one. @param {any} rng @param {any} action */
export function illegalFrom(rng, action) {
  const a = { ...action };
  const nums = Object.keys(a).filter((k) => Number.isInteger(a[k]));
  const how = rng.int(3);
  if (how === 0 && nums.length) { const k = rng.pick(nums); a[k] += 1000 + rng.int(1000); return a; }
  if (how === 1) return { type: `${a.type}-not`, ...Object.fromEntries(Object.entries(a).filter(([k]) => k !== "type")) };
  return { ...a, bogus: 1 + rng.int(9) };
}

const lastLegal = (c) => c.adv.ctx?.guests.get(c.adv.plan.dishonestSeat)?.protocol?.last?.legal ?? [];
const sigOther = (c) => {
  const old = c.ls.history.map((t) => JSON.parse(t)).filter((x) => typeof x.sig === "string");
  return old.length ? c.rng.pick(old).sig : null;
};

const GUEST = {
  act: [
    [2, "act.action-legal", (c) => {
      const m = c.msg();
      const alts = lastLegal(c).filter((a) => canonicalText(a) !== canonicalText(m.action));
      if (!alts.length) return null;
      return signed(c, { ...m, action: c.rng.pick(alts) });
    }],
    [1, "act.action-illegal", (c) => { const m = c.msg(); return signed(c, { ...m, action: illegalFrom(c.rng, m.action) }); }],
    [1, "act.action-unsigned", (c) => {
      const m = c.msg();
      const alts = lastLegal(c).filter((a) => canonicalText(a) !== canonicalText(m.action));
      return alts.length ? changed({ ...m, action: c.rng.pick(alts) }) : null;
    }],
    [1, "act.seat", (c) => { const m = c.msg(); return signed(c, { ...m, seat: (m.seat + 1) % c.adv.plan.seats.length }); }],
    [1, "act.version", (c) => { const m = c.msg(); return signed(c, { ...m, version: Math.max(0, m.version + c.rng.pick([-1, 1])) }); }],
  ],
  commit: [
    [1, "commit.seat", (c) => { const m = c.msg(); return signed(c, { ...m, seat: (m.seat + 1) % c.adv.plan.seats.length }); }],
    [1, "commit.hash", (c) => { const m = c.msg(); return signed(c, { ...m, hash: randHex(c.rng, 64) }); }],
    [1.5, "commit.early-reveal", (c) => {
      const m = c.msg();
      const pending = c.adv.ctx?.guests.get(c.adv.plan.dishonestSeat)?.protocol?.session?.pending;
      if (!pending || pending.hash !== m.hash) return null;
      const reveal = { t: "reveal", n: 0, seat: m.seat, version: pending.version, action: pending.action, nonce: pending.nonce };
      return resign(c, reveal).then((r) => [{ content: c.text }, { content: encode(r) }]);
    }],
  ],
  reveal: [
    [1, "reveal.nonce", (c) => { const m = c.msg(); return signed(c, { ...m, nonce: randHex(c.rng, 32) }); }],
    [1, "reveal.action", (c) => {
      const m = c.msg();
      const alts = (c.adv.ctx?.guests.get(c.adv.plan.dishonestSeat)?.protocol?.last?.legal ?? []).filter((a) => canonicalText(a) !== canonicalText(m.action));
      return signed(c, { ...m, action: alts.length ? c.rng.pick(alts) : illegalFrom(c.rng, m.action) });
    }],
  ],
  seal: [
    [1, "seal.hash", (c) => { const m = c.msg(); return signed(c, { ...m, hash: randHex(c.rng, 64) }); }],
    [1.5, "seal.early-unseal", (c) => {
      const s = c.adv.ctx?.guests.get(c.adv.plan.dishonestSeat)?.protocol?.session;
      if (!s?.entropy) return null;
      return resign(c, { t: "unseal", n: 0, entropy: s.entropy }).then((u) => [{ content: c.text }, { content: encode(u) }]);
    }],
  ],
  unseal: [
    [1, "unseal.entropy", (c) => { const m = c.msg(); return signed(c, { ...m, entropy: randB64(c.rng, 43) }); }],
  ],
  hello: [
    [1, "hello.key", (c) => { const m = c.msg(); return changed({ ...m, key: randB64(c.rng, 87) }); }],
  ],
};

/** Deviations any guest message with a signature may get. */
const GUEST_ANY = [
  [1, "sig.garbage", (c) => { const m = c.msg(); return typeof m.sig === "string" ? changed({ ...m, sig: randB64(c.rng, 86) }) : null; }],
  [1, "sig.other", (c) => {
    const m = c.msg();
    const sig = typeof m.sig === "string" ? sigOther(c) : null;
    return sig && sig !== m.sig ? changed({ ...m, sig }) : null;
  }],
];
