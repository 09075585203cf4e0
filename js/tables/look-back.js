// @ts-check
/**
 * "Replay last moves" at a table on this device: the person to move steps back
 * through the moves made since their own last one and sees each position on
 * the board, from their own seat, without leaving the table.
 *
 * Each position comes from the engine (the facade's `view_back`: the table's
 * moves replayed, the seat's own view, no legal moves), with the view one move
 * earlier, so the board shows the move being made and marks it
 * (js/board/motion.js).  While looking back the board takes no clicks and a
 * banner says where in the moves it is; the way back is the banner's button,
 * ▶ past the last move, or Escape (heard anywhere on the page while looking back).
 *
 * At a network table the host has it (its engine holds the table: the same
 * `view_back`, for the host's own seat, js/tables/table-view.js).  A guest has
 * not: it holds no engine table of the game, only the views the host sent it
 * (its engine checks the whole game at the end, once every secret is
 * revealed), so `view_back` cannot answer for it, and the views it was sent
 * skip the moves of a secret round and start again after a rejoin; its table
 * bar shows no Replay control.
 */
import { fillNames, h } from "../common/dom.js";

/**
 * Draw a position without showing it as news: no animation, no marks (the
 * position before a move that is then drawn being made).
 * @param {any} board a renderer (js/games/index.js) @param {any} view @param {number|null} seat
 */
export function drawQuietly(board, view, seat) {
  board.update({ view, legal: [], forms: [], viewer: seat, active: false, motion: { animate: false, mark: false } });
}

/**
 * A past position on a table's board: the view one move earlier drawn quietly,
 * then this one, so its move is seen being made and is marked, on the board and
 * in the log.  No clicks; the status and side panel are of that moment.
 * @param {{board: any, status: HTMLElement, side: HTMLElement, moveLog: import("./move-log.js").MoveLog, names: string[]}} screen
 * @param {{view: any, previous: any}} reply the facade's view_back @param {number|null} seat
 */
export function drawPast(screen, reply, seat) {
  const { board, status, side, moveLog, names } = screen;
  if (reply.previous) drawQuietly(board, reply.previous, seat);
  board.update({ legal: [], forms: [], viewer: seat, active: false, view: reply.view, motion: { mark: true } });
  status.textContent = `Looking back · ${fillNames(board.statusText(reply.view), names)}`;
  side.replaceChildren(board.sidePanel(reply.view));
  moveLog.markLines([reply.previous?.log?.length ?? 0, reply.view.log?.length ?? 0]); // the lines of the move shown
}

/** The most moves one can step back: a round of the busiest game, and still in the facade's kept states. */
export const MOST_STEPS = 24;

/**
 * The moves since `seat` last moved, as many as may be stepped back through.
 * @param {{seat: number}[]} actions the table's moves so far @param {number} seat
 * @returns {{count: number, sinceOwn: boolean}} sinceOwn: the window starts at the seat's own last move
 */
export function movesSince(actions, seat) {
  let own = actions.length - 1;
  while (own >= 0 && actions[own].seat !== seat) own--;
  const since = actions.length - 1 - own;
  return { count: Math.min(since, MOST_STEPS), sinceOwn: own >= 0 && since <= MOST_STEPS };
}

