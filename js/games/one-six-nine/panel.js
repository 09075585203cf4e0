// @ts-check
/**
 * The side panel of the 169 board: for each seat its gold, its castles
 * against the count that wins (a row of castle marks), its cards, Gold Mines,
 * Roads and creatures, whether it is done for this phase, who holds the
 * first-player token, and the row of tiles in front of it; then the order
 * of play this turn and the supplies (deck, discards, tile pile).
 */
import { at, el, svgRoot } from "../../board/svg.js";
import { h } from "../../common/dom.js";
import { seatColour, tileShape } from "./icons.js";
import { count, CREATURES, rankName, TITLES } from "./text.js";

/**
 * @param {any} view @param {number|null} viewer @param {string[]} names
 */
export function drawPanel(view, viewer, names) {
  const holdings = Array.from({ length: view.players }, () => ({ mine: 0, road: 0, creatures: 0 }));
  for (const t of view.board) {
    const seat = holdings[t.owner];
    if (!seat) continue;
    if (t.kind === "mine" || t.kind === "road") seat[t.kind] += 1;
    else if (CREATURES.includes(t.kind)) seat.creatures += 1;
  }
  const seats = Array.from({ length: view.players }, (_, k) => {
    const moving = view.to_move.includes(k);
    const won = view.result ? view.result.winners.includes(k) : false;
    const badges = [];
    if (k === view.first && view.phase !== "over") badges.push(h("span", { class: "token-first", title: "Holds the first-player token: this seat's row is for sale" }, ["1st"]));
    if (moving) badges.push(h("span", { class: "to-move" }, ["to move"]));
    if (won) badges.push(h("span", { class: "to-move" }, [view.result.winners.length > 1 ? "shares the win" : "wins"]));
    const facts = [count(view.hand_counts[k], "card"), count(holdings[k].mine, "mine"), count(holdings[k].road, "road"), count(holdings[k].creatures, "creature")];
    let state = "";
    if (view.phase === "buy") state = view.out[k] ? "done buying" : `${count(view.buys_left[k], "buy", "buys")} left`;
    else if (view.phase === "move") state = view.out[k] ? "done moving" : "";
    const row = view.offers[k] || [];
    const mini = svgRoot(`0 0 ${Math.max(row.length, 1) * 26 + 2} 26`, { class: "osn-mini-row", "aria-label": `${names[k]}'s row of tiles` });
    row.forEach((kind, i) => mini.append(at(14 + i * 26, 13, {}, [tileShape(kind, null, 22, { label: `${TITLES[kind]} (${view.costs[kind]} gold)` })])));
    return h("div", { class: `seat-card osn-seat${moving ? " moving" : ""}${won ? " winner" : ""}${k === viewer ? " you" : ""}`, "data-seat": k }, [
      h("div", { class: "seat-head" }, [
        h("span", { class: "swatch", style: `background:${seatColour(k)}` }),
        h("strong", {}, [names[k] ?? `Seat ${k + 1}`]), ...badges,
        h("span", { class: "seat-gold", title: "Gold" }, [`${view.gold[k]} gold`]),
      ]),
      castleTrack(view.castles[k], view.castles_to_win, names[k]),
      h("div", { class: "seat-facts" }, [facts.join(" · ") + (state ? ` · ${state}` : "")]),
      h("div", { class: "seat-row-line" }, [
        h("span", { class: "row-label" }, [k === view.for_sale ? "Row (for sale):" : "Row:"]),
        row.length ? mini : h("span", { class: "hint" }, [" empty"]),
      ]),
    ]);
  });
  const opts = [];
  if (view.options.walled_garden === "on") opts.push("Walled Garden");
  if (view.options.small_world === "on") opts.push("It's a Small World");
  const order = view.buying_order.map((s) => names[s] ?? `Seat ${s + 1}`).join(" → ");
  return h("div", { class: "seats-panel osn-panel" }, [
    h("p", { class: "osn-goal" }, [`${count(view.castles_to_win, "castle")} win at once; otherwise most castles after turn ${view.last_turn}.`]),
    ...seats,
    h("p", { class: "osn-order" }, [`Order this turn: ${order}`]),
    h("p", { class: "osn-supply" }, [
      `Deck ${view.deck} · discards ${view.discard.length} · tile pile ${view.pile}`,
      view.discard.length ? h("span", { class: "osn-discards" }, [` (${view.discard.map(rankName).join(" ")})`]) : null,
    ]),
    opts.length ? h("p", { class: "hint" }, [`Variants: ${opts.join(", ")}.`]) : null,
  ]);
}

/** A row of castle marks: filled for each castle counted, hollow up to the count that wins. */
function castleTrack(have, need, name) {
  const marks = Math.max(need, have);
  const svg = svgRoot(`0 0 ${marks * 20 + 2} 20`, { class: "castle-track", role: "img", "aria-label": `${name}: ${have} of ${need} castles` });
  for (let i = 0; i < marks; i++) {
    const got = i < have;
    svg.append(at(11 + i * 20, 10, { class: got ? "got" : "missing" }, [
      el("path", { d: "M -8 8 V -3 H -5 V -7 H -2 V -3 H 2 V -7 H 5 V -3 H 8 V 8 Z" }),
    ]));
  }
  return h("div", { class: "castle-line" }, [svg, h("span", {}, [`${have} / ${need} castles`])]);
}
