// @ts-check
/**
 * The engines that stage two of a guest's end check runs on (one bot move per
 * request, js/net/bot-recheck.js): extra Python workers, one per core with the
 * page's own and at most four in all, started when a check is coming and
 * closed when none is left; and the page's own worker, while the page lends it.
 *
 * Why lend and reclaim: a bot move searched again takes as long as the bot
 * took (about a second for a Hard move in Pyodide), and a check goes on while
 * the player leaves the table or starts another game.  That game needs the
 * page's worker at once, so the page takes it back (`reclaim`) when a table
 * opens: the search running on it finishes (at most one bot move's search) and
 * no other is given to it; the extra workers go on.  It lends it again when
 * nothing needs it (`lend`: the game over, the lobby shown).  On a one-core
 * device there is no extra worker, so a check waits while a table is in play:
 * it would halve the speed of the player's own bots.
 *
 * Jobs are searched in the order they came, each in the order of its game, so
 * an engine moving on from one position to a later one replays few moves.  A
 * job stops at the first move that is not the bot's choice.  A worker that
 * dies hands its move to another and no new worker is started in its place
 * (what killed it, memory most likely, would kill the next one too).
 */
import { checksLeft, recheckState, recordAnswer, searchAgain, stopped } from "./bot-recheck.js";

/** The most engines a check uses, the page's own included: more would take a phone's memory for little. */
export const MAX_ENGINES = 4;

/**
 * @typedef {{call: (op: string, fields?: any) => Promise<any>, ready?: Promise<any>, close?: () => void}} PoolEngine
 * @typedef {import("./bot-recheck.js").RecheckJob} RecheckJob
 * @typedef {import("./bot-recheck.js").RecheckState} RecheckState
 * @typedef {{job: RecheckJob, state: RecheckState, left: import("./fairness.js").BotCheck[], inFlight: number,
 *   onProgress?: (state: RecheckState) => void, resolve: (state: RecheckState) => void}} Run
 * @typedef {{op: string, fields: any, resolve: (reply: any) => void, reject: (err: any) => void}} Call
 */

/** Engines in all for a device with `cores` cores: one a core, at least one, at most MAX_ENGINES. @param {number|undefined} cores */
export function engineCount(cores) {
  const n = Number.isInteger(cores) && /** @type {number} */ (cores) > 0 ? /** @type {number} */ (cores) : 1;
  return Math.min(MAX_ENGINES, n);
}

/** Did the worker itself fail (it did not start, or it is gone), rather than the request? @param {any} err */
function workerFailed(err) {
  return err?.kind === "WorkerError";
}

/** One engine of the pool and what it is doing. */
class Slot {
  /** @param {PoolEngine} engine @param {boolean} own the page's own worker */
  constructor(engine, own) {
    this.engine = engine;
    this.own = own;
    this.busy = false;
    this.ready = false;
    this.gone = false;
  }
}

export class RecheckPool {
  /**
   * @param {{makeEngine: () => PoolEngine, cores?: number}} opts
   *   makeEngine: a new worker (js/engine/bridge.js `new Engine()`); cores: navigator.hardwareConcurrency
   */
  constructor(opts) {
    this.makeEngine = opts.makeEngine;
    this.extrasWanted = engineCount(opts.cores) - 1;
    /** @type {Slot[]} the extra workers, started and closed by the pool */
    this.extras = [];
    /** @type {Slot|null} the page's own worker, once lent */
    this.own = null;
    this.lent = false;
    /** @type {Run[]} jobs not finished, in the order they came */
    this.runs = [];
    /** @type {Call[]} plain requests waiting for an engine (they go before searches) */
    this.calls = [];
    this.callsInFlight = 0;
    /** Holds on the extra workers (a check is coming): they start now and stay while any is held. */
    this.holds = 0;
    /** An extra worker failed: no more are started on this page. */
    this.broken = false;
    /** What was searched where, for the tests and the bench. */
    this.stats = { searched: { own: 0, extra: 0 }, extrasStarted: 0 };
  }

  /** The page's own engine may take searches (nothing else needs it now). @param {PoolEngine} engine */
  lend(engine) {
    if (this.own?.engine !== engine) this.own = this.watch(new Slot(engine, true));
    this.lent = true;
    this.pump();
  }

  /** The page needs its engine: the search running on it finishes, no other is given to it. */
  reclaim() {
    this.lent = false;
  }

