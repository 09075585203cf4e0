// @ts-check
/**
 * The header's notes about the site itself, in a player's words: whether the
 * games are ready (Python's state stays a `data-python` attribute for tests
 * and the benchmark), whether the page is offline (it keeps working: every
 * file is cached by the service worker), and an "Install Parlour" button
 * where the browser offers installing (`beforeinstallprompt`; hidden
 * elsewhere, and once installed).
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

/**
 * Offer installing Parlour as an app with `button`, shown only while the
 * browser has an install prompt to give (Chromium's `beforeinstallprompt`).
 * @param {HTMLButtonElement} button
 */
export function offerInstall(button) {
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
