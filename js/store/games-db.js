// @ts-check
/**
 * Games in progress (and lately finished), kept in IndexedDB so a closed tab
 * loses nothing.  A saved game is a record (see docs/records.md) plus an id and
 * timestamps: the engine is deterministic, so seed, options, seats and the
 * action log rebuild the exact position.
 */

import { askToKeepSavedGames } from "./persistence.js";

const DB_NAME = "parlour";
const STORE = "games";
const DB_VERSION = 1;
/** Finished games kept for the lobby's "recent" list; older ones are dropped. */
const KEEP_FINISHED = 20;

/**
 * @typedef {{kind: string, name: string, level?: string}} Seat
 * A network guest's verdict on its game (js/tables/verdict.js draws it; `text` is its sentence as written then).
 * @typedef {{kind: string, text?: string, reason?: string, steps?: any[], notes?: string[], bots?: {total: number, done: number}|null,
 *   code?: string|null, ledger?: string|null, moves?: number}} SavedVerdict
 * @typedef {{id: string, game: string, title?: string, options: Record<string, any>, seed: number|string,
 *   seats: Seat[], actions: {seat: number|null, action: any}[], result: any, created: number, updated: number,
 *   host?: any, guest?: {table: string, seat: number|null}, code?: string|null, ledger?: string|null,
 *   verdict?: SavedVerdict}} SavedGame
 *   host: a table this device hosted ({id}); guest: a table it joined, with the verdict of its end check;
 *   code: the table code, ledger: the ledger code (docs/p2p.md)
 */

/**
 * What the person should hear about the database (js/ui/updates.js shows it):
 * `blocked` while an older Parlour in another tab holds it open, `unblocked`
 * when that is over, `versionchange` when a newer Parlour in another tab
 * needs it (this tab then closes its connection and saves no more).
 * @typedef {{kind: "blocked"|"unblocked"|"versionchange", message: string}} StorageNotice
 */
/** @type {((notice: StorageNotice) => void)|null} */
let listener = null;
/** @type {StorageNotice[]} notices from before anyone listened */
const early = [];

/** Be told about the database's notices (those from before the call too). @param {(notice: StorageNotice) => void} fn */
export function onStorageNotice(fn) {
  listener = fn;
  for (const notice of early.splice(0)) fn(notice);
}

/** @param {StorageNotice} notice */
function notify(notice) {
  if (listener) listener(notice);
  else early.push(notice);
}

export const UPDATED_ELSEWHERE = "Parlour was updated in another tab, so this tab no longer saves games "
  + "(every game saved so far is safe). Reload this tab to use the new version.";
export const CLOSE_OTHER_TABS = "Saved games are waiting for an older Parlour in another tab: "
  + "close Parlour's other tabs (they save as they go, nothing is lost) so this one can open them.";

/** Why the database cannot be used in this tab any more (set on versionchange). @type {string|null} */
let closedFor = null;
/** Whether the open is waiting for other tabs to let go. */
let blockedNow = false;
/** Writes waiting for the open; they give up when it is blocked. @type {Set<() => void>} */
const blockWatchers = new Set();
/** @type {Promise<IDBDatabase>|null} */
let opening = null;

/**
 * A save refused because the browser's storage for Parlour is full
 * (QuotaExceededError on the request or the transaction's abort): a table tells
 * it apart from other failures to offer what helps (export, freeing room).
 */
export class StorageFullError extends Error {
  name = "StorageFullError";
}

/** A person-readable reason for a failed open, request or transaction. @param {any} err @param {string} doing */
function explain(err, doing) {
  const name = err && err.name;
  if (name === "QuotaExceededError") return new StorageFullError(`The device's storage is full, so Parlour could not ${doing}. Deleting old saved games frees room.`);
  if (name === "VersionError") {
    return new Error("Saved games were written by a newer version of Parlour, open in another tab: "
      + "use that tab, or close every Parlour tab and open Parlour again to update this one.");
  }
  if (name === "InvalidStateError" && closedFor) return new Error(closedFor);
  const detail = err && err.message ? err.message : String(err || "unknown error");
  return new Error(`Parlour could not ${doing} (${detail}).`);
}

