// @ts-check
/**
 * The host's seats on other devices and its spectators: invites (a player's
 * for a seat, a rejoin invite only the seat's own device can use, a
 * spectator's), the answer code that opens a guest's channel, and handing a
 * guest's seat to a bot at any time.  The panel that offers all this is
 * js/tables/host-panel.js; what a channel then says is js/tables/host-messages.js.
 */
import { Invitation } from "../net/peer.js";
import { INVITE_SPECTATOR } from "../net/protocol.js";
import { announce, attach, dealtOrWait, farewell } from "./host-messages.js";
import { mailInvitation, mailInviteLink } from "./mail-host.js";

/**
 * @typedef {import("./host-table.js").HostTable} HostTable
 * @typedef {import("./host-table.js").Conn} Conn
 */

/** The link a guest opens to answer an invite. @param {string} code */
export function inviteLink(code) {
  return `${location.origin}${location.pathname}#join=${code}`;
}

/**
 * A seat's invite: by link at a table played by links, else over the network; `how.mail` chooses the other one
 * for this seat (a player moving from a live connection to links, or back, rejoins through it).
 * @param {HostTable} host @param {number} i @param {number} kind @param {{mail?: boolean}} [how]
 */
export async function invite(host, i, kind, how = {}) {
  const seat = host.seats[i];
  seat.invite?.close();
  const byMail = how.mail ?? host.mail;
  const inv = byMail ? await mailInvitation(host, i, kind) : new Invitation({ seat: i, kind, iceServers: host.settings.iceServers });
  seat.invite = inv;
  seat.inviteLink = "";
  if (!seat.conn && !host.started) seat.state = "inviting";
  host.renderPanel();
  await inv.prepare();
  if (seat.invite !== inv) return;
  seat.inviteLink = byMail ? mailInviteLink(inv.code) : inviteLink(inv.code);
  host.renderPanel();
}

/** @param {HostTable} host */
export async function inviteSpectator(host) {
  const inv = new Invitation({ seat: null, kind: INVITE_SPECTATOR, iceServers: host.settings.iceServers });
  const entry = { invite: inv, link: "", conn: /** @type {Conn|null} */ (null) };
  host.spectators.push(entry);
  host.renderPanel();
  await inv.prepare();
  entry.link = inviteLink(inv.code);
  host.renderPanel();
}

/** The host pasted an answer code: find its invite, open the channel, attach it. @param {HostTable} host @param {string} code */
export async function acceptAnswer(host, code) {
  const seatIndex = host.seats.findIndex((s) => s.invite?.matches(code));
  const spectator = host.spectators.find((s) => !s.conn && s.invite.matches(code));
  const inv = seatIndex >= 0 ? host.seats[seatIndex].invite : spectator?.invite;
  if (!inv) throw new Error("That answer code does not belong to any open invite here.");
  const channel = await inv.accept(code);
  if (seatIndex >= 0) host.seats[seatIndex].invite = null;
  attach(host, channel, inv.pc, seatIndex >= 0 ? seatIndex : null, spectator ?? null, inv.early, inv.kind, inv.code);
}

/**
 * Hand any guest's seat to a bot, at any time (a stalled or misbehaving
 * player can always be removed).  Its link is closed first, with `bye` saying
 * which of its messages were handled.  Before the game starts, the seat leaves
 * the deal while its list of seals is open; once the list is final, a seat
 * whose bytes never came is dealt out with its seal still listed (the deal is
 * never made again).  In an open round, a sealed choice whose reveal has not
 * come is forfeited to the bot's own choice.
 *
 * The seat changes hands only after the guest's link is closed gracefully
 * (`farewell`): everything the guest sent before it read our `bye` is handled
 * first, so a move or reveal on its way is played, never replaced by the
 * bot's; the guest's own check holds the host to that.
 * @param {HostTable} host @param {number} i
 * @param {boolean} [onTimer] the turn timer ran out: hand over only if the seat still keeps the table waiting
 *   (its move may have arrived just before the tick, queued ahead of this)
 */
export async function handToBot(host, i, onTimer = false) {
  const first = host.seats[i];
  if (first.kind === "bot" || first.kind === "human") return;
  if (onTimer && !host.waitingFor().includes(i)) return;
  if (first.conn) await farewell(host, first.conn);
  return host.serial(async () => {
    const seat = host.seats[i];
    if (seat.kind === "bot" || seat.kind === "human") return;
    const excused = !host.started && host.deal.revealing() && host.deal.seats.includes(i) && !host.deal.bytes.has(i);
    if (!host.started) host.deal.drop(i);
    seat.conn?.link.close();
    seat.conn = null;
    seat.invite?.close();
    seat.invite = null;
    seat.state = "away";
    const round = host.round;
    const unrevealed = round && round.seats.includes(i) && round.commits.has(i) && !round.settled(i);
    host.setHolder(i, "bot");
    if (round && unrevealed) {
      const choice = await host.chooseFor(i);
      round.forfeit(i, { reason: "bot", replacement: choice.action });
      announce(host, `${host.names[i]}'s sealed choice never came; a bot chose for that seat this round.`);
    }
    host.logNet(i, "handed to a bot");
    if (excused) {
      announce(host, `${host.names[i]} never revealed their random bytes: the game is dealt without them, `
        + "and their signed seal stays listed for everyone to see (the deal is never made again).");
    }
    host.save();
    host.renderPanel();
    if (host.started) await host.advance();
    else await dealtOrWait(host);
  });
}

