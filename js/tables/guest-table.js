// @ts-check
/**
 * A guest at a network table: answers the invite, then draws the views the
 * host sends and sends back intents.  It acts only on the view it was sent
 * (each action names that view's version), checks every event's view hash
 * (asking for its view again on a mismatch), takes part in secret rounds by
 * commit-then-reveal, seals its random bytes for the deal before revealing
 * them, and at the end checks the whole game with its own engine.  Its record
 * (seat, token, its bytes and the seals it saw, view hashes, commitments seen,
 * every move it sent and whether the host received or refused it, who held
 * each seat) survives a reload, so a rejoin keeps the fairness check whole.
 * One tab answers an invite: the same link opened in a second tab of this
 * browser waits for the first (js/tables/table-elsewhere.js).
 */
import { fillNames, h, toast } from "../common/dom.js";
import { count } from "../common/plural.js";
import { renderJoin, showAnswer, showJoinError } from "./p2p-join.js";
import { fromB64url, sha256Hex, viewHash } from "../net/bytes.js";
import { commit } from "../net/commit-reveal.js";
import { newEntropy, verifyFair } from "../net/fairness.js";
import { Link } from "../net/link.js";
import { answerInvitation } from "../net/peer.js";
import { MAX_HOST_MESSAGE } from "../net/protocol.js";
import { defaultIceServers, describeIce, iceChosen, iceServers } from "../net/settings.js";
import { lastGuestTable, loadGuest, rememberInvite, saveGuest, setLastGuestTable, tableForInvite } from "../net/store.js";
import { NetTableView } from "./table-view.js";
import { endingParagraph } from "./result-text.js";
import { decodeSignal } from "../net/signal-codec.js";
import { ownTable } from "./table-elsewhere.js";

/** Hex digits of the invite's hash that name its claim (128 bits: two invites never share one). */
const INVITE_CLAIM_HEX = 32;

/**
 * The claim an invite is answered under (js/store/table-lock.js): one per invite link.  A hash, not the
 * code itself: lock names are short, and every tab of the site may list them.
 * @param {string} code @returns {Promise<string>}
 */
