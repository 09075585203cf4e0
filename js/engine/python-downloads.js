// @ts-check
/**
 * Python's three big downloads (Pyodide's wasm, the standard library zip, our wheel): started as soon as
 * the worker runs, and counted for the page's progress line while Python loads (js/ui/site-status.js
 * showEngineProgress).
 *
 * Started early: left to itself, Pyodide asks for its wasm only once its loader script
 * (pyodide.asm.mjs) has come and run, after build-info.json; on a phone's network that was a few hundred
 * milliseconds of an idle connection before the largest file.  The wasm and the library have fixed
 * addresses, so the worker asks for them at once and hands Pyodide those same responses when it asks.
 *
 * Counted by reading a clone of each response as it arrives: the response itself goes on untouched to
 * Pyodide (the wasm's keeps its address, so the browser's compiled-code cache still serves later visits).
 * The wasm is counted only where this device keeps no snapshot (a first visit, whose start takes seconds):
 * a clone splits the body in two, which a start restoring a snapshot in under a second need not pay.
 * Sizes come from build-info.json (`load_bytes`, as the files are, before the server's compression).
 */

/** The files counted, in the order the line names them (build-info.json's `load_bytes` keys). */
const COUNTED = /** @type {const} */ (["wasm", "stdlib", "wheel"]);
/** Where the two started early sit (build.py: PYODIDE_CORE, STDLIB_ZIPS). */
const EARLY = { wasm: "pyodide/pyodide.asm.wasm", stdlib: "pyodide/python_stdlib.zip" };
/** The fewest milliseconds between two reports (a report is a message to the page and a redraw). */
const REPORT_EVERY_MS = 100;

/**
 * @typedef {{what: string, done: number, total: number}} LoadProgress
 * `what`: the first file not yet whole ("wasm", "stdlib", "wheel"), or "" once all are;
 * `done` of `total`: bytes fetched of the three
 */

/**
 * Starts the wasm's and the library's downloads, and counts every byte of the three from now on: `fetch`
 * is wrapped so that Pyodide's own requests for them get the responses already under way.
 * @param {URL} base the site's root
 * @param {Promise<boolean>} countWasm whether to count the wasm too (the wasm is asked for once this says)
 * @returns {{report: (info: {load_bytes?: Record<string, number>, stdlib?: string, wheel?: string},
 *   send: (progress: LoadProgress) => void) => void}} `report`, once build-info.json is read: reports go to `send`
 */
export function startDownloads(base, countWasm) {
  const plainFetch = globalThis.fetch;
  /** @type {Record<string, string>} */
  const addresses = { wasm: new URL(EARLY.wasm, base).href, stdlib: new URL(EARLY.stdlib, base).href, wheel: "" };
  /** @type {Record<string, number>} */
  const done = { wasm: 0, stdlib: 0, wheel: 0 };
  /** @type {Record<string, number> | null} */
  let sizes = null;
  let wasmCounted = true;
  /** @type {((progress: LoadProgress) => void) | null} */
  let sendTo = null;
  let last = 0;
  const send = (/** @type {boolean} */ now) => {
    const at = performance.now();
    if (!sizes || !sendTo || (!now && at - last < REPORT_EVERY_MS)) return;
    last = at;
    const known = /** @type {Record<string, number>} */ ({ ...sizes, ...(wasmCounted ? {} : { wasm: 0 }) });
    const what = COUNTED.find((name) => done[name] < (known[name] || 0)) ?? "";
    const total = COUNTED.reduce((sum, name) => sum + (known[name] || 0), 0);
    sendTo({ what, done: COUNTED.reduce((sum, name) => sum + Math.min(done[name], known[name] || 0), 0), total });
  };
  /** @param {Response} copy @param {string} name */
  const countBody = async (copy, name) => {
    try {
      const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (copy.body?.getReader());
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        done[name] += value.byteLength;
        send(false);
      }
      if (sizes) done[name] = Math.max(done[name], sizes[name] || 0);
      send(true);
    } catch { /* the line only stops moving: Pyodide's own read reports the failure */ }
  };
  /** @param {string} name @param {Promise<Response>} fetching */
  const counted = (name, fetching) => fetching.then((response) => {
    if (response.ok && response.body) countBody(response.clone(), name);
    return response;
  });
  /** @type {Map<string, Promise<Response>>} responses under way that nobody has asked for yet */
  const early = new Map();
  const library = counted("stdlib", plainFetch(addresses.stdlib));
  const wasm = countWasm.then((count) => {
    wasmCounted = count;
    send(true);
    return count ? counted("wasm", plainFetch(addresses.wasm)) : plainFetch(addresses.wasm);
  });
  for (const [address, fetching] of [[addresses.stdlib, library], [addresses.wasm, wasm]]) {
    fetching.catch(() => {}); // Pyodide's own request sees a failure; no stray "unhandled rejection" besides
    early.set(/** @type {string} */ (address), /** @type {Promise<Response>} */ (fetching));
  }
  globalThis.fetch = function (input, init) {
    const address = typeof input === "string" ? new URL(input, base).href : input instanceof URL ? input.href : input.url;
    const started = early.get(address);
    if (started) {
      early.delete(address); // a response is read once: a second request fetches afresh
      return started;
    }
    const name = COUNTED.find((n) => addresses[n] === address);
    return name ? counted(name, plainFetch(input, init)) : plainFetch(input, init);
  };
  return {
    report(info, sendProgress) {
      if (!info.load_bytes) return; // a build that names no sizes: no line
      sizes = info.load_bytes;
      if (info.wheel) addresses.wheel = new URL(info.wheel, base).href;
      sendTo = sendProgress;
      send(true);
    },
  };
}
