// @ts-check
/**
 * The games that have a board, by id, without loading any board: the lobby
 * needs only this list, and the boards load when a table opens.
 * js/games/index.js maps each id to its renderer.
 */
export const BOARD_IDS = ["kings-progress", "kings-cottage", "castles", "one-six-nine", "mansion"];

/** @param {string} id */
export function hasBoard(id) {
  return BOARD_IDS.includes(id);
}
