// @ts-check
/**
 * Turns clicks into one of the legal actions a board was given.
 *
 * Each legal action is described by the piece it moves and the place it lands
 * (either may be absent).  A click on a piece selects it; a click on a place
 * then plays the action with that piece and place.  A piece with no place, or
 * a place with no piece, plays at once.  When only one piece can go anywhere it
 * is selected for the player.  Boards mark elements with data-piece and
 * data-target; this class adds the "legal" and "selected" classes.
 *
 * Every element it marks is also a named button for the keyboard and screen
 * readers (js/board/keys.js): a tab stop that Enter or Space clicks, with the
 * words the board gives for it (`describe`), and a focus ring
 * (js/board/focus-ring.js).  The arrow keys move the focus between them by
 * where they are drawn (js/board/arrows.js).  After a redraw the focus goes
 * back to the piece that had it.
 *
 * A click that completes a move shows it before the engine answers
 * (js/board/pending.js): the chosen piece stands on the place clicked, or the
 * one thing clicked looks pressed, in the click's own task.
 */
import { moveFocusOnArrows } from "./arrows.js";
import { placeHintNote } from "./hint-place.js";
import { CLICKABLE, clearButton, fallbackLabel, keyOf, makeButton, pressOnKeys, settleFocus } from "./keys.js";
import { ringOnFocus } from "./focus-ring.js";
import { tipOnHover } from "./hover-tip.js";
import { showPending } from "./pending.js";

/**
 * What a clickable element is and where, in words, for its accessible name;
 * null or "" leaves it to the element's own title or text.
 * @typedef {(kind: "piece"|"target", key: string, node: Element) => string|null|undefined} Describe
 */

export class MoveChooser {
  /** @param {(action: any) => void} onAction @param {() => void} redraw @param {{describe?: Describe}} [opts] */
  constructor(onAction, redraw, opts = {}) {
    this.onAction = onAction;
    this.redraw = redraw;
    this.describe = opts.describe ?? null;
    /** @type {{attr: string, value: string}|null} the element the focus was last on, to find it after a redraw */
    this.focused = null;
    /** @type {{action: any, piece: string|null, target: string|null}[]} */
    this.moves = [];
    /** @type {string|null} */
    this.selected = null;
    /** @type {Element|null} the board root the last click came through */
    this.root = null;
    /** @type {{action: any, piece: string|null, target: string|null}|null} the move a hint points at */
    this.hinted = null;
    /** The moves last offered, as spelt (a redraw offering the same ones keeps the hint). */
    this.offered = "";
  }

  /**
   * @param {any[]} legal
   * @param {(a: any) => string|null} pieceOf
   * @param {(a: any) => string|null} targetOf
   */
  offer(legal, pieceOf, targetOf) {
    // the same moves offered again (the board redrawn for a new size): what a hint or a lesson points at stays
    const offered = JSON.stringify(legal);
    const kept = offered === this.offered && this.hinted ? JSON.stringify(this.hinted.action) : null;
    this.offered = offered;
    this.moves = legal.map((action) => ({ action, piece: pieceOf(action), target: targetOf(action) }));
    this.hinted = kept === null ? null : this.moves.find((m) => JSON.stringify(m.action) === kept) ?? null;
    if (!this.hinted) placeHintNote(null);
    const pieces = new Set(this.moves.filter((m) => m.piece && m.target).map((m) => m.piece));
    const onlyTwoStep = this.moves.every((m) => m.piece && m.target);
    if (this.selected && !pieces.has(this.selected)) this.selected = null;
    if (!this.selected && pieces.size === 1 && onlyTwoStep) this.selected = [...pieces][0];
  }

  hasTarget(target) {
    return this.moves.some((m) => m.target === target);
  }

  /** Pieces that can be clicked now. */
  pieces() {
    return new Set(this.moves.filter((m) => m.piece).map((m) => m.piece));
  }

  /** Places that can be clicked now. */
  targets() {
    return new Set(this.moves.filter((m) => m.target && (!m.piece || m.piece === this.selected)).map((m) => m.target));
  }

  /**
   * Listen on the board's root: clicks, Enter and Space on a focused piece or
   * place (as a click), the arrow keys between them (js/board/arrows.js), the
   * focus ring, the hover text, and where the focus is.
   * @param {HTMLElement} root
   */
  listen(root) {
    root.addEventListener("click", (event) => this.click(event));
    pressOnKeys(root);
    moveFocusOnArrows(root);
    ringOnFocus(root);
    tipOnHover(root);
    root.addEventListener("focusin", (event) => { this.focused = keyOf(event.target); });
  }

