// @ts-check
/**
 * King's Cottage pieces as SVG: furnishings (coins showing the side the viewer
 * knows), the King, face-down tile piles, the bag, stairwell marks and room
 * labels.  Everything here only draws what a view says; nothing decides.
 */
import { el, title } from "../../board/svg.js";
import { pawn, SUIT_COLOURS, SUIT_NAMES, suitMark } from "../../board/piecepack.js";

export const RANK_NAMES = ["null", "ace", "2", "3", "4", "5"];
export const CORNERS = ["nw", "ne", "sw", "se"];
/** Unit signs of each corner: nw is up-left (screen y grows down). */
export const CORNER_SIGN = { nw: [-1, -1], ne: [1, -1], sw: [-1, 1], se: [1, 1] };
export const CORNER_NAMES = { nw: "north-west", ne: "north-east", sw: "south-west", se: "south-east" };
const INK = "#2e2418";

/**
 * The suit's emblem, as piecepack.js draws it, except the Moons crescent:
 * piecepack.js's moon path runs both arcs over the same half circle, so it has
 * no area and draws nothing.  This one has a real crescent.
 * @param {string} suit @param {number} r @param {string} [fill]
 */
export function mark(suit, r, fill = SUIT_COLOURS[suit]) {
  if (suit !== "moons") return suitMark(suit, r, fill);
  const s = r / 10;
  const f = (n) => (n * s).toFixed(2);
  return el("path", {
    class: "suit moons", fill,
    d: `M ${f(3)} ${f(-8.5)} A ${f(9)} ${f(9)} 0 1 0 ${f(3)} ${f(8.5)} A ${f(11)} ${f(11)} 0 0 1 ${f(3)} ${f(-8.5)} Z`,
  });
}
const UNKNOWN = "#7a6a50";

/** @param {string} suit */
export const houseName = (suit) => SUIT_NAMES[suit] ?? suit;

/** "the 3 of Crowns", "the ace of Crowns entrance". */
export function roomName(room) {
  const base = `the ${RANK_NAMES[room.rank]} of ${houseName(room.suit)}`;
  return room.rank === 1 ? `${base} entrance` : base;
}

/** "the 3 of Crowns" for a tile or a fully known coin. */
export function pieceName(piece) {
  return `the ${RANK_NAMES[piece.rank]} of ${houseName(piece.suit)}`;
}

/**
 * Mix a colour with parchment: amount 0 is parchment, 1 the colour itself.
 * @param {string} hex @param {number} amount
 */
export function tint(hex, amount, base = "#f7eedb") {
  const a = parseInt(hex.slice(1), 16);
  const b = parseInt(base.slice(1), 16);
  const mix = (shift) => Math.round(((a >> shift) & 255) * amount + ((b >> shift) & 255) * (1 - amount));
  return `#${[16, 8, 0].map((s) => mix(s).toString(16).padStart(2, "0")).join("")}`;
}

/** How the viewer sees a furnishing, in words (a hover title). */
export function coinText(c, context = "") {
  let text;
  if (c.suit && c.rank !== null) {
    const up = c.up ? `, ${c.up} side up` : "";
    const both = c.up && c.both ? "; you know both sides" : "";
    text = `${pieceName(c)}${up}${both}`;
  } else if (c.up === "suit") {
    text = `${/^[AEIOU]/.test(houseName(c.suit)) ? "An" : "A"} ${houseName(c.suit)} furnishing (suit side up; its value is hidden from you)`;
  } else if (c.up === "value") {
    text = `A furnishing worth ${RANK_NAMES[c.rank]} (value side up; its maker is hidden from you)`;
  } else {
    text = "A coin only its drawer has seen";
  }
  const id = c.id ? ` · #${c.id}` : "";
  return `${text[0].toUpperCase()}${text.slice(1)}${id}${context ? ` — ${context}` : ""}`;
}

/** The value face: a numeral, "A" for an ace, a ring for a null. */
function valueFace(rank, r, colour) {
  if (rank === 0) return el("circle", { r: r * 0.42, fill: "none", stroke: colour, "stroke-width": r * 0.16 });
  return el("text", {
    class: "kc-value", "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": r * 1.2, "font-weight": 700, fill: colour,
  }, [rank === 1 ? "A" : String(rank)]);
}

