// @ts-check
/**
 * js/net/keys.js under node, for tests/test_signatures_forge.py (which checks the same signatures
 * with parlour.trust.signatures in Python).  Prints JSON on stdout.
 *
 *   node tests/signature_cases.mjs sign <seed> <count>   fresh keys (one per seat), `count` seeded statements signed
 *   node tests/signature_cases.mjs verify                 [[publicKey, fields, signature], …] on stdin → [verdict, …]
 *   node tests/signature_cases.mjs vectors <seed>         the vector file (tests/vectors/signatures.json): valid and forged
 *   node tests/signature_cases.mjs check <file>           JS verdicts on every vector of the file (and on each
 *                                                         vector's key alone), and the vectors where they differ
 *
 * The vector file was made once with `vectors 1` and is committed, so Python is tested without node
 * too; its forgeries are made here, in JavaScript, independently of the Python test's own.
 */
import { readFileSync } from "node:fs";
import { toB64url, fromB64url, toHex } from "../js/net/bytes.js";
import { isPublicKey, newKeyPair, publicKeyOf, signerFrom, statementBytes, verifySignature } from "../js/net/keys.js";

const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;

/** Seeded numbers (mulberry32): the same statements on every run, whatever the keys. @param {number} seed */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** @param {number} k */
  const int = (k) => Math.floor(next() * k);
  /** @template T @param {T[]} items @returns {T} */
  const pick = (items) => items[int(items.length)];
  return { next, int, pick };
}

// Keys are sorted by code point on both sides (js/net/canonical.js): "ｚ" (U+FF5A) goes before
// "😀" (U+1F600), which plain UTF-16 order would put first.
const KEYS = ["a", "b", "kind", "to", "from", "é", "ключ", "名前", "z_z", "😀", "ｚ", "Ω", "sp ace", "q\"uote", "back\\slash"];
const TEXTS = ["", "plain", "é à ü", "ключ", "名前は", "😀🎲♠", "line\nbreak", "tab\t", "q\"uote", "back\\slash",
  "\u0001\u001f", "\u2028\u2029", "<b>markup</b>", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "x".repeat(40)];

/** @param {ReturnType<typeof rng>} r @param {number} depth @returns {any} */
function value(r, depth) {
  const kind = depth >= 3 ? r.int(4) : r.int(6);
  if (kind === 0) return r.int(2) ? r.int(1000) : r.int(2 ** 53) - 2 ** 52; // integers only: JSON's numbers are spelt alike for ints
  if (kind === 1) return r.pick(TEXTS);
  if (kind === 2) return r.pick([true, false, null]);
  if (kind === 3) return r.pick(TEXTS) + r.int(100);
  if (kind === 4) return Array.from({ length: r.int(4) }, () => value(r, depth + 1));
  return object(r, depth + 1);
}

/** @param {ReturnType<typeof rng>} r @param {number} depth */
function object(r, depth) {
  /** @type {Record<string, any>} */
  const out = {};
  for (let i = r.int(4); i >= 0; i--) out[r.pick(KEYS)] = value(r, depth);
  return out;
}

/** @param {ReturnType<typeof rng>} r @param {number} seats */
function fields(r, seats) {
  const what = r.pick(["act", "commit", "reveal", "seal", "unseal"]);
  const table = toHex(Uint8Array.from({ length: 8 }, () => r.int(256)));
  /** @type {Record<string, any>} */
  const out = { what, table, seat: r.int(seats), version: r.int(100000) };
  if (what === "act" || what === "reveal") out.action = object(r, 0);
  if (what === "commit" || what === "seal") out.hash = toHex(Uint8Array.from({ length: 32 }, () => r.int(256)));
  if (what === "reveal") out.nonce = toB64url(Uint8Array.from({ length: 16 }, () => r.int(256)));
  if (what === "unseal") out.entropy = toB64url(Uint8Array.from({ length: 32 }, () => r.int(256)));
  return out;
}

/** Fresh keys, one per seat, and `count` seeded statements each signed by its seat's key. */
async function signCases(/** @type {number} */ seed, /** @type {number} */ count, seats = 3) {
  const r = rng(seed);
  const pairs = [];
  for (let seat = 0; seat < seats; seat++) {
    const pair = await newKeyPair();
    if (publicKeyOf(pair.privateJwk) !== pair.publicKey) throw new Error("publicKeyOf disagrees with the exported key");
    // As after a reload: the JWK comes back from localStorage as JSON.
    pairs.push({ ...pair, signer: signerFrom(JSON.parse(JSON.stringify(pair.privateJwk))) });
  }
  const cases = [];
  for (let i = 0; i < count; i++) {
    // The first statement is fixed: keys whose code point order and UTF-16 order differ, nested.
    const f = i === 0
      ? { what: "act", table: "00ff", seat: 0, version: 1, action: { "😀": [{ "ｚ": 1, "😀": 2 }], "ｚ": "ｚ😀", "z": -1, "": "" } }
      : fields(r, seats);
    const { signer, publicKey } = pairs[f.seat];
    const signature = await signer.sign(f);
    if (!(await verifySignature(publicKey, f, signature))) throw new Error("WebCrypto does not verify its own signature");
    cases.push({ seat: f.seat, public_key: publicKey, fields: f, signature, statement_hex: toHex(statementBytes(f)) });
  }
  return { keys: pairs.map((pair) => pair.publicKey), cases };
}

