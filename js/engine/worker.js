// @ts-check
/// <reference lib="webworker" />
/**
 * The Pyodide worker: restores Python from this device's memory snapshot (or
 * starts it the slow way and makes that snapshot), puts our wheel on Python's
 * path, then answers JSON requests through parlour.api.handle; micropip is
 * loaded only for optional helpers (segno).  Running Python here keeps the
 * page responsive while Python loads and thinks.
 *
 * The snapshot is made here, not shipped: a shipped one doubled a first
 * visit's bytes (6.5 MB gzipped).  The first visit starts Python the slow way
 * and answers at once; a second worker (MAKER, started by the page once this
 * one is ready) starts Python again with our engines imported, copies its
 * memory before any request touches it, and keeps its non-zero pages in IndexedDB (js/engine/snapshot-pages.js; a
 * Blob, or one ArrayBuffer where a worker cannot store a Blob: WebKitGTK)
 * under a key made of the Pyodide version and our wheel's hash, so a new
 * build never restores an old engine.  A missing, stale or broken snapshot
 * means one slow start, never an error.
 */
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { packPages, unpackPages } from "./snapshot-pages.js";
import { SNAPSHOT_IMPORTS, SNAPSHOT_MAKER, putWheelOnPath } from "./python-setup.js";
import { putQrStdlibOnPath } from "./stdlib-extra.js";
import { startDownloads } from "./python-downloads.js";

/** Where the snapshot is kept: an IndexedDB database of its own, one record (so a new build's replaces an old one). */
const SNAPSHOT_DB = "parlour-python";
const SNAPSHOT_STORE = "snapshot";
const SNAPSHOT_RECORD = "memory";
/**
 * Bumped when what the snapshot holds, or how it is kept, changes without the wheel changing
 * (2: non-zero pages as they are, the wheel as a zip on sys.path; 1 was gzipped, the wheel unpacked).
 */
const SNAPSHOT_FORMAT = 2;
/**
 * The longest Python's start waits for the kept snapshot's record: a read that never settles (WebKitGTK left
 * one waiting for good behind a write that never finished) means a slow start, never no start.
 */
const SNAPSHOT_READ_MS = 3000;
/**
 * This worker only makes the snapshot for the next visit (js/engine/bridge.js keepSnapshotLater): started once
 * the page's own Python, started the slow way, is ready.  Making it in the page's worker (every engine
 * imported, the memory copied) held a first visit's "Ready" back by about a second on a slow machine.
 */
const MAKER = self.name === SNAPSHOT_MAKER;

/** @type {(request: string) => string} */
let handle;
/** Installs segno (QR codes, for network invites) on the first request that needs it. */
let installSegno = () => Promise.resolve();

const ready = (async () => {
  const t0 = performance.now();
  const timings = /** @type {Record<string, number>} */ ({});
  const lap = (/** @type {string} */ name) => { timings[name] = Math.round(performance.now() - t0); };
  const base = new URL("../../", import.meta.url);
  const kept = readKeptSnapshot(); // side by side with build-info.json
  // the wasm and the library at once, before build-info.json; the wasm counted only where no snapshot is kept
  const downloads = startDownloads(base, kept.then((record) => !record));
  const info = await (await fetch(new URL("build-info.json", base))).json();
  lap("build_info");
  // The page's progress line: bytes of Python's downloads fetched so far, of their known total.
  downloads.report(info, (progress) => postMessage({ type: "progress", ...progress }));
  // Fetched side by side with Python's own files.
  const wheel = fetch(new URL(info.wheel, base)).then((r) => r.arrayBuffer());
  const indexURL = new URL("pyodide/", base).href;
  // The standard library too: Python's zip import keeps the zip's table of contents in its memory.
  const key = `${info.pyodide} ${info.wheel_sha256} ${info.stdlib_sha256} ${SNAPSHOT_FORMAT}`;
  // The standard library trimmed to what Parlour imports (build.py ship_stdlib)
  const stdLibURL = info.stdlib ? new URL(info.stdlib, base).href : undefined;
  const stored = await storedSnapshot(key, kept);
  lap("snapshot_found");
  // A build made with PARLOUR_SHIP_SNAPSHOT (the test suite's, whose every browser context is a first
  // visit) ships the snapshot node made; the site as served and measured ships none.
  const shipped = !stored && info.snapshot ? shippedSnapshot(info.snapshot, base) : null;
  /** @type {any} */
  let pyodide = null;
  const restoring = stored ?? shipped;
  // The page holds back work it can put off (the lobby's pictures) while a quick start runs.
  postMessage({ type: "starting", quick: Boolean(restoring) });
  if (restoring) {
    try {
      pyodide = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: restoring.bytes });
      lap("pyodide");
      putWheelOnPath(pyodide, new Uint8Array(await wheel));
      handle = pyodide.pyimport("parlour.api").handle;
      info.started_from = stored ? "device snapshot" : "shipped snapshot";
    } catch (err) {
      console.warn("The Python snapshot did not load; starting Python the slow way.", err);
      pyodide = null;
      if (stored) await forgetSnapshots();
    }
  }
  /** @type {Uint8Array | null} */
  let memory = null;
  if (!pyodide) {
    const canKeep = snapshotsCanBeKept() && !info.snapshot;
    pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: canKeep && MAKER });
    lap("pyodide");
    putWheelOnPath(pyodide, new Uint8Array(await wheel));
    if (canKeep && MAKER) {
      pyodide.runPython(SNAPSHOT_IMPORTS);
      memory = pyodide.makeMemorySnapshot(); // before any request changes Python's memory
    }
    handle = pyodide.pyimport("parlour.api").handle;
    info.started_from = stored ? "plain start (the stored snapshot failed)" : "plain start";
    // the page starts a maker worker for the next visit's snapshot once this one is ready (bridge.js)
    info.keep_snapshot_later = canKeep && !MAKER;
  }
  lap("parlour_imported");
  if (memory) await keepSnapshot(key, memory); // a maker reports ready once it is kept, and is stopped
  const started = pyodide;
  let segno = null;
  installSegno = () => (segno ??= info.segno ? (async () => {
    if (info.stdlib_qr) { // what only micropip needs of the standard library (js/engine/stdlib-extra.js)
      const response = await fetch(new URL(info.stdlib_qr, base));
      if (!response.ok) throw new Error(`${info.stdlib_qr}: HTTP ${response.status}`);
      putQrStdlibOnPath(started, new Uint8Array(await response.arrayBuffer()));
    }
    await started.loadPackage("micropip", { messageCallback: () => {} });
    await started.pyimport("micropip").install(new URL(info.segno, base).href);
  })() : Promise.resolve());
  return { ...info, timings };
})();

