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
 *   (data-fair="checking") while stage two searches the bots' moves again
 *   ("Checking the game with this device's own engine…" before stage one is done);
 * - "Not verified: …" (data-fair="failed") names the check, and the host when
 *   the failure points at it.
 * Every verdict carries the table code and the ledger code, which the people
 * at the table can compare.  The lobby's saved games show the same verdict in
 * a line (`drawVerdictLine`): "Checking the bots' moves: k of N", "Verified
 * fair", "Moves verified; …", "Not verified: …".  Names go in as text.
 */
import { fillNames, h } from "../common/dom.js";
import { count } from "../common/plural.js";

/**
 * @typedef {{kind: string, ok?: boolean, reason?: string, steps?: any[], notes?: string[], code?: string|null,
 *   ledger?: string|null, moves?: number, bots?: {total: number, done: number}|null}} Verdict
 */

/** What the check says before stage one has its answer. */
export const CHECKING_GAME = "Checking the game with this device's own engine…";

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
  if (v.kind === "checking" && !v.bots) return CHECKING_GAME;
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
  if (v.kind === "checking" && v.bots) children.push(progressBar(v.bots));
  const codes = codesLine(v);
  if (codes) children.push(h("span", { class: "fair-codes" }, [` ${codes}.`]));
  for (const note of v.notes ?? []) children.push(h("span", { class: "fair-note" }, [` ${fillNames(note, names)}`]));
  el.replaceChildren(...children);
}

/** How far stage two is, as a bar. @param {{total: number, done: number}} bots */
function progressBar(bots) {
  return h("progress", { class: "fair-progress", max: String(bots.total), value: String(bots.done), "aria-label": "Bot moves searched again" });
}

/**
 * The verdict in a few words, for the lobby's list of saved games.
 * @param {Verdict} v @param {string[]} names
 */
export function verdictLabel(v, names) {
  if (v.kind === "checking") {
    return v.bots ? `Checking the bots' moves: ${v.bots.done} of ${v.bots.total}` : "Checking the game…";
  }
  if (v.kind === "fair") return "Verified fair";
  if (v.kind === "failed") {
    const failed = (v.steps ?? []).find((s) => !s.ok);
    return `Not verified: the check "${failed?.name ?? "of the game"}" failed`;
  }
  return `Moves verified; ${fillNames(String(v.reason ?? ""), names).replace(/\.+$/, "")}`;
}

/**
 * Draw a saved game's verdict line into `el` (its look in data-fair, as at the table), with the progress bar
 * while the bots' moves are searched again and the codes to compare.
 * @param {HTMLElement} el @param {Verdict} v @param {string[]} names
 */
export function drawVerdictLine(el, v, names) {
  el.dataset.fair = verdictLook(v);
  el.dataset.kind = v.kind;
  // each code whole on its line: a code broken in two is hard to read out to the others
  const codes = [v.code ? `Table code ${v.code}` : "", v.ledger ? `ledger code ${v.ledger}` : ""].filter(Boolean)
    .flatMap((text) => [" · ", h("span", { class: "fair-code" }, [text])]);
  el.replaceChildren(h("span", { class: "fair-headline" }, [verdictLabel(v, names)]), ...codes,
    v.kind === "checking" && v.bots ? progressBar(v.bots) : "");
}
