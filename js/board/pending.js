// @ts-check
/**
 * A move on its way to the engine, shown at once.
 *
 * The engine's answer reaches the page a frame or two after the click (the
 * worker's reply is handed over after the frame that follows the input), so
 * the board shows the person's choice in the click's own task, before the
 * browser paints: the chosen piece stands on the place it was sent to (a
 * stand-in, like the ones that animate moves, while the piece itself stays
 * dimmed where it was), a one-click choice (a pile, a button, a card) and a
 * sent form look pressed.  Nothing here predicts the result: it shows only
 * what the click named.  The engine's board replaces it (js/board/motion.js
 * starts the piece's slide from where it stands now, then calls `clearPending`);
 * a refused move is drawn again by its table, which puts the piece back.
 *
 * Marks: `data-pending` on the elements ("from": the piece that left,
 * "target": where it went, "chosen": a one-click choice or a form's send
 * button, "form": a sent form) and on the board's root ("true"), for styles
 * (css/pending.css) and tests.  One move is pending at a time, page-wide.
 */
import { onto, standIn } from "./animate.js";

/**
 * @typedef {{root: Element, marked: Element[], ghost: HTMLElement|SVGElement|null, piece: Element|null,
 *   target: Element|null, frame: number, placed: boolean}} Pending
 */

/** @type {Pending|null} */
let current = null;

/** An element's box, or null when it is not drawn. @param {Element|null} node */
function drawnBox(node) {
  if (!node || !node.isConnected) return null;
  const box = node.getBoundingClientRect();
  return box.width || box.height ? box : null;
}

/** @param {Element} root @returns {Pending} */
function fresh(root) {
  return { root, marked: [], ghost: null, piece: null, target: null, frame: 0, placed: false };
}

/** @param {Element} node @param {string} kind */
function mark(node, kind) {
  node.setAttribute("data-pending", kind);
  /** @type {Pending} */ (current).marked.push(node);
}

/**
 * Show a move sent to the engine: `piece` (the chosen piece, if any) stands on
 * `target` (the place clicked, if any); a lone piece or place looks pressed.
 * @param {Element} root the board's root
 * @param {{piece?: Element|null, target?: Element|null}} chosen
 */
export function showPending(root, { piece = null, target = null }) {
  clearPending();
  current = fresh(root);
  if (piece && target && !piece.contains(target) && !target.contains(piece)) {
    mark(piece, "from");
    mark(target, "target");
    standOn(current, piece, target);
    return;
  }
  for (const node of [piece, target]) if (node) mark(node, "chosen");
}

/**
 * Where the piece stands: its box moved over the middle of the target's, at
 * its own size or smaller to fit the place (a reserve's tile is drawn larger
 * than the board's).  Null when either is no longer drawn.
 * @param {Element} piece @param {Element} target
 * @returns {{from: DOMRect, to: DOMRect}|null}
 */
function standing(piece, target) {
  const from = drawnBox(piece);
  const place = drawnBox(target);
  if (!from || !place) return null;
  const scale = Math.min(1, place.width / from.width, place.height / from.height);
  const [w, h] = [from.width * scale, from.height * scale];
  return { from, to: new DOMRect(place.left + (place.width - w) / 2, place.top + (place.height - h) / 2, w, h) };
}

/**
 * Put a stand-in of `piece` on `target`.  The stand-in is in the layer fixed
 * over the window (js/board/animate.js), so it follows the two elements: it
 * is placed before every frame while the move is pending, the first time in
 * the frame that follows the click (which paints it), after the click's
 * handlers have run (a table's status line may shift the board), and again
 * on a scroll or a resize.  Nothing is measured in the click's own task: that
 * would make the browser lay the page out once more before that frame.
 * @param {Pending} pending @param {Element} piece @param {Element} target
 */
function standOn(pending, piece, target) {
  const ghost = standIn(piece, piece);
  ghost.classList.add("pending-ghost");
  ghost.style.visibility = "hidden"; // until placed, before the frame is painted
  Object.assign(pending, { ghost, piece, target });
  const follow = () => {
    if (current !== pending || !pending.ghost) return;
    const spot = standing(piece, target);
    const transform = spot && onto(piece, spot.to, spot.from);
    if (!transform) return dropStandIn(pending); // no longer drawn: the choice shows in place
    const style = pending.ghost.style;
    if (pending.ghost instanceof HTMLElement) { // an HTML stand-in starts from the piece's box as it is now
      const { left, top, width, height } = /** @type {{from: DOMRect}} */ (spot).from;
      Object.assign(style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
    }
    style.transform = transform;
    style.visibility = "";
    pending.placed = true;
  };
  const everyFrame = () => {
    follow();
    if (current === pending && pending.ghost) pending.frame = requestAnimationFrame(everyFrame);
  };
  pending.frame = requestAnimationFrame(everyFrame);
}

/** Take the stand-in away and show the choice in place (the piece and its place pressed). @param {Pending} pending */
function dropStandIn(pending) {
  cancelAnimationFrame(pending.frame);
  pending.ghost?.remove();
  pending.ghost = null;
  pending.piece = null;
  for (const node of pending.marked) node.setAttribute("data-pending", "chosen");
}

/**
 * Show a form sent to the engine: the form faded and its send button pressed.
 * @param {HTMLFormElement} form @param {Element|null} button the button that sent it
 */
export function showPendingForm(form, button) {
  clearPending();
  current = fresh(form);
  mark(form, "form");
  if (button) mark(button, "chosen");
}

/**
 * A board sent an action (every action passes here, js/board/motion.js): what
 * its click or form marked becomes this board's pending move, or, when nothing
 * was marked (an action sent another way), the board alone is marked busy.
 * @param {Element} root the board's root
 */
export function sentFrom(root) {
  if (!current || !root.contains(current.root)) {
    clearPending();
    current = fresh(root);
  }
  current.root = root;
  root.setAttribute("data-pending", "true");
}

/**
 * Where the pending piece of `root` stands on screen (`to`) and where it is
 * drawn (`from`), and the element whose keyed pieces that applies to.  Null
 * when no piece of this board stands elsewhere (or it was never painted there).
 * @param {Element} root @returns {{piece: Element, from: DOMRect, to: DOMRect}|null}
 */
export function pendingShift(root) {
  const pending = current;
  if (!pending || !root.contains(pending.root) || !pending.piece || !pending.target || !pending.ghost || !pending.placed) return null;
  const spot = standing(pending.piece, pending.target);
  return spot && { piece: pending.piece, ...spot };
}

/**
 * The pending move is over (the engine's board is drawn, or the board was
 * cleared): take the stand-in and the marks away.  With `root`, only that
 * board's.  @param {Element} [root]
 */
export function clearPending(root) {
  const pending = current;
  if (!pending || (root && !root.contains(pending.root))) return;
  current = null;
  dropStandIn(pending);
  for (const node of pending.marked) node.removeAttribute("data-pending");
  pending.root.removeAttribute("data-pending");
}
