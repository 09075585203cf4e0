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
 *
 * The list counts moves, not lines, so it agrees with the replay's "Move 5 of
 * 5": each line carries the ply of the move that wrote it (0: the setup).
 * The first line of move N is item N; a move's further lines go unnumbered
 * under it; the setup's lines are marked as the setup.
 *
 * On a wide screen the list is never taller than the room left below it in
 * the window, so its newest lines (scrolled to the end) show without
 * scrolling the page; on a phone, where it sits below the board, it keeps
 * the stylesheet's height.
 */
import { fillNames, h } from "../common/dom.js";

/** The least height (CSS px) worth fitting the list into; with less room below it, it keeps the stylesheet's height. */
const LEAST_FITTED_HEIGHT = 160;
/** Room (CSS px) kept between the list's end and the window's bottom edge. */
const FOLD_MARGIN = 12;

/**
 * One line of the log as a list item: the first of its move numbered as that move, the rest unnumbered.
 * @param {string} text @param {number} ply the move that wrote it (0: the setup) @param {number|undefined} previous the ply of the line before
 */
function lineItem(text, ply, previous) {
  if (!ply) return h("li", { class: "setup" }, [text]);
  if (ply === previous) return h("li", { class: "more" }, [text]);
  return h("li", { value: ply }, [text]);
}

export class MoveLog {
  /** @param {HTMLElement} list an <ol> @param {string[]} names */
  constructor(list, names) {
    this.list = list;
    this.names = names;
    /** @type {string[]} each line's ply and text, to tell the lines already shown */
    this.texts = [];
    /** @type {number[]|null} the lines [from, to) another seat's last move added */
    this.lastMove = null;
    list.setAttribute("aria-live", "polite");
    list.setAttribute("aria-relevant", "additions");
    // whatever moves the list or changes the window (a side panel growing above it, a resize) fits it again
    let shown = false;
    const fitter = new ResizeObserver(() => {
      if (this.list.isConnected) {
        shown = true;
        this.fit();
      } else if (shown) fitter.disconnect(); // the table has gone
    });
    fitter.observe(document.body);
  }

  /**
   * Keep the list within the window below its top (a wide screen), so that its end shows at the page's top;
   * with too little room there (a phone, where it follows the board) it keeps the stylesheet's height.
   */
  fit() {
    const box = this.list.getBoundingClientRect();
    if (!box.width) return; // not laid out (the table is hidden): fitted once it shows
    const room = Math.floor(window.innerHeight - (box.top + window.scrollY) - FOLD_MARGIN);
    const limit = room >= LEAST_FITTED_HEIGHT ? `${room}px` : "";
    if (this.list.style.maxHeight === limit) return;
    const list = this.list;
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 2;
    list.style.maxHeight = limit;
    if (atEnd) list.scrollTop = list.scrollHeight; // the newest lines stay in sight
  }

  /**
   * @param {{text: string, ply?: number}[]} entries
   * @param {{latestMove?: number, lastMove?: "self"|"other"|null, extend?: boolean}} [opts]  latestMove: the
   *   replay's step, whose lines are marked `latest`; lastMove: whose move added the new lines ("other": they are
   *   marked as the last move, as on the board); extend: that move changed nothing on the board, so its lines
   *   join those marked already
   */
  show(entries, opts = {}) {
    const lines = entries.map((e) => fillNames(e.text, this.names));
    const plies = entries.map((e) => e.ply ?? 0);
    const texts = lines.map((line, i) => `${plies[i]} ${line}`);
    const item = (/** @type {number} */ i) => lineItem(lines[i], plies[i], i ? plies[i - 1] : undefined);
    let same = 0;
    while (same < this.texts.length && same < texts.length && this.texts[same] === texts[same]) same++;
    const news = this.texts.length > 0 && (same === this.texts.length || same === texts.length);
    if (!news && this.list.parentNode && texts.length) {
      const fresh = /** @type {HTMLElement} */ (this.list.cloneNode(false));
      fresh.append(...lines.map((_, i) => item(i)));
      this.list.replaceWith(fresh);
      this.list = fresh;
      this.lastMove = null;
    } else {
      while (this.list.children.length > same) this.list.lastElementChild?.remove();
      const added = lines.slice(same).map((_, i) => item(same + i));
      this.list.append(...added);
      if (opts.lastMove && added.length) {
        const from = opts.extend && this.lastMove ? this.lastMove[0] : same;
        this.lastMove = opts.lastMove === "other" ? [from, texts.length] : null;
      }
    }
    this.texts = texts;
    this.markLines(this.lastMove);
    if (opts.latestMove !== undefined) {
      this.list.querySelectorAll("li.latest").forEach((li) => li.classList.remove("latest"));
      [...this.list.children].forEach((li, i) => { if (plies[i] === opts.latestMove) li.classList.add("latest"); });
    }
    requestAnimationFrame(() => {
      this.fit();
      this.list.scrollTop = this.list.scrollHeight;
    });
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
