// The dishonest host's wire for the deviant-trace generator (traces.mjs): every message the real host
// sends to the target guest passes through `TraceWire.intercept`, which recognises its wire state
// (trace-states.mjs) and, where the run's plan says so, deviates: a field replaced (trace-fields.mjs),
// or the message skipped, repeated, moved early or held back late.  Everything else passes unchanged.
//
// Numbering.  The wire numbers what it delivers on each link itself (as adversary.mjs does), so a
// message skipped, held or moved leaves the numbers the guest sees in sequence and the guest's link
// accepts what follows (a real deviation, not a gap that makes the link refuse everything).  Only
// "repeat-same-n" re-sends a number on purpose (the guest's link must refuse the copy).
//
// Early.  A message can only go before the one the host sent ahead of it if the host sent both
// without waiting for the guest in between; the honest run (the baseline) says which message came
// before the target and whether the guest spoke in between.  The wire holds that predecessor back and
// delivers it right after the target.  Late holds the target back until the next host message
// ("late") or the guest's next message ("late-reply"); every hold ends on a heartbeat after a few
// virtual seconds at the latest, so a hold the host would wait on forever cannot stall the table.
import { outside } from "./context.mjs";
import { generateKeyPairSync, sign as nodeSign } from "node:crypto";
import { canonicalText } from "./harness.mjs";
import { scan, withN } from "./adversary.mjs";
import { current } from "./runtime.mjs";
import { alsoState, classify, newLinkMemory } from "./trace-states.mjs";
import { fieldsFor, replaceField } from "./trace-fields.mjs";
import { signingContext, statementBytes } from "../../js/net/keys.js";

/** Deviations of a message as a whole (besides its fields). */
export const GENERIC = ["skip", "repeat-same-n", "repeat", "replay-later", "early", "late", "late-reply"];

/**
 * Virtual ms a hold lasts at most (released on the first heartbeat after).  An early move's predecessor waits longest:
 * the message to move may come only when a timer runs out (the turn timer's note, 5 s).
 */
const HOLD_MS = { early: 8000, late: 3000, "late-reply": 6000, "replay-later": 2000 };

/** A P-256 key pair of the dishonest host's, outside the product: its public key and a synchronous signer. */
export function spareKey() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, "base64url"), Buffer.from(jwk.y, "base64url")]);
  return {
    publicKey: raw.toString("base64url"),
    // made as no device: a synchronous node signature is no step of any run (the clock's guard, async-audit.mjs)
    sign: (fields) => outside(() => nodeSign("sha256", statementBytes(fields), { key: privateKey, dsaEncoding: "ieee-p1363" })).toString("base64url"),
  };
}

/**
 * @typedef {{state: string, occ: number, kind: string, field?: string, prev?: {state: string, occ: number}|null,
 *   result?: any}} Step  one deviation of a plan: `kind` is one of GENERIC or "field"
 */

export class TraceWire {
  /**
   * @param {{seat: number, plan: Step[], spare: any, record?: boolean}} opts  record: keep the honest trace (the baseline)
   */
  constructor(opts) {
    this.seat = opts.seat;
    this.target = `guest${opts.seat}`;
    this.plan = opts.plan;
    this.record = !!opts.record;
    /** @type {any[]} the baseline: every non-ping message to or from the target guest, in order */
    this.trace = [];
    /** occurrences of each wire state so far (over all the target's links) */
    this.counts = {};
    this.links = new Map();
    /** @type {{version: number, hash: string, spec: any}[]} every game event's view delivered to the target */
    this.views = [];
    this.env = { seat: opts.seat, welcome: null, context: null, guest: { acts: [] }, prevGame: null, firstDealt: null, keys: {}, spare: opts.spare };
  }

  link(info) {
    let L = this.links.get(info.wire);
    if (!L) {
      L = { no: this.links.size + 1, out: 0, step: 0, mem: newLinkMemory(), holds: [], early: null, inject: null };
      this.links.set(info.wire, L);
    }
    return L;
  }

  /** playTable's `intercept` (fuzz.mjs hands every message to it through the run's Adversary). */
  intercept(from, to, text, info) {
    if (typeof text !== "string") return [text];
    if (to === "host") {
      this.fromGuest(from, text, info);
      return [text];
    }
    if (from !== "host" || to !== this.target) return [text];
    const L = this.link(info);
    L.inject = info.inject;
    const now = info.run.virtualMs();
    if (scan(text).t === "ping") return this.number(L, [...this.due(L, now), { content: text }]);
    return this.number(L, this.hostMessage(L, JSON.parse(text), text, now));
  }

