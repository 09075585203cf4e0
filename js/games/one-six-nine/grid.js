// @ts-check
/**
 * The 13 by 13 board of 169 as SVG: the rank labels along the top (columns)
 * and the left (rows), every square as a click target `sq:x:y`, the tiles on
 * it (a flat tile fills the square; a creature stands on it as a round token,
 * clickable as `cr:x:y` when it is the viewer's), and the previews of the
 * piece the player has chosen: lit squares, a ghost of the tile to drop, and
 * badges saying what a creature's move would do there (from the view's
 * `move_effects`).  Row A is at the top, as in the engine (a step "up" lowers y).
 */
import { at, el, svgRoot, title } from "../../board/svg.js";
import { keyed } from "../../board/motion.js";
import { effectBadge, seatColour, tileShape } from "./icons.js";
import { EFFECT_TONE, cellText, dropText, effectShort, effectText, isCreature, rankName, squareName, TITLES, withArticle } from "./text.js";

export const CELL = 60;
export const MARGIN = 30;
const PAD = 6;

/** Square (x, y) → its tiles, as {ground, creature}. @param {any[]} board */
export function cellsOf(board) {
  /** @type {Map<string, {ground: any, creature: any}>} */
  const cells = new Map();
  for (const t of board) {
    const key = `${t.x}:${t.y}`;
    if (!cells.has(key)) cells.set(key, { ground: null, creature: null });
    cells.get(key)[isCreature(t.kind) ? "creature" : "ground"] = t;
  }
  return cells;
}

const EMPTY = { ground: null, creature: null };

/**
 * @param {any} view
 * @param {{
 *   viewer: number|null, names: string[], cells: Map<string, any>, selected: string|null,
 *   targets: Set<string>, pieces: Set<string>, moveTargets: Map<string, any>, zoom?: boolean
 * }} opts  selected: the chooser's piece (`shop:<kind>` or `cr:x:y`); targets: the lit squares;
 *   pieces: clickable pieces; moveTargets: key → every move of the selected creature there, with its effects;
 *   zoom: a phone's close-up, the squares only (the rank labels are drawn apart by drawAxis, to stay in
 *   sight while the squares pan), and a creature's target the whole of its square
 */
export function drawGrid(view, opts) {
  const n = view.size;
  const span = MARGIN + n * CELL + PAD;
  const box = opts.zoom ? `${MARGIN} ${MARGIN} ${n * CELL} ${n * CELL}` : `0 0 ${span} ${span}`;
  const svg = svgRoot(box, { class: `osn-grid${opts.zoom ? " zoomed" : ""}`, role: "group", "aria-label": "The board: 13 by 13 squares" });
  svg.append(el("rect", { class: "grid-frame", x: 0, y: 0, width: span, height: span, rx: opts.zoom ? 0 : 14 }));
  if (!opts.zoom) svg.append(...axisLabels(view, "col"), ...axisLabels(view, "row"));
  const squares = el("g", { class: "squares" });
  const kind = opts.selected?.startsWith("shop:") ? opts.selected.slice(5) : null;
  for (let y = 1; y <= n; y++) {
    for (let x = 1; x <= n; x++) squares.append(drawSquare(view, opts, x, y, kind));
  }
  svg.append(squares);
  if (view.sides) svg.append(propertyLine(view, opts.viewer));
  return svg;
}

/** The rank labels along one side: columns along the top, rows down the left. @param {any} view @param {"col"|"row"} axis */
function axisLabels(view, axis) {
  const held = new Map();
  for (const card of view.hand || []) held.set(card, (held.get(card) ?? 0) + 1);
  return Array.from({ length: view.size }, (_, k) => {
    const i = k + 1;
    const c = MARGIN + (i - 0.5) * CELL;
    const mark = held.has(i) ? " held" : "";
    const tip = held.has(i) ? `${rankName(i)}: you hold ${held.get(i) === 1 ? "one" : held.get(i)}` : rankName(i);
    return axis === "col" ? axisLabel("col", i, c, MARGIN / 2 + 1, mark, tip, held.get(i))
      : axisLabel("row", i, MARGIN / 2 + 1, c, mark, tip, held.get(i));
  });
}

/**
 * A phone's close-up keeps the rank labels in sight while the squares pan under them: a strip of
 * labels (columns along the top, rows down the left), or the corner where the two strips meet.
 * @param {any} view @param {"col"|"row"|"corner"} axis
 */
export function drawAxis(view, axis) {
  const n = view.size;
  const box = axis === "col" ? `${MARGIN} 0 ${n * CELL} ${MARGIN}` : axis === "row" ? `0 ${MARGIN} ${MARGIN} ${n * CELL}` : `0 0 ${MARGIN} ${MARGIN}`;
  const svg = svgRoot(box, { class: `osn-axis osn-axis-${axis}`, "aria-hidden": "true" });
  svg.append(el("rect", { class: "grid-frame", x: 0, y: 0, width: MARGIN + n * CELL, height: MARGIN + n * CELL }));
  if (axis !== "corner") svg.append(...axisLabels(view, axis));
  return svg;
}

function axisLabel(axis, rank, x, y, mark, tip, many) {
  return at(x, y, { class: `axis-label${mark}`, "data-axis": axis, "data-rank": rank }, [
    title(tip),
    el("rect", { class: "axis-pill", x: -13, y: -12, width: 26, height: 24, rx: 8 }),
    el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 17, "font-weight": 700 }, [rankName(rank)]),
    many > 1 ? at(12, -10, { class: "axis-many" }, [
      el("circle", { r: 7 }),
      el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 10, "font-weight": 800 }, [String(many)]),
    ]) : null,
  ]);
}