async function inviteClaimId(code) {
  return `guest-${(await sha256Hex(code)).slice(0, INVITE_CLAIM_HEX)}`;
}

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
    /** @type {import("../store/table-lock.js").TableClaim|null} this tab's hold on the invite */
    this.claim = null;
  }

  async start() {
    let offer;
    try {
      offer = decodeSignal(this.code);
    } catch (err) {
      showJoinError(this.root, `This invite link is damaged: ${err.message}`);
      return;
    }
    // Only the tab that owns the invite answers it; another tab on the same link says so and may wait.
    this.claim = await ownTable(this.root, await inviteClaimId(this.code), {
      guest: true,
      refused: () => {
        this.root.replaceChildren();
        this.root.dataset.phase = "elsewhere";
      },
    });
    if (!this.claim) {
      this.leave();
      return;
    }
    // read after the claim: a tab that waited finds what the other tab did with this invite
    const usedFor = tableForInvite(this.code);
    const old = usedFor ? loadGuest(usedFor) : null;
    const previous = lastGuestTable() ? loadGuest(lastGuestTable()) : null;
    const notice = old
      ? `You already joined this table with this link as ${old.name}. Reloading the page closed the connection; `
        + "nothing is lost: ask the host for a rejoin invite (a button by your seat on the host's screen) and open it here."
      : "";
    renderJoin(this.root, {
      spectator: offer.seat === null, rejoin: offer.kind === 1, name: old?.name ?? previous?.name ?? "", notice,
      servers: describeIce(this.servers(offer)),
      onJoin: (name) => this.join(name),
    });
    this.root.dataset.phase = "join";
  }

  /** The servers this guest will use: its own choice, else the host's kind (public STUN only if the host used servers). @param {any} offer */
  servers(offer) {
    return iceChosen() ? iceServers() : offer.usesIce ? defaultIceServers() : [];
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
    this.linkNo = (saved?.links ?? 0) + 1;
    this.link.send({ t: "hello", name, session: saved ? { table: saved.table, token: saved.token } : null });
  }

  /**
   * Send a move (or a reveal) and remember it: at the end the check asks whether
   * every move the host received was played as sent.
   * @param {"act"|"reveal"} kind @param {number} version @param {Record<string, any>} message
   */
  sendMove(kind, version, message) {
    if (!this.link?.send(message)) return;
    this.session.sent.push({ kind, version, action: message.action, link: this.linkNo, n: this.link.outSeq, received: false, refused: false });
    this.saveSession();
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
    if (m.t === "note") {
      this.logNet(String(m.text));
      toast(fillNames(String(m.text), this.names), "info");
      return undefined;
    }
    if (m.t === "error") {
      const sent = this.session?.sent.find((/** @type {any} */ x) => x.link === this.linkNo && x.n === m.ref);
      if (sent) { sent.refused = true; this.saveSession(); }
      this.logNet(`refused: ${m.error}`);
      toast(fillNames(String(m.error), this.names));
      this.view?.board.moveRefused(); // the board drawn next puts a move shown ahead of the host's answer back
      if (this.last && !this.last.over) this.draw(this.last);
      return undefined;
    }
    if (m.t === "fair") return this.onFair(m);
    return undefined;
  }

  /** @param {any} m */
  async onWelcome(m) {
    const old = loadGuest(m.table);
    const resumed = old && old.seat === m.seat && old.commitment === m.commitment && old.token === m.token;
    this.session = resumed ? { ...old, name: this.name, links: this.linkNo } : {
      table: m.table, seat: m.seat, token: m.token, name: this.name, commitment: m.commitment,
      entropy: m.seat === null || m.started ? null : this.entropy, entropy_commits: null, views: {}, commits: [],
      sent: [], kinds_seen: [], joined_at: m.started ? null : 0, links: this.linkNo,
      game: m.game, players: m.players, options: m.options, result: null, pending: null,
    };
    this.saveSession();
    if (!m.started && m.seat !== null && this.session.entropy) {
      // The host's commitment is in hand (welcome): only now seal this device's bytes for the seed.
      this.link?.send({ t: "seal", hash: await sha256Hex(fromB64url(this.session.entropy)) });
    }
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
    this.acknowledge(m.ack);
    if (m.waiting) return this.onDealEvent(m.deal);
    if (this.session.joined_at === null) this.session.joined_at = m.version;
    const kinds = Array.isArray(m.kinds) ? m.kinds.map(String) : [];
    const seen = this.session.kinds_seen;
    const lastSeen = seen[seen.length - 1];
    if (!lastSeen || lastSeen[0] !== m.version || lastSeen[1].join() !== kinds.join()) seen.push([m.version, kinds]);
    if ((await viewHash(m.view)) !== m.hash) {
      this.logNet(`the view for move ${m.version} does not match its hash: asked for it again`);
      this.link?.send({ t: "sync" });
      return;
    }
    this.session.views[String(m.version)] = m.hash;
    const round = m.round;
    if (round) {
      for (const [seat, hash] of Object.entries(round.committed)) {
        if (!this.session.commits.some((/** @type {any} */ c) => c.seat === Number(seat) && c.version === round.version && c.hash === hash)) {
          this.session.commits.push({ seat: Number(seat), version: round.version, hash });
        }
      }
      const mine = this.session.pending;
      if (round.reveal && mine && mine.version === round.version && !mine.revealed) {
        mine.revealed = true;
        this.sendMove("reveal", round.version, { t: "reveal", seat: this.session.seat, version: round.version, action: mine.action, nonce: mine.nonce });
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

  /**
   * The host says which of this link's messages it has handled.
   * @param {any} ack
   */
  acknowledge(ack) {
    if (!Number.isInteger(ack) || !this.session) return;
    for (const x of this.session.sent) if (x.link === this.linkNo && x.n <= ack) x.received = true;
  }

  /**
   * Before the deal: once every guest's seal is in, record the list of seals
   * (the end check holds the host to it) and reveal this device's bytes.
   * @param {any} deal
   */
  async onDealEvent(deal) {
    const s = this.session;
    const taking = deal && s.seat !== null && Array.isArray(deal.seats) && deal.seats.includes(s.seat);
    const sealed = deal ? Object.keys(deal.sealed ?? {}).length : 0;
    this.view?.status(taking && deal.reveal ? "Every player is here: dealing…"
      : `Waiting for everyone to join… (${sealed} of ${deal?.seats?.length ?? "?"} players ready)`);
    if (!taking || !deal.reveal || !s.entropy) return;
    if (s.entropy_commits === null) {
      s.entropy_commits = { ...deal.sealed };
      this.saveSession();
    }
    if (this.unsealedOn !== this.linkNo) {
      this.unsealedOn = this.linkNo;
      this.link?.send({ t: "unseal", entropy: s.entropy });
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
    this.view.draw({ view: m.view, legal: m.legal, forms: Array.isArray(m.forms) ? m.forms : [], viewer: me, active, suffix });
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
      this.sendMove("act", m.version, { t: "act", seat, version: m.version, action });
    }
  }

  /** @param {any} m */
  async onFair(m) {
    const el = this.fairEl ?? h("p", { id: "fairness" });
    const s = this.session;
    const mine = {
      commitment: s.commitment, seat: s.seat, entropy: s.entropy ?? null, entropy_commits: s.entropy_commits ?? null,
      views: s.views, commits: s.commits, sent: s.sent ?? [], kinds_seen: s.kinds_seen ?? [], joined_at: s.joined_at ?? 0,
      game: s.game, players: s.players, options: s.options, result: s.result,
    };
    /** @type {import("../net/fairness.js").Outcome} */
    let outcome;
    const t0 = performance.now();
    try {
      outcome = await verifyFair(this.engine, mine, m);
    } catch (err) {
      outcome = { ok: false, steps: [{ name: "the check ran", ok: false, detail: err.message, blame: null }], notes: [] };
    }
    this.fairness = outcome;
    /** How long this device's check took (reported by the tests). */
    this.verifyMs = Math.round(performance.now() - t0);
    const failed = outcome.steps.find((x) => !x.ok);
    el.dataset.fair = outcome.ok ? "ok" : "failed";
    el.replaceChildren(
      outcome.ok
        ? `Verified fair: this device replayed ${m.actions.length === 1 ? "the 1 move" : `all ${m.actions.length} moves`} and every view it was shown (${count(outcome.steps.length, "check")}).`
        : `Not verified: the check "${failed?.name}" failed: ${String(failed?.detail).replace(/\.+$/, "")}.`
          + (failed?.blame === "host" ? " The host's device is responsible." : ""),
      ...outcome.notes.map((note) => h("span", { class: "fair-note" }, [` ${fillNames(note, this.names)}`])),
    );
    // why the game ended, in this device's own words: shown only once its replay agrees with the host
    const ending = outcome.ok ? endingParagraph(outcome.ending, this.names) : null;
    const headline = el.closest(".dialog")?.querySelector("h2");
    if (ending && headline && !headline.parentElement?.querySelector(".result-ending")) headline.after(ending);
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
    this.claim?.release();
    delete this.root.dataset.phase;
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    this.settings.onLeave();
  }
}
