// @ts-check
/**
 * The one spelling of a JSON value that host and guest hash, compare and send
 * (py/parlour/canonical.py is the same rules in Python, byte for byte).
 *
 * Why one spelling: a value that two honest devices spell differently hashes
 * differently, and a dishonest peer could send values chosen for that (a float
 * `1e-7` that Python writes `1e-07`, an integer past 2^53 that JavaScript
 * rounds, a lone surrogate Python cannot encode, keys that sort one way by
 * UTF-16 units and another by code points) to make honest devices disagree.
 * So the spelling allows only what both languages write identically, and
 * every message that arrives must already be spelled that way
 * (`parseCanonical`), before anything reads it.
 *
 * The spelling:
 * - objects: keys sorted by Unicode code point (as Python sorts `str`), no spaces;
 * - strings: as `JSON.stringify` and Python's `json.dumps(..., ensure_ascii=False)`
 *   both write them (they agree on every well-formed string): `"` and `\` escaped,
 *   `\b \t \n \f \r` in their short forms, every other character below U+0020 as
 *   `\u00xx` (lower-case hex), everything else (DEL, U+2028, U+2029, é, emoji) as it is;
 * - numbers: safe integers (|n| <= 2^53 - 1), written in decimal; -0 is written `0`
 *   (it is the integer 0: Python has no -0 integer), and the text `-0` is not canonical;
 *   and halves (n + 1/2 with |value| < 2^31, written `2.5`, `-0.5`), the only
 *   fractions allowed: King's Cottage's views place upper-story rooms on half
 *   squares, and both languages write a half in that one way (Python's float repr and
 *   JavaScript's ToString agree on them; they part on `1e-07`/`1e-7`, `1.0`/`1`, `1e+16`/`10000000000000000`);
 * - true, false, null; arrays; plain objects;
 * - at most MAX_DEPTH nested arrays and objects (Python's recursion limit is lower than
 *   JavaScript's stack: a value one side cannot spell must be refused by both).
 *
 * Refused with CanonicalError: other fractions (0.1, 1e-7, 0.25), NaN, ±Infinity,
 * unsafe integers, strings or keys holding a lone surrogate, undefined (except as an
 * object property, which is absent as in JSON.stringify, so as on the other side of the
 * wire: the host writes optional fields that way, e.g. a bot forfeit's action and nonce
 * in the ledger), functions, symbols, bigints, objects that are not plain (Map, Date,
 * class instances, typed arrays, objects with toJSON, which is never called).
 */

/** How deep arrays and objects may nest (the same in py/parlour/canonical.py). */
export const MAX_DEPTH = 100;

/** Halves must be smaller than this in magnitude (the same in py/parlour/canonical.py). */
export const MAX_HALF = 2 ** 31;

/** A value or a text that has no canonical spelling; `message` is short enough for a log line. */
export class CanonicalError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "CanonicalError";
  }
}

/**
 * Whether every surrogate in `text` is paired: String.prototype.isWellFormed, or a loop
 * where it is missing (older Safari; no regex lookbehind there either).
 * @param {string} text @returns {boolean}
 */
function wellFormed(text) {
  const native = /** @type {any} */ (text).isWellFormed;
  if (typeof native === "function") return native.call(text);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1); // NaN past the end
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i += 1;
  }
  return true;
}

/**
 * Code point order for well-formed strings: compare UTF-16 units, but at the
 * first difference rank surrogates (astral characters) above U+E000–U+FFFF,
 * where plain unit order would put them below.
 * @param {string} a @param {string} b
 */