/**
 * A furnishing centred on (0, 0): the side that lies up, and a small badge with
 * the other side when the viewer knows both (public coins need no badge).
 * @param {{id?: number|null, up: string|null, suit: string|null, rank: number|null, both?: boolean}} c
 * @param {number} r
 * @param {{context?: string, badge?: boolean, face?: "suit"|"value"}} [opts]
 */
export function furnishing(c, r, opts = {}) {
  const suitKnown = Boolean(c.suit);
  const valueKnown = c.rank !== null && c.rank !== undefined;
  const up = opts.face ?? c.up ?? (suitKnown && valueKnown ? "value" : null);
  const ring = suitKnown ? SUIT_COLOURS[c.suit] : UNKNOWN;
  const parts = [
    title(coinText(c, opts.context)),
    el("circle", { class: "coin-body", r, fill: up ? "#fbf6ea" : "#d9c9a3", stroke: ring, "stroke-width": r * 0.16 }),
  ];
  if (up === "suit" && suitKnown) parts.push(mark(/** @type {string} */ (c.suit), r * 0.62));
  else if (up === "value" && valueKnown) parts.push(valueFace(c.rank, r, suitKnown ? SUIT_COLOURS[c.suit] : INK));
  else parts.push(el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": r * 1.1, fill: "#5b4526", "font-weight": 700 }, ["?"]));
  const knowsOther = suitKnown && valueKnown && (opts.badge ?? c.both) && up;
  if (knowsOther) {
    const b = r * 0.5;
    parts.push(el("g", { class: "kc-known", transform: `translate(${(r * 0.78).toFixed(1)} ${(r * 0.78).toFixed(1)})` }, [
      el("circle", { r: b, fill: "#fff8d8", stroke: "#b8860b", "stroke-width": b * 0.22 }),
      up === "suit" ? valueFace(c.rank, b * 0.95, SUIT_COLOURS[c.suit]) : mark(/** @type {string} */ (c.suit), b * 0.7),
    ]));
  }
  return el("g", { class: `piece coin kc-coin${knowsOther ? " kc-both" : ""}`, "data-face": up ?? "down" }, parts);
}

/** The King: the Pawn of Crowns, with a little gold crown. */
export function king(size, label = "The King") {
  const s = size / 20;
  return el("g", { class: "piece kc-king" }, [
    pawn("crowns", size, label),
    el("path", {
      d: `M ${-4 * s} ${-10.5 * s} L ${-4 * s} ${-14 * s} L ${-2 * s} ${-12 * s} L 0 ${-15 * s} L ${2 * s} ${-12 * s} L ${4 * s} ${-14 * s} L ${4 * s} ${-10.5 * s} Z`,
      fill: "#e0b52b", stroke: "#7a5a10", "stroke-width": 0.6 * s,
    }),
  ]);
}

/** A room's label: the house's emblem and the size ("A" for an entrance). */
export function roomLabel(room, scale = 1, colour = SUIT_COLOURS[room.suit]) {
  return el("g", { class: "kc-label" }, [
    el("g", { transform: `translate(${-7 * scale} 0)` }, [mark(room.suit, 7.5 * scale, colour)]),
    el("text", {
      x: 7 * scale, "text-anchor": "middle", "dominant-baseline": "central",
      "font-size": 18 * scale, "font-weight": 700, fill: colour,
    }, [room.rank === 1 ? "A" : String(room.rank)]),
  ]);
}

/**
 * A stairwell in a second-story tile's corner: a dark wedge with treads,
 * going down towards `dir` (the room below on that side).
 * @param {string} dir @param {number} reach half the tile's side
 * @param {boolean} live false when the room below is gone
 */
export function stairs(dir, reach, live = true) {
  const [sx, sy] = CORNER_SIGN[dir];
  const leg = reach * 0.8;
  const corner = [sx * reach, sy * reach];
  const a = [sx * (reach - leg), sy * reach];
  const b = [sx * reach, sy * (reach - leg)];
  const lerp = (p, q, t) => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
  const parts = [el("path", {
    d: `M ${a.join(" ")} L ${corner.join(" ")} L ${b.join(" ")} Z`,
    fill: live ? "#4a3620" : "#9a8b70", stroke: "#2a2015", "stroke-width": 1.2, "stroke-linejoin": "round",
  })];
  for (const t of [0.22, 0.44, 0.66]) {
    const p = lerp(a, corner, t);
    const q = lerp(b, corner, t);
    parts.push(el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: "#f3e2bd", "stroke-width": reach * 0.045, "stroke-linecap": "round" }));
  }
  return el("g", { class: `kc-stairs${live ? "" : " dead"}` }, parts);
}

