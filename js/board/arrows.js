// @ts-check
/**
 * Arrow keys across a board, as across a chessboard: from a focused piece or
 * place, ArrowLeft, Right, Up and Down move the focus to the nearest clickable
 * piece or place in that direction as drawn on the screen, and Home and End
 * to the first and last of them in the Tab order.  Enter and Space still
 * press them (js/board/keys.js); Tab still goes through them one by one.
 *
 * "Nearest in that direction" is measured between the centres of the
 * elements' boxes: only what lies ahead counts (its centre in the half-plane
 * the arrow points at, by more than half the smaller box's depth, so a tile
 * lifted a few pixels above its row is not "up" from its neighbours), and a
 * step to the side costs twice a step ahead, so Right from a square goes to
 * the next one in its row before a nearer one in the row below.  With nothing
 * ahead the focus stays (and the page does not scroll under it either).
 *
 * A board that moves the focus itself for some keys (169's grid, one tab
 * stop walked square by square) handles them first and cancels the key; this
 * leaves a cancelled key alone.  Only what the Tab order holds is a
 * destination, so such a grid is entered at its one stop.
 */
import { CLICKABLE, canFocus, isNative } from "./keys.js";

/** Each arrow's direction on the screen (x right, y down). */
const DIRECTIONS = {
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
};
/** What a step to the side costs against a step ahead. */
const SIDEWAYS = 2;
/** Less than this far ahead (CSS px) is never ahead: a piece drawn on its place is neither left nor right of it. */
const AHEAD = 1;

/** An element's box on the screen as its centre and size: [x, y, width, height]. @param {Element} node */
function measure(node) {
  const box = node.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2, box.width, box.height];
}

/**
 * The pieces and places of a board the keyboard can go to now: clickable, in the Tab order, drawn, and not
 * inside something inert, in document (Tab) order.
 * @param {Element} root
 */
export function destinations(root) {
  return [...root.querySelectorAll(CLICKABLE)].filter((node) => canFocus(node) && !node.closest("[inert]")
    && node.getClientRects().length > 0);
}

/**
 * The destination nearest to `from` in direction [dx, dy], or null when nothing lies ahead.
 * @param {Element} from @param {Element[]} candidates @param {number[]} direction
 */
export function nearestAhead(from, candidates, [dx, dy]) {
  const [fx, fy, fw, fh] = measure(from);
  let best = null;
  let bestCost = Infinity;
  for (const node of candidates) {
    if (node === from) continue;
    const [x, y, w, h] = measure(node);
    const ahead = (x - fx) * dx + (y - fy) * dy;
    const depth = Math.min(Math.abs(dx) * fw + Math.abs(dy) * fh, Math.abs(dx) * w + Math.abs(dy) * h);
    if (ahead < Math.max(AHEAD, depth / 2)) continue;
    const cost = ahead + SIDEWAYS * Math.abs((x - fx) * dy - (y - fy) * dx);
    if (cost < bestCost) {
      best = node;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * Listen for the arrow keys, Home and End on a board's root.
 * @param {HTMLElement} root
 */
export function moveFocusOnArrows(root) {
  root.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = event.target;
    // a text field or radio keeps its own arrows; a native button has none of its own
    if (!(from instanceof Element) || !from.matches(CLICKABLE) || (isNative(from) && !(from instanceof HTMLButtonElement))) return;
    const direction = DIRECTIONS[/** @type {keyof typeof DIRECTIONS} */ (event.key)];
    if (!direction && event.key !== "Home" && event.key !== "End") return;
    const candidates = destinations(root);
    const next = direction ? nearestAhead(from, candidates, direction)
      : event.key === "Home" ? candidates[0] : candidates[candidates.length - 1];
    event.preventDefault(); // the page would scroll
    if (!next || next === from) return;
    if (next instanceof HTMLElement || next instanceof SVGElement) next.focus();
  });
}
