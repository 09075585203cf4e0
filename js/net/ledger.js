// @ts-check
/**
 * The host's record of what happened at a network table, which it reveals at
 * the end for every guest's check (parlour.fairness): the action log, which
 * moves bots chose and at which position (`bots`), every sealed choice's
 * reveal, every forfeited choice, and who held each seat when (`control`).
 * Every move by a bot is listed, secret rounds included; a guest's check fails
 * on any bot move that is not.
 */

/**
 * @typedef {"human"|"bot"|"remote"} Holder
 * @typedef {{seat: number, action: any}} Played
 * @typedef {{seat: number, version: number, reason: "illegal"|"bot", action?: any, nonce?: string, step: number}} Forfeit
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
    /** @type {{seat: number, version: number, action: any, nonce: string}[]} */
    this.reveals = saved?.reveals ?? [];
    /** @type {Forfeit[]} */
    this.forfeits = saved?.forfeits ?? [];
    /** @type {{version: number, seat: number, kind: Holder}[]} */
    this.control = saved?.control ?? [];
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

  /**
   * @param {number} seat @param {any} action @param {number|null} botPly the position the bot chose at, or null for a person
   * @param {string|null} [bot] which bot chose it (a level); the check replays that bot
   */
  play(seat, action, botPly, bot = null) {
    if (botPly !== null) this.bots.push({ step: this.version, ply: botPly, bot: bot ?? DEFAULT_BOT_LEVEL });
    this.actions.push({ seat, action });
  }

  toJSON() {
    return { actions: this.actions, bots: this.bots, reveals: this.reveals, forfeits: this.forfeits, control: this.control };
  }
}
