// @ts-check
/**
 * The host of a network table.  Its engine worker holds the only full state;
 * guests send intents over their data channels, the engine checks them, and
 * every connection is sent only its own seat's view (spectators the
 * spectator's view), numbered and with the view's hash.
 *
 * Also here: the deal (deal.js: the committed secret and the guests' sealed
 * bytes make the seed), simultaneous rounds by commit-then-reveal whenever
 * `to_move` names several seats (a reveal the rules refuse is forfeited to the
 * bot's choice), bots, handing any seat to a bot at any time (and an optional
 * turn timer that does it), rejoin invites checked by the seat's token, a
 * per-guest rate limit and message queue bound, the ledger every guest checks
 * at the end (ledger.js), and the saved copy a reloaded host restores from.
 * No game-specific code.
 */
import { EngineError } from "../engine/bridge.js";
import { fillNames, sleep, toast } from "../common/dom.js";
import { count } from "../common/plural.js";
import { fromB64url, randomBytes, sha256Hex, toB64url, toHex, viewHash } from "../net/bytes.js";
import { commit, Round } from "../net/commit-reveal.js";
import { Deal } from "../net/deal.js";
import { DEFAULT_BOT_LEVEL, Ledger } from "../net/ledger.js";
import { GUEST_RATE, Link } from "../net/link.js";
import { TurnTimer } from "../net/turn-timer.js";
import { Invitation } from "../net/peer.js";
import { checkGuestMessage, cleanName, MAX_GUEST_MESSAGE, MAX_PENDING, SOFT_STRIKES_TO_CLOSE, STRIKES_TO_CLOSE } from "../net/protocol.js";
import { saveHosted } from "../net/store.js";
import { saveGame } from "../store/games-db.js";
import { NetTableView } from "./table-view.js";
import { ownTable } from "./table-elsewhere.js";
import { renderHostPanel } from "./host-panel.js";

