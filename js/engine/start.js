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
  var url = new URL("worker.js", /** @type {HTMLScriptElement} */ (document.currentScript).src).href;
  var worker = new Worker(url, { type: "module" });
  worker.onmessage = worker.onerror = function (event) { early.push(event); };
  // `url`: where later workers start from (js/engine/bridge.js), wherever the bundler put the bridge
  /** @type {any} */ (window).parlourWorker = { worker: worker, early: early, url: url };
})();
