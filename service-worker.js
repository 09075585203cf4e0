// Offline support is its own piece of work; for now the service worker only
// takes control so later versions can precache without changing the page.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
