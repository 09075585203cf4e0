// @ts-check
/**
 * The table code: a short code every screen at a network table shows, which
 * the people compare with each other (aloud, by message) to learn that they
 * all play the same game.
 *
 * Why: the table is a star.  Guests hear about each other only through the
 * host, so a dishonest host could show each guest a ghost of the others (keys
 * of its own) and run a separate game for each; every guest's own check would
 * pass.  The people are the one channel between guests the host does not
 * control.  The code is SHA-256 over everything that fixes the game and who
 * plays it, in the canonical spelling: the table, game, options, seating and
 * bot level, the host's key, every seat's key now, and the whole deal (the
 * commitment to the host's secret, every signed seal and every guest's bytes).
 * The guests' bytes come after every key and seal is fixed, so a host that
 * forks the table cannot grind ghost keys until two codes agree: each fork's
 * code is out of its hands until the guest of that fork reveals its bytes.
 * A later key change (a new player invite) is shown to everyone and gives a
 * new code.
 *
 * 40 bits (8 characters of Crockford's base32, no I, L, O or U), read aloud
 * as two groups of four.  The ledger code is the same over the host's whole
 * signed end-of-game record (`fair`), which every guest can compare at the end.
 */
import { canonical, sha256 } from "./bytes.js";

/** Crockford's base32: no I, L, O or U, so no two characters sound or look alike. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Characters of a code: 40 bits. */
const LENGTH = 8;

/** The sentence that goes with every code on screen. */
export const COMPARE_LINE = "Compare this code with the other players: if yours match, you are all playing the same game.";

/**
 * The facts of the table a code covers, as the welcome states them.
 * @typedef {{table: string, game: string, options: any, seating: any[], fallback: string, host_key: string}} TableFacts
 * @typedef {{commitment: string, seals: Record<string, {hash: string, sig: string, key: string}>, bytes: Record<string, string>}} DealRecord
 */

/** 8 characters from the first 40 bits of `digest`, as "XXXX-XXXX". @param {Uint8Array} digest */
export function spell(digest) {
  let value = 0n;
  for (let i = 0; i < 5; i++) value = (value << 8n) | BigInt(digest[i]);
  let out = "";
  for (let i = LENGTH - 1; i >= 0; i--) out += ALPHABET[Number((value >> BigInt(5 * i)) & 31n)];
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

/**
 * What the table code hashes (exported for the tests and the record).
 * @param {TableFacts} facts @param {DealRecord} deal @param {(string|null)[]} keys every seat's key now (null: the host's or a bot's)
 */
export function codeInput(facts, deal, keys) {
  return {
    v: 1, table: facts.table, game: facts.game, options: facts.options ?? {}, seating: facts.seating, fallback: facts.fallback,
    host_key: facts.host_key, commitment: deal.commitment, seals: deal.seals, bytes: deal.bytes, keys,
  };
}

/**
 * The table code.
 * @param {TableFacts} facts @param {DealRecord} deal @param {(string|null)[]} keys
 * @returns {Promise<string>}
 */
export async function tableCode(facts, deal, keys) {
  return spell(await sha256(canonical(codeInput(facts, deal, keys))));
}

/**
 * The code of the host's whole signed record at the end (its `fair` message, without the link's own fields).
 * @param {Record<string, any>} fair @returns {Promise<string>}
 */
export async function ledgerCode(fair) {
  const { t: _t, n: _n, ...ledger } = fair;
  return spell(await sha256(canonical({ v: 1, ledger })));
}
