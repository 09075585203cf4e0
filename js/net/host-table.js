// @ts-check
/**
 * The host of a network table.  Its engine worker holds the only full state;
 * guests send intents over their data channels, the engine checks them, and
 * every connection is sent only its own seat's view (spectators the
 * spectator's view), numbered and with the view's hash.
 *
 * Also here: fair dealing (the committed secret and the guests' bytes make
 * the seed), simultaneous rounds by commit-then-reveal whenever `to_move`
 * names several seats, bots, away seats, rejoin invites, and the saved copy a
 * reloaded host restores from.  No game-specific code.
 */
import { EngineError } from "../engine/bridge.js";
import { fillNames, sleep, toast } from "../ui/dom.js";
import { fromB64url, randomBytes, sha256Hex, toB64url, toHex, viewHash } from "./bytes.js";
import { commit, Round } from "./commit-reveal.js";
import { deriveSeed } from "./fairness.js";
import { Link } from "./link.js";
import { Invitation } from "./peer.js";
import { checkGuestMessage, cleanName, MAX_GUEST_MESSAGE, STRIKES_TO_CLOSE } from "./protocol.js";
import { saveHosted } from "./store.js";
import { saveGame } from "../store/games-db.js";
import { NetTableView } from "./table-view.js";
import { renderHostPanel } from "./host-panel.js";

/**
 * @typedef {{kind: string, name: string, remote: boolean, token: string, entropy: string|null,
 *   state: "inviting"|"connected"|"away"|"local", invite: Invitation|null, inviteLink: string, conn: Conn|null}} Seat
 * @typedef {{link: Link, seat: number|null, hello: boolean, strikes: number, ev: number, name: string}} Conn
 */

export const INVITE_SEAT = 0;
export const INVITE_REJOIN = 1;
export const INVITE_SPECTATOR = 2;

export class HostTable {
  /**
   * @param {import("../engine/bridge.js").Engine} engine
   * @param {HTMLElement} root
   * @param {{game: any, seats: {kind: string, name: string}[], options: Record<string, any>}} setup
   * @param {{botDelay?: number, iceServers: RTCIceServer[], onLeave: () => void, saved?: any}} settings
   */
  constructor(engine, root, setup, settings) {
    this.engine = engine;
    this.root = root;
    this.setup = setup;
    this.settings = settings;
    const saved = settings.saved;
    this.id = saved?.id ?? toHex(randomBytes(8));
    this.secret = saved ? fromB64url(saved.secret) : randomBytes(32);
    this.commitment = "";
    this.names = setup.seats.map((s) => s.name);
    /** @type {Seat[]} */
    this.seats = setup.seats.map((s, i) => ({
      kind: saved?.seats[i].kind ?? s.kind, name: s.name, remote: saved?.seats[i].remote ?? s.kind === "remote",
      token: saved?.seats[i].token ?? toHex(randomBytes(16)), entropy: saved?.seats[i].entropy ?? null,
      state: s.kind === "remote" || saved?.seats[i].remote ? (saved?.seed ? "away" : "inviting") : "local",
      invite: null, inviteLink: "", conn: null,
    }));
    if (saved) saved.seats.forEach((s, i) => { this.names[i] = s.name; });
    /** @type {{invite: Invitation, link: string, conn: Conn|null}[]} */
    this.spectators = [];
    /** @type {Conn[]} */
    this.conns = [];
    this.table = "";
    this.version = 0;
    /** @type {number[]} */
    this.toMove = [];
    this.seed = saved?.seed ?? "";
    this.started = !!saved?.seed;
    this.over = false;
    /** @type {Round|null} */
    this.round = saved?.round ? Round.fromJSON(saved.round) : null;
    /** @type {Map<number, {action: any, nonce: string, hash: string}>} the host's own seats' and bots' secret choices */
    this.ownChoices = new Map(saved?.ownChoices ?? []);
    /** @type {{seat: number, version: number, action: any, nonce: string}[]} */
    this.reveals = saved?.reveals ?? [];
    /** @type {number[]} steps whose move a bot chose (checked by guests at the end) */
    this.botSteps = saved?.botSteps ?? [];
    /** @type {{seat: number, action: any}[]} every applied move, kept here so saving needs no engine round trip */
    this.actions = saved?.actions ?? [];
    /** @type {{time: number, seat: number|null, text: string}[]} */
    this.netLog = [];
    /** Test hooks: `seed` plays a seed other than the fair one; `log` alters the revealed log. */
    this.tamper = { seed: false, log: false };
    this.closed = false;
    this.queue = Promise.resolve();
    /** @type {number|null} the local seat on screen */
    this.shown = this.seats.findIndex((s) => s.kind === "human");
    if (this.shown < 0) this.shown = null;
    this.view = new NetTableView(root, {
      gameId: setup.game.id, title: `${setup.game.title} · hosting`, names: this.names,
      onAction: (a) => this.serial(() => this.onLocalAction(a)), onLeave: () => this.leave(),
    });
    this.renderPanel();
  }

