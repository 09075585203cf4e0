// @ts-check
/**
 * The whole plans deck, as a dialog a player can open at any time: every kind
 * with its card, cost, points, what it counts as and how many copies exist.
 * It lies over the whole page (js/common/modal.js: Tab stays in it, Escape or
 * Close shuts it, the focus goes back to the button that opened it) and
 * outlives the board's redraws while bots move.
 */
import { h } from "../../common/dom.js";
import { openModal } from "../../common/modal.js";
import { card, costText } from "./cards.js";

const ROLE_TEXT = { staircase: "staircase", bathroom: "bathroom", bedroom: "bedroom", room: "—" };

/** @param {any[]} plans the view's deck list @param {() => void} onClose */
export function deckListDialog(plans, onClose) {
  const total = plans.reduce((s, p) => s + p.copies, 0);
  return h("div", { class: "dialog mn-deck-dialog", role: "dialog", "aria-modal": "true", id: "mn-deck-list", "aria-labelledby": "mn-deck-title" }, [
    h("h2", { id: "mn-deck-title" }, [`The plans deck (${total} cards)`]),
    h("div", { class: "mn-deck-scroll", tabindex: "0", "aria-label": "Every plan in the deck" }, [
      h("table", { class: "score-table mn-deck-table" }, [
        h("thead", {}, [h("tr", {}, ["Card", "Plan", "Counts as", "Cost", "Points", "Copies"].map((t) => h("th", {}, [t])))]),
        h("tbody", {}, plans.map((p) => h("tr", { "data-kind": p.kind }, [
          h("td", {}, [card(p, { size: "mini" })]),
          h("th", {}, [p.label]),
          h("td", {}, [ROLE_TEXT[p.role] ?? p.role]),
          h("td", {}, [costText(p)]),
          h("td", {}, [String(p.points)]),
          h("td", {}, [String(p.copies)]),
        ]))),
      ]),
    ]),
    h("div", { class: "dialog-buttons" }, [h("button", { type: "button", class: "primary", id: "mn-deck-close", onclick: onClose }, ["Close"])]),
  ]);
}

/**
 * Show the deck list over the page until it is closed.
 * @param {any[]} plans the view's deck list
 */
export function showDeckList(plans) {
  document.getElementById("mn-deck-list")?.closest(".overlay")?.remove();
  const overlay = h("div", { class: "overlay mn-overlay" });
  let close = () => {};
  const shut = () => { close(); overlay.remove(); };
  const dialog = deckListDialog(plans, shut);
  overlay.append(dialog);
  overlay.addEventListener("click", (e) => { if (e.target === overlay) shut(); });
  document.body.append(overlay);
  close = openModal(dialog, { initial: /** @type {HTMLElement} */ (dialog.querySelector("#mn-deck-close")), onEscape: shut });
}
