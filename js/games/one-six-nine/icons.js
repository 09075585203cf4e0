// @ts-check
/**
 * The 169 tiles as SVG: one icon per kind, drawn in a 100 by 100 box centred
 * on (0, 0), then laid either flat on a square (Walls, Farms, Pits, Roads,
 * Mines, Castles) or as a standing round token (the four creatures), edged in
 * the owner's colour.  Also the small badges that preview what a move does.
 * These only draw; they decide nothing.
 */
import { el, title } from "../../board/svg.js";
import { SUIT_COLOURS, SUITS } from "../../board/piecepack.js";
import { isCreature } from "./text.js";

/** Seat k's colour: the piecepack suits' colours, as on every Parlour board. @param {number|null} seat */
export function seatColour(seat) {
  return seat === null || seat === undefined ? "#6b5a3a" : SUIT_COLOURS[SUITS[seat % SUITS.length]];
}

/**
 * Mix a colour with parchment: 0 is parchment, 1 the colour itself.
 * @param {string} hex @param {number} amount @param {string} [base]
 */
export function tint(hex, amount, base = "#f7eedb") {
  const a = parseInt(hex.slice(1), 16);
  const b = parseInt(base.slice(1), 16);
  const mix = (shift) => Math.round(((a >> shift) & 255) * amount + ((b >> shift) & 255) * (1 - amount));
  return `#${[16, 8, 0].map((s) => mix(s).toString(16).padStart(2, "0")).join("")}`;
}

const INK = "#2e2418";