  /** Run `fn` after everything queued before it: one thing at a time touches the table. @param {() => Promise<any>} fn */
  serial(fn) {
    const next = this.queue.then(fn).catch((err) => this.report(err));
    this.queue = next;
    return next;
  }

  async start() {
    this.commitment = await sha256Hex(this.secret);
    history.replaceState(null, "", `${location.pathname}${location.search}#host=${this.id}`);
    if (this.started) {
      const reply = await this.engine.call("new", {
        game: this.setup.game.id, players: this.seats.length, seed: this.seed, options: this.setup.options,
        actions: this.settings.saved.actions,
      });
      this.table = reply.table;
      this.version = reply.version;
      this.logNet(null, `Table restored at move ${this.version}; send each player a rejoin invite.`);
    }
    this.save();
    for (let i = 0; i < this.seats.length; i++) {
      if (this.seats[i].remote && this.seats[i].kind !== "bot") void this.invite(i, this.started ? INVITE_REJOIN : INVITE_SEAT);
    }
    if (this.started) await this.serial(() => this.advance());
    else this.waitingNotice();
  }

  /** @param {number} i @param {number} kind */
  async invite(i, kind) {
    const seat = this.seats[i];
    seat.invite?.close();
    const inv = new Invitation({ seat: i, kind, iceServers: this.settings.iceServers });
    seat.invite = inv;
    seat.inviteLink = "";
    if (!seat.conn && !this.started) seat.state = "inviting";
    this.renderPanel();
    await inv.prepare();
    if (seat.invite !== inv) return;
    seat.inviteLink = inviteLink(inv.code);
    this.renderPanel();
  }

  async inviteSpectator() {
    const inv = new Invitation({ seat: null, kind: INVITE_SPECTATOR, iceServers: this.settings.iceServers });
    const entry = { invite: inv, link: "", conn: /** @type {Conn|null} */ (null) };
    this.spectators.push(entry);
    this.renderPanel();
    await inv.prepare();
    entry.link = inviteLink(inv.code);
    this.renderPanel();
  }

  /** The host pasted an answer code: find its invite, open the channel, attach it. @param {string} code */
  async acceptAnswer(code) {
    const seatIndex = this.seats.findIndex((s) => s.invite?.matches(code));
    const spectator = this.spectators.find((s) => !s.conn && s.invite.matches(code));
    const inv = seatIndex >= 0 ? this.seats[seatIndex].invite : spectator?.invite;
    if (!inv) throw new Error("That answer code does not belong to any open invite here.");
    const channel = await inv.accept(code);
    if (seatIndex >= 0) this.seats[seatIndex].invite = null;
    this.attach(channel, inv.pc, seatIndex >= 0 ? seatIndex : null, spectator ?? null, inv.early);
  }

