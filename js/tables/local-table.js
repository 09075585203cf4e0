// @ts-check
/**
 * A game at one device: people and bots around one engine table.
 *
 * The table asks the engine whose turn it is, lets bots move after a short
 * visible pause, and shows people only their own seat's view.  With two or
 * more people on the device, a privacy screen comes up before a different
 * person's turn (js/tables/local-undo-privacy.js, with Undo).  It knows no
 * rules: every move is checked by the engine.  Claiming, saving and leaving
 * are every table's (js/tables/table-lifecycle.js); what it draws is
 * js/tables/local-table-screen.js.
 */
import { botPause, fillNames, h, seatName, sleep, toast } from "../common/dom.js";
import { drawPast, drawQuietly } from "./look-back.js";
import { interludeOf, showInterlude } from "./interlude.js";
import { DEFAULT_BOT_LEVEL } from "../net/ledger.js";
import { loadGame, newGameId } from "../store/games-db.js";
import { downloadRecord } from "../store/records.js";
import { LocalTableScreen } from "./local-table-screen.js";
import { offerUndo, privacyScreen, rescreen, restoreUndone, takeBack, undoLastMove } from "./local-undo-privacy.js";
import { TableLifecycle } from "./table-lifecycle.js";

export class LocalTable extends TableLifecycle {
  /**
   * @param {import("../engine/bridge.js").Engine} engine
   * @param {HTMLElement} root
   * @param {{game: any, seats: {kind: string, name: string, level?: string}[], options: Record<string, any>, seed?: number|string,
   *   saved?: import("../store/games-db.js").SavedGame}} setup  with `saved`, the table resumes that game
   * @param {{botDelay?: number, onLeave: () => void, onOpen?: (id: string) => void}} settings
   *   onOpen: the game is saved under this id (the app names it in the address, so a reload comes back)
   */
  constructor(engine, root, setup, settings) {
    const humans = setup.seats.flatMap((s, i) => (s.kind === "human" ? [i] : []));
    super(engine, root, { names: setup.seats.map(seatName), people: humans.length, onLeave: settings.onLeave });
    this.setup = setup;
    this.settings = settings;
    this.humans = humans;
    /** @type {number|null} the seat whose view is on screen (null: spectator) */
    this.shown = this.humans.length ? this.humans[0] : null;
    /**
     * With two or more people on this device, whether someone has been through the privacy screen yet:
     * until then (a new or resumed game) nobody's hidden pieces are drawn, whoever holds the device.
     */
    this.screened = false;
    this.busy = false;
    /** @type {any} the last board drawn for a person to move (the way back from looking back) */
    this.liveSnap = null;
    /** Whether the next drawing shows a move taken back (nothing to mark as the last move). */
    this.quiet = false;
    /** @type {{seat: number, action: any}|null} the move just taken back, refilled when its person's board is up (restoreUndone) */
    this.undone = null;
    /** Whether the table was resumed and has not drawn yet: its first drawing marks the last move (`drawBeforeLastMove`). */
    this.resumed = false;
    /** @type {number|undefined} when the person's click that made a move came (for the benchmark's timings) */
    this.clickedAt = undefined;
    const exportRecord = () => { if (this.saved) downloadRecord(this.saved); };
    this.screen = new LocalTableScreen(root, {
      game: setup.game, names: this.names, people: humans.length, saveStatus: this.saveStatus,
      lookBack: {
        names: this.names,
        fetch: (steps) => this.engine.call("view_back", { table: this.table, seat: this.shown, steps, previous: true }),
        showPast: (reply) => this.showPast(reply),
        showLive: (reply) => this.showLive(reply),
      },
      onAction: (action) => this.onAction(action),
      onHint: () => this.hint(),
      onUndo: () => undoLastMove(this),
      onExport: exportRecord,
      onLeave: () => this.leave(),
    });
    // the table's parts, as the play below uses them
    this.els = this.screen.els;
    this.board = this.screen.board;
    this.moveLog = this.screen.moveLog;
    this.lookBack = this.screen.lookBack;
    this.setPhase("busy");
    /** @type {Set<string>} the interludes (a scored round…) already shown at this table, each shown once */
    this.interludes = new Set();
    // back from another page through the browser's back-forward cache: the device may have changed hands
    this.onPageShow = (/** @type {PageTransitionEvent} */ event) => { if (event.persisted) rescreen(this); };
    addEventListener("pageshow", this.onPageShow);
  }

  /**
   * The level of the bot in `seat`: the lobby's choice; Medium for games saved
   * before levels (their bots played at random, but a resumed game plays on well).
   * @param {number} seat @returns {string}
   */
  botLevel(seat) {
    return this.setup.seats[seat].level ?? DEFAULT_BOT_LEVEL;
  }

