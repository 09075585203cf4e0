// @ts-check
/**
 * Where the network tables' records live (js/net/store.js decides what they are and when they go): one
 * IndexedDB object store, read through an in-memory mirror so that every read stays synchronous.
 *
 * - `openRecords` (awaited once when the page starts, before anything reads) loads every record with one
 *   getAll; from then on reads come from the mirror.  Records an older Parlour left in localStorage under
 *   the same prefix move into IndexedDB in that same transaction and leave localStorage.
 * - A write or a removal changes the mirror at once and starts its own IndexedDB transaction at once:
 *   IndexedDB runs read-write transactions on one store in the order they were made, so the writes land in
 *   the order they were made (one queue).  A refused write (the storage is full) is reported to the
 *   `refused` callback, which may make room and `retryRecord`.
 * - Every change is told to the other tabs of this origin (a BroadcastChannel), whose mirrors follow it, as
 *   they followed localStorage before.  A tab that must read what another tab wrote last (it took a table
 *   over) may `reloadRecords` first.
 * - Every write is also left in localStorage (under the old prefix) until its transaction has committed: a
 *   page that goes away first (a reload right after a move) leaves it there, and the next page to open moves
 *   it in, unless IndexedDB holds a newer copy by then.  Written at once, not when the page goes: a browser
 *   may abort a page's transactions before its last events run, and an end-to-end game reloading the host's
 *   page between links lost moves that way.
 * - Where IndexedDB is missing or refused (an old browser, a private window, node), nothing changes from
 *   before: every call reads and writes localStorage directly, and keeps no state of its own.
 *
 * Records are kept as their JSON text ({key, text}), so each read parses a fresh copy, as before.
 */

/** Where the records were kept before (and still are without IndexedDB): localStorage, under this prefix. */
const PREFIX = "parlour.p2p.";
const DB_NAME = "parlour-net";
const DB_VERSION = 1;
const STORE = "records";
const CHANNEL = "parlour-net-records";
/** The text a removal not yet committed leaves in localStorage when the page goes (then the time of it). */
const REMOVED = "~removed ";
/** How long opening the database may take before the page goes on with localStorage (a blocked open). */
const OPEN_WAIT_MS = 5000;

/** @typedef {"stored"|"pending"|"full"|"off"} PutResult */
/** @typedef {(key: string, reason: "full"|"off") => void} Refused */

/** @type {IDBDatabase|null} set once the records are loaded: then the mirror answers */
let db = null;
/** @type {Map<string, string>} key (without the prefix) → JSON text */
const mirror = new Map();
/** Writes made but not yet committed: key → the text (null: a removal), for the page going away. @type {Map<string, string|null>} */
const pending = new Map();
/** @type {BroadcastChannel|null} */
let channel = null;
/** @type {Refused} */
let refused = () => {};
/** @type {Set<(keys: string[]) => void>} */
const watchers = new Set();
/** @type {Promise<boolean>|null} */
let opening = null;
/** How many transactions of ours are not yet over, and who waits for none. */
let inFlight = 0;
/** @type {(() => void)[]} */
let idle = [];

/** Which storage answers: "indexeddb" once opened, else "localStorage". */
export const recordsBackend = () => (db ? "indexeddb" : "localStorage");

/** @param {string} key @returns {string|null} the record's JSON text */
export function getRecord(key) {
  if (db) return mirror.get(key) ?? null;
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/** Every key held (without the prefix). @returns {string[]} */
export function recordKeys() {
  if (db) return [...mirror.keys()];
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const full = localStorage.key(i) ?? "";
      if (full.startsWith(PREFIX)) keys.push(full.slice(PREFIX.length));
    }
  } catch {
    return [];
  }
  return keys;
}

/** @param {unknown} err */
export function isQuota(err) {
  const e = /** @type {any} */ (err);
  return !!e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22 || e.code === 1014);
}

/**
 * Keep `text` under `key`.  With IndexedDB: "pending" (the mirror has it; a refusal comes later, to
 * `refused`).  With localStorage: "stored", "full" or "off", at once.
 * @param {string} key @param {string} text @returns {PutResult}
 */
export function putRecord(key, text) {
  if (!db) {
    try {
      localStorage.setItem(PREFIX + key, text);
      return "stored";
    } catch (err) {
      return isQuota(err) ? "full" : "off";
    }
  }
  mirror.set(key, text);
  tellTabs([[key, text]]);
  void commit(key, text).then((result) => { if (result !== "stored") refused(key, result); });
  return "pending";
}

