// @ts-check
/**
 * Games in progress (and lately finished), kept in IndexedDB so a closed tab
 * loses nothing.  A saved game is a record (see docs/records.md) plus an id and
 * timestamps: the engine is deterministic, so seed, options, seats and the
 * action log rebuild the exact position.
 */

const DB_NAME = "parlour";
const STORE = "games";
const DB_VERSION = 1;
/** Finished games kept for the lobby's "recent" list; older ones are dropped. */
const KEEP_FINISHED = 20;

/**
 * @typedef {{kind: string, name: string}} Seat
 * @typedef {{id: string, game: string, title?: string, options: Record<string, any>, seed: number|string,
 *   seats: Seat[], actions: {seat: number|null, action: any}[], result: any, created: number, updated: number,
 *   host?: any}} SavedGame
 */

/** @type {Promise<IDBDatabase>|null} */
let opening = null;

/** @returns {Promise<IDBDatabase>} */
function db() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: "id" });
        store.createIndex("updated", "updated");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => { opening = null; reject(request.error); };
    });
  }
  return opening;
}

/**
 * Run one request in a transaction and resolve when the transaction is durable.
 * @template T
 * @param {IDBTransactionMode} mode @param {(store: IDBObjectStore) => IDBRequest<T>} body
 * @returns {Promise<T>}
 */
async function run(mode, body) {
  const tx = (await db()).transaction(STORE, mode);
  const request = body(tx.objectStore(STORE));
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("The save was aborted."));
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
}

/** @returns {Promise<SavedGame[]>} newest first */
export async function listGames() {
  /** @type {SavedGame[]} */
  const all = await run("readonly", (store) => store.getAll());
  all.sort((a, b) => b.updated - a.updated);
  const stale = all.filter((g) => g.result).slice(KEEP_FINISHED);
  for (const game of stale) await deleteGame(game.id);
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
