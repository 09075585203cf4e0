// @ts-check
/**
 * A hint in a form (the table's Hint button at a bid or a trade): the Hard
 * bot's move is filled into the form rather than played, so the page must
 * show which parts it set (marked in blue, as the hint's message says) and
 * never replace what the player had entered without saying so: a line above
 * the fields names what the hint filled in and what of the player's own it
 * replaced, with a button that puts the player's values back.
 */
import { fillNames, h } from "../../common/dom.js";

/**
 * @typedef {{draft: import("../../board/form.js").FormDraft, before: Record<string, number|string[]>, set: string[],
 *   source?: "hint"|"lesson"}} FormHint  source: the Hint button's (the Hard bot's choice), or a lesson's step
 */

/** Whether a field's value is more than nothing (a count above 0, a non-empty list). @param {number|string[]|undefined} value */
function something(value) {
  return Array.isArray(value) ? value.length > 0 : Number(value) > 0;
}

/** A field's value in words: a count, or the plan names of a list. @param {number|string[]} value */
function valueText(value) {
  return Array.isArray(value) ? value.map((k) => k.replace(/_/g, " ")).join(", ") : String(value);
}

/**
 * The fields of `values` that hold something, as "Wood 2, Plans 1" (the form's own labels).
 * @param {import("../../board/form.js").Form} form @param {Record<string, number|string[]>} values @param {string[]} names
 */
function listed(form, values, names) {
  const parts = form.fields.filter((f) => something(values[f.name])).map((f) => `${fillNames(f.label, names)} ${valueText(values[f.name])}`);
  return parts.length ? parts.join(", ") : "nothing";
}

/**
 * Mark in blue the rows the hint filled with something (the send button when it
 * suggests nothing at all), open the sections they are in, and unmark a row
 * as soon as the player changes it.
 * @param {HTMLElement} node the drawn form @param {FormHint} hint
 */
export function markFormHint(node, hint) {
  const values = hint.draft.values;
  let marked = 0;
  for (const name of hint.set) {
    if (!something(values[name])) continue;
    const row = node.querySelector(`.form-row[data-field="${CSS.escape(name)}"]`);
    if (!row) continue;
    row.classList.add("hinted");
    const section = row.closest("details");
    if (section) section.open = true;
    marked += 1;
  }
  if (!marked) node.querySelector(".form-submit")?.classList.add("hinted");
  node.addEventListener("click", (event) => {
    const row = /** @type {Element} */ (event.target).closest?.(".form-row.hinted");
    row?.classList.remove("hinted");
  });
}

/**
 * The line above the fields: what the hint filled in and what it replaced (with
 * "Put mine back"), or, over an empty form, that the player may change it.
 * @param {FormHint} hint @param {string[]} names @param {() => void} onUndo
 */
export function formHintNote(hint, names, onUndo) {
  const form = hint.draft.form;
  const what = form.type === "bid" ? "bids are" : "trade offer is";
  const whose = hint.source === "lesson" ? "The lesson's" : "Hint: the Hard bot's";
  const filled = `${whose} ${what} filled in and marked in blue (${listed(form, hint.draft.values, names)}).`;
  const replaced = hint.set.some((name) => something(hint.before[name])
    && JSON.stringify(hint.before[name]) !== JSON.stringify(hint.draft.values[name]));
  if (!replaced) {
    return h("p", { class: "mn-hint-note", role: "status", id: "mn-hint-note" }, [
      filled, ` Change anything before you ${form.type === "bid" ? "seal" : "send"} it.`,
    ]);
  }
  return h("p", { class: "mn-hint-note", role: "status", id: "mn-hint-note" }, [
    filled, ` It replaced what you had entered (${listed(form, hint.before, names)}). `,
    h("button", { type: "button", class: "mn-hint-undo", id: "mn-hint-undo", onclick: onUndo }, ["Put mine back"]),
  ]);
}