/** @param {string} key @returns {boolean} whether it is gone (from the mirror at least) */
export function removeRecord(key) {
  if (!db) {
    try {
      localStorage.removeItem(PREFIX + key);
      return true;
    } catch {
      return false;
    }
  }
  if (!mirror.has(key)) return true;
  mirror.delete(key);
  tellTabs([[key, null]]);
  void commit(key, null);
  return true;
}

/**
 * Write the mirror's copy of `key` to IndexedDB again (after room was made for it).
 * @param {string} key @returns {Promise<"stored"|"full"|"off">}
 */
export function retryRecord(key) {
  if (!db) return Promise.resolve("off");
  const text = mirror.get(key);
  return text === undefined ? Promise.resolve("stored") : commit(key, text);
}

/**
 * One transaction for one change, made now (so in order with every other change).
 * @param {string} key @param {string|null} text null: remove @returns {Promise<"stored"|"full"|"off">}
 */
function commit(key, text) {
  const base = db;
  if (!base) return Promise.resolve("off");
  pending.set(key, text);
  journal(key, text);
  inFlight++;
  return new Promise((resolve) => {
    let tx;
    const over = (/** @type {"stored"|"full"|"off"} */ result, /** @type {unknown} */ err) => {
      if (pending.get(key) === text) pending.delete(key);
      if (result !== "stored") console.warn("Parlour could not store", key, err);
      else if (pending.get(key) === undefined) unjournal(key, text); // a later change keeps its own journal entry
      if (--inFlight === 0) for (const fn of idle.splice(0)) fn();
      resolve(result);
    };
    try {
      tx = base.transaction(STORE, "readwrite");
      const store = tx.objectStore(STORE);
      if (text === null) store.delete(key);
      else store.put({ key, text });
      tx.oncomplete = () => over("stored", null);
      tx.onabort = () => over(isQuota(tx.error) ? "full" : "off", tx.error);
      tx.commit?.();
    } catch (err) {
      // the connection was closed (a later Parlour upgrades the database, or the browser's storage was cleared):
      // the change waits in localStorage, which the next page moves in
      try { tx?.abort(); } catch { /* already over */ }
      const kept = journal(key, text);
      if (pending.get(key) === text) pending.delete(key);
      if (--inFlight === 0) for (const fn of idle.splice(0)) fn();
      resolve(kept ? "stored" : isQuota(err) ? "full" : "off");
    }
  });
}

/** Resolves once every change made so far is committed or refused (the tests wait on it). @returns {Promise<void>} */
export function recordsSettled() {
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => { idle.push(() => resolve()); });
}

/** Be told of the keys other tabs changed (the mirror already has them). @param {(keys: string[]) => void} fn */
export function onOtherTabs(fn) {
  watchers.add(fn);
  return () => { watchers.delete(fn); };
}

/** @param {[string, string|null][]} changes */
function tellTabs(changes) {
  try {
    channel?.postMessage(changes);
  } catch { /* closed: the other tabs read IndexedDB when they next start */ }
}

/** @param {[string, string|null][]} changes */
function follow(changes) {
  if (!Array.isArray(changes)) return;
  const keys = [];
  for (const [key, text] of changes) {
    if (typeof key !== "string") continue;
    if (typeof text === "string") mirror.set(key, text);
    else mirror.delete(key);
    keys.push(key);
  }
  if (keys.length) for (const fn of watchers) fn(keys);
}

/** A change not yet committed waits in localStorage too. @param {string} key @param {string|null} text @returns {boolean} */
function journal(key, text) {
  try {
    localStorage.setItem(PREFIX + key, text ?? `${REMOVED}${Date.now()}`);
    return true;
  } catch {
    return false; // nowhere to keep it
  }
}

/** A change left in localStorage that IndexedDB now has. @param {string} key @param {string|null} text */
function unjournal(key, text) {
  try {
    const left = localStorage.getItem(PREFIX + key);
    if (left !== null && (left === text || (text === null && left.startsWith(REMOVED)))) localStorage.removeItem(PREFIX + key);
  } catch { /* storage off */ }
}

/** When a record was written (its `updated`), 0 when it says not. @param {string|undefined} text */
function writtenAt(text) {
  if (text === undefined) return -1;
  if (text.startsWith(REMOVED)) return Number(text.slice(REMOVED.length)) || 0;
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? Number(value.updated) || 0 : 0;
  } catch {
    return 0;
  }
}