export class LookBack {
  /**
   * @param {{
   *   names: string[],
   *   fetch: (steps: number) => Promise<any>,
   *   showPast: (reply: any) => boolean,
   *   showLive: (reply: any) => Promise<void>,
   * }} opts  fetch: the facade's view_back for the person on screen, with `previous`;
   *   showPast draws a past position (false: the table moved on, nothing drawn); showLive draws the live board again
   */
  constructor(opts) {
    this.opts = opts;
    /** Moves in the window, and whether it starts at the person's own last move. */
    this.count = 0;
    this.sinceOwn = false;
    /** @type {number|null} the move shown (0: before the first of the window), null: the live board */
    this.at = null;
    /** Bumped by every step asked for, so a late answer to an older one is dropped. */
    this.ticket = 0;
    const button = (id, text, label, onclick) => h("button", { type: "button", id, "aria-label": label, title: label, onclick }, [text]);
    this.els = {
      back: button("look-back-prev", "◀", "Step back one move", () => this.step(-1)),
      forward: button("look-back-next", "▶", "Step forward one move", () => this.step(1)),
      text: h("span", { class: "look-back-text" }),
      banner: h("div", { class: "look-back-banner", id: "look-back-banner", role: "status", hidden: true }),
    };
    this.els.control = h("div", { class: "look-back", role: "group", "aria-label": "Replay last moves", hidden: true }, [
      this.els.back, this.els.forward, h("span", { class: "look-back-label" }, ["Replay last moves"]),
    ]);
    /**
     * Escape returns to the live board wherever the focus is on the page (on a
     * board that takes no clicks it is often on the page's body).  Listened for
     * only while a past position is shown; a dialog open over the table keeps
     * its keys to itself (js/common/modal.js).  A table torn down meanwhile
     * drops the listener at the next key.
     * @param {KeyboardEvent} event
     */
    this.onKey = (event) => {
      if (!this.els.banner.isConnected) document.removeEventListener("keydown", this.onKey);
      else if (event.key === "Escape" && this.looking) void this.backToGame();
    };
    this.els.banner.append(this.els.text, " — ", h("button", {
      type: "button", class: "look-back-live", id: "look-back-live", onclick: () => this.backToGame(),
    }, ["back to the game"]));
  }

  /** Whether a past position is on the board. */
  get looking() {
    return this.at !== null;
  }

  /**
   * The person is to move on the live board: offer the moves since their last one.
   * @param {{seat: number}[]} actions @param {number} seat
   */
  offer(actions, seat) {
    ({ count: this.count, sinceOwn: this.sinceOwn } = movesSince(actions, seat));
    this.live();
    this.els.control.hidden = false;
    this.buttons();
  }

  /** The live board is back (or the table moved on): no banner, the control as offered. */
  live() {
    this.ticket++;
    this.at = null;
    document.removeEventListener("keydown", this.onKey);
    this.els.banner.hidden = true;
    this.buttons();
  }

  /** Nothing to offer (not the person's turn). */
  hide() {
    this.live();
    this.els.control.hidden = true;
  }

  /**
   * Enable ◀ and ▶ for where the window is.  A button that is disabled while
   * it has the focus hands it to the other one, so a keyboard user stepping
   * through the moves is not dropped on the page's body.
   */
  buttons() {
    const at = this.at ?? this.count;
    const back = /** @type {HTMLButtonElement} */ (this.els.back);
    const forward = /** @type {HTMLButtonElement} */ (this.els.forward);
    const focused = document.activeElement;
    back.disabled = this.count === 0 || at === 0;
    forward.disabled = this.at === null;
    if (focused === back && back.disabled && !forward.disabled) forward.focus();
    else if (focused === forward && forward.disabled && !back.disabled) back.focus();
  }

  /** ◀ or ▶: one move back or forward; forward past the last move is the live board. @param {number} delta */
  step(delta) {
    const at = Math.max(0, Math.min(this.count, (this.at ?? this.count) + delta));
    if (at === (this.at ?? this.count)) return;
    return at === this.count ? this.backToGame() : this.show(at);
  }

  /** Show the position after move `at` of the window (0: before its first move). @param {number} at */
  async show(at) {
    const ticket = ++this.ticket;
    const reply = await this.opts.fetch(this.count - at);
    if (ticket !== this.ticket || !this.opts.showPast(reply)) return;
    this.at = at;
    document.addEventListener("keydown", this.onKey);
    this.els.text.textContent = this.words(at, reply.mover);
    this.els.banner.hidden = false;
    this.buttons();
  }

  /** The live board again, its last move shown being made. */
  async backToGame() {
    if (this.at === null) return;
    const ticket = ++this.ticket;
    const reply = await this.opts.fetch(0);
    if (ticket !== this.ticket) return;
    this.live();
    await this.opts.showLive(reply);
  }

  /** "Move 2 of 3 since your last turn, by Ada". @param {number} at @param {number|null} mover */
  words(at, mover) {
    const who = mover === null || mover === undefined ? "" : `, by ${this.opts.names[mover]}`;
    if (at === 0) {
      if (this.sinceOwn) return `Your last move, before the ${this.count} since`;
      return this.count === MOST_STEPS ? `Before the last ${this.count} moves` : "The start of the game";
    }
    return this.sinceOwn ? `Move ${at} of ${this.count} since your last turn${who}` : `Move ${at} of the last ${this.count}${who}`;
  }
}
