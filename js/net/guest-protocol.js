// @ts-check
/**
 * The guest's side of the table protocol, as a state machine over plain data
 * (no DOM, no channel): js/tables/guest-table.js feeds it every message the
 * host sends and sends what it returns.  What the guest accepts in each state
 * is written down in docs/p2p.md ("The guest's state machine").
 *
 * The guarantees live here, not in patches:
 * - one `welcome` per link; a table this device knows must come back with the
 *   same commitment, seating and bot levels, else the table ends and the host
 *   is named;
 * - fresh random bytes and a fresh key per table: nothing drawn for one
 *   commitment is ever shown under another;
 * - the bytes are revealed only against a complete list of seals that holds
 *   this device's own, and that list is recorded once;
 * - a sealed choice is revealed only when every seat of the round has
 *   committed, and the commitments held then are recorded for the end check;
 * - every move, commitment, reveal and seal is signed with this table's key;
 * - what is recorded from an event (its view's hash, who held each seat and
 *   with which key, the link's span of versions) is recorded only once the
 *   event passed its checks, and everything recorded is checked at the end
 *   (parlour.trust.fairness).
 */
import { canonical, fromB64url, randomBytes, sha256Hex, toB64url, viewHash } from "./bytes.js";
import { commit } from "./commit-reveal.js";
import { messageFields, newKeyPair, signerFrom } from "./keys.js";

const HEX64 = /^[0-9a-f]{64}$/;
/**
 * More views or commitments than any game of ours makes (the longest honest games have a few hundred
 * moves): a host that sends more is filling this device's storage, and the table ends.
 */
export const MAX_RECORDED = 5000;

/** The record a guest keeps for one table (localStorage; survives reloads). @typedef {Record<string, any>} Session */

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

