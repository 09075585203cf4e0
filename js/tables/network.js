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
import { NO_NETWORK_PLAY, networkPlaySupported } from "../common/network-support.js";

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
  return null;
}

/**
 * Follow a network route at start-up; true when the page is now a network table.
 * @param {Deps} deps @param {any[]} catalogue
 */
export async function openNetworkRoute(deps, catalogue) {
  const route = networkRoute();
  if (!route) return false;
  if (!networkPlaySupported()) {
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    // an invite link opened here: said as long as an error is, since the person came to join a table
    toast(route.kind === "join" ? `${NO_NETWORK_PLAY} Open the invite link in another browser to join that table.` : NO_NETWORK_PLAY,
      route.kind === "join" ? "error" : "info");
    return false;
  }
  await askAboutLinkServers();
  if (route.kind === "join") {
    deps.showTable();
    const guest = new GuestTable(deps.engine, deps.tableRoot, { code: route.code, onLeave: leaveTo(deps) });
    net.guest = guest;
    guest.start();
    return true;
  }
  const saved = loadHosted(route.id);
  const game = saved && catalogue.find((g) => g.id === saved.game.id);
  if (!saved || !game || saved.over) {
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    if (!saved) {
      toast("This browser holds no hosted table by that address (it may have been removed to make room, "
        + "or hosted in another browser). Its saved game, if any, is in the lobby.", "info");
    } else if (!game) toast("This hosted table's game is not available here.");
    else toast("That hosted table has finished; its saved game is in the lobby.", "info");
    return false;
  }
  if (!(await deps.pythonReady(null))) return false;
  deps.showTable();
  const host = new HostTable(deps.engine, deps.tableRoot,
    { game, seats: saved.seats.map((/** @type {any} */ s) => ({ kind: s.kind, name: s.name, level: s.level })), options: saved.options },
    { botDelay: deps.botDelay, iceServers: iceServers(), onLeave: leaveTo(deps), saved });
  net.host = host;
  await host.start();
  return true;
}

/**
 * Host a table chosen in the lobby (some seats are on other devices).
 * @param {Deps} deps @param {{game: any, seats: {kind: string, name: string}[], options: Record<string, any>}} choice
 */
export async function hostNetworkGame(deps, choice) {
  if (!networkPlaySupported()) { toast(NO_NETWORK_PLAY, "info"); return; }
  if (!(await deps.pythonReady(/** @type {any} */ (document.getElementById("start"))))) return;
  await askAboutLinkServers();
  const host = new HostTable(deps.engine, deps.tableRoot, choice,
    { botDelay: deps.botDelay, iceServers: iceServers(), onLeave: leaveTo(deps) });
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
