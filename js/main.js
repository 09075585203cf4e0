// @ts-check
/**
 * The app shell: starts the engine worker at once, shows the lobby (usable
 * while Python loads), and opens a table when a game starts.
 */
import { Engine } from "./engine/bridge.js";
import { h, toast } from "./ui/dom.js";
import { renderLobby } from "./ui/lobby.js";
import { LocalTable } from "./ui/table.js";
import { hasBoard } from "./games/index.js";

const html = document.documentElement;
const lobbyRoot = /** @type {HTMLElement} */ (document.getElementById("lobby"));
const tableRoot = /** @type {HTMLElement} */ (document.getElementById("table"));
const engineStatus = /** @type {HTMLElement} */ (document.getElementById("engine-status"));
const params = new URLSearchParams(location.search);
const botDelay = params.has("botDelay") ? Number(params.get("botDelay")) : 600;

html.dataset.python = "loading";
const engine = new Engine();
engine.ready.then(
  () => { html.dataset.python = "ready"; engineStatus.textContent = "Python ready"; },
  (err) => { html.dataset.python = "failed"; engineStatus.textContent = "Python failed to load"; toast(err.message); },
);

/** @type {LocalTable|null} */
let current = null;

function showLobby() {
  current = null;
  tableRoot.hidden = true;
  tableRoot.replaceChildren();
  lobbyRoot.hidden = false;
}

async function startGame(choice) {
  const startButton = /** @type {HTMLButtonElement|null} */ (document.getElementById("start"));
  if (html.dataset.python !== "ready") {
    if (startButton) { startButton.disabled = true; startButton.textContent = "Loading Python…"; }
    try { await engine.ready; } catch { if (startButton) startButton.textContent = "Python failed to load"; return; }
  }
  const seed = params.has("seed") ? params.get("seed") : undefined;
  const table = new LocalTable(engine, tableRoot, { ...choice, seed: seed ?? undefined }, { botDelay, onLeave: showLobby });
  try {
    await table.start();
  } catch (err) {
    toast(err.message);
    if (startButton) { startButton.disabled = false; startButton.textContent = "Start game"; }
    return;
  }
  current = table;
  window.parlour = { engine, table };
  lobbyRoot.hidden = true;
  tableRoot.hidden = false;
}

async function boot() {
  try {
    const catalogue = (await (await fetch("games.json")).json()).filter((g) => hasBoard(g.id));
    renderLobby(lobbyRoot, catalogue, startGame);
    html.dataset.lobby = "ready";
  } catch (err) {
    lobbyRoot.replaceChildren(h("p", { class: "error" }, [`The lobby could not load: ${err.message}`]));
  }
}

boot();
void current;
