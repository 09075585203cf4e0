// @ts-check
/**
 * What a network table keeps across reloads (small JSON records): the host's table (secret, seats, tokens,
 * action log, round) under host.<id>, each guest's record (seat, keys, the hashes of the views it was sent,
 * the commitments it saw) under guest.<id>, a guest's side of a table played by links under
 * mail.<table>.<seat>, and which table an invite led to.  A reloaded host restores from its copy; a
 * reloaded guest keeps its record so the fairness check at the end still covers the whole game.
 *
 * Where they are kept is js/net/record-db.js: IndexedDB, read through a mirror loaded once when the page
 * starts (`openNetworkStore`, which the page awaits before anything reads), so every call here stays
 * synchronous; localStorage (under parlour.p2p.) where IndexedDB is missing or refused.  This file is the
 * policy: what each record is, how long it is kept, what goes when the storage is full.
 *
 * Both kinds carry `updated` (when last written).  Stale records are pruned
 * when the page starts (policy below and in docs/p2p.md), and again, oldest
 * first, when a write finds the storage full.  A write that still fails says
 * so once per kind of failure (a notice, which the page shows as a toast);
 * play goes on from what is in memory.  With localStorage a write knows at
 * once and returns false; with IndexedDB the refusal comes a moment later
 * (the write returns true: this page's copy has it) and makes room the same
 * way.  This file draws nothing: the page subscribes with `onNetworkStoreNotice`.
 */
import { getRecord, onOtherTabs, openRecords, putRecord, recordKeys, recordsBackend, recordsSettled,
  reloadRecords, removeRecord, retryRecord } from "./record-db.js";

const DAY = 24 * 60 * 60 * 1000;

/** The pruning policy (docs/p2p.md, "Saved copies"). */
export const POLICY = Object.freeze({
  /** A finished hosted table is no longer read (a reload does not restore it; the lobby's saved game replays it). */
  finishedHostDays: 1,
  /** A hosted table or guest record not written for this long is dropped. */
  maxAgeDays: 30,
  /** At most this many hosted tables, and this many guest records, are kept (the least recently written go). */
  keepHosted: 20,
  keepGuests: 20,
  /** When the storage is full, records written within this time (and the one being written) are never pruned. */
  spareHours: 1,
});

/** @param {string} key @returns {any} */
function read(key) {
  const text = getRecord(key);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** @param {string} key */
const remove = (key) => removeRecord(key);

/** Failures already told to the person on this page, by kind ("full:host", "off:guest", …). */
const told = new Set();

/** @typedef {{message: string, kind: "error"|"info"}} NetworkStoreNotice */
/** @type {((notice: NetworkStoreNotice) => void)|null} */
let listener = null;
/** @type {NetworkStoreNotice[]} notices from before anyone listened (the start-of-page clean-up) */
const early = [];

/** Be told what the person should know about these copies (those from before the call too). @param {(notice: NetworkStoreNotice) => void} fn */
export function onNetworkStoreNotice(fn) {
  listener = fn;
  for (const notice of early.splice(0)) fn(notice);
}

/** @param {string} message @param {"error"|"info"} [kind] */
function notify(message, kind = "error") {
  const notice = { message, kind };
  if (listener) listener(notice);
  else early.push(notice);
}

/** @param {"full"|"off"} reason @param {string} key */
function tell(reason, key) {
  const what = key.startsWith("host.") ? "host" : "guest";
  const kind = `${reason}:${what}`;
  if (told.has(kind)) return;
  told.add(kind);
  const why = reason === "full" ? "This browser's storage for Parlour is full" : "This browser does not let Parlour store anything";
  notify(what === "host"
    ? `${why}: this hosted table can no longer be kept here. Play goes on, but reloading this page would not restore the table.`
      + (reason === "full" ? " Deleting old hosted games from the saved games in the lobby frees room." : "")
    : `${why}: your record of this table can no longer be kept here. Play goes on, but after a reload `
      + "the fairness check at the end may not cover the whole game.");
}

/**
 * Hosted tables still in play were removed: their "Resume hosting" can no
 * longer restore them, so say so (once a page).
 * @param {number} count @param {"old"|"room"} why
 */
function tellPrunedHosts(count, why) {
  if (!count || told.has("pruned:host")) return;
  told.add("pruned:host");
  const which = count === 1 ? "A hosted table" : `${count} hosted tables`;
  notify(why === "old"
    ? `${which} not played for ${POLICY.maxAgeDays} days (or beyond the ${POLICY.keepHosted} most recent) `
      + `${count === 1 ? "was" : "were"} removed from this browser and can no longer be resumed for other devices; `
      + `the lobby's saved games can still export ${count === 1 ? "its record" : "their records"}.`
    : `${which} not played lately ${count === 1 ? "was" : "were"} removed from this browser to make room `
      + `and can no longer be resumed for other devices; the lobby's saved games can still export ${count === 1 ? "its record" : "their records"}.`,
  "info");
}

/**
 * Write one record; on a full storage prune the oldest stale records one by one
 * (never `key` itself) and try again.  Says so once per kind of failure.
 * @param {string} key @param {any} value @returns {boolean} whether it is stored (or, with IndexedDB, on its way)
 */
function write(key, value) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    console.warn("Parlour could not store", key, err);
    tell("off", key);
    return false;
  }
  const first = putRecord(key, text);
  if (first === "stored" || first === "pending") return true;
  if (first === "off") {
    console.warn("Parlour could not store", key);
    tell("off", key);
    return false;
  }
  let hostsInPlay = 0;
  for (const victim of pressureCandidates(key)) {
    if (remove(victim.key) && victim.kind === "host" && !victim.done) hostsInPlay++;
    const again = putRecord(key, text);
    if (again === "stored") return relieved(key, hostsInPlay, true);
    if (again !== "full") break;
  }
  return relieved(key, hostsInPlay, false);
}

