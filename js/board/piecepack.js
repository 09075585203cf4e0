// @ts-check
/**
 * Piecepack pieces drawn as SVG: tiles, coins, pawns and dice in the four
 * suits.  A piece arrives as {suit, rank} with rank null when its value is
 * hidden from the viewer; these functions only draw, they never decide.
 */
import { el, title } from "./svg.js";

export const SUITS = ["suns", "moons", "crowns", "arms"];
export const SUIT_NAMES = { suns: "Suns", moons: "Moons", crowns: "Crowns", arms: "Arms" };
export const SUIT_COLOURS = { suns: "#b8322a", moons: "#2b2b33", crowns: "#23794a", arms: "#2456a6" };
const RANK_LABELS = ["null", "ace", "2", "3", "4", "5"];

/** @param {number|null} rank */
export function rankName(rank) {
  return rank === null ? "hidden" : RANK_LABELS[rank];
}

/**
 * The name of a physical piece, for following it across redraws (`data-key`,
 * js/board/changes.js): "tile:suns:4", "coin:moons:?" for one whose value is hidden.
 * @param {string} kind @param {{suit: string, rank: number|null}} piece
 */
export function pieceKey(kind, piece) {
  return `${kind}:${piece.suit}:${piece.rank ?? "?"}`;
}

/**
 * The suit's emblem in a box of the given radius around (0, 0).
 * @param {string} suit @param {number} r @param {string} [fill]
 */
export function suitMark(suit, r, fill = SUIT_COLOURS[suit]) {
  const s = r / 10;
  if (suit === "suns") {
    const rays = [];
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      const p = (d) => `${(Math.cos(a) * d * s).toFixed(2)},${(Math.sin(a) * d * s).toFixed(2)}`;
      const side = (d, off) => `${(Math.cos(a + off) * d * s).toFixed(2)},${(Math.sin(a + off) * d * s).toFixed(2)}`;
      rays.push(el("polygon", { points: `${side(5.6, 0.3)} ${p(10)} ${side(5.6, -0.3)}`, fill }));
    }
    return el("g", { class: "suit suns" }, [...rays, el("circle", { r: 5.2 * s, fill })]);
  }
  if (suit === "moons") {
    return el("path", {
      class: "suit moons", fill,
      d: `M ${2 * s} ${-9 * s} A ${9 * s} ${9 * s} 0 1 0 ${2 * s} ${9 * s} A ${12 * s} ${12 * s} 0 0 1 ${2 * s} ${-9 * s} Z`,
    });
  }
  if (suit === "crowns") {
    return el("path", {
      class: "suit crowns", fill,
      d: `M ${-9 * s} ${6 * s} L ${-9 * s} ${-6 * s} L ${-4.5 * s} ${-1 * s} L 0 ${-8 * s} L ${4.5 * s} ${-1 * s} L ${9 * s} ${-6 * s} L ${9 * s} ${6 * s} Z`,
    });
  }
  // arms: a heraldic shield
  return el("path", {
    class: "suit arms", fill,
    d: `M ${-8 * s} ${-8 * s} L ${8 * s} ${-8 * s} L ${8 * s} ${0} Q ${8 * s} ${7 * s} 0 ${10 * s} Q ${-8 * s} ${7 * s} ${-8 * s} 0 Z`,
  });
}

/**
 * The face value: a numeral, "A" for an ace, a hollow ring for a null.
 * @param {number} rank @param {number} size @param {string} colour
 */
function valueMark(rank, size, colour) {
  if (rank === 0) return el("circle", { class: "value", r: size * 0.22, fill: "none", stroke: colour, "stroke-width": size * 0.06 });
  const text = rank === 1 ? "A" : String(rank);
  return el("text", {
    class: "value", "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": size * 0.62, fill: colour, "font-weight": 700,
  }, [text]);
}

/**
 * A tile centred on (0, 0).
 * @param {{suit: string, rank: number|null}} piece
 * @param {number} size
 * @param {{faceDown?: boolean, extra?: string, key?: string, valueY?: number}} [opts]  key: the piece's data-key;
 *   valueY: the value drawn that far below the middle (negative: above), to make room for what stands on the tile
 */
