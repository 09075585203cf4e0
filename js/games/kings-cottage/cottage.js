// @ts-check
/**
 * The cottage itself: first-story rooms on a grid of squares, second-story
 * rooms raised over the points where four rooms meet, each with its stairwell;
 * furnishings and the King in the rooms; and, for the player about to build,
 * the squares and meeting points where the drawn tile may go.
 *
 * Grid units come straight from the view (x east, y south).  A first-story
 * room fills the square whose north-west corner is (x, y); a second-story
 * room is centred on the grid point (x, y).  Second-story tiles are drawn a
 * little smaller than a square so the middle of every room below stays in
 * sight; furnishings below are laid out in that middle cross.
 */
import { at, el, svgRoot, title } from "../../board/svg.js";
import { SUIT_COLOURS } from "../../board/piecepack.js";
import { count } from "../../common/plural.js";
import {
  CORNER_NAMES, CORNER_SIGN, CORNERS, furnishing, king, pieceName, roomLabel, roomName, stairs, tint,
} from "./pieces.js";

/** A square's side in SVG units. */
export const CELL = 100;
/** Half a second-story tile: it covers 38 of the 50 units from each corner of the squares below. */
export const UP = 38;
const LOWER = { off: 28, r: 12, label: 32, king: 27, size: 32 };
const UPPER = { off: 21, r: 11, label: 25, king: 25, size: 26 };
/** A first-story room no second-story tile overlaps has its corners free: its furnishings are drawn larger. */
const LOWER_OPEN = { ...LOWER, off: 31, r: 14 };
/** Where the furnishings of a room of each size go: a cross, which no second-story tile can hide. */
const CROSS = {
  1: [[0, 0]], 2: [[-1, 0], [1, 0]], 3: [[-1, 0], [0, 0], [1, 0]],
  4: [[0, -1], [-1, 0], [1, 0], [0, 1]], 5: [[0, 0], [0, -1], [-1, 0], [1, 0], [0, 1]],
};
const OPPOSITE = { nw: "se", se: "nw", ne: "sw", sw: "ne" };
export const BELOW = { nw: [-1, -1], ne: [0, -1], sw: [-1, 0], se: [0, 0] };
const FACE_DOWN = "#8a6f4c";

/** Slot positions and coin radius for `n` furnishings in a room. */
function slots(room, n, geo) {
  if (!room.entrance) {
    const open = geo === LOWER && !room.covered.length ? LOWER_OPEN : geo;
    return { r: open.r, points: CROSS[room.rank].map(([a, b]) => [a * open.off, b * open.off]) };
  }
  // An entrance holds any number: rows under its label, smaller coins as it fills (all 24 fit).
  const [cols, r, step, cy] = n <= 2 ? [Math.max(n, 1), 14, 31, 4] : n <= 4 ? [2, 13, 29, 10] : n <= 9 ? [3, 11.5, 24.5, 11]
    : n <= 16 ? [4, 8, 18.5, 11] : [5, 6.5, 15, 11];
  const rows = Math.ceil(n / cols);
  const points = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? n - row * cols : cols;
    points.push([((i % cols) - (inRow - 1) / 2) * step, cy + (row - (rows - 1) / 2) * step]);
  }
  return { r, points };
}

/**
 * @param {any} view
 * @param {any[]} legal the viewer's legal actions (empty when waiting)
 */
export function drawCottage(view, legal) {
  const rooms = view.board.rooms;
  const [x0, y0, x1, y1] = view.board.extent;
  // A free square all round while the viewer builds (the new tile may go there), a margin otherwise; never tiny.
  const pad = legal.some((a) => a.type === "place_tile" && a.story === 1) ? 2 : 0.7;
  const w = Math.max(x1 - x0 + pad, 7);
  const h = Math.max(y1 - y0 + pad, 3.8);
  const cx = ((x0 + x1) / 2) * CELL;
  const cy = ((y0 + y1) / 2) * CELL;
  const svg = svgRoot(`${cx - (w * CELL) / 2} ${cy - (h * CELL) / 2} ${w * CELL} ${h * CELL}`, {
    class: "kc-cottage", role: "group", "aria-label": "The King's cottage",
  });
  svg.append(el("defs", {}, [
    el("filter", { id: "kc-raise", x: "-30%", y: "-30%", width: "160%", height: "160%" }, [
      el("feDropShadow", { dx: 3, dy: 5, stdDeviation: 3.5, "flood-color": "#1d140a", "flood-opacity": 0.5 }),
    ]),
  ]));
  const lower = rooms.filter((r) => r.story === 1);
  const upper = rooms.filter((r) => r.story === 2);
  const byCell = new Map(lower.map((r) => [`${r.x}:${r.y}`, r]));
  svg.append(el("g", { class: "kc-story kc-story-1" }, lower.map((r) => lowerRoom(r, view))));
  svg.append(el("g", { class: "kc-spots" }, spots(view, legal, byCell)));
  svg.append(el("g", { class: "kc-story kc-story-2" }, upper.map((r) => upperRoom(r, rooms, view))));
  svg.append(el("g", { class: "kc-spots kc-spots-up" }, upSpots(view, legal, byCell)));
  return svg;
}