/** The art of each kind in the 100-unit box (owner's colour for flags and the like). */
const ART = {
  wall: () => {
    const bricks = [];
    const rows = [-30, -10, 10];
    rows.forEach((y, r) => {
      const offset = r % 2 ? -14 : 0;
      for (let x = -42 + offset; x < 40; x += 28) {
        const x0 = Math.max(x, -40);
        const x1 = Math.min(x + 26, 40);
        if (x1 - x0 > 4) bricks.push(el("rect", { x: x0, y, width: x1 - x0, height: 18, rx: 2, fill: r === 1 ? "#a2553a" : "#9c4a32" }));
      }
    });
    return [el("rect", { x: -42, y: -32, width: 84, height: 64, rx: 4, fill: "#d9c7a8" }), ...bricks,
      el("rect", { x: -42, y: 28, width: 84, height: 6, rx: 2, fill: "#7b6a55" })];
  },
  farm: () => [
    el("path", { d: "M -40 8 Q 0 -6 40 8 L 40 38 L -40 38 Z", fill: "#6f9a3e" }),
    el("path", { d: "M -40 18 Q 0 6 40 18 M -40 28 Q 0 17 40 28", stroke: "#4e7429", "stroke-width": 3, fill: "none" }),
    el("path", { d: "M 0 10 V -34", stroke: "#b8892a", "stroke-width": 4 }),
    ...[-30, -20, -10, 0].map((y) => el("g", {}, [
      el("ellipse", { cx: -7, cy: y, rx: 4.5, ry: 8, fill: "#e0b43c", transform: `rotate(-30 -7 ${y})` }),
      el("ellipse", { cx: 7, cy: y, rx: 4.5, ry: 8, fill: "#e0b43c", transform: `rotate(30 7 ${y})` }),
    ])),
    el("ellipse", { cx: 0, cy: -40, rx: 4, ry: 7, fill: "#e0b43c" }),
  ],
  pit: () => [
    el("ellipse", { cx: 0, cy: 2, rx: 40, ry: 34, fill: "#6b5a3a" }),
    el("ellipse", { cx: 0, cy: 4, rx: 33, ry: 27, fill: "#2a1f16" }),
    el("ellipse", { cx: 0, cy: 9, rx: 22, ry: 16, fill: "#0d0906" }),
    el("path", { d: "M -33 -4 Q 0 -22 33 -4", stroke: "#8e7a58", "stroke-width": 3, fill: "none" }),
  ],
  thief: () => [
    el("path", { d: "M -36 40 Q -38 -10 0 -40 Q 38 -10 36 40 Z", fill: "#4b3a5a" }),
    el("circle", { cx: 0, cy: 4, r: 22, fill: "#e7c49a" }),
    el("path", { d: "M -26 -4 Q 0 -12 26 -4 L 24 10 Q 0 4 -24 10 Z", fill: "#17121c" }),
    el("ellipse", { cx: -10, cy: 2, rx: 5, ry: 3, fill: "#f3e7cc" }),
    el("ellipse", { cx: 10, cy: 2, rx: 5, ry: 3, fill: "#f3e7cc" }),
    el("path", { d: "M -8 16 Q 0 20 8 16", stroke: "#6d4a32", "stroke-width": 3, fill: "none" }),
  ],
  monster: () => [
    el("path", { d: "M -26 -18 L -38 -44 L -12 -28 Z M 26 -18 L 38 -44 L 12 -28 Z", fill: "#efe6d0", stroke: "#8c7d64", "stroke-width": 2 }),
    el("path", { d: "M -34 0 Q -34 -32 0 -32 Q 34 -32 34 0 L 34 22 Q 0 44 -34 22 Z", fill: "#4f8a3a" }),
    el("path", { d: "M -20 -12 L -6 -6 M 20 -12 L 6 -6", stroke: "#1d2a14", "stroke-width": 4, "stroke-linecap": "round" }),
    el("circle", { cx: -13, cy: -2, r: 5, fill: "#f4d35e" }),
    el("circle", { cx: 13, cy: -2, r: 5, fill: "#f4d35e" }),
    el("path", { d: "M -20 14 L 20 14 L 16 26 Q 0 32 -16 26 Z", fill: "#1d2a14" }),
    el("path", { d: "M -14 14 L -10 21 L -6 14 M 6 14 L 10 21 L 14 14", fill: "#fffaf0" }),
  ],
  hero: () => [
    el("path", { d: "M 19 -44 L 29 -44 L 29 12 L 24 18 L 19 12 Z", fill: "#dfe3e8", stroke: "#6c7480", "stroke-width": 2 }),
    el("path", { d: "M 24 -38 V 10", stroke: "#aab1ba", "stroke-width": 2 }),
    el("path", { d: "M 10 16 H 38", stroke: "#c9a227", "stroke-width": 7, "stroke-linecap": "round" }),
    el("path", { d: "M 24 20 V 34", stroke: "#7a5a2a", "stroke-width": 6 }),
    el("circle", { cx: 24, cy: 38, r: 5, fill: "#c9a227" }),
    el("path", { d: "M -40 -22 L 6 -22 L 6 4 Q 6 28 -17 40 Q -40 28 -40 4 Z", fill: "#2f5fa8", stroke: "#fffaf0", "stroke-width": 3 }),
    el("path", { d: "M -17 -16 V 34 M -34 0 H 0", stroke: "#f0c419", "stroke-width": 6 }),
  ],
  bureaucrat: () => [
    el("rect", { x: -30, y: -40, width: 56, height: 74, rx: 4, fill: "#fffdf6", stroke: "#8c7d64", "stroke-width": 2.5 }),
    ...[-28, -18, -8, 2].map((y) => el("path", { d: `M -22 ${y} H ${y === 2 ? 2 : 18}`, stroke: "#8c7d64", "stroke-width": 3 })),
    el("circle", { cx: 14, cy: 22, r: 16, fill: "#b8322a" }),
    el("circle", { cx: 14, cy: 22, r: 10, fill: "none", stroke: "#f3c7b8", "stroke-width": 2.5 }),
    el("path", { d: "M 4 36 L 0 48 L 8 44 L 12 50 L 14 38", fill: "#b8322a" }),
  ],
  road: () => [
    el("path", { d: "M -46 -16 H 46 V 16 H -46 Z", fill: "#8f8676" }),
    el("path", { d: "M -46 -16 H 46 M -46 16 H 46", stroke: "#5f584c", "stroke-width": 3 }),
    el("path", { d: "M -40 0 H 46", stroke: "#f3e7cc", "stroke-width": 4, "stroke-dasharray": "12 9" }),
  ],
  mine: () => [
    el("path", { d: "M -38 34 V -6 Q -38 -38 0 -38 Q 38 -38 38 -6 V 34 Z", fill: "#6b4f31" }),
    el("path", { d: "M -26 34 V 0 Q -26 -24 0 -24 Q 26 -24 26 0 V 34 Z", fill: "#1f160e" }),
    el("path", { d: "M -28 -2 H 28", stroke: "#8a6a44", "stroke-width": 5 }),
    el("circle", { cx: -12, cy: 26, r: 9, fill: "#e8b923", stroke: "#a57c10", "stroke-width": 2 }),
    el("circle", { cx: 6, cy: 28, r: 8, fill: "#f2c94c", stroke: "#a57c10", "stroke-width": 2 }),
    el("circle", { cx: -2, cy: 16, r: 7, fill: "#f6d776", stroke: "#a57c10", "stroke-width": 2 }),
    el("circle", { cx: 18, cy: 24, r: 6, fill: "#e8b923", stroke: "#a57c10", "stroke-width": 2 }),
  ],
  castle: (colour) => [
    el("path", { d: "M -4 -44 V -24", stroke: INK, "stroke-width": 3 }),
    el("path", { d: "M -4 -44 L 16 -38 L -4 -32 Z", fill: colour }),
    el("path", {
      d: "M -36 40 V -14 H -26 V -22 H -16 V -14 H -9 V -22 H 1 V -14 H 8 V -22 H 18 V -14 H 26 V -22 H 36 V 40 Z",
      fill: "#b9b2a4", stroke: "#5e574b", "stroke-width": 3, "stroke-linejoin": "round",
    }),
    el("path", { d: "M -10 40 V 18 Q 0 6 10 18 V 40 Z", fill: "#4a3a28" }),
    el("rect", { x: -26, y: 0, width: 8, height: 12, rx: 3, fill: "#4a3a28" }),
    el("rect", { x: 18, y: 0, width: 8, height: 12, rx: 3, fill: "#4a3a28" }),
  ],
};

