// @ts-check
/**
 * The host's side of a table played by sending links (docs/correspondence.md).  The table is the same HostTable
 * as over the network; only the transport differs: each guest seat's invite is a mail invite
 * (js/net/mail-invite.js), the guest's first link attaches its seat as a data channel would
 * (js/tables/host-messages.js `attach`), and from then on every link the host opens is delivered to that seat's
 * link, and what the table sends the seat waits in its mailbox for the next link the host sends.
 *
 * The seats' mailboxes and links are kept with the table (js/net/store.js), so the host's page may close between
 * two links: on reload the same links go on, with no rejoin.
 */
import { toast } from "../common/dom.js";
import { settled } from "../common/settled.js";
import { GUEST_TO_HOST, HOST_TO_GUEST, MailError, newMailKeyPair, readHeader, sharedMailKey } from "../net/mail-codec.js";
import { linkPrimer } from "../net/link-primer.js";
import { MailboxError } from "../net/mailbox.js";
import { MailEnd, MailInvitation, mailAddress, mailPayload } from "../net/mail-invite.js";
import { attach } from "./host-messages.js";
import { INVITE_REJOIN, INVITE_SEAT } from "../net/protocol.js";

/**
 * @typedef {import("./host-table.js").HostTable} HostTable
 * @typedef {import("./host-table.js").Conn} Conn
 */

/** The connection fields kept across the host's reloads (the rest start afresh). */
const KEPT = ["code", "hello", "name", "ev", "lastN", "invite", "dealtSent", "fairSent"];

/** The host's ECDH key for the table, made once. @param {HostTable} host */
export async function hostMailKey(host) {
  // one key for every seat's invite, though the invites are made at once
  making.set(host, making.get(host) ?? (host.mailKeys ? Promise.resolve(host.mailKeys) : newMailKeyPair().then((keys) => {
    host.mailKeys ??= keys;
    host.save(); // every invite carries it: a reload must keep it
    return host.mailKeys;
  })));
  return /** @type {Promise<{publicKey: string, privateJwk: JsonWebKey}>} */ (making.get(host));
}

/** @type {WeakMap<object, Promise<{publicKey: string, privateJwk: JsonWebKey}>>} the host's key as it is being made */
const making = new WeakMap();

/** A seat's invite by mail (the surface of a network invite). @param {HostTable} host @param {number} i @param {number} kind */
export async function mailInvitation(host, i, kind) {
  return new MailInvitation({ table: host.id, seat: i, kind, keyPair: await hostMailKey(host), primer: (w) => linkPrimer(host.engine, w) });
}

/** The address a mail invite's payload is opened at. @param {string} code */
export const mailInviteLink = (code) => mailAddress(code);

/**
 * Open a link a guest sent (pasted, or the address the page was opened at): the guest's first link attaches its
 * seat; a later one goes to the seat's link.  A link that is not for this table's host, was opened already, or
 * does not open, is refused with a sentence and changes nothing.
 * @param {HostTable} host @param {string} text @returns {Promise<string>} what happened, for the person
 */
export async function openGuestLink(host, text) {
  const payload = mailPayload(text);
  const h = readHeader(payload);
  if (h.table !== host.id) throw new MailError("That link belongs to another table.");
  if (h.dir !== GUEST_TO_HOST) throw new MailError(`That is your own link for seat ${h.seat + 1}: send it to that player; it is no use here.`);
  const seat = host.seats[h.seat];
  if (!seat || !seat.remote) throw new MailError("That link names a seat no one plays by links at this table.");
  const conn = seat.conn;
  if (conn?.mail) {
    const fresh = await conn.mail.open(payload);
    await settled(host); // the table has handled what came (and the bots have moved)
    return fresh ? `${host.names[h.seat]}'s link is in.` : "";
  }
  if (seat.kind !== "remote") throw new MailError(`A bot plays seat ${h.seat + 1} now: that player can come back only by a new invite.`);
  let inv = seat.invite;
  if (!(inv instanceof MailInvitation)) {
    // the page reloaded before the seat's invite was made again: the guest's first link carries all it needs
    inv = await mailInvitation(host, h.seat, seat.joined ? INVITE_REJOIN : INVITE_SEAT);
    await inv.prepare();
    seat.invite?.close();
    seat.invite = inv;
  }
  if (!inv.matches(payload)) throw new MailError(`That link is not a first link for seat ${h.seat + 1}.`);
  const channel = await inv.accept(payload, () => linksChanged(host));
  seat.invite = null;
  attach(host, channel, inv.pc, h.seat, null, inv.early, inv.kind, inv.code, { end: /** @type {MailEnd} */ (inv.end) });
  await Promise.resolve(); // the table's link takes the channel over (a microtask), then reads the hello
  await Promise.resolve();
  await settled(host);
  return `${host.names[h.seat]} joined.`;
}

