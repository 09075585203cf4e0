// @ts-check
/**
 * What the table says when a move could not be saved (the browser's storage is
 * full, or the database was closed by another tab's newer Parlour).  Nothing
 * is lost while the tab stays open: the game goes on in memory, the table
 * saves the whole game again after every move (so the failed save is retried
 * with the next one), and "Export record" writes the game as it is in memory.
 *
 * At a table with two or more people on this device, an unfinished game's
 * record would show every hidden piece to whoever reads it, so there the
 * export is offered only once the game is over (as the table bar does), and
 * the notice says what helps meanwhile.
 */
import { h, toast } from "../common/dom.js";
import { StorageFullError } from "../store/games-db.js";

export class SaveStatus {
  /**
   * @param {{canExport: () => boolean, exportRecord: () => void, retry: () => void}} actions
   *   canExport: whether exporting now reveals nothing (one person here, or the game is over)
   */
  constructor(actions) {
    this.actions = actions;
    /** The notice under the table bar; hidden while saves go through. */
    this.el = h("div", { class: "save-problem", id: "save-problem", role: "alert", hidden: true });
    /** @type {any} the last save's failure, while no save has gone through since */
    this.failure = null;
    this.afterMove = true;
  }

  /** A save went through: a notice up to now goes, and the person hears the game is safe again. */
  saved() {
    if (!this.failure) return;
    this.failure = null;
    this.el.hidden = true;
    this.el.replaceChildren();
    toast("Saved again: every move of this game is kept on this device.", "info");
  }

  /**
   * A save failed: say so at the table (and keep saying it until one goes through).
   * @param {any} err @param {boolean} afterMove false for the game's first save, before any move
   */
  failed(err, afterMove) {
    this.failure = err;
    this.afterMove = afterMove;
    this.draw();
  }

  /** Draw the notice again (after the game ends, export may be offered). */
  refresh() {
    if (this.failure) this.draw();
  }

  draw() {
    const err = this.failure;
    const full = err instanceof StorageFullError;
    const why = full
      ? "the browser's storage for Parlour is full."
      : `${err && err.message || err}`;
    const exportable = this.actions.canExport();
    this.el.dataset.reason = full ? "full" : "other";
    this.el.replaceChildren(
      h("p", { class: "save-problem-what" }, [h("strong", {}, [this.afterMove ? "This move could not be saved: " : "This game could not be saved: "]), why]),
      h("p", {}, [
        "The game goes on here and Parlour tries again after every move, but if this tab closes first, "
          + "the unsaved moves are lost. ",
        exportable
          ? "Export the record to keep every move in a file. "
          : "Export record is offered when the game is over (before then the record would show everyone's hidden pieces). ",
        full ? "Deleting finished games in the lobby (in another tab) frees room." : "",
      ]),
      h("div", { class: "save-problem-buttons" }, [
        exportable
          ? h("button", { type: "button", class: "primary export-now", onclick: () => this.actions.exportRecord() }, ["Export record"])
          : "",
        h("button", { type: "button", class: "save-retry", onclick: () => this.actions.retry() }, ["Try saving again"]),
      ]),
    );
    this.el.hidden = false;
  }
}
