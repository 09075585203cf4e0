// @ts-check
/**
 * The host's record of what happened at a network table, which it reveals at
 * the end for every guest's check (parlour.trust.fairness): the action log (each
 * person's move with its signature), which moves bots chose and at which
 * position (`bots`), every sealed choice's reveal (signed), every forfeited
 * choice, who held each seat when (`control`), and which key held each guest's
 * seat when (`keys`).  Every move by a bot is listed, secret rounds included; a
 * guest's check fails on any bot move that is not, and on any move in a
 * person's seat that its key did not sign.
 */

/**
 * @typedef {"human"|"bot"|"remote"} Holder
 * @typedef {{seat: number, action: any, sig?: string}} Played
 * @typedef {{seat: number, version: number, reason: "illegal"|"bot", action?: any, nonce?: string, sig?: string, step: number}} Forfeit
 */

/** The bot that plays a seat nobody chose a level for (a guest's seat handed to a bot, a forfeit). */
export const DEFAULT_BOT_LEVEL = "medium";

export class Ledger {
  /** @param {any} [saved] a ledger written by toJSON, or an older saved table */
  constructor(saved) {
    /** @type {Played[]} */
    this.actions = saved?.actions ?? [];
    /** @type {{step: number, ply: number, bot: string}[]} tables saved before bot levels had only the random bot */
    this.bots = (saved?.bots ?? saved?.botSteps ?? []).map((/** @type {any} */ b) => (
      typeof b === "number" ? { step: b, ply: b, bot: "random" } : { bot: "random", ...b }));
    /** @type {{seat: number, version: number, action: any, nonce: string, sig?: string}[]} */
    this.reveals = saved?.reveals ?? [];
    /** @type {Forfeit[]} */
    this.forfeits = saved?.forfeits ?? [];
    /** @type {{version: number, seat: number, kind: Holder}[]} */
    this.control = saved?.control ?? [];
    /** @type {{version: number, seat: number, key: string|null}[]} the public key of whoever holds each guest's seat */
    this.keys = saved?.keys ?? [];
  }

  get version() {
    return this.actions.length;
  }

  /** Who sat down when the game was dealt. @param {Holder[]} kinds */
  deal(kinds) {
    if (!this.control.length) this.control = kinds.map((kind, seat) => ({ version: 0, seat, kind }));
  }

  /** A seat changes hands from the next move on. @param {number} seat @param {Holder} kind */
  hold(seat, kind) {
    this.control.push({ version: this.version, seat, kind });
  }

  /** A device's key holds a guest's seat from the next move on (it joined, rejoined, or a new player came). @param {number} seat @param {string} key */
  key(seat, key) {
    const last = [...this.keys].reverse().find((k) => k.seat === seat);
    if (last?.key !== key) this.keys.push({ version: this.version, seat, key });
  }

  /** The key holding each seat now (null: the host's or nobody's). @param {number} players */
  currentKeys(players) {
    /** @type {(string|null)[]} */
    const keys = Array(players).fill(null);
    for (const k of this.keys) keys[k.seat] = k.key;
    return keys;
  }

  /**
   * @param {number} seat @param {any} action @param {number|null} botPly the position the bot chose at, or null for a person
   * @param {string|null} [bot] which bot chose it (a level); the check replays that bot
   * @param {string|null} [sig] the person's signature over the move (js/net/keys.js)
   */
  play(seat, action, botPly, bot = null, sig = null) {
    if (botPly !== null) this.bots.push({ step: this.version, ply: botPly, bot: bot ?? DEFAULT_BOT_LEVEL });
    this.actions.push(sig ? { seat, action, sig } : { seat, action });
  }

  toJSON() {
    return { actions: this.actions, bots: this.bots, reveals: this.reveals, forfeits: this.forfeits, control: this.control, keys: this.keys };
  }
}
