// @ts-check
/**
 * The whole plans deck, as a dialog a player can open at any time: every kind
 * with its card, cost, points, what it counts as and how many copies exist.
 */
import { h } from "../../common/dom.js";
import { card, costText } from "./cards.js";

const ROLE_TEXT = { staircase: "staircase", bathroom: "bathroom", bedroom: "bedroom", room: "—" };

/** @param {any[]} plans the view's deck list @param {() => void} onClose */
export function deckListDialog(plans, onClose) {
  const total = plans.reduce((s, p) => s + p.copies, 0);
  return h("div", { class: "dialog mn-deck-dialog", role: "dialog", "aria-modal": "true", id: "mn-deck-list" }, [
    h("h2", {}, [`The plans deck (${total} cards)`]),
    h("div", { class: "mn-deck-scroll" }, [
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
    h("div", { class: "dialog-buttons" }, [h("button", { type: "button", class: "primary", onclick: onClose }, ["Close"])]),
  ]);
}
