// Harness stand-in for js/engine/bridge.js: the same Engine/EngineError, answered by CPython
// (tests/adversary/engine_server.py) instead of Pyodide in a worker.  Each Engine belongs to the
// device that made it (its own parlour.api, its own tables), as each browser tab has its own worker.
import { current } from "../runtime.mjs";
import { engineRequest } from "../engine-client.mjs";

export class EngineError extends Error {
  /** @param {string} message @param {string} kind */
  constructor(message, kind) {
    super(message);
    this.kind = kind;
  }
}

let anonymous = 0;

/** The reply to `request`, as the real bridge settles it. @param {string} device @param {string} request */
function ask(device, request) {
  return engineRequest(device, request).then((parsed) => {
    if (parsed.ok) return parsed;
    throw new EngineError(parsed.error, parsed.kind);
  });
}

export class Engine {
  constructor(_workerUrl, opts = {}) {
    const ctx = current();
    this.ctx = ctx;
    this.device = opts.device ?? ctx?.device?.id ?? `anon${++anonymous}`;
    this.nextId = 1;
    this.pending = new Map();
    this.ready = Promise.resolve({ started_from: "cpython (headless harness)", timings: {} });
    this.quickStart = Promise.resolve(true);
    this.calls = 0;
    /** @type {Record<string, number>} */
    this.ops = {};
    ctx?.device?.engines.push(this);
  }

  /**
   * Send one request to parlour.api, as the real bridge does: resolves with the reply when ok,
   * rejects with EngineError(error, kind) when not.
   * @param {string} op @param {Record<string, any>} [fields]
   */
  call(op, fields = {}) {
    this.calls += 1;
    this.ops[op] = (this.ops[op] ?? 0) + 1;
    const request = JSON.stringify({ op, ...fields });
    const run = this.ctx?.run;
    if (run) run.stats.engineCalls += 1;
    // a step of the run when made by one of its devices (json-lines-process.mjs): the reply lands in the run's order
    return this.ctx ? this.ctx.device.enter(() => ask(this.device, request)) : ask(this.device, request);
  }

  /** The real bridge has these; nothing to do here. */
  settle() {}
}
