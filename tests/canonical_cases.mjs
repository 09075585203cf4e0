// @ts-check
/**
 * js/net/canonical.js on the shared vectors (tests/vectors/canonical.json) and,
 * with `--stdin`, on values sent by tests/test_canonical_forge.py; prints one
 * JSON report (ASCII only, so lone surrogates and astral characters cross the
 * pipe unharmed).  The Python test compares it with the vectors' expectations
 * and with parlour.trust.canonical, which must agree byte for byte.
 *
 *   node tests/canonical_cases.mjs            {"cases": [{"name", "canonical": text|null, "error"?}],
 *                                              "values": [{"name", "ok", "got"}]}  (values only JavaScript has)
 *   node tests/canonical_cases.mjs --stdin    reads {"lenient": [text…], "texts": [text…]}, prints
 *     {"lenient": [canonical(JSON.parse(t)) or null…], "texts": [parseCanonical(t) spelt again or null…]}
 */
import { readFileSync } from "node:fs";
import { canonical, CanonicalError, parseCanonical } from "../js/net/canonical.js";

const VECTORS = new URL("./vectors/canonical.json", import.meta.url);

/**
 * Run one case; a refusal must be a CanonicalError (anything else is a bug and stops the run).
 * @param {() => string} run @returns {{canonical: string|null, error?: string}}
 */
function attempt(run) {
  try {
    return { canonical: run() };
  } catch (e) {
    if (!(e instanceof CanonicalError)) throw e;
    return { canonical: null, error: e.message };
  }
}

/** JSON.parse as lenient as JSON is (duplicates: the last wins); a text that is not JSON is refused. @param {string} text */
function lenient(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new CanonicalError("not JSON");
  }
}

/**
 * Values only JavaScript has, and what canonical() makes of them (null: refused).
 * @type {[string, any, string|null][]}
 */
const JS_VALUES = [
  ["-0 is written 0", -0, "0"],
  ["-0 inside", { a: [-0] }, '{"a":[0]}'],
  ["an undefined property is absent, as in JSON.stringify", { b: 1, a: undefined }, '{"b":1}'],
  ["undefined", undefined, null],
  ["undefined in an array", [undefined], null],
  ["an array with a hole", [, 1], null], // eslint-disable-line no-sparse-arrays
  ["a function", () => 1, null],
  ["a function as a property", { f: () => 1 }, null],
  ["a symbol", Symbol("x"), null],
  ["a bigint", 1n, null],
  ["a Map", new Map(), null],
  ["a Date", new Date(0), null],
  ["a typed array", new Uint8Array(2), null],
  ["a class instance", new (class Thing {})(), null],
  ["an object with a prototype", Object.create({ inherited: 1 }), null],
  ["an object without a prototype", Object.assign(Object.create(null), { b: 2, a: 1 }), '{"a":1,"b":2}'],
  ["a boxed string", new String("x"), null], // eslint-disable-line no-new-wrappers
  ["an object with a toJSON method (refused, not called)", { toJSON: () => 1 }, null],
  ["NaN", NaN, null],
  ["Infinity", Infinity, null],
  ["2**53", 2 ** 53, null],
  ["a half", -2.5, "-2.5"],
  ["a quarter", 0.25, null],
  ["a lone surrogate", "\ud800", null],
  ["a lone surrogate key", { "\udc00": 1 }, null],
  ["keys by code point, not UTF-16 units", { "\u{1F600}": 1, "\uffff": 2 }, '{"\uffff":2,"\u{1F600}":1}'],
];

/** @param {any} report */
function print(report) {
  // \u escapes for everything outside ASCII: the pipe carries bytes, and a lone surrogate has no UTF-8
  process.stdout.write(JSON.stringify(report).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) + "\n");
}

if (process.argv.includes("--stdin")) {
  const input = JSON.parse(readFileSync(0, "utf8"));
  print({
    lenient: input.lenient.map((/** @type {string} */ t) => attempt(() => canonical(lenient(t))).canonical),
    texts: input.texts.map((/** @type {string} */ t) => attempt(() => {
      const value = parseCanonical(t);
      if (canonical(value) !== t) throw new Error("parseCanonical accepted a text it does not spell");
      return t;
    }).canonical),
  });
} else {
  const cases = JSON.parse(readFileSync(VECTORS, "utf8"));
  print({
    cases: cases.map((/** @type {any} */ c) => ({
      name: c.name,
      ...("text" in c ? attempt(() => canonical(parseCanonical(c.text))) : attempt(() => canonical(lenient(c.json_in)))),
    })),
    values: JS_VALUES.map(([name, value, want]) => {
      const got = attempt(() => canonical(value)).canonical;
      return { name, ok: got === want, got };
    }),
  });
}
