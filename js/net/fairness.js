// @ts-check
/**
 * Fair dealing: nobody, the host included, chooses the seed, and at the end
 * every guest checks the whole game with its own engine.
 *
 * The host commits to SHA-256 of a 32-byte secret before any guest sends
 * anything; each guest sends 32 fresh random bytes; the seed is
 * SHA-256(secret ‖ bytes of each remote seat in seat order), as hex.  At the
 * end the host reveals the secret, everyone's bytes and the action log (with
 * the nonces of every committed choice); `verifyFair` replays it and names the
 * first step that fails.
 */
import { canonical, concat, fromB64url, sha256Hex, toB64url } from "./bytes.js";
import { commitmentFor } from "./commit-reveal.js";

/** @param {Uint8Array} secret @param {(Uint8Array|null)[]} entropy by seat; null for seats that sent none */
export function deriveSeed(secret, entropy) {
  return sha256Hex(concat(secret, ...entropy.filter((e) => e !== null)));
}

/**
 * @typedef {{commitment: string, seat: number|null, entropy: string|null, views: Record<string, string>,
 *   commits: {seat: number, version: number, hash: string}[], game: string, players: number,
 *   options: Record<string, any>, result: any}} GuestRecord   what a guest kept during the game
 * @typedef {{secret: string, seed: string, entropy: (string|null)[], actions: {seat: number, action: any}[],
 *   reveals: {seat: number, version: number, action: any, nonce: string}[], bots: number[]}} FairReveal
 *   what the host sends at the end
 * @typedef {{name: string, ok: boolean, detail: string}} Step
 */

/**
 * Check a finished game.  Returns every step in order; the first failing one says what went wrong.
 * @param {import("../engine/bridge.js").Engine} engine
 * @param {GuestRecord} mine
 * @param {FairReveal} fair
 * @returns {Promise<{ok: boolean, steps: Step[]}>}
 */
export async function verifyFair(engine, mine, fair) {
  /** @type {Step[]} */
  const steps = [];
  const step = (name, ok, detail = "") => { steps.push({ name, ok, detail }); return ok; };
  const done = () => ({ ok: steps.every((s) => s.ok), steps });

  let secret;
  try {
    secret = fromB64url(fair.secret);
  } catch {
    step("the host's secret matches its commitment", false, "the secret is not readable");
    return done();
  }
  if (!step("the host's secret matches its commitment", (await sha256Hex(secret)) === mine.commitment,
    "SHA-256 of the revealed secret is not the commitment sent when the table opened")) return done();

  if (mine.seat !== null && mine.entropy !== null) {
    if (!step("your random bytes went into the seed", fair.entropy[mine.seat] === mine.entropy,
      "the bytes listed for your seat are not the ones you sent")) return done();
  }
  const entropy = fair.entropy.map((e) => (e ? fromB64url(e) : null));
  const seed = await deriveSeed(secret, entropy);
  if (!step("the seed is SHA-256 of the secret and everyone's bytes", seed === fair.seed,
    `the host played seed ${String(fair.seed).slice(0, 12)}…, the secret and bytes give ${seed.slice(0, 12)}…`)) return done();

  const versions = Object.keys(mine.views).map(Number);
  let replay;
  try {
    replay = await engine.call("replay_check", {
      game: mine.game, players: mine.players, seed, options: mine.options, actions: fair.actions,
      seat: mine.seat, versions, bot_steps: fair.bots,
    });
  } catch (err) {
    step("every move replays", false, err.message);
    return done();
  }
  if (!step("every move replays", !replay.failed, replay.failed ? `move ${replay.failed.step + 1}: ${replay.failed.error}` : "")) return done();
  if (!step("every bot move is the bot's own choice", !replay.bot_mismatch,
    replay.bot_mismatch ? `move ${replay.bot_mismatch + 1} is not what the bot chooses there` : "")) return done();

  const bad = versions.sort((a, b) => a - b).find((v) => replay.hashes[String(v)] !== mine.views[String(v)]);
  if (!step("every view you were sent matches the replay", bad === undefined,
    `the view you were sent after move ${bad} is not the replay's`)) return done();

  for (const c of mine.commits) {
    const r = fair.reveals.find((x) => x.seat === c.seat && x.version === c.version);
    const ok = !!r && (await commitmentFor(r.action, r.nonce)) === c.hash
      && fair.actions.slice(c.version).some((a) => a.seat === c.seat && canonical(a.action) === canonical(r.action));
    if (!step(`seat ${c.seat + 1}'s secret choice at move ${c.version} matches its commitment`, ok,
      "the revealed choice does not hash to the commitment, or is not the move played")) return done();
  }
  if (mine.result !== null && mine.result !== undefined) {
    step("the result is the replay's", canonical(replay.result) === canonical(mine.result),
      "the result you were shown is not the replay's");
  }
  return done();
}

/** Fresh bytes a guest contributes to the seed. */
export function newEntropy() {
  return toB64url(crypto.getRandomValues(new Uint8Array(32)));
}