/**
 * A kind's art scaled to `size`, centred on (0, 0).
 * @param {string} kind @param {number} size @param {string} [colour] the owner's colour (the castle's flag)
 */
export function art(kind, size, colour = "#6b5a3a") {
  const draw = ART[kind];
  return el("g", { class: `art art-${kind}`, transform: `scale(${(size / 100).toFixed(4)})` }, draw ? draw(colour) : []);
}

/**
 * A tile as it lies on the board or in a row: flat tiles as squares, creatures as round tokens.
 * @param {string} kind @param {number|null} owner null for a tile nobody owns yet (in a row for sale)
 * @param {number} size @param {{label?: string, doubled?: boolean, moved?: boolean}} [opts]
 */
export function tileShape(kind, owner, size, opts = {}) {
  const colour = seatColour(owner);
  const parts = [];
  if (opts.label) parts.push(title(opts.label));
  if (isCreature(kind)) {
    const r = size / 2;
    parts.push(el("circle", { class: "token-body", r: r - size * 0.04, fill: owner === null ? "#fffaf0" : tint(colour, 0.18, "#fffdf6"), stroke: colour, "stroke-width": size * 0.09 }));
    parts.push(art(kind, size * 0.72, colour));
  } else {
    const half = size / 2;
    const fill = kind === "pit" ? "#4a3d2c" : owner === null ? "#f3e7cc" : tint(colour, 0.22);
    parts.push(el("rect", {
      class: "tile-body", x: -half, y: -half, width: size, height: size, rx: size * 0.1,
      fill, stroke: colour, "stroke-width": size * 0.07,
    }));
    parts.push(art(kind, size * 0.84, colour));
  }
  if (opts.doubled) parts.push(doubledMark(size));
  return el("g", { class: `osn-tile kind-${kind}${opts.moved ? " moved" : ""}`, "data-kind": kind, "data-owner": owner ?? "" }, parts);
}

/** "×2" in the corner of a property a Bureaucrat of its owner doubles. */
function doubledMark(size) {
  const r = size * 0.17;
  return el("g", { class: "doubled-mark", transform: `translate(${(-size / 2 + r * 0.9).toFixed(1)} ${(-size / 2 + r * 0.9).toFixed(1)})` }, [
    el("circle", { r, fill: "#f0c419", stroke: INK, "stroke-width": r * 0.12 }),
    el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": r * 1.15, "font-weight": 800, fill: INK }, ["×2"]),
  ]);
}

const TONE_COLOURS = { good: "#2e7d32", bad: "#b3261e", mixed: "#c66a00" };

/** A glyph for one effect code, white, in a 20-unit box. */
function glyph(code) {
  switch (code) {
    case "kill": return el("path", { d: "M -7 -7 L 7 7 M 7 -7 L -7 7 M -8 3 L -3 8 M 8 3 L 3 8", stroke: "#fff", "stroke-width": 2.6, "stroke-linecap": "round" });
    case "dies": case "both_die": return el("g", {}, [
      el("path", { d: "M -7 -1 Q -7 -9 0 -9 Q 7 -9 7 -1 Q 7 3 4 4 V 8 H -4 V 4 Q -7 3 -7 -1 Z", fill: "#fff" }),
      el("circle", { cx: -3, cy: -2, r: 2, fill: code === "dies" ? TONE_COLOURS.bad : TONE_COLOURS.mixed }),
      el("circle", { cx: 3, cy: -2, r: 2, fill: code === "dies" ? TONE_COLOURS.bad : TONE_COLOURS.mixed }),
    ]);
    case "steal": return el("path", { d: "M -3 -8 H 3 L 1 -5 Q 8 -2 8 4 Q 8 9 0 9 Q -8 9 -8 4 Q -8 -2 -1 -5 Z", fill: "#fff" });
    case "destroy": return el("path", { d: "M 0 -9 L 2 -3 L 8 -5 L 4 0 L 9 4 L 2 3 L 1 9 L -2 3 L -8 6 L -4 0 L -9 -5 L -2 -3 Z", fill: "#fff" });
    case "double": return el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, "font-weight": 800, fill: "#fff" }, ["×2"]);
    default: return el("circle", { r: 3, fill: "#fff" });
  }
}

/**
 * A round badge previewing a move's outcome; the worst part sets the colour.
 * @param {string[]} codes @param {string} tone "good" | "bad" | "mixed" @param {number} r
 */
export function effectBadge(codes, tone, r) {
  const main = codes.find((c) => c === "dies" || c === "both_die") ?? codes[codes.length - 1];
  return el("g", { class: `effect-badge tone-${tone}` }, [
    el("circle", { r, fill: TONE_COLOURS[tone] ?? TONE_COLOURS.good, stroke: "#fffaf0", "stroke-width": r * 0.16 }),
    el("g", { transform: `scale(${(r / 11).toFixed(3)})` }, [glyph(main)]),
  ]);
}
