// @ts-check
/**
 * The turns of the people at a table on this device (js/tables/local-table.js):
 * Undo, and the privacy screen.
 *
 * Undo takes back a person's own last move, only while nobody has moved since
 * and only if the move showed nothing hidden (the engine decides: `can_undo`).
 * It is offered beside the board and, with several people here, on the
 * privacy screen that comes up before the next person's turn (the device is
 * still with the person who moved).
 *
 * With two or more people on this device, every way back to a board passes
 * the privacy screen: a different person's turn, a new or resumed game (until
 * someone has been through the screen nobody's hidden pieces are drawn), and
 * the page coming back from the browser's back-forward cache.
 */
import { toast } from "../common/dom.js";

/** @typedef {import("./local-table.js").LocalTable} LocalTable */

/**
 * Whether `seat` could take back the move it just made: only its own, only while
 * nobody has moved since, only if the move showed nothing hidden (the engine decides).
 * @param {LocalTable} table @param {number|null} seat @returns {Promise<boolean>}
 */
export async function canUndo(table, seat) {
  const last = table.saved?.actions.at(-1);
  if (seat === null || !last || last.seat !== seat) return false;
  try {
    return (await table.engine.call("can_undo", { table: table.table, seat })).undo === true;
  } catch {
    return false;
  }
}

/** Show Undo beside the board when `seat` may take its last move back (asked after the board is drawn). @param {LocalTable} table @param {number} seat */
export async function offerUndo(table, seat) {
  const version = table.version;
  const allowed = await canUndo(table, seat);
  if (table.closed || table.version !== version || table.shown !== seat || table.root.dataset.phase !== "move") return;
  table.screen.els.undo.hidden = !allowed;
}

/**
 * Take back `seat`'s last move at the engine and in the saved game; returns the table's status.
 * @param {LocalTable} table @param {number} seat @param {number|null} viewer whose board comes back with the reply
 */
export async function takeBack(table, seat, viewer) {
  const reply = await table.engine.call("undo", { table: table.table, seat, version: table.version, view: viewer });
  table.quiet = true; // the board shows the move going back: nobody's last move to mark
  if (table.saved) {
    const undone = table.saved.actions.pop();
    table.undone = undone && undone.seat === seat ? { seat, action: undone.action } : null;
    table.saved.updated = Date.now();
    table.queueSave();
  }
  table.version = reply.version;
  // the person holding the device took it back: to them it is their own move
  toast(viewer === seat ? "Your last move was taken back." : `${table.names[seat]}'s last move was taken back.`, "info");
  return reply;
}

/**
 * The board of the person whose move was just taken back is up again: a move they had entered in a form (a
 * secret bid, their stakes) comes back filled in as they sent it, to change or send again.  A move made by
 * clicking a piece needs nothing: the piece is back where it was.  A board that can refill a move says so with
 * `restoreMove(action)`; one with its own form and no such method (King's Cottage's stakes) is filled through
 * its hint, which fills that form the same way; a move the board's chooser draws as a piece, or one of the
 * generic forms (whose hint adds a line about a suggestion), is left alone.
 * @param {LocalTable} table @param {number} seat the person now shown
 */
export function restoreUndone(table, seat) {
  const undone = table.undone;
  table.undone = null;
  if (!undone || undone.seat !== seat) return;
  const board = /** @type {any} */ (table.board);
  if (typeof board.restoreMove === "function") {
    board.restoreMove(undone.action);
    return;
  }
  const key = JSON.stringify(undone.action);
  const drawnAsPiece = (board.chooser?.moves ?? []).some((/** @type {any} */ m) => JSON.stringify(m.action) === key);
  const genericForm = (board.state?.forms ?? []).some((/** @type {any} */ f) => f.type === undone.action.type);
  if (typeof board.hint === "function" && !drawnAsPiece && !genericForm) board.hint(undone.action);
}

/** The Undo button: take back the last move of the person on screen and let them move again. @param {LocalTable} table */
export async function undoLastMove(table) {
  const seat = table.shown;
  if (table.busy || table.closed || seat === null) return;
  table.busy = true;
  table.setPhase("busy");
  let status;
  try {
    status = await takeBack(table, seat, seat);
  } catch (err) {
    table.report(err);
    table.busy = false;
    await table.show(seat, true, seat);
    table.setPhase("move");
    return;
  }
  table.busy = false;
  await table.advance(status);
}

/**
 * Hide the board and ask for the device to be handed to `seat`.  While `previous`
 * (the person who just moved) may still take that move back, the screen offers it.
 * @param {LocalTable} table @param {number} seat @param {number|null} [previous]
 * @returns {Promise<"show"|"undo">}
 */
export function privacyScreen(table, seat, previous = null) {
  const takeBackOffer = previous !== null && previous !== seat
    ? { name: table.names[previous], allowed: canUndo(table, previous) } : null;
  return table.screen.passDevice(table.names[seat], takeBackOffer);
}

/**
 * The page was left for another one and is back as it was (the browser's
 * back-forward cache): with several people here, whoever holds the device now
 * may not be the person whose board was showing, so the board goes and the
 * privacy screen comes up before it is drawn again.  (A reload or a page
 * rebuilt from the address resumes the game, which starts behind the screen too.)
 * Dialogs within the table (Rules, Hint, a round's scores) do not re-screen:
 * the person who opened one closes it, and the table stays on screen meanwhile.
 * @param {LocalTable} table
 */
export function rescreen(table) {
  if (table.closed || table.humans.length < 2 || !table.root.isConnected) return;
  table.screened = false;
  const phase = table.root.dataset.phase;
  if (phase === "privacy" || phase === "over" || phase === "elsewhere") return; // hidden already, over, or read-only
  // the board, the side panel and the log may hold the last person's secrets (a private log line)
  table.screen.clear();
  // at a person's turn, that person comes back through the privacy screen; otherwise (bots moving, a round's
  // scores on show, a table stopped on an error) the next drawing is a spectator's and the next turn is screened
  if (phase === "move" || phase === "review") void table.advance();
}
