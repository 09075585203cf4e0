// @ts-check
/**
 * The lobby and a table as two entries of the browser's history, so Back at
 * a table returns to the lobby and Forward returns to the table (issue 26).
 * A table's entry carries `{parlour: kind, page}` as its state: an entry
 * pushed by this very page (`page` is this page load's mark) lies over this
 * page's lobby entry, so leaving the table by its own button steps back onto
 * that entry instead of leaving a second lobby entry behind (Forward then
 * still reaches the table); after a reload the entry below belongs to the
 * page before, and leaving renames the current entry the lobby instead.  The
 * app shell (js/main.js) answers the moves between entries; the tables only
 * name their address here.
 */

/** What a table entry's state says it is: a table on this device, a hosted or joined one, a replay, a lesson. */
export const ROUTE_KINDS = ["table", "host", "join", "replay", "lesson"];
/** This page load's mark on the entries it pushes (a reload is a new page, whose Back is a new load). */
const PAGE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The table entry made last, for putting it back when a person stays at the table after all. */
let lastEntry = { state: /** @type {any} */ (null), address: "" };

/** The lobby's address: the page with its query (test switches such as botDelay) and no fragment. */
export function lobbyAddress() {
  return `${location.pathname}${location.search}`;
}

/** The kind of table the current history entry was made for, or null at the lobby. @returns {string|null} */
export function routeKind() {
  const kind = history.state?.parlour;
  return ROUTE_KINDS.includes(kind) ? kind : null;
}

/**
 * Make the current address `fragment` (e.g. "#table=abc", or "" for a replay): a new history entry over
 * the lobby's, or the same entry renamed when a table's entry is current already (a reload, a host
 * naming its table once it has an id).
 * @param {string} kind one of ROUTE_KINDS @param {string} fragment
 */
export function enterTable(kind, fragment) {
  const address = `${lobbyAddress()}${fragment}`;
  if (routeKind()) history.replaceState({ ...history.state, parlour: kind }, "", address);
  else history.pushState({ parlour: kind, page: PAGE }, "", address);
  lastEntry = { state: history.state, address };
}

/** Back was pressed at a table the person then chose not to leave: its entry goes on top again. */
export function reenterTable() {
  if (lastEntry.address) history.pushState(lastEntry.state, "", lastEntry.address);
}

/**
 * A table opened straight from its address (a reload, an invite link, a bookmark): put a lobby entry
 * under it, so Back from it comes to the lobby rather than leaving Parlour.
 * @param {string} kind one of ROUTE_KINDS
 */
export function putLobbyUnder(kind) {
  const address = location.href;
  if (routeKind()) { // the lobby is under it already (a reload of a table opened from the lobby)
    lastEntry = { state: history.state, address };
    return;
  }
  history.replaceState(null, "", lobbyAddress());
  history.pushState({ parlour: kind, page: PAGE }, "", address);
  lastEntry = { state: history.state, address };
}

/**
 * The table was left by its own button (or closed itself): back to the lobby's entry, stepping back onto
 * it when it lies just below (so Forward returns to the table), else renaming this entry the lobby.
 * @returns {boolean} true when a step back is under way (its popstate arrives later, with the lobby shown)
 */
export function returnToLobbyEntry() {
  if (routeKind() && history.state?.page === PAGE) {
    history.back();
    return true;
  }
  if (location.hash || routeKind()) history.replaceState(null, "", lobbyAddress());
  return false;
}
