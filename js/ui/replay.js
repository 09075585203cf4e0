// @ts-check
/**
 * The replay viewer: a checked record stepped forward and back, the board
 * drawn at every step from the chosen seat's view (or a spectator's), with
 * the move log beside it.  The engine rebuilds each position (open_record,
 * view_at); this file only asks and draws.
 */
import { boardFor } from "../games/index.js";
import { fillNames, h, seatName } from "../common/dom.js";
import { rulesButton } from "../common/rules.js";
import { MoveLog } from "../tables/move-log.js";
import { movesPanel } from "../tables/moves-panel.js";

export class ReplayViewer {
  /**
   * @param {import("../engine/bridge.js").Engine} engine
   * @param {HTMLElement} root
   * @param {{onLeave: () => void}} settings
   */
  constructor(engine, root, settings) {
    this.engine = engine;
    this.root = root;
    this.settings = settings;
    this.table = "";
    this.steps = 0;
    this.step = 0;
    /** @type {number|null} */
    this.seat = null;
    this.ticket = 0;
    this.names = /** @type {string[]} */ ([]);
    /** Whether only the public view may be shown (an unfinished game, whoever plays it). */
    this.publicOnly = false;
    this.onKey = (/** @type {KeyboardEvent} */ e) => this.key(e);
  }

  /** Check and open a record; throws EngineError with the engine's reason when it is refused. */
  async open(record) {
    const reply = await this.engine.call("open_record", { record });
    this.table = reply.table;
    this.steps = reply.steps;
    this.record = reply.record;
    this.names = reply.record.seats.map(seatName);
    // An unfinished game shows only what every seat may see, whoever plays it: its record may be opened on a
    // shared screen while the game goes on, and a bot's hidden hand is as secret from its opponents as a person's.
    const end = await this.engine.call("view_at", { table: this.table, step: this.steps, seat: null });
    this.publicOnly = !end.over;
    this.buildDom();
    const Board = boardFor(reply.record.game);
    this.board = new Board(this.els.board, { onAction: () => {}, names: this.names });
    document.addEventListener("keydown", this.onKey);
    await this.go(this.steps);
  }

  buildDom() {
    const button = (label, text, onclick, id) => h("button", { type: "button", "aria-label": label, title: label, id, onclick }, [text]);
    const els = {
      status: h("p", { class: "status", "aria-live": "polite" }, []),
      slider: /** @type {HTMLInputElement} */ (h("input", {
        type: "range", min: 0, max: this.steps, value: this.steps, id: "replay-step", "aria-label": "Step",
        oninput: (e) => this.go(Number(e.target.value)),
      })),
      counter: h("span", { class: "replay-counter", id: "replay-counter" }, []),
      board: h("div", { class: "board", id: "board" }),
      side: h("div", { class: "side-panel" }),
      log: h("ol", { class: "log", "aria-label": "Move log", tabindex: "0" }), // a tab stop: it scrolls, and keys scroll it (WCAG 2.1.1)
    };
    this.els = els;
    this.moveLog = new MoveLog(els.log, this.names);
    const seatChoice = h("select", {
      id: "replay-seat", "aria-label": "Whose view", disabled: this.publicOnly,
      onchange: (e) => { this.seat = e.target.value === "" ? null : Number(e.target.value); this.go(this.step); },
    }, [
      h("option", { value: "" }, [this.publicOnly ? "Public view" : "Spectator"]),
      ...(this.publicOnly ? [] : this.names.map((n, i) => h("option", { value: i }, [`${n}'s view`]))),
    ]);
    const publicNote = this.publicOnly ? h("p", { class: "hint replay-public", id: "replay-public" }, [
      "This game is not over: the replay shows only what every player may see, bots' hidden pieces included. "
      + "Each player's own view opens once the game has ended.",
    ]) : null;
    this.root.replaceChildren(
      h("div", { class: "table-bar" }, [
        h("h2", { class: "table-title" }, [`Replay · ${this.record.title}`]), els.status,
        rulesButton(this.record.game),
        h("button", { type: "button", class: "leave", onclick: () => this.leave() }, ["Back to the lobby"]),
      ]),
      h("div", { class: "replay-controls" }, [
        button("First position", "|◀", () => this.go(0), "replay-first"),
        button("Back one move", "◀", () => this.go(this.step - 1), "replay-back"),
        els.slider,
        button("Forward one move", "▶", () => this.go(this.step + 1), "replay-forward"),
        button("Last position", "▶|", () => this.go(this.steps), "replay-last"),
        els.counter, seatChoice,
      ]),
      ...(publicNote ? [publicNote] : []),
      h("div", { class: "table-main" }, [els.board, h("aside", {}, [els.side, movesPanel(els.log)])]),
    );
  }

  /** Show the position after `step` actions. @param {number} step */
  async go(step) {
    step = Math.max(0, Math.min(this.steps, step));
    const ticket = ++this.ticket;
    const snap = await this.engine.call("view_at", { table: this.table, step, seat: this.seat });
    if (ticket !== this.ticket) return; // a later step was asked for meanwhile (dragging the slider)
    this.step = step;
    const { view } = snap;
    this.board.update({ view, legal: [], viewer: this.seat, active: false });
    this.els.status.textContent = this.statusLine(snap);
    this.els.side.replaceChildren(this.board.sidePanel(view));
    this.els.slider.value = String(step);
    // the log numbers its lines by move and marks the setup's, so the two count alike
    this.els.counter.textContent = step ? `Move ${step} of ${this.steps}` : `Setup · move 0 of ${this.steps}`;
    this.moveLog.show(view.log || [], { latestMove: step });
    this.root.dataset.replayStep = String(step);
  }

  /**
   * Who moved, where the game stands and whose turn it was: "Ada moved · Round 2 of 6 · City phase · Bob to move".
   * A replay waits for nobody, so the board's own prompt (its "Waiting for…") is hidden here (css/parlour.css);
   * in a seat's view that seat is "you", as in its log.
   * @param {{view: any, last: {seat: number|null}|null, to_move: number[], over: boolean}} snap
   */
  statusLine(snap) {
    const who = (/** @type {number} */ s) => (s === this.seat ? "you" : this.names[s]);
    const parts = [];
    if (snap.last && snap.last.seat !== null) parts.push(snap.last.seat === this.seat ? "You moved" : `${who(snap.last.seat)} moved`);
    parts.push(fillNames(this.board.statusText(snap.view), this.names));
    const movers = snap.over ? [] : snap.to_move;
    if (movers.length === 1 && movers[0] === this.seat) parts.push("your move");
    else if (movers.length) parts.push(`${movers.map(who).join(" and ")} to move`);
    return parts.join(" · ");
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const moves = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps };
    if (e.key in moves) { e.preventDefault(); this.go(moves[e.key]); }
  }

  leave() {
    document.removeEventListener("keydown", this.onKey);
    if (this.table) this.engine.call("close", { table: this.table }).catch(() => {});
    delete this.root.dataset.replayStep;
    this.settings.onLeave();
  }
}
