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
 */
import { fillNames, h } from "../common/dom.js";

export class MoveLog {
  /** @param {HTMLElement} list an <ol> @param {string[]} names */
  constructor(list, names) {
    this.list = list;
    this.names = names;
    /** @type {string[]} */
    this.texts = [];
    list.setAttribute("aria-live", "polite");
    list.setAttribute("aria-relevant", "additions");
  }

  /** @param {{text: string}[]} entries @param {{markLatest?: boolean}} [opts] */
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
    } else {
      while (this.list.children.length > same) this.list.lastElementChild?.remove();
      this.list.append(...texts.slice(same).map((text) => h("li", {}, [text])));
    }
    this.texts = texts;
    if (opts.markLatest) {
      this.list.querySelector("li.latest")?.classList.remove("latest");
      this.list.lastElementChild?.classList.add("latest");
    }
    requestAnimationFrame(() => { this.list.scrollTop = this.list.scrollHeight; });
  }

  clear() {
    this.texts = [];
    this.list.replaceChildren();
  }
}
