// @ts-check
/**
 * The guest's side of the table protocol, as a state machine over plain data
 * (no DOM, no channel): js/tables/guest-table.js feeds it every message the
 * host sends and sends what it returns.  What the guest accepts in each state
 * is written down in docs/p2p.md ("The guest's state machine").
 *
 * The rule: a verdict rests only on what this device's own record proves, or
 * on a signature it verified.  So the guarantees live here, not in patches:
 * - one `welcome` per link; a table this device knows must come back with the
 *   same commitment, seating and bot levels, the same seat, and never "not
 *   started" once it saw the game start, else the table ends and the host is named;
 * - one key per table, kept in the record, so a reload signs with the same key;
 * - random bytes drawn once per table, revealed only against a complete list
 *   of seals that holds this device's own, and that list is recorded once; the
 *   deal is made once: once this device revealed its bytes or saw the game,
 *   its record of the deal never changes (parlour.trust.fairness holds the host to it);
 * - the whole deal, shown when the game starts, must be the one committed to,
 *   signed seal by seal, with this device's bytes in it whenever the host
 *   received them (js/net/guest-deal.js);
 * - once a link has shown this device holding its seat, an event showing the
 *   seat held by a bot or another device while the link is open is the host's
 *   breach (an honest host closes the link first, with `bye`);
 * - a sealed choice is revealed only when every seat of the round has
 *   committed, and the commitments held then are recorded for the end check;
 * - every move, commitment, reveal, seal and unseal is signed and tracked
 *   (whether the host acknowledged it, refused it, or said `bye` before it);
 * - `fair` counts only after this device saw the game end;
 * - what is recorded from an event is recorded only once the event passed its checks.
 */
import { canonical, fromB64url, randomBytes, sha256Hex, toB64url, viewHash } from "./bytes.js";
import { commit } from "./commit-reveal.js";
import { dealtProblem, LEFT_OUT, newLinkDeal, waitingProblem } from "./guest-deal.js";
import { messageFields, newKeyPair, signerFrom, signingContext } from "./keys.js";
import { tableCode } from "./table-code.js";

const HEX64 = /^[0-9a-f]{64}$/;
/**
 * More views or commitments than any game of ours makes (the longest honest games have a few hundred
 * moves): a host that sends more is filling this device's storage, and the table ends.
 */
export const MAX_RECORDED = 5000;

/** The record a guest keeps for one table (js/net/store.js; survives reloads). @typedef {Record<string, any>} Session */

/**
 * What the protocol asks of its table after a message: messages to send, an
 * event to draw, a refusal to show, the host's breach that ends the table.
 * @typedef {{send: any[], draw?: any, refused?: string, note?: string, failure?: string, welcome?: any, deal?: any, fair?: any}} Effects
 */

/** Fresh bytes a guest contributes to the seed (base64url of 32 random bytes). */
export function newEntropy() {
  return toB64url(randomBytes(32));
}

/** The hash of an invite code that a rejoin proof is bound to (a proof made for one host's invite is worthless at another's). @param {string} code */
export function inviteHash(code) {
  return sha256Hex(`parlour-invite:${code}`);
}

/** The last key a record holds (the table's key: one per table, kept through reloads). @param {Session|null} s */
function lastKey(s) {
  return s?.keys?.[s.keys.length - 1] ?? null;
}

export class GuestProtocol {
  /**
   * @param {{inviteCode: string, load: (table: string) => Session|null, save: (s: Session) => void}} io
   */
  constructor(io) {
    this.io = io;
    /** @type {Session|null} */
    this.session = null;
    /** "hello" → "welcomed" → … ; "failed" once the host broke the protocol */
    this.state = "new";
    this.linkNo = 0;
    /** @type {{publicKey: string, privateJwk: any}|null} the key this link's hello carried: this table's key */
    this.fresh = null;
    this.welcomed = false;
    /** the host said `bye` on this link: nothing more counts on it */
    this.ended = false;
    this.unsealedOn = 0;
    this.committedOn = 0;
    this.revealedOn = "";
    this.lastEv = 0;
    /** @type {any} */
    this.facts = null;
    /** @type {string|undefined} the name this device's person gave in its hello */
    this.name = undefined;
    /** @type {any} the last game event accepted (a move is made on it) */
    this.last = undefined;
  }

  /** @returns {import("./guest-deal.js").LinkDeal|null} what this link, welcomed before the game on a seat, saw of the deal */
  get linkDeal() {
    return this.session?.links[String(this.linkNo)]?.deal ?? null;
  }

