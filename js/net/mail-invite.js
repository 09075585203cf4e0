// @ts-check
/**
 * Correspondence links at each end (docs/correspondence.md): the host's invite for a seat, which has the
 * surface of a network invitation (js/net/peer.js `Invitation`) so js/tables/host-guests.js attaches the
 * guest's first link as it attaches a data channel; and one end of a seat's mail link, which opens the links
 * that come in and makes the next one to send.
 */
import { randomBytes } from "./bytes.js";
import { MailChannel, MailPeer } from "./mail-channel.js";
import {
  GUEST_TO_HOST, HOST_TO_GUEST, MailError, makeInvite, openBundle, readHeader, sealBundle, senderKey, sharedMailKey,
} from "./mail-codec.js";
import { bundle, dictionaryFor, dictionaryFrom, MailboxError, newMailbox, staleLink, unsent } from "./mailbox.js";

/** @typedef {import("./mailbox.js").Mailbox} Mailbox */

/** The address part a correspondence link or invite goes in: `#mail=<payload>`. */
export const MAIL_ROUTE = "#mail=";

/** A link's full address on this site. @param {string} payload */
export function mailAddress(payload) {
  return `${location.origin}${location.pathname}${MAIL_ROUTE}${payload}`;
}

/**
 * The payload of something pasted: a whole address, or the payload alone.  Spaces and line breaks a messenger
 * put in are dropped.
 * @param {string} text
 */
export function mailPayload(text) {
  const clean = String(text).replace(/\s+/g, "");
  const at = clean.indexOf(MAIL_ROUTE);
  return at >= 0 ? clean.slice(at + MAIL_ROUTE.length) : clean;
}

/**
 * One end of a seat's mail link: the key both devices share, the channel the table's link reads, and the
 * numbers the links carry.
 */
export class MailEnd {
  /**
   * @param {{table: string, seat: number, dir: number, key: CryptoKey, ownKey: string, box?: Mailbox,
   *   onPost?: () => void, primer?: (welcome: any) => Promise<string>}} opts  dir: the direction of the links
   *   this end makes; ownKey: this device's ECDH public key, which a guest's links carry until the host has
   *   answered; primer: the seat's primer for a welcome (js/net/link-primer.js, with this device's engine)
   */
  constructor(opts) {
    this.table = opts.table;
    this.seat = opts.seat;
    this.dir = opts.dir;
    this.key = opts.key;
    this.ownKey = opts.ownKey;
    this.channel = new MailChannel(opts.box ?? newMailbox(), () => opts.onPost?.());
    this.primer = opts.primer ?? null;
    this.pc = new MailPeer();
    /** @type {{sent: number, have: number, payload: string}|null} the last link made, reused while nothing changed */
    this.made = null;
    /** @type {string} the other device's ECDH key (the host keeps its guest's) */
    this.guestKey = "";
    /** @type {Promise<unknown>} the link being opened (links are taken in one at a time) */
    this.opening = Promise.resolve();
  }

  get box() {
    return this.channel.box;
  }

  /** Is there something the other end has not acknowledged (a link to send)? */
  pending() {
    return unsent(this.box);
  }

  /**
   * The link to send now (its payload), or null when the other end has everything.  The same link is given
   * again until something changes; a new one brings everything the other end may lack.
   * @returns {Promise<string|null>}
   */
  async link() {
    const box = this.box;
    if (!unsent(box)) return null;
    if (this.made && this.made.sent === box.sent && this.made.have === box.have) return this.made.payload;
    const contents = bundle(box);
    const withKey = this.dir === GUEST_TO_HOST && box.kIn === 0; // the host has not answered yet: it needs our key
    const dict = dictionaryFor(box);
    // the host's links start their dictionary with the seat's primer once the guest has the welcome it is made from
    const welcome = this.dir === HOST_TO_GUEST ? box.out.findLast((k) => k.t === "welcome" && k.seq <= box.have)?.m : null;
    const primer = welcome && this.primer ? await this.primer(welcome) : "";
    const payload = await sealBundle(this.key, { table: this.table, seat: this.seat, dir: this.dir, k: box.kOut, key: withKey ? this.ownKey : null },
      contents, { ...dict, primer: !!primer, text: primer ? `${dict.text}\n${primer}` : dict.text });
    this.made = { sent: box.sent, have: box.have, payload };
    return payload;
  }

