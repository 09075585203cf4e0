// @ts-check
/**
 * The supplies beside the cottage, in one strip: the four tile piles, the bag,
 * the die with the movement points left, what the player holds right now (a
 * drawn tile, a drawn coin with its two sides, the waiting King, the Stop
 * button), and the King's collection on the month (null) tiles.
 *
 * A wide screen draws it as one long strip; a narrow one (a phone) in two
 * rows, piles, bag and die above, what is in hand and the King's collection
 * below, so that its words stay readable and every piece to tap is at least
 * 40 px (small ones get a transparent hit rectangle).
 */
import { at, el, svgRoot, title } from "../../board/svg.js";
import { die } from "../../board/piecepack.js";
import { count } from "../../common/plural.js";
import { bag, faceTile, furnishing, houseName, king, nullTile, pieceName, pile, RANK_NAMES } from "./pieces.js";

export const TRAY_WIDTH = 1200;

/** The side of the square a click on the bag or the die lands in (units): a desktop draws the tray at about 0.63 px
 * a unit, so the 50-62 unit pieces came out 38-39 px; this makes them 44 px and more to click (none under 40). */
const HIT_SIDE = 70;

/** A transparent square that widens a small piece's click area (it counts for clicks, not for drawing); a desktop's
 * only: a phone draws the tray larger for its width, where the pieces are 41 px and more and the square would
 * reach over their neighbours. */
function hitSquare() {
  return el("rect", { class: "hit", x: -HIT_SIDE / 2, y: -HIT_SIDE / 2, width: HIT_SIDE, height: HIT_SIDE, fill: "transparent" });
}

/**
 * Where everything goes, per layout (view box units).  Each region has its
 * heading's position and its pieces' centres; `mid` is the pieces' line.
 */
const LAYOUTS = {
  wide: {
    width: TRAY_WIDTH, height: 142, mid: 68, captionGap: 46,
    piles: { heading: 14, x: 50, step: 86, y: 0 },
    bag: { heading: 374, x: 400, y: 0 },
    die: { heading: 460, x: 490, y: 0 },
    hand: { heading: 560, x: 695, king: 585, sideGap: 44, y: 0 },
    months: { heading: TRAY_WIDTH - 14, x: 835, step: 94, y: 0, size: 58 },
  },
  narrow: {
    width: 400, height: 272, mid: 58, captionGap: 42,
    piles: { heading: 10, x: 38, step: 68, y: 0 },
    bag: { heading: 300, x: 311, y: 0 },
    die: { heading: 352, x: 370, y: 0 },
    hand: { heading: 10, x: 118, king: 30, sideGap: 36, y: 134 },
    months: { heading: 390, x: 206, step: 54, y: 134, size: 48 },
  },
};
/** The smallest side of something to tap on a phone, in units (about 40 px). */
const HIT = 44;

/** A transparent rectangle that makes a small piece easier to hit. */
function hit(w, h = w) {
  return el("rect", { class: "hit", x: -w / 2, y: -h / 2, width: w, height: h, fill: "transparent" });
}

function heading(x, y, text, anchor = "start") {
  return el("text", { class: "kc-heading", x, y: y + 16, "text-anchor": anchor, "font-size": 14, "font-weight": 700, fill: "#f6ecd8" }, [text]);
}

function caption(x, y, lines) {
  return el("text", { class: "kc-caption", x, y, "text-anchor": "middle", "font-size": 13, fill: "#f6ecd8" },
    lines.map((line, i) => el("tspan", { x, dy: i ? 15 : 0 }, [line])));
}

/** A plaque button (the Stop button). */
function plaque(label, sub, w = 144) {
  return [
    el("rect", { class: "place", x: -w / 2, y: -30, width: w, height: 60, rx: 12, fill: "#fffaf0", stroke: "#6b5a3a", "stroke-width": 2 }),
    el("text", { y: sub ? -8 : 0, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 20, "font-weight": 700, fill: "#2e2418" }, [label]),
    sub ? el("text", { y: 14, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, fill: "#5b4526" }, [sub]) : null,
  ];
}

