// A CPython helper process spoken to in JSON lines ({id, ...} out, {id, ...} back), started on first use.
// Shared by the engine client (engine_server.py) and the fuzzer's oracle (oracle.py).  Node stays alive
// only while a reply is awaited, so a finished script exits without stopping the process.
//
// A request made by a device of a run is a step of that run (clock.mjs): its reply lands in the order the run's
// steps began, not when the pipe happens to bring it.  The process, its pipes and the writes belong to no device
// (context.mjs `outside`): they serve every run.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { current, outside } from "./context.mjs";
import { later } from "./perturb.mjs";

/**
 * @param {string} script the Python file to run
 * @param {string} name how errors name it ("the engine process")
 * @param {(msg: any) => {ok: true, value: any} | {ok: false, error: Error}} [settle] a reply's value or error
 * @param {string} [kind] what a request is, as a step of a run ("engine": progress, not a stall)
 */
export function jsonLinesProcess(script, name, settle = (msg) => ({ ok: true, value: msg }), kind = "request") {
  /** @type {import("node:child_process").ChildProcess|null} */
  let proc = null;
  let nextId = 1;
  let held = true;
  let outBuf = "";
  /** @type {Map<number, {resolve: Function, reject: Function}>} */
  const pending = new Map();
  const stats = { calls: 0, bytesOut: 0, bytesIn: 0 };

  function hold(on) {
    if (!proc || held === on) return;
    held = on;
    for (const x of [proc, proc.stdin, proc.stdout]) (on ? x.ref : x.unref)?.call(x);
  }

  function start() {
    const child = spawn(process.env.PARLOUR_PYTHON || "python3", ["-u", script], { stdio: ["pipe", "pipe", "inherit"] });
    proc = child;
    child.on("exit", (code, signal) => {
      const err = new Error(`${name} exited (${code ?? signal})`);
      for (const w of pending.values()) w.reject(err);
      pending.clear();
      if (proc === child) proc = null;
    });
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on("line", (line) => {
      stats.bytesIn += line.length;
      const msg = JSON.parse(line);
      const w = pending.get(msg.id);
      if (!w) return;
      pending.delete(msg.id);
      if (!pending.size) hold(false);
      const out = settle(msg);
      later(w.lane, () => (out.ok ? w.resolve(out.value) : w.reject(out.error))); // at once unless perturbed
    });
    held = true;
    hold(false);
  }

  /** Lines written in one turn of the event loop go out in one write (a pipe write costs about a small request). */
  function flush() {
    const text = outBuf;
    outBuf = "";
    if (text && proc) proc.stdin.write(text);
  }

  return {
    stats,
    /**
     * Send one message, built around its id; resolves with the settled reply.
     * @param {(id: number) => string} line @param {string} [lane] whose replies keep their order (a device's)
     */
    request(line, lane = "") {
      if (!proc) outside(start);
      const id = nextId++;
      const text = line(id);
      stats.calls += 1;
      stats.bytesOut += text.length;
      const reply = new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, lane });
        hold(true);
        if (!outBuf) outside(() => setImmediate(flush));
        outBuf += text;
      });
      const run = current()?.run;
      return run ? run.defer(kind, reply, lane) : reply;
    },
    stop() {
      flush(); // what is queued goes first
      if (proc) { proc.stdin.end(); proc = null; }
    },
  };
}
