// @ts-check
/**
 * The move log's panel beside (or, on a phone, under) the board: the
 * heading "Moves" and the list.  On a phone the side panel used to come
 * first, so the log sat far below the board; there the panel comes straight
 * under the board instead (css/parlour.css), a few of the newest lines high,
 * with a button to show more of it and back (issue 26).  On a wide screen
 * the button is not shown and the panel is as before.
 */
import { h } from "../common/dom.js";

/**
 * @param {HTMLElement} list the log's <ol> (js/tables/move-log.js keeps it; it may replace it, inside this panel)
 * @returns {HTMLElement}
 */
export function movesPanel(list) {
  const panel = h("section", { class: "moves-panel", "aria-label": "Moves" });
  const toggle = /** @type {HTMLButtonElement} */ (h("button", {
    type: "button", class: "moves-toggle", "aria-expanded": "false",
    onclick: () => {
      const open = panel.classList.toggle("expanded");
      toggle.setAttribute("aria-expanded", String(open));
      toggle.textContent = open ? "Show fewer" : "Show all";
      const log = panel.querySelector(".log");
      if (log) log.scrollTop = log.scrollHeight; // the newest lines stay in sight either way
    },
  }, ["Show all"]));
  panel.append(h("div", { class: "moves-head" }, [h("h3", {}, ["Moves"]), toggle]), list);
  return panel;
}
