// @ts-check
/**
 * "Let's Make a Deal" on screen: the trade form (the platform's form, one
 * section per other player: what you give, what you get) and the pending
 * offer, with Accept and Decline for the seat that must answer.
 */
import { fillNames, h } from "../../common/dom.js";
import { drawForm } from "../../board/form.js";
import { tokenCount } from "./cards.js";

const TOKENS = ["coins", "wood", "marble", "plumbing"];

/**
 * @param {import("../../board/form.js").FormDraft} draft @param {string[]} names
 * @param {Record<string, any>} plans @param {(action: any) => void} onSubmit @param {() => void} onCancel
 */
export function tradeForm(draft, names, plans, onSubmit, onCancel) {
  return drawForm(draft, {
    names, id: "mn-trade-form", className: "mn-trade-form", submitLabel: "Offer this trade",
    help: [
      "Name what you give and what you get with each player. Everyone you name answers in turn; ",
      "the trade happens only if all of them accept. Only what is held now can be traded.",
    ],
    fieldLabel: (f) => {
      const [, side, item] = /^(give|get)\d+_(\w+)$/.exec(f.name) ?? [];
      return side ? `${side === "give" ? "You give" : "You get"}: ${item}` : f.label;
    },
    choiceLabel: (kind) => plans[kind]?.label ?? kind,
    onSubmit, onCancel,
  });
}

/** What one side of a trade hands over. @param {any} goods @param {Record<string, any>} plans */
function goodsLine(goods, plans) {
  const bits = TOKENS.filter((t) => goods[t]).map((t) => tokenCount(t, goods[t]));
  const planText = goods.plan_count
    ? (goods.plans ? goods.plans.map((k) => plans[k]?.label ?? k).join(", ") : `${goods.plan_count} hidden plan${goods.plan_count === 1 ? "" : "s"}`)
    : "";
  return h("span", { class: "mn-goods" }, [...bits, planText ? h("span", { class: "mn-plan-names" }, [` ${planText}`]) : null,
    !bits.length && !planText ? "nothing" : null]);
}

/**
 * The offer on the table.
 * @param {any} trade the view's `trade` @param {string[]} names @param {Record<string, any>} plans
 * @param {number|null} viewer @param {any[]} legal the viewer's moves (accept / decline)
 */
export function pendingTrade(trade, names, plans, viewer, legal) {
  const rows = trade.with.map((row) => h("tr", { "data-seat": row.seat }, [
    h("th", {}, [names[row.seat]]),
    h("td", {}, [goodsLine(row.gives, plans)]),
    h("td", {}, [goodsLine(row.gets, plans)]),
    h("td", {}, [trade.accepted.includes(row.seat) ? "accepted ✓" : trade.waiting[0] === row.seat ? "answering…" : "waits"]),
  ]));
  const mine = viewer !== null && trade.waiting[0] === viewer;
  const canAccept = legal.some((a) => a.type === "accept");
  return h("section", { class: "mn-trade", id: "mn-trade" }, [
    h("h3", {}, [`${names[trade.by]} offers a trade`]),
    h("p", {}, [fillNames(trade.text, names), "."]),
    h("table", { class: "score-table mn-trade-table" }, [
      h("thead", {}, [h("tr", {}, [
        h("th", {}, ["With"]), h("th", {}, [`Gives ${names[trade.by]}`]), h("th", {}, [`Gets from ${names[trade.by]}`]), h("th", {}, ["Answer"]),
      ])]),
      h("tbody", {}, rows),
    ]),
    mine ? h("div", { class: "mn-trade-buttons" }, [
      canAccept ? h("button", { type: "button", class: "primary", "data-target": "accept" }, ["Accept"])
        : h("span", { class: "mn-cannot" }, ["You cannot accept: you do not hold everything asked of you. "]),
      h("button", { type: "button", "data-target": "decline" }, ["Decline"]),
    ]) : null,
  ]);
}