/**
 * The link to send a seat now (its full address), or "" when that seat has everything.
 * @param {Conn} conn @returns {Promise<string>}
 */
export async function linkFor(conn) {
  const payload = conn.mail ? await conn.mail.link() : null;
  return payload ? mailAddress(payload) : "";
}

/**
 * Something went into a seat's mailbox: once the table is done with what it is doing, the panel shows each
 * seat's next link, and the table is saved with its mailboxes.
 * @param {HostTable} host
 */
export function linksChanged(host) {
  if (host.mailRefresh) return;
  host.mailRefresh = true;
  void host.serial(async () => {
    host.mailRefresh = false;
    for (const conn of host.conns) if (conn.mail) conn.mailLink = await linkFor(conn);
    host.save();
    host.renderPanel();
  });
}

/** What the table keeps of its correspondence seats (host.save). @param {HostTable} host */
export function mailRecord(host) {
  if (!host.mailKeys) return null;
  /** @type {Record<string, any>} */
  const seats = {};
  host.seats.forEach((s, i) => {
    const conn = s.conn;
    if (!conn?.mail) return;
    seats[String(i)] = {
      guestKey: conn.mail.guestKey, box: conn.mail.box, made: conn.mail.made,
      conn: Object.fromEntries(KEPT.map((k) => [k, /** @type {any} */ (conn)[k] ?? null])),
    };
  });
  return { keys: host.mailKeys, seats };
}

/**
 * After the host's reload: each correspondence seat goes on with the same link (no rejoin invite).
 * @param {HostTable} host @param {any} saved the table's saved `mail`
 * @returns {Promise<Set<number>>} the seats restored
 */
export async function restoreMail(host, saved) {
  const restored = new Set();
  if (!saved?.keys) return restored;
  host.mailKeys = saved.keys;
  for (const [index, s] of Object.entries(saved.seats ?? {})) {
    const i = Number(index);
    const seat = host.seats[i];
    if (!seat || seat.kind === "bot" || !s?.guestKey || !s.box) continue;
    const key = await sharedMailKey(saved.keys.privateJwk, s.guestKey, host.id);
    const end = new MailEnd({ table: host.id, seat: i, dir: HOST_TO_GUEST, key, ownKey: saved.keys.publicKey, box: s.box,
      onPost: () => linksChanged(host), primer: (w) => linkPrimer(host.engine, w) });
    end.guestKey = s.guestKey;
    end.made = s.made ?? null;
    const kept = Object.fromEntries(Object.entries(s.conn ?? {}).filter(([k, v]) => KEPT.includes(k) && v !== null));
    const conn = attach(host, end.channel, end.pc, i, null, [], kept.invite ?? 0, kept.code ?? "", { end, kept });
    conn.mailLink = await linkFor(conn);
    restored.add(i);
  }
  return restored;
}

/**
 * The host's person pastes a link: say what happened.
 * @param {HostTable} host @param {string} text
 */
export async function pasteGuestLink(host, text) {
  try {
    const said = await openGuestLink(host, text);
    if (said) toast(said, "info");
    else toast("That link brought nothing new.", "info");
    return true;
  } catch (err) {
    if (err instanceof MailError || err instanceof MailboxError) {
      toast(err.message);
      return false;
    }
    throw err;
  }
}
