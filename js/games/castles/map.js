// @ts-check
/**
 * The Castles map as SVG: tiles on a square grid that grows in any direction,
 * castles (pawns), armies (coins) fanned on their tiles, the free squares a
 * drawn tile may go to, and, for a scored round, each seat's terms as tags in
 * its colour.  Grid square (x, y) is centred on (x·PITCH, y·PITCH); y grows
 * downwards, as in the engine.
 */
import { at, el, svgRoot, title } from "../../board/svg.js";
import { coin, pawn, pieceKey, SUIT_COLOURS, SUITS, tile } from "../../board/piecepack.js";
import { count, signed, termTitle, tileName } from "./text.js";

/** Distance between the centres of neighbouring squares. */
export const PITCH = 118;
/** A tile's side; the rest of the pitch is the gap that holds the score tags. */
export const TILE = 100;
const COIN_R = 18;
const COIN_STEP = 22;
const COIN_Y = 32;
/** The view box is never smaller than this many squares each way, so a young map is not huge. */
const MIN_SQUARES = 5;
/**
 * On a phone a square is never drawn smaller than this (CSS px), its whole pitch a target:
 * a map too wide for the screen at that size pans sideways in its frame instead.
 */
const MIN_SQUARE_PX = 42;

/** A transparent square as wide as the pitch, so that a phone's targets side by side just touch. */
function hit() {
  return el("rect", { class: "hit", x: -PITCH / 2, y: -PITCH / 2, width: PITCH, height: PITCH, fill: "transparent" });
}

/**
 * The view box, as [x, y, width, height]: the map's bounds plus `ring` squares
 * all round (one ring of free squares where the map can grow; less for a
 * finished map, which only needs room for its score tags).
 * @param {{min_x: number, max_x: number, min_y: number, max_y: number}|null} bounds
 * @param {number} [ring]
 */
export function frame(bounds, ring = 1) {
  const b = bounds || { min_x: 0, max_x: 0, min_y: 0, max_y: 0 };
  let [x0, x1, y0, y1] = [b.min_x - ring, b.max_x + ring, b.min_y - ring, b.max_y + ring];
  const grow = (lo, hi) => {
    const missing = MIN_SQUARES - 2 * (1 - ring) - (hi - lo + 1);
    return missing > 0 ? [lo - missing / 2, hi + missing / 2] : [lo, hi];
  };
  [x0, x1] = grow(x0, x1);
  [y0, y1] = grow(y0, y1);
  const pad = 8;
  return [(x0 - 0.5) * PITCH - pad, (y0 - 0.5) * PITCH - pad, (x1 - x0 + 1) * PITCH + 2 * pad, (y1 - y0 + 1) * PITCH + 2 * pad];
}

/** The bounds of a list of tiles (for finished maps, which carry none). */
export function boundsOf(tiles) {
  if (!tiles.length) return null;
  const xs = tiles.map((t) => t.x);
  const ys = tiles.map((t) => t.y);
  return { min_x: Math.min(...xs), max_x: Math.max(...xs), min_y: Math.min(...ys), max_y: Math.max(...ys) };
}

/**
 * Draw a map.
 * @param {{tiles: any[], castles: any[], armies: any[]}} map
 * @param {{
 *   bounds: any, names: string[], viewer: number|null, secret: boolean,
 *   places?: {x: number, y: number}[], held?: any, lines?: any[]|null, label?: string, ring?: number, phone?: boolean
 * }} opts  secret: armies still lie face down (the viewer's own are marked as known only to them);
 *   places: free squares the viewer may lay a tile on; lines: score lines of a finished round;
 *   ring: free squares framed round the map (1 while it can grow; less once it is complete);
 *   phone: every square a target as wide as its pitch, and never less than MIN_SQUARE_PX
 */