  /** One host message (not a ping) to the target: its deviations, and what it releases. @returns {any[]} ops */
  hostMessage(L, m, text, now) {
    const state = classify(m, L.mem);
    const also = alsoState(state, m);
    const count = (st) => (this.counts[st] = (this.counts[st] ?? -1) + 1);
    const occ = state ? count(state) : null;
    const alsoOcc = also ? count(also) : null;
    L.step += 1;
    if (this.record) {
      // the replacements that change this message (a second guest's seat on a table with one is no replacement)
      const fields = state ? fieldsFor(state, m, this.env).map((x) => x.name).filter((name) => replaceField(state, m, this.env, name)) : [];
      this.trace.push({ from: "host", link: L.no, state, occ, t: m.t, fields });
      if (also) this.trace.push({ from: "host", link: L.no, state: also, occ: alsoOcc, t: m.t, alias: state, fields: fields.filter((x) => x.startsWith("round.")) });
    }
    const here = state ? this.plan.filter((s) => !s.result && ((s.state === state && s.occ === occ) || (s.state === also && s.occ === alsoOcc))) : [];
    let content = text;
    const fields = [];
    for (const s of here.filter((x) => x.kind === "field")) {
      const r = replaceField(state, JSON.parse(content), this.env, s.field);
      s.result = r ? { applied: true, material: r.material, v: now } : { applied: false, why: "the field does not apply to this message" };
      if (r) { content = canonicalText(r.message); fields.push(s); }
    }
    const generic = here.find((x) => x.kind !== "field");
    let own = [{ content, fields }];
    if (generic) {
      const hold = (release) => {
        L.holds.push({ content, fields, release, until: now + HOLD_MS[generic.kind], step: L.step, spec: generic });
        generic.result = { applied: true, released: null, v: now };
      };
      switch (generic.kind) {
        case "skip": own = []; generic.result = { applied: true, v: now }; break;
        case "repeat-same-n": own = [{ content, fields }, { content, sameN: true }]; generic.result = { applied: true, v: now }; break;
        case "repeat": own = [{ content, fields }, { content, fields }]; generic.result = { applied: true, v: now }; break;
        case "replay-later": hold("next"); break;
        case "late": own = []; hold("next"); break;
        case "late-reply": own = []; hold("reply"); break;
        default: break; // early: below
      }
    }
    // the message held back for an early move goes right after this one, if this is the one moved early
    const pred = L.early;
    L.early = null;
    let ops = own;
    if (pred) {
      if (generic?.kind === "early" && pred.spec === generic) {
        ops = [...own, ...pred.ops];
        generic.result = { applied: true, v: now };
      } else {
        ops = [...pred.ops, ...own];
        pred.spec.result = { applied: false, why: `the host's next message was ${state}#${occ}, not the one to move early` };
      }
    } else if (generic?.kind === "early") {
      generic.result = { applied: false, why: "the message before it was not held (the trace went another way)" };
    }
    // this message goes after the next one when that one is to move early past it
    const early = state ? this.plan.find((s) => s.kind === "early" && !s.result && s.prev?.state === state && s.prev?.occ === occ) : null;
    if (early) {
      L.early = { ops: own, spec: early, until: now + HOLD_MS.early };
      ops = ops.filter((op) => !own.includes(op));
    }
    // held messages waiting for the next host message go after this one
    ops = [...ops, ...this.release(L, (h) => h.release === "next" && h.step < L.step, "next")];
    this.learn(m);
    return ops;
  }

  /** What the replacements may draw on, from the host's original messages. */
  learn(m) {
    const env = this.env;
    if (m.t === "welcome") {
      env.welcome = m;
      env.context = signingContext(m);
    } else if (m.t === "ev" && !m.waiting) {
      env.prevGame = m;
      env.firstDealt ??= m.dealt ?? null;
    }
  }

  /** A guest's message to the host: what the replacements may use, and the holds that wait for the target's reply. */
  fromGuest(from, text, info) {
    const sc = scan(text);
    if (sc.t === "ping" || text.length > 20000) return;
    const m = JSON.parse(text);
    if (m.t === "hello" && info.seat !== null && info.seat !== undefined) this.env.keys[String(info.seat)] = m.key;
    if (from !== this.target) return;
    if (this.record) this.trace.push({ from: "guest", t: m.t });
    if (m.t === "seal") this.env.guest.seal = m;
    else if (m.t === "unseal") this.env.guest.unseal = m;
    else if (m.t === "act") this.env.guest.acts.push(m.n);
    for (const L of this.links.values()) {
      const texts = this.number(L, this.release(L, (h) => h.release === "reply", "reply"));
      for (const t of texts) L.inject?.(t);
    }
  }

