// @ts-check
/**
 * The screen of a table on this device (js/tables/local-table.js): its bar
 * (title, status, Replay last moves, Undo, Hint, Rules, Export record, Leave
 * game), the save notice, the board with its side panel and move log, and
 * the dialogs over it (the privacy screen, the result).  `data-phase` on the
 * root says what the table waits for, for people (via CSS) and tests alike.
 * It draws; the table decides (it knows when a move may be undone or the
 * device must change hands).
 */
import { boardFor } from "../games/index.js";
import { h } from "../common/dom.js";
import { rulesButton } from "../common/rules.js";
import { openModal } from "../common/modal.js";
import { MoveLog } from "./move-log.js";
import { movesPanel } from "./moves-panel.js";
import { followChoices } from "./into-view.js";
import { LookBack } from "./look-back.js";
import { endingParagraph, resultHeadline } from "./result-text.js";
import { ResultDialog } from "./result-dialog.js";

/**
 * "review": a past position is on the board (js/tables/look-back.js), which takes no clicks.
 * "elsewhere": another tab owns this game (js/tables/table-elsewhere.js); at most a read-only board.
 * "interlude": a moment everyone sees before play goes on (js/tables/interlude.js); nobody moves meanwhile.
 * "lesson-over": a lesson's last step is played (js/tables/lesson-table.js); its hand-over shows.
 * @typedef {"busy"|"move"|"review"|"privacy"|"over"|"stalled"|"elsewhere"|"interlude"|"lesson-over"} LocalPhase
 */

export class LocalTableScreen {
  /**
   * @param {HTMLElement} root
   * @param {{game: {id: string, title: string}, names: string[], people: number,
   *   saveStatus: import("./save-status.js").SaveStatus,
   *   lookBack: ConstructorParameters<typeof LookBack>[0],
   *   onAction: (action: any) => void, onHint: () => void, onUndo: () => void, onExport: () => void, onLeave: () => void}} opts
   *   people: how many people play here (with two or more, an unfinished game's record is kept from them)
   */
  constructor(root, opts) {
    this.root = root;
    this.names = opts.names;
    this.people = opts.people;
    this.saveStatus = opts.saveStatus;
    this.onExport = opts.onExport;
    this.onLeave = opts.onLeave;
    const els = {
      title: h("h2", { class: "table-title" }, [opts.game.title]),
      status: h("p", { class: "status", "aria-live": "polite" }, ["Setting the table…"]),
      board: h("div", { class: "board", id: "board" }),
      side: h("div", { class: "side-panel" }),
      log: h("ol", { class: "log", "aria-label": "Move log", tabindex: "0" }), // a tab stop: it scrolls, and keys scroll it (WCAG 2.1.1)
      overlay: h("div", { class: "overlay", hidden: true }),
      hint: h("button", {
        type: "button", class: "hint-button", id: "hint", hidden: true,
        title: "Show what the Hard bot would play in your place (nothing is played for you)",
        onclick: () => opts.onHint(),
      }, ["Hint"]),
      undo: h("button", {
        type: "button", class: "undo-button", id: "undo", hidden: true,
        title: "Take back your last move (while nobody has moved since and it showed nothing hidden)",
        onclick: () => opts.onUndo(),
      }, ["Undo"]),
      exporter: h("button", { type: "button", class: "export", title: "Save this game as a record file",
        onclick: () => opts.onExport() }, ["Export", h("span", { class: "wide-only" }, [" record"])]), // one line of buttons on a phone
    };
    this.els = els;
    this.moveLog = new MoveLog(els.log, this.names);
    this.lookBack = new LookBack(opts.lookBack);
    this.result = new ResultDialog(els.overlay, root);
    root.replaceChildren(
      h("div", { class: "table-bar" }, [
        els.title, els.status,
        this.lookBack.els.control,
        els.undo,
        els.hint,
        rulesButton(opts.game.id),
        els.exporter,
        this.result.reopen,
        h("button", { type: "button", class: "leave", title: "Your game is saved: resume it from the lobby",
          onclick: () => opts.onLeave() }, ["Leave game"]),
      ]),
      this.lookBack.els.banner,
      this.saveStatus.el,
      h("div", { class: "table-main" }, [
        els.board,
        h("aside", {}, [els.side, movesPanel(els.log)]),
      ]),
      els.overlay,
    );
    const Board = boardFor(opts.game.id);
    this.board = new Board(els.board, { onAction: opts.onAction, names: this.names });
    followChoices(els.board);
  }