/** The mark on a room that can never be completed, and what it means (its tooltip and the board's key, board.js). */
export const NEVER_MARK = "⊘";
export const NEVER_MEANS = "marks a room partly covered by the second story: it can never be completed.";

/** Whether a room carries the ⊘ mark: open, not an entrance, and partly covered by the second story. */
export function neverCompletes(room) {
  return !room.entrance && room.state === "open" && !room.can_complete;
}

/** A room is the tile it was built from (it arrives from the drawn tile in hand); a completed room lies face down. */
function roomKey(room) {
  return { "data-key": `tile:${room.suit}:${room.rank}`, "data-face": room.state === "completed" ? "down" : "up" };
}

function roomTitle(room, view) {
  const n = room.coins.length;
  const parts = [roomName(room)[0].toUpperCase() + roomName(room).slice(1)];
  if (room.story === 2) parts.push("second story");
  if (room.state === "completed") parts.push("completed (face down): it scores no more; only the King may enter");
  else if (room.state === "gone") parts.push("gone: completely covered by the second story");
  else if (room.entrance) parts.push(`entrance: furnishings and the King come in here; ${count(n, "furnishing")}`);
  else {
    parts.push(`size ${room.rank}: ${n} of ${count(room.rank, "furnishing")}`);
    if (!room.can_complete) parts.push("partly covered by the second story, so it can never be completed");
  }
  if (room.king) parts.push("the King is here");
  if (room.id === view.swap_room) parts.push("full: the King swaps a furnishing");
  return parts.join(" — ");
}

function roomFill(room, amount) {
  if (room.state === "completed") return FACE_DOWN;
  if (room.state === "gone") return "#4a3b28";
  return tint(SUIT_COLOURS[room.suit], (room.entrance ? 0.6 : 1) * (room.suit === "moons" ? 0.6 : 1) * amount);
}

/**
 * The furnishings, empty places and the King inside a room (centred on 0, 0).
 * `marks`: whether its pieces are clickable here (`data-piece`); a phone's floor
 * plans pick them from a row of buttons instead, and mark them `data-shows` only.
 */
function contents(room, geo, labelCorner, kingCorner, marks = true) {
  const mark = (key) => ({ [marks ? "data-piece" : "data-shows"]: key, "data-key": key, class: "kc-piece" });
  const parts = [];
  const done = room.state !== "open";
  const colour = done ? "#f3e7cc" : SUIT_COLOURS[room.suit];
  const [lx, ly] = CORNER_SIGN[labelCorner];
  parts.push(at(lx * geo.label, ly * geo.label, {}, [roomLabel(room, geo === LOWER ? 1 : 0.85, colour)]));
  if (room.state === "completed") {
    parts.push(el("text", { y: 4, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 15, fill: "#f3e7cc", "font-weight": 600 }, ["done ✓"]));
  }
  if (room.state === "gone") {
    parts.push(el("text", { y: 2, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 13, fill: "#cdbd9c" }, ["gone"]));
  }
  const layout = slots(room, room.coins.length, geo);
  if (!room.entrance && !done) {
    const stroke = room.can_complete ? colour : "#8c7d64";
    layout.points.forEach(([x, y]) => parts.push(el("circle", {
      class: "kc-slot", cx: x, cy: y, r: layout.r - 1, fill: "#ffffff", "fill-opacity": 0.35,
      stroke, "stroke-opacity": 0.55, "stroke-width": 1.5, "stroke-dasharray": room.can_complete ? "4 3" : "2 3",
    })));
  }
  if (neverCompletes(room)) {
    const [bx, by] = CORNER_SIGN[labelCorner];
    parts.push(at(bx * geo.label, by * (geo.label - 17), { class: "kc-never" }, [
      title(`${NEVER_MARK} ${NEVER_MEANS}`),
      el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, fill: "#7a2419", "font-weight": 700 }, [NEVER_MARK]),
    ]));
  }
  room.coins.forEach((c, i) => {
    const p = layout.points[i];
    if (!p) return;
    parts.push(at(p[0], p[1], mark(`coin:${c.id}`), [furnishing(c, layout.r, { context: `in ${roomName(room)}` })]));
  });
  if (room.king) {
    const [kx, ky] = CORNER_SIGN[kingCorner];
    const size = room.entrance && room.coins.length > 2 ? geo.size * 0.85 : geo.size;
    const [px, py] = room.entrance ? [33, -33] : [kx * geo.king, ky * geo.king];
    parts.push(at(px, py + size * 0.16, mark("king"), [king(size, `The King, in ${roomName(room)}`)]));
  }
  return parts;
}