/** @returns {Promise<IDBDatabase>} */
function db() {
  if (closedFor) return Promise.reject(new Error(closedFor));
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      let blocked = false;
      /** @type {IDBOpenDBRequest} */
      let request;
      try {
        request = indexedDB.open(DB_NAME, DB_VERSION);
      } catch (err) {
        opening = null;
        reject(explain(err, "open its saved games"));
        return;
      }
      request.onupgradeneeded = () => {
        const database = request.result;
        if (!database.objectStoreNames.contains(STORE)) {
          const store = database.createObjectStore(STORE, { keyPath: "id" });
          store.createIndex("updated", "updated");
        }
      };
      // An older Parlour in another tab keeps the database open at its version and did not close it.
      request.onblocked = () => {
        blocked = true;
        blockedNow = true;
        for (const giveUp of [...blockWatchers]) giveUp();
        notify({ kind: "blocked", message: CLOSE_OTHER_TABS });
      };
      request.onsuccess = () => {
        const database = request.result;
        blockedNow = false;
        if (blocked) notify({ kind: "unblocked", message: "" });
        // A newer Parlour in another tab wants to upgrade: let it, and stop saving here.
        database.onversionchange = (event) => {
          database.close();
          opening = null;
          if (event.newVersion === null) return; // deleted (site data cleared): a fresh one opens next time
          closedFor = UPDATED_ELSEWHERE;
          notify({ kind: "versionchange", message: UPDATED_ELSEWHERE });
        };
        // Closed by the browser (storage cleared, disk error): open afresh next time.
        database.onclose = () => { opening = null; };
        resolve(database);
      };
      request.onerror = (event) => {
        event.preventDefault();
        opening = null;
        blockedNow = false;
        if (blocked) notify({ kind: "unblocked", message: "" });
        reject(explain(request.error, "open its saved games"));
      };
    });
  }
  return opening;
}

/**
 * The database for a write: a write does not wait while other tabs block the
 * open (a table awaits its save), it fails with the reason; the next write,
 * after every move, saves the whole game anyway.
 * @returns {Promise<IDBDatabase>}
 */
function dbForWrite() {
  const pending = db();
  if (blockedNow) return Promise.reject(new Error(CLOSE_OTHER_TABS));
  return new Promise((resolve, reject) => {
    const giveUp = () => { blockWatchers.delete(giveUp); reject(new Error(CLOSE_OTHER_TABS)); };
    blockWatchers.add(giveUp);
    pending.then(
      (database) => { blockWatchers.delete(giveUp); resolve(database); },
      (err) => { blockWatchers.delete(giveUp); reject(err); },
    );
  });
}

/**
 * Run one request in a transaction and resolve when the transaction is durable.
 * Every failure rejects with an Error a person can read.
 * @template T
 * @param {IDBTransactionMode} mode @param {(store: IDBObjectStore) => IDBRequest<T>} body
 * @returns {Promise<T>}
 */
async function run(mode, body) {
  const doing = mode === "readwrite" ? "save to its saved games" : "read its saved games";
  const database = await (mode === "readwrite" ? dbForWrite() : db());
  /** @type {IDBTransaction} */
  let tx;
  /** @type {IDBRequest<T>} */
  let request;
  try {
    tx = database.transaction(STORE, mode);
    request = body(tx.objectStore(STORE));
  } catch (err) {
    throw explain(err, doing);
  }
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(explain(request.error || tx.error, doing));
    tx.onabort = () => reject(explain(tx.error || request.error || new Error("the transaction was aborted"), doing));
  });
}

/** A fresh id for a saved game. */
export function newGameId() {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return "g" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {SavedGame} record */
export async function saveGame(record) {
  await run("readwrite", (store) => store.put(record));
  void askToKeepSavedGames(); // once a page: now there is a game worth keeping
}

/** @returns {Promise<SavedGame[]>} newest first */
export async function listGames() {
  /** @type {SavedGame[]} */
  const all = await run("readonly", (store) => store.getAll());
  all.sort((a, b) => b.updated - a.updated);
  const stale = all.filter((g) => g.result).slice(KEEP_FINISHED);
  for (const game of stale) {
    try {
      await deleteGame(game.id);
    } catch {
      break; // tidying can wait for the next visit
    }
  }
  return all.filter((g) => !stale.includes(g));
}

/** @param {string} id @returns {Promise<SavedGame|undefined>} */
export async function loadGame(id) {
  return run("readonly", (store) => store.get(id));
}

/** @param {string} id */
export async function deleteGame(id) {
  await run("readwrite", (store) => store.delete(id));
}
