// @ts-check
/**
 * One end of a correspondence link between the host's device and one seat's device: the protocol's messages
 * going out, numbered, until the other end says it has them, and the ones that came in (docs/correspondence.md).
 *
 * A link carries every message the other end has not yet acknowledged, so the newest link always brings it up to
 * date: an older link opened after it, or the same link opened twice, delivers nothing.  Each message travels as
 * its change from an earlier one of the same kind (js/net/json-delta.js) that the other end is known to hold:
 * one it acknowledged, or one earlier in the same link.
 *
 * A mailbox is plain JSON, kept with its table's record, so either device can close its page between two links.
 * Pings are never posted: no one waits for a heartbeat by mail.  A game event the other end has not acknowledged
 * is superseded by the next one (the next view says all the earlier one did; its deal record, which a link's first
 * game event carries, goes with it): while a player waits through several moves, the link carries the last view,
 * not every one.  Events before the game are never superseded (each may ask the guest for something).
 *
 * Bundle (the link's contents, before js/net/mail-codec.js packs it):
 *   {ack, have, f, m: [[seq, base, delta], …]}
 *   ack   the highest message number this end has received from the other (it may forget those below)
 *   have  the highest number of its own this end knows the other has (the bases below it are shared)
 *   f     for each kind of message, the oldest this end may still name as a base: the other end keeps those and
 *         all after them (it may hold a superseded event this end no longer has, so it cannot work this out)
 *   m     messages numbered seq; base 0: delta is {"=": message}; otherwise the change from message `base`
 */
import { canonical, parseCanonical } from "./canonical.js";
import { DeltaError, diff, patch } from "./json-delta.js";

/**
 * @typedef {{seq: number, t: string, m: any}} Kept
 * @typedef {{
 *   sent: number, have: number, out: Kept[],
 *   got: number, theirs: Kept[],
 *   kOut: number, kIn: number, delivered: number,
 * }} Mailbox
 * sent: messages posted; have: the other end's ack; out: my messages it may not have, and the bases it has;
 * got: the highest number received; theirs: received messages kept as bases for its deltas;
 * kOut / kIn: the numbers of the last link made / opened; delivered: messages handed to this end's table (the
 * numbers js/net/link.js sees: consecutive, though a superseded event never arrives).
 */

/** @returns {Mailbox} */
export function newMailbox() {
  return { sent: 0, have: 0, out: [], got: 0, theirs: [], kOut: 0, kIn: 0, delivered: 0 };
}

/** A game event (not one before the game: those each ask for something). @param {any} m */
const gameEvent = (m) => m.t === "ev" && m.waiting === false;

/**
 * Post a message (its canonical text, as js/net/link.js sends it); its link number `n` is dropped, since
 * links number messages themselves.  Pings are not posted.
 * @param {Mailbox} box @param {string} text
 */
export function post(box, text) {
  const m = parseCanonical(text);
  if (m.t === "ping") return;
  delete m.n;
  if (gameEvent(m)) {
    for (const k of box.out) {
      if (k.seq <= box.have || !gameEvent(k.m)) continue;
      if (k.m.dealt !== undefined && m.dealt === undefined) m.dealt = k.m.dealt;
    }
    box.out = box.out.filter((k) => k.seq <= box.have || !gameEvent(k.m));
  }
  box.sent += 1;
  box.out.push({ seq: box.sent, t: String(m.t), m });
}

/** Are there messages the other end has not acknowledged? @param {Mailbox} box */
export const unsent = (box) => box.sent > box.have;

/**
 * The next link's contents: every message the other end may lack, each as the change from the latest earlier
 * message of its kind.
 * @param {Mailbox} box @returns {any}
 */
export function bundle(box) {
  /** @type {Map<string, Kept>} */
  const latest = new Map();
  /** @type {[number, number, any][]} */
  const m = [];
  for (const k of box.out) {
    if (k.seq > box.have) {
      const base = latest.get(k.t);
      m.push(base ? [k.seq, base.seq, diff(base.m, k.m)] : [k.seq, 0, { "=": k.m }]);
    }
    latest.set(k.t, k);
  }
  box.kOut += 1;
  /** @type {Record<string, number>} */
  const f = {};
  for (const k of box.out) if (k.seq <= box.have) f[k.t] = Math.min(f[k.t] ?? k.seq, k.seq);
  return { ack: box.got, have: box.have, f, m };
}