  /** Start the extra workers now, for a check that is coming; the returned function lets them go. */
  hold() {
    this.holds += 1;
    this.pump();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holds -= 1;
      this.pump();
    };
  }

  /**
   * Search a job's bot moves again; moves already in `opts.state` are not searched twice.  Resolves with the
   * final state: every move answered, or stopped at a move that is not the bot's choice (or could not be searched).
   * @param {RecheckJob} job
   * @param {{state?: Partial<RecheckState>|null, onProgress?: (state: RecheckState) => void}} [opts]
   * @returns {Promise<RecheckState>}
   */
  run(job, opts = {}) {
    return new Promise((resolve) => {
      const state = recheckState(opts.state);
      /** @type {Run} */
      const run = { job, state, left: checksLeft(job, state), inFlight: 0, onProgress: opts.onProgress, resolve };
      this.runs.push(run);
      this.settle(run);
      this.pump();
    });
  }

  /** Search no more of `job` (its game was deleted): it resolves once the searches in flight are done. @param {RecheckJob} job */
  cancel(job) {
    for (const run of this.runs.filter((r) => r.job === job)) {
      run.left = [];
      this.settle(run);
    }
    this.pump();
  }

  /** One plain request on the first free engine, ahead of any search. @param {string} op @param {any} fields */
  call(op, fields) {
    return new Promise((resolve, reject) => {
      this.calls.push({ op, fields, resolve, reject });
      this.pump();
    });
  }

  /** How many units of work wait for an engine. */
  waiting() {
    return this.calls.length + this.runs.reduce((n, r) => n + r.left.length, 0);
  }

  /** Give work to every free engine, start the extra workers when work waits, close them when none is left. */
  pump() {
    for (const slot of this.free()) {
      if (!this.assign(slot)) break;
    }
    if (this.holds > 0 || this.waiting() > 0) this.grow();
    else if (!this.runs.length && !this.callsInFlight) this.shrink();
    this.giveUpIfStranded();
  }

  /** Engines that can take work now: the page's own first (it is warm), then the extras. */
  free() {
    const slots = this.own && this.lent ? [this.own, ...this.extras] : [...this.extras];
    return slots.filter((s) => s.ready && !s.busy && !s.gone);
  }

  /** @param {Slot} slot @returns {boolean} whether there was work for it */
  assign(slot) {
    const call = this.calls.shift();
    if (call) {
      this.callsInFlight += 1;
      this.dispatch(slot, slot.engine.call(call.op, call.fields).then(call.resolve, (err) => {
        if (!workerFailed(err)) return call.reject(err);
        this.calls.unshift(call);
        return this.drop(slot, true);
      }).finally(() => { this.callsInFlight -= 1; }));
      return true;
    }
    const run = this.runs.find((r) => r.left.length > 0);
    if (!run) return false;
    const check = /** @type {import("./fairness.js").BotCheck} */ (run.left.shift());
    run.inFlight += 1;
    this.dispatch(slot, searchAgain(slot.engine, run.job, check).then((ok) => {
      this.stats.searched[slot.own ? "own" : "extra"] += 1;
      recordAnswer(run.state, check.step, ok);
    }, (err) => {
      if (workerFailed(err)) {
        run.left.unshift(check); // another engine searches it
        this.drop(slot, true);
      } else if (run.state.error === null) {
        run.state.error = { step: check.step, detail: String(err?.message ?? err) };
      }
    }).then(() => {
      run.inFlight -= 1;
      if (stopped(run.state)) run.left = [];
      run.onProgress?.(run.state);
      this.settle(run);
    }));
    return true;
  }

  /** Mark `slot` busy until `work` settles, then look for more. @param {Slot} slot @param {Promise<unknown>} work */
  dispatch(slot, work) {
    slot.busy = true;
    work.catch((err) => console.error(err)).finally(() => {
      slot.busy = false;
      this.pump();
    });
  }

  /** A job with nothing left to search and nothing in flight is answered. @param {Run} run */
  settle(run) {
    if (run.left.length || run.inFlight) return;
    this.runs = this.runs.filter((r) => r !== run);
    run.resolve(run.state);
  }

  /** Start the extra workers that are wanted and missing. */
  grow() {
    while (!this.broken && this.extras.length < this.extrasWanted) {
      this.extras.push(this.watch(new Slot(this.makeEngine(), false)));
      this.stats.extrasStarted += 1;
    }
  }

  /** Close the extra workers that are idle (nothing is left to do). */
  shrink() {
    for (const slot of this.extras.filter((s) => !s.busy)) this.drop(slot, false);
  }

  /** Once an engine has started it may take work; one that fails to start is dropped. @param {Slot} slot */
  watch(slot) {
    Promise.resolve(slot.engine.ready).then(() => {
      slot.ready = true;
      this.pump();
    }, () => this.drop(slot, true));
    return slot;
  }

  /**
   * An engine leaves the pool: an extra one is closed, and one that failed stops the pool from starting more.
   * @param {Slot} slot @param {boolean} failed
   */
  drop(slot, failed) {
    if (slot.gone) return;
    slot.gone = true;
    if (slot.own) return; // the page's own engine is the page's to keep
    if (failed) this.broken = true;
    this.extras = this.extras.filter((s) => s !== slot);
    slot.engine.close?.();
    this.pump();
  }

  /**
   * No engine can ever take the work that waits (every extra worker failed and the page's own is gone or was
   * never lent on a one-core device): the jobs end with that said, so no check waits forever.
   */
  giveUpIfStranded() {
    const ownUsable = this.own !== null && !this.own.gone;
    const extrasPossible = this.extras.length > 0 || (!this.broken && this.extrasWanted > 0);
    if (ownUsable || extrasPossible || this.own === null) return;
    for (const call of this.calls.splice(0)) call.reject(Object.assign(new Error("no engine is left to run the check"), { kind: "WorkerError" }));
    for (const run of [...this.runs]) {
      if (run.inFlight) continue;
      if (run.left.length && run.state.error === null) run.state.error = { step: run.left[0].step, detail: "no engine is left to search with" };
      run.left = [];
      this.settle(run);
    }
  }
}