  /**
   * The move a bot in `seat` plays now: its level's choice, from the engine.  (A lesson's tutor plays its
   * script instead, js/tables/lesson-table.js.)
   * @param {number} seat @returns {Promise<{action: any, version: number}>}
   */
  botChoice(seat) {
    return this.engine.call("bot", { table: this.table, seat, bot: this.botLevel(seat) });
  }

  /**
   * Whether play stops before this position's move (false at a game's table: it goes on to the end).
   * @param {any} probe the table's status
   * @returns {Promise<boolean>}
   */
  async stopsBefore(probe) {
    return false;
  }

  /**
   * What a person to move is offered beside the board: the move just taken back, Undo, looking back.
   * @param {number} person
   */
  offerAtTurn(person) {
    restoreUndone(this, person);
    offerUndo(this, person);
    if (this.saved) this.lookBack.offer(this.saved.actions, person);
  }

  /** @param {import("./local-table-screen.js").LocalPhase} phase */
  setPhase(phase) {
    this.screen.setPhase(phase);
  }

  /**
   * A hint for the person to move: the Hard bot's choice, pointed at on the
   * board (or filled into the form).  Nothing is played; the table does not
   * wait for it, and a hint that arrives after a move was made is dropped.
   */
  async hint() {
    const seat = this.shown;
    if (this.busy || this.closed || seat === null) return;
    const version = this.version;
    const button = /** @type {HTMLButtonElement} */ (this.els.hint);
    button.disabled = true;
    button.textContent = "Thinking…";
    try {
      const choice = await this.engine.call("bot", { table: this.table, seat, bot: "hard" });
      if (this.closed || this.version !== version || this.shown !== seat || this.root.dataset.phase !== "move") return;
      const board = /** @type {any} */ (this.board);
      const shown = typeof board.hint === "function" ? board.hint(choice.action)
        : Boolean(board.chooser?.hint(choice.action, this.els.board));
      toast(shown ? "Hint: the Hard bot would play the move marked in blue." : "Hint: the Hard bot has no suggestion it can point at here.", "info", "hint");
    } catch (err) {
      this.report(err);
    } finally {
      button.disabled = false;
      button.textContent = "Hint";
    }
  }

  async start() {
    const id = this.setup.saved?.id ?? newGameId();
    if (!(await this.own(id))) return;
    const resume = this.setup.saved;
    const seed = resume ? resume.seed : this.setup.seed ?? Math.floor(Math.random() * 2 ** 31);
    const reply = await this.engine.call("new", {
      game: this.setup.game.id, players: this.setup.seats.length, seed,
      options: resume ? resume.options : this.setup.options, actions: resume ? resume.actions : [],
    });
    this.table = reply.table;
    this.version = reply.version;
    const now = Date.now();
    this.saved = resume ? { ...resume, actions: [...resume.actions] } : {
      id, game: this.setup.game.id, title: this.setup.game.title, options: reply.options, seed,
      seats: this.setup.seats.map((s) => ({ kind: s.kind, name: s.name, ...(s.level ? { level: s.level } : {}) })),
      actions: [], result: null,
      created: now, updated: now,
    };
    this.queueSave();
    await this.saving;
    this.settings.onOpen?.(this.saved.id);
    this.resumed = Boolean(resume?.actions.length); // its first drawing marks the last move, as during play
    await this.advance();
  }

  /**
   * Send a move to the engine and, once applied, save the game.
   * @param {number} seat @param {any} action @param {number} version
   */
  async act(seat, action, version) {
    // The reply also carries the board on screen (`view`), so drawing it needs no second round trip.
    const status = await this.engine.call("act", { table: this.table, seat, action, version, view: this.shown });
    if (this.saved) {
      this.saved.actions.push({ seat, action });
      this.saved.updated = Date.now();
      this.queueSave();
    }
    return status;
  }

  /**
   * Own game `id` in this tab before playing it (js/tables/table-lifecycle.js), then read it afresh: another
   * tab may have played on since the lobby listed it.  False when the person went back to the lobby instead.
   * @param {string} id
   */
  async own(id) {
    const owned = await this.claimTable(id, {
      refused: () => { this.setPhase("elsewhere"); this.els.status.textContent = "Open in another tab"; },
      readOnly: () => this.showReadOnly(id),
    });
    if (!owned) return false;
    if (!this.setup.saved) return true;
    let latest;
    try {
      latest = await loadGame(id);
    } catch {
      latest = this.setup.saved; // unreadable now: the lobby's copy, which this tab read moments ago
    }
    if (!latest) {
      toast("This game was deleted in another tab.", "info");
      this.leave();
      return false;
    }
    this.setup.saved = latest;
    if (this.table) this.engine.call("close", { table: this.table }).catch(() => {}); // the read-only copy
    this.setPhase("busy");
    return true;
  }

