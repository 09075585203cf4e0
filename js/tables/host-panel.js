// @ts-check
/**
 * The host's panel of connections: for each seat on another device its state
 * (invited, connected, away), its invite (link, QR, share) and the box for the
 * guest's answer code; buttons to hand any guest's seat to a bot, make a
 * rejoin invite (only the seat's own device can use it) or a new player
 * invite (someone else takes the seat); the turn timer and each waiting
 * seat's time left; spectator invites; and the log of what the connections
 * did (refused messages included).  Invite blocks are built once per invite and
 * kept, so redrawing the panel never loses a half-pasted code.
 */
import { answerBox, codeCard, tableCodeLine } from "./p2p-codes.js";
import { h, toast } from "../common/dom.js";
import { TIMER_CHOICES } from "../net/turn-timer.js";
import { describeIce } from "../net/settings.js";
import { INVITE_REJOIN, INVITE_SEAT } from "../net/protocol.js";
import { acceptAnswer, handToBot, invite, inviteSpectator } from "./host-guests.js";
import { mailSeatBlock, pasteBox } from "./mail-panel.js";
import { pasteGuestLink } from "./mail-host.js";
import { mailPlaySupported, networkPlaySupported } from "../common/network-support.js";

/** @type {WeakMap<object, HTMLElement>} the box where the host pastes a link that came back, one per table */
const linkBoxes = new WeakMap();

/** The host's box for any seat's link. @param {import("./host-table.js").HostTable} host */
function linkBox(host) {
  let box = linkBoxes.get(host);
  if (!box) {
    box = pasteBox("Paste a link a player sent you", (text) => pasteGuestLink(host, text));
    linkBoxes.set(host, box);
  }
  return box;
}

/** @type {WeakMap<object, HTMLElement>} */
const inviteBlocks = new WeakMap();

/** A guest's seat before its player's name came. */
export const WAITING_FOR_A_FRIEND = "waiting for a friend to join";

const STATE_TEXT = {
  inviting: "invited: waiting for the answer code",
  connected: "connected",
  away: "away",
  local: "",
};

/**
 * A seat's name on the host's panel: the name typed in the lobby is only a placeholder until the guest's own
 * comes with them, so a guest's seat nobody has joined yet is "Seat N" (in its row and in the network log alike).
 * @param {import("./host-table.js").HostTable} host @param {number} i
 */
function panelName(host, i) {
  return unjoined(host.seats[i]) ? `Seat ${i + 1}` : host.names[i];
}

/** A guest's seat nobody has joined yet (not one handed to a bot). @param {any} seat */
function unjoined(seat) {
  return Boolean(seat && seat.remote && seat.kind === "remote" && !seat.joined);
}

/**
 * @param {import("./host-table.js").HostTable} host
 * @returns {HTMLElement}
 */