/** A face-down pile of `count` tiles of one suit. */
export function pile(suit, count, size) {
  const half = size / 2;
  const colour = SUIT_COLOURS[suit];
  if (count === 0) {
    return el("g", { class: "piece kc-pile empty" }, [
      title(`The ${houseName(suit)} pile is empty`),
      el("rect", { x: -half, y: -half, width: size, height: size, rx: size * 0.1, fill: "none", stroke: "#9a8b70", "stroke-width": 2, "stroke-dasharray": "6 4" }),
      el("g", { opacity: 0.35 }, [mark(suit, size * 0.22)]),
    ]);
  }
  const layers = [];
  for (let i = Math.min(count, 5) - 1; i > 0; i--) {
    layers.push(el("rect", { x: -half + i * 2.5, y: -half + i * 2.5, width: size, height: size, rx: size * 0.1, fill: "#6d5638", stroke: "#3b2f1e", "stroke-width": 1 }));
  }
  return el("g", { class: "piece kc-pile" }, [
    title(`The ${houseName(suit)} pile: ${count} face-down tile${count === 1 ? "" : "s"}`),
    ...layers,
    el("rect", { class: "tile-body", x: -half, y: -half, width: size, height: size, rx: size * 0.1, fill: "#8a6f4c", stroke: colour, "stroke-width": size * 0.05 }),
    el("circle", { r: size * 0.3, fill: "#f3e7cc" }),
    mark(suit, size * 0.22),
  ]);
}

/** The bag of coins, with its count. */
export function bag(count, size) {
  const s = size / 60;
  return el("g", { class: "piece kc-bag" }, [
    title(count ? `The bag: ${count} coin${count === 1 ? "" : "s"} inside` : "The bag is empty"),
    el("path", {
      d: `M ${-12 * s} ${-22 * s} Q 0 ${-16 * s} ${12 * s} ${-22 * s} L ${8 * s} ${-12 * s} Q ${30 * s} ${2 * s} ${24 * s} ${20 * s} Q ${18 * s} ${30 * s} 0 ${30 * s} Q ${-18 * s} ${30 * s} ${-24 * s} ${20 * s} Q ${-30 * s} ${2 * s} ${-8 * s} ${-12 * s} Z`,
      fill: "#7b4a2a", stroke: "#3b2214", "stroke-width": 2 * s,
    }),
    el("path", { d: `M ${-9 * s} ${-12 * s} Q 0 ${-8 * s} ${9 * s} ${-12 * s}`, fill: "none", stroke: "#e0b52b", "stroke-width": 2.5 * s }),
    el("text", { y: 10 * s, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 20 * s, "font-weight": 700, fill: "#fbf1dc" }, [String(count)]),
  ]);
}

/** A null tile (a month gone by), face up. */
export function nullTile(suit, size) {
  const half = size / 2;
  return el("g", { class: "piece kc-month" }, [
    el("rect", { x: -half, y: -half, width: size, height: size, rx: size * 0.1, fill: "#f3e7cc", stroke: "#5b4526", "stroke-width": 2 }),
    el("g", { transform: `translate(${-half * 0.62} ${-half * 0.62})` }, [mark(suit, size * 0.13)]),
  ]);
}

/** A face-up tile (a room to build), centred on (0, 0). */
export function faceTile(piece, size, label) {
  const half = size / 2;
  const colour = SUIT_COLOURS[piece.suit];
  return el("g", { class: "piece tile" }, [
    title(label),
    el("rect", { class: "tile-body", x: -half, y: -half, width: size, height: size, rx: size * 0.1, fill: "#f3e7cc", stroke: colour, "stroke-width": size * 0.05 }),
    el("g", { transform: `translate(${-half * 0.6} ${-half * 0.6})` }, [mark(piece.suit, size * 0.15)]),
    el("text", { y: size * 0.06, "text-anchor": "middle", "dominant-baseline": "central", "font-size": size * 0.55, "font-weight": 700, fill: colour }, [piece.rank === 1 ? "A" : String(piece.rank)]),
  ]);
}