/** After room was made for `key` (or not): links left dangling go, and the person is told what went. */
function relieved(/** @type {string} */ key, /** @type {number} */ hostsInPlay, /** @type {boolean} */ stored) {
  removeDangling();
  tellPrunedHosts(hostsInPlay, "room");
  if (!stored) tell("full", key);
  return stored;
}

/**
 * IndexedDB refused a write a moment after it was made: when full, make room as `write` does (one stale
 * record at a time, writing the record again after each), else say it is not kept.
 * @param {string} key @param {"full"|"off"} reason
 */
async function refusedLater(key, reason) {
  if (reason === "off") {
    tell("off", key);
    return;
  }
  let hostsInPlay = 0;
  for (const victim of pressureCandidates(key)) {
    if (remove(victim.key) && victim.kind === "host" && !victim.done) hostsInPlay++;
    const again = await retryRecord(key);
    if (again === "stored") {
      relieved(key, hostsInPlay, true);
      return;
    }
    if (again !== "full") break;
  }
  relieved(key, hostsInPlay, false);
}

/**
 * Every hosted table and guest record: key (without the prefix), kind, last write, finished.
 * @returns {{key: string, kind: "host"|"guest"|"mail", updated: number, done: boolean}[]}
 */
function records() {
  const found = [];
  for (const key of recordKeys()) {
    const kind = key.startsWith("host.") ? "host" : key.startsWith("guest.") && key !== "guest.last" ? "guest"
      : key.startsWith("mail.") ? "mail" : null;
    if (!kind) continue;
    const value = read(key);
    if (!value || typeof value !== "object") {
      found.push({ key, kind, updated: 0, done: true }); // unreadable: nothing can use it
      continue;
    }
    found.push({ key, kind, updated: Number(value.updated) || 0, done: kind === "guest" ? value.result != null : !!value.over });
  }
  return found;
}

/**
 * What may go when the storage is full, in order: finished records, then the
 * least recently written; never `keep`, nor anything but a finished hosted
 * table written in the last hour.
 * @param {string} keep
 */
function pressureCandidates(keep) {
  const now = Date.now();
  return records()
    .filter((r) => r.key !== keep && ((r.kind === "host" && r.done) || now - r.updated > POLICY.spareHours * 3600_000))
    .sort((a, b) => Number(b.done) - Number(a.done) || a.updated - b.updated);
}

/** Invite links and "last table" entries that point at a guest record no longer kept. */
function removeDangling() {
  const keys = new Set(recordKeys());
  const has = (/** @type {any} */ table) => typeof table === "string" && keys.has(`guest.${table}`);
  for (const key of keys) {
    if (!key.startsWith("invite.") && key !== "guest.last") continue;
    if (!has(read(key))) remove(key);
  }
}

/**
 * The start-of-page clean-up: finished hosted tables older than a day, any
 * record not written for 30 days, and all but the 20 most recently written of
 * each kind go; links to guest records no longer kept go with them.  Records
 * from before `updated` was kept are dated now.  Returns the keys removed.
 * @param {number} [now]
 * @returns {string[]}
 */