  /**
   * While another tab plays this game: the position as it last saved it, with no moves to make and nothing
   * saved.  With several people on this device, a spectator's view, so nobody's hidden pieces show.
   * @param {string} id
   */
  async showReadOnly(id) {
    const saved = (await loadGame(id)) ?? this.setup.saved;
    if (!saved || this.closed || this.claim) return;
    const reply = await this.engine.call("new", {
      game: this.setup.game.id, players: this.setup.seats.length, seed: saved.seed, options: saved.options, actions: saved.actions,
    });
    const ended = () => this.closed || this.claim !== null; // left, or this tab took the game over meanwhile
    if (ended()) {
      this.engine.call("close", { table: reply.table }).catch(() => {});
      return;
    }
    if (this.table) this.engine.call("close", { table: this.table }).catch(() => {});
    this.table = reply.table;
    await this.show(this.humans.length === 1 ? this.humans[0] : null, false);
    if (ended()) return;
    const count = saved.actions.length;
    this.els.status.textContent = `Read-only · as the other tab saved it, after ${count} move${count === 1 ? "" : "s"}`;
    this.setPhase("elsewhere");
  }

  leave() {
    removeEventListener("pageshow", this.onPageShow);
    super.leave();
  }

  /** Play bots until a person must act (or the game ends), then show that person's board. @param {any} [status] */
  async advance(status = null) {
    if (this.busy || this.closed) return;
    this.busy = true;
    this.setPhase("busy");
    try {
      for (;;) {
        const probe = status ?? await this.engine.call("status", { table: this.table });
        status = null;
        this.version = probe.version;
        if (probe.over) {
          await this.show(this.shown, false, undefined, probe.snapshot);
          if (this.saved && !this.saved.result) {
            this.saved.result = probe.result;
            this.queueSave();
          }
          await this.saving;
          this.screen.showResult(probe.result, probe.ending);
          this.setPhase("over");
          return;
        }
        await this.interlude(probe);
        if (this.closed || await this.stopsBefore(probe)) return;
        const bot = probe.to_move.find((/** @type {number} */ s) => this.setup.seats[s].kind === "bot");
        if (bot !== undefined) {
          await this.show(this.humans.length > 1 && !this.screened ? null : this.shown, false, bot, probe.snapshot);
          await sleep(botPause(this.board, this.settings.botDelay ?? 600));
          if (this.closed) return;
          const thinking = h("span", { class: "thinking", role: "status" }, [` · ${this.names[bot]} is thinking…`]);
          this.els.status.append(thinking);
          this.root.dataset.thinking = String(bot);
          const choice = await this.botChoice(bot)
            .finally(() => { thinking.remove(); delete this.root.dataset.thinking; });
          status = await this.act(bot, choice.action, choice.version);
          continue;
        }
        const person = probe.to_move[0];
        if (this.humans.length > 1 && (this.shown !== person || !this.screened)) {
          const previous = this.screened ? this.shown : null;
          if (await privacyScreen(this, person, previous) === "undo" && previous !== null) {
            status = await takeBack(this, previous, previous);  // the device stays with the person who moved
            continue;
          }
          this.screened = true;
        }
        this.shown = person;
        await this.show(person, true, person, probe.snapshot);
        await this.saving;
        this.setPhase("move");
        this.offerAtTurn(person);
        return;
      }
    } catch (err) {
      this.report(err);
      this.screen.stalled(() => this.advance());
    } finally {
      this.busy = false;
    }
  }

  /**
   * Show the interlude the board asks for here (a round just scored), once per table, and wait for
   * Continue: nobody moves meanwhile, bots included.  Its body is drawn from public parts of the view
   * (js/tables/interlude.js), so any seat's view will do: the one the last move's reply carried, else a
   * spectator's.
   * @param {any} probe the table's status, with `snapshot` when a move's reply brought one
   */
  async interlude(probe) {
    if (typeof (/** @type {any} */ (this.board).interlude) !== "function") return;
    const view = probe.snapshot?.view ?? (await this.engine.call("view", { table: this.table, seat: null, legal: false })).view;
    const pause = interludeOf(this.board, view);
    if (!pause || this.interludes.has(pause.key) || this.closed) return;
    this.interludes.add(pause.key);
    // the table behind it moves on to this position (the scores, the log), from whoever's side it was drawn
    await this.show(this.humans.length > 1 && !this.screened ? null : this.shown, false, undefined, probe.snapshot);
    if (this.closed) return;
    this.setPhase("interlude");
    this.els.status.textContent = pause.title;
    await showInterlude(this.els.overlay, pause, this.root);
    this.setPhase("busy");
  }