  /**
   * The first message on a link.  On a rejoin invite the device comes back with its key for the table it
   * last sat at (kept in its record: a reload changes no key), and proves it by signing this invite's hash
   * and that key, so the proof is worth nothing to any other host or invite.  Any other invite gets a new
   * key (a new player).
   * @param {string} name @param {Session|null} previous the last table this device sat at
   * @param {number} linkNo this device's link count for that table
   * @param {{rejoin?: boolean}} [how] rejoin: the invite is a rejoin invite
   */
  async hello(name, previous, linkNo, how = {}) {
    this.linkNo = linkNo;
    this.state = "hello";
    this.name = name;
    const old = previous && !previous.over ? lastKey(previous) : null;
    this.fresh = how.rejoin && old ? { publicKey: old.publicKey, privateJwk: old.jwk } : await newKeyPair();
    /** @type {any} */
    const message = { t: "hello", name, key: this.fresh.publicKey, rejoin: null };
    if (previous && old) {
      const invite = await inviteHash(this.io.inviteCode);
      const proof = await signerFrom(old.jwk).sign({ what: "rejoin", table: previous.table, invite, key: this.fresh.publicKey });
      message.rejoin = { table: previous.table, proof };
    }
    return message;
  }

  /**
   * This link's own state (the session is saved apart), so a correspondence table's page may close between two
   * links and the same link go on when it opens again (js/tables/mail-guest.js).  Plain JSON.
   */
  snapshot() {
    return {
      state: this.state, linkNo: this.linkNo, fresh: this.fresh, welcomed: this.welcomed, ended: this.ended,
      unsealedOn: this.unsealedOn, committedOn: this.committedOn, revealedOn: this.revealedOn, lastEv: this.lastEv,
      facts: this.facts, name: this.name ?? null, last: this.last ?? null,
    };
  }

  /**
   * Go on with a link from its snapshot: the session is read again from the record.
   * @param {ReturnType<GuestProtocol["snapshot"]>} snap
   */
  resume(snap) {
    Object.assign(this, { ...snap, name: snap.name ?? undefined, last: snap.last ?? undefined });
    if (!this.welcomed || !this.facts || !this.fresh) return;
    this.session = upgrade(this.io.load(this.facts.table));
    this.context = signingContext(this.facts);
    this.signer = signerFrom(this.fresh.privateJwk);
    if (this.session?.failure) this.state = "failed";
  }

  /** @param {string} reason @returns {Effects} */
  fail(reason) {
    this.state = "failed";
    if (this.session) {
      this.session.failure = reason;
      this.io.save(this.session);
    }
    return { send: [], failure: reason };
  }

  /** @param {any} m a message from the host (already canonical and numbered: js/net/link.js) @returns {Promise<Effects>} */
  async receive(m) {
    if (this.state === "failed" || this.ended) return { send: [] };
    if (m.t === "welcome") return this.onWelcome(m);
    if (!this.session || !this.welcomed) return { send: [] };
    if (m.t === "ev") return this.onEvent(m);
    if (m.t === "error") return this.onError(m);
    if (m.t === "note") return { send: [], note: String(m.text) };
    if (m.t === "bye") return this.onBye(m);
    if (m.t === "fair") return this.onFair(m);
    return { send: [] };
  }

