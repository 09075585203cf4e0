// @ts-check
/**
 * The messages of a Parlour network table and the checks on what guests send.
 *
 * Every message is one canonical JSON text (js/net/canonical.js): anything
 * spelled otherwise is refused by js/net/link.js before it is read.
 * Guest → host (each with `n`, see link.js; `sig` signs the message's fields
 * with the guest's key for this table, js/net/keys.js):
 *   hello  {name, key, rejoin: null | {table, proof}}   first message; `key` is this device's public key for the table;
 *                                                         `proof` signs {rejoin, table, invite hash, key} with the seat's old key
 *   seal   {hash, sig}                                   SHA-256 of the guest's 32 random bytes for the seed (deal.js)
 *   unseal {entropy, sig}                                those bytes, once every seal is in
 *   act    {seat, version, action, sig}                  a move on the view numbered `version`
 *   commit {seat, version, hash, sig}                    SHA-256(canonical(action) ":" nonce) in a simultaneous round
 *   reveal {seat, version, action, nonce, sig}           once every commitment is in
 *   sync   {}                                             "send my view again"
 *   ping   {}
 * Host → guest:
 *   welcome {table, seat, game, title, players, options, names, kinds, seating, fallback, host_key, commitment, spectator, started}
 *   ev      {ev, version, view, legal, forms, to_move, over, result, hash, round, names, away, kinds, keys, waiting, deal?, ack}
 *   error   {ref, error}
 *   note    {text}                                       something everyone is told (a forfeit, a timeout)
 *   fair    {secret, seed, entropy, seals, actions, reveals, bots, control, keys, forfeits}
 *   ping    {}
 * Docs: docs/p2p.md.
 */

/** Largest message a guest may send, in characters. */
export const MAX_GUEST_MESSAGE = 8192;
/** Largest message the host sends (a whole action log at the end). */
export const MAX_HOST_MESSAGE = 250_000;
/** A connection that sends this many bad messages in a row (with no good one between) is closed. */
export const STRIKES_TO_CLOSE = 10;
/** ...or this many moves in a row that the engine refuses (late, out of turn: honest players make a few). */
export const SOFT_STRIKES_TO_CLOSE = 50;
/** At most this many of one guest's messages wait in the host's queue; more are refused unread. */
export const MAX_PENDING = 32;

/** The kinds of invite an invitation code carries (js/net/peer.js `kind`): a player's for a seat, */
export const INVITE_SEAT = 0;
/** a rejoin invite (only the device that had the seat can use it: it signs with the seat's key), */
export const INVITE_REJOIN = 1;
/** or a spectator's. */
export const INVITE_SPECTATOR = 2;

const HEX64 = /^[0-9a-f]{64}$/;
const HEX32 = /^[0-9a-f]{32}$/;
const B64_32 = /^[A-Za-z0-9_-]{43}$/;
/** A P-256 public key (65 bytes) and an ECDSA signature (64 bytes), base64url. */
const KEY = /^[A-Za-z0-9_-]{87}$/;
const SIG = /^[A-Za-z0-9_-]{86}$/;
const isSig = (/** @type {any} */ v) => typeof v === "string" && SIG.test(v);

/** @type {Record<string, Record<string, (v: any) => boolean>>} */
const SHAPES = {
  hello: {
    name: (v) => typeof v === "string" && v.length <= 40,
    key: (v) => typeof v === "string" && KEY.test(v),
    rejoin: (v) => v === null || (isObject(v) && typeof v.table === "string" && v.table.length <= 64
      && isSig(v.proof) && Object.keys(v).length === 2),
  },
  seal: { hash: (v) => typeof v === "string" && HEX64.test(v), sig: isSig },
  unseal: { entropy: (v) => typeof v === "string" && B64_32.test(v), sig: isSig },
  act: { seat: isSeat, version: isCount, action: isAction, sig: isSig },
  commit: { seat: isSeat, version: isCount, hash: (v) => typeof v === "string" && HEX64.test(v), sig: isSig },
  reveal: { seat: isSeat, version: isCount, action: isAction, nonce: (v) => typeof v === "string" && HEX32.test(v), sig: isSig },
  sync: {},
  bye: {},
};

/**
 * Check a guest's message's shape; returns a reason to refuse it, or null.
 * @param {any} m
 */
export function checkGuestMessage(m) {
  const shape = typeof m.t === "string" && Object.hasOwn(SHAPES, m.t) ? SHAPES[m.t] : null;
  if (!shape) return `Unknown message type ${JSON.stringify(String(m.t)).slice(0, 30)}.`;
  for (const key of Object.keys(m)) {
    if (key !== "t" && key !== "n" && !Object.hasOwn(shape, key)) return `Unexpected field ${JSON.stringify(key).slice(0, 30)} in ${m.t}.`;
  }
  for (const [key, ok] of Object.entries(shape)) {
    if (!ok(m[key])) return `Field ${key} of ${m.t} is missing or malformed.`;
  }
  return null;
}

/** A name drawn as text: no control characters, trimmed, at most 24 characters. @param {string} name */
export function cleanName(name) {
  return wellFormed(name).replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim().slice(0, 24);
}

/** @param {any} v */
function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** @param {any} v */
function isSeat(v) {
  return Number.isInteger(v) && v >= 0 && v < 16;
}

/** @param {any} v */
function isCount(v) {
  return Number.isInteger(v) && v >= 0 && v < 1_000_000;
}

/** @param {any} v */
function isAction(v) {
  return isObject(v) && typeof v.type === "string" && JSON.stringify(v).length <= 2000;
}

/** Text with any lone surrogate replaced by U+FFFD: a name must have a canonical spelling (js/net/canonical.js). @param {string} text */
export function wellFormed(text) {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}
