// @ts-check
/**
 * The seats' names as a network table shows them: a seat a bot plays says so ("Robo (bot)"), as at a table
 * on this device (js/common/dom.js `seatName`), so a guest can tell a person it waits for from a bot.  Only
 * what is drawn: the names the protocol sends, signs and hashes (the welcome, every event, the records) stay
 * as the players gave them.  Who plays a seat is its kind now ("human", "bot" or "remote"): a guest's seat
 * handed to a bot reads "(bot)" until its player takes it back.
 */
import { seatName } from "../common/dom.js";

/** The kinds a seat may have at a network table. */
const KINDS = ["human", "bot", "remote"];

/**
 * Fill `shown` in place (the screen, its move log, its board and look-back keep it by reference).
 * @param {string[]} shown @param {string[]} names @param {(string|undefined)[]} kinds per seat
 * @returns {string[]} `shown`
 */
export function showNames(shown, names, kinds) {
  shown.splice(0, shown.length, ...names.map((name, i) => seatName({ kind: String(kinds[i] ?? ""), name: String(name) })));
  return shown;
}

/**
 * Who plays each seat, as a host's message says it: its `kinds` (who holds each seat now) when well formed,
 * else the fixed seating of the welcome (`fallback`).  For display only: the protocol checks the kinds itself.
 * @param {any} m a welcome or an event @param {string[]} fallback
 * @returns {string[]}
 */
export function kindsOf(m, fallback) {
  const kinds = m?.kinds;
  if (Array.isArray(kinds) && kinds.length === fallback.length && kinds.every((k) => KINDS.includes(k))) return kinds.map(String);
  return fallback;
}
