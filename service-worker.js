// @ts-check
/// <reference lib="webworker" />
/**
 * Parlour's service worker: the whole built site, precached under a cache
 * named after the build's content, served cache-first, so after one visit the
 * app runs with no network at all.
 *
 * build.py writes the file list and the content hash into BUILD below.  A new
 * build is a new cache: the new worker installs beside the old one and waits.
 * It takes over only when no page of the old version is left to serve: when
 * the browser finds the old worker with no pages (every Parlour tab closed),
 * or when a page's "Reload" asks and that page is Parlour's only window.  With
 * other windows open it stays waiting and tells the asking page how many, so
 * no page ever gets files of two versions (each worker reads only its own
 * cache, and a page's lazy import() goes to the worker that served the page).
 * Old caches go on activation.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const BUILD = /*BUILD*/ { version: "dev", files: [] } /*END*/;
const CACHE = `parlour-${BUILD.version}`;
const BASE = new URL("./", sw.location.href);
const INDEX = new URL("index.html", BASE).href;

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "reload": straight from the server, never from an HTTP cache that may hold the old version.
    await cache.addAll(BUILD.files.map((file) => new Request(new URL(file, BASE).href, { cache: "reload" })));
    if (!sw.registration.active) await sw.skipWaiting(); // first visit: there is nothing to mix with
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("parlour-") && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") event.waitUntil(takeOverIfAlone(event));
});

/**
 * A page asks this (waiting) worker to take over.  Only if the asking page is
 * the only Parlour window: any other one is still running the old version and
 * would load its lazy modules, its wheels, its styles from this version's
 * cache.  The answer goes back on the port the page sent (else to the page).
 * @param {ExtendableMessageEvent} event
 */
async function takeOverIfAlone(event) {
  const asker = event.source && "id" in event.source ? event.source.id : null;
  const answer = (/** @type {any} */ message) => (event.ports[0] || event.source)?.postMessage(message);
  const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  const others = windows.filter((c) => c.id !== asker && c.url.startsWith(sw.registration.scope));
  if (others.length) {
    answer({ type: "update", ok: false, others: others.length });
    return;
  }
  answer({ type: "update", ok: true });
  await sw.skipWaiting();
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith(respond(request));
});

/** Cache first (this version's cache only), then the network; pages are always the cached app shell. */
async function respond(request) {
  const cache = await caches.open(CACHE);
  const cached = request.mode === "navigate"
    ? await cache.match(INDEX)
    : await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch {
    return new Response("Parlour is offline and this file is not in its cache.", {
      status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
