// @ts-check
/**
 * The lobby's last setup (game, player count, seats, names, options), kept in
 * localStorage so that a reload or the next visit starts from it instead of
 * the defaults.  This file only reads and writes the plain object; the lobby
 * (js/ui/lobby.js) checks it against the games it has, since a stored setup
 * may come from an older Parlour or be edited by hand.
 */

const KEY = "parlour.lobby";
/** Longer text is not a setup of ours: it is dropped unread. */
const MAX_CHARS = 10_000;

/**
 * @typedef {{game?: unknown, players?: unknown, seats?: unknown, options?: unknown, mail?: unknown}} RememberedSetup
 *   anything may be missing or of the wrong kind: the lobby checks every field
 */

/** The setup the lobby last showed, or null (none stored, storage refused, or not readable). @returns {RememberedSetup|null} */
export function loadLobbySetup() {
  try {
    const text = localStorage.getItem(KEY);
    if (!text || text.length > MAX_CHARS) return null;
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null; // storage switched off, or not JSON: the defaults will do
  }
}

/**
 * Keep the lobby's setup for the next load; a refusal (private mode, full
 * storage) only means the next visit starts from the defaults.
 * @param {{game: string, players: number, seats: {kind: string, name: string, level?: string}[], options: Record<string, any>, mail?: boolean}} setup
 */
export function saveLobbySetup(setup) {
  try {
    localStorage.setItem(KEY, JSON.stringify(setup));
  } catch {
    // nothing to lose: this is a convenience
  }
}