/**
 * @param {any} view @param {number|null} viewer @param {string[]} names
 * @param {boolean} [narrow] two rows for a phone instead of one long strip
 */
export function drawTray(view, viewer, names, narrow = false) {
  const L = narrow ? LAYOUTS.narrow : LAYOUTS.wide;
  const svg = svgRoot(`0 0 ${L.width} ${L.height}`, {
    class: `kc-tray${narrow ? " kc-tray-narrow" : ""}`, role: "group", "aria-label": "Tile piles, bag, die and the King's collection",
  });
  svg.append(el("rect", { x: 0, y: 0, width: L.width, height: L.height, rx: 14, fill: "#3b4a36" }));
  if (narrow) svg.append(el("line", { x1: 10, x2: L.width - 10, y1: L.hand.y + 2, y2: L.hand.y + 2, stroke: "#56684f", "stroke-width": 1.5 }));

  // the four tile piles
  const P = L.piles;
  svg.append(heading(P.heading, P.y, "Tile piles"));
  view.houses_order.forEach((suit, i) => {
    const x = P.x + i * P.step;
    const left = view.piles[suit];
    svg.append(at(x, P.y + L.mid, { "data-target": `pile:${suit}`, class: "kc-pile-slot" }, [pile(suit, left, 58)]));
    svg.append(caption(x, P.y + L.mid + L.captionGap, [houseName(suit), left ? `${left} left` : "empty"]));
  });

  // the bag
  svg.append(heading(L.bag.heading, L.bag.y, "Bag"));
  svg.append(at(L.bag.x, L.bag.y + L.mid - 4, { "data-target": "bag" }, [...(narrow ? [] : [hitSquare()]), bag(view.bag, 62)]));
  // (a phone leaves the count to the bag itself: the die's caption needs the room)
  if (!narrow) svg.append(caption(L.bag.x, L.bag.y + L.mid + L.captionGap, [count(view.bag, "coin"), view.scored.length ? `${view.scored.length} scored aside` : ""]));

  // the die and the movement points
  svg.append(heading(L.die.heading, L.die.y, "Die"));
  const face = view.die === null ? "" : view.die === 0 ? "a null" : `${RANK_NAMES[view.die]}`;
  const dieLabel = view.die === null ? "The die: not rolled yet" : `The die: last roll ${face}`;
  svg.append(at(L.die.x, L.die.y + L.mid - 4, { "data-target": "die", "data-key": "die" }, [...(narrow ? [] : [hitSquare()]), die("moons", view.die ?? 0, 50, dieLabel)]));
  const last = view.die === null ? "" : narrow ? face : `last: ${face}`;
  const points = view.phase === "move" ? [count(view.points, "point"), "left"] : [last];
  svg.append(caption(L.die.x, L.die.y + L.mid + L.captionGap, points));

  // what is in hand now
  svg.append(heading(L.hand.heading, L.hand.y, "In hand"));
  svg.append(...inHand(view, viewer, names, L, narrow));

  // the King's collection
  const M = L.months;
  const months = view.months.length;
  svg.append(heading(M.heading, M.y, narrow ? `King's collection · ${months} of ${view.months_to_end}` : `The King's collection · ${months} of ${view.months_to_end} months`, "end"));
  const half = M.size / 2;
  for (let k = 0; k < view.months_to_end; k++) {
    const x = M.x + k * M.step;
    const month = view.months[k];
    const parts = [];
    if (!month) {
      parts.push(title(k + 1 === view.months_to_end ? `Month ${k + 1}: when it passes the game ends` : `Month ${k + 1}: not yet passed`));
      parts.push(el("rect", { x: -half, y: -half, width: M.size, height: M.size, rx: 6, fill: "none", stroke: "#b7c4a8", "stroke-width": 2, "stroke-dasharray": "6 4" }));
      parts.push(el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, fill: "#d5dec9" }, [k + 1 === view.months_to_king ? "King" : k + 1 === view.months_to_end ? (narrow ? "end" : "the end") : ""]));
    } else {
      parts.push(title(`Month ${k + 1}: the null of ${houseName(month.suit)}${month.coin ? "" : " (no coin)"}`));
      parts.push(nullTile(month.suit, M.size));
    }
    svg.append(at(x, M.y + L.mid, { class: "kc-month-slot" }, parts));
    if (month && month.coin) {
      svg.append(at(x + 6, M.y + L.mid + 6, { "data-target": `kcoin:${month.coin.id}`, "data-key": `coin:${month.coin.id}`, class: "kc-kcoin" }, [
        narrow ? hit(Math.min(HIT, M.step - 4)) : null,
        furnishing(month.coin, narrow ? 17 : 19, { context: `in the King's collection (month ${k + 1})` })]));
    }
    svg.append(caption(x, M.y + L.mid + L.captionGap, [narrow ? `${k + 1}` : `Month ${k + 1}`]));
  }
  return svg;
}