  /**
   * Draw `seat`'s view.  Only an active seat's legal moves are offered.
   * @param {number|null} seat @param {boolean} active @param {number} [mover]
   * @param {any} [prefetched] a snapshot that came with the last move's reply, used when it is this seat's
   */
  async show(seat, active, mover, prefetched) {
    const snap = prefetched && prefetched.seat === seat
      ? prefetched
      : await this.engine.call("view", { table: this.table, seat, legal: active });
    this.version = snap.version;
    this.lookBack.live(); // the live board is back: a past position never outlives a new drawing
    if (this.resumed) await this.drawBeforeLastMove(seat);
    if (active) this.liveSnap = { ...snap, seat };
    const quiet = this.quiet;
    this.quiet = false;
    this.board.update({
      view: snap.view, legal: active ? snap.legal : [], forms: active ? snap.forms ?? [] : [], viewer: seat, active,
      ...(quiet ? { motion: { mark: false } } : {}),
    });
    if (this.clickedAt !== undefined) this.timeMove(this.clickedAt);
    this.clickedAt = undefined;
    const who = mover === undefined ? "" : ` · ${mover === seat && active ? "your move" : `${this.names[mover]} to move`}`;
    this.els.status.textContent = fillNames(this.board.statusText(snap.view), this.names) + who;
    this.els.side.replaceChildren(this.board.sidePanel(snap.view));
    this.moveLog.show(snap.view.log || [], { lastMove: this.board.lastMoveBy, extend: !this.board.lastMoveDrawn });
  }

  /**
   * A resumed game's first drawing: the position before its last move drawn quietly first, so that the
   * live board shows that move made and marked, as it was during play (unless it was `seat`'s own).
   * @param {number|null} seat
   */
  async drawBeforeLastMove(seat) {
    this.resumed = false;
    const last = this.saved?.actions.at(-1);
    if (!last || last.seat === seat) return;
    const reply = await this.engine.call("view_back", { table: this.table, seat, steps: 0, previous: true });
    if (!reply.previous || this.closed) return;
    drawQuietly(this.board, reply.previous, seat);
    this.moveLog.show(reply.previous.log || []); // and the log before it, so that the move's lines are marked too
  }

  /**
   * A past position on the board (stepping back through the last moves): the
   * view one move earlier drawn quietly, then this one, so its move is seen being
   * made and is marked.  No clicks; the status and side panel are of that moment.
   * @param {{view: any, previous: any, version: number}} reply the facade's view_back
   * @returns {boolean} false when the table has moved on (nothing is drawn)
   */
  showPast(reply) {
    const seat = this.shown;
    if (this.closed || reply.version !== this.version || this.busy) return false;
    drawPast({ board: this.board, status: this.els.status, side: this.els.side, moveLog: this.moveLog, names: this.names }, reply, seat);
    this.setPhase("review");
    return true;
  }

  /** Back from looking back: the live board, its last move seen being made again. @param {{previous: any, version: number}} reply */
  async showLive(reply) {
    const seat = this.shown;
    const live = this.liveSnap;
    if (this.closed || this.busy || seat === null || !live || live.seat !== seat || live.version !== this.version) return;
    if (reply.previous && reply.version === this.version) drawQuietly(this.board, reply.previous, seat);
    await this.show(seat, true, seat, live);
    this.setPhase("move");
    offerUndo(this, seat);
  }

  /** Note how long a click took to show its new board (at the next frame), for the benchmark. @param {number} since */
  timeMove(since) {
    const timings = /** @type {any} */ (window).parlourTimings;
    if (!timings) return;
    (timings.movesDom ??= []).push(performance.now() - since); // in the DOM; painted at the next frame
    requestAnimationFrame(() => timings.moves.push(performance.now() - since));
  }

  /** @param {Record<string, any>} action */
  async onAction(action) {
    if (this.busy || this.closed || this.shown === null || !this.claim?.held) return; // another tab's game: look, no moves
    this.busy = true;
    this.clickedAt = performance.now();
    this.setPhase("busy");
    let status;
    try {
      status = await this.act(this.shown, action, this.version);
    } catch (err) {
      this.report(err);
      this.busy = false;
      this.board.moveRefused(); // the board drawn next puts the move shown ahead of the engine back
      await this.show(this.shown, true, this.shown);
      this.setPhase("move");
      return;
    }
    this.busy = false;
    await this.advance(status);
  }
}