  /**
   * Say on the table's root what it is waiting for, so people (via CSS) and
   * tests can tell a settled board from one about to be redrawn.
   * @param {LocalPhase} phase
   */
  setPhase(phase) {
    this.root.dataset.phase = phase;
    this.els.hint.hidden = phase !== "move";
    if (phase !== "move") this.els.undo.hidden = true;
    // an unfinished game's record holds every hidden value: with several people here, only at the end
    this.els.exporter.hidden = phase === "elsewhere" || (this.people > 1 && phase !== "over");
    this.saveStatus.refresh();
    if (phase !== "move" && phase !== "review") this.lookBack.hide();
  }

  /** Take everything that may hold a person's secrets off the screen: the board, the side panel, the log. */
  clear() {
    this.board.clear();
    this.els.side.replaceChildren();
    this.moveLog.clear();
  }

  /** The table could not go on (an engine call failed between moves): say so and offer to try again. @param {() => void} retry */
  stalled(retry) {
    this.setPhase("stalled");
    this.els.status.replaceChildren("The table stopped on an error. ", h("button", {
      type: "button", class: "retry", onclick: () => retry(),
    }, ["Try again"]));
  }

  /**
   * Hide the board and ask for the device to be handed to the person called `name`.  While the person who
   * just moved may still take that move back (`takeBack` settles true), the screen offers it too.
   * @param {string} name @param {{name: string, allowed: Promise<boolean>}|null} takeBack
   * @returns {Promise<"show"|"undo">}
   */
  passDevice(name, takeBack) {
    this.clear();
    this.els.status.textContent = `Passing the device to ${name}…`;
    this.setPhase("privacy");
    return new Promise((resolve) => {
      const overlay = this.els.overlay;
      const choose = (/** @type {"show"|"undo"} */ choice) => {
        overlay.hidden = true;
        overlay.replaceChildren();
        this.setPhase("busy");
        resolve(choice);
      };
      overlay.replaceChildren(h("div", { class: "dialog privacy", role: "dialog", "aria-modal": "true" }, [
        h("h2", {}, [`Pass the device to ${name}`]),
        h("p", {}, ["The board is hidden so nobody sees another player's secrets."]),
        h("div", { class: "dialog-buttons" }, [
          h("button", { class: "primary", type: "button", id: "reveal", onclick: () => choose("show") }, [`I am ${name}: show my board`]),
          // the bar's Leave game is out of reach behind this screen; the game is saved as it stands
          h("button", { type: "button", class: "privacy-leave", id: "privacy-leave", title: "Your game is saved: resume it from the lobby",
            onclick: () => this.onLeave() }, ["Leave game"]),
        ]),
      ]));
      overlay.hidden = false;
      takeBack?.allowed.then((allowed) => {
        const buttons = overlay.querySelector(".privacy .dialog-buttons");
        if (!allowed || !buttons || overlay.hidden) return;
        buttons.append(h("button", {
          type: "button", id: "privacy-undo", class: "undo-button", onclick: () => choose("undo"),
        }, [`${takeBack.name}: take back my last move`]));
      });
      openModal(/** @type {HTMLElement} */ (overlay.firstElementChild), { scope: this.root }); // Tab stays in it; closed by hiding the overlay
    });
  }

  /** @param {any} result @param {string} [ending] the engine's sentences on why the game ended */
  showResult(result, ending = "") {
    const headline = resultHeadline(result.winners, this.names);
    this.result.show(h("div", { class: "dialog result", role: "dialog", id: "result" }, [
      h("h2", {}, [headline]),
      endingParagraph(ending, this.names),
      this.board.resultDetail(result),
      h("div", { class: "dialog-buttons" }, [
        this.result.seeBoardButton(),
        h("button", { type: "button", onclick: () => this.onExport() }, ["Export record"]),
        h("button", { class: "primary", type: "button", onclick: () => this.onLeave() }, ["Back to the lobby"]),
      ]),
    ]));
    this.els.status.textContent = `Game over · ${headline}`;
  }
}
