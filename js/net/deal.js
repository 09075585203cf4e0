// @ts-check
/**
 * The deal: how the seed is made so that nobody, the host included, chooses it.
 * It is made once per table, never again.
 *
 * 1. The host draws a 32-byte secret and sends SHA-256(secret) (the table's
 *    `commitment`) in every `welcome`, before any guest has sent anything
 *    about its own bytes.  The commitment never changes for the table.
 * 2. Each guest on a seat draws 32 random bytes once for the table and first
 *    sends only their hash (`seal`, signed).  Only guests' seats take part:
 *    bytes listed for the host's own seats or its bots would let the host
 *    grind the seed.
 * 3. When every seat of the deal has sealed, the list is final: nobody joins
 *    it, leaves it or reseals.  The host announces it (`deal.reveal` in the
 *    waiting event); each guest records it and sends its bytes (`unseal`),
 *    which must hash to its seal.
 * 4. A seat of the final list whose bytes never come may be handed to a bot:
 *    it is dealt out with its signed seal still listed (`excused`), and the
 *    deal is NOT made again.  Everyone's verdict names such a seat: the host
 *    could have chosen whether to count those bytes.
 * 5. The seed is SHA-256(secret ‖ bytes of each seat in seat order).  When the
 *    game starts every guest is sent the whole deal (`record`: the commitment,
 *    every signed seal and every seat's bytes), checks it against what it saw,
 *    and makes the table code from it (js/net/table-code.js).
 * At the end every guest checks the secret against the commitment, and the
 * bytes against the deal it was sent (parlour.trust.fairness).  Nothing here
 * knows any game.
 */
import { concat, fromB64url, sha256Hex } from "./bytes.js";

/** The seed from the host's secret and the guests' bytes (seat order; null for seats without). @param {Uint8Array} secret @param {(Uint8Array|null)[]} entropy */
export function deriveSeed(secret, entropy) {
  return sha256Hex(concat(secret, ...entropy.filter((e) => e !== null)));
}

/** @typedef {{hash: string, sig: string, key: string}} Seal a seat's hash, signed with the key that held the seat then */

/** The host's side of the deal. */
export class Deal {
  /**
   * @param {number[]} seats the guests' seats, in seat order
   * @param {string} commitment SHA-256 of the host's secret
   */
  constructor(seats, commitment = "") {
    this.commitment = commitment;
    this.seats = [...seats].sort((a, b) => a - b);
    /** @type {Map<number, Seal>} */
    this.seals = new Map();
    /** @type {Map<number, string>} seat -> its bytes (base64url) */
    this.bytes = new Map();
    /** @type {Set<number>} seats of the final list handed to a bot before their bytes came: dealt out, their seals listed */
    this.excused = new Set();
  }

  /** Once every seal is in the list is final: nobody may join, leave or reseal. */
  revealing() {
    return this.seats.length > 0 && this.seats.every((s) => this.seals.has(s));
  }

  /** Every seat of the final list has revealed its bytes or was dealt out (or no guest takes part). */
  complete() {
    return !this.seats.length || (this.revealing() && this.seats.every((s) => this.bytes.has(s) || this.excused.has(s)));
  }

  /** The seats whose bytes the table still waits for. */
  awaited() {
    return this.revealing() ? this.seats.filter((s) => !this.bytes.has(s) && !this.excused.has(s)) : [];
  }

  /**
   * @param {number} seat @param {string} hash @param {string} sig @param {string} key the key that signed it
   * @returns {string|null} why it is refused
   */
  seal(seat, hash, sig, key) {
    if (!this.seats.includes(seat)) {
      return this.revealing() ? "Every seal was in before you came: this deal goes on without your random bytes."
        : "Your seat does not take part in the deal.";
    }
    if (this.revealing()) {
      return this.seals.get(seat)?.hash === hash ? null : "Every seal is in: your random bytes can no longer change.";
    }
    this.seals.set(seat, { hash, sig, key });
    return null;
  }

  /** @param {number} seat @param {string} b64 @returns {Promise<string|null>} */
  async unseal(seat, b64) {
    if (!this.revealing()) return "Send your random bytes only once every seal is in.";
    const seal = this.seals.get(seat);
    if (!seal || !this.seats.includes(seat)) return "Your seat sealed no random bytes for this deal.";
    if (this.bytes.has(seat)) return this.bytes.get(seat) === b64 ? null : "Your random bytes are already in.";
    if ((await sha256Hex(fromB64url(b64))) !== seal.hash) return "Those bytes do not match your seal.";
    this.bytes.set(seat, b64);
    this.excused.delete(seat); // back in time: its bytes count
    return null;
  }

  /**
   * A seat goes to a bot before the game starts.  While the list is open it simply leaves it (nobody has
   * revealed anything); once the list is final its seal stays listed and, unless its bytes are already in,
   * it is dealt out.  The deal is never made again.
   * @param {number} seat
   */
  drop(seat) {
    if (!this.seats.includes(seat)) return;
    if (!this.revealing()) {
      this.seats = this.seats.filter((s) => s !== seat);
      this.seals.delete(seat);
    } else if (!this.bytes.has(seat)) {
      this.excused.add(seat);
    }
  }

  /**
   * A person takes a guest's seat back before the game starts.  While the list is open the seat takes part
   * again (it seals again); once final, a seat of the list is waited for again (it reveals its bytes: it is at
   * the table, and its state machine holds the host to asking it); any other seat sits out this deal.
   * Returns whether the seat takes part.
   * @param {number} seat
   */
  join(seat) {
    if (!this.revealing()) {
      if (!this.seats.includes(seat)) this.seats = [...this.seats, seat].sort((a, b) => a - b);
      return true;
    }
    this.excused.delete(seat);
    return this.seats.includes(seat);
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

  /**
   * The whole deal as every guest is sent it when the game starts: the commitment, every seal of the
   * final list with its signature and key, and every seat's bytes (a seat dealt out has a seal and no
   * bytes).  The bytes tell nobody anything about the seed without the host's secret.
   */
  record() {
    const seals = Object.fromEntries([...this.seals].filter(([s]) => this.seats.includes(s)).map(([s, v]) => [String(s), { ...v }]));
    const bytes = Object.fromEntries([...this.bytes].filter(([s]) => this.seats.includes(s)).map(([s, b]) => [String(s), b]));
    return { commitment: this.commitment, seals, bytes };
  }

  /** What every guest may know before the start: the commitment, who takes part, the seals (hashes), and whether to reveal. */
  publicState() {
    return {
      commitment: this.commitment, seats: this.seats,
      sealed: Object.fromEntries([...this.seals].map(([s, v]) => [String(s), v.hash])), reveal: this.revealing(),
    };
  }

  toJSON() {
    return {
      commitment: this.commitment, seats: this.seats, seals: [...this.seals], bytes: [...this.bytes], excused: [...this.excused],
    };
  }

  /** @param {any} data a deal written by toJSON */
  static fromJSON(data) {
    const deal = new Deal(data.seats, data.commitment ?? "");
    for (const [s, v] of data.seals) deal.seals.set(s, typeof v === "string" ? { hash: v, sig: "", key: "" } : v);
    for (const [s, b] of data.bytes) deal.bytes.set(s, b);
    for (const s of data.excused ?? []) deal.excused.add(s);
    return deal;
  }
}
