// @ts-check
/**
 * A guest at a network table: answers the invite, then draws the views the
 * host sends and sends back intents.  It acts only on the view it was sent
 * (each action names that view's version), checks every event's view hash
 * (asking for its view again on a mismatch), takes part in secret rounds by
 * commit-then-reveal, seals its random bytes for the deal before revealing
 * them, and at the end checks the whole game with its own engine.  Its record
 * (seat, its keys, its bytes and the seals it saw, view hashes, commitments seen,
 * every move it sent and whether the host received or refused it, who held
 * each seat) survives a reload, so a rejoin keeps the fairness check whole.
 * One tab answers an invite: the same link opened in a second tab of this
 * browser waits for the first (js/tables/table-elsewhere.js).
 */
import { fillNames, h, toast } from "../common/dom.js";
import { renderFinished, renderJoin, showAnswer, showJoinError } from "./p2p-join.js";
import { sha256Hex } from "../net/bytes.js";
import { GuestProtocol } from "../net/guest-protocol.js";
import { INVITE_REJOIN } from "../net/protocol.js";
import { tableCodeLine } from "./p2p-codes.js";
import { drawVerdict } from "./verdict.js";
import { endChecks } from "./recheck-service.js";
import { Link } from "../net/link.js";
import { answerInvitation } from "../net/peer.js";
import { MAX_HOST_MESSAGE, wellFormed } from "../net/protocol.js";
import { defaultIceServers, describeIce, iceChosen, iceServers } from "../net/settings.js";
import { lastGuestTable, loadGuest, rememberInvite, saveGuest, setLastGuestTable, tableForInvite } from "../net/store.js";
import { NetTableView } from "./table-view.js";
import { endingParagraph } from "./result-text.js";
import { decodeSignal } from "../net/signal-codec.js";
import { ownTable } from "./table-elsewhere.js";
import { drawMailSlot, startMailGuest } from "./mail-guest.js";
import { readHeader } from "../net/mail-codec.js";
import { kindsOf, showNames } from "./shown-names.js";
import { downloadRecord } from "../store/records.js";

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
   * @param {{code: string, onLeave: () => void, mail?: boolean}} settings mail: `code` is a `#mail=` payload (a table
   *   played by sending links, js/tables/mail-guest.js)
   */
  constructor(engine, root, settings) {
    this.engine = engine;
    this.root = root;
    this.code = settings.code;
    this.settings = settings;
    /** @type {Link|null} */
    this.link = null;
    /** @type {NetTableView|null} */
    this.view = null;
    /** @type {string[]} the seats' names as the host sends them (and the records keep them) */
    this.names = [];
    /** @type {string[]} the same as this screen shows them: a seat a bot plays says so (js/tables/shown-names.js) */
    this.shownNames = [];
    /** @type {string[]} who plays each seat ("human", "bot", "remote"), as the host's last message said */
    this.kinds = [];
    /** @type {any} the last event */
    this.last = null;
    this.queue = Promise.resolve();
    /** @type {any[]} every message received, for tests (the no-leak check) */
    this.received = [];
    /** @type {{time: number, text: string}[]} */
    this.netLog = [];
    /** @type {HTMLElement|null} */
    this.fairEl = null;
    /** The protocol's state machine: what this guest accepts, records and sends (js/net/guest-protocol.js). */
    this.protocol = new GuestProtocol({ inviteCode: this.code, load: loadGuest, save: (s) => saveGuest(s.table, s) });
    this.connectedAt = 0;
    /** @type {import("../store/table-lock.js").TableClaim|null} this tab's hold on the invite */
    this.claim = null;
    /** @type {any} the invite this table answers (decoded): its kind says whether it is a rejoin */
    this.offer = null;
    /** @type {HTMLElement|null} where the table code shows on the guest's panel */
    this.codeEl = null;
    /** @type {import("./verdict.js").Verdict|null} the verdict shown last (stage one's while the bots are searched again) */
    this.verdict = null;
    /** By links (js/tables/mail-guest.js): the link's end, this table's record, the link to send, and its panel part. */
    this.mail = !!settings.mail;
    /** @type {import("../net/mail-invite.js").MailEnd|null} */
    this.mailEnd = null;
    /** @type {any} */
    this.mailRecord = null;
    this.mailLink = "";
    /** @type {HTMLElement|null} */
    this.mailSlot = null;
    /** @type {HTMLElement|undefined} */
    this.mailBox = undefined;
    /** @type {any} the host's welcome on this link */
    this.welcomeMessage = null;
    /** @type {string|undefined} */
    this.name = undefined;
    /** @type {import("../store/games-db.js").SavedGame|null} this device's record of the finished game (with its verdict so far): what "Export record" saves */
    this.record = null;
    this.linkNo = 0;
  }

  async start() {
    if (this.mail) return this.startByLinks();
    let offer;
    try {
      offer = decodeSignal(this.code);
    } catch (err) {
      showJoinError(this.root, `This invite link is damaged: ${err.message}`);
      return;
    }
    this.offer = offer;
    // Only the tab that owns the invite answers it; another tab on the same link says so and may wait.
    if (!(await this.claimIn(await inviteClaimId(this.code)))) return;
    // read after the claim: a tab that waited finds what the other tab did with this invite
    const usedFor = tableForInvite(this.code);
    const old = usedFor ? loadGuest(usedFor) : null;
    const previous = lastGuestTable() ? loadGuest(lastGuestTable()) : null;
    if (old?.over && !old.failure) {
      renderFinished(this.root, { name: old.name ?? "", onLobby: () => this.leave() });
      this.root.dataset.phase = "finished";
      return;
    }
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

  /** A table played by sending links: one tab at a time holds it, as with an invite (js/tables/mail-guest.js). */
  async startByLinks() {
    let id = "";
    try {
      const h0 = readHeader(this.code, true);
      id = `mail-${h0.table}-${h0.seat}`;
    } catch (err) {
      showJoinError(this.root, err instanceof Error ? err.message : String(err));
      return;
    }
    if (!(await this.claimIn(id))) return;
    await startMailGuest(this, this.code);
  }

  /**
   * Hold this table (or invite) in this tab: another tab holding it says so, and this one may wait for it.
   * @param {string} id @returns {Promise<boolean>} false: it stays with the other tab (this one has left)
   */
  async claimIn(id) {
    this.claim = await ownTable(this.root, id, {
      guest: true,
      refused: () => {
        this.root.replaceChildren();
        this.root.dataset.phase = "elsewhere";
      },
    });
    if (this.claim) return true;
    this.leave();
    return false;
  }

  /** The servers this guest will use: its own choice, else the host's kind (public STUN only if the host used servers). @param {any} offer */
  servers(offer) {
    return iceChosen() ? iceServers() : offer.usesIce ? defaultIceServers() : [];
  }

  /** @param {string} name */
  async join(name) {
    this.name = wellFormed(name);
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
    // this device's links to the table, counted in its record (a record from before the count kept it in `links`)
    this.linkNo = (saved?.link_count ?? (typeof saved?.links === "number" ? saved.links : 0)) + 1;
    this.send([await this.protocol.hello(this.name, saved, this.linkNo, { rejoin: this.offer?.kind === INVITE_REJOIN })]);
  }

  get session() {
    return this.protocol.session;
  }

  /**
   * Send what the protocol asks; a move or reveal going out is remembered with its
   * number on this link (the host's `ack` and `error.ref` name it).
   * @param {any[]} messages
   */
  send(messages) {
    for (const message of messages) {
      if (!this.link?.send(message)) continue;
      if (message.track) {
        message.track.n = this.link.outSeq;
        this.saveSession();
      }
    }
  }

  /** @param {string} text */
  connection(text) {
    this.logNet(text || "the host is back");
    const line = this.root.querySelector(".p2p-connection");
    // a table the host's breach ended stays ended: no rejoin to ask for
    if (line) line.textContent = text && this.protocol.state === "failed" ? "This table has ended: the host broke its protocol." : text;
    if (text && this.view && this.root.dataset.phase !== "over") this.view.setPhase("busy");
  }

  /** @param {any} m */
  async onMessage(m) {
    this.received.push(m);
    const effects = await this.protocol.receive(m);
    this.send(effects.send);
    if (effects.failure) return this.onBreach(effects.failure);
    if (effects.welcome) return this.onWelcome(effects.welcome);
    if (effects.note !== undefined) {
      this.logNet(effects.note);
      toast(fillNames(effects.note, this.shownNames), "info");
    }
    if (effects.refused !== undefined) {
      this.logNet(`refused: ${effects.refused}`);
      toast(fillNames(effects.refused, this.shownNames));
      this.view?.board.moveRefused(); // the board drawn next puts a move shown ahead of the host's answer back
      if (this.last && !this.last.over) this.draw(this.last);
    }
    if (effects.deal) this.onDealEvent(effects.deal);
    if (effects.draw) this.onEvent(effects.draw);
    if (effects.fair) return this.onFair(effects.fair);
    return undefined;
  }

  /** @param {any} m */
  onWelcome(m) {
    this.welcomeMessage = m;
    const resumed = this.session.links > 1 && Object.keys(this.session.views).length > 0;
    rememberInvite(this.code, m.table);
    setLastGuestTable(m.table);
    this.names.splice(0, this.names.length, ...m.names);
    this.kinds = kindsOf(m, Array.isArray(m.seating) ? m.seating.map((/** @type {any} */ s) => String(s?.kind)) : []);
    showNames(this.shownNames, this.names, this.kinds);
    this.root.dataset.role = m.spectator ? "spectator" : "guest";
    this.view = new NetTableView(this.root, {
      gameId: m.game, title: m.spectator ? `${m.title} · watching` : m.title, names: this.shownNames,
      onAction: (a) => { this.queue = this.queue.then(() => this.onAction(a)); }, onLeave: () => this.leave(),
      onExport: () => { if (this.record) downloadRecord(this.record); }, recordLater: true,
    });
    this.codeEl = h("div", { class: "p2p-code" });
    this.view.setNetPanel(h("div", { class: "p2p-guest" }, [
      h("p", {}, [m.spectator ? "Watching; the host's device runs the game." : `You play seat ${m.seat + 1}; the host's device runs the game.`]),
      this.codeEl,
      h("p", { class: "p2p-connection", role: "status" }),
      this.mail ? (this.mailSlot = h("div", { class: "mail-guest" })) : null,
    ]));
    if (this.mail) drawMailSlot(this);
    this.view.status(resumed ? "Rejoined: waiting for the table…" : "Connected: waiting for the table…");
    this.logNet(resumed ? "rejoined" : "joined");
  }

  /**
   * The host broke the protocol (a second welcome, a reveal asked for too early,
   * a changed commitment…): the table ends here, and the verdict names the host.
   * @param {string} reason
   */
  onBreach(reason) {
    this.logNet(`the host broke the protocol: ${reason}`);
    this.link?.close();
    const el = this.fairEl ?? h("p", { id: "fairness", class: "fairness" });
    this.fairEl = el;
    const steps = [{ name: "the host keeps to the protocol", ok: false, detail: reason, blame: "host" }];
    el.dataset.fair = "failed";
    el.dataset.kind = "failed";
    el.replaceChildren(`Not verified: the host broke the table's protocol (${reason}). The host's device is responsible; this table has ended.`);
    this.fairness = { ok: false, kind: "failed", steps, notes: [] };
    if (this.view) {
      this.view.recordReady("never"); // no seed, no moves to keep: nothing to export
      this.view.status("This table has ended: the host broke the protocol.");
      this.view.setPhase("over");
      if (!el.isConnected) this.view.showResult(this.last?.result ?? null, el);
    } else {
      showJoinError(this.root, `This table has ended: the host broke the protocol (${reason}).`);
    }
  }

  /** @param {any} m an event the protocol accepted */
  onEvent(m) {
    if (!this.view) return;
    if (Array.isArray(m.names)) this.names.splice(0, this.names.length, ...m.names.map(String));
    this.kinds = kindsOf(m, this.kinds);
    showNames(this.shownNames, this.names, this.kinds);
    this.last = m;
    this.draw(m);
    const code = this.session?.code ?? "";
    if (this.codeEl && this.codeEl.dataset.code !== code) {
      this.codeEl.dataset.code = code;
      this.codeEl.replaceChildren(tableCodeLine(code) ?? "");
    }
    if (m.over && !this.fairEl) {
      this.fairEl = h("p", { id: "fairness", class: "fairness", "data-fair": "checking" }, ["Checking the game with this device's own engine…"]);
      this.view.showResult(m.result, this.fairEl);
    }
  }

  /** Before the deal: where the seals stand. @param {any} deal */
  onDealEvent(deal) {
    const s = this.session;
    const taking = deal && s.seat !== null && Array.isArray(deal.seats) && deal.seats.includes(s.seat);
    const sealed = deal ? Object.keys(deal.sealed ?? {}).length : 0;
    this.view?.status(taking && deal.reveal ? "Every player is here: dealing…"
      : `Waiting for everyone to join… (${sealed} of ${deal?.seats?.length ?? "?"} players ready)`);
  }

  /** @param {any} m */
  draw(m) {
    if (!this.view) return;
    const me = this.session.seat;
    const round = m.round;
    const committed = round && me !== null && this.protocol.committedIn(m);
    const sent = !round && this.protocol.moveSentAt(m.version);
    const active = me !== null && !m.over && m.legal.length > 0 && m.to_move.includes(me)
      && !(round && committed) && !sent && !(m.away || []).includes(me);
    let suffix = this.view.moverText(m.to_move, me);
    if (round) suffix += ` · ${Object.keys(round.committed).length} of ${round.seats.length} committed`;
    if (round && committed) suffix += " · your choice is sealed";
    if (sent && m.to_move.includes(me)) suffix += " · your move is on its way to the host";
    this.view.draw({ view: m.view, legal: m.legal, forms: Array.isArray(m.forms) ? m.forms : [], viewer: me, active, suffix });
    this.view.setPhase(m.over ? "over" : active ? "move" : "busy");
  }

  /** @param {any} action */
  async onAction(action) {
    const m = this.last;
    if (!m || !this.link || !this.view || this.protocol.state === "failed") return;
    this.view.setPhase("busy");
    this.send(await this.protocol.act(action));
    if (m.round) this.draw(m);
  }

  /**
   * The end-of-game record: stage one of the check at once, then (when bots searched) stage two, which searches
   * every bot move again over the page's worker pool (js/tables/recheck-service.js); only when both hold, and
   * this device's bytes are in the seed, does it say "Verified fair".  The progress and the verdict are kept in
   * this device's record as they go, and the game joins the lobby's saved games, so the check goes on after
   * the player leaves the table, and after a reload.  `fairness` is set only once the verdict is final.
   * @param {any} m
   */
  async onFair(m) {
    const el = this.fairEl ?? h("p", { id: "fairness", class: "fairness" });
    this.fairEl = el;
    const outcome = await endChecks(this.engine).begin({
      session: this.session, mine: this.protocol.record(), fair: m, names: this.names, onShow: (v) => this.show(v),
      onSaved: (saved) => {
        this.record = saved;
        this.view?.recordReady();
      },
    });
    /** How long each stage took on this device (reported by the tests and the bench). */
    this.verifyMs = outcome.verifyMs;
    this.recheckMs = outcome.recheckMs;
    const verdict = outcome.verdict;
    if (verdict.kind === "checking") return; // stopped: its saved game was deleted in the lobby
    this.show(verdict);
    this.fairness = { ok: verdict.kind === "fair", kind: verdict.kind, reason: verdict.reason, steps: verdict.steps,
      notes: verdict.notes, ending: outcome.ending, code: verdict.code, ledger: verdict.ledger };
    // why the game ended, in this device's own words: shown only once its replay agrees with the host
    const ending = verdict.kind !== "failed" ? endingParagraph(outcome.ending, this.shownNames) : null;
    const headline = el.closest(".dialog")?.querySelector("h2");
    if (ending && headline && !headline.parentElement?.querySelector(".result-ending")) headline.after(ending);
  }

  /** Draw a verdict (or the check's progress) in the result dialog. @param {import("./verdict.js").Verdict} verdict */
  show(verdict) {
    this.verdict = verdict;
    if (this.fairEl) drawVerdict(this.fairEl, verdict, this.shownNames);
  }

  saveSession() {
    if (this.session) saveGuest(this.session.table, this.session);
  }

  /** @param {string} text */
  logNet(text) {
    this.netLog.push({ time: Date.now(), text });
  }

  leave() {
    // by links, leaving the page is not leaving the table: the record keeps it for the next link
    if (!this.mail) this.link?.send({ t: "bye" });
    this.link?.close();
    this.claim?.release();
    delete this.root.dataset.phase;
    this.settings.onLeave(); // the lobby's entry comes back with the lobby (js/main.js)
  }
}
