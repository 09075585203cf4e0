// @ts-check
/**
 * A correspondence link's primer: what a seat is shown over a seeded game of random moves of the table's title,
 * options and player count (py/parlour/link_primer.py), which both devices work out with their own engine and
 * put in the host's links' compression dictionary (js/net/mail-codec.js).
 *
 * Why: the link that starts the game, and the first of each phase, carry legal moves, forms and a view with
 * nothing earlier to be the change from; but most of that (Mansion's catalogue of plans and its trade forms'
 * labels, King's Cottage's 231 stakes, the board's layout) is the same in every game of the title.  Made from
 * the welcome message (game, options, players, seat) both ends hold, by engines that replay byte for byte, the
 * primer is the same text on both devices without ever being sent; a device on another version of Parlour may
 * make another one, and its link then does not unpack ("damaged"), as a link of another format would not.
 */
import { canonical } from "./canonical.js";

/** @type {Map<string, Promise<string>>} one per title, options, player count and seat, for the page's life */
const made = new Map();

/**
 * The primer for a welcome's seat, or "" when the welcome names none (a spectator's).
 * @param {{call: (op: string, args: any) => Promise<any>}} engine
 * @param {{game?: any, players?: any, options?: any, seat?: any}} welcome
 * @returns {Promise<string>}
 */
export function linkPrimer(engine, welcome) {
  const { game, players, options, seat } = welcome ?? {};
  if (typeof game !== "string" || !Number.isSafeInteger(players) || !Number.isSafeInteger(seat)) return Promise.resolve("");
  const key = canonical({ game, players, options: options ?? {}, seat });
  let primer = made.get(key);
  if (!primer) {
    primer = makePrimer(engine, game, players, options ?? {}, seat);
    made.set(key, primer);
    primer.catch(() => made.delete(key)); // a failed engine call is tried again by the next link
  }
  return primer;
}

/**
 * @param {{call: (op: string, args: any) => Promise<any>}} engine @param {string} game @param {number} players
 * @param {any} options @param {number} seat
 */
async function makePrimer(engine, game, players, options, seat) {
  const { primer } = await engine.call("link_primer", { game, players, options, seat });
  return String(primer);
}
