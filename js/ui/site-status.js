// @ts-check
/**
 * The header's notes about the site itself, in a player's words: whether the
 * games are ready (Python's state stays a `data-python` attribute for tests
 * and the benchmark), whether the page is offline (it keeps working: every
 * file is cached by the service worker), and an "Install Parlour" button
 * where the browser offers installing (`beforeinstallprompt`; hidden once
 * installed); a browser with no install prompt at all (Firefox, Safari) gets
 * a "How to install" button that says plainly what it cannot do.
 */

/** @typedef {"loading"|"ready"|"failed"} PythonState */

const ENGINE_WORDS = {
  loading: "Loading…",
  ready: "Ready",
  failed: "The games could not load",
};

/**
 * Say how far the engine is, and mark the same state as `data-python` on the
 * element and on <html> (tests wait for `[data-python=ready]`).
 * @param {HTMLElement} element @param {PythonState} state
 */
export function showEngineState(element, state) {
  element.textContent = ENGINE_WORDS[state];
  element.dataset.python = state;
  document.documentElement.dataset.python = state;
}

/** What each of Python's downloads is, in a player's words (js/engine/python-downloads.js names them). */
const DOWNLOAD_WORDS = /** @type {Record<string, string>} */ ({
  wasm: "Python", stdlib: "Python's library", wheel: "Games", "": "Starting Python…",
});

/**
 * While Python loads: what is loading and how much is left, as words and a <progress> bar inside the
 * header's status (role=status).  Its box keeps one width all through loading (css/parlour.css), so the
 * header never moves; the words change only when a tenth of a megabyte more is fetched, so a screen
 * reader is not read every report.
 * @param {HTMLElement} element the status (showEngineState's) @param {{what: string, done: number, total: number}} progress
 */
export function showEngineProgress(element, progress) {
  if (element.dataset.python !== "loading" || !progress.total) return;
  const left = Math.max(0, progress.total - progress.done) / 1e6;
  const words = progress.what ? `${DOWNLOAD_WORDS[progress.what] ?? "Python"}: ${left.toFixed(1)} MB left` : DOWNLOAD_WORDS[""];
  let text = element.querySelector(".engine-progress-words");
  let bar = /** @type {HTMLProgressElement | null} */ (element.querySelector("progress"));
  if (!text || !bar) {
    text = document.createElement("span");
    text.className = "engine-progress-words";
    bar = document.createElement("progress");
    bar.className = "engine-progress";
    bar.setAttribute("aria-label", "Python's downloads");
    element.replaceChildren(text, bar);
  }
  if (text.textContent !== words) text.textContent = words;
  bar.max = progress.total;
  bar.value = Math.min(progress.done, progress.total);
}

/**
 * Show `element` while the browser says it has no network.  The page goes on
 * working from its cache; only play with other devices needs a network.
 * @param {HTMLElement} element
 */
export function watchOnline(element) {
  const update = () => {
    element.hidden = navigator.onLine;
    document.documentElement.dataset.online = String(navigator.onLine);
  };
  addEventListener("online", update);
  addEventListener("offline", update);
  update();
}

/** Said where the browser gives pages no install prompt (Firefox, Safari): what it cannot do, and what still works. */
export const NO_INSTALL_PROMPT = "This browser cannot install Parlour from the page: it has no install prompt for "
  + "web apps (Chromium-based browsers have one). If it can keep a site as an app, its own menu does that: "
  + "“Add to Home screen” on a phone, File › Add to Dock in Safari on a Mac. Either way Parlour works offline "
  + "here: after one visit it opens with no network.";

/** Whether the page runs as an installed app (Chromium and Safari say so in display-mode; iOS also in navigator.standalone). */
function runsInstalled() {
  return matchMedia("(display-mode: standalone)").matches || /** @type {any} */ (navigator).standalone === true;
}

/**
 * Offer installing Parlour as an app with `button`, shown only while the
 * browser has an install prompt to give (Chromium's `beforeinstallprompt`).
 * A browser with no such prompt at all gets a "How to install" button that
 * says so plainly (NO_INSTALL_PROMPT) instead of nothing.
 * @param {HTMLButtonElement} button
 */
export function offerInstall(button) {
  if (!("onbeforeinstallprompt" in window)) {
    explainInstall(button);
    return;
  }
  /** @type {any} the deferred prompt; null when there is none to show */
  let prompt = null;
  button.hidden = true;
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // no mini-infobar: the header's button asks instead
    prompt = event;
    button.hidden = false;
  });
  addEventListener("appinstalled", () => {
    prompt = null;
    button.hidden = true;
  });
  button.addEventListener("click", async () => {
    if (!prompt) return;
    const asked = prompt;
    prompt = null; // a prompt can be shown once
    button.hidden = true;
    await asked.prompt();
    const choice = await asked.userChoice;
    button.dataset.outcome = choice?.outcome ?? "";
  });
}

/**
 * A browser with no install prompt: the button opens a note under the header
 * that says what the browser cannot do (hidden when already running as an app).
 * @param {HTMLButtonElement} button
 */
function explainInstall(button) {
  button.hidden = runsInstalled();
  button.textContent = "How to install";
  button.classList.add("install-help-button");
  const note = document.createElement("p");
  note.id = "install-help";
  note.className = "install-help";
  note.setAttribute("role", "note");
  note.textContent = NO_INSTALL_PROMPT;
  note.hidden = true;
  button.setAttribute("aria-controls", note.id);
  button.setAttribute("aria-expanded", "false");
  button.closest("header")?.after(note);
  button.addEventListener("click", () => {
    note.hidden = !note.hidden;
    button.setAttribute("aria-expanded", String(!note.hidden));
  });
}