/** One square: its background, what lies on it, and the preview of the chosen piece. */
function drawSquare(view, opts, x, y, kind) {
  const key = `${x}:${y}`;
  const cell = opts.cells.get(key) ?? EMPTY;
  const { viewer, names } = opts;
  const far = view.top_rank < view.size && (x > view.top_rank || y > view.top_rank);
  const target = `sq:${x}:${y}`;
  const lit = opts.targets.has(target);
  const notes = [`${squareName(x, y)}: ${cellText(cell, viewer, names)}.`];
  if (far) notes.push("No card names this square in a Small World.");
  const parts = [
    el("rect", { class: `sq-bg${(x + y) % 2 ? " odd" : ""}${far ? " far" : ""}`, x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL }),
  ];
  const { ground, creature } = cell;
  const withBoth = ground && creature;
  if (ground) {
    parts.push(keyed(tileShape(ground.kind, ground.owner, withBoth ? CELL * 0.9 : CELL * 0.86, { doubled: view.doubled.includes(ground.id) }), `tile:${ground.id}`));
  }
  if (creature) {
    const moved = view.phase === "move" && view.moved.includes(creature.id);
    const size = withBoth ? CELL * 0.6 : CELL * 0.8;
    const shape = keyed(tileShape(creature.kind, creature.owner, size, { moved }), `tile:${creature.id}`);
    const pos = withBoth ? CELL * 0.17 : 0;
    const piece = `cr:${x}:${y}`;
    const clickable = creature.owner === viewer && opts.pieces.has(piece);
    // the ring stays inside the creature's square (a creature on a tile sits off-centre, and a ring beyond the
    // square would lie over its neighbours, which may be where it goes next)
    const ring = opts.selected === piece ? el("circle", { class: "chosen-ring", r: Math.min(size / 2 + 4, CELL / 2 - pos - 2) }) : null;
    // on a phone's close-up the whole square is the creature's target (the creature alone is smaller than a finger)
    const hit = clickable && opts.zoom ? el("rect", { class: "hit", x: -CELL / 2 - pos, y: -CELL / 2 - pos, width: CELL, height: CELL, fill: "transparent" }) : null;
    parts.push(at(pos, pos, clickable ? { "data-piece": piece, class: "creature" } : { class: "creature" }, [hit, ring, shape]));
    if (moved) notes.push(`The ${TITLES[creature.kind]} has moved this turn.`);
  }
  if (lit && kind) {
    parts.push(el("g", { class: "ghost" }, [tileShape(kind, viewer, isCreature(kind) ? CELL * 0.7 : CELL * 0.82)]));
    const drop = dropText(kind, cell, viewer, names);
    notes.push(`Buy ${withArticle(TITLES[kind])} and drop it here (spends your ${rankName(x)} and ${rankName(y)})${drop ? `: it ${drop}` : ""}.`);
    if (drop) {
      const mine = [cell.ground, cell.creature].some((t) => t && t.owner === viewer);
      parts.push(at(CELL * 0.3, -CELL * 0.3, {}, [effectBadge(["destroy"], mine ? "bad" : "good", CELL * 0.22)]));
    }
  }
  const move = lit ? opts.moveTargets.get(key) : undefined;
  if (move) {
    const mover = opts.cells.get(String(opts.selected).slice(3))?.creature;
    if (move.effects.length && mover) {
      const tone = move.effects.includes("dies") ? "bad" : move.effects.includes("both_die") ? "mixed" : EFFECT_TONE[move.effects[0]];
      notes.push(`${effectText(move.effects, cell, mover.kind, viewer, names)}.`);
      parts.push(at(CELL * 0.27, -CELL * 0.27, { class: "preview", "data-effect": move.effects.join(" ") }, [
        effectBadge(move.effects, tone, CELL * 0.23),
      ]));
      parts.push(el("text", { class: `effect-word tone-${tone}`, y: CELL * 0.4, "text-anchor": "middle", "font-size": 11 }, [effectShort(move.effects)]));
    } else if (mover) {
      notes.push(`Your ${TITLES[mover.kind]} can move here.`);
    }
  }
  const cx = MARGIN + (x - 0.5) * CELL;
  const cy = MARGIN + (y - 0.5) * CELL;
  const origin = opts.selected === `cr:${x}:${y}` ? " origin" : "";
  return at(cx, cy, { class: `sq${origin}`, "data-target": target, "data-x": x, "data-y": y }, [
    title(notes.join(" ")),
    ...parts,
    lit ? el("rect", { class: "sq-lit", x: -CELL / 2 + 2, y: -CELL / 2 + 2, width: CELL - 4, height: CELL - 4, rx: 6 }) : null,
  ]);
}

/** Walled Garden: the property line on the diagonal, and the viewer's own side lightly tinted. */
function propertyLine(view, viewer) {
  const n = view.size;
  const a = MARGIN;
  const b = MARGIN + n * CELL;
  const parts = [];
  if (viewer === 0 || viewer === 1) {
    // seat 0 places where row >= column (below the line), seat 1 where row <= column (above it)
    const points = viewer === 0 ? `${a},${a} ${a},${b} ${b},${b}` : `${a},${a} ${b},${a} ${b},${b}`;
    parts.push(el("polygon", { class: "own-side", points, fill: seatColour(viewer) }));
  }
  parts.push(el("path", { class: "property-line", d: `M ${a} ${a} L ${b} ${b}` }));
  return el("g", { class: "walled-garden", "pointer-events": "none" }, [
    title("The property line: each seat places tiles on its own side or on the line; Pits go anywhere."), ...parts,
  ]);
}
