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
 *   {ack, have, k, m: [[seq, base, delta], …]}
 *   ack   the highest message number this end has received from the other (it may forget those below)
 *   have  the highest number of its own this end knows the other has (the bases below it are shared)
 *   k     the messages at or below `have` this end may still name, as a base or in a dictionary: the other end
 *         keeps those (it may hold a superseded event this end no longer has, so it cannot work this out)
 *   m     messages numbered seq; base 0: delta is {"=": message}; otherwise the change from message `base`
 *
 * Dictionary: a link is compressed with the texts of messages both ends hold as deflate's preset dictionary
 * (js/net/mail-codec.js), so what a message repeats of them (a seal's key and hash, a view's unchanged parts the
 * delta could not name) costs a few bytes.  The link names them before its compressed part: this end's messages
 * the other acknowledged (the ones it keeps, `k`) and up to HEARD of the other end's messages received here
 * among its last SAID_KEPT.  The other end keeps the texts of its own messages for that (`said`) until its
 * acknowledgement from this end has passed them by SAID_KEPT (this end's count received is never below that
 * acknowledgement).  Game events are left out of both: one may be superseded before it is acknowledged, and
 * keeping every text a waiting player has not yet acknowledged would not be bounded.
 */
import { canonical, parseCanonical } from "./canonical.js";
import { viewHash } from "./bytes.js";
import { DeltaError, diff, patch } from "./json-delta.js";

/**
 * How many acknowledged messages of each kind this end keeps for the next links' dictionaries: a seat's moves
 * (legal moves, Mansion's forms) are often most like those of its last turn but one, not the last event's.
 */
const KEPT_MINE = 3;
/**
 * How many superseded game events this end keeps, of those a link it made carried: the other end may have opened
 * that link, and when its acknowledgement names one, it is the base the next events are the change from (else
 * every later event would be the change from an ever older one).
 */
const GONE_KEPT = 4;
/** How many of the other end's latest messages a link's dictionary names (see above). */
const HEARD = 4;
/** How far behind the other end's acknowledgement this end keeps its own messages' texts for dictionaries. */
const SAID_KEPT = 8;

/**
 * @typedef {{seq: number, t: string, m: any, linked?: boolean, gone?: boolean}} Kept
 * linked: a link carried it; gone: superseded after a link carried it (kept, unsent, until acknowledged or passed)
 * @typedef {{
 *   sent: number, have: number, out: Kept[],
 *   got: number, theirs: Kept[],
 *   kOut: number, kIn: number, delivered: number,
 *   said?: {seq: number, text: string}[], heard?: {seq: number, text: string}[],
 * }} Mailbox
 * sent: messages posted; have: the other end's ack; out: my messages it may not have, and the bases it has;
 * got: the highest number received; theirs: received messages kept as bases for its deltas;
 * kOut / kIn: the numbers of the last link made / opened; delivered: messages handed to this end's table (the
 * numbers js/net/link.js sees: consecutive, though a superseded event never arrives); said / heard: texts of
 * this end's messages and of the other's, for dictionaries (older mailboxes lack them: empty).
 */

