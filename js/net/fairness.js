// @ts-check
/**
 * A guest's end-of-game check, run by this device's own engine
 * (parlour.trust.fairness.verify_fair): the host's revealed secret, the guests'
 * bytes against their seals, the seed, every move replayed, who held each
 * seat, every bot move, every view, every sealed choice and every move this
 * guest sent.  Each step says who a failure points at, so a guest that
 * cheated is not blamed on the host.  Shapes: docs/p2p.md.
 */
/**
 * @typedef {{name: string, ok: boolean, detail: string, blame: string|null}} Step
 * @typedef {{ok: boolean, steps: Step[], notes: string[], ending?: string}} Outcome  `ending`: why the game ended, from this device's own replay
 */

/**
 * @param {import("../engine/bridge.js").Engine} engine
 * @param {any} mine what this guest kept during the game
 * @param {any} fair what the host revealed at the end
 * @returns {Promise<Outcome>}
 */
export async function verifyFair(engine, mine, fair) {
  const reply = await engine.call("verify_fair", { mine, fair });
  return {
    ok: reply.verified === true && reply.steps.every((/** @type {Step} */ s) => s.ok), steps: reply.steps, notes: reply.notes,
    ending: reply.ending || "",
  };
}
