// @ts-check
/**
 * Starts Python's worker before anything else loads: it is the slowest thing
 * on the page.  index.html runs this classic script first, before its
 * stylesheets (a module script would wait for them).  The worker's messages
 * wait in `early` until js/engine/bridge.js takes the worker over.
 *
 * A file of its own, not a script inside index.html: the page's
 * Content-Security-Policy runs no inline script (docs/security.md).
 */
(function () {
  /** @type {(MessageEvent|ErrorEvent)[]} */
  var early = [];
  var worker = new Worker(new URL("worker.js", /** @type {HTMLScriptElement} */ (document.currentScript).src), { type: "module" });
  worker.onmessage = worker.onerror = function (event) { early.push(event); };
  /** @type {any} */ (window).parlourWorker = { worker: worker, early: early };
})();
