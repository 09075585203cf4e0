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
    this.onKey = (/** @type {KeyboardEvent} */ e) => this.key(e);
  }

  /** Check and open a record; throws EngineError with the engine's reason when it is refused. */
  async open(record) {
    const reply = await this.engine.call("open_record", { record });
    this.table = reply.table;
    this.steps = reply.steps;
    this.record = reply.record;
    this.names = reply.record.seats.map(seatName);
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
      log: h("ol", { class: "log", "aria-label": "Move log" }),
    };
    this.els = els;
    this.moveLog = new MoveLog(els.log, this.names);
    const seatChoice = h("select", {
      id: "replay-seat", "aria-label": "Whose view",
      onchange: (e) => { this.seat = e.target.value === "" ? null : Number(e.target.value); this.go(this.step); },
    }, [
      h("option", { value: "" }, ["Spectator"]),
      ...this.names.map((n, i) => h("option", { value: i }, [`${n}'s view`])),
    ]);
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
      h("div", { class: "table-main" }, [els.board, h("aside", {}, [els.side, h("h3", {}, ["Moves"]), els.log])]),
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
    const mover = snap.last ? (snap.last.seat === null ? "" : `${this.names[snap.last.seat]} moved · `) : "";
    this.els.status.textContent = `${mover}${fillNames(this.board.statusText(view), this.names)}`;
    this.els.side.replaceChildren(this.board.sidePanel(view));
    this.els.slider.value = String(step);
    this.els.counter.textContent = `Move ${step} of ${this.steps}`;
    this.moveLog.show(view.log || [], { markLatest: true });
    this.root.dataset.replayStep = String(step);
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
