// @ts-check
/**
 * What a guest keeps of its end check, and what it shows: the check's progress
 * in the guest's record of the table (IndexedDB through js/net/store.js), the
 * verdict it adds up to, and the finished game as a saved game in the lobby's
 * list (IndexedDB, js/store/games-db.js), so it replays and exports like any
 * finished game, with its verdict, table code and ledger code.
 *
 * Kept as it goes so that a reload, or the tab closed and opened again, goes on
 * where it stopped (js/tables/recheck-service.js): until stage one is done the
 * host's whole end-of-game record (`fair`, to check again; a second or so of
 * work), then stage one's outcome and stage two's job with every answer so far.
 * Once the verdict is final, only the verdict stays in the guest's record (the
 * saved game holds the moves).  Plain data only.
 */
import { recheckState, recheckStep, stopped } from "../net/bot-recheck.js";

/**
 * The check as the guest's record keeps it (`session.check`).
 * @typedef {{fair: any|null, first: import("../net/fairness.js").StageOne|null, job: import("../net/bot-recheck.js").RecheckJob|null,
 *   state: import("../net/bot-recheck.js").RecheckState, code: string|null, ledger: string|null, moves: number,
 *   started: number}} KeptCheck
 */

/** The saved-game id of a guest's game of table `table` (one per table). @param {string} table */
export function guestGameId(table) {
  return `guest-${table}`;
}

/**
 * A check just begun: the host's record kept until stage one has read it.
 * @param {any} fair @param {{code: string|null, ledger: string|null}} codes @returns {KeptCheck}
 */
export function newCheck(fair, codes) {
  const moves = Array.isArray(fair?.actions) ? fair.actions.length : 0;
  return { fair, first: null, job: null, state: recheckState(null), code: codes.code, ledger: codes.ledger, moves, started: Date.now() };
}

/**
 * Stage one's outcome into the kept check: the host's record goes, stage two's job (the moves and the bot
 * moves to search) stays.
 * @param {KeptCheck} check @param {import("../net/fairness.js").StageOne} first @param {any} session
 */
export function afterStageOne(check, first, session) {
  const fair = check.fair;
  check.first = first;
  check.job = first.ok && first.pending.length ? {
    game: session.game, players: session.players, seed: fair.seed, options: session.options ?? {},
    actions: fair.actions.map((/** @type {any} */ a) => ({ seat: a.seat, action: a.action })), checks: first.pending,
  } : null;
  check.fair = null;
}

/** Whether stage two has its answer (or there was none to find). @param {KeptCheck} check */
export function finished(check) {
  if (!check.first) return false;
  if (!check.job) return true;
  const { state } = check;
  return stopped(state) || check.job.checks.every((c) => String(c.step) in state.done);
}

/**
 * The verdict the kept check adds up to now: "checking" until both stages have their answer (with how many
 * bot moves are searched), then stage one's kind, or "failed" when a bot move is not the bot's choice.
 * @param {KeptCheck} check @returns {import("./verdict.js").Verdict}
 */
export function verdictOf(check) {
  const base = { code: check.code, ledger: check.ledger, moves: check.moves };
  const first = check.first;
  if (!first) return { ...base, kind: "checking", reason: "", steps: [], notes: [], bots: null };
  const total = first.pending.length;
  const bots = total ? { total, done: Object.keys(check.state.done).length } : null;
  const verdict = { ...base, kind: first.kind, reason: first.reason, steps: first.steps, notes: first.notes, bots };
  if (!check.job) return verdict;
  if (!finished(check)) return { ...verdict, kind: "checking" };
  const step = recheckStep(check.state);
  return { ...verdict, kind: step.ok ? first.kind : "failed", steps: [...first.steps, step] };
}

/**
 * A check that cannot go on: this device's record of the table is gone (pruned to make room, or the site's
 * data cleared) before the verdict was known.  Nobody's fault; the game is not verified.
 * @param {any} verdict the last verdict saved @returns {import("./verdict.js").Verdict}
 */
export function lostVerdict(verdict) {
  return {
    ...verdict, kind: "failed", bots: null,
    steps: [{ name: "the check ran to its end", ok: false, detail: "this device's record of the table was removed before the check finished", blame: null }],
  };
}

/**
 * The guest's game as a saved game: a finished game that replays and exports like any other, seen from this
 * seat (its own seat a person on this device, the others people elsewhere or bots at their levels).
 * @param {any} session the guest's record @param {any} fair the host's end-of-game record
 * @param {string[]} names @param {import("./verdict.js").Verdict} verdict
 * @returns {import("../store/games-db.js").SavedGame}
 */
export function guestSavedGame(session, fair, names, verdict) {
  const now = Date.now();
  const seats = (session.seating ?? []).map((/** @type {any} */ s, /** @type {number} */ i) => ({
    kind: i === session.seat ? "human" : s.kind === "bot" ? "bot" : "remote",
    name: String(names[i] ?? `Seat ${i + 1}`),
    ...(s.kind === "bot" && s.level ? { level: s.level } : {}),
  }));
  return {
    id: guestGameId(session.table), game: session.game, title: session.title, options: session.options ?? {},
    seed: fair.seed, seats, actions: fair.actions.map((/** @type {any} */ a) => ({ seat: a.seat, action: a.action })),
    result: session.result ?? null, created: now, updated: now,
    guest: { table: session.table, seat: session.seat }, code: verdict.code ?? null, ledger: verdict.ledger ?? null, verdict,
  };
}