/** Why a deal that leaves out a seat which sealed its bytes on the still-open link is the host's breach. */
const LEFT_OUT = "the host left your seat out of the deal while you were at the table, without handing it to a bot "
  + "(a seat leaves the deal only by going to a bot, which closes your connection)";

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
    /** @type {any} the key made for this link's hello: it becomes this table's key at the welcome */
    this.fresh = null;
    this.welcomed = false;
    this.unsealedOn = 0;
    /** this link was welcomed before the game started, on a seat: every deal on it must hold the seat */
    this.inDeal = false;
    this.committedOn = 0;
    this.revealedOn = "";
    this.lastEv = 0;
  }

  /**
   * The first message on a link.  A device that sat at a table before proves it
   * with that table's key, over this invite's hash and its new key, so the proof
   * is worth nothing to any other host or invite.
   * @param {string} name @param {Session|null} previous the last table this device sat at
   * @param {number} linkNo this device's link count for that table
   */
  async hello(name, previous, linkNo) {
    this.linkNo = linkNo;
    this.fresh = await newKeyPair();
    this.state = "hello";
    /** @type {any} */
    const message = { t: "hello", name, key: this.fresh.publicKey, rejoin: null };
    const old = previous?.keys?.[previous.keys.length - 1];
    if (previous && old && !previous.over) {
      const invite = await inviteHash(this.io.inviteCode);
      const proof = await signerFrom(old.jwk).sign({ what: "rejoin", table: previous.table, invite, key: this.fresh.publicKey });
      message.rejoin = { table: previous.table, proof };
    }
    return message;
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
    if (this.state === "failed") return { send: [] };
    if (m.t === "welcome") return this.onWelcome(m);
    if (!this.session || !this.welcomed) return { send: [] };
    if (m.t === "ev") return this.onEvent(m);
    if (m.t === "error") return this.onError(m);
    if (m.t === "note") return { send: [], note: String(m.text) };
    if (m.t === "fair") return { send: [], fair: m };
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
    const known = this.io.load(m.table);
    if (known && Number.isInteger(m.deal_round) && m.deal_round > (known.deal_round ?? 0)) {
      // the deal was made again while this device was away: nothing of the void deal counts
      Object.assign(known, { commitment: m.commitment, deal_round: m.deal_round, entropy: null, sealed: null, unsealed: null, entropy_commits: null });
    }
    if (known) {
      if (!sameFacts(factsOf(known), fixed)) return this.fail("the host's commitment, seating or bot levels changed since you first joined this table");
      if (known.seat !== m.seat) return this.fail(`the host moved you from seat ${known.seat + 1} to another seat of the same table`);
      if (known.failure) return this.fail(known.failure);
    }
    this.welcomed = true;
    this.facts = fixed;
    this.state = "welcomed";
    const session = known ?? {
      table: m.table, seat: m.seat, commitment: m.commitment, seating: m.seating, fallback: m.fallback, host_key: m.host_key,
      game: m.game, players: m.players, options: m.options, title: m.title,
      keys: [], entropy: null, sealed: null, entropy_commits: null, unsealed: null, deal_round: Number.isInteger(m.deal_round) ? m.deal_round : 0,
      views: {}, commits: [], revealed_rounds: [], sent: [], kinds_seen: [], keys_seen: [], spans: {},
      links: 0, result: null, pending: null, over: false, failure: null,
    };
    session.links = this.linkNo;
    session.keys.push({ publicKey: this.fresh.publicKey, jwk: this.fresh.privateJwk });
    // Bytes for the seed are drawn for this table and this commitment only, and never before its welcome.
    if (!m.started && m.seat !== null && session.entropy === null) session.entropy = newEntropy();
    this.session = session;
    this.signer = signerFrom(this.fresh.privateJwk);
    /** @type {any[]} */
    const send = [];
    // Every guest at the table before the game starts takes part in its deal: while this link is open, a deal
    // without this seat is the host's breach (a seat leaves the deal only by going to a bot, which closes the link).
    this.inDeal = !m.started && m.seat !== null;
    if (!m.started && m.seat !== null && session.unsealed === null) {
      const hash = session.sealed ?? await sha256Hex(fromB64url(session.entropy));
      session.sealed = hash;
      send.push(await this.signed({ t: "seal", hash }, m.seat));
    }
    this.io.save(session);
    return { send, welcome: m };
  }

  /**
   * `message` with its signature over the fields it signs (js/net/keys.js messageFields).
   * @param {Record<string, any>} message @param {number} seat @returns {Promise<Record<string, any>>}
   */
  async signed(message, seat) {
    const table = /** @type {Session} */ (this.session).table;
    return { ...message, sig: await /** @type {any} */ (this.signer).sign(messageFields(table, seat, message)) };
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
   * Record that the host handled this link's messages up to `ack`.
   * @param {any} ack
   */
  acknowledge(ack) {
    const s = /** @type {Session} */ (this.session);
    if (!Number.isInteger(ack)) return;
    for (const x of s.sent) if (x.link === this.linkNo && x.n <= ack) x.received = true;
  }

  /** @param {any} m @returns {Promise<Effects>} */
  async onEvent(m) {
    const s = /** @type {Session} */ (this.session);
    if (!Number.isInteger(m.ev) || m.ev <= this.lastEv) return { send: [] };
    this.lastEv = m.ev;
    this.acknowledge(m.ack);
    if (m.waiting) return this.onDeal(m.deal);
    if (this.inDeal) {
      // the game started on a link that was at the table before: without this seat's bytes only if they were never asked for
      if (s.unsealed === null) return this.fail(LEFT_OUT);
      this.inDeal = false;
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
    // the event passed: record it
    s.lastVersion = m.version;
    const span = s.spans[String(this.linkNo)];
    s.spans[String(this.linkNo)] = [span ? span[0] : m.version, m.version];
    pushChanged(s.kinds_seen, [m.version, m.kinds]);
    pushChanged(s.keys_seen, [m.version, m.keys]);
    s.views[String(m.version)] = m.hash;
    /** @type {any[]} */
    const send = [];
    if (round) {
      for (const [seat, hash] of Object.entries(round.committed)) {
        const had = s.commits.find((/** @type {any} */ c) => c.seat === Number(seat) && c.version === round.version);
        if (had && had.hash !== hash) return this.fail(`seat ${Number(seat) + 1}'s commitment in the round at move ${round.version + 1} changed`);
        if (!had) s.commits.push({ seat: Number(seat), version: round.version, hash });
      }
      const mine = s.pending;
      if (mine && mine.version === round.version && s.seat !== null) {
        const inRound = round.seats.includes(s.seat);
        if (inRound && !(String(s.seat) in round.committed) && this.committedOn !== this.linkNo) {
          // the commitment was lost with a connection: send the same one again, signed with this link's key
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
      }
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
   * Before the deal: reveal this device's bytes only against a complete list of
   * seals holding its own, and record that list once.
   * @param {any} deal @returns {Promise<Effects>}
   */
  async onDeal(deal) {
    const s = /** @type {Session} */ (this.session);
    const effects = { send: /** @type {any[]} */ ([]), deal };
    if (!deal || typeof deal !== "object" || !Array.isArray(deal.seats) || typeof deal.sealed !== "object" || deal.sealed === null) return effects;
    const round = Number.isInteger(deal.round) ? deal.round : 0;
    if (round < (s.deal_round ?? 0)) return effects;
    if (this.inDeal && !deal.seats.includes(s.seat)) return this.fail(LEFT_OUT);
    if (round > (s.deal_round ?? 0)) {
      // The deal is made again (a guest sealed and never revealed): a new commitment, fresh bytes, a new seal.
      if (typeof deal.commitment !== "string" || !HEX64.test(deal.commitment)) return this.fail("the host made the deal again without a commitment");
      Object.assign(s, { commitment: deal.commitment, deal_round: round, entropy: null, sealed: null, unsealed: null, entropy_commits: null });
      this.facts = { ...this.facts, commitment: deal.commitment };
      this.unsealedOn = 0;
      if (s.seat !== null && deal.seats.includes(s.seat)) {
        s.entropy = newEntropy();
        s.sealed = await sha256Hex(fromB64url(s.entropy));
        effects.send.push(await this.signed({ t: "seal", hash: s.sealed }, s.seat));
      }
      this.io.save(s);
      return effects;
    }
    if (typeof deal.commitment === "string" && deal.commitment !== s.commitment) {
      return this.fail("the host's commitment changed without making the deal again");
    }
    if (!deal.reveal) return effects;
    const taking = s.seat !== null && deal.seats.includes(s.seat) && s.sealed !== null;
    const complete = deal.seats.every((/** @type {any} */ x) => Number.isInteger(x) && HEX64.test(deal.sealed[String(x)] ?? ""))
      && Object.keys(deal.sealed).length === deal.seats.length;
    if (!complete) return this.fail("the host asked for the random bytes before every seal was in");
    if (taking && deal.sealed[String(s.seat)] !== s.sealed) return this.fail("the host lists another seal for your seat than the one you sent");
    // everyone present records the final list (a spectator too): the end check holds the host to it
    if (s.entropy_commits === null) s.entropy_commits = { ...deal.sealed };
    else if (JSON.stringify(Object.entries(s.entropy_commits).sort()) !== JSON.stringify(Object.entries(deal.sealed).sort())) {
      return this.fail("the host changed the list of seals after asking for the random bytes");
    }
    if (taking && this.unsealedOn !== this.linkNo) {
      this.unsealedOn = this.linkNo;
      s.unsealed = s.entropy;
      effects.send.push(await this.signed({ t: "unseal", entropy: s.entropy }, s.seat));
    }
    this.io.save(s);
    return effects;
  }

  /**
   * A move chosen on the last event: a commitment in a secret round, a signed move otherwise.
   * @param {any} action @returns {Promise<any[]>}
   */
  async act(action) {
    const s = this.session;
    const m = this.last;
    if (!s || !m || this.state === "failed" || s.seat === null) return [];
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
   * Remember a move as it goes out: the end check asks whether every move the
   * host received was played as sent.  The link fills in `n` (js/tables/guest-table.js).
   * @param {"act"|"reveal"} kind @param {number} version @param {any} message
   */
  track(kind, version, message) {
    const s = /** @type {Session} */ (this.session);
    const entry = { kind, version, action: message.action, link: this.linkNo, n: 0, received: false, refused: false };
    s.sent.push(entry);
    return Object.defineProperty(message, "track", { value: entry, enumerable: false });
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
      deal_round: s.deal_round ?? 0, sealed: s.sealed ?? null, entropy: s.unsealed ?? null, entropy_commits: s.entropy_commits ?? null, my_keys: s.keys.map((/** @type {any} */ k) => k.publicKey),
      views: s.views, commits: s.commits, revealed_rounds: s.revealed_rounds, sent: s.sent, kinds_seen: s.kinds_seen,
      keys_seen: s.keys_seen, spans: Object.values(s.spans), game: s.game, players: s.players, options: s.options, result: s.result,
    };
  }
}

/** The facts a welcome fixes for the whole table. @param {any} m @returns {any|string} a reason when malformed */
function welcomeFacts(m) {
  if (typeof m.table !== "string" || !/^[0-9a-f]{8,64}$/.test(m.table)) return "table";
  if (typeof m.commitment !== "string" || !HEX64.test(m.commitment)) return "commitment";
  if (!Number.isInteger(m.players) || m.players < 1 || m.players > 16) return "players";
  if (!(m.seat === null || (Number.isInteger(m.seat) && m.seat >= 0 && m.seat < m.players))) return "seat";
  if (!Array.isArray(m.seating) || m.seating.length !== m.players
    || !m.seating.every((/** @type {any} */ s) => s && ["human", "bot", "remote"].includes(s.kind) && (s.level === null || typeof s.level === "string"))) return "seating";
  if (typeof m.fallback !== "string" || typeof m.game !== "string" || typeof m.host_key !== "string") return "levels";
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
