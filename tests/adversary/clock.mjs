// A run's scheduler: its virtual clock, and the order in which everything asynchronous its devices start lands.
//
// A run's outcome must never depend on the machine's speed (issue 42, item 6).  It did, because what a run had in
// flight (engine replies, WebCrypto jobs, deliveries) landed in real-time order: two guests' key generations, an
// engine reply and a delivery, a timer due now and a reply in flight finished in whatever order the thread pool,
// the pipe and the load allowed, and which guest spoke first (or which message the host saw first) decided the
// game.  And the clock moved once nothing counted as in flight had been seen for two turns of node's loop, so
// anything the count missed would have let virtual seconds pass while a device was merely slow.
//
// So every asynchronous step a device starts (an engine or oracle request, a WebCrypto call, a channel delivery,
// opening or closing a channel) is a Step of its run, queued in the order it began.  Its real result may arrive
// whenever it likes; it lands (the promise settles, the event is dispatched) only when the run's loop reaches it,
// one step a turn of node's loop (so the microtasks of one have all run before the next), in the order the steps
// began.  Only when no step is queued does a due timer fire, and only when no step is queued, no timer is due,
// nothing `track`ed is pending and async-audit.mjs knows of no node timer a device started does the clock jump to
// the next timer.  Real time then decides nothing but how long a run takes: the order of everything, and so the
// virtual time of everything, is a function of the seed.  (`timers: "real"` keeps node's timers; steps still land
// in order.)
import { als, outside, real } from "./context.mjs";
import { Device } from "./device.mjs";
import { untracked } from "./async-audit.mjs";
import { later, perturbation } from "./perturb.mjs";

/** PARLOUR_HARNESS_TRACE=1: each run writes what landed, fired and jumped, in order, to stderr as it closes (one JSON
 * line; two executions of a seed give the same lines). */
const TRACE = !!process.env.PARLOUR_HARNESS_TRACE;

/** Date.now() at a run's virtual time 0: a fixed date, so that a seed replays the same records. */
export const EPOCH = Date.UTC(2025, 0, 1);

let nextTimerId = 1;
/** id -> the run of every virtual timer alive, so clearTimeout works from anywhere. */
export const timersById = new Map();
/** A timer id nothing will ever fire (a run that is over keeps no timers). */
export const deadTimerId = () => nextTimerId++;
let nextRunId = 1;
/** Runs not closed yet. */
export const openRuns = new Set();

export class RunStopped extends Error {}

/**
 * One asynchronous step of a run, queued as it begins: `land` is set once its real result is here.
 * @typedef {{kind: string, label: string, land: (() => void)|null}} Step
 */

export class Run {
  /**
   * @param {{seed?: any, timers?: "virtual"|"real", seedCrypto?: boolean, maxVirtualMs?: number, maxWallMs?: number,
   *   stallMs?: number, quiet?: boolean}} opts
   */
  constructor(opts = {}) {
    this.id = nextRunId++;
    this.seed = String(opts.seed ?? 1);
    this.virtual = (opts.timers ?? "virtual") === "virtual";
    this.seedCrypto = opts.seedCrypto ?? true;
    this.maxVirtualMs = opts.maxVirtualMs ?? 60 * 60_000;
    /** Stop when nothing but heartbeats happened for this long (virtual ms): no engine request, no other message. */
    this.stallMs = opts.stallMs ?? 5 * 60_000;
    this.lastProgress = 0;
    this.maxWallMs = opts.maxWallMs ?? 120_000;
    this.quiet = opts.quiet ?? true;
    this.epoch = EPOCH;
    this.clock = 0;
    this.wallStart = real.perfNow();
    /** @type {Map<number, {id: number, due: number, seq: number, fn: Function, args: any[], every: number|null, ctx: any}>} */
    this.timers = new Map();
    this.seq = 0;
    /** @type {Step[]} begun and not landed, in the order they began */
    this.steps = [];
    /** Promises the clock waits for (track): settled by steps of their own, in order, so they only hold the clock. */
    this.holds = 0;
    this.scheduled = false;
    this.closed = false;
    /** @type {Map<string, Device>} */
    this.devices = new Map();
    /** @type {{pred: () => any, resolve: Function, reject: Function, what: string}[]} */
    this.waiters = [];
    this.errors = [];
    this.consoleErrors = [];
    this.stats = { timersFired: 0, jumps: 0, engineCalls: 0, steps: 0 };
    this.stopReason = null;
    openRuns.add(this);
  }

