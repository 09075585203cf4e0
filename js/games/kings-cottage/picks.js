// @ts-check
/**
 * What a phone picks from buttons rather than from the cottage, where it is
 * drawn too small to tap: the furnishings and the King that may move (or be
 * swapped), each named by its room, and the way the stairs of a room being
 * raised lead down (four buttons set out like the corners they stand for).
 * The buttons carry the same marks as the pieces and places of a wide screen
 * (`data-piece`, `data-target`), so the chooser plays them alike.
 */
import { h } from "../../common/dom.js";
import { svgRoot } from "../../board/svg.js";
import { CORNER_NAMES, CORNERS, furnishing, king, pieceName, roomName } from "./pieces.js";
import { BELOW } from "./cottage.js";

/**
 * The pieces in the cottage the viewer may pick up now: a line per room, its
 * name and a button for each piece in it; null when there are none.
 * @param {any} view @param {Set<string>} pieces the chooser's pickable pieces
 */
export function pieceButtons(view, pieces) {
  const lines = [];
  for (const room of view.board.rooms) {
    const where = `${roomName(room)}${room.story === 2 ? " (upstairs)" : ""}`;
    const buttons = [];
    if (room.king && pieces.has("king")) buttons.push(pickButton("king", king(30, `The King, in ${where}`)));
    for (const c of room.coins) {
      const key = `coin:${c.id}`;
      if (pieces.has(key)) buttons.push(pickButton(key, furnishing(c, 17, { context: `in ${where}` })));
    }
    if (buttons.length) lines.push(h("div", { class: "kc-pick-line" }, [h("span", { class: "kc-pick-room" }, [where]), ...buttons]));
  }
  if (!lines.length) return null;
  const what = view.phase === "swap" ? "A furnishing to swap" : "A piece to move";
  return h("section", { class: "kc-picks", "aria-label": what }, [h("h4", {}, [what]), ...lines]);
}

/** One piece as a button showing it (its name is the drawing's title, which keys.js reads). */
function pickButton(key, drawing) {
  const svg = svgRoot("-21 -21 42 42", { class: "kc-pick-face", width: 36, height: 36 });
  svg.append(drawing);
  return h("button", { type: "button", class: "kc-pick", "data-piece": key }, [svg]);
}

/**
 * The stairwells of the chosen raising spot (`spot:x:y`), as four buttons in
 * the corners they lead down from; null when no spot is chosen.
 * @param {any} view @param {any[]} legal @param {string|null} selected
 */
export function stairsButtons(view, legal, selected) {
  if (!selected || !selected.startsWith("spot:")) return null;
  const [x, y] = selected.slice(5).split(":").map(Number);
  const dirs = new Set(legal.filter((a) => a.type === "place_tile" && a.story === 2 && a.x === x && a.y === y).map((a) => a.stairs));
  const rooms = view.board.rooms.filter((r) => r.story === 1);
  const cells = CORNERS.map((dir) => {
    if (!dirs.has(dir)) return h("span", { class: "kc-stairs-none" });
    const [dx, dy] = BELOW[dir];
    const down = rooms.find((r) => r.x === x + dx && r.y === y + dy);
    return h("button", { type: "button", class: `kc-stairs-choice kc-${dir}`, "data-target": `up:${x}:${y}:${dir}` }, [
      h("strong", {}, [CORNER_NAMES[dir]]), h("span", {}, [` down to ${down ? roomName(down) : "the room below"}`]),
    ]);
  });
  return h("section", { class: "kc-stairs-pick", "aria-label": "Where the stairs lead" }, [
    h("h4", {}, [`Raise ${pieceName(view.pending_tile)} here: which way do its stairs lead down?`]),
    h("div", { class: "kc-stairs-grid" }, cells),
  ]);
}
