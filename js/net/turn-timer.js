// @ts-check
/**
 * The host's optional turn timer: a seat on another device that keeps the
 * table waiting (a move, a sealed choice, or its reveal) longer than the limit
 * is handed to a bot, so one player can never stall a table for ever.  Off by
 * default; the host can hand any seat to a bot at any time anyway.
 */

/** The choices offered on the host's panel, in seconds (0: off). */
export const TIMER_CHOICES = [0, 30, 60, 120, 300];

export class TurnTimer {
  /** @param {number} seconds @param {(seat: number) => void} onExpired @param {() => void} onTick while a clock runs */
  constructor(seconds, onExpired, onTick) {
    this.seconds = seconds;
    this.onExpired = onExpired;
    this.onTick = onTick;
    /** @type {Map<number, {since: number, stamp: string}>} seats being waited on */
    this.waiting = new Map();
    this.interval = setInterval(() => this.tick(), 1000);
  }

  /**
   * The seats the table now waits on; `stamp` changes whenever the table moves on,
   * which restarts every clock.
   * @param {number[]} seats @param {string} stamp
   */
  wait(seats, stamp) {
    const now = Date.now();
    for (const s of [...this.waiting.keys()]) if (!seats.includes(s)) this.waiting.delete(s);
    for (const s of seats) {
      const w = this.waiting.get(s);
      if (!w || w.stamp !== stamp) this.waiting.set(s, { since: now, stamp });
    }
  }

  /** Seconds left for `seat`, or null when no clock runs for it. @param {number} seat */
  left(seat) {
    const w = this.waiting.get(seat);
    if (!this.seconds || !w) return null;
    return Math.max(0, Math.ceil(this.seconds - (Date.now() - w.since) / 1000));
  }

  /** @param {number} seconds */
  set(seconds) {
    this.seconds = seconds;
    const now = Date.now();
    for (const w of this.waiting.values()) w.since = now;
  }

  tick() {
    if (!this.seconds || !this.waiting.size) return;
    this.onTick();
    for (const [seat, w] of [...this.waiting]) {
      if (Date.now() - w.since >= this.seconds * 1000) {
        this.waiting.delete(seat);
        this.onExpired(seat);
      }
    }
  }

  stop() {
    clearInterval(this.interval);
  }
}