  device(name) {
    let d = this.devices.get(name);
    if (!d) { d = new Device(this, name); this.devices.set(name, d); }
    return d;
  }

  now() { return this.epoch + this.clock; }

  // ---- steps

  /** A step begins now (its place in the order is taken here). @param {string} kind @param {string} [label] @returns {Step} */
  begin(kind, label = "") {
    const step = { kind, label, land: null };
    if (this.closed) return step;
    this.steps.push(step);
    if (kind === "engine") this.progress();
    return step;
  }

  /** The step's real result is here: `land` delivers it when the loop reaches the step. @param {Step} step @param {() => void} land */
  ready(step, land) {
    step.land = land;
    if (this.closed) return this.landLater(step);
    if (this.steps[0] === step) this.kick();
  }

  /** A run that is over keeps no order: what comes lands by itself, a turn later (never inside its caller's code). */
  landLater(step) {
    outside(() => real.setImmediate(() => this.land(step)));
  }

  land(step) {
    if (TRACE) this.log(`${step.kind} ${step.label}`);
    try {
      step.land();
    } catch (err) {
      this.errors.push(`${step.kind}${step.label ? ` ${step.label}` : ""}: ${err && err.stack || err}`);
    }
  }

  /**
   * A promise started by one of this run's devices, as a step: the returned promise settles as `promise` does, when
   * its turn comes.  @template T @param {string} kind @param {Promise<T>} promise @param {string} [label] @returns {Promise<T>}
   */
  defer(kind, promise, label) {
    if (this.closed) return promise;
    const step = this.begin(kind, label);
    return new Promise((resolve, reject) => {
      promise.then((v) => this.ready(step, () => resolve(v)), (e) => this.ready(step, () => reject(e)));
    });
  }

  /**
   * Something that happens later with no real work to wait for (a delivery, a channel opening or closing): a step
   * whose result is here at once (under PARLOUR_HARNESS_PERTURB, after a random real delay, in order per `lane`).
   * @param {string} kind @param {() => void} fn @param {any} lane @param {string} [label]
   */
  soon(kind, fn, lane, label) {
    const step = this.begin(kind, label);
    if (perturbation.delayMs > 0) later(lane, () => this.ready(step, fn));
    else this.ready(step, fn);
  }

  // ---- timers

  addTimer(fn, ms, args, every, ctx) {
    const id = nextTimerId++;
    const delay = Math.max(0, Number(ms) || 0);
    const t = { id, due: this.clock + delay, seq: this.seq++, fn, args, every: every ? Math.max(1, delay) : null, ctx };
    this.timers.set(id, t);
    timersById.set(id, this);
    this.kick();
    return id;
  }

  clearTimer(id) {
    this.timers.delete(id);
    timersById.delete(id);
  }

  nextTimer(dueOnly) {
    let best = null;
    for (const t of this.timers.values()) {
      if (dueOnly && t.due > this.clock) continue;
      if (!best || t.due < best.due || (t.due === best.due && t.seq < best.seq)) best = t;
    }
    return best;
  }

  /** A node timer made by this run's code (timers: "real"): cleared when the run closes. */
  realTimer(handle) {
    (this.realTimers ??= new Set()).add(handle);
    return handle;
  }

  // ---- the loop

  /** Another turn of the run's loop soon (one pending at a time; run as no device). */
  kick() {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    outside(() => real.setImmediate(() => this.pump()));
  }

