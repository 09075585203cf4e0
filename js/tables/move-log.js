// @ts-check
/**
 * The move log beside a board.  The log only grows during a game, so a redraw
 * keeps the lines already shown and appends the new ones (rebuilding a few
 * hundred lines on every move cost ~10 ms per move); when the lines differ
 * (another seat's private wording, a replay stepping back) it trims to the
 * common start.  Text goes in as text, never markup.
 *
 * The list is a polite live region: a screen reader reads each new line (a
 * bot's move, another player's) once the person's own speech is done.  Lines
 * that are not news (the whole log of a resumed game, the log shown again
 * after the privacy screen, another seat's wording) go into a fresh list put
 * in the old one's place: a live region that arrives full says nothing.
 *
 * The lines another seat's move added carry `last-move`, like the pieces that
 * move changed on the board (js/board/motion.js), until a move adds lines again.
 */
import { fillNames, h } from "../common/dom.js";

export class MoveLog {
  /** @param {HTMLElement} list an <ol> @param {string[]} names */
  constructor(list, names) {
    this.list = list;
    this.names = names;
    /** @type {string[]} */
    this.texts = [];
    /** @type {number[]|null} the lines [from, to) another seat's last move added */
    this.lastMove = null;
    list.setAttribute("aria-live", "polite");
    list.setAttribute("aria-relevant", "additions");
  }

  /**
   * @param {{text: string}[]} entries
   * @param {{markLatest?: boolean, lastMove?: "self"|"other"|null, extend?: boolean}} [opts]  markLatest: the
   *   replay's step; lastMove: whose move added the new lines ("other": they are marked as the last move, as on
   *   the board); extend: that move changed nothing on the board, so its lines join those marked already
   */
  show(entries, opts = {}) {
    const texts = entries.map((e) => fillNames(e.text, this.names));
    let same = 0;
    while (same < this.texts.length && same < texts.length && this.texts[same] === texts[same]) same++;
    const news = this.texts.length > 0 && (same === this.texts.length || same === texts.length);
    if (!news && this.list.parentNode && texts.length) {
      const fresh = /** @type {HTMLElement} */ (this.list.cloneNode(false));
      fresh.append(...texts.map((text) => h("li", {}, [text])));
      this.list.replaceWith(fresh);
      this.list = fresh;
      this.lastMove = null;
    } else {
      while (this.list.children.length > same) this.list.lastElementChild?.remove();
      const added = texts.slice(same).map((text) => h("li", {}, [text]));
      this.list.append(...added);
      if (opts.lastMove && added.length) {
        const from = opts.extend && this.lastMove ? this.lastMove[0] : same;
        this.lastMove = opts.lastMove === "other" ? [from, texts.length] : null;
      }
    }
    this.texts = texts;
    this.markLines(this.lastMove);
    if (opts.markLatest) {
      this.list.querySelector("li.latest")?.classList.remove("latest");
      this.list.lastElementChild?.classList.add("latest");
    }
    requestAnimationFrame(() => { this.list.scrollTop = this.list.scrollHeight; });
  }

  /**
   * Mark lines [from, to) as a move's (class `last-move`), or none; the last move's lines by default.
   * Stepping back through the last moves marks the lines of the move on the board.
   * @param {number[]|null} [range]
   */
  markLines(range = this.lastMove) {
    this.list.querySelectorAll("li.last-move").forEach((li) => li.classList.remove("last-move"));
    const lines = range ? [...this.list.children].slice(range[0], range[1]) : [];
    lines.forEach((li) => li.classList.add("last-move"));
    const first = lines[0];
    if (first instanceof HTMLElement && range !== this.lastMove) {
      this.list.scrollTop = Math.max(0, first.offsetTop - this.list.offsetTop - this.list.clientHeight / 3);
    }
  }

  clear() {
    this.texts = [];
    this.lastMove = null;
    this.list.replaceChildren();
  }
}