/** The waiting King, and the drawn tile, the drawn coin's two sides or the Stop button. */
function inHand(view, viewer, names, L, narrow) {
  const H = L.hand;
  const x = H.x;
  const y = H.y + L.mid;
  const below = y + L.captionGap;
  const mover = view.current === null ? "" : names[view.current];
  const mine = view.current === viewer;
  const parts = [];
  if (view.king === null && view.phase !== "invest" && view.phase !== "over") {
    const arrives = view.months.length >= view.months_to_king;
    parts.push(
      at(H.king, y + 6, { "data-piece": "king", "data-key": "king", class: "kc-waiting-king" }, [
        narrow ? hit(HIT, 56) : null,
        king(44, arrives ? "The King: choose the entrance he comes in at" : `The King: he arrives when month ${view.months_to_king} has passed`)]),
      caption(H.king, below, arrives ? ["the King", "arrives"] : ["the King", "waits"]),
    );
  }
  if (view.pending_tile) {
    parts.push(
      at(x, y - 2, { class: "kc-pending", "data-key": `tile:${view.pending_tile.suit}:${view.pending_tile.rank}`, "data-face": "up" }, [faceTile(view.pending_tile, 58, `${pieceName(view.pending_tile)}: ${mine ? "you must build it" : `${mover} is building it`}`)]),
      caption(x, below, [`${pieceName(view.pending_tile)}`, "to build"]),
    );
  } else if (view.pending_coin) {
    const c = view.pending_coin;
    if (c.suit && c.rank !== null) {
      ["suit", "value"].forEach((side, i) => {
        const cx = x - H.sideGap + i * 2 * H.sideGap;
        parts.push(
          at(cx, y - 4, { "data-piece": `side:${side}`, "data-key": `coin:${c.id}`, class: "kc-side" }, [
            furnishing(c, 24, { face: /** @type {any} */ (side), badge: true, context: `put it in with its ${side} side up` })]),
          caption(cx, below, [`${side} up`]),
        );
      });
    } else {
      parts.push(at(x, y - 4, { "data-key": `coin:${c.id}` }, [furnishing(c, 24, { context: `${mover} is bringing it in` })]), caption(x, below, ["coin being", "brought in"]));
    }
  } else if (view.phase === "move") {
    const lost = view.points;
    parts.push(at(x, y - 4, { "data-target": "stop", class: "kc-stop" }, [
      title(`Stop moving and give up the ${lost} point${lost === 1 ? "" : "s"} left`),
      ...plaque("Stop", `gives up ${lost} point${lost === 1 ? "" : "s"}`, narrow ? 120 : 144)]));
  }
  return parts;
}
