// @ts-check
/**
 * A guest's end-of-game check, run by this device's own engine
 * (parlour.trust.fairness.verify_fair), in two stages.
 *
 * Stage one checks everything but searching the bots' moves again: the deal
 * against the record this device kept, the seed, every move replayed, who held
 * each seat, every signature, every view, every sealed choice and every move
 * this guest sent.  It lists the searched bot moves for stage two
 * (js/net/bot-recheck.js), which searches each again at its own position, in
 * parallel workers.  Only when both hold, and this device's own bytes are in
 * the seed, is the verdict "Verified fair"; a guest whose bytes are not in the
 * seed gets a weaker verdict that says why.  Each step says whom a failure
 * points at.  Shapes: docs/p2p.md.
 */
/**
 * @typedef {{name: string, ok: boolean, detail: string, blame: string|null}} Step
 * @typedef {{step: number, ply: number, bot: string, seat: number}} BotCheck
 * @typedef {"fair"|"late"|"unseeded"|"partial"|"watching"|"failed"} Kind
 * @typedef {{ok: boolean, kind: Kind, reason: string, steps: Step[], notes: string[], pending: BotCheck[], ending: string}} StageOne
 *   ok: every check of stage one holds; `pending`: the bot moves stage two searches again
 */

/**
 * Stage one.
 * @param {import("../engine/bridge.js").Engine} engine
 * @param {any} mine what this guest kept during the game
 * @param {any} fair what the host revealed at the end
 * @returns {Promise<StageOne>}
 */
export async function verifyFair(engine, mine, fair) {
  const reply = await engine.call("verify_fair", { mine, fair, defer_bots: true });
  const ok = reply.verified === true && reply.steps.every((/** @type {Step} */ s) => s.ok);
  return {
    ok, kind: ok ? reply.kind : "failed", reason: reply.reason || "", steps: reply.steps, notes: reply.notes,
    pending: ok ? reply.pending ?? [] : [], ending: reply.ending || "",
  };
}

/** The name of the check stage two makes (the same as stage one's for a bot move it could check at once). */
export const BOT_CHOICE = "every bot move is the bot's own choice";
