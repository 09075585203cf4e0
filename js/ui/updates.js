// @ts-check
/**
 * Registers the service worker and, when a new version of Parlour has been
 * downloaded beside the running one, shows a quiet "Update ready — reload"
 * notice.  Nothing reloads by itself: a game in progress is never cut off,
 * and it is saved anyway, so reloading resumes it from the lobby.
 */
import { h } from "./dom.js";

/** @param {ServiceWorker} waiting */
function showNotice(waiting) {
  if (document.getElementById("update-ready")) return;
  const notice = h("div", { class: "update-ready", id: "update-ready", role: "status" }, [
    h("span", {}, ["Update ready — reload to use the new version."]),
    h("button", { type: "button", id: "update-reload", onclick: () => {
      sessionStorage.setItem("parlour-reload-for-update", "1");
      waiting.postMessage({ type: "skip-waiting" });
    } }, ["Reload"]),
    h("button", { type: "button", "aria-label": "Not now", onclick: () => notice.remove() }, ["Later"]),
  ]);
  document.body.append(notice);
}

/** @returns {Promise<ServiceWorkerRegistration|null>} */
export async function watchForUpdates() {
  if (!("serviceWorker" in navigator)) return null;
  const container = navigator.serviceWorker;
  container.addEventListener("controllerchange", () => {
    // Only the person's click on "Reload" asks for this; the first install's claim does not.
    if (sessionStorage.getItem("parlour-reload-for-update")) {
      sessionStorage.removeItem("parlour-reload-for-update");
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
  const offer = (/** @type {ServiceWorker|null} */ worker) => {
    if (worker && container.controller) showNotice(worker);
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