  /**
   * One turn: settle the waiters (the harness's code goes on alone), else land the first step if its result is
   * here (else wait for it), else fire a due timer, else (quiescent) move the clock to the next timer.
   */
  pump() {
    this.scheduled = false;
    if (this.closed) return;
    if (this.checkWaiters()) return this.kick();
    if (real.perfNow() - this.wallStart > this.maxWallMs) return this.stop(`wall time over ${this.maxWallMs} ms`);
    const head = this.steps[0];
    if (head) {
      if (!head.land) return; // its result kicks the loop when it comes
      this.steps.shift();
      this.stats.steps += 1;
      this.land(head);
      return this.kick();
    }
    if (!this.virtual) return;
    const due = this.nextTimer(true);
    if (due) {
      this.fire(due);
      return this.kick();
    }
    if (this.holds > 0) return; // a tracked promise kicks the loop when it settles
    if (untracked(this)) return; // a node timer of a device's: reported, and looked at again soon
    const next = this.nextTimer(false);
    if (!next) return this.stop("idle with nothing pending");
    if (next.due > this.maxVirtualMs) return this.stop(`virtual time over ${this.maxVirtualMs} ms`);
    if (next.due - this.lastProgress > this.stallMs) return this.stop(`stalled: only heartbeats for ${this.stallMs / 1000} virtual s`);
    if (TRACE) this.log(`jump to ${next.due}`);
    this.clock = next.due;
    this.stats.jumps += 1;
    this.kick();
  }

  fire(t) {
    if (t.every) t.due = Math.max(t.due + t.every, this.clock + 1);
    else this.clearTimer(t.id);
    this.stats.timersFired += 1;
    if (TRACE) this.log(`timer of ${t.ctx.device?.name}: ${t.fn.name || "(anonymous)"}`);
    als.run(t.ctx, () => {
      try {
        t.fn(...t.args);
      } catch (err) {
        this.errors.push(`timer: ${err && err.stack || err}`);
      }
    });
  }

  /** Resolve when pred() is truthy (checked every turn of the loop); reject when the run stops. */
  until(pred, what = "condition") {
    return new Promise((resolve, reject) => {
      this.waiters.push({ pred, resolve, reject, what });
      this.kick();
    });
  }

  /** @returns {boolean} whether a waiter was settled (its code runs before anything else of the run) */
  checkWaiters() {
    let settled = false;
    for (const w of [...this.waiters]) {
      let value;
      try {
        value = w.pred();
      } catch (err) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.reject(err);
        settled = true;
        continue;
      }
      if (value) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(value);
        settled = true;
      }
    }
    return settled;
  }

  stop(reason) {
    if (this.stopReason === null) this.stopReason = reason;
    const waiters = this.waiters.splice(0);
    for (const w of waiters) w.reject(new RunStopped(`${reason} (waiting for ${w.what})`));
  }

  /**
   * Hold the clock until `promise` settles (the adversary's reworked messages).  Whatever it waits for inside is a
   * step of its own (a WebCrypto call, an oracle request), so it lands in order; this only keeps the clock still.
   */
  track(_kind, promise) {
    this.holds += 1;
    const done = () => { this.holds -= 1; this.kick(); };
    promise.then(done, done);
    return promise;
  }

  log(text) {
    (this.traceLog ??= []).push(`${this.clock} ${text}`);
  }

  /** Something other than a heartbeat happened. */
  progress() {
    this.lastProgress = this.clock;
  }

  close() {
    if (TRACE && !this.closed) process.stderr.write(`${JSON.stringify({ trace: this.seed, steps: this.traceLog ?? [] })}\n`);
    this.closed = true;
    openRuns.delete(this);
    for (const id of this.timers.keys()) timersById.delete(id);
    for (const handle of this.realTimers ?? []) { real.clearTimeout(handle); real.clearInterval(handle); }
    this.timers.clear();
    this.waiters.splice(0);
    // what already arrived lands by itself, as will what arrives later (ready)
    for (const step of this.steps.splice(0)) if (step.land) this.landLater(step);
  }

  virtualMs() { return this.clock; }
}