export function pruneStale(now = Date.now()) {
  const removed = [];
  let hostsInPlay = 0;
  const all = records();
  for (const r of all) {
    if (r.updated) continue;
    const value = read(r.key);
    if (value && typeof value === "object") {
      r.updated = now;
      putRecord(r.key, JSON.stringify({ ...value, updated: now })); // refused (full): dated next time
    }
  }
  const keepCount = { host: POLICY.keepHosted, guest: POLICY.keepGuests, mail: POLICY.keepGuests };
  for (const kind of /** @type {const} */ (["host", "guest", "mail"])) {
    const mine = all.filter((r) => r.kind === kind).sort((a, b) => b.updated - a.updated);
    mine.forEach((r, i) => {
      const age = now - r.updated;
      const stale = !r.updated || age > POLICY.maxAgeDays * DAY || i >= keepCount[kind]
        || (kind === "host" && r.done && age > POLICY.finishedHostDays * DAY);
      if (stale && remove(r.key)) {
        removed.push(r.key);
        if (kind === "host" && !r.done) hostsInPlay++;
      }
    });
  }
  removeDangling();
  tellPrunedHosts(hostsInPlay, "old");
  return removed;
}

/** @param {string} id */
export const loadHosted = (id) => read(`host.${id}`);
/** @param {string} id @param {any} record @returns {boolean} false when the table could not be kept */
export const saveHosted = (id, record) => write(`host.${id}`, { ...record, updated: Date.now() });
/** @param {string} id */
export const forgetHosted = (id) => remove(`host.${id}`);

/** @param {string} table */
export const loadGuest = (table) => read(`guest.${table}`);
/** @param {string} table @param {any} record @returns {boolean} false when the record could not be kept */
export const saveGuest = (table, record) => write(`guest.${table}`, { ...record, updated: Date.now() });

/**
 * A guest's side of a table played by sending links (js/tables/mail-guest.js): its link's keys and mailbox, the
 * protocol's link state, the welcome and the last event (the table is drawn from them between two links).
 * @param {string} table @param {number} seat
 */
export const loadMail = (table, seat) => read(`mail.${table}.${seat}`);
/** @param {string} table @param {number} seat @param {any} record @returns {boolean} */
export const saveMail = (table, seat, record) => write(`mail.${table}.${seat}`, { ...record, updated: Date.now() });

/** Every table this browser plays by links, as a guest (the lobby lists them). @returns {any[]} */
export function listMail() {
  return records().filter((r) => r.kind === "mail").map((r) => read(r.key)).filter((v) => v && typeof v === "object");
}

/** Every hosted table, read (the lobby lists those played by links). @returns {any[]} */
export function listHosted() {
  return records().filter((r) => r.kind === "host").map((r) => read(r.key)).filter((v) => v && typeof v === "object");
}

/** Which table an invite code led to (so a reload with the same link finds its record). @param {string} code */
export const tableForInvite = (code) => read(`invite.${code.slice(0, 40)}`);
/** @param {string} code @param {string} table @returns {boolean} */
export const rememberInvite = (code, table) => write(`invite.${code.slice(0, 40)}`, table);

/** The table this browser last joined as a guest (sent in hello so a rejoin keeps its seat and record). */
export const lastGuestTable = () => read("guest.last");
/** @param {string} table @returns {boolean} */
export const setLastGuestTable = (table) => write("guest.last", table);

/**
 * Load the records (js/net/record-db.js: IndexedDB into this page's mirror, records an older Parlour left in
 * localStorage moved in), then tidy them.  The page awaits it once, before anything here is read; it never
 * fails (without IndexedDB, localStorage answers).  @returns {Promise<void>}
 */
export function openNetworkStore() {
  started ??= openRecords({ refused: (key, reason) => { void refusedLater(key, reason); } }).then(() => {
    try {
      pruneStale();
    } catch (err) {
      console.warn("Parlour could not tidy its network records", err);
    }
  });
  return started;
}
/** @type {Promise<void>|null} */
let started = null;

/**
 * Read the records again from where they are kept: a tab that took a table over from another tab reads what
 * that tab wrote last (js/tables/table-elsewhere.js).  @returns {Promise<void>}
 */
export const refreshNetworkStore = () => reloadRecords();

/** Be told when another tab changed these records (the lobby's list follows). @param {() => void} fn @returns {() => void} stop */
export const onNetworkStoreChange = (fn) => onOtherTabs(() => fn());

/** Where the records are kept ("indexeddb" or "localStorage"), and a promise of every write so far being committed (tests). */
export const networkStoreState = () => ({ backend: recordsBackend(), settled: recordsSettled() });
