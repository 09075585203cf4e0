// @ts-check
/**
 * Lists of objects stored by columns, before a correspondence link is compressed (js/net/mail-codec.js).
 *
 * Why: a seat's legal moves are often a long list of objects with the same keys and small numbers (King's
 * Cottage's stakes are 231 of them).  Deflate sees `{"arms":-3,"crowns":…}` repeated and still spends some
 * five bytes a move on the numbers between the keys; the same numbers as one list per key cost about a
 * quarter of that.  The codec packs both ways and keeps the shorter, so nothing here has to guess when it
 * helps.
 *
 * A list of at least MIN_ROWS plain objects becomes ["~c", keys, column, column, …]: one column per key (in
 * the order the keys first appear), each the list of the rows' values, with "~" where a row lacks the key;
 * columns are packed in turn (a column of objects becomes columns itself).  Any string that starts with "~"
 * gains one more "~" in front, so no string of the data can be read as a marker.  Pure and exact:
 * unpack(pack(x)) deep-equals x for all JSON.
 */

const MARK = "~";
const COLUMNS = "~c";
const MISSING = "~";
/** Shorter lists are left as they are: a marker and a key list would not pay for themselves. */
const MIN_ROWS = 3;

export class ColumnsError extends Error {}

/** @param {any} v */
const plainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Set a key as an own property, "__proto__" included. @param {Record<string, any>} o @param {string} k @param {any} v */
function put(o, k, v) {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/**
 * @param {any} value plain JSON @returns {any}
 */
export function pack(value) {
  if (typeof value === "string") return value.startsWith(MARK) ? MARK + value : value;
  if (Array.isArray(value)) {
    if (value.length < MIN_ROWS || !value.every(plainObject)) return value.map(pack);
    /** @type {string[]} */
    const keys = [];
    const seen = new Set();
    for (const row of value) for (const k of Object.keys(row)) if (!seen.has(k)) { seen.add(k); keys.push(k); }
    return [COLUMNS, keys, ...keys.map((k) => {
      const cells = value.map((row) => (Object.hasOwn(row, k) ? { v: row[k] } : null));
      // a column of objects in every row is packed as a list (columns in turn); otherwise cell by cell
      if (cells.every((c) => c && plainObject(c.v))) return pack(cells.map((c) => /** @type {any} */ (c).v));
      return cells.map((c) => (c ? pack(c.v) : MISSING));
    })];
  }
  if (plainObject(value)) {
    /** @type {Record<string, any>} */
    const out = {};
    for (const [k, v] of Object.entries(value)) put(out, k, pack(v));
    return out;
  }
  return value;
}

/**
 * @param {any} value what pack made @returns {any} (throws ColumnsError on what pack never makes)
 */
export function unpack(value) {
  if (typeof value === "string") {
    if (!value.startsWith(MARK)) return value;
    if (value === MISSING) throw new ColumnsError("a missing cell outside a column");
    return value.slice(1);
  }
  if (Array.isArray(value)) return value[0] === COLUMNS ? unpackColumns(value) : value.map(unpack);
  if (plainObject(value)) {
    /** @type {Record<string, any>} */
    const out = {};
    for (const [k, v] of Object.entries(value)) put(out, k, unpack(v));
    return out;
  }
  return value;
}

/** @param {any[]} packed @returns {Record<string, any>[]} */
function unpackColumns(packed) {
  const [, keys, ...columns] = packed;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === "string")
    || new Set(keys).size !== keys.length || columns.length !== keys.length) {
    throw new ColumnsError("a malformed column list");
  }
  const cells = columns.map((c) => {
    if (!Array.isArray(c)) throw new ColumnsError("a column that is not a list");
    if (c[0] === COLUMNS) return unpackColumns(c).map((v) => ({ v }));
    return c.map((x) => (x === MISSING ? null : { v: unpack(x) }));
  });
  const rows = cells[0].length;
  if (rows < MIN_ROWS || cells.some((c) => c.length !== rows)) throw new ColumnsError("columns of different lengths");
  return Array.from({ length: rows }, (_, r) => {
    /** @type {Record<string, any>} */
    const row = {};
    keys.forEach((k, i) => {
      const cell = cells[i][r];
      if (cell) put(row, k, cell.v);
    });
    return row;
  });
}
