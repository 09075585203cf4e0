// @ts-check
/**
 * Stage two of a guest's end check: every bot move that searched (Easy,
 * Medium, Hard) is searched again at its own position with its own level
 * (parlour.trust.replay `recheck_bots`), spread over the engines it is given,
 * one move per request so progress can be shown and saved as it goes.  A guest
 * cannot do this before the end: it has neither the bots' hidden inputs nor
 * the seed until the host reveals them.  Nothing here knows any game.
 */
import { BOT_CHOICE } from "./fairness.js";

/**
 * @typedef {{game: string, players: number, seed: string, options: any, actions: {seat: number, action: any}[],
 *   checks: import("./fairness.js").BotCheck[]}} RecheckJob
 * @typedef {{done: Record<string, boolean>, mismatch: number|null}} RecheckState  done: step -> the bot's own choice?
 */

/**
 * Search the job's bot moves again over `engines` (each takes the next move when it is free).  Moves already in
 * `state.done` are not searched again (a check resumed after a reload).  Stops at the first move that is not the
 * bot's own choice.
 * @param {{call: (op: string, fields: any) => Promise<any>}[]} engines
 * @param {RecheckJob} job
 * @param {{state?: RecheckState, onProgress?: (state: RecheckState) => void}} [opts]
 * @returns {Promise<RecheckState>}
 */
export async function recheckBots(engines, job, opts = {}) {
  const state = { done: { ...(opts.state?.done ?? {}) }, mismatch: opts.state?.mismatch ?? null };
  const queue = job.checks.filter((c) => !(String(c.step) in state.done));
  const common = { game: job.game, players: job.players, seed: job.seed, options: job.options ?? {}, actions: job.actions };
  const work = async (/** @type {{call: (op: string, fields: any) => Promise<any>}} */ engine) => {
    while (queue.length && state.mismatch === null) {
      const check = /** @type {import("./fairness.js").BotCheck} */ (queue.shift());
      const reply = await engine.call("recheck_bots", { ...common, checks: [{ step: check.step, ply: check.ply, bot: check.bot }] });
      const ok = reply.results?.[0]?.ok === true;
      state.done[String(check.step)] = ok;
      if (!ok) state.mismatch = state.mismatch === null ? check.step : Math.min(state.mismatch, check.step);
      opts.onProgress?.(state);
    }
  };
  await Promise.all(engines.map(work));
  return state;
}

/**
 * The failed step of a recheck that found a move which is not the bot's own choice.
 * @param {number} step @returns {import("./fairness.js").Step}
 */
export function mismatchStep(step) {
  return { name: BOT_CHOICE, ok: false, detail: `move ${step + 1} is not what the bot chooses there`, blame: "host" };
}