/** @returns {[string, string][]} every localStorage entry under the prefix, as [key, text] */
function leftInLocalStorage() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const full = localStorage.key(i) ?? "";
      if (!full.startsWith(PREFIX)) continue;
      const text = localStorage.getItem(full);
      if (text !== null) out.push([full.slice(PREFIX.length), text]);
    }
  } catch { /* storage off: nothing to move */ }
  return out;
}

/** @returns {Promise<IDBDatabase>} */
function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: "key" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the records' database is held open by an older page"));
  });
}

/**
 * Load every record into the mirror (localStorage's left-overs moved in on the way).  Resolves with
 * whether IndexedDB answers from now on; false leaves localStorage answering, as before.
 * @param {{refused: Refused}} options
 * @returns {Promise<boolean>}
 */
export function openRecords(options) {
  refused = options.refused;
  opening ??= load().catch((err) => {
    console.warn("Parlour keeps its network records in localStorage:", err);
    channel?.close();
    channel = null;
    return false;
  });
  return opening;
}

async function load() {
  if (typeof indexedDB === "undefined" || !indexedDB) throw new Error("no IndexedDB");
  /** @type {[string, string|null][][]} changes other tabs made while this one loaded */
  const early = [];
  if (typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e) => { if (db) follow(e.data); else early.push(e.data); };
  }
  let timer;
  const base = await Promise.race([
    openDatabase(),
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("opening took too long")), OPEN_WAIT_MS); }),
  ]).finally(() => clearTimeout(timer));
  base.onversionchange = () => base.close(); // a later Parlour upgrades it; this page's writes go to the journal meanwhile
  const moved = await new Promise((resolve, reject) => {
    const tx = base.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    /** @type {[string, string|null][]} */
    const changes = [];
    /** @type {string[]} localStorage keys moved in, to remove once committed */
    const left = [];
    const all = store.getAll();
    all.onsuccess = () => {
      mirror.clear();
      for (const r of /** @type {{key: string, text: string}[]} */ (all.result)) {
        if (r && typeof r.key === "string" && typeof r.text === "string") mirror.set(r.key, r.text);
      }
      // read here, in the task that switches to the mirror: a write made before it went to localStorage and is read now
      for (const [key, text] of leftInLocalStorage()) {
        left.push(key);
        const removal = text.startsWith(REMOVED);
        if (writtenAt(text) < writtenAt(mirror.get(key))) continue; // IndexedDB has a newer copy
        if (removal) {
          if (!mirror.has(key)) continue;
          mirror.delete(key);
          store.delete(key);
          changes.push([key, null]);
        } else {
          mirror.set(key, text);
          store.put({ key, text });
          changes.push([key, text]);
        }
      }
      db = base;
    };
    tx.oncomplete = () => {
      for (const key of left) {
        try { localStorage.removeItem(PREFIX + key); } catch { /* storage off */ }
      }
      resolve(changes);
    };
    tx.onabort = () => reject(tx.error ?? new Error("the records could not be read"));
  }).catch((err) => {
    db = null;
    mirror.clear();
    base.close();
    throw err;
  });
  if (moved.length) tellTabs(moved);
  for (const changes of early.splice(0)) follow(changes);
  return true;
}

/**
 * Read IndexedDB again into the mirror (a tab that took a table over from another reads its last copy,
 * whatever of the other tab's messages is still on its way).
 * @returns {Promise<void>}
 */
export async function reloadRecords() {
  const base = db;
  if (!base) return;
  await recordsSettled();
  await new Promise((resolve) => {
    let tx;
    try {
      tx = base.transaction(STORE, "readonly");
    } catch {
      resolve(undefined);
      return;
    }
    const all = tx.objectStore(STORE).getAll();
    all.onsuccess = () => {
      const seen = new Set();
      for (const r of /** @type {{key: string, text: string}[]} */ (all.result)) {
        if (!r || typeof r.key !== "string" || typeof r.text !== "string") continue;
        seen.add(r.key);
        // a change of this tab's not yet committed stays as the mirror has it
        if (!pending.has(r.key)) mirror.set(r.key, r.text);
      }
      for (const key of [...mirror.keys()]) if (!seen.has(key) && !pending.has(key)) mirror.delete(key);
      resolve(undefined);
    };
    all.onerror = () => resolve(undefined);
  });
}
