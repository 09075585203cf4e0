// @ts-check
/**
 * A number with its noun in the right number ("1 veto", "2 vetoes", "0 moves"),
 * for every count the page shows, so that no screen says "1 vetoes".  The
 * engine words its own counts the same way (py/parlour/wording.py).
 */

/**
 * @param {number} n @param {string} one the noun for one @param {string} [many] the noun for any other number (one + "s")
 * @returns {string}
 */
export function count(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