  /** @param {any} m @returns {Promise<Effects>} */
  async onWelcome(m) {
    const fixed = welcomeFacts(m);
    if (typeof fixed === "string") return this.fail(`the host's welcome is malformed (${fixed})`);
    if (this.welcomed) {
      if (sameFacts(this.facts, fixed) && m.seat === this.session?.seat) return { send: [] }; // said twice, the same: nothing changes
      return this.fail("the host sent a second welcome with another table, seat or commitment on one connection");
    }
    const known = upgrade(this.io.load(m.table));
    if (known) {
      if (!sameFacts(factsOf(known), fixed)) return this.fail("the host's commitment, seating or bot levels changed since you first joined this table");
      if (known.seat !== m.seat) return this.fail(`the host moved you from seat ${known.seat + 1} to another seat of the same table`);
      if (known.failure) return this.fail(known.failure);
      if (!m.started && (known.dealt || known.first_game !== null)) return this.fail("the host says the game has not started, but this device saw it start");
    }
    const fresh = /** @type {{publicKey: string, privateJwk: any}} */ (this.fresh);
    this.welcomed = true;
    this.facts = fixed;
    this.state = "welcomed";
    const session = known ?? newSession(m);
    session.link_count = this.linkNo;
    session.name = this.name ?? session.name ?? "";
    if (!session.keys.some((/** @type {any} */ k) => k.publicKey === fresh.publicKey)) {
      session.keys.push({ publicKey: fresh.publicKey, jwk: fresh.privateJwk });
    }
    session.links[String(this.linkNo)] = {
      first: null, held: null, last: null, bye: null, started: !!m.started, deal: !m.started && m.seat !== null ? newLinkDeal() : null,
    };
    // Bytes for the seed are drawn once for this table and this commitment, and never before its welcome.
    if (!m.started && m.seat !== null && session.entropy === null) {
      session.entropy = newEntropy();
      session.sealed = await sha256Hex(fromB64url(session.entropy));
    }
    this.session = session;
    this.context = signingContext(fixed);
    this.signer = signerFrom(fresh.privateJwk);
    /** @type {any[]} */
    const send = [];
    if (!m.started && m.seat !== null && session.sealed !== null) {
      send.push(this.track("seal", null, await this.signed({ t: "seal", hash: session.sealed }, m.seat)));
    }
    this.io.save(session);
    return { send, welcome: m };
  }

  /**
   * `message` with its signature over the fields it signs (js/net/keys.js messageFields).
   * @param {Record<string, any>} message @param {number} seat @returns {Promise<Record<string, any>>}
   */
  async signed(message, seat) {
    return { ...message, sig: await /** @type {any} */ (this.signer).sign(messageFields(/** @type {any} */ (this.context), seat, message)) };
  }

  /** @param {any} m @returns {Effects} */
  onError(m) {
    const s = /** @type {Session} */ (this.session);
    const sent = s.sent.find((/** @type {any} */ x) => x.link === this.linkNo && x.n === m.ref);
    if (sent) sent.refused = true;
    this.io.save(s);
    return { send: [], refused: String(m.error) };
  }

  /**
   * The host closes this link (a handover, another device taking the seat): `ack` is the last message of ours it
   * handled, so what came after it never counted.  Nothing more is read on this link.
   * @param {any} m @returns {Effects}
   */
  onBye(m) {
    const s = /** @type {Session} */ (this.session);
    this.acknowledge(m.ack);
    const link = s.links[String(this.linkNo)];
    if (link && Number.isInteger(m.ack)) link.bye = m.ack;
    this.ended = true;
    this.io.save(s);
    // the answer tells the host everything this device sent before has reached it (it may hand the seat over now)
    return { send: [{ t: "bye" }] };
  }

  /** The end-of-game record counts only once this device saw the game end. @param {any} m @returns {Effects} */
  onFair(m) {
    const s = /** @type {Session} */ (this.session);
    if (!s.over) return this.fail("the host sent its end-of-game record before the game ended on your screen");
    return { send: [], fair: m };
  }

  /**
   * Record that the host handled this link's messages up to `ack`.
   * @param {any} ack
   */
  acknowledge(ack) {
    const s = /** @type {Session} */ (this.session);
    if (!Number.isInteger(ack)) return;
    for (const x of s.sent) if (x.link === this.linkNo && x.n <= ack && x.n > 0) x.received = true;
  }

  /** @param {any} m @returns {Promise<Effects>} */
  async onEvent(m) {
    if (!Number.isInteger(m.ev) || m.ev <= this.lastEv) return { send: [] };
    this.lastEv = m.ev;
    this.acknowledge(m.ack);
    return m.waiting ? this.onWaiting(m) : this.onGameEvent(m);
  }

  /**
   * Before the game: reveal this device's bytes only against a complete list of seals holding its own,
   * and record that list once.
   * @param {any} m @returns {Promise<Effects>}
   */
  async onWaiting(m) {
    const s = /** @type {Session} */ (this.session);
    const deal = m.deal;
    const effects = { send: /** @type {any[]} */ ([]), deal };
    if (s.dealt || s.first_game !== null) return this.fail("the host went back to waiting for players after the game had started");
    if (!deal || typeof deal !== "object" || !Array.isArray(deal.seats) || typeof deal.sealed !== "object" || deal.sealed === null) return effects;
    const problem = waitingProblem(s, deal, this.linkDeal);
    if (problem) return this.fail(problem);
    if (!deal.reveal) return effects;
    if (s.deal_list === null) s.deal_list = { ...deal.sealed };
    const taking = s.seat !== null && deal.seats.includes(s.seat) && s.sealed !== null;
    if (taking && this.unsealedOn !== this.linkNo) {
      this.unsealedOn = this.linkNo;
      s.unsealed = s.entropy;
      effects.send.push(this.track("unseal", null, await this.signed({ t: "unseal", entropy: s.entropy }, s.seat)));
    }
    this.io.save(s);
    return effects;
  }

