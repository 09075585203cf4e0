// @ts-check
/**
 * The supplies beside the cottage, in one strip: the four tile piles, the bag,
 * the die with the movement points left, what the player holds right now (a
 * drawn tile, a drawn coin with its two sides, the waiting King, the Stop
 * button), and the King's collection on the month (null) tiles.
 */
import { at, el, svgRoot, title } from "../../board/svg.js";
import { die } from "../../board/piecepack.js";
import { bag, faceTile, furnishing, houseName, king, nullTile, pieceName, pile, RANK_NAMES } from "./pieces.js";

export const TRAY_WIDTH = 1200;
const TRAY_HEIGHT = 142;
const MID = 68;

function heading(x, text, anchor = "start") {
  return el("text", { class: "kc-heading", x, y: 16, "text-anchor": anchor, "font-size": 14, "font-weight": 700, fill: "#f6ecd8" }, [text]);
}

function caption(x, lines) {
  return el("text", { class: "kc-caption", x, y: MID + 46, "text-anchor": "middle", "font-size": 13, fill: "#f6ecd8" },
    lines.map((line, i) => el("tspan", { x, dy: i ? 15 : 0 }, [line])));
}

/** A plaque button (the Stop button). */
function plaque(label, sub) {
  return [
    el("rect", { class: "place", x: -72, y: -30, width: 144, height: 60, rx: 12, fill: "#fffaf0", stroke: "#6b5a3a", "stroke-width": 2 }),
    el("text", { y: sub ? -8 : 0, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 20, "font-weight": 700, fill: "#2e2418" }, [label]),
    sub ? el("text", { y: 14, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, fill: "#5b4526" }, [sub]) : null,
  ];
}

/**
 * @param {any} view @param {number|null} viewer @param {string[]} names
 */
export function drawTray(view, viewer, names) {
  const svg = svgRoot(`0 0 ${TRAY_WIDTH} ${TRAY_HEIGHT}`, { class: "kc-tray", role: "group", "aria-label": "Tile piles, bag, die and the King's collection" });
  svg.append(el("rect", { x: 0, y: 0, width: TRAY_WIDTH, height: TRAY_HEIGHT, rx: 14, fill: "#3b4a36" }));

  // the four tile piles
  svg.append(heading(14, "Tile piles"));
  view.houses_order.forEach((suit, i) => {
    const x = 50 + i * 86;
    const count = view.piles[suit];
    svg.append(at(x, MID, { "data-target": `pile:${suit}`, class: "kc-pile-slot" }, [pile(suit, count, 58)]));
    svg.append(caption(x, [houseName(suit), count ? `${count} left` : "empty"]));
  });

  // the bag
  svg.append(heading(374, "Bag"));
  svg.append(at(400, MID - 4, { "data-target": "bag" }, [bag(view.bag, 62)]));
  svg.append(caption(400, [`${view.bag} coin${view.bag === 1 ? "" : "s"}`, view.scored.length ? `${view.scored.length} scored aside` : ""]));

  // the die and the movement points
  svg.append(heading(460, "Die"));
  const face = view.die === null ? "not rolled yet" : view.die === 0 ? "a null" : `${RANK_NAMES[view.die]}`;
  svg.append(at(490, MID - 4, { "data-target": "die" }, [die("moons", view.die ?? 0, 50, `The die: last roll ${face}`)]));
  const points = view.phase === "move" ? [`${view.points} point${view.points === 1 ? "" : "s"}`, "left"] : [view.die === null ? "" : `last: ${face}`];
  svg.append(caption(490, points));

  // what is in hand now
  svg.append(heading(560, "In hand"));
  svg.append(...inHand(view, viewer, names));

  // the King's collection
  const months = view.months.length;
  svg.append(heading(TRAY_WIDTH - 14, `The King's collection · ${months} of ${view.months_to_end} months`, "end"));
  for (let k = 0; k < view.months_to_end; k++) {
    const x = 835 + k * 94;
    const month = view.months[k];
    const parts = [];
    if (!month) {
      parts.push(title(k + 1 === view.months_to_end ? `Month ${k + 1}: when it passes the game ends` : `Month ${k + 1}: not yet passed`));
      parts.push(el("rect", { x: -29, y: -29, width: 58, height: 58, rx: 6, fill: "none", stroke: "#b7c4a8", "stroke-width": 2, "stroke-dasharray": "6 4" }));
      parts.push(el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, fill: "#d5dec9" }, [k + 1 === view.months_to_king ? "King" : k + 1 === view.months_to_end ? "the end" : ""]));
    } else {
      parts.push(title(`Month ${k + 1}: the null of ${houseName(month.suit)}${month.coin ? "" : " (no coin)"}`));
      parts.push(nullTile(month.suit, 58));
    }
    svg.append(at(x, MID, { class: "kc-month-slot" }, parts));
    if (month && month.coin) {
      svg.append(at(x + 6, MID + 6, { "data-target": `kcoin:${month.coin.id}`, class: "kc-kcoin" }, [
        furnishing(month.coin, 19, { context: `in the King's collection (month ${k + 1})` })]));
    }
    svg.append(caption(x, [`Month ${k + 1}`]));
  }
  return svg;
}

/** The waiting King, and the drawn tile, the drawn coin's two sides or the Stop button. */
function inHand(view, viewer, names) {
  const x = 695;
  const mover = view.current === null ? "" : names[view.current];
  const mine = view.current === viewer;
  const parts = [];
  if (view.king === null && view.phase !== "invest" && view.phase !== "over") {
    const arrives = view.months.length >= view.months_to_king;
    parts.push(
      at(585, MID + 6, { "data-piece": "king", class: "kc-waiting-king" }, [
        king(44, arrives ? "The King: choose the entrance he comes in at" : `The King: he arrives when month ${view.months_to_king} has passed`)]),
      caption(585, arrives ? ["the King", "arrives"] : ["the King", "waits"]),
    );
  }
  if (view.pending_tile) {
    parts.push(
      at(x, MID - 2, { class: "kc-pending" }, [faceTile(view.pending_tile, 58, `${pieceName(view.pending_tile)}: ${mine ? "you must build it" : `${mover} is building it`}`)]),
      caption(x, [`${pieceName(view.pending_tile)}`, "to build"]),
    );
  } else if (view.pending_coin) {
    const c = view.pending_coin;
    if (c.suit && c.rank !== null) {
      ["suit", "value"].forEach((side, i) => {
        const cx = x - 44 + i * 88;
        parts.push(
          at(cx, MID - 4, { "data-piece": `side:${side}`, class: "kc-side" }, [
            furnishing(c, 24, { face: /** @type {any} */ (side), badge: true, context: `put it in with its ${side} side up` })]),
          caption(cx, [`${side} up`]),
        );
      });
    } else {
      parts.push(at(x, MID - 4, {}, [furnishing(c, 24, { context: `${mover} is bringing it in` })]), caption(x, ["coin being", "brought in"]));
    }
  } else if (view.phase === "move") {
    const lost = view.points;
    parts.push(at(x, MID - 4, { "data-target": "stop", class: "kc-stop" }, [
      title(`Stop moving and give up the ${lost} point${lost === 1 ? "" : "s"} left`), ...plaque("Stop", `gives up ${lost} point${lost === 1 ? "" : "s"}`)]));
  }
  return parts;
}
