// @ts-check
/**
 * The screen of a network table, host or guest: the same layout and
 * conventions as the local table (js/tables/local-table.js): `data-phase` on the root
 * (busy, move, over), a status line, the game's board, its side panel, the
 * move log and a result dialog with id "result"; plus a panel for the
 * connections.  Names always go in as text.  The host's screen also has
 * "Replay last moves" (phase review while a past position shows); a guest's
 * has not (js/tables/look-back.js says why).
 */
import { boardFor } from "../games/index.js";
import { fillNames, h } from "../common/dom.js";
import { rulesButton } from "../common/rules.js";
import { MoveLog } from "./move-log.js";
import { movesPanel } from "./moves-panel.js";
import { followChoices } from "./into-view.js";
import { endingParagraph, moverSuffix, resultHeadline } from "./result-text.js";
import { interludeOf, showInterlude } from "./interlude.js";
import { drawPast, drawQuietly, LookBack } from "./look-back.js";
import { ResultDialog } from "./result-dialog.js";

export class NetTableView {
  /**
   * @param {HTMLElement} root
   * @param {{gameId: string, title: string, names: string[], onAction: (a: any) => void, onLeave: () => void,
   *   lookBack?: {fetch: (steps: number) => Promise<any>, showLive: () => Promise<void>}, saveProblem?: HTMLElement,
   *   onExport: () => void, recordLater?: boolean}} opts
   *   lookBack: "Replay last moves" for a table whose engine can answer `view_back` (the host's; js/tables/look-back.js);
   *   saveProblem: the notice of a table whose saves may fail (the host's; js/tables/save-status.js), under the bar;
   *   onExport: the result dialog's "Export record" (this device's record of the game, js/store/records.js);
   *   recordLater: that record comes after the result (a guest's, with the host's end-of-game record): the
   *   button waits for `recordReady()`
   */
  constructor(root, opts) {
    this.root = root;
    this.names = opts.names;
    this.onExport = opts.onExport;
    this.onLeave = opts.onLeave;
    /** @type {"ready"|"later"|"never"} whether this device's record of the game can be exported now, later or never */
    this.record = opts.recordLater ? "later" : "ready";
    /** @type {HTMLButtonElement|null} the result dialog's "Export record" */
    this.exportButton = null;
    this.els = {
      title: h("h2", { class: "table-title" }, [opts.title]),
      status: h("p", { class: "status", "aria-live": "polite" }, ["Setting the table…"]),
      board: h("div", { class: "board", id: "board" }),
      side: h("div", { class: "side-panel" }),
      net: h("div", { class: "p2p-panel", "aria-label": "Players on other devices" }),
      notice: h("div", { class: "p2p-board-notice", role: "status", hidden: true }),
      log: h("ol", { class: "log", "aria-label": "Move log", tabindex: "0" }), // a tab stop: it scrolls, and keys scroll it (WCAG 2.1.1)
      overlay: h("div", { class: "overlay", hidden: true }),
    };
    /** The version of the live board drawn last, and the seat it was drawn for (a past one must match). */
    this.drawn = { version: -1, viewer: /** @type {number|null} */ (null) };
    const back = opts.lookBack;
    this.lookBack = back ? new LookBack({
      names: this.names, fetch: back.fetch, showPast: (reply) => this.showPast(reply),
      showLive: (reply) => this.showLive(reply, back.showLive),
    }) : null;
    this.result = new ResultDialog(this.els.overlay, root);
    root.replaceChildren(...[
      h("div", { class: "table-bar" }, [
        this.els.title, this.els.status,
        this.lookBack?.els.control ?? null,
        rulesButton(opts.gameId),
        this.result.reopen,
        h("button", { type: "button", class: "leave", onclick: () => opts.onLeave() }, ["Leave game"]),
      ]),
      this.lookBack?.els.banner ?? null,
      opts.saveProblem ?? null,
      h("div", { class: "table-main" }, [
        h("div", { class: "p2p-main" }, [this.els.notice, this.els.board]),
        h("aside", {}, [this.els.net, this.els.side, movesPanel(this.els.log)]),
      ]),
      this.els.overlay,
    ].filter((el) => el !== null)); // replaceChildren would write a null as the text "null" (a guest has no look-back)
    this.moveLog = new MoveLog(this.els.log, this.names);
    const Board = boardFor(opts.gameId);
    this.board = new Board(this.els.board, { onAction: opts.onAction, names: this.names });
    followChoices(this.els.board);
    /** @type {Set<string>} the interludes (a scored round…) already shown here, each once */
    this.interludes = new Set();
    this.setPhase("busy");
  }

  /** "review": a past position is on the board (js/tables/look-back.js), which takes no clicks. @param {"busy"|"move"|"review"|"over"} phase */
  setPhase(phase) {
    this.root.dataset.phase = phase;
    if (phase !== "move" && phase !== "review") this.lookBack?.hide();
  }

