// @ts-check
/**
 * What the host of a network table says with its guests over their data
 * channels.  Guests send intents; each joins the table's queue within bounds
 * (a per-guest rate limit, at most MAX_PENDING waiting, one `sync` at a time)
 * and is answered: checked against the protocol (js/net/protocol.js) and the
 * table, then applied or refused with a reason (a run of refusals closes the
 * connection).  Here too: hello and rejoin (proved with the seat's key), the
 * guests' part in the deal (seals, then bytes), reveals in a secret round
 * (one the rules refuse is forfeited to the bot's choice), and what is sent:
 * each connection only its own seat's view (spectators the spectator's),
 * numbered and with the view's hash, and at the end the whole ledger for the
 * guest's own fairness check.  The table itself is js/tables/host-table.js.
 */
import { EngineError } from "../engine/bridge.js";
import { fillNames, toast } from "../common/dom.js";
import { count } from "../common/plural.js";
import { toB64url } from "../net/bytes.js";
import { inviteHash } from "../net/guest-protocol.js";
import { messageFields, verifySignature } from "../net/keys.js";
import { GUEST_RATE, Link } from "../net/link.js";
import { startLink } from "../net/mail-channel.js";
import {
  checkGuestMessage, cleanName, INVITE_REJOIN, MAX_GUEST_MESSAGE, MAX_PENDING, SOFT_STRIKES_TO_CLOSE, STRIKES_TO_CLOSE,
} from "../net/protocol.js";

/**
 * @typedef {import("./host-table.js").HostTable} HostTable
 * @typedef {import("./host-table.js").Conn} Conn
 * @typedef {import("../net/commit-reveal.js").Round} Round
 */

/**
 * @param {HostTable} host @param {RTCDataChannel} channel @param {RTCPeerConnection} pc @param {number|null} seat
 * @param {{conn: Conn|null}|null} spectator @param {any[]} early @param {number} inviteKind
 * @param {string} code the invite's code (a rejoin proof is bound to it)
 * @param {{end: import("../net/mail-invite.js").MailEnd, kept?: Record<string, any>}} [mail] a seat played by
 *   correspondence (js/tables/mail-host.js): its link's end, and the connection's state kept from before a reload
 * @returns {Conn}
 */
export function attach(host, channel, pc, seat, spectator, early, inviteKind, code, mail) {
  /** @type {Conn} */
  const conn = /** @type {any} */ ({
    code, seat, hello: false, strikes: 0, soft: 0, ev: 0, name: "", invite: inviteKind, lastN: 0, pending: 0, syncQueued: false,
    ...(mail?.kept ?? {}), mail: mail?.end ?? null,
  });
  conn.link = new Link(channel, pc, {
    beats: !mail,
    maxIn: MAX_GUEST_MESSAGE,
    rate: GUEST_RATE,
    onMessage: (m) => enqueue(host, conn, m),
    onBad: (reason, ref) => refuse(host, conn, reason, ref),
    onFlood: (dropped) => host.logNet(conn.seat, dropped === 1 ? "is sending too fast: dropping its messages"
      : `disconnected for flooding (${count(dropped, "message")} dropped)`),
    onAway: () => connState(host, conn, "away"),
    onBack: () => connState(host, conn, "connected"),
    onClose: () => connState(host, conn, "closed"),
  }, early);
  if (mail?.kept) startLink(conn.link, mail.end.channel); // (a first link's messages come through `early`, numbered from 1)
  host.conns.push(conn);
  if (spectator) spectator.conn = conn;
  // the seat's connection changes only once this one's hello is accepted: a stranger's refused hello closes nothing else
  if (mail?.kept && seat !== null) {
    host.seats[seat].conn = conn; // a correspondence seat goes on with the same link after the host's reload
    host.seats[seat].state = "connected";
    return conn;
  }
  host.logNet(seat, "connected; waiting for hello");
  return conn;
}

/** @param {HostTable} host @param {Conn} conn @param {"away"|"connected"|"closed"} state */
export function connState(host, conn, state) {
  if (state === "closed") {
    host.conns = host.conns.filter((c) => c !== conn);
    conn.answered?.(); // nothing more can come on it: a handover waiting for its farewell goes on
  }
  if (conn.seat !== null && host.seats[conn.seat].conn === conn) {
    const seat = host.seats[conn.seat];
    if (state === "closed") seat.conn = null;
    if (seat.kind === "remote") seat.state = state === "connected" ? "connected" : "away";
    host.logNet(conn.seat, state === "connected" ? "is back" : state === "away" ? "is away" : "disconnected");
    broadcast(host);
  }
  host.renderPanel();
}