  /**
   * @param {RTCDataChannel} channel @param {RTCPeerConnection} pc @param {number|null} seat
   * @param {{conn: Conn|null}|null} spectator @param {any[]} early
   */
  attach(channel, pc, seat, spectator, early) {
    /** @type {Conn} */
    const conn = /** @type {any} */ ({ seat, hello: false, strikes: 0, ev: 0, name: "" });
    conn.link = new Link(channel, pc, {
      maxIn: MAX_GUEST_MESSAGE,
      onMessage: (m) => this.serial(() => this.onMessage(conn, m)),
      onBad: (reason, ref) => this.refuse(conn, reason, ref),
      onAway: () => this.connState(conn, "away"),
      onBack: () => this.connState(conn, "connected"),
      onClose: () => this.connState(conn, "closed"),
    }, early);
    this.conns.push(conn);
    if (spectator) spectator.conn = conn;
    if (seat !== null) {
      const old = this.seats[seat].conn;
      this.seats[seat].conn = conn;
      if (old && old !== conn) old.link.close();
    }
    this.logNet(seat, "connected; waiting for hello");
  }

  /** @param {Conn} conn @param {"away"|"connected"|"closed"} state */
  connState(conn, state) {
    if (state === "closed") this.conns = this.conns.filter((c) => c !== conn);
    if (conn.seat !== null && this.seats[conn.seat].conn === conn) {
      const seat = this.seats[conn.seat];
      if (state === "closed") seat.conn = null;
      if (seat.kind === "remote") seat.state = state === "connected" ? "connected" : "away";
      this.logNet(conn.seat, state === "connected" ? "is back" : state === "away" ? "is away" : "disconnected");
      this.broadcast();
    }
    this.renderPanel();
  }

  /**
   * Refuse a message: an error reply, a line in the log, nothing else changes.
   * Garbage (bad shape, size, sequence, seat) counts towards closing the
   * connection; a move the engine refuses (late, out of turn) does not, since
   * honest players make those too.
   * @param {Conn} conn @param {string} reason @param {number|null} ref @param {boolean} [strike]
   */
  refuse(conn, reason, ref, strike = true) {
    if (conn.link.closed) return;
    if (strike) conn.strikes += 1;
    this.logNet(conn.seat, `refused: ${reason}`);
    conn.link.send({ t: "error", ref, error: reason });
    if (conn.strikes >= STRIKES_TO_CLOSE) {
      this.logNet(conn.seat, `closed after ${conn.strikes} refused messages in a row`);
      conn.link.close();
    }
  }

  /** @param {Conn} conn @param {any} m */
  async onMessage(conn, m) {
    if (conn.link.closed) return undefined;
    const problem = checkGuestMessage(m);
    if (problem) return this.refuse(conn, problem, m.n);
    if (m.t === "hello") return this.onHello(conn, m);
    if (!conn.hello) return this.refuse(conn, "Say hello first.", m.n);
    if (m.t === "sync") return this.sendEvent(conn);
    if (m.t === "bye") return undefined;
    if (conn.seat === null) return this.refuse(conn, "Spectators cannot move.", m.n);
    if (m.seat !== conn.seat) return this.refuse(conn, `Seat ${m.seat + 1} is not yours; this connection plays seat ${conn.seat + 1}.`, m.n);
    if (this.seats[conn.seat].kind !== "remote") return this.refuse(conn, "A bot plays your seat now.", m.n);
    if (!this.started || this.over) return this.refuse(conn, "The game is not under way.", m.n);
    if (m.version !== this.version) return this.refuse(conn, `That was sent for move ${m.version}; the game is at move ${this.version}.`, m.n, false);
    if (m.t === "act") {
      if (this.round) return this.refuse(conn, "This is a secret round: send a commitment, not a move.", m.n);
      try {
        await this.act(conn.seat, m.action, false);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        return this.refuse(conn, fillNames(err.message, this.names), m.n, false);
      }
    } else if (m.t === "commit") {
      if (!this.round) return this.refuse(conn, "There is no secret round now.", m.n);
      const why = this.round.commit(conn.seat, m.hash);
      if (why) return this.refuse(conn, why, m.n);
      this.logNet(conn.seat, "committed to a secret choice");
    } else if (m.t === "reveal") {
      if (!this.round) return this.refuse(conn, "There is no secret round now.", m.n);
      const why = await this.round.reveal(conn.seat, m.action, m.nonce);
      if (why) return this.refuse(conn, why, m.n);
      this.logNet(conn.seat, "revealed their choice");
    }
    conn.strikes = 0;
    this.save();
    return this.advance();
  }