  /**
   * Open a link from the other end; its messages go to the table's link in order.  Throws MailError or
   * MailboxError with a sentence for the person, changing nothing, for a link that is not for this end, was
   * opened already, or brings nothing new.
   * @param {string} payload @returns {Promise<number>} how many messages were new
   */
  open(payload) {
    // one at a time, in the order opened: a link opened while an earlier one is still being taken in (a link in the
    // page's address, and another pasted meanwhile) waits, so their messages reach the table's link in order
    const next = this.opening.then(() => this.openNow(payload));
    this.opening = next.catch(() => {});
    return next;
  }

  /** @param {string} payload @returns {Promise<number>} */
  async openNow(payload) {
    const h = readHeader(payload);
    const problem = wrongEnd(h, this.table, this.seat, this.dir === HOST_TO_GUEST ? GUEST_TO_HOST : HOST_TO_GUEST);
    if (problem) throw new MailError(problem);
    const { header, bundle: contents } = await openBundle(this.key, payload, async ({ mine, yours, primer }) => {
      // asked once the link has decrypted (its number is proven): an old link may name a dictionary this end has
      // since forgotten, and deserves its own sentence
      const stale = staleLink(this.box, h.k);
      if (stale) throw new MailboxError(stale);
      const text = dictionaryFrom(this.box, mine, yours);
      if (!primer) return text;
      const welcome = this.box.theirs.findLast((k) => k.t === "welcome")?.m;
      const made = welcome && this.primer ? await this.primer(welcome) : "";
      if (!made) throw new MailError("That link needs the table's welcome, which this device has not opened: open the host's earlier link first.");
      return `${text}\n${made}`;
    });
    return this.channel.deliver(contents, header.k);
  }
}

/**
 * Why a link is not for this end, in a sentence, or null.
 * @param {{table: string, seat: number, dir: number}} h @param {string} table @param {number} seat @param {number} dir the direction this end reads
 */
export function wrongEnd(h, table, seat, dir) {
  if (h.table !== table) return "That link belongs to another table.";
  if (h.dir !== dir) {
    return dir === GUEST_TO_HOST ? `That link is the host's, for the player at seat ${h.seat + 1}: send it to them; it is no use here.`
      : "That link is one you made for the host: send it to the host; it is no use here.";
  }
  if (h.seat !== seat) return `That link is for seat ${h.seat + 1}, not seat ${seat + 1}.`;
  return null;
}

/**
 * The host's invite for a seat by mail, with the surface js/tables/host-guests.js uses for a network invite
 * (`prepare`, `code`, `matches`, `accept`, `pc`, `early`, `close`).
 */
export class MailInvitation {
  /**
   * @param {{table: string, seat: number, kind: number, keyPair: {publicKey: string, privateJwk: JsonWebKey},
   *   primer?: (welcome: any) => Promise<string>}} opts  keyPair: the host's ECDH key for the table; primer: see MailEnd
   */
  constructor(opts) {
    this.table = opts.table;
    this.seat = opts.seat;
    this.kind = opts.kind;
    this.keyPair = opts.keyPair;
    this.primer = opts.primer;
    this.code = "";
    this.mail = true;
    /** @type {any[]} messages that arrive before the table's link takes the channel */
    this.early = [];
    /** @type {MailEnd|null} */
    this.end = null;
    this.pc = new MailPeer();
  }

  async prepare() {
    this.code = makeInvite({ table: this.table, seat: this.seat, hostKey: this.keyPair.publicKey, tag: randomBytes(4) });
  }

  /** Is `payload` a guest's first link for this invite's seat? @param {string} payload */
  matches(payload) {
    try {
      const h = readHeader(mailPayload(payload));
      return h.table === this.table && h.seat === this.seat && h.dir === GUEST_TO_HOST && !!h.key;
    } catch {
      return false;
    }
  }

  /**
   * Open the guest's first link: its key makes the seat's mail link, and its messages wait for the table's link.
   * @param {string} payload @param {() => void} [onPost] @returns {Promise<MailChannel>}
   */
  async accept(payload, onPost) {
    const text = mailPayload(payload);
    const h = readHeader(text);
    const guestKey = senderKey(h);
    if (!guestKey) throw new MailError("That link does not carry the player's key: it is not their first.");
    const key = await sharedMailKey(this.keyPair.privateJwk, guestKey, this.table);
    const end = new MailEnd({ table: this.table, seat: this.seat, dir: HOST_TO_GUEST, key, ownKey: this.keyPair.publicKey, onPost, primer: this.primer });
    end.pc = this.pc;
    end.guestKey = guestKey;
    this.end = end;
    end.channel.onmessage = (e) => this.early.push(e.data);
    await end.open(text);
    return end.channel;
  }

  close() {
    this.pc.close();
  }
}
