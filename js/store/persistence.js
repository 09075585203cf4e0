// @ts-check
/**
 * Whether the browser keeps Parlour's saved games for good.  By default a
 * site's storage is "best effort": the browser may clear it when the device
 * runs short of space.  `navigator.storage.persist()` asks for it to be kept.
 *
 * We ask once a page, when a game is first saved (games-db.js calls
 * askToKeepSavedGames after a successful save), never on load: Firefox puts
 * the question to the person, and it only makes sense once there is a game to
 * keep.  Chromium and Safari answer by themselves (from how much the site is
 * used, whether it is installed or bookmarked).  A browser that already said
 * no (permission "denied") is not asked again.  The lobby's saved-games list
 * shows the outcome with storageState().
 */

/**
 * What the saved-games list says about storage: `api` false where the browser
 * has no Storage API (nothing can be asked or known); `persisted` null where
 * it could not be read; usage and quota in bytes, null where not told.
 * @typedef {{api: boolean, persisted: boolean|null, usage: number|null, quota: number|null}} StorageState
 */

/** @type {Promise<boolean|null>|null} the answer of this page's one request */
let request = null;

/** @returns {StorageManager|null} the browser's storage manager, when it has persist() and persisted() */
function manager() {
  const storage = typeof navigator !== "undefined" ? navigator.storage : undefined;
  if (!storage || typeof storage.persist !== "function" || typeof storage.persisted !== "function") return null;
  return storage;
}

/** Whether the person or the browser has already refused (then asking again would only nag). */
async function refusedBefore() {
  try {
    const status = await navigator.permissions.query(/** @type {any} */ ({ name: "persistent-storage" }));
    return status.state === "denied";
  } catch {
    return false; // no Permissions API, or it does not know this permission (Safari): just ask
  }
}

/**
 * Ask, once a page, for saved games to be kept even when space runs low.
 * Resolves to the answer (null where the browser cannot be asked); never rejects.
 * @returns {Promise<boolean|null>}
 */
export function askToKeepSavedGames() {
  if (request) return request;
  const storage = manager();
  if (!storage) {
    request = Promise.resolve(null);
    return request;
  }
  request = (async () => {
    try {
      if (await storage.persisted()) return true;
      if (await refusedBefore()) return false;
      return await storage.persist();
    } catch {
      return null;
    }
  })();
  return request;
}

/** Where saved games stand now (asks nothing of the person). @returns {Promise<StorageState>} */
export async function storageState() {
  const storage = manager();
  /** @type {StorageState} */
  const state = { api: storage !== null, persisted: null, usage: null, quota: null };
  if (storage) {
    try { state.persisted = await storage.persisted(); } catch { /* unknown: said as such */ }
  }
  const estimate = typeof navigator !== "undefined" ? navigator.storage?.estimate : undefined;
  if (typeof estimate === "function") {
    try {
      const told = await navigator.storage.estimate();
      state.usage = typeof told.usage === "number" ? told.usage : null;
      state.quota = typeof told.quota === "number" ? told.quota : null;
    } catch { /* no estimate: the list says nothing about size */ }
  }
  return state;
}

const UNITS = ["bytes", "kB", "MB", "GB", "TB"];
const STEP = 1000;

/** "21 MB", "10.7 GB": sizes as people read them (decimal units, as browsers' settings show them). @param {number} bytes */
export function formatBytes(bytes) {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}