/**
 * Refuse a message: an error reply, a line in the log, nothing else changes.
 * Garbage (bad shape, size, sequence, seat) counts towards closing the
 * connection after STRIKES_TO_CLOSE in a row; a move the engine refuses
 * (late, out of turn) is a soft strike, since honest players make a few of
 * those, and only a long run of them closes the connection.
 * @param {HostTable} host @param {Conn} conn @param {string} reason @param {number|null} ref @param {boolean} [strike]
 */
export function refuse(host, conn, reason, ref, strike = true) {
  if (conn.link.closed) return;
  if (strike) conn.strikes += 1;
  else conn.soft += 1;
  host.logNet(conn.seat, `refused: ${reason}`);
  conn.link.send({ t: "error", ref, error: reason });
  if (conn.strikes >= STRIKES_TO_CLOSE || conn.soft >= SOFT_STRIKES_TO_CLOSE) {
    host.logNet(conn.seat, `closed after ${conn.strikes + conn.soft} refused messages in a row`);
    closeWithBye(conn);
  }
}

/**
 * A message joins the table's queue, within bounds: at most MAX_PENDING
 * waiting per connection, and one `sync` at a time (a view costs the engine).
 * @param {HostTable} host @param {Conn} conn @param {any} m
 */
export function enqueue(host, conn, m) {
  if (m.t === "sync") {
    if (conn.syncQueued) return;
    conn.syncQueued = true;
  } else if (conn.pending >= MAX_PENDING) {
    refuse(host, conn, "Too many messages waiting; slow down.", Number.isInteger(m.n) ? m.n : null);
    return;
  }
  conn.pending += 1;
  void host.serial(async () => {
    conn.pending -= 1;
    if (m.t === "sync") conn.syncQueued = false;
    try {
      await onMessage(host, conn, m);
    } catch (err) {
      // Never leave a received message unanswered: the guest's check counts on a reply.
      refuse(host, conn, "The host could not handle that message.", m.n, false);
      throw err;
    }
  });
}

/** @param {HostTable} host @param {Conn} conn @param {any} m */
export async function onMessage(host, conn, m) {
  if (conn.link.closed && !orphanCounts(host, conn, m)) return undefined;
  const problem = checkGuestMessage(m);
  if (problem) return refuse(host, conn, problem, m.n);
  conn.lastN = m.n;
  if (m.t === "hello") return onHello(host, conn, m);
  if (!conn.hello) return refuse(host, conn, "Say hello first.", m.n);
  if (m.t === "sync") {
    conn.strikes = 0; // a good message ends a run of bad ones (the rate limit bounds floods)
    return sendEvent(host, conn);
  }
  if (m.t === "bye") {
    conn.answered?.(); // everything it sent before this has been handled: a handover may go on (farewell)
    return undefined;
  }
  if (conn.seat === null) return refuse(host, conn, "Spectators cannot move.", m.n);
  if (host.seats[conn.seat].conn !== conn && !orphanCounts(host, conn, m)) return refuse(host, conn, "Another device holds this seat now.", m.n);
  if ("seat" in m && m.seat !== conn.seat) return refuse(host, conn, `Seat ${m.seat + 1} is not yours; this connection plays seat ${conn.seat + 1}.`, m.n);
  if (!(await signedBySeat(host, conn.seat, m))) return refuse(host, conn, "That message is not signed with your seat's key.", m.n);
  if (m.t === "seal" || m.t === "unseal") return onDeal(host, conn, m);
  if (host.seats[conn.seat].kind !== "remote") return refuse(host, conn, "A bot plays your seat now.", m.n);
  if (!host.started || host.over) return refuse(host, conn, "The game is not under way.", m.n);
  if (m.version !== host.version) return refuse(host, conn, `That was sent for move ${m.version}; the game is at move ${host.version}.`, m.n, false);
  if (m.t === "act") {
    if (host.round) return refuse(host, conn, "This is a secret round: send a commitment, not a move.", m.n);
    try {
      await host.act(conn.seat, m.action, null, m.sig);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      return refuse(host, conn, fillNames(err.message, host.names), m.n, false);
    }
  } else if (m.t === "commit") {
    if (!host.round) return refuse(host, conn, "There is no secret round now.", m.n);
    if (m.version !== host.round.version) return refuse(host, conn, "That commitment names another round.", m.n);
    const why = host.round.commit(conn.seat, m.hash);
    if (why) return refuse(host, conn, why, m.n);
    host.logNet(conn.seat, "committed to a secret choice");
  } else if (m.t === "reveal") {
    if (!host.round) return refuse(host, conn, "There is no secret round now.", m.n);
    const why = await host.round.reveal(conn.seat, m.action, m.nonce, m.sig);
    if (why) return refuse(host, conn, why, m.n);
    const refused = await checkReveal(host, conn.seat, m.action, m.nonce, m.sig);
    if (refused) {
      conn.strikes = 0;
      refuse(host, conn, refused, m.n, false);
      host.save();
      return host.advance();
    }
    host.logNet(conn.seat, "revealed their choice");
  }
  conn.strikes = 0;
  conn.soft = 0;
  host.save();
  return host.advance();
}

