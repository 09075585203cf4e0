// @ts-check
/**
 * The host of a network table.  Its engine worker holds the only full state;
 * guests send intents over their data channels, the engine checks them, and
 * every connection is sent only its own seat's view (js/tables/host-messages.js).
 *
 * Here: the table's state and its play: the deal (deal.js: the committed
 * secret and the guests' sealed bytes make the seed), simultaneous rounds by
 * commit-then-reveal whenever `to_move` names several seats, bots, who holds
 * each seat (a guest's seat may go to a bot at any time, js/tables/host-guests.js,
 * and an optional turn timer does it), the ledger every guest checks at the
 * end (ledger.js), the host's own board, and the saved copies: the whole
 * table in this browser (IndexedDB), which a reloaded host restores from (js/net/store.js),
 * and the saved game the lobby lists, kept as at a table on this device
 * (js/tables/table-lifecycle.js: a failed save is said at the table).
 * No game-specific code.
 */
import { botPause, sleep } from "../common/dom.js";
import { fromB64url, randomBytes, sha256Hex, toB64url, toHex } from "../net/bytes.js";
import { commit, Round } from "../net/commit-reveal.js";
import { Deal } from "../net/deal.js";
import { DEFAULT_BOT_LEVEL, Ledger } from "../net/ledger.js";
import { messageFields, newKeyPair, signerFrom, signingContext } from "../net/keys.js";
import { tableCode } from "../net/table-code.js";
import { TurnTimer } from "../net/turn-timer.js";
import { INVITE_REJOIN, INVITE_SEAT, wellFormed } from "../net/protocol.js";
import { saveHosted } from "../net/store.js";
import { NetTableView } from "./table-view.js";
import { renderHostPanel } from "./host-panel.js";
import { handToBot, invite } from "./host-guests.js";
import { announce, broadcast, sendFair, waitingNotice } from "./host-messages.js";
import { TableLifecycle } from "./table-lifecycle.js";
import { mailRecord, restoreMail } from "./mail-host.js";
import { enterTable } from "../common/table-history.js";
import { showNames } from "./shown-names.js";
import { downloadRecord } from "../store/records.js";

export { INVITE_REJOIN, INVITE_SEAT, INVITE_SPECTATOR } from "../net/protocol.js";
export { inviteLink } from "./host-guests.js";

/**
 * @typedef {{kind: string, name: string, level?: string, remote: boolean, key: string|null, joined: boolean,
 *   state: "inviting"|"connected"|"away"|"local", invite: import("../net/peer.js").Invitation|null, inviteLink: string, conn: Conn|null}} Seat
 * @typedef {{link: import("../net/link.js").Link, code: string, seat: number|null, hello: boolean, strikes: number, soft: number, ev: number, name: string,
 *   invite: number, lastN: number, pending: number, syncQueued: boolean, dealtSent?: boolean, fairSent?: boolean,
 *   farewell?: Promise<void>, answered?: () => void, mail: import("../net/mail-invite.js").MailEnd|null, mailLink?: string}} Conn
 */

