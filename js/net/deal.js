// @ts-check
/**
 * The deal: how the seed is made so that nobody, the host included, chooses it.
 *
 * 1. The host draws a 32-byte secret and sends SHA-256(secret) in every
 *    `welcome`, before any guest has sent anything about its own bytes.
 * 2. Each guest on a seat draws 32 random bytes and first sends only their
 *    hash (`seal`).  Only guests' seats take part: bytes listed for the host's
 *    own seats or its bots would let the host grind the seed.
 * 3. When every guest's seal is in, the host announces the list of seals
 *    (`deal.reveal` in the waiting event); each guest records that list and
 *    sends its bytes (`unseal`), which must hash to its seal.
 * 4. The seed is SHA-256(secret ‖ bytes of each guest seat in seat order).
 * At the end every guest checks the secret against its commitment and every
 * guest's bytes against the seals it recorded (parlour.trust.fairness).
 * A guest that sealed and never reveals would keep the table from starting:
 * the host may then hand its seat to a bot, which makes the deal again from
 * scratch (a new secret, a new commitment, fresh bytes from every guest;
 * `round` counts the deals).  Nothing from a void deal counts, so its bytes
 * help nobody grind the seed.  Nothing here knows any game.
 */
import { concat, fromB64url, sha256Hex } from "./bytes.js";

/** The seed from the host's secret and the guests' bytes (seat order; null for seats without). @param {Uint8Array} secret @param {(Uint8Array|null)[]} entropy */
export function deriveSeed(secret, entropy) {
  return sha256Hex(concat(secret, ...entropy.filter((e) => e !== null)));
}

/** The host's side of the deal. */
export class Deal {
  /**
   * @param {number[]} seats the guests' seats, in seat order
   * @param {string} commitment SHA-256 of the host's secret for this deal
   * @param {number} [round] how many times the deal was made again (a guest sealed and never revealed)
   */
  constructor(seats, commitment = "", round = 0) {
    this.commitment = commitment;
    this.round = round;
    this.seats = [...seats].sort((a, b) => a - b);
    /** @type {Map<number, string>} seat -> SHA-256 of its bytes */
    this.seals = new Map();
    /** @type {Map<number, string>} seat -> its bytes (base64url) */
    this.bytes = new Map();
    /** @type {Map<number, string>} seat -> the guest's signature over its seal (listed at the end) */
    this.sigs = new Map();
    /** @type {number[]} seats handed to a bot before the list of seals was final (listed at the end) */
    this.dropped = [];
  }

  /** Once every seal is in the list is final: nobody may join, leave or reseal. */
  revealing() {
    return this.seats.length > 0 && this.seats.every((s) => this.seals.has(s));
  }

  complete() {
    return this.seats.every((s) => this.bytes.has(s));
  }

  /** @param {number} seat @param {string} hash @param {string} [sig] @returns {string|null} why it is refused */
  seal(seat, hash, sig) {
    if (!this.seats.includes(seat)) return "Your seat does not take part in the deal.";
    if (this.revealing()) {
      return this.seals.get(seat) === hash ? null : "Every seal is in: your random bytes can no longer change.";
    }
    this.seals.set(seat, hash);
    if (sig) this.sigs.set(seat, sig);
    return null;
  }

  /** Every seal with its signature, as listed at the end. @returns {Record<string, {hash: string, sig: string|null}>} */
  signedSeals() {
    return Object.fromEntries([...this.seals].map(([s, hash]) => [String(s), { hash, sig: this.sigs.get(s) ?? null }]));
  }

  /** @param {number} seat @param {string} b64 @returns {Promise<string|null>} */
  async unseal(seat, b64) {
    if (!this.revealing()) return "Send your random bytes only once every seal is in.";
    const seal = this.seals.get(seat);
    if (!seal) return "Your seat sealed no random bytes.";
    if (this.bytes.has(seat)) return this.bytes.get(seat) === b64 ? null : "Your random bytes are already in.";
    if ((await sha256Hex(fromB64url(b64))) !== seal) return "Those bytes do not match your seal.";
    this.bytes.set(seat, b64);
    return null;
  }

  /** A seat leaves before the list is final (handed to a bot). @param {number} seat @returns {boolean} */
  drop(seat) {
    if (this.revealing()) return false;
    this.seats = this.seats.filter((s) => s !== seat);
    if (!this.dropped.includes(seat)) this.dropped.push(seat);
    this.seals.delete(seat);
    this.sigs.delete(seat);
    return true;
  }

  /** A seat takes part again (a person took it back) while the list is open. @param {number} seat @returns {boolean} */
  join(seat) {
    if (this.revealing()) return false;
    if (!this.seats.includes(seat)) this.seats = [...this.seats, seat].sort((a, b) => a - b);
    return true;
  }

  /** @param {number} players @param {Uint8Array} secret */
  seed(players, secret) {
    const entropy = Array.from({ length: players }, (_, s) => (this.bytes.has(s) ? fromB64url(/** @type {string} */ (this.bytes.get(s))) : null));
    return deriveSeed(secret, entropy);
  }

  /** The bytes by seat, as listed at the end. @param {number} players */
  listed(players) {
    return Array.from({ length: players }, (_, s) => this.bytes.get(s) ?? null);
  }

  /** What every guest may know: the deal's commitment and round, who takes part, the seals, and whether to reveal. */
  publicState() {
    return {
      commitment: this.commitment, round: this.round, seats: this.seats,
      sealed: Object.fromEntries([...this.seals].map(([s, h]) => [String(s), h])), reveal: this.revealing(),
    };
  }

  toJSON() {
    return {
      commitment: this.commitment, round: this.round, seats: this.seats, seals: [...this.seals], bytes: [...this.bytes], sigs: [...this.sigs],
      dropped: this.dropped,
    };
  }

  /** @param {any} data */
  static fromJSON(data) {
    const deal = new Deal(data.seats, data.commitment ?? "", data.round ?? 0);
    for (const [s, h] of data.seals) deal.seals.set(s, h);
    for (const [s, b] of data.bytes) deal.bytes.set(s, b);
    for (const [s, g] of data.sigs ?? []) deal.sigs.set(s, g);
    deal.dropped = [...(data.dropped ?? [])];
    return deal;
  }
}
