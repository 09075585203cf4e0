// @ts-check
/**
 * The King's Progress at a table: every kingdom as a straight row of its city
 * places, the King walking from left to right, one row per seat with the
 * viewer's own at the bottom, next to their reserve; on a narrow screen (a
 * phone in portrait) the reserve itself in rows too (tiles, then coins, then
 * Pass).  A desktop draws the same rows scaled up to the room it has.
 *
 * The radial board shrinks its places to about 19 px on a phone and 34 px in
 * a desktop's felt; here every piece and place a person taps is at least 40 px (a
 * transparent hit rectangle widens the small ones: the veto die, a King, a
 * coin), and no two of them overlap.  Same marks as the radial board
 * (`data-piece`, `data-target`, and `data-key` for js/board/motion.js), so the
 * chooser, the keyboard and the animations work alike.
 */
import { at, el, svgRoot } from "../../board/svg.js";
import { coin, die, pawn, pieceKey, SUIT_COLOURS, SUITS, tile } from "../../board/piecepack.js";
import { count } from "../../common/plural.js";

/** Width of the view box; a phone shows it about 374 px wide, so one unit is a little under a pixel. */
export const ROWS_WIDTH = 400;
const TILE = 56;
const PITCH = 64;
const HEAD = 46;
const ROW_GAP = 12;
const COIN_R = 12;
/** The smallest side of anything tappable, in units (about 41 px on a phone). */
const HIT = 44;
/** The King on a city: its size, and where it stands as fractions of the tile (left of and below the centre),
 * so that it stays clear of the tile's value in the middle and of the coin in the lower right corner. */
const KING_SIZE = 22;
const KING_AT = [0.38, 0.24];

/** A transparent rectangle that makes a small piece easier to hit (it counts for clicks, not for drawing). */
/**
 * A city's place on a kingdom's road: a faint dashed square in the kingdom's colour, `pad` wider than a tile
 * (shared by the desktop board and the phone's rows).
 * @param {number} size the tile's size @param {number} pad @param {string} colour
 */
export function placeRect(size, pad, colour) {
  return el("rect", {
    class: "place", x: -size / 2 - pad, y: -size / 2 - pad, width: size + 2 * pad, height: size + 2 * pad, rx: 6 + pad,
    fill: "#ffffff", "fill-opacity": 0.04, stroke: colour, "stroke-opacity": 0.35, "stroke-dasharray": "6 5", "stroke-width": 2,
  });
}

function hit(w, h = w, x = -w / 2, y = -h / 2) {
  return el("rect", { class: "hit", x, y, width: w, height: h, fill: "transparent" });
}

/** A text's width in units, roughly (system sans-serif averages a little over half its size per letter). */
function textWidth(text, size) {
  return text.length * size * 0.56;
}

/** Seats from the one after the viewer round to the viewer, so the viewer's kingdom comes last (nearest the reserve). */
function rowOrder(view, viewer) {
  const n = view.players;
  const me = viewer ?? n - 1;
  return Array.from({ length: n }, (_, i) => (me + 1 + i) % n);
}

/**
 * The kingdoms, one row each.
 * @param {any} view @param {number|null} viewer @param {string[]} names
 */
export function drawRows(view, viewer, names) {
  const pitch = Math.min(PITCH, (ROWS_WIDTH - 16) / view.rounds);
  const x0 = (ROWS_WIDTH - pitch * view.rounds) / 2 + pitch / 2;
  const rowHeight = HEAD + TILE + ROW_GAP;
  const order = rowOrder(view, viewer);
  const height = order.length * rowHeight + 4;
  const svg = svgRoot(`0 0 ${ROWS_WIDTH} ${height}`, { class: "kp-board kp-rows", role: "group", "aria-label": "The kingdoms" });
  order.forEach((k, row) => {
    svg.append(at(0, 4 + row * rowHeight, { class: "kp-row", "data-kingdom": k }, kingdomRow(view, k, names, x0, pitch, viewer)));
  });
  return svg;
}