  /** @param {any} m @returns {Promise<Effects>} */
  async onGameEvent(m) {
    const s = /** @type {Session} */ (this.session);
    const link = s.links[String(this.linkNo)];
    if (link.first === null) {
      // the game started (or this link joined it): the whole deal, checked once, never changing
      if (m.dealt !== undefined) {
        const problem = await dealtProblem(s, m.dealt, /** @type {any} */ (this.context));
        if (problem) return this.fail(problem);
        if (s.dealt && canonical(s.dealt) !== canonical(m.dealt)) return this.fail("the host's record of the deal changed during the game");
        s.dealt = m.dealt;
      }
      if (!s.dealt) return this.fail("the game started without the host showing you the deal it was made from");
      // at the table before the game started: asked for its bytes, or shown at once a final list without its seat
      const seen = this.linkDeal;
      if (seen && s.unsealed === null && !seen.outOfDeal) return this.fail(LEFT_OUT);
    }
    const players = s.players;
    if (!Number.isInteger(m.version) || m.version < (s.lastVersion ?? 0) || !perSeat(m.kinds, players, (k) => typeof k === "string")
        || !perSeat(m.keys, players, (k) => k === null || typeof k === "string")) {
      return { send: [{ t: "sync" }] };
    }
    if ((await viewHash(m.view)) !== m.hash) return { send: [{ t: "sync" }] };
    const round = m.round;
    if (round && !roundWellFormed(round, players)) return { send: [{ t: "sync" }] };
    if (Object.keys(s.views).length >= MAX_RECORDED || s.commits.length >= MAX_RECORDED) {
      return this.fail(`the host sent more positions or commitments than any game has (${MAX_RECORDED})`);
    }
    const seen = s.views[String(m.version)];
    if (seen !== undefined && seen !== m.hash) {
      // the position after a given number of moves is one position: an honest host sends one view of it per seat
      return this.fail(`the host showed you two different positions after move ${m.version}`);
    }
    const me = s.seat;
    const myKeys = s.keys.map((/** @type {any} */ k) => k.publicKey);
    const holding = me !== null && m.kinds[me] === "remote" && myKeys.includes(m.keys[me]);
    if (link.held !== null && !holding) {
      const who = m.kinds[me] === "bot" ? "a bot" : m.kinds[me] === "remote" ? "another device" : "the host's own player";
      return this.fail(`the host gave your seat to ${who} at move ${m.version + 1} while you were connected and holding it`);
    }
    // the event passed: record it
    s.lastVersion = m.version;
    if (link.first === null) link.first = m.version;
    link.last = m.version;
    if (holding && link.held === null) link.held = m.version;
    if (s.first_game === null) s.first_game = m.version;
    pushChanged(s.kinds_seen, [m.version, m.kinds]);
    pushChanged(s.keys_seen, [m.version, m.keys]);
    s.views[String(m.version)] = m.hash;
    const code = await tableCode(/** @type {any} */ (this.facts), s.dealt, m.keys);
    if (code !== s.code) {
      s.code = code;
      s.codes.push([m.version, code]);
    }
    /** @type {any[]} */
    const send = [];
    if (round) {
      const failure = await this.onRound(s, round, send);
      if (failure) return failure;
    }
    if (m.over) {
      s.result = m.result;
      s.over = true;
    }
    this.io.save(s);
    this.last = m;
    return { send: send.filter(Boolean), draw: m };
  }