export function tile(piece, size, opts = {}) {
  const half = size / 2;
  const hidden = piece.rank === null || opts.faceDown;
  const label = hidden
    ? `face-down ${SUIT_NAMES[piece.suit]} tile`
    : `${rankName(piece.rank)} tile of ${SUIT_NAMES[piece.suit]}`;
  const parts = [
    title(label + (opts.extra ? ` — ${opts.extra}` : "")),
    el("rect", {
      class: "tile-body", x: -half, y: -half, width: size, height: size, rx: size * 0.1,
      fill: hidden ? "#8a6f4c" : "#f3e7cc", stroke: "#5b4526", "stroke-width": size * 0.03,
    }),
  ];
  if (hidden) {
    parts.push(el("path", { d: `M 0 ${-half} V ${half} M ${-half} 0 H ${half}`, stroke: "#6d5638", "stroke-width": size * 0.04 }));
    parts.push(el("g", { transform: `translate(${-half / 2} ${-half / 2})` }, [suitMark(piece.suit, size * 0.16, "#f3e7cc")]));
  } else {
    parts.push(el("g", { transform: `translate(${-half * 0.62} ${-half * 0.62})` }, [suitMark(piece.suit, size * 0.14)]));
    const value = valueMark(/** @type {number} */ (piece.rank), size, SUIT_COLOURS[piece.suit]);
    parts.push(opts.valueY ? el("g", { transform: `translate(0 ${opts.valueY})` }, [value]) : value);
  }
  return el("g", { class: "piece tile", "aria-label": label, "data-face": hidden ? "down" : "up", "data-key": opts.key }, parts);
}

/**
 * A coin centred on (0, 0).  `private` marks a value the viewer knows but
 * others do not (the coin lies face down on the table).
 * @param {{suit: string, rank: number|null}} piece
 * @param {number} r
 * @param {{private?: boolean, extra?: string, key?: string}} [opts]  key: the piece's data-key
 */
export function coin(piece, r, opts = {}) {
  const hidden = piece.rank === null;
  const label = hidden
    ? `face-down ${SUIT_NAMES[piece.suit]} coin`
    : `${rankName(piece.rank)} coin of ${SUIT_NAMES[piece.suit]}${opts.private ? " (only you see its value)" : ""}`;
  const parts = [
    title(label + (opts.extra ? ` — ${opts.extra}` : "")),
    el("circle", {
      class: "coin-body", r, fill: hidden ? "#d9c9a3" : "#fbf6ea",
      stroke: SUIT_COLOURS[piece.suit], "stroke-width": r * 0.14,
      "stroke-dasharray": opts.private ? `${r * 0.35} ${r * 0.18}` : null,
    }),
  ];
  parts.push(hidden ? suitMark(piece.suit, r * 0.62) : valueMark(/** @type {number} */ (piece.rank), r * 1.7, SUIT_COLOURS[piece.suit]));
  return el("g", { class: "piece coin", "aria-label": label, "data-face": hidden ? "down" : "up", "data-key": opts.key }, parts);
}

/** A pawn (a King, a castle) standing on (0, 0). */
export function pawn(suit, size, label = `${SUIT_NAMES[suit]} pawn`) {
  const s = size / 20;
  return el("g", { class: "piece pawn", "aria-label": label }, [
    title(label),
    el("path", {
      d: `M ${-7 * s} ${9 * s} L ${7 * s} ${9 * s} L ${4 * s} ${-1 * s} A ${5 * s} ${5 * s} 0 1 0 ${-4 * s} ${-1 * s} Z`,
      fill: SUIT_COLOURS[suit], stroke: "#fff", "stroke-width": 1.2 * s,
    }),
  ]);
}

const PIPS = {
  0: [], 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
};

/** A die showing `value` (0 to 5) in pips, centred on (0, 0). */
export function die(suit, value, size, label = `die showing ${value}`) {
  const half = size / 2;
  const pips = (PIPS[value] || []).map(([x, y]) =>
    el("circle", { cx: x * size * 0.26, cy: y * size * 0.26, r: size * 0.09, fill: SUIT_COLOURS[suit] }));
  return el("g", { class: "piece die", "aria-label": label, "data-face": String(value) }, [
    title(label),
    el("rect", { x: -half, y: -half, width: size, height: size, rx: size * 0.18, fill: "#fffdf6", stroke: SUIT_COLOURS[suit], "stroke-width": size * 0.06 }),
    ...pips,
  ]);
}
