// @ts-check
/**
 * The move log beside a board.  The log only grows during a game, so a redraw
 * keeps the lines already shown and appends the new ones (rebuilding a few
 * hundred lines on every move cost ~10 ms per move); when the lines differ
 * (another seat's private wording, a replay stepping back) it trims to the
 * common start.  Text goes in as text, never markup.
 */
import { fillNames, h } from "../common/dom.js";

export class MoveLog {
  /** @param {HTMLElement} list an <ol> @param {string[]} names */
  constructor(list, names) {
    this.list = list;
    this.names = names;
    /** @type {string[]} */
    this.texts = [];
  }

  /** @param {{text: string}[]} entries @param {{markLatest?: boolean}} [opts] */
  show(entries, opts = {}) {
    const texts = entries.map((e) => fillNames(e.text, this.names));
    let same = 0;
    while (same < this.texts.length && same < texts.length && this.texts[same] === texts[same]) same++;
    while (this.list.children.length > same) this.list.lastElementChild?.remove();
    this.list.append(...texts.slice(same).map((text) => h("li", {}, [text])));
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
