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
 * @param {Record<string, any>} plans @param {number[]} offered players offered a trade already this turn
 * @param {(action: any) => void} onSubmit @param {() => void} onCancel
 */
export function tradeForm(draft, names, plans, offered, onSubmit, onCancel) {
  const already = offered.length
    ? ` You have offered ${offered.map((s) => names[s]).join(" and ")} a trade this turn: one offer to each player per turn.`
    : "";
  return drawForm(draft, {
    names, id: "mn-trade-form", className: "mn-trade-form", submitLabel: "Offer this trade",
    help: [
      "Name what you give and what you get with each player. Everyone you name answers in turn; ",
      `the trade happens only if all of them accept. Only what is held now can be traded.${already}`,
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
  const bits = TOKENS.filter((t) => goods[t]).map((t) => tokenCount(t, goods[t], true));
  const planText = goods.plan_count
    ? (goods.plans ? goods.plans.map((k) => plans[k]?.label ?? k).join(", ") : `${goods.plan_count} hidden plan${goods.plan_count === 1 ? "" : "s"}`)
    : "";
  return h("span", { class: "mn-goods" }, [...bits, planText ? h("span", { class: "mn-plan-names" }, [` ${planText}`]) : null,
    !bits.length && !planText ? "nothing" : null]);
}

/**
 * One direction of a trade as words a reader cannot take backwards: "You give
 * Ada (bot)", "Ada (bot) gives you", then the goods.
 * @param {number} giver @param {number} taker @param {any} goods @param {string[]} names
 * @param {number|null} viewer @param {Record<string, any>} plans
 */
function handOver(giver, taker, goods, names, viewer, plans) {
  const who = giver === viewer ? "You give" : `${names[giver]} gives`;
  const whom = taker === viewer ? "you" : names[taker];
  return h("span", { class: "mn-hand-over" }, [h("span", { class: "mn-direction" }, [`${who} ${whom}: `]), goodsLine(goods, plans)]);
}

/**
 * The offer on the table.
 * @param {any} trade the view's `trade` @param {string[]} names @param {Record<string, any>} plans
 * @param {number|null} reader the seat reading it (null: a spectator)
 * @param {boolean} answering whether the reader must answer now @param {any[]} legal the reader's moves (accept / decline)
 */
export function pendingTrade(trade, names, plans, reader, answering, legal) {
  const proposer = trade.by === reader ? "you" : names[trade.by];
  const rows = trade.with.map((row) => h("tr", { "data-seat": row.seat }, [
    h("th", {}, [row.seat === reader ? "You" : names[row.seat]]),
    h("td", { "data-direction": "to-proposer" }, [handOver(row.seat, trade.by, row.gives, names, reader, plans)]),
    h("td", { "data-direction": "from-proposer" }, [handOver(trade.by, row.seat, row.gets, names, reader, plans)]),
    h("td", {}, [trade.accepted.includes(row.seat) ? "accepted ✓" : trade.waiting[0] === row.seat ? "answering…" : "waits"]),
  ]));
  const mine = answering && reader !== null && trade.waiting[0] === reader;
  const canAccept = legal.some((a) => a.type === "accept");
  return h("section", { class: "mn-trade", id: "mn-trade" }, [
    h("h3", {}, [trade.by === reader ? "Your trade offer" : `${names[trade.by]} offers a trade`]),
    // the offer's words take the focus first (board.js), so Enter never accepts it unread
    h("p", { id: "mn-trade-text", tabindex: "-1" }, [fillNames(trade.text, names), "."]),
    h("table", { class: "score-table mn-trade-table" }, [
      h("thead", {}, [h("tr", {}, [
        h("th", {}, ["Player"]), h("th", {}, [`To ${proposer}`]), h("th", {}, [`From ${proposer}`]), h("th", {}, ["Answer"]),
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
