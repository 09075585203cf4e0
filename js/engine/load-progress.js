// @ts-check
/**
 * How much of Python's downloads the worker has fetched, for the page's progress line while Python loads
 * (js/ui/site-status.js showEngineProgress).  The three big files, whose sizes the build writes into
 * build-info.json (`load_bytes`, as the files are, before the server's compression): Pyodide's wasm, the
 * standard library zip and our wheel.
 *
 * Counted by reading a clone of each response as it arrives: the response itself goes on untouched to
 * Pyodide (the wasm's keeps its address, so the browser's compiled-code cache still serves later visits).
 */

/** The files counted, in the order the line names them: build-info.json's `load_bytes` key -> address. */
const COUNTED = /** @type {const} */ (["wasm", "stdlib", "wheel"]);
/** The fewest milliseconds between two reports (a report is a message to the page and a redraw). */
const REPORT_EVERY_MS = 100;

/**
 * @typedef {{what: string, done: number, total: number}} LoadProgress
 * `what`: the first file not yet whole ("wasm", "stdlib", "wheel"), or "" once all are;
 * `done` of `total`: bytes fetched of the three
 */

/**
 * Counts the bytes of the three files as `fetch` brings them, calling `report` at most every
 * REPORT_EVERY_MS and once when all are whole.  Does nothing for a build that names no sizes.
 * @param {{load_bytes?: Record<string, number>, stdlib?: string, wheel?: string}} info build-info.json
 * @param {URL} base the site's root
 * @param {(progress: LoadProgress) => void} report
 */
export function countDownloads(info, base, report) {
  const sizes = info.load_bytes;
  if (!sizes) return;
  const addresses = {
    wasm: new URL("pyodide/pyodide.asm.wasm", base).href,
    stdlib: info.stdlib ? new URL(info.stdlib, base).href : "",
    wheel: info.wheel ? new URL(info.wheel, base).href : "",
  };
  /** @type {Record<string, number>} */
  const done = { wasm: 0, stdlib: 0, wheel: 0 };
  const total = COUNTED.reduce((sum, name) => sum + (sizes[name] || 0), 0);
  let last = 0;
  const send = (/** @type {boolean} */ now) => {
    const at = performance.now();
    if (!now && at - last < REPORT_EVERY_MS) return;
    last = at;
    const what = COUNTED.find((name) => done[name] < (sizes[name] || 0)) ?? "";
    report({ what, done: COUNTED.reduce((sum, name) => sum + Math.min(done[name], sizes[name] || 0), 0), total });
  };
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async function (input, init) {
    const response = await plainFetch(input, init);
    const address = typeof input === "string" ? new URL(input, base).href : input instanceof URL ? input.href : input.url;
    const name = COUNTED.find((n) => addresses[n] && addresses[n] === address);
    if (name && response.ok && response.body) countBody(response.clone(), name);
    return response;
  };
  /** @param {Response} copy @param {string} name */
  async function countBody(copy, name) {
    try {
      const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (copy.body?.getReader());
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        done[name] += value.byteLength;
        send(false);
      }
      done[name] = Math.max(done[name], sizes[name] || 0);
      send(true);
    } catch { /* the line only stops moving: Pyodide's own read reports the failure */ }
  }
  send(true);
}
