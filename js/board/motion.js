// @ts-check
/**
 * Following what happened: around every board update, the pieces a move
 * changed are animated (js/board/animate.js) and, when the move was another
 * seat's, marked as the last move (class `last-move`) until the next one.
 *
 * It knows no game.  Boards name the physical pieces they draw (`data-key`,
 * see js/board/changes.js); the changes are read off the drawings before and
 * after the update.  `withMotion(Board)` gives any renderer class this
 * behaviour, so every table (on this device, hosting, joining) and the replay
 * viewer get it without a line of their own.  An update may say
 * `motion: {animate?: boolean, mark?: boolean}` to draw quietly (a past
 * position being set up) or to mark nothing (a move taken back).
 *
 * Whose move an update shows: the person's own when it is the first update
 * after the board sent an action (`onAction`), else another seat's.  The
 * board says which in `lastMoveBy` ("self" or "other"), and whether the move
 * changed any piece in `lastMoveDrawn`, for the move log.  A move by another
 * seat that changes no piece (a secret bid) leaves the marks where they are.
 *
 * `prefers-reduced-motion: reduce` turns the animations off; marks stay.
 *
 * A move the person sent shows before the engine answers (js/board/pending.js:
 * the piece stands on its place).  The update that answers measures that piece
 * where it stands, so its slide starts there, and then takes the pending marks
 * away; a redraw or a cleared board takes them away too.
 */
import { Animator } from "./animate.js";
import { changedSpots, compare, findAgain, measure, shiftSpots } from "./changes.js";
import { clearPending, pendingShift, sentFrom } from "./pending.js";

const REDUCED = "(prefers-reduced-motion: reduce)";
/** Above this many changes an update is a new scene (a new round's map), not a move: no animation. */
const MOST_ANIMATED = 60;

/**
 * Name the physical piece an element draws, for following it across redraws.
 * @template {Element} E @param {E} node @param {string} key @returns {E}
 */
export function keyed(node, key) {
  node.setAttribute("data-key", key);
  return node;
}

/** @typedef {{key: string, frame: string, x: number, y: number, w: number}} Mark */

export class BoardMotion {
  /** @param {HTMLElement} root the board's root */
  constructor(root) {
    this.root = root;
    this.animator = new Animator();
    this.animator.onIdle = () => { delete this.root.dataset.animating; };
    /** Milliseconds the last update spent measuring, comparing and starting animations. */
    this.cost = 0;
    this.reset();
  }

  /** The person's own action went to the table: the next update shows their move. */
  sentAction() {
    this.ownPending = true;
  }

  /** The table refused the action sent: the next update puts the board back, and the last move stays marked. */
  refused() {
    this.ownPending = false;
    this.puttingBack = true;
  }

  /** Before an update redraws the board: stop what is still moving, measure what is drawn. @param {any} state */
  beforeUpdate(state) {
    const start = performance.now();
    this.animator.cancel();
    const sameScene = this.viewer === state.viewer && this.root.childElementCount > 0;
    // a piece sent to a place stands there (pending.js): its move starts from there
    this.before = sameScene ? shiftSpots(measure(this.root), pendingShift(this.root)) : null;
    this.viewer = state.viewer;
    this.cost = performance.now() - start;
  }

  /**
   * After the update drew the board: animate the changes, mark them if another seat made them.
   * @param {{motion?: {animate?: boolean, mark?: boolean}}} state
   */
  afterUpdate(state) {
    const start = performance.now();
    const options = state.motion ?? {};
    const own = this.ownPending || options.mark === false;
    const puttingBack = this.puttingBack; // no move was made: whose last move and its marks stay as they were
    this.ownPending = false;
    this.puttingBack = false;
    if (!puttingBack) {
      this.lastMoveBy = own ? "self" : "other";
      this.lastMoveDrawn = false;
    }
    if (this.before) {
      const after = measure(this.root);
      const changes = compare(this.before, after);
      const changed = changedSpots(changes);
      if (!puttingBack) this.lastMoveDrawn = changed.length > 0;
      if (!puttingBack && (changed.length || own)) this.marks = own ? [] : changed.map(({ key, frame, x, y, w }) => ({ key, frame, x, y, w }));
      if (options.animate !== false && !matchMedia(REDUCED).matches && changed.length <= MOST_ANIMATED) this.animate(changes);
      this.showMarks(after);
    } else {
      this.marks = []; // a new scene (the first drawing, another seat's view): nothing to compare with
    }
    this.before = null;
    this.cost += performance.now() - start;
    const timings = /** @type {any} */ (window).parlourTimings;
    if (timings) (timings.motion ??= []).push(this.cost);
  }