export class HostTable extends TableLifecycle {
  /**
   * @param {import("../engine/bridge.js").Engine} engine
   * @param {HTMLElement} root
   * @param {{game: any, seats: {kind: string, name: string, level?: string}[], options: Record<string, any>}} setup
   * @param {{botDelay?: number, iceServers: RTCIceServer[], onLeave: () => void, saved?: any, mail?: boolean}} settings
   *   mail: the guests play by sending links (js/tables/mail-host.js), not over a live connection
   */
  constructor(engine, root, setup, settings) {
    const saved = settings.saved;
    const remote = setup.seats.map((s, i) => saved?.seats[i].remote ?? s.kind === "remote");
    const here = setup.seats.filter((s) => s.kind === "human").length;
    super(engine, root, {
      names: setup.seats.map((s) => wellFormed(s.name)), // every name must have a canonical spelling (js/net/canonical.js)
      // the person at this device (seated or watching) and every seat ever on another device
      people: Math.max(1, here) + remote.filter(Boolean).length,
      onLeave: settings.onLeave,
    });
    this.setup = setup;
    this.settings = settings;
    /** Played by sending links (docs/correspondence.md): the same table, another transport. */
    this.mail = saved ? !!(saved.byLinks ?? saved.mail) : !!settings.mail;
    /** @type {{publicKey: string, privateJwk: JsonWebKey}|null} this device's ECDH key for the links (made once) */
    this.mailKeys = null;
    this.mailRefresh = false;
    /** When the last move was played (the lobby's list of tables played by links says how long ago). */
    this.lastMoveAt = saved?.mailStatus?.at ?? Date.now();
    this.id = saved?.id ?? toHex(randomBytes(8));
    this.secret = saved ? fromB64url(saved.secret) : randomBytes(32);
    this.commitment = "";
    /** @type {Seat[]} */
    this.seats = setup.seats.map((s, i) => ({
      kind: saved?.seats[i].kind ?? s.kind, name: s.name, remote: remote[i],
      level: saved?.seats[i].level ?? s.level,
      key: saved?.seats[i].key ?? null, joined: saved?.seats[i].joined ?? !!saved?.seed,
      state: s.kind === "remote" || saved?.seats[i].remote ? (saved?.seed ? "away" : "inviting") : "local",
      invite: null, inviteLink: "", conn: null,
    }));
    if (saved) saved.seats.forEach((/** @type {any} */ s, /** @type {number} */ i) => { this.names[i] = s.name; });
    /** @type {string[]} the names as this screen shows them: a seat a bot plays says so (`refreshNames`) */
    this.shownNames = [];
    this.refreshNames();
    /**
     * The seating every guest is told in its welcome, fixed for the table: the host's person, a lobby bot
     * (with its level) or a guest's seat.  Guests hold the host to it (parlour.trust.seats).
     * @type {{kind: "human"|"bot"|"remote", level: string|null}[]}
     */
    this.seating = saved?.seating ?? setup.seats.map((s, i) => ({
      kind: remote[i] ? "remote" : s.kind === "bot" ? "bot" : "human", level: !remote[i] && s.kind === "bot" ? s.level ?? DEFAULT_BOT_LEVEL : null,
    }));
    /** The level of a bot that plays a guest's seat (handed over, or a forfeited choice): fixed when the table opens. */
    this.fallback = saved?.fallback ?? setup.seats.find((s) => s.kind === "bot" && s.level)?.level ?? DEFAULT_BOT_LEVEL;
    /** @type {{publicKey: string, privateJwk: any}} this device's key for the table: it signs the host's own people's moves */
    this.keyPair = saved?.keyPair ?? null;
    /** @type {{invite: import("../net/peer.js").Invitation, link: string, conn: Conn|null}[]} */
    this.spectators = [];
    /** @type {Conn[]} */
    this.conns = [];
    /** @type {number[]} */
    this.toMove = [];
    this.seed = saved?.seed ?? "";
    this.started = !!saved?.seed;
    this.over = false;
    /** @type {any} the result, once the game is over */
    this.result = null;
    /** @type {Round|null} */
    this.round = saved?.round ? Round.fromJSON(saved.round) : null;
    /** @type {Map<number, {action: any, nonce: string, hash: string, bot: boolean}>} the host's own seats' and bots' secret choices */
    this.ownChoices = new Map(saved?.ownChoices ?? []);
    /** The guests' sealed bytes for the seed (deal.js), made once for the table. */
    this.deal = saved?.deal ? Deal.fromJSON(saved.deal)
      : new Deal(this.seats.flatMap((s, i) => (s.remote && s.kind !== "bot" ? [i] : [])), "");
    /** The table code every screen shows (js/net/table-code.js), once the game is dealt. */
    this.code = "";
    /** Every applied move, bot listings, reveals, forfeits and who held each seat: revealed at the end. */
    this.ledger = new Ledger(saved);
    /** @type {Map<number, "bot"|"remote">} seat changes that wait for the open round to be played */
    this.deferred = new Map(saved?.deferred ?? []);
    this.timer = new TurnTimer(saved?.timer ?? 0, (s) => this.outOfTime(s), () => this.renderPanel());
    /** @type {{time: number, seat: number|null, text: string}[]} */
    this.netLog = [];
    /** Test hooks: `seed` plays a seed other than the fair one; `log` alters the revealed log. */
    this.tamper = { seed: false, log: false };
    /** When the last seal came (performance.now()), and from then to the seed: what sealing the guests' bytes adds to the start (reported by the tests). */
    this.revealAskedAt = 0;
    this.unsealMs = 0;
    /** @type {number|undefined} when the saved game was first listed */
    this.listedAt = undefined;
    /** @type {any} a pending panel redraw */
    this.panelTimer = 0;
    this.queue = Promise.resolve();
    /** @type {number|null} the local seat on screen */
    this.shown = this.seats.findIndex((s) => s.kind === "human");
    if (this.shown < 0) this.shown = null;
    this.view = new NetTableView(root, {
      gameId: setup.game.id, title: `${setup.game.title} · hosting`, names: this.shownNames,
      onAction: (a) => this.serial(() => this.onLocalAction(a)), onLeave: () => this.leave(),
      onExport: () => { if (this.saved) downloadRecord(this.saved); },
      // Replay last moves: the host's engine holds the table, so it can step back for the host's own seat
      lookBack: {
        fetch: (steps) => this.engine.call("view_back", { table: this.table, seat: this.shown, steps, previous: true }),
        showLive: () => this.serial(() => this.showOwn()),
      },
      saveProblem: this.saveStatus.el,
    });
    this.renderPanel();
  }