/** The messages that bind a seat: they are signed by its key, so they count even from a link that has closed. */
const SEAT_BOUND = new Set(["act", "commit", "reveal", "seal", "unseal"]);

/**
 * Does a message that waited in the queue while its link closed still count?  A guest that reloads right after
 * sending its move or reveal keeps a record that it sent it; dropping it and later handing the seat to a bot
 * would let that record blame an honest host.  So a seat-bound message from a closed link is handled as if the
 * link were open, as long as no other device has taken the seat since (its signature is checked as usual).
 * @param {HostTable} host @param {Conn} conn @param {any} m
 */
function orphanCounts(host, conn, m) {
  return conn.link.closed && conn.hello && conn.seat !== null && host.seats[conn.seat].conn === null
    && !!m && SEAT_BOUND.has(m.t);
}

/**
 * A revealed choice must be a move the rules allow at the round's position;
 * otherwise the seat forfeits it to the bot's own choice, and everyone is told.  The forfeit keeps the
 * guest's signed reveal: no one can be called at fault for a choice they did not sign.
 * @param {HostTable} host @param {number} seat @param {any} action @param {string} nonce @param {string} sig
 * @returns {Promise<string|null>} the refusal, if any
 */
export async function checkReveal(host, seat, action, nonce, sig) {
  const round = /** @type {Round} */ (host.round);
  const check = await host.engine.call("check", { table: host.table, seat, action });
  if (check.legal) return null;
  const choice = await host.chooseFor(seat);
  round.forfeit(seat, { reason: "illegal", action, nonce, sig, replacement: choice.action }); // the guest's own signature is the evidence
  const why = fillNames(String(check.error), host.names);
  announce(host, `${host.names[seat]} revealed a choice the rules refuse (${why.replace(/\.+$/, "")}); a bot chose for that seat this round.`);
  return `Your sealed choice is not allowed (${why.replace(/\.+$/, "")}); a bot chose for you this round.`;
}

/** Tell every guest (and the host's log) something that happened to the table. @param {HostTable} host @param {string} text */
export function announce(host, text) {
  host.logNet(null, text);
  for (const conn of host.conns) if (conn.hello) conn.link.send({ t: "note", text });
  toast(text, "info");
}

/** A guest's part in the deal: its seal, then its bytes. @param {HostTable} host @param {Conn} conn @param {any} m */
export async function onDeal(host, conn, m) {
  const seat = /** @type {number} */ (conn.seat);
  if (host.started) return refuse(host, conn, "The game is already dealt.", m.n);
  const key = /** @type {string} */ (host.seats[seat].key);
  const why = m.t === "seal" ? host.deal.seal(seat, m.hash, m.sig, key) : await host.deal.unseal(seat, m.entropy);
  if (why) return refuse(host, conn, why, m.n);
  conn.strikes = 0;
  host.logNet(seat, m.t === "seal" ? "sealed its random bytes" : "revealed its random bytes");
  if (m.t === "seal" && host.deal.revealing() && !host.revealAskedAt) host.revealAskedAt = performance.now();
  if (m.t === "seal" && host.deal.revealing()) host.logNet(null, "every seal is in: the guests now reveal their bytes");
  host.save();
  return dealtOrWait(host);
}

