// @ts-check
/**
 * A guest's side of a table played by sending links (docs/correspondence.md).  The GuestTable and its protocol
 * are the same as over the network (js/tables/guest-table.js, js/net/guest-protocol.js); only the transport
 * differs: the invite carries the host's key, the guest's first link carries its own and its hello, and from
 * then on each link the guest opens is delivered to the table's link, and what the table sends waits in the
 * mailbox for the link the guest sends back.
 *
 * The page may close between two links: the record (js/net/store.js `saveMail`) keeps the link's keys and
 * mailbox, the protocol's link state, the welcome and the last event, so the table is drawn again and the same
 * link goes on, with nothing lost and no rejoin.
 */
import { h, toast } from "../common/dom.js";
import { settled } from "../common/settled.js";
import { Link } from "../net/link.js";
import { startLink } from "../net/mail-channel.js";
import { GUEST_TO_HOST, HOST_TO_GUEST, MailError, newMailKeyPair, readHeader, readInvite, sharedMailKey } from "../net/mail-codec.js";
import { linkPrimer } from "../net/link-primer.js";
import { MailboxError } from "../net/mailbox.js";
import { MAIL_ROUTE, MailEnd, mailAddress, mailPayload, wrongEnd } from "../net/mail-invite.js";
import { MAX_HOST_MESSAGE } from "../net/protocol.js";
import { loadGuest, loadMail, saveMail } from "../net/store.js";
import { linkCard, pasteBox } from "./mail-panel.js";
import { renderJoin, showJoinError } from "./p2p-join.js";

/** @typedef {import("./guest-table.js").GuestTable} GuestTable */

/**
 * Where a `#mail=` address goes on the guest's side: an invite opens the join screen (or the table, when this
 * browser joined with it already); a host's link opens the table it belongs to and is delivered.
 * @param {GuestTable} guest @param {string} payload
 */
export async function startMailGuest(guest, payload) {
  let h0;
  try {
    h0 = readHeader(payload, true);
  } catch (err) {
    showJoinError(guest.root, err instanceof Error ? err.message : String(err));
    return;
  }
  if (h0.invite) {
    const inv = readInvite(payload);
    if (!inv) return;
    const record = loadMail(inv.table, inv.seat);
    if (record) return resumeMailGuest(guest, record, null);
    guest.code = payload;
    guest.protocol.io.inviteCode = payload;
    const previous = loadGuest(inv.table);
    const same = !!previous && previous.seat === inv.seat && !previous.over;
    renderJoin(guest.root, {
      spectator: false, rejoin: same, name: same ? previous.name ?? "" : "", mail: true,
      notice: same ? "You go on at your table by sending links from now on: nothing of the game is lost." : "",
      servers: "", onJoin: (name) => void joinByMail(guest, inv, payload, name),
    });
    guest.root.dataset.phase = "join";
    return;
  }
  if (h0.dir !== HOST_TO_GUEST) {
    showJoinError(guest.root, "That is a link you made for the host: send it to the host; it is no use here.");
    return;
  }
  const record = loadMail(h0.table, h0.seat);
  if (!record) {
    showJoinError(guest.root, `This link is for the player at seat ${h0.seat + 1} of a table this browser has not joined: `
      + "open it on the device and in the browser that joined that table.");
    return;
  }
  return resumeMailGuest(guest, record, payload);
}

/**
 * The person gave a name: make this device's key for the links, say hello, and show the first link to send back.
 * @param {GuestTable} guest @param {{table: string, seat: number, hostKey: string}} inv @param {string} code @param {string} name
 */
async function joinByMail(guest, inv, code, name) {
  const keys = await newMailKeyPair();
  const key = await sharedMailKey(keys.privateJwk, inv.hostKey, inv.table);
  guest.mailRecord = { table: inv.table, seat: inv.seat, invite: code, hostKey: inv.hostKey, keys, name };
  openLinkEnd(guest, key, keys.publicKey, undefined);
  guest.name = name;
  // this device already plays this seat (over a live connection until now): it comes back with its key for the
  // table and proves it, as on a rejoin invite; the host takes it as the same player (docs/correspondence.md)
  const previous = loadGuest(inv.table);
  const same = !!previous && previous.seat === inv.seat && !previous.over && !previous.failure;
  guest.linkNo = same ? (previous.link_count ?? 0) + 1 : 1;
  guest.send([await guest.protocol.hello(name, same ? previous : null, guest.linkNo, { rejoin: same })]);
  await refreshMail(guest);
  showFirstLink(guest);
  keepAddress(code);
}

/**
 * The table's link over the mail end (a new mailbox, or the one kept).
 * @param {GuestTable} guest @param {CryptoKey} key @param {string} ownKey @param {any} box
 */
function openLinkEnd(guest, key, ownKey, box) {
  const rec = /** @type {any} */ (guest.mailRecord);
  const end = new MailEnd({ table: rec.table, seat: rec.seat, dir: GUEST_TO_HOST, key, ownKey, box, onPost: () => void refreshMail(guest),
    primer: (w) => linkPrimer(guest.engine, w) });
  end.made = rec.made ?? null;
  guest.mailEnd = end;
  guest.link = new Link(/** @type {any} */ (end.channel), /** @type {any} */ (end.pc), {
    beats: false,
    maxIn: MAX_HOST_MESSAGE,
    onMessage: (m) => { guest.queue = guest.queue.then(() => guest.onMessage(m)).catch((e) => console.error(e)); },
    onBad: (reason) => guest.logNet(`host message refused: ${reason}`),
    onAway: () => {},
    onBack: () => {},
    onClose: () => guest.connection("The host ended this link."),
  });
  startLink(guest.link, end.channel);
}

