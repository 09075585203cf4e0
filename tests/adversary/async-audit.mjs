// The guard behind the virtual clock (clock.mjs): node's async_hooks see every asynchronous resource created while
// a device's code runs (a node timer, an immediate, a pipe or socket request, a crypto job…).  Everything the harness
// starts for a device is a step of its run and made as no device (context.mjs `outside`: the engine's pipe, the
// perturbation's timers, WebCrypto's jobs), and the product's timers are virtual, so a resource made in a run's
// context is asynchronous work the run's order does not account for: a harness bug that would make runs depend
// on the machine's speed again.  It is reported in the run's errors (the fuzz's "nothing threw" names it), and a
// node timer or immediate still pending holds the clock until it has run.
//
// Only `init` is hooked: `after` and `destroy` hooks would cost a call for every promise reaction and a weak
// callback for every promise, which doubles the harness's time; whether a timer or an immediate is done is read
// from the resource itself when the clock is about to move.  Promises, process.nextTick and queueMicrotask are
// not watched: they all run before node's loop turns again, so none can straddle a move of the clock.
// PARLOUR_HARNESS_AUDIT=0 turns the guard off.
import { createHook } from "node:async_hooks";
import { als, outside, real } from "./context.mjs";

const SAME_TURN = new Set(["PROMISE", "TickObject", "Microtask"]);
const TIMERS = new Set(["Timeout", "Immediate"]);

export const auditOn = process.env.PARLOUR_HARNESS_AUDIT !== "0";

function report(run, text) {
  run.auditReported ??= new Set();
  if (run.auditReported.has(text)) return;
  run.auditReported.add(text);
  run.errors.push(`the virtual clock cannot see ${text} (tests/adversary/clock.mjs: make it a step of the run)`);
}

if (auditOn) {
  createHook({
    init(_id, type, _trigger, resource) {
      if (SAME_TURN.has(type)) return;
      const c = als.getStore();
      const run = c?.run;
      if (!run || run.closed || !run.virtual) return;
      const what = `a ${type} made by ${c.device?.name ?? "?"}${process.env.PARLOUR_HARNESS_DEBUG ? `\n${new Error().stack}` : ""}`;
      if (TIMERS.has(type) && !resource._repeat) (run.pendingTimers ??= []).push({ resource, what });
      else report(run, what);
    },
  }).enable();
}

/**
 * Whether a node timer or immediate made in `run`'s context is still pending: reported, and looked at again soon.
 * @param {import("./clock.mjs").Run} run
 */
export function untracked(run) {
  if (!run.pendingTimers?.length) return false;
  run.pendingTimers = run.pendingTimers.filter((t) => !t.resource._destroyed);
  if (!run.pendingTimers.length) return false;
  for (const t of run.pendingTimers) report(run, t.what);
  outside(() => real.setTimeout(() => run.kick(), 1));
  return true;
}