  /** @param {Conn} conn @param {any} m */
  async onHello(conn, m) {
    if (conn.hello) return this.refuse(conn, "Hello was already said.", m.n);
    conn.hello = true;
    conn.strikes = 0;
    const name = cleanName(m.name);
    conn.name = name;
    if (conn.seat !== null) {
      const seat = this.seats[conn.seat];
      if (!this.started) seat.entropy = m.entropy;
      if (name) { this.names[conn.seat] = name; seat.name = name; }
      seat.kind = "remote";
      seat.state = "connected";
      const resumed = m.session && m.session.table === this.id && m.session.token === seat.token;
      this.logNet(conn.seat, resumed ? "rejoined" : "joined");
    } else {
      this.logNet(null, `spectator ${name || "(no name)"} joined`);
    }
    conn.link.send({
      t: "welcome", table: this.id, seat: conn.seat, token: conn.seat === null ? "" : this.seats[conn.seat].token,
      game: this.setup.game.id, title: this.setup.game.title, players: this.seats.length, options: this.setup.options,
      names: this.names, kinds: this.seats.map((s) => s.kind), commitment: this.commitment, spectator: conn.seat === null,
      started: this.started,
    });
    this.save();
    this.renderPanel();
    if (!this.started && this.seats.every((s) => !s.remote || s.entropy)) await this.begin();
    else if (this.started) await this.advance();
    else { this.waitingNotice(); this.broadcast(); }
    return undefined;
  }

  waitingNotice() {
    const missing = this.seats.flatMap((s, i) => (s.remote && !s.entropy ? [this.names[i]] : []));
    this.view.status("Waiting for the players on other devices to join…");
    this.view.notice(missing.length ? `The game starts when every player has joined. Waiting for: ${missing.join(", ")}. `
      + "Send each one their invite link (on the right); paste the answer code they send back." : "");
  }

  /** Everyone's bytes are in: derive the seed and open the engine table. */
  async begin() {
    const entropy = this.seats.map((s) => (s.remote && s.entropy ? fromB64url(s.entropy) : null));
    this.seed = await deriveSeed(this.secret, entropy);
    const played = this.tamper.seed ? await sha256Hex(`${this.seed}:tampered`) : this.seed;
    if (this.tamper.seed) this.seed = played;
    const reply = await this.engine.call("new", {
      game: this.setup.game.id, players: this.seats.length, seed: played, options: this.setup.options,
    });
    this.table = reply.table;
    this.version = reply.version;
    this.started = true;
    this.view.notice("");
    this.logNet(null, "everyone is here: the seed is made from the host's secret and the guests' bytes");
    this.save();
    await this.advance();
  }

  /** @param {number} seat @param {any} action @param {boolean} byBot */
  async act(seat, action, byBot) {
    await this.engine.call("act", { table: this.table, seat, action, version: this.version });
    if (byBot) this.botSteps.push(this.version);
    this.actions.push({ seat, action });
    this.version += 1;
    this.save();
  }

  /** Play bots and secret rounds until a person must act (or the game ends); send every view. */
  async advance() {
    if (!this.started || this.closed) return;
    for (;;) {
      const probe = await this.engine.call("view", { table: this.table, seat: null });
      this.version = probe.version;
      this.toMove = probe.to_move;
      if (probe.over) return this.finish(probe.result);
      if (this.round || probe.to_move.length > 1) {
        if (await this.runRound(probe.to_move)) continue;
        await this.broadcast();
        return this.showOwn();
      }
      const mover = probe.to_move[0];
      if (this.seats[mover].kind === "bot") {
        await this.broadcast();
        await this.showOwn();
        await sleep(this.settings.botDelay ?? 600);
        if (this.closed) return;
        const choice = await this.engine.call("bot", { table: this.table, seat: mover });
        await this.act(mover, choice.action, true);
        this.save();
        continue;
      }
      await this.broadcast();
      return this.showOwn();
    }
  }

