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
/** Armies stand in a row along a tile's bottom, under its value, which moves up by VALUE_UP to stay clear of them
 *  (a digit reaches about 22 units each way from where it is drawn, a coin's top is 17 units under the middle;
 *  the value's line box, which the score tags keep off, still ends under the gap above the tile). */
const COIN_R = 17;
const COIN_STEP = 22;
const COIN_Y = 34;
const VALUE_UP = 6;
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
  if (opts.lines) svg.append(drawTags(opts.lines, opts.names, map));
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
    tile(t, TILE, { extra: notes.join(", "), key: pieceKey("tile", t), valueY: armies.length ? -VALUE_UP : 0 }),
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

/** A score tag's height, and the gap kept between two tags (map units). */
const TAG_H = 24;
const TAG_GAP = 3;
/** How far along a tile's edge a neighbour's tag may reach to keep clear of other tags (its far end stays within the pitch). */
const EDGE_REACH = PITCH / 2;
/** Candidate offsets along a line, nearest the preferred spot first. */
const SLIDES = [0, 8, -8, 16, -16, 24, -24, 32, -32, 40, -40, 48, -48, 56, -56, 64, -64];

/** A tag's width for its label ("+3", "−10"). @param {string} label */
function tagWidth(label) {
  return 14 + 10 * label.length;
}

/** @typedef {{x0: number, y0: number, x1: number, y1: number}} Box */

/** The area two boxes share (0 when apart). @param {Box} a @param {Box} b */
function shared(a, b) {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The pieces a tag should rather not hide: castles (pawns) and armies, as boxes in map units. */
function pieceBoxes(map) {
  const boxes = [];
  map.castles.forEach((c) => { if (c) boxes.push({ x0: c.x * PITCH + 20, y0: c.y * PITCH - 44, x1: c.x * PITCH + 46, y1: c.y * PITCH - 12 }); });
  const stacks = new Map();
  for (const army of map.armies) stacks.set(`${army.x},${army.y}`, [...(stacks.get(`${army.x},${army.y}`) || []), army]);
  for (const armies of stacks.values()) {
    const x0 = -((armies.length - 1) * COIN_STEP) / 2;
    armies.forEach((a, i) => {
      const [x, y] = [a.x * PITCH + x0 + i * COIN_STEP, a.y * PITCH + COIN_Y];
      boxes.push({ x0: x - COIN_R, y0: y - COIN_R, x1: x + COIN_R, y1: y + COIN_R });
    });
  }
  return boxes;
}

/**
 * Where each term's tag goes, and the line it may slide along: the castle tile's value and the armies there
 * side by side in the gap above the castle tile (inside the tile they covered its number); each neighbour's
 * term in the gap between the castle and that neighbour, sliding along the shared edge.  Every line keeps
 * its tags off the numbers of the tiles on either side (a number is about 36 units each way from its tile's
 * middle, and a tag on an edge reaches at most TAG_H / 2 into a tile).
 * @returns {{x: number, y: number, along: [number, number], reach: number}[]} the lines, the likeliest first
 */
function tagLine(term, castle, w) {
  const [cx, cy] = [castle.x * PITCH, castle.y * PITCH];
  // the gap above the castle, or else the one below it, or beside it (neighbours' tags may have taken the room)
  const gaps = [cy - PITCH / 2, cy + PITCH / 2];
  const sides = [cx - PITCH / 2, cx + PITCH / 2].map((x) => ({ x, y: cy - 16, along: /** @type {[number, number]} */ ([0, 1]), reach: EDGE_REACH - TAG_H / 2 }));
  if (term.kind === "castle_tile") return [...gaps.map((y) => ({ x: cx - TILE / 2 + 1 + w / 2, y, along: /** @type {[number, number]} */ ([1, 0]), reach: 24 })), ...sides];
  if (term.kind === "castle_armies") return [...gaps.map((y) => ({ x: cx - 4, y, along: /** @type {[number, number]} */ ([1, 0]), reach: 32 })), ...sides];
  const dx = term.x - castle.x;
  const dy = term.y - castle.y;
  // on the shared edge, a little off its middle (clear of the tile's number and of a tag from the other side)
  // (it may slide back past the edge's middle, out of the way of the tag of a castle across the edge)
  return [{ x: cx + (dx * PITCH) / 2 + (dx === 0 ? 16 : 0), y: cy + (dy * PITCH) / 2 + (dy === 0 ? 16 : 0), along: dx === 0 ? [1, 0] : [0, 1], reach: EDGE_REACH + 16 - w / 2 }];
}

/**
 * Each seat's scoring terms as tags in its colour (see tagLine for where).  Tags are laid one by one, each at
 * the first spot along its line that no tag laid before touches, hiding as little of the castles and armies as
 * it can; so no two tags overlap, however the castles stand (two side by side share an edge's gap).
 */
function drawTags(lines, names, map) {
  const layer = el("g", { class: "score-tags" });
  const pieces = pieceBoxes(map);
  /** @type {Box[]} */
  const placed = [];
  // a neighbour's tag has one gap to go in, a castle's own two have four: every castle's neighbours are laid first
  const own = (term) => term.kind === "castle_tile" || term.kind === "castle_armies";
  const laying = [...lines.map((line) => [line, line.terms.filter((t) => !own(t))]),
    ...lines.map((line) => [line, line.terms.filter(own)])];
  for (const [line, terms] of laying) {
    const castle = { x: line.terms[0].x, y: line.terms[0].y };
    const colour = SUIT_COLOURS[SUITS[line.seat]];
    const name = names[line.seat];
    for (const term of terms) {
      const w = tagWidth(signed(term.points));
      const spots = tagLine(term, castle, w).flatMap((line) => SLIDES.filter((d) => Math.abs(d) <= line.reach).map((d) => ({ line, d })));
      let best = null;
      spots.forEach(({ line: spot, d }, order) => {
        const [x, y] = [spot.x + d * spot.along[0], spot.y + d * spot.along[1]];
        const box = { x0: x - w / 2, y0: y - TAG_H / 2, x1: x + w / 2, y1: y + TAG_H / 2 };
        const padded = { x0: box.x0 - TAG_GAP, y0: box.y0 - TAG_GAP, x1: box.x1 + TAG_GAP, y1: box.y1 + TAG_GAP };
        const clash = placed.reduce((sum, b) => sum + shared(padded, b), 0);
        const hides = pieces.reduce((sum, b) => sum + shared(box, b), 0);
        const cost = clash * 1000 + hides + order;
        if (!best || cost < best.cost) best = { cost, x, y, box };
      });
      placed.push(best.box);
      layer.append(tag(best.x, best.y, term, colour, termTitle(term, name, castle)));
    }
  }
  return layer;
}

function tag(x, y, term, colour, text) {
  const label = signed(term.points);
  const w = tagWidth(label);
  return at(x, y, { class: `score-tag kind-${term.kind}${term.points === 0 ? " zero" : ""}` }, [
    title(text),
    el("rect", { x: -w / 2, y: -TAG_H / 2, width: w, height: TAG_H, rx: TAG_H / 2, fill: colour, stroke: "#fffaf0", "stroke-width": 2.5 }),
    el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 18, "font-weight": 700, fill: "#fff" }, [label]),
  ]);
}