/** @returns {Mailbox} */
export function newMailbox() {
  return { sent: 0, have: 0, out: [], got: 0, theirs: [], kOut: 0, kIn: 0, delivered: 0, said: [], heard: [] };
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
  if (m.t === "ev" && m.view !== undefined) delete m.hash; // the view's own hash: the receiving end works it out (withViewHash)
  if (gameEvent(m)) {
    for (const k of box.out) {
      if (k.seq <= box.have || !gameEvent(k.m)) continue;
      if (k.m.dealt !== undefined && m.dealt === undefined) m.dealt = k.m.dealt;
    }
    // an event a link carried may be at the other end: kept (the last GONE_KEPT) until an acknowledgement names it
    for (const k of box.out) if (k.seq > box.have && gameEvent(k.m) && k.linked) k.gone = true;
    box.out = box.out.filter((k) => k.seq <= box.have || !gameEvent(k.m) || k.gone);
    const gone = box.out.filter((k) => k.gone);
    if (gone.length > GONE_KEPT) box.out = box.out.filter((k) => !k.gone || gone.indexOf(k) >= gone.length - GONE_KEPT);
  }
  box.sent += 1;
  box.out.push({ seq: box.sent, t: String(m.t), m });
  if (!gameEvent(m)) box.said = [...(box.said ?? []), { seq: box.sent, text: canonical(m) }];
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
    if (k.gone) continue; // superseded: never sent again, and not known to be at the other end
    if (k.seq > box.have) {
      const base = latest.get(k.t);
      m.push(base ? [k.seq, base.seq, diff(base.m, k.m)] : [k.seq, 0, { "=": k.m }]);
      k.linked = true;
    }
    latest.set(k.t, k);
  }
  box.kOut += 1;
  return { ack: box.got, have: box.have, k: box.out.filter((k) => k.seq <= box.have && !k.gone).map((k) => k.seq), m };
}

export class MailboxError extends Error {}

/**
 * Why a link numbered `k` brings nothing (it or a later one was opened here), or null.  Asked before a link is
 * unpacked too: an old link may name a dictionary this end has since forgotten.
 * @param {Mailbox} box @param {number} k
 */
export function staleLink(box, k) {
  if (k > box.kIn) return null;
  return k === box.kIn ? "This link was opened here already: nothing changed."
    : "A later link from the same player was opened here already: this one brings nothing new.";
}

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
  const stale = staleLink(box, k);
  if (stale) throw new MailboxError(stale);
  if (b.ack > box.sent) throw new MailboxError("That link acknowledges messages this device never sent.");
  /** @type {Kept[]} */
  const theirs = box.theirs.slice();
  const texts = [];
  let got = box.got;
  let delivered = box.delivered ?? 0;
  const heard = (box.heard ?? []).slice();
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
    if (seq > got && !gameEvent(m)) heard.push({ seq, text: canonical(m) });
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
  // a superseded event the other end acknowledges as the last it got is there; one below that may never have come
  for (const kept of box.out) if (kept.gone && kept.seq === b.ack) delete kept.gone;
  box.out = box.out.filter((kept) => !kept.gone || kept.seq > box.have);
  box.theirs = keepBases(theirs, b.have, b.k);
  box.out = prune(box.out, box.have);
  box.heard = heard.slice(-HEARD);
  box.said = (box.said ?? []).filter((x) => x.seq > box.have - SAID_KEPT);
  return texts;
}

/**
 * The dictionary of the next link (see above): which messages it names and their texts, in that order.
 * @param {Mailbox} box @returns {{mine: number[], yours: number[], text: string}}
 */
export function dictionaryFor(box) {
  const mine = box.out.filter((k) => k.seq <= box.have && !k.gone);
  const yours = (box.heard ?? []).filter((x) => x.seq > box.got - SAID_KEPT).slice(-HEARD);
  return { mine: mine.map((k) => k.seq), yours: yours.map((x) => x.seq), text: dictionaryText([...yours.map((x) => parseCanonical(x.text)), ...mine.map((k) => k.m)]) };
}

/** The longest part of one field a dictionary repeats (its end: a log's latest entries). */
const FIELD_CAP = 8192;

/**
 * A dictionary's text from the messages it names, oldest first: their whole texts, then the fields of the older
 * ones that differ from the newest's (each cut to its last FIELD_CAP characters).  Deflate reaches back only
 * 32 KB, and one Mansion event is 35 KB whole (its log alone 28 KB): the newest's text would push out the last
 * turn's legal moves and forms, which the next turn's resemble most; repeated at the end, they stay in reach.
 * @param {any[]} messages @returns {string}
 */