/**
 * The build's own snapshot (a build made with PARLOUR_SHIP_SNAPSHOT), kept as a device keeps one: its
 * record in build-info.json names the file of its non-zero pages and their runs.
 * @param {{pages: string, bytes: number, runs: [number, number][]}} record @param {URL} base
 * @returns {{bytes: Promise<Uint8Array>}}
 */
function shippedSnapshot(record, base) {
  const bytes = fetch(new URL(record.pages, base)).then(async (response) => {
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    return unpackPages(record.bytes, record.runs, await response.arrayBuffer());
  });
  bytes.catch(() => {}); // Pyodide's await sees a failure; no stray "unhandled rejection" besides
  return { bytes };
}

/** Whether this browser can keep a snapshot (IndexedDB in a worker). */
function snapshotsCanBeKept() {
  return "indexedDB" in self;
}

/**
 * This build's snapshot from IndexedDB, or null when there is none or only
 * another build's.  Its bytes are a promise, read beside Pyodide's own
 * downloads (wrapped: an async function's promise would wait for them).
 * @param {string} key @param {Promise<any>} reading the record (readKeptSnapshot)
 * @returns {Promise<{bytes: Promise<Uint8Array>} | null>}
 */
async function storedSnapshot(key, reading) {
  try {
    const kept = await reading;
    if (!kept || kept.key !== key || !(kept.pages instanceof Blob || kept.pages instanceof ArrayBuffer)) return null;
    /** @type {Promise<ArrayBuffer>} */
    const pages = kept.pages instanceof Blob ? kept.pages.arrayBuffer() : Promise.resolve(kept.pages);
    const bytes = pages.then((stored) => unpackPages(kept.bytes, kept.runs, stored));
    bytes.catch(() => {}); // Pyodide's await sees a failure; no stray "unhandled rejection" besides
    return { bytes };
  } catch (err) {
    console.warn("This device's Python snapshot could not be read.", err);
    return null;
  }
}

/** The kept snapshot's record (key, length, runs, their pages), or null. @returns {Promise<any>} */
function readKeptSnapshot() {
  if (!snapshotsCanBeKept()) return Promise.resolve(null);
  const read = snapshotStore("readonly", (store) => store.get(SNAPSHOT_RECORD)).catch((err) => {
    console.warn("This device's Python snapshot could not be read.", err);
    return null;
  });
  let timer = 0;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => {
      console.warn(`This device's Python snapshot was not read in ${SNAPSHOT_READ_MS} ms; starting Python the slow way.`);
      resolve(null);
    }, SNAPSHOT_READ_MS);
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/**
 * Keeps the snapshot's non-zero pages under this build's key, in place of any
 * other build's.  After Python is ready: a failure (no room, private
 * browsing) only means the next start is slow too.
 * @param {string} key @param {Uint8Array} memory
 */
async function keepSnapshot(key, memory) {
  try {
    const { bytes, runs, pages } = packPages(memory);
    const blob = new Blob(pages);
    /** @type {{key: string, bytes: number, runs: [number, number][], pages: Blob | ArrayBuffer}} */
    const record = { key, bytes, runs, pages: blob };
    try {
      await snapshotStore("readwrite", (store) => store.put(record, SNAPSHOT_RECORD));
    } catch (err) {
      // WebKitGTK cannot store a Blob from a worker ("Error preparing Blob/File data to be stored in object
      // store"): the same bytes as one ArrayBuffer (storedSnapshot reads either)
      record.pages = await blob.arrayBuffer();
      await snapshotStore("readwrite", (store) => store.put(record, SNAPSHOT_RECORD));
    }
    postMessage({ type: "snapshot-kept", bytes: blob.size });
  } catch (err) {
    console.warn("Python's snapshot could not be kept on this device; the next start is slow too.", err);
  }
}

/** Drops the kept snapshot (one that failed to load). */
async function forgetSnapshots() {
  try {
    await snapshotStore("readwrite", (store) => store.delete(SNAPSHOT_RECORD));
  } catch (err) {
    console.warn("Python's broken snapshot could not be removed.", err);
  }
}

/**
 * One request on the snapshot's object store, settled when its transaction is.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} ask
 * @returns {Promise<any>}
 */
function snapshotStore(mode, ask) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(SNAPSHOT_DB, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(SNAPSHOT_STORE);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      try {
        const transaction = db.transaction(SNAPSHOT_STORE, mode);
        const request = ask(transaction.objectStore(SNAPSHOT_STORE));
        transaction.oncomplete = () => { db.close(); resolve(request.result); };
        transaction.onerror = transaction.onabort = () => { db.close(); reject(transaction.error || request.error); };
      } catch (err) { // a database without the store: made by something else
        db.close();
        reject(err);
      }
    };
  });
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