  /** Add the highlight classes to the drawn board, and make what they mark buttons. @param {Element} root */
  mark(root) {
    const pieces = this.pieces();
    const targets = this.targets();
    root.querySelectorAll("[data-piece]").forEach((node) => {
      const key = node.getAttribute("data-piece");
      node.classList.toggle("legal", pieces.has(key));
      node.classList.toggle("selected", key === this.selected);
    });
    root.querySelectorAll("[data-target]").forEach((node) => {
      node.classList.toggle("legal", targets.has(node.getAttribute("data-target")));
    });
    this.name(root);
    const hint = this.hinted;
    root.querySelectorAll("[data-piece], [data-target]").forEach((node) => {
      // the hinted piece once picked up is no longer marked: the hint then points at its place alone
      const on = Boolean(hint) && ((hint?.piece && hint.piece !== this.selected && node.getAttribute("data-piece") === hint.piece)
        || (hint?.target && node.getAttribute("data-target") === hint.target && (!hint.piece || !node.hasAttribute("data-piece"))));
      node.classList.toggle("hinted", on);
    });
  }

  /**
   * Make every marked element a named button (and nothing else one), then put
   * back the focus a redraw took away.  A board that marks an element itself
   * after `mark` calls this again.  An element a click passes through
   * (pointer-events: none) is no button either.
   * @param {Element} root
   */
  name(root) {
    const pickable = new Set(this.moves.filter((m) => m.piece && m.target).map((m) => m.piece));
    root.querySelectorAll("[data-piece], [data-target]").forEach((node) => {
      if (!node.matches(CLICKABLE) || getComputedStyle(node).pointerEvents === "none") return clearButton(node);
      const piece = node.matches("[data-piece].legal") ? node.getAttribute("data-piece") : null;
      const kind = piece ? "piece" : "target";
      const key = piece ?? /** @type {string} */ (node.getAttribute("data-target"));
      const label = this.describe?.(kind, key, node) || fallbackLabel(node);
      makeButton(node, label, piece && pickable.has(piece) ? piece === this.selected : null);
    });
    settleFocus(root, this.focused);
  }

  /**
   * Point at one of the offered moves (a hint): its piece and its place are
   * marked "hinted" until the moves change.  False when `action` is not offered.
   * @param {any} action @param {Element} root
   */
  hint(action, root) {
    const key = JSON.stringify(action);
    this.hinted = this.moves.find((m) => JSON.stringify(m.action) === key) ?? null;
    this.mark(root);
    placeHintNote(root); // the note saying so keeps clear of what it points at
    return this.hinted !== null;
  }

  /** @param {Event} event */
  click(event) {
    const node = /** @type {Element} */ (event.target).closest?.("[data-piece].legal, [data-target].legal");
    if (!node) return;
    this.root = /** @type {Element|null} */ (event.currentTarget);
    const piece = node.getAttribute("data-piece");
    if (piece) {
      const direct = this.moves.find((m) => m.piece === piece && !m.target);
      if (direct) return this.play(direct.action, { piece: node });
      this.selected = this.selected === piece ? null : piece;
      return this.redraw();
    }
    const target = node.getAttribute("data-target");
    const move = this.moves.find((m) => m.target === target && (!m.piece || m.piece === this.selected));
    if (move) this.play(move.action, { piece: move.piece ? this.pieceNode(move.piece) : null, target: node });
  }

  /** The element of a piece (the one picked up, where a piece is drawn twice); nothing is measured. @param {string} key */
  pieceNode(key) {
    const nodes = [...(this.root?.querySelectorAll(`[data-piece="${CSS.escape(key)}"]`) ?? [])];
    return nodes.find((n) => n.classList.contains("selected")) ?? nodes[0] ?? null;
  }

  /**
   * Send a move: nothing stays clickable while the engine answers, and what the
   * click chose shows at once (js/board/pending.js).
   * @param {any} action @param {{piece?: Element|null, target?: Element|null}} [chosen] the clicked piece and place
   */
  play(action, chosen = {}) {
    this.selected = null;
    this.moves = [];
    // nothing stays clickable while the engine answers (unmarking is cheaper than a redraw)
    if (this.root) {
      this.root.querySelectorAll(".legal, .selected").forEach((n) => n.classList.remove("legal", "selected"));
      this.root.querySelectorAll("[data-piece], [data-target]").forEach(clearButton);
      showPending(this.root, chosen);
    } else this.redraw();
    this.onAction(action);
  }
}