  /**
   * A simultaneous round: bots commit at once; once every commitment is in the
   * host's own seats reveal; once every reveal is in, the moves are played in
   * seat order.  Returns true when the round was played out.
   * @param {number[]} toMove
   */
  async runRound(toMove) {
    if (!this.round || this.round.version !== this.version) {
      this.round = new Round(this.version, toMove);
      this.ownChoices.clear();
    }
    const round = this.round;
    for (const s of round.seats) {
      if (this.seats[s].kind === "bot" && !round.commits.has(s)) {
        const choice = await this.engine.call("bot", { table: this.table, seat: s });
        const c = await commit(choice.action);
        this.ownChoices.set(s, c);
        round.commit(s, c.hash);
      }
    }
    if (round.allCommitted()) {
      for (const [s, c] of this.ownChoices) if (!round.reveals.has(s)) await round.reveal(s, c.action, c.nonce);
    }
    this.save();
    if (!round.allRevealed()) return false;
    this.round = null;
    for (const s of round.seats) {
      const r = /** @type {{action: any, nonce: string}} */ (round.reveals.get(s));
      this.reveals.push({ seat: s, version: round.version, action: r.action, nonce: r.nonce });
      try {
        await this.act(s, r.action, false);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        this.logNet(s, `revealed a choice the engine refuses: ${err.message}`);
        const conn = this.seats[s].conn;
        if (conn) conn.link.send({ t: "error", ref: null, error: fillNames(err.message, this.names) });
      }
    }
    this.ownChoices.clear();
    this.save();
    return true;
  }

  /** A click by a person at the host's device. @param {any} action */
  async onLocalAction(action) {
    const seat = this.shown;
    if (seat === null || !this.started || this.over) return;
    this.view.setPhase("busy");
    if (this.round) {
      if (!this.round.seats.includes(seat) || this.round.commits.has(seat)) return this.showOwn();
      const c = await commit(action);
      this.ownChoices.set(seat, c);
      this.round.commit(seat, c.hash);
    } else {
      try {
        await this.act(seat, action, false);
      } catch (err) {
        this.report(err);
        return this.showOwn();
      }
    }
    this.save();
    return this.advance();
  }

  /** Send every connected guest its own view. */
  async broadcast() {
    if (!this.started) return;
    for (const conn of this.conns) if (conn.hello) await this.sendEvent(conn);
  }

  /** @param {Conn} conn */
  async sendEvent(conn) {
    if (!this.started) {
      conn.link.send({ t: "ev", ev: ++conn.ev, waiting: true, names: this.names, version: 0 });
      return;
    }
    const snap = await this.engine.call("view", { table: this.table, seat: conn.seat });
    const round = this.round?.publicState() ?? null;
    conn.link.send({
      t: "ev", ev: ++conn.ev, version: snap.version, view: snap.view, legal: snap.legal, to_move: snap.to_move,
      over: snap.over, result: snap.result, hash: await viewHash(snap.view), round, names: this.names,
      away: this.seats.flatMap((s, i) => (s.kind === "remote" && s.state !== "connected" ? [i] : [])),
      kinds: this.seats.map((s) => s.kind), waiting: false,
    });
  }

  /** Draw the host's own seat (or the spectator's view when no person sits here). */
  async showOwn() {
    const humans = this.seats.flatMap((s, i) => (s.kind === "human" ? [i] : []));
    const mine = humans.find((s) => this.toMove.includes(s) && !this.round?.commits.has(s));
    if (mine !== undefined) this.shown = mine;
    const seat = this.shown;
    const snap = await this.engine.call("view", { table: this.table, seat });
    const active = seat !== null && !snap.over && snap.to_move.includes(seat) && !this.round?.commits.has(seat);
    let suffix = this.view.moverText(snap.to_move, seat);
    if (this.round) suffix += ` · ${this.round.commits.size} of ${this.round.seats.length} committed`;
    this.view.draw({ view: snap.view, legal: snap.legal, viewer: seat, active, suffix });
    this.view.setPhase(active ? "move" : "busy");
  }

