// @ts-check
/**
 * Words for the Castles board: piece names, signed points and what each
 * scoring term means.  Pure functions of the view's data; no rules here (the
 * engine sends every term already worked out).
 */
import { rankName, SUIT_NAMES } from "../../board/piecepack.js";

/** "the 4 tile of Moons" @param {{suit: string, rank: number|null}} t */
export function tileName(t) {
  return t.rank === null ? `a face-down ${SUIT_NAMES[t.suit]} tile` : `the ${rankName(t.rank)} tile of ${SUIT_NAMES[t.suit]}`;
}

/**
 * Where a square of the map lies, in words a person can find on screen: its
 * row and column counted from the map's top-left tile (inside the map), and
 * the tiles beside it.  "row 2, column 3; the ace tile of Suns to the north".
 * @param {number} x @param {number} y
 * @param {{x: number, y: number, suit: string, rank: number|null}[]} tiles
 * @param {{min_x: number, max_x: number, min_y: number, max_y: number}|null} bounds
 */
export function squareWhere(x, y, tiles, bounds) {
  const parts = [];
  if (bounds && x >= bounds.min_x && x <= bounds.max_x && y >= bounds.min_y && y <= bounds.max_y) {
    parts.push(`row ${y - bounds.min_y + 1}, column ${x - bounds.min_x + 1} of the map`);
  }
  const beside = [[0, -1, "north"], [1, 0, "east"], [0, 1, "south"], [-1, 0, "west"]].flatMap(([dx, dy, dir]) => {
    const t = tiles.find((n) => n.x === x + Number(dx) && n.y === y + Number(dy));
    return t ? [`${tileName(t)} to the ${dir}`] : [];
  });
  if (beside.length) parts.push(`beside ${beside.join(", ")}`);
  return parts.join("; ");
}

/** Points with their sign, using a true minus: "+4", "−3", "0". @param {number} n */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "0";
}

/** A total with a true minus and no plus: "12", "−3". @param {number} n */
export function plain(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** Which side of the castle a square lies on. */
export function side(term, castle) {
  const dx = term.x - castle.x;
  const dy = term.y - castle.y;
  if (dy < 0) return "north";
  if (dx > 0) return "east";
  if (dy > 0) return "south";
  if (dx < 0) return "west";
  return "castle";
}

/** A short name for a term, for score lines: "castle tile", "armies there", "north"… */
export function termShort(term, castle) {
  if (term.kind === "castle_tile") return "castle tile";
  if (term.kind === "castle_armies") return "armies there";
  return side(term, castle);
}

/**
 * A sentence saying what a term is worth and why (a hover title).
 * @param {any} term @param {string} name @param {{x: number, y: number}} castle
 */
export function termTitle(term, name, castle) {
  const tile = tileName({ suit: term.suit, rank: term.tile });
  const pts = `${signed(term.points)} gold`;
  switch (term.kind) {
    case "castle_tile":
      return `${name}'s castle stands on ${tile}: ${pts}`;
    case "castle_armies":
      return `${name}'s armies on the castle tile: ${term.own} own against ${term.enemy} enemy: ${pts}`;
    case "own_tile":
      return term.controlled
        ? `${name} controls ${tile}, ${side(term, castle)} of the castle (armies ${term.own} against ${term.enemy}): ${pts}`
        : `${name} has lost ${tile}, ${side(term, castle)} of the castle (armies ${term.own} against ${term.enemy}): ${pts}`;
    default:
      return term.controlled
        ? `${tile}, ${side(term, castle)} of ${name}'s castle, is held by ${name} (armies ${term.own} against ${term.enemy}): ${pts}`
        : `${tile}, ${side(term, castle)} of ${name}'s castle, is held by the enemy (armies ${term.own} against ${term.enemy}): ${pts}`;
  }
}

/** One seat's round as one line: "castle tile +4 · armies there +2 · north −3 = 3". */
export function scoreLine(line) {
  const castle = { x: line.terms[0].x, y: line.terms[0].y };
  const parts = line.terms.map((t) => `${termShort(t, castle)} ${signed(t.points)}`);
  return `${parts.join(" · ")} = ${signed(line.total)}`;
}

/** Counts with their nouns: the page's one helper (js/common/plural.js). */
export { count } from "../../common/plural.js";