/**
 * Before the host's first answer: the link that carries the hello, under the join form.
 * @param {GuestTable} guest
 */
function showFirstLink(guest) {
  const slot = guest.root.querySelector(".answer-slot");
  const step = /** @type {HTMLElement|null} */ (guest.root.querySelector(".p2p-join"));
  if (step) step.dataset.step = "answer";
  const go = /** @type {HTMLElement|null} */ (guest.root.querySelector("#join-go"));
  if (go) go.hidden = true;
  if (!slot) return;
  guest.mailSlot = h("div", { class: "mail-guest" });
  slot.replaceChildren(
    h("p", {}, ["Send this link back to the host (any messenger or mail will do). When the host answers, open their link here."]),
    guest.mailSlot,
  );
  drawMailSlot(guest);
}

/**
 * Go on at a table this browser joined by links: draw it from the record, then deliver the link opened (if any).
 * @param {GuestTable} guest @param {any} record @param {string|null} payload
 */
export async function resumeMailGuest(guest, record, payload) {
  guest.mailRecord = record;
  guest.code = record.invite;
  guest.protocol.io.inviteCode = record.invite;
  guest.name = record.name ?? "";
  const key = await sharedMailKey(record.keys.privateJwk, record.hostKey, record.table);
  openLinkEnd(guest, key, record.keys.publicKey, record.box);
  if (record.protocol) {
    guest.protocol.resume(record.protocol);
    guest.linkNo = guest.protocol.linkNo;
  }
  if (record.welcome) guest.onWelcome(record.welcome);
  if (record.last) guest.onEvent(record.last);
  if (!record.welcome) {
    // the host has not answered yet: the join screen with the first link again
    renderJoin(guest.root, { spectator: false, rejoin: false, name: guest.name, notice: "", mail: true, servers: "", onJoin: () => {} });
    showFirstLink(guest);
  }
  if (payload) await openHostLink(guest, payload);
  else await refreshMail(guest);
  keepAddress(record.invite);
}

/**
 * The address names the table by its invite from now on: a reload opens the table again, and does not open a
 * link twice.  @param {string} invite
 */
function keepAddress(invite) {
  if (location.hash !== `${MAIL_ROUTE}${invite}`) history.replaceState(history.state, "", `${location.pathname}${location.search}${MAIL_ROUTE}${invite}`);
}

/**
 * Open a link from the host: its messages go to the table; then the link to send back is shown.
 * @param {GuestTable} guest @param {string} text @returns {Promise<boolean>} whether it was taken
 */
export async function openHostLink(guest, text) {
  const end = guest.mailEnd;
  if (!end) return false;
  const payload = mailPayload(text);
  try {
    const h1 = readHeader(payload);
    const why = wrongEnd(h1, end.table, end.seat, HOST_TO_GUEST);
    if (why) throw new MailError(why);
    const fresh = await end.open(payload);
    await settled(guest);
    if (!fresh) toast("That link brought nothing new.", "info");
  } catch (err) {
    if (err instanceof MailError || err instanceof MailboxError) {
      toast(err.message);
      return false;
    }
    throw err;
  }
  await refreshMail(guest);
  return true;
}

/**
 * Keep the record and show the link to send now.
 * @param {GuestTable} guest
 */
export async function refreshMail(guest) {
  const end = guest.mailEnd;
  const rec = guest.mailRecord;
  if (!end || !rec) return;
  await settled(guest);
  const payload = await end.link();
  guest.mailLink = payload ? mailAddress(payload) : "";
  Object.assign(rec, {
    box: end.box, made: end.made, protocol: guest.protocol.snapshot(), name: guest.name ?? rec.name,
    welcome: guest.welcomeMessage ?? rec.welcome ?? null, last: guest.last ?? rec.last ?? null,
    title: guest.welcomeMessage?.title ?? rec.title ?? "", game: guest.welcomeMessage?.game ?? rec.game ?? "",
    waiting: mailWaiting(guest), over: !!guest.last?.over,
  });
  const version = guest.last?.version ?? null;
  if (version !== rec.lastVersion || !rec.lastMove) {
    rec.lastVersion = version;
    rec.lastMove = Date.now();
    rec.lastText = version === null ? "waiting for the players to join" : guest.last?.over ? "the game is over" : `after move ${version}`;
  }
  saveMail(rec.table, rec.seat, rec);
  drawMailSlot(guest);
}

/**
 * Whose move the table waits for, as this guest sees it: "you" (a link to send, or the board asking for a move,
 * as js/tables/guest-table.js `draw` decided), or "others".
 * @param {GuestTable} guest
 */
function mailWaiting(guest) {
  return guest.mailLink || guest.root.dataset.phase === "move" ? "you" : "others";
}

/** The guest's panel part for links: the link to send, and the box for the host's. @param {GuestTable} guest */
export function drawMailSlot(guest) {
  const slot = guest.mailSlot;
  if (!slot) return;
  guest.mailBox ??= pasteBox("Paste the host's link here", (text) => openHostLink(guest, text));
  const link = guest.mailLink;
  slot.replaceChildren(
    link ? h("div", { class: "mail-out" }, [
      h("p", {}, [guest.last?.over ? "Send the host this last link." : "Send the host this link: it carries your move."]),
      linkCard(guest.engine, link, "Link for the host", "mail-link"),
    ]) : h("p", { class: "hint mail-nothing" }, ["Nothing to send: the host has all your moves. Open the host's next link when it comes."]),
    guest.mailBox,
  );
}
