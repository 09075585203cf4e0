// @ts-check
/// <reference lib="webworker" />
/**
 * The Pyodide worker: restores Python from the build's memory snapshot (or
 * starts it), unpacks our wheel, then answers JSON requests through
 * parlour.api.handle; micropip is loaded only for optional helpers (segno).  Running Python here keeps
 * the page responsive while Python loads and thinks.
 */
import { loadPyodide } from "../../pyodide/pyodide.mjs";

/** @type {(request: string) => string} */
let handle;
/** Installs segno (QR codes, for network invites) on the first request that needs it. */
let installSegno = () => Promise.resolve();

const ready = (async () => {
  const t0 = performance.now();
  const timings = /** @type {Record<string, number>} */ ({});
  const lap = (name) => { timings[name] = Math.round(performance.now() - t0); };
  const base = new URL("../../", import.meta.url);
  const info = await (await fetch(new URL("build-info.json", base))).json();
  lap("build_info");
  // Fetched side by side with Python's own files.
  const wheel = fetch(new URL(info.wheel, base)).then((r) => r.arrayBuffer());
  const snapshot = info.snapshot && "DecompressionStream" in self ? fetchSnapshot(new URL(info.snapshot, base)) : null;
  const indexURL = new URL("pyodide/", base).href;
  let pyodide;
  try {
    // The build's memory snapshot: Python already started, our engines already imported.
    pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot ?? undefined });
    info.started_from = snapshot ? "snapshot" : "plain start";
  } catch (err) {
    if (!snapshot) throw err;
    console.warn("The Python snapshot did not load; starting Python the slow way.", err);
    pyodide = await loadPyodide({ indexURL });
    info.started_from = "plain start (the snapshot failed)";
  }
  lap("pyodide");
  // Our wheel is pure Python with no dependencies: unpacking it is all an install does.
  pyodide.unpackArchive(new Uint8Array(await wheel), "wheel");
  lap("wheel_installed");
  handle = pyodide.pyimport("parlour.api").handle;
  lap("parlour_imported");
  let segno = null;
  installSegno = () => (segno ??= info.segno ? (async () => {
    await pyodide.loadPackage("micropip", { messageCallback: () => {} });
    await pyodide.pyimport("micropip").install(new URL(info.segno, base).href);
  })() : Promise.resolve());
  return { ...info, timings };
})();

/** The gzipped snapshot, unpacked as it streams in. @param {URL} url */
async function fetchSnapshot(url) {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`snapshot: HTTP ${response.status}`);
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

ready.then(
  (info) => postMessage({ type: "ready", info }),
  (err) => postMessage({ type: "failed", error: String(err && err.message || err) }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    await ready;
    if (request.startsWith('{"op":"qr_svg"')) await installSegno();
    postMessage({ id, reply: handle(request) });
  } catch (err) {
    postMessage({ id, reply: JSON.stringify({ ok: false, kind: "WorkerError", error: String(err && err.message || err) }) });
  }
};