  /** @param {any} result */
  async finish(result) {
    const first = !this.over;
    this.over = true;
    this.result = result;
    await this.broadcast();
    await this.showOwn();
    if (first) {
      for (const conn of this.conns) if (conn.hello) await this.sendFair(conn);
      this.view.showResult(result);
    }
    this.view.setPhase("over");
    this.save();
  }

  /** At the end: the secret, everyone's bytes and the whole log, for the guest's own check. @param {Conn} conn */
  async sendFair(conn) {
    const actions = this.actions.map((a) => ({ seat: a.seat, action: a.action }));
    if (this.tamper.log && actions.length > 2) actions[actions.length - 2] = actions[0];
    conn.link.send({
      t: "fair", secret: toB64url(this.secret), seed: this.seed,
      entropy: this.seats.map((s) => (s.remote ? s.entropy : null)), actions, reveals: this.reveals, bots: this.botSteps,
    });
  }

  /** @param {number} i */
  handToBot(i) {
    const seat = this.seats[i];
    seat.kind = "bot";
    seat.conn?.link.close();
    seat.conn = null;
    seat.invite?.close();
    seat.invite = null;
    seat.state = "away";
    this.logNet(i, "handed to a bot");
    this.save();
    this.renderPanel();
    return this.serial(() => this.advance());
  }

  /** Keep the table in this browser, so a reload restores it (js/net/store.js). */
  save() {
    if (this.closed) return;
    saveHosted(this.id, {
      id: this.id, game: this.setup.game, options: this.setup.options, secret: toB64url(this.secret), seed: this.seed,
      seats: this.seats.map((s, i) => ({ kind: s.kind, name: this.names[i], remote: s.remote, token: s.token, entropy: s.entropy })),
      actions: this.actions, round: this.round?.toJSON() ?? null, ownChoices: [...this.ownChoices],
      reveals: this.reveals, botSteps: this.botSteps, over: this.over,
    });
    if (this.seed == null) return; // not dealt yet: nothing to resume or replay
    // Listed with the lobby's saved games (resume restores through #host=<id>; finished ones replay).
    const now = Date.now();
    this.listedAt ??= now;
    saveGame({
      id: `host-${this.id}`, game: this.setup.game.id, title: this.setup.game.title, options: this.setup.options,
      seed: this.seed, seats: this.seats.map((s, i) => ({ kind: s.remote && s.kind !== "bot" ? "remote" : s.kind, name: this.names[i] })),
      actions: this.actions.map((a) => ({ seat: a.seat, action: a.action })), result: this.result ?? null,
      created: this.listedAt, updated: now, host: { id: this.id },
    }).catch(() => { /* IndexedDB off: the localStorage copy above still restores the table */ });
  }

  /** @param {number|null} seat @param {string} text */
  logNet(seat, text) {
    this.netLog.push({ time: Date.now(), seat, text });
    if (this.netLog.length > 500) this.netLog.shift();
    this.renderPanel();
  }

  renderPanel() {
    this.view.setNetPanel(renderHostPanel(this));
  }

  leave() {
    this.closed = true;
    for (const c of this.conns) c.link.close();
    for (const s of this.seats) s.invite?.close();
    for (const s of this.spectators) s.invite.close();
    delete this.root.dataset.phase;
    if (this.table) this.engine.call("close", { table: this.table }).catch(() => {});
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    this.settings.onLeave();
  }

  /** @param {any} err */
  report(err) {
    const message = err instanceof EngineError ? fillNames(err.message, this.names) : `Something went wrong: ${err && err.message || err}`;
    toast(message);
    console.error(err);
  }
}

/** @param {string} code */
export function inviteLink(code) {
  return `${location.origin}${location.pathname}#join=${code}`;
}
