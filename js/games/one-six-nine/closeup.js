// @ts-check
/**
 * 169 on a phone: while the board has something to tap (lit squares, or
 * creatures to move), it is shown close up, each square at least 42 px, in a
 * frame that pans both ways under its rank labels (which stay in sight along
 * the top and the left).  The 13 squares of a row fit a phone only at about
 * 28 px each, too small for a finger; the close-up pans instead, and comes
 * to rest on the squares that can be tapped.  While nothing on the board can
 * be tapped, the whole board is shown (board.js), as on a wide screen.
 */
import { h } from "../../common/dom.js";
import { drawAxis } from "./grid.js";

/**
 * The close-up frame around a grid drawn with `zoom` (grid.js): the corner, the two label strips, the squares.
 * @param {any} view @param {SVGElement} grid
 */
export function closeUp(view, grid) {
  return h("div", { class: "osn-grid-frame", style: `--n: ${view.size}` }, [
    drawAxis(view, "corner"), drawAxis(view, "col"), drawAxis(view, "row"), grid,
  ]);
}

/** Where a close-up is panned to, and over which squares, so that a redraw over the same squares keeps it. */
export class CloseUpPan {
  constructor() {
    /** @type {string} the tappable squares the frame was last brought to */
    this.over = "";
    this.left = 0;
    this.top = 0;
  }

  /** Note where the frame in `root` is panned (before a redraw replaces it). @param {Element} root */
  remember(root) {
    const frame = root.querySelector(".osn-grid-frame");
    if (!frame) return;
    this.left = frame.scrollLeft;
    this.top = frame.scrollTop;
  }

  /**
   * Pan the frame in `root`: back where it was if the same squares can be tapped, else to the middle of
   * those squares (whatever of them fits, the labels aside).
   * @param {Element} root
   */
  settle(root) {
    const frame = /** @type {HTMLElement|null} */ (root.querySelector(".osn-grid-frame"));
    if (!frame) {
      this.over = "";
      return;
    }
    // as tall as the screen leaves under it at the top of the page (never under 300 px), so the row for
    // sale above and the squares to tap are in sight together
    const frameTop = frame.getBoundingClientRect().top + window.scrollY;
    frame.style.setProperty("--room", `${Math.max(300, Math.floor(window.innerHeight - frameTop - 8))}px`);
    const spots = [...frame.querySelectorAll(".osn-grid .sq.legal, .osn-grid [data-piece].legal")];
    const over = spots.map((n) => n.getAttribute("data-target") ?? n.getAttribute("data-piece")).join(" ");
    if (over === this.over) {
      frame.scrollLeft = this.left;
      frame.scrollTop = this.top;
      return;
    }
    this.over = over;
    if (!spots.length) return;
    const box = frame.getBoundingClientRect();
    const rects = spots.map((n) => n.getBoundingClientRect());
    const left = Math.min(...rects.map((r) => r.left)) - box.left + frame.scrollLeft;
    const right = Math.max(...rects.map((r) => r.right)) - box.left + frame.scrollLeft;
    const top = Math.min(...rects.map((r) => r.top)) - box.top + frame.scrollTop;
    const bottom = Math.max(...rects.map((r) => r.bottom)) - box.top + frame.scrollTop;
    const label = /** @type {HTMLElement|null} */ (frame.querySelector(".osn-axis-corner"))?.getBoundingClientRect().width ?? 0;
    frame.scrollLeft = (left + right) / 2 - label - (frame.clientWidth - label) / 2;
    frame.scrollTop = (top + bottom) / 2 - label - (frame.clientHeight - label) / 2;
  }
}
