// @ts-check
/**
 * One correspondence link's payload: a bundle of protocol messages, compressed, encrypted to the one device it is
 * for, and bound to its table, seat, direction and number (docs/correspondence.md).
 *
 * Bytes of a link (then base64url):
 *   byte 0        format (2)
 *   bytes 1-8     the table's id (16 hex digits)
 *   byte 9        seat
 *   byte 10       bit 0: direction (0 host → guest, 1 guest → host); bit 1: a sender's ECDH key follows;
 *                 bit 2: an invite (then, not encrypted: the host's ECDH key and a 4-byte tag, and nothing else)
 *   bytes 11-14   the bundle's number, counted per seat and direction from 1 (big-endian)
 *   [65 bytes]    the sender's ECDH P-256 public key (raw), on a guest's first link only
 *   12 bytes      AES-GCM nonce
 *   the rest      AES-GCM(packed bundle), with the header above as additional data
 * A packed bundle: a byte of flags (bit 0: lists of objects stored by columns, js/net/json-columns.js; bit 1: the
 * dictionary starts with the seat's primer, js/net/link-primer.js); the
 * dictionary's message numbers (js/net/mailbox.js: a count then each number, for the sender's own messages and
 * then the receiver's, as unsigned LEB128); then the canonical bundle, deflate-raw with that dictionary.  The
 * sender packs it with and without columns and keeps the shorter.
 * The key is HKDF-SHA-256 over the ECDH secret of the host's and the seat's device keys, salted with the table
 * id: only those two devices can read or make a link, and a link made for another seat, table, direction or
 * number does not decrypt (its header is authenticated), so it is refused before anything reads it.
 */
import { deflateSync, inflateSync } from "../vendor/fflate.js";
import { canonical, parseCanonical } from "./canonical.js";
import { concat, fromB64url, fromHex, randomBytes, toB64url, toHex } from "./bytes.js";
import { pack, unpack } from "./json-columns.js";

/** 1: deflate-raw with no dictionary, no columns (links of the first version, refused by this one). */
export const MAIL_FORMAT = 2;
const COLUMNS_FLAG = 1;
const PRIMER_FLAG = 2;
export const HOST_TO_GUEST = 0;
export const GUEST_TO_HOST = 1;
const HEADER = 15;
const ECDH_RAW = 65;
const NONCE = 12;
/** A bundle that inflates past this is refused (a hostile link cannot fill the memory). */
export const MAX_BUNDLE_BYTES = 1_000_000;

export class MailError extends Error {}

/**
 * @typedef {{format: number, table: string, seat: number, dir: number, k: number, key: Uint8Array|null}} MailHeader
 */

/** A device's ECDH key pair for a correspondence table. @returns {Promise<{privateJwk: JsonWebKey, publicKey: string}>} */
export async function newMailKeyPair() {
  const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]));
  const privateJwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { privateJwk, publicKey: toB64url(raw) };
}

/**
 * The AES-GCM key two devices share at one table.
 * @param {JsonWebKey} myPrivateJwk @param {string} theirPublicKey base64url raw point @param {string} table
 * @returns {Promise<CryptoKey>}
 */