/** A transparent square `side` units wide that widens a target on a phone (nothing when 0). */
function hitArea(side) {
  return side ? el("rect", { class: "hit", x: -side / 2, y: -side / 2, width: side, height: side, fill: "transparent" }) : null;
}

/**
 * A first-story room as a click target `room:<id>`; `hit` widens its target to that many units square.
 * @param {any} room @param {any} view @param {boolean} [marks] @param {number} [hit]
 */
export function lowerRoom(room, view, marks = true, hit = 0) {
  const covered = new Set(room.covered);
  const free = CORNERS.filter((c) => !covered.has(c));
  const labelCorner = free[0] ?? "nw";
  const kingCorner = room.entrance ? "ne" : (free.find((c) => c === OPPOSITE[labelCorner]) ?? free[1] ?? labelCorner);
  const half = CELL / 2 - 2;
  const parts = [
    title(roomTitle(room, view)),
    hitArea(hit),
    el("rect", {
      class: "place kc-floor", x: -half, y: -half, width: 2 * half, height: 2 * half, rx: 6,
      fill: roomFill(room, 0.16), stroke: room.state === "open" ? SUIT_COLOURS[room.suit] : "#3b2f1e", "stroke-width": 2.5,
    }),
  ];
  if (room.entrance) {
    parts.push(el("path", {
      class: "kc-door", d: "M -14 33 V 4 A 14 14 0 0 1 14 4 V 33", fill: "none",
      stroke: SUIT_COLOURS[room.suit], "stroke-opacity": 0.25, "stroke-width": 3,
    }));
    if (room.coins.length <= 2) {
      parts.push(el("text", { y: 42, "text-anchor": "middle", "font-size": 10, fill: SUIT_COLOURS[room.suit], "font-weight": 600, "fill-opacity": 0.8 }, ["entrance"]));
    }
  }
  if (room.state === "completed") {
    parts.push(el("path", { d: `M 0 ${-half} V ${half} M ${-half} 0 H ${half}`, stroke: "#6d5638", "stroke-width": 3, "pointer-events": "none" }));
  }
  parts.push(...contents(room, LOWER, labelCorner, kingCorner, marks));
  const cls = `kc-room kc-lower ${room.state}${room.king ? " has-king" : ""}${room.id === view.swap_room ? " swapping" : ""}`;
  return at((room.x + 0.5) * CELL, (room.y + 0.5) * CELL, { class: cls, "data-target": `room:${room.id}`, "data-room": room.id, ...roomKey(room) }, parts);
}

/**
 * A second-story room as a click target `room:<id>`; `hit` widens its target to that many units square.
 * @param {any} room @param {any[]} rooms @param {any} view @param {boolean} [marks] @param {number} [hit]
 */
