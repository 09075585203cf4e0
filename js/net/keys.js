// @ts-check
/**
 * Per-table signing keys for network play: ECDSA P-256 with SHA-256, in WebCrypto.
 *
 * Every device at a network table makes one key pair per table (`newKeyPair`)
 * and signs each move, commitment, reveal and seal of its seat (`signerFrom`);
 * the host's ledger carries the signatures and each guest's end-of-game check
 * verifies them in Python (`parlour.trust.signatures.verify`, same bytes, same
 * refusals).  The private key is made extractable only so that it can be kept
 * as a JWK in the device's own record of the table (js/net/store.js): a reload must go on
 * signing with the same key.  It is never sent anywhere.
 *
 * Wire forms, base64url without padding: a public key is the 65-byte
 * uncompressed point 0x04 ‖ x ‖ y; a signature is the 64 bytes r ‖ s (IEEE
 * P1363, as WebCrypto signs).  What is signed is `statementBytes(fields)`.
 *
 * WebCrypto neither makes low-S signatures nor refuses high-S ones, so the
 * signature (r, n − s) of a statement verifies as well as (r, s): a
 * signature's bytes are not unique and must never serve as an identifier.
 *
 * Works in browsers and in node 20 (`globalThis.crypto.subtle`).
 */
import { canonical, fromB64url, toB64url } from "./bytes.js";

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING = { name: "ECDSA", hash: "SHA-256" };
const PREFIX = "parlour-signed/1\n";
export const PUBLIC_KEY_BYTES = 65;
export const SIGNATURE_BYTES = 64;

/**
 * The bytes a seat signs: UTF-8 of "parlour-signed/1\n" + canonical(fields).
 * Identical to `parlour.trust.signatures.statement` in Python.  Throws (CanonicalError from
 * canonical.js) for a value the two languages would spell differently (a float other than a
 * half, an unsafe integer, a lone surrogate): such a statement is never signed, so never verified.
 * @param {Record<string, any>} fields a plain JSON object, e.g. {what: "act", table, seat, version, action}
 * @returns {Uint8Array}
 */
export function statementBytes(fields) {
  if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
    throw new TypeError("signed fields must be a JSON object");
  }
  return new TextEncoder().encode(PREFIX + canonical(fields));
}

/**
 * What every signature at a table is bound to: the table, the game, the host's key and the deal (the
 * commitment to the host's secret, fixed when the table opens).  A signature made for one table, game,
 * host or deal is worth nothing at another (parlour.trust.signatures checks the same fields).
 * @typedef {{table: string, game: string, host_key: string, deal: string}} SigningContext
 */

/**
 * The context of a table from the facts of its welcome (or the host's own).
 * @param {{table: string, game: string, host_key: string, commitment: string}} facts
 * @returns {SigningContext}
 */
export function signingContext(facts) {
  return { table: facts.table, game: facts.game, host_key: facts.host_key, deal: facts.commitment };
}

/**
 * The fields a seat's message signs, read from the message itself: bound to the table's context, the
 * seat, and the round or move it is for.  The guest signs these, the host checks these and signs its own
 * people's moves with them, and every guest's end check verifies these (one definition, so no two can
 * disagree about what a signature covers).
 * @param {SigningContext} context @param {number} seat @param {any} m a seal, unseal, act, commit or reveal
 */
export function messageFields(context, seat, m) {
  const base = { table: context.table, game: context.game, host_key: context.host_key, deal: context.deal, seat };
  if (m.t === "seal") return { ...base, what: "seal", hash: m.hash };
  if (m.t === "unseal") return { ...base, what: "unseal", entropy: m.entropy };
  if (m.t === "act") return { ...base, what: "act", version: m.version, action: m.action };
  if (m.t === "commit") return { ...base, what: "commit", version: m.version, hash: m.hash };
  return { ...base, what: "reveal", version: m.version, action: m.action, nonce: m.nonce };
}

/**
 * A new key pair for one table.
 * @returns {Promise<{privateJwk: JsonWebKey, publicKey: string}>} publicKey: base64url of the raw point
 */
export async function newKeyPair() {
  const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]));
  const privateJwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { privateJwk, publicKey: toB64url(raw) };
}

/**
 * The public key (base64url of 0x04 ‖ x ‖ y) that goes with a private JWK, from its x and y.
 * @param {JsonWebKey} privateJwk
 * @returns {string}
 */