  /**
   * Take the holds `which` picks off the link, in order, as ops (their steps say how they were released).  A late
   * message whose hold ran out was only delayed, not moved past anything: the host was waiting for the guest's answer
   * to it (or the guest for it), so that move is not one the host could make, and the step says so.
   */
  release(L, which, how) {
    const out = [];
    L.holds = L.holds.filter((h) => {
      if (!which(h)) return true;
      out.push({ content: h.content, fields: h.fields });
      h.spec.result = { ...h.spec.result, released: how };
      if (how === "time" && h.spec.kind === "late") {
        h.spec.result = { applied: false, why: "nothing came after it while it was held: the host waits for the guest's answer to it" };
      } else if (how === "time" && h.spec.kind === "late-reply") {
        h.spec.result = { applied: false, why: "the guest sent nothing while it was held: its next message answers this one" };
      }
      return false;
    });
    return out;
  }

  /** Holds past their time, released before a heartbeat; an early move whose target never came lets its message go. */
  due(L, now) {
    const out = [];
    if (L.early && L.early.until <= now) {
      out.push(...L.early.ops);
      L.early.spec.result = { applied: false, why: "the message to move early did not come: the host waited for the guest" };
      L.early = null;
    }
    return [...out, ...this.release(L, (h) => h.until <= now, "time")];
  }

  /**
   * Number the link's deliveries in sequence (a same-number copy repeats the number just used).  A game event's view
   * is remembered by version: a replaced field's message whose view hash a later event at the same version replaced
   * is marked `overwritten` (the guest keeps one view hash per version).
   */
  number(L, ops) {
    return ops.map((op) => {
      if (!op.sameN) L.out += 1;
      const text = withN(op.content, L.out);
      if (op.fields?.length || scan(op.content).t === "ev") this.delivered(L, op, text);
      return text;
    });
  }

  /** What was delivered: each replaced field's message (link, number), and every game event's (version, hash). */
  delivered(L, op, text) {
    const sc = scan(text);
    if (sc.t !== "ev") {
      for (const s of op.fields ?? []) (s.result.delivered ??= []).push({ link: L.no, n: sc.n });
      return;
    }
    const m = JSON.parse(text);
    if (!m.waiting && Number.isInteger(m.version)) {
      for (const d of this.views) if (d.version === m.version && d.hash !== m.hash && d.spec) d.spec.result.overwritten = true;
      this.views.push({ version: m.version, hash: m.hash, spec: null });
    }
    for (const s of op.fields ?? []) {
      (s.result.delivered ??= []).push({ link: L.no, n: sc.n });
      if (!m.waiting) this.views.at(-1).spec = s;
    }
  }
}

/**
 * What the baseline says of one message of the target's trace: which host message came before it on its link, and
 * whether the guest spoke in between (then the host waited for the guest, and the two cannot be swapped); the same
 * for the message after it.
 * @param {any[]} trace TraceWire.trace of the honest run @param {number} k index of a host message in it
 */
export function neighbours(trace, k) {
  const at = trace[k];
  const before = { msg: null, guest: false };
  for (let i = k - 1; i >= 0; i--) {
    const x = trace[i];
    if (x.alias) continue; // a second state of the message before it
    if (x.from === "guest") before.guest = true;
    else if (x.link === at.link) { before.msg = x; break; }
  }
  const after = { msg: null, guest: false };
  for (let i = k + 1; i < trace.length; i++) {
    const x = trace[i];
    if (x.alias) continue;
    if (x.from === "guest") after.guest = true;
    else if (x.link === at.link) { after.msg = x; break; }
  }
  return { before, after };
}

// ---------------------------------------------------------------- what the guest made of each message

const { GuestProtocol } = await import("../../js/net/guest-protocol.js");
const realReceive = GuestProtocol.prototype.receive;
/**
 * Every host message the watched guest's state machine read, and what it made of it, on its device's
 * `traceReceipts` (set by trace-tables.mjs on the target's device only): "accepted" (recorded or acted on),
 * "refused" (asked for sync, nothing recorded), "failed" (the host named), "ignored".  Its links are numbered
 * in the order they first read a message, as the wire numbers them.
 */
GuestProtocol.prototype.receive = async function receive(m) {
  const effects = await realReceive.call(this, m);
  const device = current()?.device;
  if (device?.traceReceipts) {
    this.traceNo ??= (device.traceLinks = (device.traceLinks ?? 0) + 1);
    device.traceReceipts.push({ link: this.traceNo, n: m.n, t: m.t, how: receiptOf(m, effects) });
  }
  return effects;
};

/** @param {any} m @param {any} e the protocol's effects */
function receiptOf(m, e) {
  if (e.failure) return "failed";
  if ((e.send ?? []).some((x) => x.t === "sync")) return "refused";
  if (e.welcome || e.deal || e.draw || e.fair || e.refused !== undefined || e.note !== undefined) return "accepted";
  if (m.t === "bye" && (e.send ?? []).some((x) => x.t === "bye")) return "accepted";
  return "ignored";
}
