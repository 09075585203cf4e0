// @ts-check
/**
 * The cottage on a narrow screen (a phone in portrait), as two floor plans
 * one under the other: the ground floor with every first-story room whole,
 * and, once there is a second story (or one may be built), the upper floor
 * over a faint copy of the rooms below it.
 *
 * On one plan the raised rooms would cover the corners of the rooms under
 * them, so on a phone a room below could only be hit through a thin cross in
 * its middle; apart, every room is whole, at least 40 px, and no target
 * covers another.  Furnishings and the King are not clicked here (a phone
 * picks them from a row of buttons, picks.js), and a place to raise a room is
 * one target (`spot:x:y`) whose stairwell is then chosen from buttons.
 * Each plan is as tall as its width makes it (the view box's aspect ratio).
 */
import { at, el, svgRoot, title } from "../../board/svg.js";
import { CELL, lowerRoom, spots, upperRoom, UP } from "./cottage.js";
import { pieceName, roomLabel, roomName, stairs } from "./pieces.js";

/** Smallest plan, in squares: a young cottage is drawn large rather than lost in a wide frame. */
const MIN_W = 4;
const MIN_H = 2.6;
/** A first-story room's or square's target, in units: the whole square, so targets side by side just touch. */
const HIT = CELL;
/** An upper room's or a raising spot's target, in units (neighbouring grid points are 100 apart). */
const UP_HIT = 98;
/**
 * The smallest a square is drawn, in CSS px: a plan wider than the phone at that size
 * (a sprawling cottage) keeps it and pans sideways in its frame (board.css .kc-plan-frame).
 */
const MIN_CELL_PX = 42;

/** A plan's <svg> framing the box [x0, y0, x1, y1] (in squares) with `pad` squares all round. */
function plan(box, pad, minW, minH, cls, label) {
  const [x0, y0, x1, y1] = box;
  const w = Math.max(x1 - x0 + pad, minW);
  const h = Math.max(y1 - y0 + pad, minH);
  const cx = ((x0 + x1) / 2) * CELL;
  const cy = ((y0 + y1) / 2) * CELL;
  return svgRoot(`${cx - (w * CELL) / 2} ${cy - (h * CELL) / 2} ${w * CELL} ${h * CELL}`, {
    class: `kc-cottage kc-plan ${cls}`, role: "group", "aria-label": label,
    style: `aspect-ratio: ${Math.round(w * CELL)} / ${Math.round(h * CELL)}; min-width: ${Math.ceil(w * MIN_CELL_PX)}px`,
  });
}

/**
 * @param {any} view
 * @param {any[]} legal the viewer's legal actions (empty when waiting)
 * @param {string|null} selected the chooser's piece (a raising spot `spot:x:y` shows its stairwells)
 * @returns {{ground: SVGElement, upper: SVGElement|null}}
 */
export function drawFloors(view, legal, selected) {
  const rooms = view.board.rooms;
  const lower = rooms.filter((r) => r.story === 1);
  const upper = rooms.filter((r) => r.story === 2);
  const byCell = new Map(lower.map((r) => [`${r.x}:${r.y}`, r]));
  const building = legal.some((a) => a.type === "place_tile" && a.story === 1);
  const ground = plan(view.board.extent, building ? 2 : 1.2, MIN_W, MIN_H, "kc-ground", "The ground floor of the King's cottage");
  ground.append(el("g", { class: "kc-story kc-story-1" }, lower.map((r) => lowerRoom(r, view, false, HIT))));
  ground.append(el("g", { class: "kc-above", "pointer-events": "none" }, upper.map((r) => at(r.x * CELL, r.y * CELL, {}, [
    el("rect", { x: -UP, y: -UP, width: 2 * UP, height: 2 * UP, rx: 5, fill: "#2a2015", "fill-opacity": 0.08, stroke: "#2a2015", "stroke-opacity": 0.45, "stroke-width": 2, "stroke-dasharray": "5 4" }),
  ]))));
  ground.append(el("g", { class: "kc-spots" }, spots(view, legal, byCell, HIT)));

  const raise = raisingSpots(legal);
  if (!upper.length && !raise.size) return { ground, upper: null };
  // the upper plan frames its own rooms and spots (with the rooms below them faint), so it is often smaller
  const points = [...upper.map((r) => [r.x, r.y]), ...[...raise.values()].map((s) => [s.x, s.y])];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const box = [Math.min(...xs) - 0.5, Math.min(...ys) - 0.5, Math.max(...xs) + 0.5, Math.max(...ys) + 0.5];
  const up = plan(box, 0.5, 3, 1.6, "kc-upstairs", "The upper floor of the King's cottage");
  up.append(el("g", { class: "kc-below", "pointer-events": "none" }, lower.map((r) => at((r.x + 0.5) * CELL, (r.y + 0.5) * CELL, {}, [
    el("rect", { x: -CELL / 2 + 2, y: -CELL / 2 + 2, width: CELL - 4, height: CELL - 4, rx: 6, fill: "#f7eedb", "fill-opacity": 0.12, stroke: "#f3e7cc", "stroke-opacity": 0.35, "stroke-width": 2 }),
    at(-CELL / 2 + 18, -CELL / 2 + 16, { opacity: 0.55 }, [roomLabel(r, 0.8)]),
  ]))));
  up.append(el("g", { class: "kc-story kc-story-2" }, upper.map((r) => upperRoom(r, rooms, view, false, UP_HIT))));
  up.append(el("g", { class: "kc-spots kc-spots-up" }, [...raise.values()].map((s) => raisingSpot(view, s, byCell, selected))));
  return { ground, upper: up };
}

/** The grid points the drawn tile may be raised over, each with its possible stairwells. @param {any[]} legal */
function raisingSpots(legal) {
  /** @type {Map<string, {x: number, y: number, dirs: string[]}>} */
  const points = new Map();
  for (const a of legal) {
    if (a.type !== "place_tile" || a.story !== 2) continue;
    const key = `${a.x}:${a.y}`;
    if (!points.has(key)) points.set(key, { x: a.x, y: a.y, dirs: [] });
    points.get(key)?.dirs.push(a.stairs);
  }
  return points;
}

/** One place to raise the drawn tile: a single target; once chosen, its stairwells show in it. */
function raisingSpot(view, spot, byCell, selected) {
  const key = `spot:${spot.x}:${spot.y}`;
  const chosen = selected === key;
  const around = [[-1, -1], [0, -1], [-1, 0], [0, 0]].map(([dx, dy]) => byCell.get(`${spot.x + dx}:${spot.y + dy}`)).filter(Boolean);
  return at(spot.x * CELL, spot.y * CELL, { class: "kc-upspot kc-raise", "data-piece": key }, [
    title(`Raise ${pieceName(view.pending_tile)} here, over ${around.map(roomName).join(", ")}; then choose where its stairs lead`),
    el("rect", { class: "hit", x: -UP_HIT / 2, y: -UP_HIT / 2, width: UP_HIT, height: UP_HIT, fill: "transparent" }),
    el("rect", {
      class: "place", x: -UP, y: -UP, width: 2 * UP, height: 2 * UP, rx: 5,
      fill: "#fff3d6", "fill-opacity": chosen ? 0.8 : 0.45, stroke: "#3b2f1e", "stroke-width": 1.5, "stroke-dasharray": "6 4",
    }),
    ...(chosen ? spot.dirs.map((dir) => stairs(dir, UP)) : [el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 40, fill: "#3b2f1e", "fill-opacity": 0.7 }, ["+"])]),
  ]);
}
