// @ts-check
/**
 * A guest at a network table: answers the invite, then draws the views the
 * host sends and sends back intents.  It acts only on the view it was sent
 * (each action names that view's version), checks every event's view hash
 * (asking for its view again on a mismatch), takes part in secret rounds by
 * commit-then-reveal, and at the end checks the whole game with its own
 * engine.  Its record (seat, token, view hashes, commitments seen) survives a
 * reload, so a rejoin keeps the fairness check whole.
 */
import { fillNames, h, toast } from "../ui/dom.js";
import { renderJoin, showAnswer, showJoinError } from "../ui/p2p-join.js";
import { viewHash } from "./bytes.js";
import { commit } from "./commit-reveal.js";
import { newEntropy, verifyFair } from "./fairness.js";
import { Link } from "./link.js";
import { answerInvitation } from "./peer.js";
import { MAX_HOST_MESSAGE } from "./protocol.js";
import { defaultIceServers, iceChosen, iceServers } from "./settings.js";
import { lastGuestTable, loadGuest, rememberInvite, saveGuest, setLastGuestTable, tableForInvite } from "./store.js";
import { NetTableView } from "./table-view.js";
import { decodeSignal } from "./signal-codec.js";

export class GuestTable {
  /**
   * @param {import("../engine/bridge.js").Engine} engine
   * @param {HTMLElement} root
   * @param {{code: string, onLeave: () => void}} settings
   */
  constructor(engine, root, settings) {
    this.engine = engine;
    this.root = root;
    this.code = settings.code;
    this.settings = settings;
    /** @type {Link|null} */
    this.link = null;
    /** @type {any} */
    this.session = null;
    /** @type {NetTableView|null} */
    this.view = null;
    /** @type {string[]} */
    this.names = [];
    /** @type {any} the last event */
    this.last = null;
    this.lastEv = 0;
    this.queue = Promise.resolve();
    /** @type {any[]} every message received, for tests (the no-leak check) */
    this.received = [];
    /** @type {{time: number, text: string}[]} */
    this.netLog = [];
    /** @type {HTMLElement|null} */
    this.fairEl = null;
    this.entropy = newEntropy();
    this.connectedAt = 0;
  }

  start() {
    let offer;
    try {
      offer = decodeSignal(this.code);
    } catch (err) {
      showJoinError(this.root, `This invite link is damaged: ${err.message}`);
      return;
    }
    const usedFor = tableForInvite(this.code);
    const old = usedFor ? loadGuest(usedFor) : null;
    const previous = lastGuestTable() ? loadGuest(lastGuestTable()) : null;
    const notice = old
      ? `You already joined this table with this link as ${old.name}. Reloading the page closed the connection; `
        + "nothing is lost: ask the host for a rejoin invite (a button by your seat on the host's screen) and open it here."
      : "";
    renderJoin(this.root, {
      spectator: offer.seat === null, rejoin: offer.kind === 1, name: old?.name ?? previous?.name ?? "", notice,
      onJoin: (name) => this.join(name),
    });
    this.root.dataset.phase = "join";
  }

  /** @param {string} name */
  async join(name) {
    this.name = name;
    const t0 = performance.now();
    let answer;
    try {
      answer = await answerInvitation(this.code, iceChosen() ? iceServers() : null, defaultIceServers());
    } catch (err) {
      showJoinError(this.root, `Could not answer this invite: ${err.message}`);
      return;
    }
    this.answerCode = answer.code;
    this.answerMs = Math.round(performance.now() - t0);
    showAnswer(this.root, answer.code, this.engine);
    try {
      await answer.open;
    } catch (err) {
      showJoinError(this.root, `${err.message} Ask the host for a new invite link.`);
      return;
    }
    this.connectedAt = performance.now();
    this.link = new Link(answer.channel, answer.pc, {
      maxIn: MAX_HOST_MESSAGE,
      onMessage: (m) => { this.queue = this.queue.then(() => this.onMessage(m)).catch((e) => console.error(e)); },
      onBad: (reason) => this.logNet(`host message refused: ${reason}`),
      onAway: () => this.connection("The host is not answering…"),
      onBack: () => this.connection(""),
      onClose: () => this.connection("The connection to the host closed. Ask the host for a rejoin invite; nothing is lost."),
    }, answer.early);
    const lastTable = lastGuestTable();
    const saved = lastTable ? loadGuest(lastTable) : null;
    this.link.send({
      t: "hello", name, entropy: this.entropy,
      session: saved ? { table: saved.table, token: saved.token } : null,
    });
  }

  /** @param {string} text */
  connection(text) {
    this.logNet(text || "the host is back");
    const line = this.root.querySelector(".p2p-connection");
    if (line) line.textContent = text;
    if (text && this.view && this.root.dataset.phase !== "over") this.view.setPhase("busy");
  }

  /** @param {any} m */
  async onMessage(m) {
    this.received.push(m);
    if (m.t === "welcome") return this.onWelcome(m);
    if (m.t === "ev") return this.onEvent(m);
    if (m.t === "error") {
      this.logNet(`refused: ${m.error}`);
      toast(fillNames(String(m.error), this.names));
      if (this.last && !this.last.over) this.draw(this.last);
      return undefined;
    }
    if (m.t === "fair") return this.onFair(m);
    return undefined;
  }