/** One kingdom: its owner's line (name, a King still waiting, the veto die), then its places left to right. */
function kingdomRow(view, k, names, x0, pitch, viewer) {
  const kingdom = view.kingdoms[k];
  const colour = SUIT_COLOURS[SUITS[k]];
  const chancellor = view.chancellor === k && view.phase !== "over";
  const parts = [
    el("rect", { class: "kp-row-back", x: 2, y: 0, width: ROWS_WIDTH - 4, height: HEAD + TILE + 4, rx: 10, fill: "#ffffff", "fill-opacity": 0.06, stroke: colour, "stroke-opacity": 0.5, "stroke-width": 1.5 }),
    el("rect", { x: 10, y: 8, width: 12, height: 12, rx: 6, fill: colour, stroke: "#faf5ea", "stroke-width": 1.5, transform: "translate(0 7)" }),
  ];
  // the name, and the first chancellor's note when it fits before the King and the die (else a short one)
  const room = ROWS_WIDTH - 112 - 30;
  const name = k === viewer ? `${names[k]} (you)` : names[k];
  const nameWidth = Math.min(textWidth(name, 17), room);
  parts.push(el("text", {
    x: 30, y: 22, "dominant-baseline": "central", "font-size": 17, "font-weight": 700, fill: "#faf5ea",
    ...(textWidth(name, 17) > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {}),
  }, [name]));
  if (chancellor && nameWidth < room - 40) {
    const note = nameWidth + textWidth(" · first chancellor", 13) <= room ? "· first chancellor" : "· 1st";
    parts.push(el("text", { x: 36 + nameWidth, y: 23, "dominant-baseline": "central", "font-size": 13, fill: "#e9dfc6" }, [note]));
  }
  if (kingdom.king < 0) {
    parts.push(at(ROWS_WIDTH - 84, 22, { "data-target": `king:${k}`, "data-key": `king:${k}`, class: "kp-waiting-king" }, [
      hit(HIT), pawn(SUITS[k], 30, `${names[k]}'s King, waiting to set out`)]));
  }
  parts.push(at(ROWS_WIDTH - 30, 22, { "data-target": `die:${k}`, "data-key": `die:${k}` }, [
    hit(HIT), die(SUITS[k], view.vetoes[k], 32, `${names[k]}'s veto die: ${count(view.vetoes[k], "veto", "vetoes")} left`)]));
  const y = HEAD + TILE / 2;
  for (let i = 0; i < view.rounds; i++) {
    const x = x0 + i * pitch;
    const isSlot = i === kingdom.cities.length;
    parts.push(at(x, y, isSlot ? { "data-target": `slot:${k}` } : {}, [placeRect(TILE, 2, colour)]));
  }
  kingdom.cities.forEach((city, i) => {
    const pieces = [tile(city.tile, TILE, { extra: `city ${i + 1} of ${names[k]}'s kingdom`, key: pieceKey("tile", city.tile) })];
    if (city.coin) {
      pieces.push(at(TILE * 0.3, TILE * 0.3, {}, [coin(city.coin, COIN_R, { private: city.coin.rank !== null && view.phase !== "over", key: pieceKey("coin", city.coin) })]));
    }
    if (kingdom.king === i) {
      // the King stands in the tile's lower left corner, clear of its value; its hit area is the whole tile
      // under it (the city is no target while the King may move)
      const [kx, ky] = [-TILE * KING_AT[0], TILE * KING_AT[1]];
      pieces.push(at(kx, ky, { "data-target": `king:${k}`, "data-key": `king:${k}` }, [
        hit(TILE, TILE, -TILE / 2 - kx, -TILE / 2 - ky), pawn(SUITS[k], KING_SIZE, `${names[k]}'s King`)]));
    }
    parts.push(at(x0 + i * pitch, y, { "data-target": `city:${k}:${i}`, class: "city" }, pieces));
  });
  if (view.pending && k === (viewer ?? 0)) {
    const i = view.pending.city;
    parts.push(at(x0 + i * pitch + TILE * 0.3, y - TILE * 0.3, { class: "pending" }, [
      coin(view.pending.coin, COIN_R + 2, { extra: "vetoed investment", key: pieceKey("coin", view.pending.coin) }),
      el("text", { y: -COIN_R - 6, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#ffd7cc" }, ["vetoed"]),
    ]));
  }
  return parts;
}

/** The pass button's width: its label with room to spare on both sides (the text never touches the border). */
export const PASS_WIDTH = 176;

/** The "Pass (no veto)" button, `height` units tall, centred on 0, 0. @param {number} height */
export function passPlaque(height) {
  return [
    el("rect", { x: -PASS_WIDTH / 2, y: -height / 2, width: PASS_WIDTH, height, rx: 10, fill: "#fffaf0", stroke: "#6b5a3a", "stroke-width": 2 }),
    el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 18 }, ["Pass (no veto)"]),
  ];
}

/**
 * The viewer's reserve in rows a phone can tap: tiles, then coins, then Pass
 * (beside the coins when there is room).
 * @param {{tiles: any[], coins: any[]}} res @param {boolean} pass whether Pass is on offer
 */
export function drawReserveRows(res, pass) {
  const parts = [];
  let y = 10 + TILE / 2; // room above for a chosen tile, which lifts
  const left = 8 + PITCH / 2;
  if (res.tiles.length) {
    res.tiles.forEach((t, i) => parts.push(at(left + i * PITCH, y, { "data-piece": `tile:${t.suit}:${t.rank}` }, [tile(t, TILE, { key: pieceKey("tile", t) })])));
    y += PITCH + 4;
  }
  let used = 0;
  if (res.coins.length) {
    res.coins.forEach((c, i) => parts.push(at(left + i * PITCH, y, { "data-piece": `coin:${c.suit}:${c.rank}` }, [hit(PITCH - 8), coin(c, 21, { key: pieceKey("coin", c) })])));
    used = 8 + res.coins.length * PITCH;
  }
  if (pass) {
    const w = PASS_WIDTH;
    if (used + 12 + w > ROWS_WIDTH) {
      y += PITCH;
      used = 0;
    }
    parts.push(at(used ? ROWS_WIDTH - 8 - w / 2 : 8 + w / 2, y, { "data-target": "pass", class: "plaque" }, passPlaque(48)));
  }
  if (!parts.length) return null;
  const svg = svgRoot(`0 0 ${ROWS_WIDTH} ${y + PITCH / 2}`, { class: "hand-svg kp-hand-rows", role: "group", "aria-label": "Your reserve" });
  svg.append(...parts);
  return svg;
}