export function upperRoom(room, rooms, view, marks = true, hit = 0) {
  const dir = room.stairs.dir;
  const down = room.stairs.room === null ? null : rooms[room.stairs.room];
  const labelCorner = OPPOSITE[dir];
  const kingCorner = CORNERS.find((c) => c !== dir && c !== labelCorner) ?? labelCorner;
  const where = down ? `its stairs lead down (${CORNER_NAMES[dir]}) to ${roomName(down)}` : "its stairs lead nowhere (the room below is gone)";
  const parts = [
    title(`${roomTitle(room, view)} — ${where}`),
    hitArea(hit),
    el("rect", {
      class: "place kc-floor", x: -UP, y: -UP, width: 2 * UP, height: 2 * UP, rx: 5,
      fill: roomFill(room, 0.26), stroke: "#2a2015", "stroke-width": 3, filter: "url(#kc-raise)",
    }),
    el("rect", { x: -UP + 4, y: -UP + 4, width: 2 * UP - 8, height: 2 * UP - 8, rx: 3, fill: "none", stroke: room.state === "open" ? SUIT_COLOURS[room.suit] : "#5b4526", "stroke-width": 1.5, "pointer-events": "none" }),
    stairs(dir, UP, Boolean(down)),
  ];
  parts.push(...contents(room, UPPER, labelCorner, kingCorner, marks));
  const cls = `kc-room kc-upper ${room.state}${room.king ? " has-king" : ""}${room.id === view.swap_room ? " swapping" : ""}`;
  return at(room.x * CELL, room.y * CELL, { class: cls, "data-target": `room:${room.id}`, "data-room": room.id, ...roomKey(room) }, parts);
}

/** Empty squares the drawn tile may be built on (first story); `hit` as for rooms. */
export function spots(view, legal, byCell, hit = 0) {
  const tile = view.pending_tile;
  return legal.filter((a) => a.type === "place_tile" && a.story === 1).map((a) => {
    const half = CELL / 2 - 4;
    const next = [[0, -1], [1, 0], [0, 1], [-1, 0]].map(([dx, dy]) => byCell.get(`${a.x + dx}:${a.y + dy}`)).filter(Boolean);
    const beside = next.length ? `, beside ${next.map(roomName).join(" and ")}` : "";
    return at((a.x + 0.5) * CELL, (a.y + 0.5) * CELL, { class: "kc-spot", "data-target": `cell:${a.x}:${a.y}` }, [
      title(`Build ${pieceName(tile)} here on the first story${beside}`),
      hitArea(hit),
      el("rect", {
        class: "place", x: -half, y: -half, width: 2 * half, height: 2 * half, rx: 8,
        fill: "#fffaf0", "fill-opacity": 0.12, stroke: "#fff3d6", "stroke-opacity": 0.6, "stroke-width": 2, "stroke-dasharray": "8 6",
      }),
      el("path", { d: "M -10 0 H 10 M 0 -10 V 10", stroke: "#fff3d6", "stroke-opacity": 0.8, "stroke-width": 3 }),
    ]);
  });
}

/** Meeting points the drawn tile may be raised over: one clickable quarter per possible stairwell. */
function upSpots(view, legal, byCell) {
  const tile = view.pending_tile;
  const points = new Map();
  for (const a of legal) {
    if (a.type !== "place_tile" || a.story !== 2) continue;
    const key = `${a.x}:${a.y}`;
    if (!points.has(key)) points.set(key, { x: a.x, y: a.y, dirs: [] });
    points.get(key).dirs.push(a.stairs);
  }
  return [...points.values()].map(({ x, y, dirs }) => at(x * CELL, y * CELL, { class: "kc-upspot" }, [
    el("rect", { x: -UP, y: -UP, width: 2 * UP, height: 2 * UP, rx: 5, fill: "#fffaf0", "fill-opacity": 0.5, stroke: "#3b2f1e", "stroke-width": 1.5, "stroke-dasharray": "6 4", "pointer-events": "none" }),
    ...dirs.map((dir) => {
      const [sx, sy] = CORNER_SIGN[dir];
      const [dx, dy] = BELOW[dir];
      const down = byCell.get(`${x + dx}:${y + dy}`);
      return el("g", { class: "kc-upquarter", "data-target": `up:${x}:${y}:${dir}` }, [
        title(`Build ${pieceName(tile)} on the second story here, with its stairs down to ${down ? roomName(down) : "the room below"} (${CORNER_NAMES[dir]})`),
        el("rect", {
          class: "place", x: sx < 0 ? -UP + 1 : 1, y: sy < 0 ? -UP + 1 : 1, width: UP - 2, height: UP - 2, rx: 3,
          fill: "#fff3d6", "fill-opacity": 0.55, stroke: "#3b2f1e", "stroke-opacity": 0.4, "stroke-width": 1,
        }),
        stairs(dir, UP),
      ]);
    }),
  ]));
}

