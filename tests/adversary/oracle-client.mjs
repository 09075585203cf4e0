// The fuzzer's judge of bot moves (oracle.py), one CPython process per node process, JSON lines.
import { fileURLToPath } from "node:url";
import { jsonLinesProcess } from "./json-lines-process.mjs";

const SCRIPT = fileURLToPath(new URL("./oracle.py", import.meta.url));
const judge = jsonLinesProcess(SCRIPT, "the oracle process",
  (msg) => (msg.error ? { ok: false, error: new Error(`oracle: ${msg.error}`) } : { ok: true, value: msg }), "oracle");

/** @param {string} op @param {Record<string, any>} fields @returns {Promise<any>} */
export function oracle(op, fields) {
  return judge.request((id) => `${JSON.stringify({ id, op, ...fields })}\n`);
}

export function stopOracle() {
  judge.stop();
}