/** @param {bigint} v */
const int32 = (v) => Uint8Array.from({ length: 32 }, (_, i) => Number((v >> BigInt(8 * (31 - i))) & 255n));
/** @param {Uint8Array} bytes */
const big = (bytes) => bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
/** @param {Uint8Array} a @param {Uint8Array} b */
const cat = (a, b) => { const out = new Uint8Array(a.length + b.length); out.set(a); out.set(b, a.length); return out; };

/** The vector file: valid signatures, and forgeries each named, with JS verdicts as the expectation. */
async function vectors(/** @type {number} */ seed) {
  const { keys, cases } = await signCases(seed, 24);
  const out = [];
  for (const [i, c] of cases.entries()) out.push({ name: `valid ${i} (${c.fields.what})`, ...c, valid: true });
  const c = cases[0];
  const sig = fromB64url(c.signature);
  const r = big(sig.slice(0, 32));
  const s = big(sig.slice(32));
  const key = fromB64url(c.public_key);
  const x = key.slice(1, 33);
  const y = big(key.slice(33));
  const other = keys[(c.seat + 1) % keys.length];
  const sigOf = (/** @type {bigint} */ rr, /** @type {bigint} */ ss) => toB64url(cat(int32(rr), int32(ss)));
  /** @type {[string, any, any, any][]} name, key, fields, signature */
  const forged = [
    ["changed field: version", c.public_key, { ...c.fields, version: c.fields.version + 1 }, c.signature],
    ["changed field: seat", c.public_key, { ...c.fields, seat: c.fields.seat + 1 }, c.signature],
    ["changed field: what", c.public_key, { ...c.fields, what: c.fields.what === "act" ? "reveal" : "act" }, c.signature],
    ["extra field", c.public_key, { ...c.fields, extra: null }, c.signature],
    ["another seat's key", other, c.fields, c.signature],
    ["r and s swapped", c.public_key, c.fields, sigOf(s, r)],
    ["r = 0", c.public_key, c.fields, sigOf(0n, s)],
    ["s = 0", c.public_key, c.fields, sigOf(r, 0n)],
    ["r = n", c.public_key, c.fields, sigOf(N, s)],
    ["s = n", c.public_key, c.fields, sigOf(r, N)],
    ["r = n + 1", c.public_key, c.fields, sigOf(N + 1n, s)],
    ["s = n + 1", c.public_key, c.fields, sigOf(r, N + 1n)],
    ["all ones", c.public_key, c.fields, toB64url(new Uint8Array(64).fill(255))],
    ["all zeros", c.public_key, c.fields, toB64url(new Uint8Array(64))],
    ["s flipped bit", c.public_key, c.fields, sigOf(r, s ^ 1n)],
    ["key off the curve (y + 1)", toB64url(cat(cat(Uint8Array.of(4), x), int32((y + 1n) % P))), c.fields, c.signature],
    ["key with x + p for x (a point's equation holds, the coordinate is not reduced)", unreducedKey(), c.fields, c.signature],
    ["key compressed (33 bytes)", toB64url(cat(Uint8Array.of(2 + Number(y & 1n)), x)), c.fields, c.signature],
    ["key prefix 0x05", toB64url(cat(Uint8Array.of(5), key.slice(1))), c.fields, c.signature],
    ["key prefix 0x06 (hybrid form)", toB64url(cat(Uint8Array.of(6 + Number(y & 1n)), key.slice(1))), c.fields, c.signature],
    ["key all zeros", toB64url(new Uint8Array(65)), c.fields, c.signature],
    ["key infinity (one zero byte)", toB64url(new Uint8Array(1)), c.fields, c.signature],
    ["key truncated", toB64url(key.slice(0, 64)), c.fields, c.signature],
    ["signature truncated (63 bytes)", c.public_key, c.fields, toB64url(sig.slice(0, 63))],
    ["signature with a byte more", c.public_key, c.fields, toB64url(cat(sig, Uint8Array.of(0)))],
    ["signature DER-encoded", c.public_key, c.fields, toB64url(der(r, s))],
    ["signature padded with =", c.public_key, c.fields, c.signature + "=="],
    ["signature in standard base64", c.public_key, c.fields, c.signature.replace(/-/g, "+").replace(/_/g, "/") + (/[-_]/.test(c.signature) ? "" : "+")],
    ["signature with a space", c.public_key, c.fields, c.signature.slice(0, 40) + " " + c.signature.slice(41)],
    ["signature with trailing newline", c.public_key, c.fields, c.signature + "\n"],
    ["signature last character not canonical", c.public_key, c.fields, c.signature.slice(0, -1) + flipLowBits(c.signature.slice(-1))],
    ["key last character not canonical", c.public_key.slice(0, -1) + flipLowBits(c.public_key.slice(-1)), c.fields, c.signature],
    ["signature not base64", c.public_key, c.fields, "!".repeat(86)],
    ["signature empty", c.public_key, c.fields, ""],
    ["signature as number", c.public_key, c.fields, 12345],
    ["signature null", c.public_key, c.fields, null],
    ["signature as list", c.public_key, c.fields, [c.signature]],
    ["key null", null, c.fields, c.signature],
    ["key as number", 4, c.fields, c.signature],
    ["key as object", { key: c.public_key }, c.fields, c.signature],
    ["fields as list", c.public_key, [c.fields], c.signature],
    ["fields as string", c.public_key, JSON.stringify(c.fields), c.signature],
    ["fields null", c.public_key, null, c.signature],
  ];
  for (const [name, k, f, g] of forged) out.push({ name, public_key: k, fields: f, signature: g, valid: await verifySignature(k, f, g) });
  out.push({ name: "s replaced by n - s (both verify: ECDSA does not pin the sign of s)", public_key: c.public_key,
    fields: c.fields, signature: sigOf(r, N - s), valid: await verifySignature(c.public_key, c.fields, sigOf(r, N - s)) });
  return {
    about: "ECDSA P-256/SHA-256 signatures by js/net/keys.js over statementBytes(fields) = UTF-8 of 'parlour-signed/1\\n' + canonical(fields). "
      + "Made once by `node tests/signature_cases.mjs vectors 1`; `valid` is WebCrypto's verdict, which parlour.trust.signatures.verify must repeat.",
    keys,
    vectors: out,
  };
}