export async function sharedMailKey(myPrivateJwk, theirPublicKey, table) {
  const raw = fromB64url(theirPublicKey);
  if (raw.length !== ECDH_RAW || raw[0] !== 4) throw new MailError("That link carries no valid key.");
  let theirs;
  try {
    theirs = await crypto.subtle.importKey("raw", raw, { name: "ECDH", namedCurve: "P-256" }, false, []);
  } catch {
    throw new MailError("That link carries no valid key.");
  }
  const mine = await crypto.subtle.importKey("jwk", myPrivateJwk, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const secret = await crypto.subtle.deriveBits({ name: "ECDH", public: theirs }, mine, 256);
  const hkdf = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: fromHex(table), info: new TextEncoder().encode("parlour correspondence 1") },
    hkdf, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/**
 * The dictionary a link names: the sender's messages and the receiver's, by number (js/net/mailbox.js), after
 * the seat's primer or not.
 * @typedef {{mine: number[], yours: number[], primer: boolean}} DictionaryNames
 */

/** Unsigned LEB128. @param {number[]} out @param {number} n */
function putNumber(out, n) {
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
}

/** @param {Uint8Array} bytes @param {{at: number}} pos */
function takeNumber(bytes, pos) {
  let n = 0;
  for (let shift = 1; ; shift *= 128) {
    if (pos.at >= bytes.length || shift > 2 ** 35) throw new MailError("That link is damaged (it does not unpack).");
    const b = bytes[pos.at++];
    n += (b & 0x7f) * shift;
    if (!(b & 0x80)) return n;
  }
}

/** @param {Uint8Array} bytes @param {{at: number}} pos */
function takeNumbers(bytes, pos) {
  const count = takeNumber(bytes, pos);
  if (count > 64) throw new MailError("That link is damaged (it does not unpack).");
  return Array.from({ length: count }, () => takeNumber(bytes, pos));
}

/**
 * A bundle packed for a link: the shorter of its canonical text and its text by columns, deflated with the
 * dictionary, after the flags and the dictionary's names.
 * @param {any} bundle @param {DictionaryNames & {text: string}} dict @returns {Uint8Array}
 */
export function packBundle(bundle, dict) {
  const dictionary = new TextEncoder().encode(dict.text);
  const deflate = (/** @type {any} */ value) => deflateSync(new TextEncoder().encode(canonical(value)), { level: 9, dictionary });
  const plain = deflate(bundle);
  const columns = deflate(pack(bundle));
  const head = [(columns.length < plain.length ? COLUMNS_FLAG : 0) | (dict.primer ? PRIMER_FLAG : 0)];
  for (const list of [dict.mine, dict.yours]) {
    putNumber(head, list.length);
    for (const n of list) putNumber(head, n);
  }
  return concat(new Uint8Array(head), columns.length < plain.length ? columns : plain);
}

/**
 * A packed bundle's contents.  `dictionaryText` gives the texts of the messages the link names (it throws,
 * with a sentence, when this end does not have one).
 * @param {Uint8Array} packed @param {(names: DictionaryNames) => Promise<string>} dictionaryText @returns {Promise<any>}
 */
export async function unpackBundle(packed, dictionaryText) {
  const pos = { at: 1 };
  if (!packed.length || packed[0] & ~(COLUMNS_FLAG | PRIMER_FLAG)) throw new MailError("That link is damaged (it does not unpack).");
  const mine = takeNumbers(packed, pos);
  const yours = takeNumbers(packed, pos);
  const dictionary = new TextEncoder().encode(await dictionaryText({ mine, yours, primer: !!(packed[0] & PRIMER_FLAG) }));
  let text;
  try {
    const out = inflateSync(packed.subarray(pos.at), { dictionary, out: new Uint8Array(MAX_BUNDLE_BYTES + 1) });
    if (out.length > MAX_BUNDLE_BYTES) throw new MailError("That link unpacks to too much to be a Parlour link.");
    text = new TextDecoder("utf-8", { fatal: true }).decode(out);
  } catch (err) {
    if (err instanceof MailError) throw err;
    throw new MailError("That link is damaged (it does not unpack).");
  }
  try {
    const bundle = parseCanonical(text);
    return packed[0] & COLUMNS_FLAG ? unpack(bundle) : bundle;
  } catch {
    throw new MailError("That link's contents are not in Parlour's form."); // not canonical JSON, or columns pack never makes
  }
}

/** @param {MailHeader} h @returns {Uint8Array} */
function headerBytes(h) {
  if (!/^[0-9a-f]{16}$/.test(h.table)) throw new MailError("A table id is 16 hex digits.");
  const out = new Uint8Array(HEADER);
  out[0] = h.format;
  out.set(fromHex(h.table), 1);
  out[9] = h.seat;
  out[10] = (h.dir & 1) | (h.key ? 2 : 0);
  new DataView(out.buffer).setUint32(11, h.k);
  return h.key ? concat(out, h.key) : out;
}

/**
 * Read a link's header without its key: which table, seat, direction and number it says it is (not yet proven:
 * only `open` proves it, by decrypting).
 * @param {string} text the link's payload (base64url) @param {boolean} [invites] an invite may be read too
 * @returns {MailHeader & {bytes: Uint8Array, invite: boolean}}
 */
export function readHeader(text, invites = false) {
  let bytes;
  try {
    bytes = fromB64url(text);
  } catch {
    throw new MailError("That is not a Parlour link (it has characters a link never has).");
  }
  if (bytes.length < HEADER + 4) throw new MailError("That link is cut short: copy all of it.");
  if (bytes[0] !== MAIL_FORMAT) {
    throw new MailError(bytes[0] < MAIL_FORMAT ? "That link was made by an older version of Parlour: ask for a new one (the sender opens the table again)."
      : "That link was made by a newer version of Parlour: load this page again to update it.");
  }
  const hasKey = (bytes[10] & 2) !== 0;
  const invite = (bytes[10] & 4) !== 0;
  if (invite && !invites) throw new MailError("That is an invite link: open it on the device that takes the seat.");
  if (bytes.length < HEADER + (hasKey ? ECDH_RAW : 0) + (invite ? 4 : NONCE + 16)) throw new MailError("That link is cut short: copy all of it.");
  return {
    bytes, invite, format: bytes[0], table: toHex(bytes.slice(1, 9)), seat: bytes[9], dir: bytes[10] & 1,
    k: new DataView(bytes.buffer, bytes.byteOffset).getUint32(11), key: hasKey ? bytes.slice(HEADER, HEADER + ECDH_RAW) : null,
  };
}

/**
 * A seat's invite by mail: the table, the seat and the host's ECDH key for the table, not encrypted (the guest
 * has no key yet; whoever holds the link may take the seat, as with a network invite).  The tag tells two
 * invites for one seat apart.
 * @param {{table: string, seat: number, hostKey: string, tag: Uint8Array}} inv @returns {string} base64url
 */
export function makeInvite(inv) {
  const header = headerBytes({ format: MAIL_FORMAT, table: inv.table, seat: inv.seat, dir: HOST_TO_GUEST, k: 0, key: fromB64url(inv.hostKey) });
  header[10] |= 4;
  return toB64url(concat(header, inv.tag));
}

/** Read an invite (null when the payload is a link, not an invite). @param {string} text */
export function readInvite(text) {
  const h = readHeader(text, true);
  if (!h.invite) return null;
  if (h.bytes.length !== HEADER + ECDH_RAW + 4 || !h.key) throw new MailError("That invite link is damaged: ask the host for it again.");
  return { table: h.table, seat: h.seat, hostKey: toB64url(h.key), tag: toHex(h.bytes.slice(HEADER + ECDH_RAW)) };
}

/** The sender's ECDH key a guest's first link carries, base64url, or null. @param {MailHeader} h */
export const senderKey = (h) => (h.key ? toB64url(h.key) : null);

/**
 * Make a link's payload.
 * @param {CryptoKey} key sharedMailKey @param {{table: string, seat: number, dir: number, k: number, key?: string|null}} h
 * @param {any} bundle plain JSON @param {DictionaryNames & {text: string}} dict js/net/mailbox.js's dictionaryFor
 * @returns {Promise<string>} base64url
 */
export async function sealBundle(key, h, bundle, dict) {
  const header = headerBytes({ format: MAIL_FORMAT, table: h.table, seat: h.seat, dir: h.dir, k: h.k, key: h.key ? fromB64url(h.key) : null });
  const packed = packBundle(bundle, dict);
  const nonce = randomBytes(NONCE);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce, additionalData: header }, key, packed));
  return toB64url(concat(header, nonce, sealed));
}

/**
 * Open a link's payload made for this device: its header, proven, and its bundle.
 * @param {CryptoKey} key @param {string} text @param {(names: DictionaryNames) => Promise<string>} dictionaryText the texts
 *   of the messages a link names for its dictionary (js/net/mailbox.js's dictionaryFrom)
 * @returns {Promise<{header: MailHeader, bundle: any}>}
 */
export async function openBundle(key, text, dictionaryText) {
  const h = readHeader(text);
  const at = HEADER + (h.key ? ECDH_RAW : 0);
  let packed;
  try {
    packed = new Uint8Array(await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: h.bytes.slice(at, at + NONCE), additionalData: h.bytes.slice(0, at) }, key, h.bytes.slice(at + NONCE)));
  } catch {
    throw new MailError("That link was not made for this device at this table, or it was changed on the way.");
  }
  const bundle = await unpackBundle(packed, dictionaryText);
  const { bytes, invite, ...header } = h;
  return { header, bundle };
}
