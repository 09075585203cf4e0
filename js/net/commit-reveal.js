// @ts-check
/**
 * Commit-then-reveal for simultaneous secret choices.
 *
 * Whenever the engine's `to_move` names several seats at once (King's
 * Cottage's investments, Mansion's bids), each of them first sends
 * SHA-256(canonical(action) ":" nonce) with a fresh 128-bit nonce.  Only when
 * every commitment is in does anyone reveal; a reveal that does not hash to
 * its commitment is refused.  The host takes part like everyone else: its own
 * seats' and its bots' commitments go out before any guest reveals.
 *
 * A seat can forfeit its choice for the round: its reveal is a move the rules
 * refuse ("illegal": the reveal is kept as evidence anyone can check), or the
 * host handed the seat to a bot before its reveal came ("bot").  A forfeited
 * choice is replaced by the bot's own seeded choice at the round's opening
 * position, which every guest checks at the end, so forfeiting gains nobody
 * anything.  Nothing here knows any game.
 */
import { canonical, randomBytes, sha256Hex, toHex } from "./bytes.js";

/** @param {any} action @param {string} nonce hex */
export function commitmentFor(action, nonce) {
  return sha256Hex(`${canonical(action)}:${nonce}`);
}

/** A fresh commitment to `action`. @param {any} action */
export async function commit(action) {
  const nonce = toHex(randomBytes(16));
  return { action, nonce, hash: await commitmentFor(action, nonce) };
}

/** The host's record of one simultaneous round. */
export class Round {
  /** @param {number} version @param {number[]} seats */
  constructor(version, seats) {
    this.version = version;
    this.seats = [...seats].sort((a, b) => a - b);
    /** @type {Map<number, string>} */
    this.commits = new Map();
    /** @type {Map<number, {action: any, nonce: string, sig?: string}>} */
    this.reveals = new Map();
    /** @type {Map<number, {reason: "illegal"|"bot", action?: any, nonce?: string, sig?: string, replacement: any}>} */
    this.forfeits = new Map();
  }

  /** @param {number} seat @param {string} hash @returns {string|null} why it is refused */
  commit(seat, hash) {
    if (!this.seats.includes(seat)) return "You have no choice to make in this round.";
    if (this.commits.has(seat)) return "You have already committed to a choice this round.";
    this.commits.set(seat, hash);
    return null;
  }

  allCommitted() {
    return this.seats.every((s) => this.commits.has(s));
  }

  /** @param {number} seat @param {any} action @param {string} nonce @param {string} [sig] @returns {Promise<string|null>} */
  async reveal(seat, action, nonce, sig) {
    if (!this.allCommitted()) return "Reveal only when every commitment is in.";
    const hash = this.commits.get(seat);
    if (!hash) return "You have no commitment to reveal.";
    if (this.reveals.has(seat)) return "You have already revealed your choice.";
    if ((await commitmentFor(action, nonce)) !== hash) return "That reveal does not match your commitment.";
    this.reveals.set(seat, sig ? { action, nonce, sig } : { action, nonce });
    return null;
  }

  allRevealed() {
    return this.seats.every((s) => this.reveals.has(s) || this.forfeits.has(s));
  }

  /**
   * The seat's choice this round is the bot's `replacement`.
   * @param {number} seat @param {{reason: "illegal"|"bot", action?: any, nonce?: string, sig?: string, replacement: any}} forfeit
   */
  forfeit(seat, forfeit) {
    this.reveals.delete(seat);
    this.forfeits.set(seat, forfeit);
  }

  /** Has this seat's choice reached the host (revealed or forfeited)? @param {number} seat */
  settled(seat) {
    return this.reveals.has(seat) || this.forfeits.has(seat);
  }

  /** What every seat may know: who is in the round, the commitments (hashes only), whether to reveal, and whose choice is in. */
  publicState() {
    return {
      version: this.version, seats: this.seats,
      committed: Object.fromEntries([...this.commits].map(([s, h]) => [String(s), h])),
      reveal: this.allCommitted(),
      revealed: this.seats.filter((s) => this.settled(s)),
    };
  }

  /** @returns {any} */
  toJSON() {
    return { version: this.version, seats: this.seats, commits: [...this.commits], reveals: [...this.reveals], forfeits: [...this.forfeits] };
  }

  /** @param {any} data */
  static fromJSON(data) {
    const round = new Round(data.version, data.seats);
    for (const [s, hsh] of data.commits) round.commits.set(s, hsh);
    for (const [s, r] of data.reveals) round.reveals.set(s, r);
    for (const [s, f] of data.forfeits ?? []) round.forfeits.set(s, f);
    return round;
  }
}