export function drawMap(map, opts) {
  const [vx, vy, vw, vh] = frame(opts.bounds, opts.ring ?? 1);
  const svg = svgRoot(`${vx} ${vy} ${vw} ${vh}`, {
    class: `castles-map${opts.lines ? " scored" : ""}`, "data-frame": "castles-map", role: opts.lines ? "img" : "group", "aria-label": opts.label || "The map",
    // as tall as the map needs, up to the CSS limit
    style: `aspect-ratio: ${Math.round(vw)} / ${Math.round(vh)}${opts.phone ? `; min-width: ${Math.ceil((vw / PITCH) * MIN_SQUARE_PX)}px` : ""}`,
  });
  const castleAt = new Map();
  map.castles.forEach((c, seat) => { if (c) castleAt.set(`${c.x},${c.y}`, seat); });
  const stacks = new Map();
  for (const army of map.armies) {
    const key = `${army.x},${army.y}`;
    if (!stacks.has(key)) stacks.set(key, []);
    stacks.get(key).push(army);
  }
  if (!map.tiles.length && !(opts.places || []).length) {
    svg.append(el("text", { class: "map-note", x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central" },
      ["The first tile goes here"]));
  }
  for (const place of opts.places || []) {
    const label = opts.held ? `Lay ${tileName(opts.held)} here` : "Lay the tile here";
    svg.append(at(place.x * PITCH, place.y * PITCH, { "data-target": `place:${place.x}:${place.y}`, class: "free-place" }, [
      title(label),
      opts.phone ? hit() : null,
      el("rect", { class: "place", x: -TILE / 2, y: -TILE / 2, width: TILE, height: TILE, rx: 10 }),
      el("text", { class: "place-plus", "text-anchor": "middle", "dominant-baseline": "central" }, ["+"]),
      opts.held ? el("g", { class: "ghost" }, [tile(opts.held, TILE)]) : null,
    ]));
  }
  for (const t of map.tiles) {
    const key = `${t.x},${t.y}`;
    const owner = castleAt.get(key);
    const armies = stacks.get(key) || [];
    svg.append(drawSquare(t, owner, armies, opts));
  }
  if (opts.lines) svg.append(drawTags(opts.lines, opts.names));
  return svg;
}

/** One tile with its castle and armies, clickable as `tile:x:y`. */
function drawSquare(t, owner, armies, opts) {
  const { names } = opts;
  const notes = [];
  if (owner !== undefined) notes.push(`${names[owner]}'s castle`);
  notes.push(armies.length ? `${count(armies.length, "army", "armies")} (at most 4)` : "no armies");
  const parts = [
    opts.phone ? hit() : null,
    el("rect", { class: "hilite", x: -TILE / 2 - 5, y: -TILE / 2 - 5, width: TILE + 10, height: TILE + 10, rx: 14 }),
    tile(t, TILE, { extra: notes.join(", "), key: pieceKey("tile", t) }),
  ];
  if (owner !== undefined) {
    const colour = SUIT_COLOURS[SUITS[owner]];
    parts.push(el("rect", {
      class: "castle-ring", x: -TILE / 2 + 2.5, y: -TILE / 2 + 2.5, width: TILE - 5, height: TILE - 5, rx: 8,
      fill: "none", stroke: colour, "stroke-width": 5,
    }));
    parts.push(at(33, -28, { class: "castle", "data-key": `castle:${owner}` }, [pawn(SUITS[owner], 36, `${names[owner]}'s castle`)]));
  }
  const x0 = -((armies.length - 1) * COIN_STEP) / 2;
  armies.forEach((army, i) => {
    const mine = army.seat === opts.viewer;
    const who = mine ? "your army" : `${names[army.seat]}'s army`;
    const face = { suit: army.suit, rank: army.rank };
    parts.push(at(x0 + i * COIN_STEP, COIN_Y, { class: "army" }, [
      // the viewer's own armies are known coins (they come from the hand); others' are told apart by place only
      coin(face, COIN_R, { private: opts.secret && mine && army.rank !== null, extra: who, key: mine ? pieceKey("coin", face) : `army:${army.seat}` }),
    ]));
  });
  return at(t.x * PITCH, t.y * PITCH, { "data-target": `tile:${t.x}:${t.y}`, class: "square" }, parts);
}

/**
 * Each seat's scoring terms as tags in its colour: the castle tile's value and
 * the armies there along the castle tile's top; each neighbour's term in the
 * gap between the castle and that neighbour (two castles side by side share
 * an edge, so its second tag goes the other way along it).
 */
function drawTags(lines, names) {
  const layer = el("g", { class: "score-tags" });
  const used = new Map();
  for (const line of lines) {
    const castle = { x: line.terms[0].x, y: line.terms[0].y };
    const colour = SUIT_COLOURS[SUITS[line.seat]];
    const name = names[line.seat];
    for (const term of line.terms) {
      let x;
      let y;
      if (term.kind === "castle_tile" || term.kind === "castle_armies") {
        // along the castle tile's top, between its corner and the pawn (clear of the tile's number)
        x = castle.x * PITCH + (term.kind === "castle_tile" ? -31 : 4);
        y = castle.y * PITCH - 34;
      } else {
        const dx = term.x - castle.x;
        const dy = term.y - castle.y;
        const key = [Math.min(term.x, castle.x), Math.min(term.y, castle.y), dx === 0 ? "v" : "h"].join(",");
        // on the shared edge, nudged along it clear of the castle tags (a second tag on one edge goes the other way)
        const shift = used.has(key) ? (dx === 0 ? -20 : -10) : 16;
        used.set(key, true);
        x = (castle.x + dx / 2) * PITCH + (dx === 0 ? shift : 0);
        y = (castle.y + dy / 2) * PITCH + (dy === 0 ? shift : 0);
      }
      layer.append(tag(x, y, term, colour, termTitle(term, name, castle)));
    }
  }
  return layer;
}

function tag(x, y, term, colour, text) {
  const label = signed(term.points);
  const w = 14 + 10 * label.length;
  return at(x, y, { class: `score-tag kind-${term.kind}${term.points === 0 ? " zero" : ""}` }, [
    title(text),
    el("rect", { x: -w / 2, y: -12, width: w, height: 24, rx: 12, fill: colour, stroke: "#fffaf0", "stroke-width": 2.5 }),
    el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 18, "font-weight": 700, fill: "#fff" }, [label]),
  ]);
}