export class MailboxError extends Error {}

/**
 * Take in a link's contents: the messages not received before, in order, as canonical texts numbered for
 * js/net/link.js from the count delivered so far.  A guest's messages are never superseded, so at the host these
 * numbers are the guest's own (the acknowledgements the host sends name them, whichever page reloaded between two
 * links).  Nothing changes if a message does not fit (a delta on a base this end never had): the link was not
 * made from this end's messages.
 * @param {Mailbox} box @param {any} b @param {number} k the link's number
 * @returns {string[]}
 */
export function receive(box, b, k) {
  if (!b || typeof b !== "object" || !Number.isSafeInteger(b.ack) || !Number.isSafeInteger(b.have) || !Array.isArray(b.m)) {
    throw new MailboxError("That link's contents are not a Parlour bundle.");
  }
  if (k <= box.kIn) {
    throw new MailboxError(k === box.kIn ? "This link was opened here already: nothing changed."
      : "A later link from the same player was opened here already: this one brings nothing new.");
  }
  if (b.ack > box.sent) throw new MailboxError("That link acknowledges messages this device never sent.");
  /** @type {Kept[]} */
  const theirs = box.theirs.slice();
  const texts = [];
  let got = box.got;
  let delivered = box.delivered ?? 0;
  let last = 0;
  for (const entry of b.m) {
    if (!Array.isArray(entry) || entry.length !== 3) throw new MailboxError("That link's contents are not a Parlour bundle.");
    const [seq, baseSeq, delta] = entry;
    if (!Number.isSafeInteger(seq) || seq <= last || !Number.isSafeInteger(baseSeq) || baseSeq < 0 || baseSeq >= seq) {
      throw new MailboxError("That link's messages are out of order.");
    }
    last = seq;
    let base;
    if (baseSeq > 0) {
      base = theirs.find((x) => x.seq === baseSeq);
      if (!base) throw new MailboxError("That link was made from a message this device does not have.");
    }
    let m;
    try {
      m = patch(base ? base.m : null, delta);
    } catch (err) {
      if (err instanceof DeltaError) throw new MailboxError(`That link does not fit this table (${err.message}).`);
      throw err;
    }
    if (!m || typeof m !== "object" || Array.isArray(m) || typeof m.t !== "string") throw new MailboxError("That link carries something that is not a message.");
    if (!theirs.some((x) => x.seq === seq)) theirs.push({ seq, t: m.t, m });
    if (seq <= got) continue; // had it already (an earlier link brought it)
    got = seq;
    delivered += 1;
    texts.push(canonical({ ...m, n: delivered }));
  }
  // commit: nothing above threw
  box.kIn = k;
  box.got = got;
  box.delivered = delivered;
  box.have = Math.max(box.have, b.ack);
  box.theirs = keepBases(theirs, b.have, b.f);
  box.out = prune(box.out, box.have);
  return texts;
}

/**
 * What to keep of the messages received: everything above the other end's floor, and of each kind the messages
 * from the oldest it may still name as a base (`f`) on.
 * @param {Kept[]} kept @param {number} floor @param {any} f
 */
function keepBases(kept, floor, f) {
  if (!f || typeof f !== "object") return prune(kept, floor);
  return kept.filter((k) => k.seq > floor || (Number.isSafeInteger(f[k.t]) && k.seq >= f[k.t])).sort((a, b) => a.seq - b.seq);
}

/**
 * Forget what the other end can no longer name as a base: below the floor it has acknowledged, only the latest
 * message of each kind is kept.
 * @param {Kept[]} kept @param {number} floor
 */
function prune(kept, floor) {
  /** @type {Map<string, number>} */
  const newest = new Map();
  for (const k of kept) if (k.seq <= floor && k.seq > (newest.get(k.t) ?? 0)) newest.set(k.t, k.seq);
  return kept.filter((k) => k.seq > floor || newest.get(k.t) === k.seq).sort((a, b) => a.seq - b.seq);
}
