// @ts-check
/**
 * What sits beside the 169 board: the row of tiles for sale (each a button,
 * `shop:<kind>` for the chooser), the viewer's coordinate cards, the Pass
 * button (drawn beside the prompt), and, while a creature is chosen, the list of its moves that do
 * something (each a button onto the same square target as the board).
 */
import { el, svgRoot, title } from "../../board/svg.js";
import { h } from "../../common/dom.js";
import { tileShape } from "./icons.js";
import { count, POWERS, rankName, TITLES } from "./text.js";

const CARD_SUITS = ["♠", "♥", "♦", "♣"];

/**
 * @param {any} view
 * @param {{
 *   viewer: number|null, names: string[], pieces: Set<string>,
 *   moves: {key: string, text: string, tone: string}[]|null
 * }} opts  moves: the chosen creature's moves that do something (null: no creature chosen)
 */
export function drawTray(view, opts) {
  const parts = [shopPart(view, opts)];
  if (opts.viewer !== null && view.hand) parts.push(handPart(view));
  if (opts.moves) parts.push(movesPart(opts.moves));
  return h("div", { class: "osn-tray" }, parts);
}

/** The Pass button (the chooser's `pass` target), beside the prompt so that it is always in sight. */
export function passButton(view) {
  const what = view.phase === "buy" ? "stop buying this turn" : "stop moving this turn";
  return h("button", { type: "button", class: "osn-pass", "data-target": "pass", id: "osn-pass", title: `Pass: ${what}` }, [
    h("strong", {}, ["Pass"]), h("span", { class: "pass-what" }, [what]),
  ]);
}

function shopPart(view, opts) {
  const row = view.offers[view.for_sale] || [];
  const owner = opts.names[view.for_sale] ?? `Seat ${view.for_sale + 1}`;
  const whose = view.for_sale === opts.viewer ? "your row" : `${owner}'s row`;
  const heading = view.phase === "over" ? "Last row on offer" : view.phase === "move" ? `On offer: ${whose} (buying is over)` : `For sale: ${whose}`;
  const tiles = row.map((kind) => {
    const piece = `shop:${kind}`;
    const cost = view.costs[kind];
    const svg = svgRoot("-26 -26 52 52", { class: "shop-art", width: 40, height: 40, "aria-hidden": "true" });
    svg.append(tileShape(kind, null, 46));
    return h("button", {
      type: "button", class: `shop-tile${opts.pieces.has(piece) ? "" : " idle"}`, "data-piece": piece,
      title: `${TITLES[kind]}, ${cost} gold: ${POWERS[kind]}`,
    }, [svg, h("span", { class: "shop-name" }, [TITLES[kind]]), h("span", { class: "shop-cost" }, [`${cost} g`])]);
  });
  const body = tiles.length ? h("div", { class: "shop-row" }, tiles) : h("p", { class: "hint" }, ["The row is empty."]);
  const facts = [];
  if (opts.viewer !== null && view.phase !== "over") {
    facts.push(`You have ${view.gold[opts.viewer]} gold`);
    if (view.phase === "buy") facts.push(count(view.buys_left[opts.viewer], "buy", "buys") + " left this turn");
  }
  return h("section", { class: "tray-part shop" }, [
    h("h3", {}, [heading]), body, facts.length ? h("p", { class: "tray-facts" }, [facts.join(" · ")]) : null,
  ]);
}

/**
 * A playing card with its rank; suits play no part, so they are only dealt out for looks.
 * The board lifts (class "spend") the two a pointed-at square would spend.
 */
function card(rank, suit) {
  const red = suit === "♥" || suit === "♦";
  const svg = svgRoot("0 0 36 50", { class: `osn-card${red ? " red" : ""}`, "data-rank": rank, "data-key": `card:${rank}`, width: 36, height: 50 });
  svg.append(
    title(`${rankName(rank)} (${rank})`),
    el("rect", { x: 1, y: 1, width: 34, height: 48, rx: 4, class: "card-face" }),
    el("text", { x: 5, y: 13, "font-size": 12, "font-weight": 700 }, [rankName(rank)]),
    el("text", { x: 18, y: 33, "text-anchor": "middle", "font-size": 18 }, [suit]),
    el("text", { x: 31, y: 45, "text-anchor": "end", "font-size": 12, "font-weight": 700 }, [rankName(rank)]),
  );
  return svg;
}

function handPart(view) {
  const hand = view.hand;
  const seen = new Map();
  const cards = hand.map((rank) => {
    const k = seen.get(rank) ?? 0;
    seen.set(rank, k + 1);
    return card(rank, CARD_SUITS[(rank + k) % 4]);
  });
  const heading = `Your cards · ${hand.length}`;
  const help = view.phase === "buy" && hand.length >= 2
    ? "Any two name a square: column, then row (or the other way round)."
    : hand.length < 2 && view.phase !== "over" ? "Two cards are needed to place a tile." : "";
  return h("section", { class: "tray-part hand" }, [
    h("h3", {}, [heading]),
    cards.length ? h("div", { class: "osn-hand", "aria-label": "Your coordinate cards" }, cards) : h("p", { class: "hint" }, ["No cards."]),
    help ? h("p", { class: "hint" }, [help]) : null,
  ]);
}

function movesPart(moves) {
  if (!moves.length) {
    return h("section", { class: "tray-part moves" }, [
      h("h3", {}, ["What this creature can do"]),
      h("p", { class: "hint" }, ["No fight, theft, smash or doubling in reach: every lit square is a plain walk."]),
    ]);
  }
  return h("section", { class: "tray-part moves" }, [
    h("h3", {}, ["Moves that do something"]),
    h("ul", { class: "move-list" }, moves.map((m) => h("li", {}, [
      h("button", { type: "button", class: `move-choice tone-${m.tone}`, "data-target": m.key }, [m.text]),
    ]))),
  ]);
}