/**
 * Start once the deal is complete; otherwise tell everyone where it stands (the turn timer covers the reveal step).
 * Everyone is shown the final list before the game starts: a guest that came after it was final learns so from
 * the host before the game, the one way its state machine lets it be dealt out (js/net/guest-deal.js).
 * @param {HostTable} host
 */
export async function dealtOrWait(host) {
  if (host.deal.complete()) {
    await broadcast(host);
    return host.begin();
  }
  waitingNotice(host);
  host.armTimer();
  return broadcast(host);
}

/** Is `m` signed by the key that holds `seat` now? @param {HostTable} host @param {number} seat @param {any} m */
async function signedBySeat(host, seat, m) {
  const key = host.seats[seat].key;
  return !!key && verifySignature(key, messageFields(host.signing(), seat, m), m.sig);
}

/** How long a handover waits for the guest to answer `bye` (a guest that is away is not waited for). */
export const FAREWELL_MS = 3000;

/**
 * Close a guest's link at once, saying first which of its messages were handled (`bye {ack}`): for a device
 * that no longer holds the seat (another device took it) or one that kept sending what is refused.
 * @param {Conn} conn
 */
export function closeWithBye(conn) {
  if (conn.link.closed) return;
  conn.link.send({ t: "bye", ack: conn.lastN });
  conn.link.close();
}

/**
 * Close a guest's link gracefully before its seat changes hands: `bye`, then every message the guest sent
 * before it read that (its move or reveal on the way included) is handled in order, until its own `bye`
 * comes back (or FAREWELL_MS pass, or the link closes).  So an honest host never replaces a move a guest
 * sent with a bot's, which every guest's check holds it to (parlour.trust.own_moves).
 * @param {HostTable} host @param {Conn} conn @returns {Promise<void>}
 */
export function farewell(host, conn) {
  if (conn.link.closed) return Promise.resolve();
  conn.farewell ??= new Promise((resolve) => {
    conn.answered = () => resolve(undefined);
    conn.link.send({ t: "bye", ack: conn.lastN });
    setTimeout(() => resolve(undefined), conn.link.away ? 0 : FAREWELL_MS); // the link closing answers too (connState)
    host.logNet(conn.seat, "asked to close the connection; handling what it sent before");
  }).then(() => conn.link.close());
  return conn.farewell;
}

/**
 * Does this hello prove it comes from the device that had the seat?  The proof is the seat's key's
 * signature over this table, this invite's hash and the new key, so it cannot be replayed elsewhere.
 * @param {HostTable} host @param {Conn} conn @param {any} m
 */
async function provesSeat(host, conn, m) {
  const seat = host.seats[/** @type {number} */ (conn.seat)];
  if (!m.rejoin || m.rejoin.table !== host.id || !seat.key || !conn.code) return false;
  const fields = { what: "rejoin", table: host.id, invite: await inviteHash(conn.code), key: m.key };
  return verifySignature(seat.key, fields, m.rejoin.proof);
}

/** @param {HostTable} host @param {Conn} conn @param {any} m */
export async function onHello(host, conn, m) {
  if (conn.hello) return refuse(host, conn, "Hello was already said.", m.n);
  const name = cleanName(m.name);
  let newKey = false;
  if (conn.seat !== null) {
    const seat = host.seats[conn.seat];
    const resumed = await provesSeat(host, conn, m);
    if (conn.invite === INVITE_REJOIN && seat.joined && !resumed) {
      refuse(host, conn, "This rejoin invite is for the player who had this seat, and this device cannot show it is theirs. "
        + "Ask the host for a new player invite.", m.n);
      host.logNet(conn.seat, "someone without this seat's key opened its rejoin invite: refused (a new player invite gives the seat to someone else)");
      conn.link.close();
      return undefined;
    }
    const old = seat.conn;
    seat.conn = conn;
    if (old && old !== conn) closeWithBye(old); // only this key signs for the seat from now on
    conn.hello = true;
    conn.strikes = 0;
    conn.name = name;
    seat.joined = true;
    newKey = host.started && seat.key !== null && seat.key !== m.key;
    seat.key = m.key; // a new person (or the same with a new key): only this key signs for the seat from now on
    if (host.started) host.ledger.key(conn.seat, m.key);
    if (name) { host.names[conn.seat] = name; seat.name = name; host.refreshNames(); }
    if (seat.kind === "bot") host.setHolder(conn.seat, "remote");
    seat.state = "connected";
    host.logNet(conn.seat, resumed ? "rejoined" : "joined");
    if (!host.started && !host.includeInDeal(conn.seat)) {
      host.logNet(conn.seat, "came after every seal was in: the deal goes on without its random bytes (it is never made again)");
    }
  } else {
    conn.hello = true;
    conn.strikes = 0;
    conn.name = name;
    host.logNet(null, `spectator ${name || "(no name)"} joined`);
  }
  conn.link.send({
    t: "welcome", table: host.id, seat: conn.seat,
    game: host.setup.game.id, title: host.setup.game.title, players: host.seats.length, options: host.setup.options,
    names: host.names, kinds: host.seats.map((s) => s.kind), seating: host.seating, fallback: host.fallback,
    host_key: host.keyPair.publicKey, commitment: host.commitment, spectator: conn.seat === null, started: host.started,
  });
  host.save();
  host.renderPanel();
  if (host.started) await host.refreshCode(); // a new key for a seat: a new table code for everyone
  if (newKey) {
    announce(host, `${host.names[/** @type {number} */ (conn.seat)]} now plays seat ${/** @type {number} */ (conn.seat) + 1} on another `
      + `device (a new player invite), so the table code is now ${host.code}: compare it again.`);
  }
  if (host.started) await host.advance();
  else await dealtOrWait(host);
  return undefined;
}

