// @ts-check
/**
 * The guest's checks of the deal as the host shows it (js/net/guest-protocol.js
 * calls these; docs/p2p.md, "The guest's state machine").  Each returns the
 * host's breach as a sentence, or null: nothing here is taken on the host's
 * word that the guest's own record or a signature it verified does not prove.
 *
 * - While the seals come in (`waitingProblem`): the commitment is the one of
 *   the welcome; a list asked to reveal is complete and holds this device's
 *   own seal; the final list never changes; and on a link welcomed before the
 *   game, this seat is in every open list, and out of a final list only if the
 *   list was already final when the link opened (a seat leaves the deal only by
 *   going to a bot, which closes its link; a person back before the start joins
 *   the open list at once).
 * - When the game starts (`dealtProblem`): the whole deal (every signed seal
 *   and every guest's bytes) is the one committed to and recorded, the bytes
 *   match their seals, only guests' seats have any, every seal carries the
 *   signature of the key it names, and this device's bytes are in it whenever
 *   the host received them.
 */
import { fromB64url, sha256Hex } from "./bytes.js";
import { messageFields, verifySignature } from "./keys.js";

const HEX64 = /^[0-9a-f]{64}$/;
const B64_32 = /^[A-Za-z0-9_-]{43}$/;
const KEY = /^[A-Za-z0-9_-]{87}$/;
const SIG = /^[A-Za-z0-9_-]{86}$/;

/** Why a deal that leaves out a seat at the table before the game started is the host's breach. */
export const LEFT_OUT = "the host left your seat out of the deal while you were at the table before the game started "
  + "(a seat leaves the deal only by going to a bot, which closes your connection)";

/**
 * What one link welcomed before the game saw of the deal: whether it saw the list open, and whether its first
 * view of the deal was a final list without this seat (the one way an honest host deals a present guest out).
 * @typedef {{waited: boolean, open: boolean, outOfDeal: boolean}} LinkDeal
 */

/** @returns {LinkDeal} */
export function newLinkDeal() {
  return { waited: false, open: false, outOfDeal: false };
}

/** @typedef {Record<string, any>} Session */

/** Did the host ever accept this kind of message (on any link)? @param {Session} s @param {string} kind */
export function everAccepted(s, kind) {
  return s.sent.some((/** @type {any} */ x) => x.kind === kind && x.received && !x.refused);
}

/**
 * A waiting event's deal, before the game starts.
 * @param {Session} s @param {any} deal @param {LinkDeal|null} seen this link's view of the deal (null: a link
 *   welcomed after the start, or a spectator's)
 * @returns {string|null}
 */
export function waitingProblem(s, deal, seen) {
  if (deal.commitment !== s.commitment) return "the host's commitment changed after it welcomed you";
  const mine = s.seat !== null && s.seat !== undefined ? s.seat : null;
  if (mine !== null && seen) {
    const inList = deal.seats.includes(mine);
    if (!inList && (!deal.reveal || seen.open)) return LEFT_OUT;
    if (!seen.waited && deal.reveal && !inList) seen.outOfDeal = true;
    if (!deal.reveal) seen.open = true;
    seen.waited = true;
  }
  if (!deal.reveal) return null;
  const complete = deal.seats.every((/** @type {any} */ x) => Number.isInteger(x) && HEX64.test(deal.sealed[String(x)] ?? ""))
    && Object.keys(deal.sealed).length === deal.seats.length;
  if (!complete) return "the host asked for the random bytes before every seal was in";
  if (mine !== null && deal.seats.includes(mine) && s.sealed !== null && deal.sealed[String(mine)] !== s.sealed) {
    return "the host lists another seal for your seat than the one you sent";
  }
  if (s.deal_list && !sameList(s.deal_list, deal.sealed)) return "the host changed the list of seals after asking for the random bytes";
  return null;
}

/** @param {Record<string, string>} a @param {Record<string, string>} b */
function sameList(a, b) {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/**
 * The deal as the host shows it when the game starts (`dealt` in a link's first game event).
 * @param {Session} s the guest's record @param {any} dealt @param {import("./keys.js").SigningContext} context
 * @returns {Promise<string|null>}
 */
export async function dealtProblem(s, dealt, context) {
  if (!dealt || typeof dealt !== "object" || typeof dealt.commitment !== "string" || !isObject(dealt.seals) || !isObject(dealt.bytes)) {
    return "the host's record of the deal is malformed";
  }
  if (dealt.commitment !== s.commitment) return "the deal the host started is not the one it committed to when you joined";
  for (const [seat, seal] of Object.entries(dealt.seals)) {
    const i = Number(seat);
    if (String(i) !== seat || !Number.isInteger(i) || i < 0 || i >= s.players) return "the host's record of the deal names a seat that is not at the table";
    if (s.seating[i]?.kind !== "remote") return `the host's record of the deal lists random bytes for seat ${i + 1}, the host's own seat`;
    if (!isObject(seal) || !HEX64.test(seal.hash) || !SIG.test(seal.sig) || !KEY.test(seal.key)) return "the host's record of the deal is malformed";
    const fields = messageFields(context, i, { t: "seal", hash: seal.hash });
    if (!(await verifySignature(seal.key, fields, seal.sig))) return `seat ${i + 1}'s seal in the host's record of the deal is not signed by the key it names`;
  }
  for (const [seat, bytes] of Object.entries(dealt.bytes)) {
    const seal = dealt.seals[seat];
    if (!seal || typeof bytes !== "string" || !B64_32.test(bytes)) return `the host's record of the deal lists bytes for seat ${Number(seat) + 1} without a seal`;
    if ((await sha256Hex(fromB64url(bytes))) !== seal.hash) return `seat ${Number(seat) + 1}'s bytes in the host's record of the deal do not match its seal`;
  }
  if (s.deal_list) {
    const listed = Object.fromEntries(Object.entries(dealt.seals).map(([k, v]) => [k, /** @type {any} */ (v).hash]));
    if (!sameList(s.deal_list, listed)) return "the seals of the deal the host started are not the final list it asked you to reveal against";
  }
  const me = s.seat;
  if (me !== null && me !== undefined) {
    const myKeys = new Set(s.keys.map((/** @type {any} */ k) => k.publicKey));
    const seal = dealt.seals[String(me)];
    if (seal && myKeys.has(seal.key) && seal.hash !== s.sealed) return "the host's record of the deal lists a seal for your seat that you never made";
    if (everAccepted(s, "unseal") && dealt.bytes[String(me)] !== s.unsealed) {
      return "your random bytes reached the host, but the deal it started was made without them";
    }
  }
  return null;
}

/** @param {any} v */
function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