  /**
   * The names on this screen from the names the table sends and who plays each seat now (js/tables/shown-names.js):
   * after a guest's name comes, and whenever a seat goes to a bot or back to its player.
   */
  refreshNames() {
    showNames(this.shownNames, this.names, this.seats.map((s) => s.kind));
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
    this.deal.commitment ||= this.commitment;
    this.keyPair ??= await newKeyPair();
    this.signer = signerFrom(this.keyPair.privateJwk);
    if (this.started) await this.refreshCode();
    enterTable("host", `#host=${this.id}`); // Back returns to the lobby (js/common/table-history.js)
    // One tab hosts a table (js/tables/table-lifecycle.js); a tab that waited for it restores the other's last copy.
    const owned = await this.claimTable(`host-${this.id}`, {
      hosted: true,
      refused: () => {
        this.root.dataset.phase = "elsewhere";
        this.view.els.status.textContent = "Hosted in another tab";
        this.view.els.net.hidden = true; // its invites and seat buttons belong to the tab that hosts
      },
    });
    if (!owned) return;
    if (this.claim?.waited) return location.reload();
    if (this.started) {
      const reply = await this.engine.call("new", {
        game: this.setup.game.id, players: this.seats.length, seed: this.seed, options: this.setup.options,
        actions: this.settings.saved.actions,
      });
      this.table = reply.table;
      this.version = reply.version;
      this.logNet(null, this.mail ? `Table restored at move ${this.version}.` : `Table restored at move ${this.version}; send each player a rejoin invite.`);
    }
    const byLinks = await restoreMail(this, this.settings.saved?.mail); // (a seat of a live table may play by links)
    this.save();
    for (let i = 0; i < this.seats.length; i++) {
      const seat = this.seats[i];
      if (byLinks.has(i)) continue; // its links go on
      if (seat.remote && seat.kind !== "bot") void invite(this, i, this.started || seat.joined ? INVITE_REJOIN : INVITE_SEAT);
    }
    if (this.started) await this.serial(() => this.advance());
    else waitingNotice(this);
  }

  /**
   * A person takes a guest's seat before the game starts: while the list of seals is open the seat takes part
   * again; once it is final, a seat of the list may still reveal its bytes and any other sits this deal out.
   * The deal is made once: never again, whoever comes or goes (js/net/deal.js).
   * @param {number} seat @returns {boolean} whether the seat takes part in the deal
   */
  includeInDeal(seat) {
    return !this.started && this.deal.join(seat);
  }

  /** What every signature at this table is bound to (js/net/keys.js). */
  signing() {
    return signingContext({ table: this.id, game: this.setup.game.id, host_key: this.keyPair.publicKey, commitment: this.commitment });
  }