  /**
   * A secret round in an event: record each commitment once; send a commitment lost with a connection
   * again; reveal only when every seat of the round has committed and this device's is the one listed.
   * @param {Session} s @param {any} round @param {any[]} send @returns {Promise<Effects|null>} the breach, if any
   */
  async onRound(s, round, send) {
    for (const [seat, hash] of Object.entries(round.committed)) {
      const had = s.commits.find((/** @type {any} */ c) => c.seat === Number(seat) && c.version === round.version);
      if (had && had.hash !== hash) return this.fail(`seat ${Number(seat) + 1}'s commitment in the round at move ${round.version + 1} changed`);
      if (!had) s.commits.push({ seat: Number(seat), version: round.version, hash });
    }
    const mine = s.pending;
    if (!mine || mine.version !== round.version || s.seat === null) return null;
    const inRound = round.seats.includes(s.seat);
    if (inRound && !(String(s.seat) in round.committed) && this.committedOn !== this.linkNo) {
      // the commitment was lost with a connection: send the same one again, signed with this table's key
      this.committedOn = this.linkNo;
      send.push(await this.signed({ t: "commit", seat: s.seat, version: round.version, hash: mine.hash }, s.seat));
    }
    if (round.reveal && inRound && !(round.revealed ?? []).includes(s.seat) && this.revealedOn !== `${this.linkNo}:${round.version}`) {
      const all = round.seats.every((/** @type {number} */ x) => HEX64.test(round.committed[String(x)] ?? ""));
      if (!all) return this.fail("the host asked for reveals before every seat of the round had committed");
      if (round.committed[String(s.seat)] !== mine.hash) return this.fail("the host lists another commitment for your seat than the one you sent");
      this.revealedOn = `${this.linkNo}:${round.version}`;
      if (!s.revealed_rounds.some((/** @type {any} */ r) => r.version === round.version)) {
        s.revealed_rounds.push({ version: round.version, commits: { ...round.committed } });
      }
      const reveal = { t: "reveal", seat: s.seat, version: round.version, action: mine.action, nonce: mine.nonce };
      send.push(this.track("reveal", round.version, await this.signed(reveal, s.seat)));
    }
    return null;
  }

  /**
   * A move chosen on the last event: a commitment in a secret round, a signed move otherwise.
   * @param {any} action @returns {Promise<any[]>}
   */
  async act(action) {
    const s = this.session;
    const m = this.last;
    if (!s || !m || this.state === "failed" || this.ended || s.seat === null) return [];
    const seat = s.seat;
    if (m.round && m.round.seats.includes(seat)) {
      const c = await commit(action);
      const message = await this.signed({ t: "commit", seat, version: m.round.version, hash: c.hash }, seat);
      s.pending = { ...c, version: m.round.version };
      this.committedOn = this.linkNo;
      this.io.save(s);
      return [message];
    }
    return [this.track("act", m.version, await this.signed({ t: "act", seat, version: m.version, action }, seat))];
  }

  /**
   * Remember a message as it goes out: the end check asks whether the host received it (`ack`), refused it
   * (`error.ref`), or closed the link before handling it (`bye`).  The link fills in `n` (js/tables/guest-table.js).
   * @param {"act"|"reveal"|"seal"|"unseal"} kind @param {number|null} version @param {any} message
   */
  track(kind, version, message) {
    const s = /** @type {Session} */ (this.session);
    const entry = { kind, version, action: message.action ?? null, link: this.linkNo, n: 0, received: false, refused: false };
    s.sent.push(entry);
    return Object.defineProperty(message, "track", { value: entry, enumerable: false });
  }

  /**
   * Has this link sent a move for position `version` that the host has not refused?  Then the host has it or
   * will (a link keeps what it sends until the host acknowledges it), and the seat waits for the host's answer:
   * an event at that same position (the host's page reloaded and drew it again, or only who is away changed)
   * must not ask for a second move there, which the host could only refuse.
   * @param {number} version
   */
  moveSentAt(version) {
    const s = this.session;
    return !!s && s.sent.some((/** @type {any} */ x) => x.kind === "act" && x.version === version && x.link === this.linkNo && !x.refused);
  }

  /** Has this seat sealed a choice in the round `m` shows? @param {any} m */
  committedIn(m) {
    const s = this.session;
    const round = m?.round;
    return !!(round && s && s.seat !== null && (String(s.seat) in round.committed || s.pending?.version === round.version));
  }

