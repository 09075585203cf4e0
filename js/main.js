// @ts-check
/**
 * The app shell: starts the engine worker at once, shows the lobby (usable
 * while Python loads), and opens a table when a game starts.
 */
import { Engine } from "./engine/bridge.js";
import { h, sleep, toast } from "./common/dom.js";
import { renderLobby } from "./ui/lobby.js";
import { renderSavedGames } from "./ui/saved-games.js";
import { readRecordFile, toRecord } from "./store/records.js";
import { listGames, loadGame } from "./store/games-db.js";
import { hasBoard } from "./games/ids.js";
import { watchForUpdates } from "./ui/updates.js";
import { offerInstall, showEngineProgress, showEngineState, watchOnline } from "./ui/site-status.js";
import { onNetworkStoreNotice, openNetworkStore } from "./net/store.js";
import { checkUnfinished, pageEngineFree } from "./tables/recheck-signals.js";
import { enterTable, lobbyAddress, putLobbyUnder, reenterTable, returnToLobbyEntry, routeKind } from "./common/table-history.js";

// The network tables' records (js/net/store.js), loaded from IndexedDB once, at once: everything that reads them
// (the lobby's list of tables played by links, the network routes, the end checks) waits for this.
const networkStore = openNetworkStore();
// Tables, the replay viewer and networking load when first used: the lobby needs none of them.
const tables = () => import("./tables/local-table.js");
const replays = () => import("./ui/replay.js");
const lessons = () => import("./tables/lesson-table.js");
const network = () => networkStore.then(() => import("./tables/network.js"));
// A network guest's end check goes on apart from its table (after a reload too): loaded when one is unfinished.
const endChecks = () => networkStore.then(() => import("./tables/recheck-service.js")).then((m) => m.endChecks(engine));

const html = document.documentElement;
const lobbyRoot = /** @type {HTMLElement} */ (document.getElementById("lobby"));
const tableRoot = /** @type {HTMLElement} */ (document.getElementById("table"));
const savedRoot = /** @type {HTMLElement} */ (document.getElementById("saved"));
const engineStatus = /** @type {HTMLElement} */ (document.getElementById("engine-status"));
const offlineStatus = /** @type {HTMLElement} */ (document.getElementById("offline-status"));
const installButton = /** @type {HTMLButtonElement} */ (document.getElementById("install"));
const params = new URLSearchParams(location.search);
const botDelay = params.has("botDelay") ? Number(params.get("botDelay")) : 600;

/** Milliseconds since navigation start, read by the benchmark (bench/bench.py). */
const timings = /** @type {Record<string, any>} */ ({ moves: [] });
window.parlourTimings = timings;
showEngineState(engineStatus, "loading");
watchOnline(offlineStatus);
offerInstall(installButton);
const engine = new Engine();
window.parlour = { engine };
engine.onProgress((progress) => showEngineProgress(engineStatus, progress));
/** The page's end checks of network games (js/tables/recheck-service.js), for the tests and the bench. */
window.parlourChecks = endChecks;
engine.ready.then(
  (info) => {
    timings.python_ready = performance.now();
    timings.worker = info.timings;
    timings.started_from = info.started_from;
    showEngineState(engineStatus, "ready");
    warmTables();
  },
  (err) => { showEngineState(engineStatus, "failed"); toast(err.message); },
);

/**
 * Fetch the modules of a table and of the replay viewer once Python is ready and the page is idle,
 * so the first game opens without waiting for them; index.html lists only the lobby's modules
 * (build.py), which keeps them out of the lobby's and Python's way at load.
 */
function warmTables() {
  // Under the service worker (every later visit, and a first one it has claimed by then) its precache
  // answers at once when a table opens: nothing to gain, and Firefox reports a module fetch its service
  // worker was answering when the page navigated away as a page error.  Offline the same holds.
  if (!navigator.onLine || navigator.serviceWorker?.controller) {
    document.documentElement.dataset.warm = "skipped";
    return;
  }
  const warm = () => {
    // data-warm="done" once both have settled: leaving the page before then aborts module fetches in flight
    void Promise.allSettled([tables(), replays()]).then(() => { document.documentElement.dataset.warm = "done"; });
  };
  if ("requestIdleCallback" in window) requestIdleCallback(warm, { timeout: 2000 });
  else setTimeout(warm, 200);
}

/**
 * The longest the lobby's pictures wait for a quick Python start: on a slow device (a snapshot start of 2 s
 * and more) they are drawn by then anyway, and one that hangs must not keep them away.
 */