  /**
   * The person at this device is to move: offer to step back through the moves since their own last.
   * @param {{seat: number}[]} actions every applied move @param {number} seat
   */
  offerLookBack(actions, seat) {
    this.lookBack?.offer(actions, seat);
  }

  /**
   * A past position (js/tables/look-back.js `drawPast`), only over the live board it was asked from.
   * @param {{view: any, previous: any, version: number}} reply @returns {boolean} false: the table moved on
   */
  showPast(reply) {
    const phase = this.root.dataset.phase;
    if (reply.version !== this.drawn.version || (phase !== "move" && phase !== "review")) return false;
    drawPast({ board: this.board, status: this.els.status, side: this.els.side, moveLog: this.moveLog, names: this.names }, reply, this.drawn.viewer);
    this.setPhase("review");
    return true;
  }

  /**
   * Back to the live board: the position before its last move drawn quietly, then the table draws the live one.
   * @param {{previous: any, version: number}} reply @param {() => Promise<void>} redraw
   */
  async showLive(reply, redraw) {
    if (reply.previous && reply.version === this.drawn.version) drawQuietly(this.board, reply.previous, this.drawn.viewer);
    await redraw();
  }

  /**
   * Draw one seat's view.
   * @param {{view: any, legal: any[], forms?: any[], viewer: number|null, active: boolean, suffix?: string, version?: number}} s
   *   version: the table's version (the host's; a past position is drawn only over the same one)
   */
  draw(s) {
    this.lookBack?.live(); // a past position never outlives a new drawing
    this.drawn = { version: s.version ?? -1, viewer: s.viewer };
    this.board.update({
      view: s.view, legal: s.active ? s.legal : [], forms: s.active ? s.forms ?? [] : [], viewer: s.viewer, active: s.active,
    });
    this.els.status.textContent = fillNames(this.board.statusText(s.view), this.names) + (s.suffix ?? "");
    this.els.side.replaceChildren(this.board.sidePanel(s.view));
    this.moveLog.show(s.view.log || [], { lastMove: this.board.lastMoveBy, extend: !this.board.lastMoveDrawn });
    this.offerInterlude(s.view);
  }

  /**
   * A moment the board asks everyone to see (a round just scored), shown once at every device.  Unlike
   * the table on this device, a network table does not wait for it: nobody waits on someone reading, so
   * the others play on (their moves are drawn behind it) and the person whose turn comes closes it with
   * Continue or Escape to move.  The result, when the game ends, takes its place.
   * @param {any} view
   */
  offerInterlude(view) {
    const pause = interludeOf(this.board, view);
    if (!pause || this.interludes.has(pause.key) || !this.els.overlay.hidden) return;
    this.interludes.add(pause.key);
    void showInterlude(this.els.overlay, pause, this.root);
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
    return moverSuffix(toMove, me, this.names);
  }

  /**
   * The result dialog, with the local table's way out: "See the board", "Export record" and "Back to the lobby".
   * `extra` goes under the board's own result detail (the fairness check).  With no result (a table the host's
   * breach ended before the game did) it says the table has ended, and shows only `extra`.
   * @param {any} result @param {Node|null} extra @param {string} [ending] the engine's sentences on why it ended
   */
  showResult(result, extra = null, ending = "") {
    const headline = result ? resultHeadline(result.winners, this.names) : "This table has ended";
    this.exportButton = this.record === "never" ? null : /** @type {HTMLButtonElement} */ (h("button", {
      type: "button", class: "export-record", onclick: () => this.onExport(),
    }, ["Export record"]));
    this.recordReady(this.record);
    this.result.show(h("div", { class: "dialog result", role: "dialog", id: "result" }, [
      h("h2", {}, [headline]),
      endingParagraph(ending, this.names),
      result ? this.board.resultDetail(result) : null,
      extra,
      h("div", { class: "dialog-buttons" }, [
        this.result.seeBoardButton(),
        this.exportButton,
        h("button", { type: "button", class: "primary result-lobby", onclick: () => this.onLeave() }, ["Back to the lobby"]),
      ]),
    ]));
    this.status(`Game over · ${headline}`);
  }

  /**
   * Where this device's record of the game stands: "ready" (a guest's comes with the host's end-of-game
   * record), and "Export record" works from now on; "later", shown disabled, saying what it waits for;
   * "never" (the host broke the protocol before sending it): no button.
   * @param {"ready"|"later"|"never"} [record]
   */
  recordReady(record = "ready") {
    this.record = record;
    const button = this.exportButton;
    if (!button) return;
    if (record === "never") {
      button.remove();
      this.exportButton = null;
      return;
    }
    button.disabled = record !== "ready";
    button.title = record === "ready" ? "Save this game as a record file" : "The record comes with the host's end-of-game record, in a moment";
  }

  /** @param {Node} node */
  setNetPanel(node) {
    this.els.net.replaceChildren(node);
  }
}