  /** The facts of the table that its code covers, as every welcome states them. */
  facts() {
    return {
      table: this.id, game: this.setup.game.id, options: this.setup.options, seating: this.seating, fallback: this.fallback,
      host_key: this.keyPair.publicKey,
    };
  }

  /** The table code for the keys that hold the seats now (shown on the host's panel; every guest makes the same). */
  async refreshCode() {
    if (!this.started) return;
    const code = await tableCode(this.facts(), this.deal.record(), this.currentKeys());
    if (code === this.code) return;
    this.code = code;
    this.renderPanel();
  }

  /** Every guest's bytes are in: derive the seed and open the engine table. */
  async begin() {
    if (this.started) return;
    this.seed = await this.deal.seed(this.seats.length, this.secret);
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
    this.seats.forEach((s, i) => { if (s.remote && s.key) this.ledger.key(i, s.key); });
    await this.refreshCode();
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
    return this.seating[seat].level ?? this.fallback;
  }

  /** The key holding each seat now, as events show it (null for the host's own seats and bots that never had a guest). */
  currentKeys() {
    return this.started ? this.ledger.currentKeys(this.seats.length) : this.seats.map((s) => (s.remote ? s.key : null));
  }

  /** The guests' seats the table waits for now (a move, a sealed choice or its reveal): the turn timer's seats. */
  waitingFor() {
    const round = this.round;
    const remote = (/** @type {number} */ s) => this.seats[s].kind === "remote";
    if (!this.started) return this.deal.awaited().filter(remote); // the reveal step: bytes not yet in
    return this.over ? []
      : round ? round.seats.filter((s) => remote(s) && (!round.commits.has(s) || (round.allCommitted() && !round.settled(s))))
        : this.toMove.filter(remote);
  }

  /** A bot's choice for `seat` at the current position (listed in the ledger with its level). @param {number} seat */
  chooseFor(seat) {
    return this.engine.call("bot", { table: this.table, seat, bot: this.botLevel(seat) });
  }

