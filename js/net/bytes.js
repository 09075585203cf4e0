// @ts-check
/**
 * Bytes, hashes and canonical JSON for the network layer.
 *
 * Everything that is hashed (views, commitments, the fair-dealing secret) goes
 * through `canonical` and `sha256`, so host and guest compute the same digest
 * from the same value whatever order its keys arrived in (and, in Python,
 * parlour.trust.canonical spells it with the same bytes).
 */
import { canonical, CanonicalError, parseCanonical } from "./canonical.js";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** @param {Uint8Array} bytes @returns {string} base64url, no padding */
export function toB64url(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [B64[(n >> 18) & 63], B64[(n >> 12) & 63], B64[(n >> 6) & 63], B64[n & 63]];
    out += chars.slice(0, Math.min(4, bytes.length - i + 1)).join("");
  }
  return out;
}

/** @param {string} text base64url (standard base64 characters are accepted too) @returns {Uint8Array} */
export function fromB64url(text) {
  const clean = text.trim().replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  if (!/^[A-Za-z0-9_-]*$/.test(clean) || clean.length % 4 === 1) throw new Error("not base64url");
  const out = new Uint8Array(Math.floor((clean.length * 6) / 8));
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (const ch of clean) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 255;
    }
  }
  return out;
}

/** @param {Uint8Array} bytes */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {string} hex */
export function fromHex(hex) {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error("not hex");
  return new Uint8Array(hex.match(/../g)?.map((x) => parseInt(x, 16)) ?? []);
}

/** @param {number} n */
export function randomBytes(n) {
  return crypto.getRandomValues(new Uint8Array(n));
}

/** @param {...Uint8Array} parts */
export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** @param {Uint8Array|string} data @returns {Promise<Uint8Array>} */
export async function sha256(data) {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/** @param {Uint8Array|string} data @returns {Promise<string>} hex digest */
export async function sha256Hex(data) {
  return toHex(await sha256(data));
}

/**
 * The one spelling of a JSON value (js/net/canonical.js, the same as
 * py/parlour/canonical.py): re-exported here, where everything that hashes
 * already imports it.  It throws CanonicalError for a value with no canonical
 * spelling (a float, an unsafe integer, a lone surrogate…).
 */
export { canonical, CanonicalError, parseCanonical };

/** The hash of a seat's view that every event carries. @param {any} view */
export function viewHash(view) {
  return sha256Hex(canonical(view));
}