function byCodePoint(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) { // only here can unit order and code point order differ
      x += x < 0xe000 ? 0x2000 : -0x800;
      y += y < 0xe000 ? 0x2000 : -0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** @param {string} text @param {string} what */
function quote(text, what) {
  if (!wellFormed(text)) throw new CanonicalError(`${what} holds a lone surrogate`);
  return JSON.stringify(text);
}

/**
 * Keys come back again and again ("type", "seat", "version"…): each one's spelling is kept once made.  A
 * key is only kept once it is known to be well formed, and the whole store is dropped past a size, so a peer
 * sending ever-new keys costs memory for a moment, never for good.
 */
const keySpellings = new Map();
const KEPT_KEYS = 4096;

/** @param {string} key */
function quoteKey(key) {
  let spelled = keySpellings.get(key);
  if (spelled === undefined) {
    spelled = quote(key, "a key");
    if (keySpellings.size >= KEPT_KEYS) keySpellings.clear();
    keySpellings.set(key, spelled);
  }
  return spelled;
}

/** A UTF-16 unit from U+D800 up: only where a key holds one can unit order differ from code point order. */
const HIGH_UNIT = /[\ud800-\uffff]/;

/**
 * The keys in code point order.  Most keys hold no unit from U+D800 up, and for those the engine's own sort
 * (UTF-16 unit order) is the same order, and several times quicker than a comparison written here.
 * @param {string[]} keys
 */
function sortedKeys(keys) {
  if (keys.length < 2) return keys;
  for (const key of keys) if (HIGH_UNIT.test(key)) return keys.sort(byCodePoint);
  return keys.sort();
}

/** @param {any} value @param {number} depth @returns {string} */
function spell(value, depth) {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return quote(value, "a string");
    case "number":
      if (Number.isInteger(value)) {
        if (!Number.isSafeInteger(value)) throw new CanonicalError(`an integer beyond 2^53 - 1 (${value})`);
        return value === 0 ? "0" : String(value); // -0 is 0
      }
      if (Number.isInteger(value * 2) && Math.abs(value) < MAX_HALF) return String(value); // "2.5", "-0.5": as Python's repr
      throw new CanonicalError(Number.isFinite(value) ? `a number that is neither an integer nor a half (${value})` : `a number that is not finite (${value})`);
    case "object":
      break;
    default:
      throw new CanonicalError(`a value of type ${typeof value}`);
  }
  if (depth >= MAX_DEPTH) throw new CanonicalError(`nested deeper than ${MAX_DEPTH}`);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      if (!(i in value) || value[i] === undefined) throw new CanonicalError("an array with a hole or undefined");
      out += (i ? "," : "") + spell(value[i], depth + 1);
    }
    return `${out}]`;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new CanonicalError(`an object that is not plain (${value?.constructor?.name ?? "?"})`);
  let out = "{";
  let first = true;
  for (const key of sortedKeys(Object.keys(value))) {
    const item = value[key];
    if (item === undefined) continue; // an absent property, as JSON.stringify writes it
    out += `${first ? "" : ","}${quoteKey(key)}:${spell(item, depth + 1)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * The canonical JSON text of a value (see the module's docstring for the rules).
 * @param {any} value @returns {string}
 * @throws {CanonicalError} when the value has no canonical spelling
 */
export function canonical(value) {
  if (value === undefined) throw new CanonicalError("a value of type undefined");
  return spell(value, 0);
}

/**
 * Parse a text that must already be canonical: anything spelled another way
 * (spaces, key order, duplicate keys, other escapes, floats, `1e2`, `-0`) is
 * refused, so every reader sees exactly the bytes that were hashed.
 * @param {string} text @returns {any}
 * @throws {CanonicalError} with a short reason a log can show
 */
export function parseCanonical(text) {
  if (typeof text !== "string") throw new CanonicalError("not text");
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CanonicalError("not JSON");
  }
  let spelled;
  try {
    spelled = canonical(value);
  } catch (e) {
    if (e instanceof CanonicalError) throw e;
    throw new CanonicalError("cannot be spelled canonically");
  }
  if (spelled !== text) throw new CanonicalError(`spelled another way from character ${firstDifference(spelled, text)}`);
  return value;
}

/** @param {string} a @param {string} b the index of the first UTF-16 unit where they differ */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