/**
 * @typedef {{kind: string, name: string, level?: string, remote: boolean, token: string, joined: boolean,
 *   state: "inviting"|"connected"|"away"|"local", invite: Invitation|null, inviteLink: string, conn: Conn|null}} Seat
 * @typedef {{link: Link, seat: number|null, hello: boolean, strikes: number, soft: number, ev: number, name: string,
 *   invite: number, lastN: number, pending: number, syncQueued: boolean}} Conn
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
      level: saved?.seats[i].level ?? s.level,
      token: saved?.seats[i].token ?? toHex(randomBytes(16)), joined: saved?.seats[i].joined ?? !!saved?.seed,
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
    /** @type {Map<number, {action: any, nonce: string, hash: string, bot: boolean}>} the host's own seats' and bots' secret choices */
    this.ownChoices = new Map(saved?.ownChoices ?? []);
    /** The guests' sealed bytes for the seed (deal.js). */
    this.deal = saved?.deal ? Deal.fromJSON(saved.deal)
      : new Deal(this.seats.flatMap((s, i) => (s.remote && s.kind !== "bot" ? [i] : [])));
    /** Every applied move, bot listings, reveals, forfeits and who held each seat: revealed at the end. */
    this.ledger = new Ledger(saved);
    /** @type {Map<number, "bot"|"remote">} seat changes that wait for the open round to be played */
    this.deferred = new Map(saved?.deferred ?? []);
    this.timer = new TurnTimer(saved?.timer ?? 0, (s) => this.outOfTime(s), () => this.renderPanel());
    /** @type {{time: number, seat: number|null, text: string}[]} */
    this.netLog = [];
    /** Test hooks: `seed` plays a seed other than the fair one; `log` alters the revealed log. */
    this.tamper = { seed: false, log: false };
    this.closed = false;
    /** @type {any} a pending panel redraw */
    this.panelTimer = 0;
    this.queue = Promise.resolve();
    /** @type {import("../store/table-lock.js").TableClaim|null} this tab's ownership of the table (nothing is saved without it) */
    this.claim = null;
    /** @type {Promise<void>} the last write of the lobby's listing */
    this.listing = Promise.resolve();
    /** @type {number|null} the local seat on screen */
    this.shown = this.seats.findIndex((s) => s.kind === "human");
    if (this.shown < 0) this.shown = null;
    this.view = new NetTableView(root, {
      gameId: setup.game.id, title: `${setup.game.title} · hosting`, names: this.names,
      onAction: (a) => this.serial(() => this.onLocalAction(a)), onLeave: () => this.leave(),
      // Replay last moves: the host's engine holds the table, so it can step back for the host's own seat
      lookBack: {
        fetch: (steps) => this.engine.call("view_back", { table: this.table, seat: this.shown, steps, previous: true }),
        showLive: () => this.serial(() => this.showOwn()),
      },
    });
    this.renderPanel();
  }

  /** @returns {{seat: number, action: any}[]} every applied move */
  get actions() {
    return this.ledger.actions;
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
    // One tab hosts a table (js/tables/table-elsewhere.js); a tab that waited for it restores the other's last copy.
    this.claim = await ownTable(this.root, `host-${this.id}`, {
      hosted: true,
      refused: () => {
        this.root.dataset.phase = "elsewhere";
        this.view.els.status.textContent = "Hosted in another tab";
        this.view.els.net.hidden = true; // its invites and seat buttons belong to the tab that hosts
      },
    });
    if (this.closed) return this.claim?.release(); // left while waiting for the other tab
    if (!this.claim) return this.leave();
    if (this.claim.waited) return location.reload();
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
      const seat = this.seats[i];
      if (seat.remote && seat.kind !== "bot") void this.invite(i, this.started || seat.joined ? INVITE_REJOIN : INVITE_SEAT);
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
    this.attach(channel, inv.pc, seatIndex >= 0 ? seatIndex : null, spectator ?? null, inv.early, inv.kind);
  }

  /**
   * @param {RTCDataChannel} channel @param {RTCPeerConnection} pc @param {number|null} seat
   * @param {{conn: Conn|null}|null} spectator @param {any[]} early @param {number} inviteKind
   */
  attach(channel, pc, seat, spectator, early, inviteKind) {
    /** @type {Conn} */
    const conn = /** @type {any} */ ({
      seat, hello: false, strikes: 0, soft: 0, ev: 0, name: "", invite: inviteKind, lastN: 0, pending: 0, syncQueued: false,
    });
    conn.link = new Link(channel, pc, {
      maxIn: MAX_GUEST_MESSAGE,
      rate: GUEST_RATE,
      onMessage: (m) => this.enqueue(conn, m),
      onBad: (reason, ref) => this.refuse(conn, reason, ref),
      onFlood: (dropped) => this.logNet(conn.seat, dropped === 1 ? "is sending too fast: dropping its messages"
        : `disconnected for flooding (${count(dropped, "message")} dropped)`),
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
   * connection after STRIKES_TO_CLOSE in a row; a move the engine refuses
   * (late, out of turn) is a soft strike, since honest players make a few of
   * those, and only a long run of them closes the connection.
   * @param {Conn} conn @param {string} reason @param {number|null} ref @param {boolean} [strike]
   */
  refuse(conn, reason, ref, strike = true) {
    if (conn.link.closed) return;
    if (strike) conn.strikes += 1;
    else conn.soft += 1;
    this.logNet(conn.seat, `refused: ${reason}`);
    conn.link.send({ t: "error", ref, error: reason });
    if (conn.strikes >= STRIKES_TO_CLOSE || conn.soft >= SOFT_STRIKES_TO_CLOSE) {
      this.logNet(conn.seat, `closed after ${conn.strikes + conn.soft} refused messages in a row`);
      conn.link.close();
    }
  }

  /**
   * A message joins the table's queue, within bounds: at most MAX_PENDING
   * waiting per connection, and one `sync` at a time (a view costs the engine).
   * @param {Conn} conn @param {any} m
   */
  enqueue(conn, m) {
    if (m.t === "sync") {
      if (conn.syncQueued) return;
      conn.syncQueued = true;
    } else if (conn.pending >= MAX_PENDING) {
      this.refuse(conn, "Too many messages waiting; slow down.", Number.isInteger(m.n) ? m.n : null);
      return;
    }
    conn.pending += 1;
    void this.serial(async () => {
      conn.pending -= 1;
      if (m.t === "sync") conn.syncQueued = false;
      try {
        await this.onMessage(conn, m);
      } catch (err) {
        // Never leave a received message unanswered: the guest's check counts on a reply.
        this.refuse(conn, "The host could not handle that message.", m.n, false);
        throw err;
      }
    });
  }

  /** @param {Conn} conn @param {any} m */
  async onMessage(conn, m) {
    if (conn.link.closed) return undefined;
    const problem = checkGuestMessage(m);
    if (problem) return this.refuse(conn, problem, m.n);
    conn.lastN = m.n;
    if (m.t === "hello") return this.onHello(conn, m);
    if (!conn.hello) return this.refuse(conn, "Say hello first.", m.n);
    if (m.t === "sync") {
      conn.strikes = 0; // a good message ends a run of bad ones (the rate limit bounds floods)
      return this.sendEvent(conn);
    }
    if (m.t === "bye") return undefined;
    if (conn.seat === null) return this.refuse(conn, "Spectators cannot move.", m.n);
    if (m.t === "seal" || m.t === "unseal") return this.onDeal(conn, m);
    if (m.seat !== conn.seat) return this.refuse(conn, `Seat ${m.seat + 1} is not yours; this connection plays seat ${conn.seat + 1}.`, m.n);
    if (this.seats[conn.seat].kind !== "remote") return this.refuse(conn, "A bot plays your seat now.", m.n);
    if (!this.started || this.over) return this.refuse(conn, "The game is not under way.", m.n);
    if (m.version !== this.version) return this.refuse(conn, `That was sent for move ${m.version}; the game is at move ${this.version}.`, m.n, false);
    if (m.t === "act") {
      if (this.round) return this.refuse(conn, "This is a secret round: send a commitment, not a move.", m.n);
      try {
        await this.act(conn.seat, m.action, null);
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
      const refused = await this.checkReveal(conn.seat, m.action, m.nonce);
      if (refused) {
        conn.strikes = 0;
        this.refuse(conn, refused, m.n, false);
        this.save();
        return this.advance();
      }
      this.logNet(conn.seat, "revealed their choice");
    }
    conn.strikes = 0;
    conn.soft = 0;
    this.save();
    return this.advance();
  }

  /**
   * A revealed choice must be a move the rules allow at the round's position;
   * otherwise the seat forfeits it to the bot's own choice, and everyone is told.
   * @param {number} seat @param {any} action @param {string} nonce @returns {Promise<string|null>} the refusal, if any
   */
  async checkReveal(seat, action, nonce) {
    const round = /** @type {Round} */ (this.round);
    const check = await this.engine.call("check", { table: this.table, seat, action });
    if (check.legal) return null;
    const choice = await this.chooseFor(seat);
    round.forfeit(seat, { reason: "illegal", action, nonce, replacement: choice.action });
    const why = fillNames(String(check.error), this.names);
    this.announce(`${this.names[seat]} revealed a choice the rules refuse (${why.replace(/\.+$/, "")}); a bot chose for that seat this round.`);
    return `Your sealed choice is not allowed (${why.replace(/\.+$/, "")}); a bot chose for you this round.`;
  }

  /** Tell every guest (and the host's log) something that happened to the table. @param {string} text */
  announce(text) {
    this.logNet(null, text);
    for (const conn of this.conns) if (conn.hello) conn.link.send({ t: "note", text });
    toast(text, "info");
  }

  /** A guest's part in the deal: its seal, then its bytes. @param {Conn} conn @param {any} m */
  async onDeal(conn, m) {
    const seat = /** @type {number} */ (conn.seat);
    if (this.started) return this.refuse(conn, "The game is already dealt.", m.n);
    const why = m.t === "seal" ? this.deal.seal(seat, m.hash) : await this.deal.unseal(seat, m.entropy);
    if (why) return this.refuse(conn, why, m.n);
    conn.strikes = 0;
    this.logNet(seat, m.t === "seal" ? "sealed its random bytes" : "revealed its random bytes");
    if (m.t === "seal" && this.deal.revealing()) this.revealAskedAt = performance.now();
    if (m.t === "seal" && this.deal.revealing()) this.logNet(null, "every seal is in: the guests now reveal their bytes");
    this.save();
    return this.dealtOrWait();
  }

  /** Start once the deal is complete; otherwise tell everyone where it stands. */
  async dealtOrWait() {
    if (this.deal.complete() && (this.deal.revealing() || !this.deal.seats.length)) return this.begin();
    this.waitingNotice();
    return this.broadcast();
  }

  /** @param {Conn} conn @param {any} m */
  async onHello(conn, m) {
    if (conn.hello) return this.refuse(conn, "Hello was already said.", m.n);
    const name = cleanName(m.name);
    if (conn.seat !== null) {
      const seat = this.seats[conn.seat];
      const resumed = !!m.session && m.session.table === this.id && m.session.token === seat.token;
      if (conn.invite === INVITE_REJOIN && seat.joined && !resumed) {
        this.refuse(conn, "This rejoin invite is for the player who had this seat, and this device cannot show it is theirs. "
          + "Ask the host for a new player invite.", m.n);
        this.logNet(conn.seat, "someone without this seat's key opened its rejoin invite: refused (a new player invite gives the seat to someone else)");
        conn.link.close();
        return undefined;
      }
      if (!resumed && seat.joined) seat.token = toHex(randomBytes(16)); // a new person: the old device's key stops working
      conn.hello = true;
      conn.strikes = 0;
      conn.name = name;
      seat.joined = true;
      if (name) { this.names[conn.seat] = name; seat.name = name; }
      if (seat.kind === "bot") this.setHolder(conn.seat, "remote");
      seat.state = "connected";
      this.logNet(conn.seat, resumed ? "rejoined" : "joined");
    } else {
      conn.hello = true;
      conn.strikes = 0;
      conn.name = name;
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
    if (this.started) await this.advance();
    else await this.dealtOrWait();
    return undefined;
  }

  waitingNotice() {
    const missing = this.deal.seats.flatMap((i) => (this.deal.seals.has(i) && this.seats[i].state === "connected" ? [] : [this.names[i]]));
    this.view.status("Waiting for the players on other devices to join…");
    this.view.notice(missing.length ? `The game starts when every player has joined. Waiting for: ${missing.join(", ")}. `
      + "Send each one their invite link (under “Players on other devices”); paste the answer code they send back." : "");
  }

  /** Every guest's bytes are in: derive the seed and open the engine table. */
  async begin() {
    if (this.started) return;
    this.seed = await this.deal.seed(this.seats.length, this.secret);
    /** From the last seal to the seed: what sealing the guests' bytes adds to the start (reported by the tests). */
    this.unsealMs = this.revealAskedAt ? Math.round(performance.now() - this.revealAskedAt) : 0;
    const played = this.tamper.seed ? await sha256Hex(`${this.seed}:tampered`) : this.seed;
    if (this.tamper.seed) this.seed = played;
    const reply = await this.engine.call("new", {
      game: this.setup.game.id, players: this.seats.length, seed: played, options: this.setup.options,
    });
    this.table = reply.table;
    this.version = reply.version;
    this.started = true;
    this.ledger.deal(this.seats.map((s) => holderOf(s.kind)));
    this.view.notice("");
    this.logNet(null, "everyone is here: the seed is made from the host's secret and the guests' bytes");
    this.save();
    await this.advance();
  }

  /**
   * The bot level that plays `seat` when a bot holds it: the lobby's choice for
   * a bot seat; a guest's seat handed to a bot (or a forfeited choice) plays at
   * the level of the table's first bot seat, Medium when it has none.
   * @param {number} seat @returns {string}
   */
  botLevel(seat) {
    return this.seats[seat].level ?? this.seats.find((s) => s.level)?.level ?? DEFAULT_BOT_LEVEL;
  }

  /** A bot's choice for `seat` at the current position (listed in the ledger with its level). @param {number} seat */
  chooseFor(seat) {
    return this.engine.call("bot", { table: this.table, seat, bot: this.botLevel(seat) });
  }

  /** @param {number} seat @param {any} action @param {number|null} botPly where a bot chose it, or null for a person */
  async act(seat, action, botPly) {
    await this.engine.call("act", { table: this.table, seat, action, version: this.version });
    this.ledger.play(seat, action, botPly, botPly === null ? null : this.botLevel(seat));
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
      if (probe.over) return this.finish(probe.result, probe.ending);
      if (this.round || probe.to_move.length > 1) {
        if (await this.runRound(probe.to_move)) continue;
        await this.broadcast();
        this.armTimer();
        return this.showOwn();
      }
      const mover = probe.to_move[0];
      if (this.seats[mover].kind === "bot") {
        await this.broadcast();
        await this.showOwn();
        await sleep(this.settings.botDelay ?? 600);
        if (this.closed) return;
        const choice = await this.chooseFor(mover);
        await this.act(mover, choice.action, this.version);
        continue;
      }
      await this.broadcast();
      this.armTimer();
      return this.showOwn();
    }
  }

  /** Start the turn timer's clocks on the guests the table now waits for. */
  armTimer() {
    const round = this.round;
    const remote = (/** @type {number} */ s) => this.seats[s].kind === "remote";
    const seats = !this.started || this.over ? []
      : round ? round.seats.filter((s) => remote(s) && (!round.commits.has(s) || (round.allCommitted() && !round.settled(s))))
        : this.toMove.filter(remote);
    const stamp = `${this.version}:${round ? `${round.commits.size}/${round.reveals.size}` : ""}`;
    this.timer.wait(seats, stamp);
  }

  /** The turn timer ran out for a seat. @param {number} seat */
  outOfTime(seat) {
    this.announce(`${this.names[seat]} ran out of time (${this.timer.seconds} s); a bot plays that seat now.`);
    void this.handToBot(seat);
  }

  /** @param {number} seconds */
  setTimer(seconds) {
    this.timer.set(seconds);
    this.logNet(null, seconds ? `turn timer: ${seconds} s` : "turn timer off");
    this.save();
  }

  /**
   * Who plays a seat from now on.  A seat whose choice in the open round is
   * already settled keeps it: the change waits until the round is played.
   * @param {number} i @param {"bot"|"remote"} kind
   */
  setHolder(i, kind) {
    const round = this.round;
    const settled = round && round.seats.includes(i) && (kind === "remote" ? round.commits.has(i) : round.settled(i));
    if (this.started && settled) {
      this.deferred.set(i, kind);
      this.logNet(i, kind === "bot" ? "goes to a bot once this round is played" : "gets the seat back once this round is played");
      return;
    }
    this.deferred.delete(i);
    this.seats[i].kind = kind;
    if (this.started) this.ledger.hold(i, kind);
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
        const choice = await this.chooseFor(s);
        const c = await commit(choice.action);
        this.ownChoices.set(s, { ...c, bot: true });
        round.commit(s, c.hash);
      }
    }
    if (round.allCommitted()) {
      for (const [s, c] of this.ownChoices) if (!round.settled(s)) await round.reveal(s, c.action, c.nonce);
    }
    this.save();
    if (!round.allRevealed()) return false;
    this.round = null;
    for (const s of round.seats) {
      const f = round.forfeits.get(s);
      if (f) {
        this.ledger.forfeits.push({ seat: s, version: round.version, reason: f.reason, action: f.action, nonce: f.nonce, step: this.version });
        await this.act(s, f.replacement, round.version);
        continue;
      }
      const r = /** @type {{action: any, nonce: string}} */ (round.reveals.get(s));
      this.ledger.reveals.push({ seat: s, version: round.version, action: r.action, nonce: r.nonce });
      await this.act(s, r.action, this.ownChoices.get(s)?.bot ? round.version : null);
    }
    this.ownChoices.clear();
    for (const [i, kind] of [...this.deferred]) this.setHolder(i, kind);
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
      this.ownChoices.set(seat, { ...c, bot: false });
      this.round.commit(seat, c.hash);
    } else {
      try {
        await this.act(seat, action, null);
      } catch (err) {
        this.report(err);
        this.view.board.moveRefused(); // the board drawn next puts the move shown ahead of the engine back
        return this.showOwn();
      }
    }
    this.save();
    return this.advance();
  }

  /** Send every connected guest its own view. */
  async broadcast() {
    for (const conn of this.conns) if (conn.hello) await this.sendEvent(conn);
  }

  /** @param {Conn} conn */
  async sendEvent(conn) {
    if (!this.started) {
      conn.link.send({
        t: "ev", ev: ++conn.ev, waiting: true, names: this.names, version: 0, deal: this.deal.publicState(),
        kinds: this.seats.map((s) => s.kind), ack: conn.lastN,
      });
      return;
    }
    const snap = await this.engine.call("view", { table: this.table, seat: conn.seat });
    const round = this.round?.publicState() ?? null;
    conn.link.send({
      t: "ev", ev: ++conn.ev, version: snap.version, view: snap.view, legal: snap.legal, forms: snap.forms, to_move: snap.to_move,
      over: snap.over, result: snap.result, hash: await viewHash(snap.view), round, names: this.names,
      away: this.seats.flatMap((s, i) => (s.kind === "remote" && s.state !== "connected" ? [i] : [])),
      kinds: this.seats.map((s) => s.kind), waiting: false, ack: conn.lastN,
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
    this.view.draw({ view: snap.view, legal: snap.legal, forms: snap.forms, viewer: seat, active, suffix, version: snap.version });
    this.view.setPhase(active ? "move" : "busy");
    if (active && seat !== null) this.view.offerLookBack(this.actions, seat);
  }

  /** @param {any} result @param {string} [ending] the engine's sentences on why it ended */
  async finish(result, ending) {
    const first = !this.over;
    this.over = true;
    this.result = result;
    await this.broadcast();
    await this.showOwn();
    if (first) {
      for (const conn of this.conns) if (conn.hello) await this.sendFair(conn);
      this.view.showResult(result, null, ending);
    }
    this.view.setPhase("over");
    this.save();
  }

  /** At the end: the secret, the guests' bytes and the whole ledger, for the guest's own check. @param {Conn} conn */
  async sendFair(conn) {
    const ledger = this.ledger.toJSON();
    const actions = ledger.actions.map((a) => ({ seat: a.seat, action: a.action }));
    if (this.tamper.log && actions.length > 2) actions[actions.length - 2] = actions[0];
    conn.link.send({
      t: "fair", secret: toB64url(this.secret), seed: this.seed, entropy: this.deal.listed(this.seats.length), actions,
      reveals: ledger.reveals, bots: ledger.bots, control: ledger.control, forfeits: ledger.forfeits,
    });
  }

  /**
   * Hand any guest's seat to a bot, at any time (a stalled or misbehaving
   * player can always be removed).  Before the deal, the seat simply leaves it,
   * unless every seal is already in.  In an open round, a sealed choice whose
   * reveal has not come is forfeited to the bot's own choice.
   * @param {number} i
   */
  handToBot(i) {
    return this.serial(async () => {
      const seat = this.seats[i];
      if (seat.kind === "bot" || seat.kind === "human") return;
      if (!this.started && !this.deal.drop(i)) {
        toast("Every guest has sealed its random bytes, so the seats can no longer change: the game starts when the last bytes arrive. "
          + "If a guest never reveals, start a new table.");
        return;
      }
      seat.conn?.link.close();
      seat.conn = null;
      seat.invite?.close();
      seat.invite = null;
      seat.state = "away";
      const round = this.round;
      const unrevealed = round && round.seats.includes(i) && round.commits.has(i) && !round.settled(i);
      this.setHolder(i, "bot");
      if (round && unrevealed) {
        const choice = await this.chooseFor(i);
        round.forfeit(i, { reason: "bot", replacement: choice.action });
        this.announce(`${this.names[i]}'s sealed choice never came; a bot chose for that seat this round.`);
      }
      this.logNet(i, "handed to a bot");
      this.save();
      this.renderPanel();
      if (this.started) await this.advance();
      else await this.dealtOrWait();
    });
  }

  /** Keep the table in this browser, so a reload restores it (js/net/store.js). */
  save() {
    if (this.closed || !this.claim?.held) return;
    saveHosted(this.id, {
      id: this.id, game: this.setup.game, options: this.setup.options, secret: toB64url(this.secret), seed: this.seed,
      seats: this.seats.map((s, i) => ({
        kind: s.kind, name: this.names[i], remote: s.remote, token: s.token, joined: s.joined, level: s.level,
      })),
      ...this.ledger.toJSON(), round: this.round?.toJSON() ?? null, ownChoices: [...this.ownChoices],
      deal: this.deal.toJSON(), deferred: [...this.deferred], timer: this.timer.seconds, over: this.over,
    });
    if (!this.seed) return; // not dealt yet: nothing to resume or replay
    // Listed with the lobby's saved games (resume restores through #host=<id>; finished ones replay).
    const now = Date.now();
    this.listedAt ??= now;
    this.listing = saveGame({
      id: `host-${this.id}`, game: this.setup.game.id, title: this.setup.game.title, options: this.setup.options,
      seed: this.seed, seats: this.seats.map((s, i) => ({
        kind: s.remote && s.kind !== "bot" ? "remote" : s.kind, name: this.names[i], ...(s.level ? { level: s.level } : {}),
      })),
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

  /** Redraw the connections panel soon; many changes in a burst cost one redraw. */
  renderPanel() {
    if (this.panelTimer) return;
    this.panelTimer = setTimeout(() => {
      this.panelTimer = 0;
      if (!this.closed) this.view.setNetPanel(renderHostPanel(this));
    }, 30);
  }

  leave() {
    this.closed = true;
    this.timer.stop();
    for (const c of this.conns) c.link.close();
    for (const s of this.seats) s.invite?.close();
    for (const s of this.spectators) s.invite.close();
    delete this.root.dataset.phase;
    if (this.table) this.engine.call("close", { table: this.table }).catch(() => {});
    this.claim?.releaseAfter(this.listing); // another tab may host it once the last listing is written
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

/** How a seat kind reads in the ledger's timeline. @param {string} kind @returns {"human"|"bot"|"remote"} */
function holderOf(kind) {
  return kind === "human" ? "human" : kind === "bot" ? "bot" : "remote";
}
