// @ts-check
/**
 * The secret investment form: a stake from -3 to +3 for each craft house.
 * It shows the running sum and only lets a split be sent when the four stakes
 * add up to zero and the split is one of the legal actions it was given.
 */
import { h } from "../../common/dom.js";
import { SUIT_COLOURS } from "../../board/piecepack.js";
import { showPendingForm } from "../../board/pending.js";
import { houseName } from "./pieces.js";

const STAKES = [-3, -2, -1, 0, 1, 2, 3];

/** "+2", "0", "−3" (a real minus sign). */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/**
 * @param {string[]} houses in score-sheet order
 * @param {Record<string, number>} draft the stakes chosen so far (edited in place)
 * @param {any[]} legal the invest actions on offer
 * @param {(action: any) => void} onInvest
 */
export function investForm(houses, draft, legal, onInvest) {
  /** The legal action matching the draft, if any. */
  const match = () => legal.find((a) => a.type === "invest" && houses.every((hs) => a[hs] === draft[hs]));
  const sumText = h("output", { class: "kc-sum", id: "kc-sum", "aria-live": "polite" });
  const submit = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary", id: "kc-invest-submit" }, ["Invest in secret"]));

  function refresh() {
    const total = houses.reduce((s, hs) => s + draft[hs], 0);
    const ok = total === 0 && Boolean(match());
    sumText.textContent = total === 0 ? "Sum: 0 ✓" : `Sum: ${signed(total)} — must be 0`;
    sumText.classList.toggle("bad", total !== 0);
    submit.disabled = !ok;
    form.querySelectorAll("input[type=radio]").forEach((node) => {
      const input = /** @type {HTMLInputElement} */ (node);
      input.checked = draft[input.name.slice(3)] === Number(input.value);
    });
  }

  const rows = houses.map((house) => h("fieldset", { class: "kc-stake", "data-house": house }, [
    h("legend", {}, [
      h("span", { class: "swatch", style: `background:${SUIT_COLOURS[house]}` }),
      houseName(house),
    ]),
    h("div", { class: "kc-stake-choices" }, STAKES.map((v) => h("label", { class: "kc-stake-choice", title: `${signed(v)} on ${houseName(house)}` }, [
      h("input", {
        type: "radio", name: `kc-${house}`, value: v, "data-stake": v,
        onchange: () => { draft[house] = v; refresh(); },
      }),
      h("span", {}, [signed(v)]),
    ]))),
  ]));

  const form = h("form", {
    class: "kc-invest", id: "kc-invest", "aria-label": "Your secret investments",
    onsubmit: (event) => {
      event.preventDefault();
      const action = match();
      if (!action) return;
      submit.disabled = true;
      showPendingForm(/** @type {HTMLFormElement} */ (form), submit); // shown before the engine answers
      onInvest(action);
    },
  }, [
    h("p", { class: "kc-invest-help" }, [
      "Give each craft house a stake from −3 to +3; the four must add up to zero. ",
      "At the end your profit is each stake times what that house earned. Nobody sees your stakes until then.",
    ]),
    h("div", { class: "kc-stakes" }, rows),
    h("div", { class: "kc-invest-foot" }, [
      sumText,
      h("button", { type: "button", onclick: () => { houses.forEach((hs) => { draft[hs] = 0; }); refresh(); } }, ["Reset"]),
      submit,
    ]),
  ]);
  refresh();
  return form;
}
