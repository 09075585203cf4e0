// @ts-check
/**
 * Where network play meets the app shell (js/main.js): `#join=<code>` opens
 * the guest's screen, `#host=<id>` restores a hosted table after a reload,
 * and a lobby choice with seats on other devices opens a hosted table.
 * Tests reach the live tables through `window.parlourNet`.
 */
import { toast } from "../common/dom.js";
import { GuestTable } from "./guest-table.js";
import { HostTable } from "./host-table.js";
import { iceServers } from "../net/settings.js";
import { loadHosted } from "../net/store.js";
import { askAboutLinkServers } from "./p2p-settings.js";
import { NO_MAIL_PLAY, NO_NETWORK_PLAY, mailPlaySupported, networkPlaySupported } from "../common/network-support.js";
import { GUEST_TO_HOST, readHeader } from "../net/mail-codec.js";
import { MAIL_ROUTE, mailPayload } from "../net/mail-invite.js";
import { pasteGuestLink } from "./mail-host.js";
import { warmQrCodes } from "./p2p-codes.js";

export { warmQrCodes };

/**
 * @typedef {{engine: import("../engine/bridge.js").Engine, tableRoot: HTMLElement, botDelay: number,
 *   showTable: () => void, showLobby: () => void, pythonReady: (b: HTMLButtonElement|null) => Promise<boolean>}} Deps
 */

/** @type {any} */
const net = {};
window.parlourNet = net;

/** A network route in the address, if any. */
export function networkRoute() {
  const hash = location.hash;
  if (hash.startsWith("#join=")) return { kind: "join", code: hash.slice(6) };
  if (hash.startsWith("#host=")) return { kind: "host", id: hash.slice(6) };
  if (hash.startsWith(MAIL_ROUTE)) return { kind: "mail", code: hash.slice(MAIL_ROUTE.length) };
  return null;
}

/**
 * Where a `#mail=` address goes: a link made for the host opens the hosted table it belongs to; an invite or a
 * host's link opens the guest's side (js/tables/mail-guest.js says what is wrong with one that fits neither).
 * @param {string} code @returns {{kind: "host", id: string}|{kind: "join", code: string, mail: true}}
 */
function mailRoute(code) {
  const payload = mailPayload(code);
  try {
    const h = readHeader(payload, true);
    if (!h.invite && h.dir === GUEST_TO_HOST) return { kind: "host", id: h.table };
  } catch { /* the guest's screen says what is wrong with it */ }
  return { kind: "join", code: payload, mail: true };
}

/**
 * Follow a network route at start-up; true when the page is now a network table.
 * @param {Deps} deps @param {any[]} catalogue
 */
export async function openNetworkRoute(deps, catalogue) {
  const found = networkRoute();
  if (!found) return false;
  /** @type {any} */
  const route = found.kind === "mail" ? mailRoute(found.code) : found;
  const mailLink = found.kind === "mail" && route.kind === "host" ? found.code : null;
  // a hosted table played by links (the lobby's Open, a reload) needs what links need, not WebRTC
  const byLinks = found.kind === "mail" || (route.kind === "host" && !!(loadHosted(route.id)?.byLinks));
  if (byLinks && !mailPlaySupported()) {
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    toast(NO_MAIL_PLAY, "error");
    return false;
  }
  if (!byLinks && !networkPlaySupported()) {
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    // an invite link opened here: said as long as an error is, since the person came to join a table
    toast(route.kind === "join" ? `${NO_NETWORK_PLAY} Open the invite link in another browser to join that table.` : NO_NETWORK_PLAY,
      route.kind === "join" ? "error" : "info");
    return false;
  }
  if (route.kind === "join") warmQrCodes(deps.engine); // the answer's (or the first link's) QR code
  if (!byLinks) await askAboutLinkServers(); // links by mail use no network servers
  if (route.kind === "join") {
    deps.showTable();
    const guest = new GuestTable(deps.engine, deps.tableRoot, { code: route.code, onLeave: leaveTo(deps), mail: !!route.mail });
    net.guest = guest;
    guest.start();
    return true;
  }
  const saved = loadHosted(route.id);
  const game = saved && catalogue.find((g) => g.id === saved.game.id);
  if (!saved || !game || saved.over) {
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    if (!saved && mailLink) {
      toast("That link is for the host of a table this browser does not hold: send it to the host.", "error");
    } else if (!saved) {
      toast("This browser holds no hosted table by that address (it may have been removed to make room, "
        + "or hosted in another browser). Its saved game, if any, is in the lobby.", "info");
    } else if (!game) toast("This hosted table's game is not available here.");
    else toast("That hosted table has finished; its saved game is in the lobby.", "info");
    return false;
  }
  if (!(await deps.pythonReady(null))) return false;
  warmQrCodes(deps.engine); // rejoin invites' QR codes
  deps.showTable();
  const host = new HostTable(deps.engine, deps.tableRoot,
    { game, seats: saved.seats.map((/** @type {any} */ s) => ({ kind: s.kind, name: s.name, level: s.level })), options: saved.options },
    { botDelay: saved.mail ? 0 : deps.botDelay, iceServers: iceServers(), onLeave: leaveTo(deps), saved });
  net.host = host;
  await host.start();
  if (mailLink) {
    history.replaceState(null, "", `${location.pathname}${location.search}#host=${host.id}`); // the link is in: a reload must not open it again
    await pasteGuestLink(host, mailLink);
  }
  return true;
}

/**
 * Host a table chosen in the lobby (some seats are on other devices).
 * @param {Deps} deps @param {{game: any, seats: {kind: string, name: string}[], options: Record<string, any>}} choice
 * @param {boolean} [mail] the guests play by sending links (docs/correspondence.md)
 */
export async function hostNetworkGame(deps, choice, mail = false) {
  if (mail ? !mailPlaySupported() : !networkPlaySupported()) { toast(mail ? NO_MAIL_PLAY : NO_NETWORK_PLAY, "info"); return; }
  if (!(await deps.pythonReady(/** @type {any} */ (document.getElementById("start"))))) return;
  warmQrCodes(deps.engine); // the invites' QR codes, drawn as soon as the table is set
  if (!mail) await askAboutLinkServers();
  const host = new HostTable(deps.engine, deps.tableRoot, choice,
    { botDelay: mail ? 0 : deps.botDelay, iceServers: mail ? [] : iceServers(), onLeave: leaveTo(deps), mail });
  net.host = host;
  deps.showTable();
  try {
    await host.start();
  } catch (err) {
    toast(err.message);
    deps.showLobby();
  }
}

/** What Back at a network table asks first: unlike the Leave button, Back is easily pressed by accident. */
const LEAVE_BY_BACK = {
  host: "Leave this table? The game stays saved and can be hosted again from the lobby, but the players on "
    + "other devices lose their connection until then.",
  guest: "Leave this table? Your seat is given up: the host's table goes on without you.",
};

/**
 * Back was pressed at a network table: leave it as "Leave game" does once the person agrees.
 * @returns {boolean} false: the person stays at the table
 */
export function leaveNetworkTable() {
  const table = net.host ?? net.guest;
  if (!table) return true;
  if (!confirm(net.host ? LEAVE_BY_BACK.host : LEAVE_BY_BACK.guest)) return false;
  table.leave();
  return true;
}

/** @param {Deps} deps */
function leaveTo(deps) {
  return () => {
    net.host = null;
    net.guest = null;
    deps.showLobby();
  };
}
