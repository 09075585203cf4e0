// @ts-check
/**
 * A network guest's verdict on screen (the result dialog's fairness line, and
 * the saved-games list): each kind has its own sentence and look.
 *
 * - "Verified fair" (data-fair="ok") only when every check of both stages
 *   holds and this device's own random bytes are in the seed;
 * - "Moves verified; …" (data-fair="moves") says why it is weaker: the deal was
 *   made before this device joined, its bytes never reached the host, a seat
 *   was dealt out, or it watched;
 * - "Moves, deal and signatures verified; checking the bots' N moves: k of N"
 *   (data-fair="checking") while stage two searches the bots' moves again;
 * - "Not verified: …" (data-fair="failed") names the check, and the host when
 *   the failure points at it.
 * Every verdict carries the table code and the ledger code, which the people
 * at the table can compare.  Names go in as text.
 */
import { fillNames, h } from "../common/dom.js";
import { count } from "../common/plural.js";

/**
 * @typedef {{kind: string, ok?: boolean, reason?: string, steps?: any[], notes?: string[], code?: string|null,
 *   ledger?: string|null, moves?: number, bots?: {total: number, done: number}|null}} Verdict
 */

/** data-fair of a verdict. @param {Verdict} v */
export function verdictLook(v) {
  if (v.kind === "checking") return "checking";
  if (v.kind === "failed") return "failed";
  return v.kind === "fair" ? "ok" : "moves";
}

/**
 * The verdict's headline, one sentence.
 * @param {Verdict} v @param {string[]} names
 */
export function verdictHeadline(v, names) {
  const steps = v.steps ?? [];
  const moves = v.moves ?? 0;
  const replayed = moves === 1 ? "the 1 move" : `all ${moves} moves`;
  const bots = v.bots?.total ?? 0;
  const searched = bots ? `, and searched ${count(bots, "bot move")} again` : "";
  if (v.kind === "checking") {
    return `Moves, deal and signatures verified; checking the bots' ${count(bots, "move")}: ${v.bots?.done ?? 0} of ${bots}.`;
  }
  if (v.kind === "failed") {
    const failed = steps.find((s) => !s.ok);
    return `Not verified: the check "${failed?.name}" failed: ${String(failed?.detail ?? "").replace(/\.+$/, "")}.`
      + (failed?.blame === "host" ? " The host's device is responsible." : "");
  }
  const checks = `${count(steps.length, "check")}`;
  if (v.kind === "fair") {
    return `Verified fair: this device replayed ${replayed}, every view it was shown, the deal and every player's signature`
      + `${searched} (${checks}).`;
  }
  return `Moves verified; ${fillNames(String(v.reason ?? ""), names).replace(/\.+$/, "")}. This device replayed ${replayed}, `
    + `every view it was shown and every player's signature${searched} (${checks}).`;
}

/** "Table code XXXX-XXXX · ledger code YYYY-YYYY", or "" when neither is known. @param {Verdict} v */
export function codesLine(v) {
  const parts = [];
  if (v.code) parts.push(`Table code ${v.code}`);
  if (v.ledger) parts.push(`ledger code ${v.ledger}`);
  return parts.join(" · ");
}

/**
 * Draw a verdict into `el` (the result dialog's #fairness line).
 * @param {HTMLElement} el @param {Verdict} v @param {string[]} names
 */
export function drawVerdict(el, v, names) {
  el.dataset.fair = verdictLook(v);
  el.dataset.kind = v.kind;
  const children = [h("span", { class: "fair-headline" }, [verdictHeadline(v, names)])];
  if (v.kind === "checking" && v.bots) {
    children.push(h("progress", { class: "fair-progress", max: String(v.bots.total), value: String(v.bots.done),
      "aria-label": "Bot moves searched again" }));
  }
  const codes = codesLine(v);
  if (codes) children.push(h("span", { class: "fair-codes" }, [` ${codes}.`]));
  for (const note of v.notes ?? []) children.push(h("span", { class: "fair-note" }, [` ${fillNames(note, names)}`]));
  el.replaceChildren(...children);
}