export function renderHostPanel(host) {
  const rows = host.seats.flatMap((seat, i) => {
    if (!seat.remote) return [];
    const state = seat.kind === "bot" ? "bot" : seat.state;
    const deferred = host.deferred.get(i);
    const label = (state === "bot" ? "played by a bot" : seat.conn?.mail && state === "connected" ? "plays by links"
      : unjoined(seat) && state === "inviting" ? WAITING_FOR_A_FRIEND
        : host.mail && state === "inviting" ? "invited: waiting for their first link" : STATE_TEXT[state])
      + (deferred === "bot" ? " · a bot takes over after this round" : deferred === "remote" ? " · back after this round" : "");
    const canRejoin = seat.kind === "bot" || state === "away";
    const left = host.timer.left(i);
    const canHand = seat.kind === "remote" && !deferred;
    return [h("div", { class: `p2p-seat ${state}`, "data-seat": i, "data-state": state }, [
      h("div", { class: "p2p-seat-head" }, [
        h("strong", {}, [panelName(host, i)]), h("span", { class: "p2p-state" }, [` · ${label}`]),
        left !== null ? h("span", { class: "p2p-clock", "data-left": left }, [` · ${left} s left`]) : null,
      ]),
      seat.invite ? inviteBlock(host, seat.invite, seat.inviteLink, seat.invite.kind === INVITE_REJOIN ? `Rejoin invite for seat ${i + 1}` : `Invite for seat ${i + 1}`) : null,
      seat.conn?.mail ? mailSeatBlock(host, i, seat.conn) : null,
      h("div", { class: "p2p-seat-buttons" }, [
        canRejoin && !seat.invite && seat.joined ? h("button", { type: "button", class: "rejoin", title: "Only the device that had this seat can use it", onclick: () => invite(host, i, INVITE_REJOIN) }, ["Rejoin invite"]) : null,
        canRejoin && !seat.invite && host.started ? h("button", { type: "button", class: "new-player", title: "Someone else takes this seat", onclick: () => invite(host, i, INVITE_SEAT) }, ["New player invite"]) : null,
        canHand ? h("button", { type: "button", class: "to-bot", onclick: () => handToBot(host, i) }, ["Hand to a bot"]) : null,
        // the same player goes on by the other transport: a rejoin invite by link, or a live one (docs/correspondence.md)
        seat.joined && seat.kind === "remote" && !seat.invite && !seat.conn?.mail && mailPlaySupported()
          ? h("button", { type: "button", class: "to-links", title: "The same player goes on by sending links", onclick: () => invite(host, i, INVITE_REJOIN, { mail: true }) }, ["Continue by links"]) : null,
        seat.joined && seat.kind === "remote" && !seat.invite && (seat.conn?.mail || (host.mail && !seat.conn)) && networkPlaySupported()
          ? h("button", { type: "button", class: "to-live", title: "The same player goes on over a live connection", onclick: () => invite(host, i, INVITE_REJOIN, { mail: false }) }, ["Continue live"]) : null,
      ]),
    ])];
  });
  const timer = /** @type {HTMLSelectElement} */ (h("select", {
    class: "turn-timer", "aria-label": "Turn timer", onchange: () => host.setTimer(Number(timer.value)),
  }, TIMER_CHOICES.map((sec) => h("option", { value: sec, selected: sec === host.timer.seconds ? "" : null }, [
    sec === 0 ? "off" : sec < 60 ? `${sec} s` : `${sec / 60} min`,
  ]))));
  const spectators = host.spectators.map((s, k) => h("div", { class: "p2p-spectator", "data-spectator": k }, [
    s.conn ? h("span", {}, [`Spectator ${s.conn.name || k + 1} · watching`])
      : inviteBlock(host, s.invite, s.link, "Spectator invite"),
  ]));
  const log = host.netLog.slice(-40).map((e) => h("li", {}, [
    `${e.seat === null ? "table" : panelName(host, e.seat)}: ${e.text}`,
  ]));
  if (host.mail) {
    return h("div", { class: "p2p-host mail-host" }, [
      tableCodeLine(host.code),
      h("h3", {}, ["Players by link"]),
      h("p", { class: "hint" }, [
        "No server, and no one needs to be online at the same time: send each player their invite link by any "
        + "messenger or mail. Each sends a link back; open it (or paste it below), and send the next link to the "
        + "player whose turn it is.",
      ]),
      linkBox(host),
      ...rows,
      h("details", { class: "p2p-log" }, [h("summary", {}, ["Link log"]), h("ol", {}, log)]),
    ]);
  }
  return h("div", { class: "p2p-host" }, [
    tableCodeLine(host.code),
    h("h3", {}, ["Players on other devices"]),
    h("p", { class: "hint" }, [
      "Two codes, no server: send each player their invite link; they send back a short answer code; paste it here.",
    ]),
    h("p", { class: "hint p2p-servers" }, [describeIce(host.settings.iceServers)]),
    ...(host.seats.some((s) => s.conn?.mail || /** @type {any} */ (s.invite)?.mail) ? [linkBox(host)] : []),
    ...rows,
    h("label", { class: "p2p-timer" }, ["Turn timer ", timer, " (a guest who keeps the table waiting longer goes to a bot)"]),
    ...spectators,
    h("button", { type: "button", class: "invite-spectator", onclick: () => inviteSpectator(host) }, ["Invite a spectator"]),
    h("details", { class: "p2p-log" }, [h("summary", {}, ["Connection log"]), h("ol", {}, log)]),
  ]);
}

/**
 * @param {import("./host-table.js").HostTable} host @param {object} invite @param {string} link @param {string} label
 */
function inviteBlock(host, invite, link, label) {
  if (!link) return h("p", { class: "hint preparing" }, ["Preparing the invite (gathering network addresses)…"]);
  let block = inviteBlocks.get(invite);
  if (!block && /** @type {any} */ (invite).mail) {
    // by mail the guest's first link comes back to the one box for every link (linkBox)
    block = h("div", { class: "invite" }, [
      codeCard({ label, text: link, cls: "invite-link", engine: host.engine, shareTitle: "Join my Parlour table (play by sending links)" }),
    ]);
    inviteBlocks.set(invite, block);
  }
  if (!block) {
    block = h("div", { class: "invite" }, [
      codeCard({ label, text: link, cls: "invite-link", engine: host.engine, shareTitle: "Join my Parlour table" }),
      answerBox(async (code) => {
        await acceptAnswer(host, code);
        toast("Connected.", "info");
      }),
    ]);
    inviteBlocks.set(invite, block);
  }
  return block;
}