  /**
   * @param {number} seat @param {any} action @param {number|null} botPly where a bot chose it, or null for a person
   * @param {string|null} [sig] a guest's signature over the move; the host signs its own people's moves itself
   */
  async act(seat, action, botPly, sig = null) {
    await this.engine.call("act", { table: this.table, seat, action, version: this.version });
    const signature = sig ?? (botPly === null && this.seats[seat].kind === "human"
      ? await this.signer.sign(messageFields(this.signing(), seat, { t: "act", version: this.version, action })) : null);
    this.ledger.play(seat, action, botPly, botPly === null ? null : this.botLevel(seat), signature);
    this.version += 1;
    this.lastMoveAt = Date.now();
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
        await broadcast(this);
        this.armTimer();
        return this.showOwn();
      }
      const mover = probe.to_move[0];
      if (this.seats[mover].kind === "bot") {
        await broadcast(this);
        await this.showOwn();
        await sleep(botPause(this.board, this.settings.botDelay ?? 600));
        if (this.closed) return;
        const choice = await this.chooseFor(mover);
        await this.act(mover, choice.action, this.version);
        if (this.conns.some((c) => c.pending > 0)) {
          // a guest's message waits (a rejoin's hello, say): it goes first, and the bots play on after it
          void this.serial(() => this.advance());
          return undefined;
        }
        continue;
      }
      await broadcast(this);
      this.armTimer();
      return this.showOwn();
    }
  }

  /** Start the turn timer's clocks on the guests the table now waits for. */
  armTimer() {
    const round = this.round;
    const seats = this.waitingFor();
    const stamp = `${this.version}:${round ? `${round.commits.size}/${round.reveals.size}` : ""}`;
    this.timer.wait(seats, stamp);
  }

  /** The turn timer ran out for a seat. @param {number} seat */
  outOfTime(seat) {
    announce(this, `${this.names[seat]} ran out of time (${this.timer.seconds} s); a bot plays that seat now.`);
    void handToBot(this, seat, true);
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
    this.refreshNames();
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
      for (const [s, c] of this.ownChoices) {
        if (round.settled(s)) continue;
        const sig = c.bot ? undefined
          : await this.signer.sign(messageFields(this.signing(), s, { t: "reveal", version: round.version, action: c.action, nonce: c.nonce }));
        await round.reveal(s, c.action, c.nonce, sig);
      }
    }
    this.save();
    if (!round.allRevealed()) return false;
    this.round = null;
    for (const s of round.seats) {
      const f = round.forfeits.get(s);
      if (f) {
        this.ledger.forfeits.push({
          seat: s, version: round.version, reason: f.reason, action: f.action, nonce: f.nonce, ...(f.sig ? { sig: f.sig } : {}), step: this.version,
        });
        await this.act(s, f.replacement, round.version);
        continue;
      }
      const r = /** @type {{action: any, nonce: string}} */ (round.reveals.get(s));
      this.ledger.reveals.push({ seat: s, version: round.version, action: r.action, nonce: r.nonce, ...(r.sig ? { sig: r.sig } : {}) });
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
    await broadcast(this);
    await this.showOwn();
    // every guest gets the whole record once, after the event that ended the game (a guest back after the end too)
    for (const conn of this.conns) if (conn.hello && !conn.fairSent) await sendFair(this, conn);
    if (first) this.view.showResult(result, null, ending);
    this.view.setPhase("over");
    this.saveStatus.refresh(); // over: the record may be offered now
    this.save();
  }

  /**
   * Keep the table in this browser, so a reload restores it (js/net/store.js), and once dealt, the saved
   * game the lobby lists (resume restores through #host=<id>; finished ones replay), written as every
   * table's is (js/tables/table-lifecycle.js).
   */
  save() {
    if (this.closed || !this.claim?.held) return;
    saveHosted(this.id, {
      id: this.id, game: this.setup.game, options: this.setup.options, secret: toB64url(this.secret), seed: this.seed,
      seats: this.seats.map((s, i) => ({
        kind: s.kind, name: this.names[i], remote: s.remote, key: s.key, joined: s.joined, level: s.level,
      })),
      seating: this.seating, fallback: this.fallback, keyPair: this.keyPair,
      ...this.ledger.toJSON(), round: this.round?.toJSON() ?? null, ownChoices: [...this.ownChoices],
      deal: this.deal.toJSON(), deferred: [...this.deferred], timer: this.timer.seconds, over: this.over,
      byLinks: this.mail, mail: mailRecord(this),
      ...(this.mail || this.mailKeys ? { mailStatus: this.mailStatus() } : {}),
    });
    if (!this.seed) return; // not dealt yet: nothing to resume or replay
    const now = Date.now();
    this.listedAt ??= now;
    this.saved = {
      id: `host-${this.id}`, game: this.setup.game.id, title: this.setup.game.title, options: this.setup.options,
      seed: this.seed, seats: this.seats.map((s, i) => ({
        kind: s.remote && s.kind !== "bot" ? "remote" : s.kind, name: this.names[i], ...(s.level ? { level: s.level } : {}),
      })),
      actions: this.actions.map((a) => ({ seat: a.seat, action: a.action })), result: this.result ?? null,
      created: this.listedAt, updated: now, host: { id: this.id, ...(this.mail ? { mail: true } : {}) },
    };
    this.queueSave();
  }

  /**
   * How the lobby lists a table played by links (js/ui/link-tables.js): waiting for this device (a link to send, or
   * its own person's move) or for others, and since when.
   */
  mailStatus() {
    const linkToSend = this.conns.some((c) => c.mail && c.mailLink);
    const ownTurn = this.started && !this.over && this.toMove.some((s) => this.seats[s]?.kind === "human");
    return {
      title: this.setup.game.title, waiting: linkToSend || ownTurn ? "you" : "others",
      last: !this.started ? "waiting for the players to join" : this.over ? "the game is over" : `after move ${this.version}`,
      at: this.lastMoveAt,
    };
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
    // the claim goes once the last listing is written (another tab may host the table then); the lobby's
    // history entry comes back with the lobby (js/main.js)
    super.leave();
  }
}

/** How a seat kind reads in the ledger's timeline. @param {string} kind @returns {"human"|"bot"|"remote"} */
function holderOf(kind) {
  return kind === "human" ? "human" : kind === "bot" ? "bot" : "remote";
}