/** @param {HostTable} host */
export function waitingNotice(host) {
  // a seat nobody joined yet is named by its number: its name in the lobby was only a placeholder
  const missing = host.deal.seats.flatMap((i) => (host.deal.seals.has(i) && host.seats[i].state === "connected" ? []
    : [host.seats[i].joined ? host.names[i] : `a friend on seat ${i + 1}`]));
  host.view.status("Waiting for the players on other devices to join…");
  const how = host.mail
    ? "Send each one their invite link (under “Players by link”), and open the links they send back: each player's first ones seal their part of the deal."
    : "Send each one their invite link (under “Players on other devices”); paste the answer code they send back.";
  host.view.notice(missing.length ? `The game starts when every player has joined. Waiting for: ${missing.join(", ")}. ${how}` : "");
}

/** Send every connected guest its own view. @param {HostTable} host */
export async function broadcast(host) {
  for (const conn of host.conns) if (conn.hello) await sendEvent(host, conn);
}

/** @param {HostTable} host @param {Conn} conn */
export async function sendEvent(host, conn) {
  if (!host.started) {
    conn.link.send({
      t: "ev", ev: ++conn.ev, waiting: true, names: host.names, version: 0, deal: host.deal.publicState(),
      kinds: host.seats.map((s) => s.kind), keys: host.currentKeys(), ack: conn.lastN,
    });
    return;
  }
  const snap = await host.engine.call("view", { table: host.table, seat: conn.seat, hash: true });
  const round = host.round?.publicState() ?? null;
  /** @type {Record<string, any>} */
  const event = {
    t: "ev", ev: ++conn.ev, version: snap.version, view: snap.view, legal: snap.legal, forms: snap.forms, to_move: snap.to_move,
    over: snap.over, result: snap.result, hash: snap.view_hash, round, names: host.names,
    away: host.seats.flatMap((s, i) => (s.kind === "remote" && s.state !== "connected" ? [i] : [])),
    kinds: host.seats.map((s) => s.kind), keys: host.currentKeys(), waiting: false, ack: conn.lastN,
  };
  // a link's first game event carries the whole deal: every guest checks it and makes the table code from it
  if (!conn.dealtSent) event.dealt = host.deal.record();
  if (conn.link.send(event)) conn.dealtSent = true;
}

/** At the end: the secret, the guests' bytes and the whole ledger, for the guest's own check. @param {HostTable} host @param {Conn} conn */
export async function sendFair(host, conn) {
  const ledger = host.ledger.toJSON();
  const actions = ledger.actions.map((a) => (a.sig ? { seat: a.seat, action: a.action, sig: a.sig } : { seat: a.seat, action: a.action }));
  if (host.tamper.log && actions.length > 2) actions[actions.length - 2] = actions[0];
  const sent = conn.link.send({
    t: "fair", secret: toB64url(host.secret), seed: host.seed, entropy: host.deal.listed(host.seats.length),
    seals: host.deal.record().seals, actions, reveals: ledger.reveals, bots: ledger.bots, control: ledger.control,
    keys: ledger.keys, forfeits: ledger.forfeits,
  });
  if (sent) conn.fairSent = true;
}