  /** @param {import("./changes.js").Changes} changes */
  animate(changes) {
    const animator = this.animator;
    // a piece inside one shown by a stand-in (a coin in a room that slides in) rides along in its stand-in
    const carried = new Set([...changes.moved, ...changes.turned].map((pair) => pair.to.el));
    const inside = (/** @type {Element} */ el) => {
      for (let up = el.parentElement; up && up !== this.root; up = up.parentElement) if (carried.has(up)) return true;
      return false;
    };
    for (const { from, to } of changes.moved) if (!inside(to.el)) animator.slide(to.el, from.rect);
    for (const { from, to } of changes.turned) if (!inside(to.el)) animator.turn(to.el, from.el);
    for (const spot of changes.appeared) if (!inside(spot.el)) animator.appear(spot.el);
    if (animator.busy) this.root.dataset.animating = "true"; // for tests and styles: something is still moving
  }

  /** Put the last-move marks on the pieces they name. @param {import("./changes.js").Spot[]} [spots] */
  showMarks(spots = measure(this.root)) {
    this.root.querySelectorAll(".last-move").forEach((n) => n.classList.remove("last-move"));
    for (const mark of this.marks) findAgain(spots, mark)?.el.classList.add("last-move");
  }

  /** The board redrew itself (a piece picked up, a round's map shown): marks go back on, nothing animates. */
  redrawn() {
    this.animator.cancel();
    if (this.marks.length) this.showMarks();
  }

  /** The board was cleared (the privacy screen), or is new: the next drawing is a new scene. */
  reset() {
    this.animator.cancel();
    /** @type {import("./changes.js").Spot[]|null} the drawing before the update under way */
    this.before = null;
    /** @type {number|null|undefined} the seat whose view was drawn last (another seat's view is a new scene) */
    this.viewer = undefined;
    /** Whether the board sent an action that no update has shown yet. */
    this.ownPending = false;
    /** Whether the next update puts the board back after a refused action. */
    this.puttingBack = false;
    /** @type {Mark[]} the pieces the last move changed */
    this.marks = [];
    /** @type {"self"|"other"|null} whose move the last update showed */
    this.lastMoveBy = null;
    /** Whether the last update changed any piece (a bid sealed in secret changes none). */
    this.lastMoveDrawn = false;
  }
}

/**
 * A renderer class that follows what happened: the same board, with its
 * updates animated and the last move marked.
 * @template {new (root: HTMLElement, opts: any) => any} B
 * @param {B} Board @returns {B}
 */
export function withMotion(Board) {
  // @ts-ignore: a mixin of a constructor type
  return class extends Board {
    /** @param {HTMLElement} root @param {{onAction: (a: any) => void}} opts */
    constructor(root, opts) {
      const motion = new BoardMotion(root);
      const onAction = (/** @type {any} */ action) => {
        motion.sentAction();
        sentFrom(root);
        opts.onAction(action);
      };
      super(root, { ...opts, onAction });
      this.motion = motion;
      this.updating = false;
    }

    /** Whose move the last update showed: "self", "other" or null (nothing drawn yet). */
    get lastMoveBy() {
      return this.motion.lastMoveBy;
    }

    /** Whether the last update changed a piece on the board (else its move joins the one marked). */
    get lastMoveDrawn() {
      return this.motion.lastMoveDrawn;
    }

    /** The table refused the action this board sent: the next update puts the board back as it was. */
    moveRefused() {
      this.motion.refused();
    }

    /** @param {any} state */
    update(state) {
      this.motion.beforeUpdate(state);
      this.updating = true;
      try {
        super.update(state);
      } finally {
        this.updating = false;
      }
      this.motion.afterUpdate(state);
      clearPending(this.motion.root); // the engine's board has replaced the move shown ahead of it
    }

    redraw() {
      super.redraw();
      if (!this.updating && this.motion) {
        clearPending(this.motion.root);
        this.motion.redrawn();
      }
    }

    clear() {
      clearPending(this.motion.root);
      this.motion.reset();
      super.clear();
    }
  };
}
