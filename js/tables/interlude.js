// @ts-check
/**
 * An interlude: a moment of the game a board asks everyone to see before play
 * goes on, such as a round of Castles just scored.  The board says what to
 * show (`board.interlude(view)`, optional in a renderer: a key, a title, a body
 * drawn from the view, the Continue button's words); this file shows it as a
 * modal dialog (js/common/modal.js: Tab stays inside, Escape continues too)
 * and says when the person has pressed Continue.
 *
 * Only public parts of a view belong in an interlude: at a pass-and-play table
 * it shows to whoever holds the device.  The table on this device waits for
 * Continue (its bots too); network tables show it without waiting (see
 * js/tables/table-view.js).
 */
import { h } from "../common/dom.js";
import { openModal } from "../common/modal.js";

/**
 * @typedef {{key: string, title: string, body: Node, button?: string}} Interlude
 *   key: names the moment, so a table shows it once ("round:2"); button: the Continue button's words
 */

/**
 * The interlude a board asks for in `view`, or null (a board without interludes, or nothing to show now).
 * @param {any} board a renderer @param {any} view @returns {Interlude|null}
 */
export function interludeOf(board, view) {
  return view && typeof board?.interlude === "function" ? board.interlude(view) : null;
}

/**
 * Show `pause` in the table's overlay until the person continues (or the
 * overlay is taken for something else, such as the result).
 * @param {HTMLElement} overlay the table's `.overlay` @param {Interlude} pause @param {Element} scope made inert meanwhile
 * @returns {Promise<void>} settled when the dialog has gone
 */
export function showInterlude(overlay, pause, scope) {
  return new Promise((resolve) => {
    const close = () => {
      if (overlay.contains(dialog)) {
        overlay.hidden = true;
        overlay.replaceChildren();
      }
      resolve();
    };
    const dialog = h("div", { class: "dialog interlude", id: "interlude", role: "dialog", "data-interlude": pause.key }, [
      h("h2", {}, [pause.title]),
      pause.body,
      h("div", { class: "dialog-buttons" }, [
        h("button", { type: "button", class: "primary", id: "interlude-continue", onclick: close }, [pause.button ?? "Continue"]),
      ]),
    ]);
    overlay.replaceChildren(dialog);
    overlay.hidden = false;
    const closed = openModal(dialog, { scope, initial: /** @type {HTMLElement} */ (dialog.querySelector("#interlude-continue")), onEscape: close });
    dialog.scrollTop = 0; // the focus on Continue may have scrolled a tall dialog: it reads from its title down
    // replaced by another screen (a network table's result): nothing to wait for any more
    const watch = new MutationObserver(() => {
      if (dialog.isConnected && !overlay.hidden) return;
      watch.disconnect();
      closed();
      resolve();
    });
    watch.observe(overlay, { childList: true, attributes: true, attributeFilter: ["hidden"] });
  });
}
