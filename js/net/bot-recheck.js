// @ts-check
/**
 * Stage two of a guest's end check, one bot move at a time: every bot move that
 * searched (Easy, Medium, Hard) is searched again at its own position with its
 * own level (parlour.trust.replay `recheck_bots`).  A guest cannot do this
 * before the end: it has neither the bots' hidden inputs nor the seed until the
 * host reveals them.  The engines it runs on, and in what order, are
 * js/net/recheck-pool.js's concern; what a job is, what one move's search
 * answers and what the verdict then says are this file's.  Nothing here knows
 * any game.
 */
import { BOT_CHOICE } from "./fairness.js";

/**
 * What stage two searches: the game as the host revealed it, and the searched bot moves stage one listed.
 * @typedef {{game: string, players: number, seed: string, options: any, actions: {seat: number, action: any}[],
 *   checks: import("./fairness.js").BotCheck[]}} RecheckJob
 * Where a job stands, kept in the guest's record as it goes (so a reload searches nothing twice).
 *   done: step -> was the move the bot's own choice; mismatch: the first step found that was not; error: a move
 *   this device could not search again (its own failure, nobody's fault)
 * @typedef {{done: Record<string, boolean>, mismatch: number|null, error: {step: number, detail: string}|null}} RecheckState
 * @typedef {{call: (op: string, fields?: any) => Promise<any>}} Caller
 */

/** A fresh state, or a copy of a saved one (fields an older record lacks come empty). @param {Partial<RecheckState>|null} [saved] */
export function recheckState(saved) {
  return { done: { ...(saved?.done ?? {}) }, mismatch: saved?.mismatch ?? null, error: saved?.error ?? null };
}

/** The checks of `job` still to search, in the order of the game. @param {RecheckJob} job @param {RecheckState} state */
export function checksLeft(job, state) {
  if (stopped(state)) return [];
  return job.checks.filter((c) => !(String(c.step) in state.done)).sort((a, b) => a.step - b.step);
}

/** Whether a job has its answer already: a move that is not the bot's, or one this device could not search. @param {RecheckState} state */
export function stopped(state) {
  return state.mismatch !== null || state.error !== null;
}

/**
 * Search one listed bot move again on `engine`: true when the move played is the bot's own seeded choice.
 * The engine keeps the last game's positions, so the moves of one job, sent one by one, replay the game once.
 * @param {Caller} engine @param {RecheckJob} job @param {import("./fairness.js").BotCheck} check
 * @returns {Promise<boolean>}
 */
export async function searchAgain(engine, job, check) {
  const reply = await engine.call("recheck_bots", {
    game: job.game, players: job.players, seed: job.seed, options: job.options ?? {}, actions: job.actions,
    checks: [{ step: check.step, ply: check.ply, bot: check.bot }],
  });
  return reply.results?.[0]?.ok === true;
}

/**
 * Record one move's answer in `state` (the first mismatch found stops the job).
 * @param {RecheckState} state @param {number} step @param {boolean} ok
 */
export function recordAnswer(state, step, ok) {
  state.done[String(step)] = ok;
  if (!ok) state.mismatch = state.mismatch === null ? step : Math.min(state.mismatch, step);
}

/**
 * The step stage two adds to the verdict: held, a move that is not the bot's choice (the host's doing), or a
 * move this device could not search again (said as such, blaming nobody).
 * @param {RecheckState} state @returns {import("./fairness.js").Step}
 */
export function recheckStep(state) {
  if (state.mismatch !== null) {
    return { name: BOT_CHOICE, ok: false, detail: `move ${state.mismatch + 1} is not what the bot chooses there`, blame: "host" };
  }
  if (state.error !== null) {
    return { name: BOT_CHOICE, ok: false, detail: `move ${state.error.step + 1} could not be searched again on this device `
      + `(${state.error.detail})`, blame: null };
  }
  return { name: BOT_CHOICE, ok: true, detail: "", blame: null };
}
