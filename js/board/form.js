// @ts-check
/**
 * Draws a game's form (a move with numeric or chosen parts, such as a secret
 * bid or a trade offer; docs/ARCHITECTURE.md, "Forms") and turns what the
 * player sets into one action.
 *
 * It knows no rules: it reads the limits the form states (each field's range,
 * the totals, the shared pools) so steppers stop where the form says and the
 * send button waits until every stated limit holds.  The engine still checks
 * the action and refuses anything else with its own message.
 */
import { fillNames, h } from "../common/dom.js";
import { showPendingForm } from "./pending.js";

/**
 * @typedef {{name: string, label: string, kind?: "count"|"pick", min: number, max: number,
 *   choices?: string[], counts?: number[], pool?: string, group?: string}} Field
 * @typedef {{fields: string[], at_most?: number|null, at_least?: number|null, label: string,
 *   message?: string, message_least?: string}} Total
 * @typedef {{name: string, label?: string, choices: string[], counts?: number[]}} Pool
 * @typedef {{type: string, title: string, fixed?: Record<string, any>, fields: Field[], totals?: Total[], pools?: Pool[]}} Form
 */

/** @param {string[]} choices @param {number[]|undefined} counts */
function multiset(choices, counts) {
  /** @type {Map<string, number>} */
  const out = new Map();
  choices.forEach((c, i) => out.set(c, (out.get(c) ?? 0) + (counts ? counts[i] : 1)));
  return out;
}

/** What a player has set in a form so far; kept by the board across redraws. */
export class FormDraft {
  /** @param {Form} form */
  constructor(form) {
    this.form = form;
    /** The form as it was drawn, so a changed form (new limits) starts a fresh draft. */
    this.signature = JSON.stringify(form);
    /** @type {Record<string, number|string[]>} */
    this.values = Object.fromEntries(form.fields.map((f) => [f.name, isPick(f) ? [] : f.min]));
  }

  /** @param {Form} form */
  fits(form) {
    return JSON.stringify(form) === this.signature;
  }

  /** @param {string} name */
  amount(name) {
    const v = this.values[name];
    return Array.isArray(v) ? v.length : Number(v);
  }

  /** @param {Total} total */
  sum(total) {
    return total.fields.reduce((s, name) => s + this.amount(name), 0);
  }

  /** How many more units `field` may take before its max or a total's at_most. @param {Field} field */
  room(field) {
    let more = field.max - this.amount(field.name);
    for (const total of this.form.totals ?? []) {
      if (total.fields.includes(field.name) && total.at_most !== undefined && total.at_most !== null) {
        more = Math.min(more, total.at_most - this.sum(total));
      }
    }
    return Math.max(more, 0);
  }

  /** The choices `field` may still take one more of, with how many are left of each. @param {Field} field */
  available(field) {
    const pool = field.pool ? (this.form.pools ?? []).find((p) => p.name === field.pool) : null;
    const have = pool ? multiset(pool.choices, pool.counts) : multiset(field.choices ?? [], field.counts);
    const users = field.pool ? this.form.fields.filter((f) => f.pool === field.pool) : [field];
    for (const f of users) {
      for (const c of /** @type {string[]} */ (this.values[f.name])) have.set(c, (have.get(c) ?? 0) - 1);
    }
    return have;
  }

  /** @param {Field} field @param {number} by */
  step(field, by) {
    const now = this.amount(field.name);
    const next = by > 0 ? now + Math.min(by, this.room(field)) : Math.max(field.min, now + by);
    this.values[field.name] = next;
  }

  /** @param {Field} field @param {string} choice @param {number} by */
  pick(field, choice, by) {
    const list = /** @type {string[]} */ (this.values[field.name]);
    if (by > 0 && this.room(field) > 0 && (this.available(field).get(choice) ?? 0) > 0) list.push(choice);
    if (by < 0 && list.includes(choice) && list.length > field.min) list.splice(list.lastIndexOf(choice), 1);
  }

  reset() {
    for (const f of this.form.fields) this.values[f.name] = isPick(f) ? [] : f.min;
  }

