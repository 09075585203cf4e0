// @ts-check
/**
 * The words at the top of every result dialog (local, host, guest and replay
 * tables alike), so a shared win reads the same in the headline, the engine's
 * ending sentence and the log.
 */
import { fillNames, h } from "../common/dom.js";

/**
 * Who is to move, as a suffix for a table's status line.
 * @param {number[]} toMove @param {number|null} me this device's seat @param {string[]} names
 */
export function moverSuffix(toMove, me, names) {
  if (!toMove.length) return "";
  if (me !== null && toMove.includes(me)) return toMove.length > 1 ? " · your choice (in secret)" : " · your move";
  return ` · ${toMove.map((s) => names[s]).join(", ")} to move`;
}

/**
 * "Ada wins!", "Ada and Brune share the win." or, when every seat won, "A draw: everyone shares the win."
 * @param {number[]} winners @param {string[]} names
 */
export function resultHeadline(winners, names) {
  const who = winners.map((w) => names[w]);
  if (who.length === 1) return `${who[0]} wins!`;
  if (who.length === names.length) return "A draw: everyone shares the win.";
  return `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]} share the win.`;
}

/**
 * The engine's sentences on why the game ended and why the result is what it is (text, never markup).
 * @param {string|undefined|null} ending @param {string[]} names @returns {HTMLElement|null}
 */
export function endingParagraph(ending, names) {
  return ending ? h("p", { class: "result-ending" }, [fillNames(ending, names)]) : null;
}
