// @ts-check
/**
 * The result dialog of a finished game, the same at every table (on this
 * device, hosted, joined): "See the board" puts it aside to look at the final
 * position, and a "Result" button in the table bar brings it back, as often
 * as wanted (issue 26: once put aside it was gone for good).
 */
import { h } from "../common/dom.js";
import { openModal } from "../common/modal.js";

export class ResultDialog {
  /**
   * @param {HTMLElement} overlay the table's overlay, which holds its dialogs
   * @param {HTMLElement} scope the table, made inert around the dialog
   */
  constructor(overlay, scope) {
    this.overlay = overlay;
    this.scope = scope;
    /** @type {HTMLElement|null} the dialog last shown */
    this.dialog = null;
    /** Closes the dialog as a modal (the table comes back to life). */
    this.close = () => {};
    /** For the table bar: hidden until the result has been put aside. */
    this.reopen = /** @type {HTMLButtonElement} */ (h("button", {
      type: "button", class: "show-result", id: "show-result", hidden: true,
      title: "Show the result of the game again", onclick: () => this.open(),
    }, ["Result"]));
  }

  /** The button that puts the dialog aside, for the dialog's own row of buttons. */
  seeBoardButton() {
    return h("button", { type: "button", class: "see-board", onclick: () => this.putAside() }, ["See the board"]);
  }

  /** Show `dialog` (a `.dialog.result` element) over the table. @param {HTMLElement} dialog */
  show(dialog) {
    this.dialog = dialog;
    this.open();
  }

  /** Show the dialog again (the bar's "Result"). */
  open() {
    if (!this.dialog) return;
    this.overlay.replaceChildren(this.dialog);
    this.overlay.hidden = false;
    this.reopen.hidden = true;
    this.close = openModal(this.dialog, { scope: this.scope, onEscape: () => this.putAside() });
  }

  /** Look at the board: the dialog goes, the bar offers it back and takes the focus, so Enter brings it back. */
  putAside() {
    this.close();
    this.overlay.hidden = true;
    this.reopen.hidden = false;
    this.reopen.focus();
  }

  /** The table moved on from its result (a new game, a redraw): nothing to bring back. */
  forget() {
    this.dialog = null;
    this.reopen.hidden = true;
  }
}