  /** The first stated limit the draft breaks, in the form's own words; null when it may be sent. */
  problem() {
    for (const total of this.form.totals ?? []) {
      const sum = this.sum(total);
      const most = total.at_most, least = total.at_least;
      if (most !== undefined && most !== null && sum > most) {
        return fillTotal(total.message ?? "{label}: {total} is more than {limit}.", sum, most, total.label);
      }
      if (least !== undefined && least !== null && sum < least) {
        return fillTotal(total.message_least ?? "{label}: {total} is fewer than {limit}.", sum, least, total.label);
      }
    }
    for (const f of this.form.fields) {
      if (this.amount(f.name) < f.min) return `${f.label}: at least ${f.min}.`;
    }
    return null;
  }

  /** The action the draft makes. */
  action() {
    const values = Object.fromEntries(Object.entries(this.values).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
    return { ...(this.form.fixed ?? {}), ...values, type: this.form.type };
  }
}

/** @param {Field} f */
const isPick = (f) => f.kind === "pick";

/** @param {string} text @param {number} total @param {number} limit @param {string} label */
function fillTotal(text, total, limit, label) {
  return text.replace("{total}", String(total)).replace("{limit}", String(limit)).replace("{label}", label);
}

/**
 * @typedef {{names: string[], submitLabel: string, onSubmit: (action: any) => void, onCancel?: () => void,
 *   help?: (Node|string)[], choiceLabel?: (choice: string) => string, fieldLabel?: (field: Field) => string,
 *   className?: string, id?: string}} FormOptions
 */

/**
 * The form as a <form>: fields by group, a stepper for each count, a row of
 * choices for each pick, a line per total, and Reset / send (/ Cancel).
 * @param {FormDraft} draft @param {FormOptions} opts
 */
export function drawForm(draft, opts) {
  const form = draft.form;
  const names = opts.names;
  const label = (/** @type {Field} */ f) => fillNames(opts.fieldLabel ? opts.fieldLabel(f) : f.label, names);
  const choiceLabel = opts.choiceLabel ?? ((c) => c);
  const totalsLine = h("div", { class: "form-totals", "aria-live": "polite" });
  const problemLine = h("p", { class: "form-problem", "aria-live": "polite" });
  const submit = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary form-submit" }, [opts.submitLabel]));
  /** @type {Map<string, HTMLElement>} */
  const rows = new Map();

  function countRow(/** @type {Field} */ f) {
    const out = h("output", { class: "form-value", "data-value": f.name, "aria-live": "polite" });
    const row = h("div", { class: "form-row form-count", "data-field": f.name }, [
      h("span", { class: "form-label" }, [label(f)]),
      h("button", { type: "button", class: "form-step", "data-step": "-1", "aria-label": `${label(f)}: one less`,
        onclick: () => { draft.step(f, -1); refresh(); } }, ["−"]),
      out,
      h("button", { type: "button", class: "form-step", "data-step": "+1", "aria-label": `${label(f)}: one more`,
        onclick: () => { draft.step(f, 1); refresh(); } }, ["+"]),
      h("button", { type: "button", class: "form-step form-all", "data-step": "all", "aria-label": `${label(f)}: max (as many as allowed)`,
        onclick: () => { draft.step(f, draft.room(f)); refresh(); } }, ["max"]),
    ]);
    rows.set(f.name, row);
    return row;
  }

  function pickRow(/** @type {Field} */ f) {
    const row = h("div", { class: "form-row form-pick", "data-field": f.name }, [h("span", { class: "form-label" }, [label(f)])]);
    const chips = h("div", { class: "form-chips" });
    row.append(chips);
    rows.set(f.name, row);
    return row;
  }

  function drawChips(/** @type {Field} */ f) {
    const row = /** @type {HTMLElement} */ (rows.get(f.name));
    const chips = /** @type {HTMLElement} */ (row.querySelector(".form-chips"));
    const chosen = /** @type {string[]} */ (draft.values[f.name]);
    const left = draft.available(f);
    const offered = [...left.keys()].filter((c) => (left.get(c) ?? 0) > 0 || chosen.includes(c));
    if (!offered.length) {
      chips.replaceChildren(h("span", { class: "form-none" }, ["none to choose"]));
      return;
    }
    const room = draft.room(f);
    chips.replaceChildren(...offered.map((c) => {
      const n = chosen.filter((x) => x === c).length;
      return h("span", { class: `form-chip${n ? " chosen" : ""}`, "data-choice": c }, [
        h("button", { type: "button", class: "form-chip-add", disabled: room <= 0 || (left.get(c) ?? 0) <= 0,
          title: `Add ${choiceLabel(c)}`, onclick: () => { draft.pick(f, c, 1); refresh(); } },
        [choiceLabel(c), n ? ` ×${n}` : ""]),
        n ? h("button", { type: "button", class: "form-chip-remove", "aria-label": `Remove one ${choiceLabel(c)}`,
          onclick: () => { draft.pick(f, c, -1); refresh(); } }, ["×"]) : null,
      ]);
    }));
  }

  function refresh() {
    const focused = document.activeElement instanceof HTMLElement && node.contains(document.activeElement) ? document.activeElement : null;
    const chip = focused?.closest(".form-chip");
    const where = focused && { row: focused.closest(".form-row"), choice: chip?.getAttribute("data-choice"), cls: focused.className };
    for (const f of form.fields) {
      const row = /** @type {HTMLElement} */ (rows.get(f.name));
      if (isPick(f)) { drawChips(f); continue; }
      const value = draft.amount(f.name);
      /** @type {HTMLElement} */ (row.querySelector("output")).textContent = String(value);
      const [less, more, all] = /** @type {HTMLButtonElement[]} */ ([...row.querySelectorAll("button")]);
      less.disabled = value <= f.min;
      more.disabled = all.disabled = draft.room(f) <= 0;
    }
    totalsLine.replaceChildren(...(form.totals ?? []).filter((t) => t.at_most !== undefined && t.at_most !== null).map((t) => {
      const sum = draft.sum(t);
      const most = /** @type {number} */ (t.at_most);
      return h("span", { class: `form-total${sum > most ? " bad" : ""}`, "data-total": t.label }, [
        `${fillNames(t.label, names)}: ${sum} of ${most} used, ${Math.max(most - sum, 0)} left`,
      ]);
    }));
    const problem = draft.problem();
    problemLine.textContent = problem ? fillNames(problem, names) : "";
    submit.disabled = problem !== null;
    if (where) keepFocus(where);
  }

  /**
   * A button the keyboard was on may have been disabled (a stepper at its
   * limit) or drawn anew (a chip): put the focus on the same one again, else
   * on the nearest live button of its row, else on the form's buttons.
   * @param {{row: Element|null, choice: string|null|undefined, cls: string}} where
   */
  function keepFocus(where) {
    const active = document.activeElement;
    if (active instanceof HTMLButtonElement && !active.disabled && node.contains(active)) return;
    const live = (/** @type {ParentNode|null} */ within) => /** @type {HTMLButtonElement[]} */ ([...(within?.querySelectorAll("button") ?? [])])
      .filter((b) => !b.disabled);
    const again = where.choice
      ? live(where.row).find((b) => b.closest(".form-chip")?.getAttribute("data-choice") === where.choice && b.className === where.cls)
      : undefined;
    const next = again ?? live(where.row)[0] ?? live(node.querySelector(".form-buttons"))[0];
    next?.focus();
  }

  /** @type {Map<string, Field[]>} */
  const groups = new Map();
  for (const f of form.fields) {
    const key = f.group ?? "";
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const sections = [...groups.entries()].map(([group, fields], i) => {
    const body = fields.map((f) => (isPick(f) ? pickRow(f) : countRow(f)));
    if (!group) return h("div", { class: "form-group" }, body);
    return h("details", { class: "form-group", open: i === 0, "data-group": group }, [
      h("summary", {}, [fillNames(group, names)]), ...body,
    ]);
  });

  const node = h("form", {
    class: `parlour-form ${opts.className ?? ""}`.trim(), id: opts.id, "data-form": form.type, "aria-label": form.title,
    onsubmit: (/** @type {Event} */ event) => {
      event.preventDefault();
      if (draft.problem() !== null) return;
      submit.disabled = true;
      showPendingForm(/** @type {HTMLFormElement} */ (node), submit); // shown before the engine answers
      opts.onSubmit(draft.action());
    },
  }, [
    h("h3", { class: "form-title" }, [fillNames(form.title, names)]),
    opts.help ? h("p", { class: "form-help" }, opts.help) : null,
    ...sections,
    totalsLine,
    problemLine,
    h("div", { class: "form-buttons" }, [
      opts.onCancel ? h("button", { type: "button", class: "form-cancel", onclick: opts.onCancel }, ["Cancel"]) : null,
      h("button", { type: "button", class: "form-reset", onclick: () => { draft.reset(); refresh(); } }, ["Reset"]),
      submit,
    ]),
  ]);
  refresh();
  return node;
}
