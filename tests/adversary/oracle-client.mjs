// The fuzzer's judge of bot moves (oracle.py), one CPython process per node process, JSON lines.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("./oracle.py", import.meta.url));
let proc = null;
let nextId = 1;
const pending = new Map();

function start() {
  proc = spawn(process.env.PARLOUR_PYTHON || "python3", ["-u", SCRIPT], { stdio: ["pipe", "pipe", "inherit"] });
  proc.on("exit", (code, signal) => {
    const err = new Error(`the oracle process exited (${code ?? signal})`);
    for (const w of pending.values()) w.reject(err);
    pending.clear();
    proc = null;
  });
  createInterface({ input: proc.stdout, crlfDelay: Infinity }).on("line", (line) => {
    const msg = JSON.parse(line);
    const w = pending.get(msg.id);
    if (!w) return;
    pending.delete(msg.id);
    if (!pending.size) hold(false);
    if (msg.error) w.reject(new Error(`oracle: ${msg.error}`));
    else w.resolve(msg);
  });
  held = true;
  hold(false);
}

let held = true;
function hold(on) {
  if (!proc || held === on) return;
  held = on;
  for (const x of [proc, proc.stdin, proc.stdout]) (on ? x.ref : x.unref)?.call(x);
}

/** @param {string} op @param {Record<string, any>} fields @returns {Promise<any>} */
export function oracle(op, fields) {
  if (!proc) start();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    hold(true);
    proc.stdin.write(`${JSON.stringify({ id, op, ...fields })}\n`);
  });
}

export function stopOracle() {
  if (proc) { proc.stdin.end(); proc = null; }
}