const PICTURES_WAIT_MS = 2000;

/**
 * The longest the pictures wait for a lobby being left (a game asked for while Python loads) to be left.
 * Python's start then takes several seconds on a slow or busy device (the suite's CI met more than 2 s):
 * drawn meanwhile, the pictures hold the table back only to be hidden.  Only a Python that never comes
 * (its failure settles the wait at once) should let them be drawn in a lobby still waiting.
 */
const LEAVING_WAIT_MS = 15000;

/**
 * When the lobby's board pictures may be drawn.  Drawing them costs about 0.3 CPU-s (five renderers, a
 * layout each); drawn while Python restored its snapshot, they made that start about 150 ms slower on a
 * 2-core machine.  So on a quick start they wait for Python; on a slow first start (several seconds) they
 * are drawn at once, something to look at meanwhile.
 * @returns {Promise<unknown>}
 */
function picturesWait() {
  return engine.quickStart
    .then((quick) => quick && Promise.race([engine.ready, sleep(PICTURES_WAIT_MS)]))
    // a game asked for while Python loaded opens the moment it is ready: the pictures, drawn then, would hold
    // its table back (about 100 ms) only to be hidden; they wait for it, and are drawn when the lobby next shows
    .then(() => leavingLobby && Promise.race([leavingLobby.promise, sleep(LEAVING_WAIT_MS)]));
}

/**
 * Set while a person's choice waits for Python to leave the lobby (a game's start, a replay, a table to
 * host): settled when the table or the lobby is shown, or when Python failed.
 * @type {{promise: Promise<void>, resolve: () => void}|null}
 */
let leavingLobby = null;

function lobbyLeft() {
  leavingLobby?.resolve();
  leavingLobby = null;
}

/** @type {any[]} games.json, filtered to games with a board */
let catalogue = [];

/** The address names the table open on this device, so a reload comes back to it (`#table=<saved-game id>`). */
const TABLE_ROUTE = "#table=";

/**
 * What the table shows (a game on this device or a replay) and how Back leaves it; null at the lobby and at
 * network tables (js/tables/network.js answers for those).
 * @type {{leave: () => void}|null}
 */
let opened = null;
/** The game last at the table, so the lobby puts the focus on it when it comes back. */
const lastTable = { saved: "", game: "" };
/** The record last replayed, for Forward back to its replay. @type {any} */
let lastRecord = null;

/** @param {string} id a saved game's id */
function nameTable(id) {
  lastTable.saved = id;
  enterTable("table", `${TABLE_ROUTE}${encodeURIComponent(id)}`);
}

function forgetTable() {
  if (location.hash.startsWith(TABLE_ROUTE)) history.replaceState(null, "", lobbyAddress());
}

/** A reload at a table (the address names it): resume that saved game, or say why not and stay in the lobby. */
async function returnToTable() {
  let saved;
  try {
    saved = await loadGame(decodeURIComponent(location.hash.slice(TABLE_ROUTE.length)));
  } catch (err) {
    forgetTable();
    toast(`The game this address names could not be opened (${err && err.message || err}). Your saved games are in the lobby.`);
    return;
  }
  if (!saved) {
    forgetTable();
    toast("The game this address names is not saved on this device (it may have been deleted, or played in another browser). Here is the lobby.");
    return;
  }
  if (saved.host) { // a hosted game comes back through its own route, with its guests' seats
    history.replaceState(null, "", `${location.pathname}${location.search}#host=${encodeURIComponent(saved.host.id)}`);
    await (await network()).openNetworkRoute(netDeps(), catalogue);
    return;
  }
  if (!catalogue.some((g) => g.id === saved.game)) {
    forgetTable();
    await resumeGame(saved); // says which game this Parlour cannot play
    return;
  }
  showTable();
  tableRoot.replaceChildren(h("p", { class: "status" }, ["Returning to your game…"]));
  await resumeGame(saved);
  if (html.dataset.python !== "ready") showLobby(); // the games could not load: the header says so
}

function showLobby() {
  const fromTable = !tableRoot.hidden;
  opened = null;
  returnToLobbyEntry();
  tableRoot.hidden = true;
  tableRoot.replaceChildren();
  lobbyRoot.hidden = false;
  savedRoot.hidden = false;
  pageEngineFree(true); // a guest's end check may search on it until a table needs it again
  lobbyLeft();
  drawSavedGames().then(() => { if (fromTable && tableRoot.hidden) focusLastTable(); });
}

