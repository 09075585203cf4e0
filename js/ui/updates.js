// @ts-check
/**
 * Registers the service worker and, when a new version of Parlour has been
 * downloaded beside the running one, shows a quiet "Update ready — reload"
 * notice.  Nothing reloads by itself: a game in progress is never cut off,
 * and it is saved anyway, so reloading resumes it from the lobby.
 *
 * The new version takes over only when this is Parlour's one open tab: the
 * waiting service worker counts Parlour's windows when asked, and while others
 * are open it stays waiting and this tab says so and goes on with its own
 * version (a tab never runs files of two versions; docs/ARCHITECTURE.md).
 *
 * The saved games' database (js/store/games-db.js) reports here too: a newer
 * Parlour in another tab took it over, or an older one holds it open.
 */
import { h } from "../common/dom.js";
import { onStorageNotice } from "../store/games-db.js";

const RELOAD_FLAG = "parlour-reload-for-update";
/** How long to wait for the waiting worker's answer before offering the button again. */
const ANSWER_MS = 10_000;

/** Where notices stack, bottom right. */
function noticeArea() {
  let area = document.getElementById("notices");
  if (!area) {
    area = h("div", {
      id: "notices", class: "notices",
      style: "position: fixed; right: 1rem; bottom: 1rem; z-index: 25; display: flex; flex-direction: column; "
        + "align-items: flex-end; gap: .4rem; max-width: min(36rem, calc(100vw - 2rem));",
    });
    document.body.append(area);
  }
  return area;
}

/** @param {string} id @param {string} role @param {(Node|string)[]} children */
function notice(id, role, children) {
  document.getElementById(id)?.remove();
  const node = h("div", { class: "update-ready", id, role, style: "position: static" }, children);
  noticeArea().append(node);
  return node;
}

/** @param {number} n */
const otherTabs = (n) => `Parlour is open in ${n} other tab${n === 1 ? "" : "s"}: close ${n === 1 ? "it" : "them"} to update, `
  + "then press Reload. Until then this tab keeps the version it started with.";

/**
 * Ask the waiting worker to take over.  It answers {ok: true} and activates
 * (the controllerchange then reloads this tab) only when no other Parlour
 * window is open; otherwise {ok: false, others: n}.
 * @param {ServiceWorkerRegistration} registration @param {ServiceWorker} fallback
 * @param {HTMLElement} text @param {HTMLButtonElement} button
 */
function askToUpdate(registration, fallback, text, button) {
  const worker = registration.waiting || fallback;
  button.disabled = true;
  sessionStorage.setItem(RELOAD_FLAG, "1");
  const channel = new MessageChannel();
  const giveUp = setTimeout(() => {
    sessionStorage.removeItem(RELOAD_FLAG);
    button.disabled = false;
  }, ANSWER_MS);
  channel.port1.onmessage = (event) => {
    clearTimeout(giveUp);
    const answer = event.data || {};
    if (answer.ok) {
      sessionStorage.setItem(RELOAD_FLAG, "1"); // again, should the answer come after the wait gave up
      text.textContent = "Updating…";
      return;
    }
    sessionStorage.removeItem(RELOAD_FLAG);
    button.disabled = false;
    text.textContent = otherTabs(Number(answer.others) || 1);
    text.closest(".update-ready")?.setAttribute("data-blocked", String(answer.others));
  };
  worker.postMessage({ type: "skip-waiting" }, [channel.port2]);
}

/** @param {ServiceWorkerRegistration} registration @param {ServiceWorker} waiting */
function showNotice(registration, waiting) {
  if (document.getElementById("update-ready")) return;
  const text = h("span", {}, ["Update ready — reload to use the new version."]);
  const reload = /** @type {HTMLButtonElement} */ (h("button", { type: "button", id: "update-reload" }, ["Reload"]));
  reload.addEventListener("click", () => askToUpdate(registration, waiting, text, reload));
  const node = notice("update-ready", "status", [
    text, reload,
    h("button", { type: "button", "aria-label": "Not now", onclick: () => node.remove() }, ["Later"]),
  ]);
}

/** The saved games' database speaks through here. @param {import("../store/games-db.js").StorageNotice} said */
function showStorageNotice(said) {
  if (said.kind === "unblocked") {
    document.getElementById("storage-notice")?.remove();
    return;
  }
  const node = notice("storage-notice", "alert", [
    h("span", {}, [said.message]),
    said.kind === "versionchange"
      ? h("button", { type: "button", id: "storage-reload", onclick: () => location.reload() }, ["Reload"])
      : h("button", { type: "button", "aria-label": "Hide", onclick: () => node.remove() }, ["Hide"]),
  ]);
  node.dataset.kind = said.kind;
}

/** @returns {Promise<ServiceWorkerRegistration|null>} */
export async function watchForUpdates() {
  onStorageNotice(showStorageNotice);
  if (!("serviceWorker" in navigator)) return null;
  const container = navigator.serviceWorker;
  container.addEventListener("controllerchange", () => {
    // Only the person's click on "Reload" asks for this; the first install's claim does not.
    if (sessionStorage.getItem(RELOAD_FLAG)) {
      sessionStorage.removeItem(RELOAD_FLAG);
      location.reload();
    }
  });
  let registration;
  try {
    registration = await container.register("service-worker.js");
  } catch (err) {
    console.warn("Parlour works online only here: the service worker did not register.", err);
    return null;
  }
  if (!registration) return null; // registration blocked (e.g. by a test harness)
  const offer = (/** @type {ServiceWorker|null} */ worker) => {
    if (worker && container.controller) showNotice(registration, worker);
  };
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
  return registration;
}
