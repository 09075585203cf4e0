// @ts-check
/**
 * What the app shell and the lobby's list say to a guest's end checks, and hear
 * from them, without loading them (js/tables/recheck-service.js and the
 * network code it needs load with the first network table, or at start when a
 * saved game's check is unfinished): whether the page's own engine is free,
 * which checks run in this tab (so deleting a game stops its check), and each
 * change to a checked game's verdict.
 */

/** @typedef {import("../store/games-db.js").SavedGame} SavedGame */

/** Whether nothing of the page needs its engine now (the lobby shows); js/main.js says so. */
let engineFree = false;
/** @type {Set<(free: boolean) => void>} */
const engineWatchers = new Set();

/** The page's engine is free (true: the lobby shows) or needed (false: a table opens). @param {boolean} free */
export function pageEngineFree(free) {
  engineFree = free;
  for (const fn of engineWatchers) fn(free);
}

/** Be told now and at every change whether the page's engine is free. @param {(free: boolean) => void} fn */
export function watchPageEngine(fn) {
  engineWatchers.add(fn);
  fn(engineFree);
}

/** @type {Set<(game: SavedGame) => void>} */
const listeners = new Set();

/**
 * Hear of every change to a guest's saved game while its check runs (the lobby's list redraws its line).
 * @param {(game: SavedGame) => void} fn @returns {() => void} stops listening
 */
export function onEndCheck(fn) {
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}

/** A checked game changed (its verdict, its progress). @param {SavedGame} game */
export function tellEndCheck(game) {
  for (const fn of listeners) fn(game);
}

/** @type {Map<string, () => void>} how to stop each check running in this tab, by table */
const stoppers = new Map();

/**
 * A check runs in this tab until the returned function is called.
 * @param {string} table @param {() => void} stop @returns {() => void}
 */
export function checkRunning(table, stop) {
  stoppers.set(table, stop);
  return () => {
    if (stoppers.get(table) === stop) stoppers.delete(table);
  };
}

/**
 * The person deleted a guest's saved game: its check, if it runs in this tab, stops (no more searches, nothing
 * written back, so the game stays deleted).
 * @param {string} table
 */
export function stopCheck(table) {
  stoppers.get(table)?.();
}

/** Whether a saved game is a guest's whose check has not finished (a reload, or the tab closed, stopped it). @param {SavedGame} g */
export function checkUnfinished(g) {
  return !!g.guest && g.verdict?.kind === "checking";
}
