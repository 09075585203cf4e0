// @ts-check
/**
 * The screen of a network table, host or guest: the same layout and
 * conventions as the local table (js/tables/local-table.js): `data-phase` on the root
 * (busy, move, over), a status line, the game's board, its side panel, the
 * move log and a result dialog with id "result"; plus a panel for the
 * connections.  Names always go in as text.
 */
import { boardFor } from "../games/index.js";
import { fillNames, h } from "../common/dom.js";
import { rulesButton } from "../common/rules.js";
import { openModal } from "../common/modal.js";
import { MoveLog } from "./move-log.js";
import { endingParagraph, resultHeadline } from "./result-text.js";

export class NetTableView {
  /**
   * @param {HTMLElement} root
   * @param {{gameId: string, title: string, names: string[], onAction: (a: any) => void, onLeave: () => void}} opts
   */
  constructor(root, opts) {
    this.root = root;
    this.names = opts.names;
    this.els = {
      title: h("h2", { class: "table-title" }, [opts.title]),
      status: h("p", { class: "status", "aria-live": "polite" }, ["Setting the table…"]),
      board: h("div", { class: "board", id: "board" }),
      side: h("div", { class: "side-panel" }),
      net: h("div", { class: "p2p-panel", "aria-label": "Players on other devices" }),
      notice: h("div", { class: "p2p-board-notice", role: "status", hidden: true }),
      log: h("ol", { class: "log", "aria-label": "Move log" }),
      overlay: h("div", { class: "overlay", hidden: true }),
    };
    root.replaceChildren(
      h("div", { class: "table-bar" }, [
        this.els.title, this.els.status,
        rulesButton(opts.gameId),
        h("button", { type: "button", class: "leave", onclick: () => opts.onLeave() }, ["Leave game"]),
      ]),
      h("div", { class: "table-main" }, [
        h("div", { class: "p2p-main" }, [this.els.notice, this.els.board]),
        h("aside", {}, [this.els.net, this.els.side, h("h3", {}, ["Moves"]), this.els.log]),
      ]),
      this.els.overlay,
    );
    this.moveLog = new MoveLog(this.els.log, this.names);
    const Board = boardFor(opts.gameId);
    this.board = new Board(this.els.board, { onAction: opts.onAction, names: this.names });
    this.setPhase("busy");
  }

  /** @param {"busy"|"move"|"over"} phase */
  setPhase(phase) {
    this.root.dataset.phase = phase;
  }

  /**
   * Draw one seat's view.
   * @param {{view: any, legal: any[], forms?: any[], viewer: number|null, active: boolean, suffix?: string}} s
   */
  draw(s) {
    this.board.update({
      view: s.view, legal: s.active ? s.legal : [], forms: s.active ? s.forms ?? [] : [], viewer: s.viewer, active: s.active,
    });
    this.els.status.textContent = fillNames(this.board.statusText(s.view), this.names) + (s.suffix ?? "");
    this.els.side.replaceChildren(this.board.sidePanel(s.view));
    this.moveLog.show(s.view.log || [], { lastMove: this.board.lastMoveBy, extend: !this.board.lastMoveDrawn });
  }

  /** A message above the board (waiting for players); empty hides it. @param {string} text */
  notice(text) {
    this.els.notice.textContent = text;
    this.els.notice.hidden = !text;
  }

  /** @param {string} text */
  status(text) {
    this.els.status.textContent = text;
  }

  /** Who is to move, as a suffix for the status line. @param {number[]} toMove @param {number|null} me */
  moverText(toMove, me) {
    if (!toMove.length) return "";
    if (me !== null && toMove.includes(me)) return toMove.length > 1 ? " · your choice (in secret)" : " · your move";
    return ` · ${toMove.map((s) => this.names[s]).join(", ")} to move`;
  }

  /**
   * The result dialog; `extra` goes under the board's own result detail (the fairness check).
   * @param {any} result @param {Node|null} extra @param {string} [ending] the engine's sentences on why it ended
   */
  showResult(result, extra = null, ending = "") {
    const headline = resultHeadline(result.winners, this.names);
    const overlay = this.els.overlay;
    overlay.replaceChildren(h("div", { class: "dialog result", role: "dialog", id: "result" }, [
      h("h2", {}, [headline]),
      endingParagraph(ending, this.names),
      this.board.resultDetail(result),
      extra,
      h("div", { class: "dialog-buttons" }, [
        h("button", { type: "button", onclick: () => { overlay.hidden = true; } }, ["See the board"]),
      ]),
    ]));
    overlay.hidden = false;
    openModal(/** @type {HTMLElement} */ (overlay.firstElementChild), { scope: this.root });
    this.status(`Game over · ${headline}`);
  }

  /** @param {Node} node */
  setNetPanel(node) {
    this.els.net.replaceChildren(node);
  }
}
