// The CPython engine process (engine_server.py) shared by every device of this node process.
// Requests made in one turn of the event loop go out in one write (and the server answers all it has read
// before writing back): on this 2-core machine a pipe write costs about as much as a small request.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const SERVER = process.env.PARLOUR_ENGINE_SERVER || fileURLToPath(new URL("./engine_server.py", import.meta.url));

let proc = null;
let nextId = 1;
/** @type {Map<number, {resolve: Function, reject: Function}>} */
const pending = new Map();
export const engineStats = { calls: 0, bytesOut: 0, bytesIn: 0 };

function start() {
  const python = process.env.PARLOUR_PYTHON || "python3";
  proc = spawn(python, ["-u", SERVER], { stdio: ["pipe", "pipe", "inherit"] });
  proc.on("exit", (code, signal) => {
    const err = new Error(`the engine process exited (${code ?? signal})`);
    for (const w of pending.values()) w.reject(err);
    pending.clear();
    proc = null;
  });
  const lines = createInterface({ input: proc.stdout, crlfDelay: Infinity });
  lines.on("line", (line) => {
    engineStats.bytesIn += line.length;
    const msg = JSON.parse(line);
    const w = pending.get(msg.id);
    if (!w) return;
    pending.delete(msg.id);
    if (!pending.size) hold(false);
    w.resolve(msg.reply);
  });
  hold(false);
}

/** Keep node alive only while a reply is awaited (so a finished script exits without stopEngine). */
let held = true;
function hold(on) {
  if (!proc || held === on) return;
  held = on;
  for (const x of [proc, proc.stdin, proc.stdout]) (on ? x.ref : x.unref)?.call(x);
}

/**
 * Send one request text (as the bridge would post it) for `device`; resolves with the parsed reply.
 * @param {string} device @param {string} request @returns {Promise<any>}
 */
export function engineRequest(device, request) {
  if (!proc) start();
  const id = nextId++;
  const line = `{"id":${id},"device":${JSON.stringify(device)},"request":${JSON.stringify(request)}}\n`;
  engineStats.calls += 1;
  engineStats.bytesOut += line.length;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    hold(true);
    queueWrite(line);
  });
}

/** Requests made in one turn of the event loop go out in one write. */
let outBuf = "";
function queueWrite(line) {
  if (!outBuf) setImmediate(flushWrites);
  outBuf += line;
}
function flushWrites() {
  const text = outBuf;
  outBuf = "";
  if (text && proc) proc.stdin.write(text);
}

/** A control request (__forget__, __stats__). */
export function engineControl(device, op) {
  if (!proc) start();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    hold(true);
    queueWrite(`{"id":${id},"device":${JSON.stringify(device)},"op":"${op}"}\n`); // in order with the requests
  });
}

export function stopEngine() {
  flushWrites(); // what is queued goes first
  if (proc) { proc.stdin.end(); proc = null; }
}