export function publicKeyOf(privateJwk) {
  const x = decodeExact(privateJwk?.x, 32);
  const y = decodeExact(privateJwk?.y, 32);
  if (!x || !y || privateJwk.crv !== "P-256") throw new Error("not a P-256 key");
  const raw = new Uint8Array(PUBLIC_KEY_BYTES);
  raw[0] = 4;
  raw.set(x, 1);
  raw.set(y, 33);
  return toB64url(raw);
}

/**
 * A signer for a kept private key; the imported CryptoKey is made once, on the first signature.
 * @param {JsonWebKey} privateJwk
 * @returns {{publicKey: string, sign: (fields: Record<string, any>) => Promise<string>}}
 */
export function signerFrom(privateJwk) {
  const publicKey = publicKeyOf(privateJwk);
  /** @type {Promise<CryptoKey>|null} */
  let imported = null;
  return {
    publicKey,
    /** @param {Record<string, any>} fields @returns {Promise<string>} base64url of r ‖ s */
    async sign(fields) {
      const bytes = statementBytes(fields);
      if (!imported) {
        // Not extractable once imported: the JWK in the record is the only copy that can be read.
        imported = crypto.subtle.importKey("jwk", privateJwk, ALGORITHM, false, ["sign"]);
        imported.catch(() => { imported = null; });
      }
      const signature = await crypto.subtle.sign(SIGNING, await imported, bytes);
      return toB64url(new Uint8Array(signature));
    },
  };
}

/** @type {Map<string, Promise<CryptoKey>>} imported public keys: a table has a few, each verified many times */
const publicKeys = new Map();
const PUBLIC_KEY_CACHE = 16;

/**
 * Whether `sigB64` is a valid signature of statementBytes(fields) by `publicKeyB64`.
 * Never throws: anything malformed (wrong types, bad or non-canonical base64url, a key that is not
 * 65 bytes 0x04 ‖ x ‖ y on the curve, a signature that is not 64 bytes, r or s outside 1 … n − 1)
 * is false, exactly as `parlour.trust.signatures.verify` decides.
 * @param {unknown} publicKeyB64 @param {unknown} fields @param {unknown} sigB64
 * @returns {Promise<boolean>}
 */
export async function verifySignature(publicKeyB64, fields, sigB64) {
  try {
    const raw = decodeExact(publicKeyB64, PUBLIC_KEY_BYTES);
    const signature = decodeExact(sigB64, SIGNATURE_BYTES);
    if (!raw || raw[0] !== 4 || !signature) return false;
    const bytes = statementBytes(/** @type {Record<string, any>} */ (fields));
    const key = await publicKeyFor(/** @type {string} */ (publicKeyB64), raw);
    return await crypto.subtle.verify(SIGNING, key, signature, bytes);
  } catch {
    return false;
  }
}

/**
 * Whether `text` names a public key that verifySignature accepts (canonical base64url of
 * 0x04 ‖ x ‖ y, a point on the curve), as `parlour.trust.signatures.is_public_key` decides.  Never throws.
 * @param {unknown} text @returns {Promise<boolean>}
 */
export async function isPublicKey(text) {
  try {
    const raw = decodeExact(text, PUBLIC_KEY_BYTES);
    if (!raw || raw[0] !== 4) return false;
    await publicKeyFor(/** @type {string} */ (text), raw);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} text @param {Uint8Array} raw @returns {Promise<CryptoKey>} */
function publicKeyFor(text, raw) {
  let key = publicKeys.get(text);
  if (!key) {
    key = crypto.subtle.importKey("raw", raw, ALGORITHM, false, ["verify"]); // refuses a point off the curve
    while (publicKeys.size >= PUBLIC_KEY_CACHE) publicKeys.delete(/** @type {string} */ (publicKeys.keys().next().value));
    publicKeys.set(text, key);
    key.catch(() => publicKeys.delete(text));
  }
  return key;
}

/**
 * Exactly `size` bytes from canonical unpadded base64url, or null: one spelling per byte string
 * (no padding, no whitespace, no "+" or "/", unused low bits of the last character zero).
 * @param {unknown} text @param {number} size @returns {Uint8Array|null}
 */
function decodeExact(text, size) {
  if (typeof text !== "string" || text.length !== Math.ceil((size * 4) / 3) || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const bytes = fromB64url(text);
  return bytes.length === size && toB64url(bytes) === text ? bytes : null;
}
