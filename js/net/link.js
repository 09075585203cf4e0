// @ts-check
/**
 * One open data channel as a stream of numbered JSON messages, with a size
 * limit, sequence numbers and heartbeats.
 *
 * Every message carries `n`, one more than the sender's previous message.  A
 * message whose `n` is not the next one (replayed, reordered, forged) is
 * refused before anything reads it.  Both sides send a ping every second; a
 * peer not heard from for AWAY_MS is "away".
 *
 * Messages are spelled canonically (js/net/canonical.js): `send` writes that
 * spelling, and `receive` refuses any text spelled another way (spaces, key
 * order, duplicate keys, floats, lone surrogates…) before anything reads it, so
 * every device hashes and compares exactly the bytes that were sent.
 *
 * A link may also be rate-limited (the host limits every guest): a token
 * bucket admits bursts and a steady trickle that honest play never reaches;
 * messages past it are dropped unread, and a peer that keeps flooding is
 * disconnected.
 */

import { CanonicalError, canonical, parseCanonical } from "./canonical.js";

export const PING_MS = 1000;
export const AWAY_MS = 4000;

/**
 * The host's limit on each guest: 60 messages at once, 20 a second after that
 * (a person makes a move or two a second at most; pings are one a second).
 * After 300 dropped messages the peer is flooding and is disconnected.
 */
export const GUEST_RATE = { burst: 60, perSecond: 20, dropsToClose: 300 };

/** A token bucket: `take()` is false when the peer is over its rate. */
export class RateLimit {
  /** @param {{burst: number, perSecond: number, dropsToClose: number}} rate @param {() => number} [now] */
  constructor(rate, now = () => performance.now()) {
    this.rate = rate;
    this.now = now;
    this.tokens = rate.burst;
    this.at = now();
    this.dropped = 0;
  }

  take() {
    const t = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((t - this.at) / 1000) * this.rate.perSecond);
    this.at = t;
    if (this.tokens >= this.rate.burst) this.dropped = 0; // calm again: past drops are forgiven
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.dropped += 1;
    return false;
  }

  flooding() {
    return this.dropped >= this.rate.dropsToClose;
  }
}

export class Link {
  /**
   * @param {RTCDataChannel} channel
   * @param {RTCPeerConnection} pc
   * @param {{maxIn: number, onMessage: (m: any) => void, onBad: (reason: string, ref: number|null) => void,
   *   onAway: () => void, onBack: () => void, onClose: () => void, onFlood?: (dropped: number) => void,
   *   rate?: {burst: number, perSecond: number, dropsToClose: number}, beats?: boolean}} handlers
   * @param {any[]} [early] messages that arrived before this link took the channel over
   */
  constructor(channel, pc, handlers, early = []) {
    /** @type {RateLimit|null} */
    this.limit = handlers.rate ? new RateLimit(handlers.rate) : null;
    this.gapOk = false;
    this.channel = channel;
    this.pc = pc;
    this.h = handlers;
    this.outSeq = 0;
    this.inSeq = 0;
    this.lastHeard = Date.now();
    this.away = false;
    this.closed = false;
    // Take over from the early buffer once the caller holds this link (a microtask: no message event fits between).
    queueMicrotask(() => {
      channel.onmessage = null;
      channel.addEventListener("message", (e) => this.receive(e.data));
      for (const data of early.splice(0)) this.receive(data);
    });
    channel.addEventListener("close", () => this.shut());
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") this.shut();
      else if (pc.connectionState === "disconnected") this.markAway();
    });
    // by mail (js/net/mail-channel.js) silence is normal: no heartbeat, never "away"
    this.timer = handlers.beats === false ? null : setInterval(() => this.beat(), PING_MS);
  }

  /**
   * Send a message in its canonical spelling (js/net/canonical.js), the only one
   * the other side accepts.  A message with no canonical spelling (a float, a
   * lone surrogate…) is our own bug, not the peer's: it is not sent, the console
   * says why, and the result is false, as for a closed channel.
   * @param {Record<string, any>} message
   */
  send(message) {
    if (this.closed || this.channel.readyState !== "open") return false;
    let text;
    try {
      text = canonical({ ...message, n: this.outSeq + 1 });
    } catch (e) {
      console.error(`Not sent: a "${String(message?.t)}" message has no canonical spelling (${e instanceof Error ? e.message : e}).`);
      return false;
    }
    this.outSeq += 1;
    this.channel.send(text);
    return true;
  }

  /** Send text exactly as given (tests use this to play a hostile peer). @param {string} text */
  sendRaw(text) {
    if (this.channel.readyState === "open") this.channel.send(text);
  }

  /** @param {any} data */
  receive(data) {
    if (this.closed) return;
    if (this.limit && !this.limit.take()) {
      if (this.limit.dropped === 1) this.h.onFlood?.(1);
      if (this.limit.flooding()) {
        this.h.onFlood?.(this.limit.dropped);
        this.close();
      }
      this.gapOk = true; // the dropped messages' numbers will never come
      return;
    }
    this.lastHeard = Date.now();
    if (this.away) { this.away = false; this.h.onBack(); }
    if (typeof data !== "string") return this.h.onBad("Messages must be text.", null);
    if (data.length > this.h.maxIn) return this.h.onBad(`Message too large (${data.length} characters).`, null);
    let message;
    try {
      message = parseCanonical(data);
    } catch (e) {
      const why = e instanceof CanonicalError ? e.message : "unreadable";
      if (why === "not JSON") return this.h.onBad("Message is not JSON.", null);
      return this.h.onBad(`Message is not in canonical form (${why}).`, null);
    }
    if (!message || typeof message !== "object" || Array.isArray(message)) return this.h.onBad("Message is not an object.", null);
    const n = message.n;
    if (!Number.isInteger(n)) return this.h.onBad("Message has no sequence number.", null);
    if (n <= this.inSeq) return this.h.onBad(`Replayed message (number ${n}, expected ${this.inSeq + 1}).`, n);
    if (n !== this.inSeq + 1 && !(this.gapOk && n > this.inSeq)) return this.h.onBad(`Message out of sequence (number ${n}, expected ${this.inSeq + 1}).`, n);
    this.inSeq = n;
    this.gapOk = false;
    if (message.t === "ping") return;
    this.h.onMessage(message);
  }

  beat() {
    if (this.closed) return;
    this.send({ t: "ping" });
    if (!this.away && Date.now() - this.lastHeard > AWAY_MS) this.markAway();
  }

  markAway() {
    if (this.away || this.closed) return;
    this.away = true;
    this.h.onAway();
  }

  shut() {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.h.onClose();
  }

  close() {
    if (this.closed) return;
    try { this.channel.close(); } catch { /* gone */ }
    try { this.pc.close(); } catch { /* gone */ }
    this.shut();
  }
}