  /** What this guest kept, for its end check (parlour.trust.fairness.verify_fair). */
  record() {
    const s = /** @type {Session} */ (this.session);
    return {
      table: s.table, commitment: s.commitment, seat: s.seat, seating: s.seating, fallback: s.fallback, host_key: s.host_key,
      sealed: s.sealed ?? null, entropy: s.unsealed ?? null, deal_list: s.deal_list ?? null, dealt: s.dealt ?? null,
      my_keys: s.keys.map((/** @type {any} */ k) => k.publicKey),
      views: s.views, commits: s.commits, revealed_rounds: s.revealed_rounds, sent: s.sent, kinds_seen: s.kinds_seen,
      keys_seen: s.keys_seen, links: Object.entries(s.links).map(([k, v]) => ({ link: Number(k), ...v })),
      first_game: s.first_game, game: s.game, players: s.players, options: s.options, result: s.result,
    };
  }
}

/** A record for a table this device has not sat at before. @param {any} m its welcome */
function newSession(m) {
  return {
    table: m.table, seat: m.seat, commitment: m.commitment, seating: m.seating, fallback: m.fallback, host_key: m.host_key,
    game: m.game, players: m.players, options: m.options, title: m.title,
    keys: [], entropy: null, sealed: null, unsealed: null, deal_list: null, dealt: null, code: null, codes: [],
    views: {}, commits: [], revealed_rounds: [], sent: [], kinds_seen: [], keys_seen: [], links: {}, first_game: null,
    link_count: 0, result: null, pending: null, over: false, failure: null,
  };
}

/**
 * A record written before the deal was made once (it had deal rounds, `links` as a count and `spans`): the
 * fields it lacks, empty.  Nothing it recorded is dropped.
 * @param {Session|null} s @returns {Session|null}
 */
function upgrade(s) {
  if (!s || (typeof s.links === "object" && s.links !== null)) return s;
  const fresh = newSession(s);
  return { ...fresh, ...s, link_count: Number(s.links) || 0, links: {}, deal_list: s.deal_list ?? s.entropy_commits ?? null };
}

/** The facts a welcome fixes for the whole table. @param {any} m @returns {any|string} a reason when malformed */
function welcomeFacts(m) {
  if (typeof m.table !== "string" || !/^[0-9a-f]{8,64}$/.test(m.table)) return "table";
  if (typeof m.commitment !== "string" || !HEX64.test(m.commitment)) return "commitment";
  if (!Number.isInteger(m.players) || m.players < 1 || m.players > 16) return "players";
  if (!(m.seat === null || (Number.isInteger(m.seat) && m.seat >= 0 && m.seat < m.players))) return "seat";
  if (!Array.isArray(m.seating) || m.seating.length !== m.players
    || !m.seating.every((/** @type {any} */ s) => s && ["human", "bot", "remote"].includes(s.kind) && (s.level === null || typeof s.level === "string"))) return "seating";
  if (m.seat !== null && m.seating[m.seat].kind !== "remote") return "seat";
  if (typeof m.fallback !== "string" || typeof m.game !== "string" || typeof m.host_key !== "string") return "levels";
  if (m.options === null || typeof m.options !== "object" || Array.isArray(m.options)) return "options";
  return { table: m.table, commitment: m.commitment, seating: m.seating, fallback: m.fallback, game: m.game, players: m.players, options: m.options, host_key: m.host_key };
}

/** @param {any} s a saved session */
function factsOf(s) {
  return { table: s.table, commitment: s.commitment, seating: s.seating, fallback: s.fallback, game: s.game, players: s.players, options: s.options, host_key: s.host_key };
}

/** @param {any} a @param {any} b */
function sameFacts(a, b) {
  return canonical(a) === canonical(b);
}

/** @param {any} list @param {number} players @param {(v: any) => boolean} ok */
function perSeat(list, players, ok) {
  return Array.isArray(list) && list.length === players && list.every(ok);
}

/** @param {any} round @param {number} players */
function roundWellFormed(round, players) {
  if (!Number.isInteger(round.version) || !Array.isArray(round.seats) || typeof round.committed !== "object" || round.committed === null) return false;
  const seats = new Set(round.seats);
  if (seats.size !== round.seats.length || !round.seats.every((/** @type {any} */ x) => Number.isInteger(x) && x >= 0 && x < players)) return false;
  // at most one commitment per seat of the round: a host cannot fill this device's storage with more
  return Object.entries(round.committed).every(([k, h]) => seats.has(Number(k)) && HEX64.test(String(h)));
}

/** Append [version, values] unless it repeats the last entry. @param {any[]} list @param {[number, any[]]} entry */
function pushChanged(list, entry) {
  const last = list[list.length - 1];
  if (!last || last[0] !== entry[0] || JSON.stringify(last[1]) !== JSON.stringify(entry[1])) list.push(entry);
}