/** b^e mod m @param {bigint} b @param {bigint} e @param {bigint} m */
function modPow(b, e, m) {
  let out = 1n;
  for (b %= m; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) out = (out * b) % m;
  return out;
}

/** 0x04 ‖ (x + p) ‖ y for the point of P-256 with the smallest x: only the range check on x refuses it. */
function unreducedKey() {
  const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
  for (let x = 0n; ; x++) {
    const rhs = (((x * x * x - 3n * x + B) % P) + P) % P;
    const y = modPow(rhs, (P + 1n) / 4n, P); // p ≡ 3 (mod 4)
    if ((y * y) % P === rhs) return toB64url(cat(cat(Uint8Array.of(4), int32(x + P)), int32(y)));
  }
}

/** A base64url character with its low bits changed (its 2- or 4-bit tail then spells bits that are not there). @param {string} ch */
function flipLowBits(ch) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return alphabet[alphabet.indexOf(ch) ^ 1];
}

/** ASN.1 DER of (r, s), the other common signature form (WebCrypto's is r ‖ s). @param {bigint} r @param {bigint} s */
function der(r, s) {
  /** @param {bigint} v */
  const part = (v) => {
    let bytes = Array.from(int32(v));
    while (bytes.length > 1 && bytes[0] === 0 && bytes[1] < 128) bytes.shift();
    if (bytes[0] >= 128) bytes = [0, ...bytes];
    return [2, bytes.length, ...bytes];
  };
  const body = [...part(r), ...part(s)];
  return Uint8Array.from([0x30, body.length, ...body]);
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const [mode, arg1, arg2] = process.argv.slice(2);
let result;
if (mode === "sign") {
  result = await signCases(Number(arg1), Number(arg2));
} else if (mode === "verify") {
  const items = JSON.parse(await readStdin());
  result = [];
  for (const [k, f, g] of items) result.push(await verifySignature(k, f, g));
} else if (mode === "vectors") {
  result = await vectors(Number(arg1));
} else if (mode === "check") {
  const file = JSON.parse(readFileSync(arg1, "utf8"));
  const verdicts = [];
  const keys = [];
  const differ = [];
  for (const v of file.vectors) {
    const verdict = await verifySignature(v.public_key, v.fields, v.signature);
    verdicts.push(verdict);
    keys.push(await isPublicKey(v.public_key));
    if (verdict !== v.valid) differ.push(v.name);
    if (v.statement_hex !== undefined && toHex(statementBytes(v.fields)) !== v.statement_hex) differ.push(`${v.name}: statement bytes`);
  }
  result = { verdicts, keys, differ };
  if (differ.length) process.exitCode = 1;
} else {
  process.stderr.write("usage: signature_cases.mjs sign <seed> <count> | verify | vectors <seed> | check <file>\n");
  process.exit(2);
}
process.stdout.write(JSON.stringify(result, null, mode === "vectors" ? 1 : undefined) + "\n");
