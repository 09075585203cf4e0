// @ts-check
/**
 * The 169 grid by keyboard, and the grid's size on a wide screen.
 *
 * The grid is one tab stop, as a data grid is: the arrow keys move between
 * its 169 squares (Home and End to the ends of a row, Page Up and Page Down
 * to the ends of a column), and Enter or Space on a lit square or on one of
 * the player's creatures acts as a click (the chooser's keys).  A square
 * with nothing to do still takes the focus, so the board can be read square
 * by square (the board's info line says what lies there); on a square where
 * a creature of the player's can be picked up the focus goes to the creature.
 * Only the square last visited is in the Tab order ("roving tabindex"): Tab
 * leaves the grid at once, so the row for sale is never behind 13 lit squares.
 * A tile chosen in the row for sale sends the focus to the first square it
 * lights (`toFirstLit`).  The arrows elsewhere on the board (the row for sale,
 * the Pass button) are the board toolkit's (js/board/arrows.js), which enter
 * the grid at its one tab stop.
 */

/** Arrow keys and their step (dx, dy); row A is at the top, so "up" lowers y. */
const STEPS = {
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
};
/** Keys that jump to an edge: [axis, end], axis 0 along the row (to the first or last column), 1 along the column. */
const JUMPS = { Home: [0, "first"], End: [0, "last"], PageUp: [1, "first"], PageDown: [1, "last"] };
/** The grid is never drawn smaller than this (CSS px), however short the window. */
const MIN_SIDE = 340;
/** Room kept under the grid so its bottom row does not touch the window's edge (CSS px). */
const BOTTOM_GAP = 12;

/** The element that takes the focus for square (x, y): the player's creature there if it can move, else the square. */
function spotOf(root, x, y) {
  const square = root.querySelector(`.osn-grid .sq[data-x='${x}'][data-y='${y}']`);
  if (!square) return null;
  return square.querySelector("[data-piece].legal") ?? square;
}

/** The square (x, y) an element of the grid stands for, or null outside the grid. @param {EventTarget|null} node */
function squareOf(node) {
  const square = node instanceof Element ? node.closest(".osn-grid .sq") : null;
  return square ? [Number(square.getAttribute("data-x")), Number(square.getAttribute("data-y"))] : null;
}

export class GridKeys {
  constructor() {
    /** @type {[number, number]|null} the square the keyboard was last on, kept across redraws */
    this.spot = null;
  }

  /** Listen for arrows on the board's root. @param {HTMLElement} root */
  listen(root) {
    root.addEventListener("keydown", (event) => {
      const from = squareOf(event.target);
      if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
      const size = root.querySelectorAll(".osn-grid .axis-label[data-axis='col']").length
        || Math.round(Math.sqrt(root.querySelectorAll(".osn-grid .sq").length));
      let [x, y] = from;
      const step = STEPS[/** @type {keyof typeof STEPS} */ (event.key)];
      const jump = JUMPS[/** @type {keyof typeof JUMPS} */ (event.key)];
      if (step) {
        x = Math.min(size, Math.max(1, x + step[0]));
        y = Math.min(size, Math.max(1, y + step[1]));
      } else if (jump) {
        const edge = jump[1] === "first" ? 1 : size;
        if (jump[0] === 0) x = edge; else y = edge;
      } else return;
      event.preventDefault(); // the page would scroll
      this.go(root, x, y);
    });
    root.addEventListener("focusin", (event) => {
      const square = squareOf(event.target);
      if (square) this.spot = /** @type {[number, number]} */ (square);
    });
  }

  /**
   * Move the focus (and the grid's one tab stop) to square (x, y).
   * @param {Element} root @param {number} x @param {number} y @param {boolean} [scroll] scroll it into sight
   */
  go(root, x, y, scroll = true) {
    const next = spotOf(root, x, y);
    if (!(next instanceof SVGElement)) return;
    this.spot = [x, y];
    this.rove(root, null);
    next.focus({ preventScroll: !scroll });
  }

  /**
   * Move the focus to the first lit square (in reading order), when a tile was just chosen in the row for
   * sale: the squares where it may go come next, not four Tabs later.
   * @param {Element} root @param {boolean} scroll scroll it into sight
   */
  toFirstLit(root, scroll) {
    const square = squareOf(root.querySelector(".osn-grid .sq.legal"));
    if (square) this.go(root, square[0], square[1], scroll);
  }

  /**
   * After a redraw: every square and creature of the grid reachable by arrows, and only one in the
   * Tab order: the square last visited, else the chosen creature, else the first lit square or creature.
   * @param {Element} root @param {string|null} selected the chooser's piece
   */
  rove(root, selected) {
    const squares = [...root.querySelectorAll(".osn-grid .sq")];
    if (!squares.length) return;
    for (const square of squares) {
      const piece = square.querySelector("[data-piece].legal");
      if (piece) piece.setAttribute("tabindex", "-1");
      if (square.getAttribute("role") === "button") square.setAttribute("tabindex", "-1");
      else if (!piece) {
        // a square with nothing to do: read, not pressed (its words are its title's, as the pointer's tooltip)
        square.setAttribute("tabindex", "-1");
        square.setAttribute("role", "img");
        square.setAttribute("aria-label", square.querySelector(":scope > title")?.textContent ?? "");
      } else square.removeAttribute("tabindex");
    }
    const active = document.activeElement;
    const focused = active && root.contains(active) ? squareOf(active) : null;
    const chosen = selected?.startsWith("cr:") ? selected.slice(3).split(":").map(Number) : null;
    const first = root.querySelector(".osn-grid .sq.legal, .osn-grid [data-piece].legal");
    const start = focused ?? this.spot ?? chosen ?? squareOf(first) ?? [1, 1];
    spotOf(root, start[0], start[1])?.setAttribute("tabindex", "0");
  }
}

/**
 * On a wide screen, the whole grid in the window under whatever is above it: its side is at most the
 * height left from its top (in the page, not as scrolled) to the window's bottom edge.  A phone's
 * close-up sizes itself (closeup.js).
 * @param {Element} root
 */
export function fitToWindow(root) {
  fitNow(root);
  requestAnimationFrame(() => fitNow(root)); // again once the table has drawn what stands above the board
}

/** `fitToWindow` for the layout as it stands. @param {Element} root */
function fitNow(root) {
  const grid = /** @type {SVGElement|null} */ (root.querySelector("svg.osn-grid:not(.zoomed)"));
  if (!grid) return;
  const top = grid.getBoundingClientRect().top + window.scrollY;
  const room = Math.floor(window.innerHeight - top - BOTTOM_GAP);
  grid.style.maxWidth = `${Math.max(MIN_SIDE, room)}px`;
}