/**
 * The focus was at the table, which is gone: put it on the game just left, its row in the saved games
 * (the summary of the finished ones when they are folded away), else its game's card.
 */
function focusLastTable() {
  const row = lastTable.saved ? savedRoot.querySelector(`[data-saved="${CSS.escape(lastTable.saved)}"]`) : null;
  const folded = row?.closest("details:not([open])");
  const card = lobbyRoot.querySelector(`.game-card[data-game="${CSS.escape(lastTable.game)}"]`)
    ?? lobbyRoot.querySelector(".game-card[aria-checked=true]");
  const target = folded?.querySelector("summary") ?? row?.querySelector("button") ?? card;
  if (target instanceof HTMLElement) target.focus();
}

/**
 * Back or Forward moved between the lobby's entry and a table's (js/common/table-history.js): Back
 * leaves the table as "Leave game" does (the game stays saved); Forward opens it again.  At a network
 * table Back asks first, and staying puts the table's entry back.
 */
async function followHistory() {
  // a link opened in this tab (an invite, or a move's link at a table played by links): the page starts afresh
  // on it (the hashchange listener below), and the table on screen is not asked to be left first
  if (/^#(join|mail)=/.test(location.hash) && !routeKind()) return;
  const kind = routeKind();
  if (!tableRoot.hidden) {
    if (kind) return; // still a table's entry (a table naming itself)
    if (opened) { opened.leave(); return; }
    if (!(await (await network()).leaveNetworkTable())) reenterTable();
    else if (!tableRoot.hidden) showLobby(); // no table was open yet (one still loading)
    return;
  }
  if (location.hash.startsWith(TABLE_ROUTE)) await returnToTable();
  else if (location.hash.startsWith("#host=")) await (await network()).openNetworkRoute(netDeps(), catalogue);
  else if (kind === "replay" && lastRecord) await replay(lastRecord);
  else if (kind === "lesson" && lastLesson) await learn(lastLesson, null);
}

function showTable() {
  pageEngineFree(false); // the table's: a guest's end check goes on with its extra workers only
  lobbyRoot.hidden = true;
  savedRoot.hidden = true;
  tableRoot.hidden = false;
  lobbyLeft();
}

function drawSavedGames() {
  return renderSavedGames(savedRoot, { onResume: resumeGame, onReplay: (g) => replay(toRecord(g)), onOpenFile: openRecordFile });
}

/**
 * Wait for Python, saying so on `button` meanwhile; false when it failed to load.
 * @param {HTMLButtonElement|null} button
 */
async function pythonReady(button) {
  if (html.dataset.python === "ready") return true;
  const label = button?.textContent;
  if (button) { button.disabled = true; button.textContent = "Loading the games…"; }
  if (!leavingLobby) {
    let resolve = () => {};
    const promise = new Promise((done) => { resolve = () => done(undefined); });
    leavingLobby = { promise, resolve };
  }
  try {
    await engine.ready;
  } catch {
    if (button) button.textContent = "The games could not load";
    lobbyLeft();
    return false;
  }
  if (button) { button.disabled = false; button.textContent = label ?? ""; }
  return true;
}

/** @param {any} setup @param {HTMLButtonElement|null} button */
async function openTable(setup, button) {
  if (!(await pythonReady(button))) return;
  const { LocalTable } = await tables();
  const table = new LocalTable(engine, tableRoot, setup, { botDelay, onLeave: showLobby, onOpen: nameTable });
  await putOnPage("table", table, setup.game.id, setup.saved?.id ?? "", null, () => table.start());
}

/**
 * Put a table, a lesson or the replay viewer on the page and start it: named for the tests (window.parlour)
 * and for the lobby's focus on the way back, shown first (so the board and log are laid out when drawn),
 * entered in the history when `route` says so; a start that fails says why and goes back to the lobby.
 * @param {"table"|"replay"} key @param {any} thing @param {string} game @param {string} saved a saved game's id, or ""
 * @param {string|null} route @param {() => Promise<any>} start @param {(message: string) => string} [why]
 */
async function putOnPage(key, thing, game, saved, route, start, why = (message) => message) {
  window.parlour = { engine, [key]: thing };
  opened = thing;
  lastTable.game = game;
  lastTable.saved = saved;
  showTable();
  if (route && routeKind() !== route) enterTable(route, "");
  try {
    await start();
  } catch (err) {
    toast(why(err.message));
    showLobby();
  }
}

async function startGame(choice) {
  if (choice.seats.some((s) => s.kind === "remote")) return (await network()).hostNetworkGame(netDeps(), choice, !!choice.mail);
  const seed = params.has("seed") ? params.get("seed") : undefined;
  await openTable({ ...choice, seed: seed ?? undefined }, /** @type {any} */ (document.getElementById("start")));
}

/** @param {import("./store/games-db.js").SavedGame} saved */
async function resumeGame(saved) {
  const game = catalogue.find((g) => g.id === saved.game);
  if (!game) { toast(`This Parlour cannot play ${saved.title || saved.game}.`); return; }
  const button = /** @type {any} */ (document.querySelector(`[data-saved="${saved.id}"] .resume`));
  await openTable({ game, seats: saved.seats, options: saved.options, saved }, button);
}

/** Open a record in the replay viewer; a refused record changes nothing. @param {any} record */
async function replay(record) {
  if (!(await pythonReady(null))) return;
  const { ReplayViewer } = await replays();
  const viewer = new ReplayViewer(engine, tableRoot, { onLeave: showLobby });
  lastRecord = record;
  // a record is no saved game here: the lobby's focus goes to its game's card
  await putOnPage("replay", viewer, String(record?.game ?? ""), "", "replay", () => viewer.open(record),
    (message) => `This record cannot be replayed: ${message}`);
}

/** The title of the lesson last opened, for Forward back to it. @type {any} */
let lastLesson = null;

/**
 * A title's guided first game ("Learn by playing", js/tables/lesson-table.js): a lesson against its tutor
 * bot, then, if the person wants, a whole game against the Easy bot.
 * @param {any} game @param {HTMLButtonElement|null} button
 */
async function learn(game, button) {
  if (!(await pythonReady(button))) return;
  let script, LessonTable;
  try {
    [{ lesson: script }, { LessonTable }] = await Promise.all([engine.call("lesson", { game: game.id }), lessons()]);
  } catch (err) {
    toast(`The lesson could not start: ${err.message}`);
    return;
  }
  const table = new LessonTable(engine, tableRoot, { game, lesson: script }, {
    botDelay, onLeave: showLobby, onPlayOn: (/** @type {any} */ setup) => openTable(setup, null),
  });
  lastLesson = game;
  await putOnPage("table", table, game.id, "", "lesson", () => table.start());
}

/** @param {File} file */
async function openRecordFile(file) {
  let record;
  try {
    record = await readRecordFile(file);
  } catch (err) {
    toast(err.message);
    return;
  }
  await replay(record);
}

async function boot() {
  try {
    const games = fetch("games.json").then((r) => r.json());
    await networkStore; // the saved games list the tables played by links from it
    timings.network_store = performance.now();
    catalogue = (await games).filter((g) => hasBoard(g.id));
    drawSavedGames();
    renderLobby(lobbyRoot, catalogue, startGame, picturesWait, learn, () => { network().then((m) => m.warmQrCodes(engine), () => {}); });
    html.dataset.lobby = "ready";
    timings.lobby_ready = performance.now();
    void resumeChecks();
    if (/^#(join|host|mail)=/.test(location.hash)) {
      putLobbyUnder(location.hash.startsWith("#host=") ? "host" : "join");
      await (await network()).openNetworkRoute(netDeps(), catalogue);
    } else if (location.hash.startsWith(TABLE_ROUTE)) {
      putLobbyUnder("table");
      await returnToTable();
    } else {
      pageEngineFree(true);
    }
  } catch (err) {
    lobbyRoot.replaceChildren(h("p", { class: "error" }, [`The lobby could not load: ${err.message}`]));
  }
}

/**
 * The end checks of network games that a reload, or a closed tab, stopped go on where they stopped, in the
 * background (the lobby's list shows how far they are).
 */
async function resumeChecks() {
  try {
    if (!(await listGames()).some(checkUnfinished)) return;
    await (await endChecks()).resumeSaved();
  } catch (err) {
    console.warn("Parlour could not go on with a fairness check", err);
  }
}

/** What network tables (js/tables/network.js) need from the shell. */
function netDeps() {
  return { engine, tableRoot, botDelay, showTable, showLobby, pythonReady };
}

// An invite opened in a tab already showing Parlour (only the fragment changes): start afresh.
// (a link of a table played by sending links too: js/tables/mail-guest.js, mail-host.js)
addEventListener("hashchange", () => { if (/^#(join|mail)=/.test(location.hash)) location.reload(); });
addEventListener("popstate", () => { void followHistory(); });
onNetworkStoreNotice(({ message, kind }) => toast(message, kind));
boot();
watchForUpdates();