export function dictionaryText(messages) {
  const texts = messages.map((m) => canonical(m));
  const newest = messages.at(-1);
  /** @type {string[]} */
  const fields = [];
  const seen = new Set();
  /** @type {Map<string, string>} the newest message's fields' texts, each spelled once */
  const newestField = new Map();
  const now = (/** @type {string} */ key) => {
    if (!newestField.has(key)) {
      newestField.set(key, newest && typeof newest === "object" && Object.hasOwn(newest, key) ? canonical(newest[key]) : "");
    }
    return /** @type {string} */ (newestField.get(key));
  };
  for (let i = messages.length - 2; i >= 0; i--) {
    const m = messages[i];
    if (!m || typeof m !== "object" || Array.isArray(m)) continue;
    for (const key of Object.keys(m).sort()) {
      const text = canonical(m[key]).slice(-FIELD_CAP);
      if (text.length > 8 && !seen.has(text) && !now(key).endsWith(text)) {
        seen.add(text);
        fields.unshift(text);
      }
    }
  }
  return [...texts, ...fields].join("\n");
}

/**
 * The dictionary a link from the other end names: its messages `mine` (kept here as bases) and this end's
 * `yours`.  Throws MailboxError when this end no longer holds one (the link was not made from this table's
 * messages, or came far too late).
 * @param {Mailbox} box @param {number[]} mine @param {number[]} yours @returns {string}
 */
export function dictionaryFrom(box, mine, yours) {
  const missing = new MailboxError("That link was made from a message this device does not have.");
  const own = yours.map((seq) => {
    const said = (box.said ?? []).find((x) => x.seq === seq);
    if (!said) throw missing;
    return parseCanonical(said.text);
  });
  const theirs = mine.map((seq) => {
    const kept = box.theirs.find((k) => k.seq === seq);
    if (!kept) throw missing;
    return kept.m;
  });
  return dictionaryText([...own, ...theirs]);
}

/**
 * What to keep of the messages received: everything above the other end's floor, and below it the ones it may
 * still name (`named`).
 * @param {Kept[]} kept @param {number} floor @param {any} named
 */
function keepBases(kept, floor, named) {
  const keep = new Set(Array.isArray(named) ? named.filter(Number.isSafeInteger) : []);
  return kept.filter((k) => k.seq > floor || keep.has(k.seq)).sort((a, b) => a.seq - b.seq);
}

/**
 * What this end keeps of its messages the other has acknowledged, for bases and dictionaries: of each kind the
 * latest KEPT_MINE, and the latest of each shape (which fields are not empty: an event with legal moves and
 * forms and one without are two shapes).  A seat's turn is most like its last turn, which may be many events
 * back while others moved.
 * @param {Kept[]} kept @param {number} floor
 */
function prune(kept, floor) {
  /** @type {Map<string, number>} */
  const perKind = new Map();
  const shapes = new Set();
  const keep = new Set();
  for (const k of [...kept].sort((a, b) => b.seq - a.seq)) {
    if (k.seq > floor) continue;
    const n = perKind.get(k.t) ?? 0;
    const shape = `${k.t}:${shapeOf(k.m)}`;
    if (n < KEPT_MINE || !shapes.has(shape)) keep.add(k.seq);
    perKind.set(k.t, n + 1);
    shapes.add(shape);
  }
  return kept.filter((k) => k.seq > floor || keep.has(k.seq)).sort((a, b) => a.seq - b.seq);
}

/** Which of a message's fields hold something. @param {any} m */
function shapeOf(m) {
  const empty = (/** @type {any} */ v) => v === null || v === false || v === 0 || v === "" || (Array.isArray(v) && !v.length)
    || (typeof v === "object" && !Object.keys(v).length);
  return Object.keys(m).filter((key) => !empty(m[key])).sort().join(",");
}

/**
 * A received event as its sender's table made it: with its view's hash, which a link leaves out (64 characters
 * of every event that say nothing the view does not; the guest's check of it is against damage on a live
 * connection, which a link's authenticated encryption already rules out).
 * @param {string} text @returns {Promise<string>}
 */
export async function withViewHash(text) {
  const m = parseCanonical(text);
  if (m.t !== "ev" || m.view === undefined || m.hash !== undefined) return text;
  return canonical({ ...m, hash: await viewHash(m.view) });
}
