// @ts-check
/**
 * A correspondence link as the data channel js/net/link.js reads and writes, so the host's and the guest's tables
 * run the same protocol by mail as over WebRTC (docs/correspondence.md): what the table sends goes into the
 * mailbox (js/net/mailbox.js) and out in the next link the person sends; what a link brings in is delivered as
 * the channel's messages, in order.
 *
 * Messages are numbered as the mailbox delivers them, which js/net/link.js expects consecutive: a link over a mail
 * channel starts from the mailbox's counts (`startLink`).
 *
 * The peer connection beside it is always "connected": by mail a silent peer is the normal case, never "away"
 * (js/net/link.js beats no heartbeat on such a link).
 */
import { newMailbox, post, receive, withViewHash } from "./mailbox.js";

/** @typedef {import("./mailbox.js").Mailbox} Mailbox */

export class MailChannel extends EventTarget {
  /**
   * @param {Mailbox} [box] the mailbox kept with the table (a new one for a new link)
   * @param {() => void} [onPost] called when a message goes into the mailbox (the page offers the next link, and
   *   the table's record is saved with it)
   */
  constructor(box = newMailbox(), onPost = () => {}) {
    super();
    this.box = box;
    this.onPost = onPost;
    /** @type {"open"|"closed"} */
    this.readyState = "open";
    /** @type {((e: MessageEvent) => void)|null} */
    this.onmessage = null;
  }

  /** @param {string} text */
  send(text) {
    if (this.readyState !== "open") throw new Error("The link is closed.");
    post(this.box, text);
    this.onPost();
  }

  /**
   * Deliver a link's bundle (already decrypted, js/net/mail-codec.js); throws MailboxError, changing nothing,
   * for a link that brings nothing new or does not fit.
   * @param {any} bundle @param {number} k the link's number
   * @returns {Promise<number>} how many messages were new
   */
  async deliver(bundle, k) {
    const texts = receive(this.box, bundle, k);
    for (const data of await Promise.all(texts.map(withViewHash))) {
      const event = new MessageEvent("message", { data });
      this.onmessage?.(event);
      this.dispatchEvent(event);
    }
    return texts.length;
  }

  close() {
    if (this.readyState === "closed") return;
    this.readyState = "closed";
    this.dispatchEvent(new Event("close"));
  }
}

/** The peer connection a MailChannel goes with: connected until closed. */
export class MailPeer extends EventTarget {
  constructor() {
    super();
    /** @type {"connected"|"closed"} */
    this.connectionState = "connected";
  }

  close() {
    if (this.connectionState === "closed") return;
    this.connectionState = "closed";
    this.dispatchEvent(new Event("connectionstatechange"));
  }
}

/**
 * Set a table's link over a mail channel to go on from the mailbox's counts (a page that reloaded between two
 * links makes a new js/net/link.js over the kept mailbox).
 * @param {import("./link.js").Link} link @param {MailChannel} channel
 */
export function startLink(link, channel) {
  link.outSeq = channel.box.sent;
  link.inSeq = channel.box.delivered ?? channel.box.got;
}