  /** @param {any} m */
  onWelcome(m) {
    const old = loadGuest(m.table);
    const resumed = old && old.seat === m.seat && old.commitment === m.commitment;
    this.session = resumed ? { ...old, token: m.token, name: this.name, entropy: m.started ? old.entropy : this.entropy } : {
      table: m.table, seat: m.seat, token: m.token, name: this.name, commitment: m.commitment,
      entropy: m.seat === null ? null : this.entropy, views: {}, commits: [], game: m.game, players: m.players,
      options: m.options, result: null, pending: null,
    };
    this.saveSession();
    rememberInvite(this.code, m.table);
    setLastGuestTable(m.table);
    this.names.splice(0, this.names.length, ...m.names);
    this.root.dataset.role = m.spectator ? "spectator" : "guest";
    this.view = new NetTableView(this.root, {
      gameId: m.game, title: m.spectator ? `${m.title} · watching` : m.title, names: this.names,
      onAction: (a) => { this.queue = this.queue.then(() => this.onAction(a)); }, onLeave: () => this.leave(),
    });
    this.view.setNetPanel(h("div", { class: "p2p-guest" }, [
      h("p", {}, [m.spectator ? "Watching; the host's device runs the game." : `You play seat ${m.seat + 1}; the host's device runs the game.`]),
      h("p", { class: "p2p-connection", role: "status" }),
    ]));
    this.view.status(resumed ? "Rejoined: waiting for the table…" : "Connected: waiting for the table…");
    this.logNet(resumed ? "rejoined" : "joined");
  }

  /** @param {any} m */
  async onEvent(m) {
    if (!this.view || !this.session) return;
    if (m.ev !== this.lastEv + 1) this.logNet(`event ${m.ev} after ${this.lastEv}: asked for the view again`);
    this.lastEv = m.ev;
    if (Array.isArray(m.names)) this.names.splice(0, this.names.length, ...m.names.map(String));
    if (m.waiting) {
      this.view.status("Waiting for everyone to join…");
      return;
    }
    if ((await viewHash(m.view)) !== m.hash) {
      this.logNet(`the view for move ${m.version} does not match its hash: asked for it again`);
      this.link?.send({ t: "sync" });
      return;
    }
    this.session.views[String(m.version)] = m.hash;
    const round = m.round;
    if (round) {
      for (const [seat, hash] of Object.entries(round.committed)) {
        if (!this.session.commits.some((c) => c.seat === Number(seat) && c.version === round.version)) {
          this.session.commits.push({ seat: Number(seat), version: round.version, hash });
        }
      }
      const mine = this.session.pending;
      if (round.reveal && mine && mine.version === round.version && !mine.revealed) {
        mine.revealed = true;
        this.link?.send({ t: "reveal", seat: this.session.seat, version: round.version, action: mine.action, nonce: mine.nonce });
      }
    }
    if (m.over) this.session.result = m.result;
    this.saveSession();
    this.last = m;
    this.draw(m);
    if (m.over && !this.fairEl) {
      this.fairEl = h("p", { id: "fairness", class: "fairness", "data-fair": "checking" }, ["Checking the game with this device's own engine…"]);
      this.view.showResult(m.result, this.fairEl);
    }
  }

  /** @param {any} m */
  draw(m) {
    if (!this.view) return;
    const me = this.session.seat;
    const round = m.round;
    const committed = round && me !== null && (String(me) in round.committed
      || (this.session.pending && this.session.pending.version === round.version));
    const active = me !== null && !m.over && m.legal.length > 0 && m.to_move.includes(me)
      && !(round && committed) && !(m.away || []).includes(me);
    let suffix = this.view.moverText(m.to_move, me);
    if (round) suffix += ` · ${Object.keys(round.committed).length} of ${round.seats.length} committed`;
    if (round && committed) suffix += " · your choice is sealed";
    this.view.draw({ view: m.view, legal: m.legal, viewer: me, active, suffix });
    this.view.setPhase(m.over ? "over" : active ? "move" : "busy");
  }

  /** @param {any} action */
  async onAction(action) {
    const m = this.last;
    if (!m || !this.link || !this.view) return;
    this.view.setPhase("busy");
    const seat = this.session.seat;
    if (m.round && m.round.seats.includes(seat)) {
      const c = await commit(action);
      this.session.pending = { ...c, version: m.round.version, revealed: false };
      this.saveSession();
      this.link.send({ t: "commit", seat, version: m.version, hash: c.hash });
      this.draw(m);
    } else {
      this.link.send({ t: "act", seat, version: m.version, action });
    }
  }

  /** @param {any} m */
  async onFair(m) {
    const el = this.fairEl ?? h("p", { id: "fairness" });
    const record = { ...this.session, result: this.session.result };
    let outcome;
    try {
      outcome = await verifyFair(this.engine, record, m);
    } catch (err) {
      outcome = { ok: false, steps: [{ name: "the check ran", ok: false, detail: err.message }] };
    }
    this.fairness = outcome;
    const failed = outcome.steps.find((s) => !s.ok);
    el.dataset.fair = outcome.ok ? "ok" : "failed";
    el.replaceChildren(outcome.ok
      ? `Verified fair: this device replayed all ${m.actions.length} moves and every view it was shown (${outcome.steps.length} checks).`
      : `Not verified: the check "${failed?.name}" failed: ${String(failed?.detail).replace(/\.+$/, "")}.`);
  }

  saveSession() {
    if (this.session) saveGuest(this.session.table, this.session);
  }

  /** @param {string} text */
  logNet(text) {
    this.netLog.push({ time: Date.now(), text });
  }

  leave() {
    this.link?.send({ t: "bye" });
    this.link?.close();
    delete this.root.dataset.phase;
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    this.settings.onLeave();
  }
}
