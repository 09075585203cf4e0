// @ts-check
/**
 * One tab owns a table.  Two tabs playing the same saved game (or hosting the
 * same network table) would each save their own moves over the other's, so a
 * table is played only in the tab that holds its claim; another tab is told
 * where it is open and may wait for it (docs/records.md, "Saved games").
 *
 * The claim is a Web Lock named after the table (a saved game's id; a hosted
 * table's `host-<id>`; `guest-<invite hash>` for an invite a guest answers,
 * js/tables/guest-table.js): the browser releases it when the tab closes,
 * crashes or navigates away, so a waiting tab takes over at once.  Where Web
 * Locks are missing, tabs ask each other over a BroadcastChannel (an owner
 * answers "mine"; a claimant that hears nothing
 * within ASK_MS holds the table; a waiting tab asks again every POLL_MS, so a
 * tab that vanished without a word is noticed).  Where both are missing the
 * table is held without a check, and `how` says so for the page to tell.
 * No DOM here: the table's screen is js/tables/table-elsewhere.js.
 */

const LOCK_PREFIX = "parlour.table.";
const CHANNEL = "parlour.tables";
/** How long a BroadcastChannel claim listens for an owner before holding the table (ms). */
const ASK_MS = 300;
/** How often a tab waiting over a BroadcastChannel asks again (ms). */
const POLL_MS = 1500;

/** @typedef {"locks"|"channel"|"none"} ClaimMechanism */

/**
 * The tables this tab holds, by lock name, until the browser has really let go
 * (a released Web Lock goes a moment later): the lobby's "open in another tab"
 * leaves them out, and claiming one again here waits for that moment.
 * @type {Map<string, TableClaim>}
 */
const heldHere = new Map();

/** @returns {ClaimMechanism} how this browser lets tabs agree on an owner */
function mechanism() {
  const locks = /** @type {any} */ (navigator).locks;
  if (locks && typeof locks.request === "function") return "locks";
  if (typeof BroadcastChannel === "function") return "channel";
  return "none";
}

/** A claim on one table, held by this tab or refused because another holds it. */
export class TableClaim {
  /** @param {string} id the saved game's id @param {ClaimMechanism} how */
  constructor(id, how) {
    this.id = id;
    this.name = LOCK_PREFIX + id;
    this.how = how;
    /** Whether this tab owns the table now. */
    this.held = false;
    /** Whether the claim was first refused and then taken over (the other tab may have moved on meanwhile). */
    this.waited = false;
    /** Whether release() was called: a released claim never holds again. */
    this.done = false;
    /** @type {() => void} lets go of a held Web Lock */
    this.letGo = () => {};
    /** @type {AbortController|null} cancels a waiting Web Lock request */
    this.waiting = null;
    /** @type {Promise<void>} settles once the browser has let go of this claim's Web Lock */
    this.gone = Promise.resolve();
    /** @type {BroadcastChannel|null} */
    this.channel = null;
    /** While asking over the channel: this claim's random tie-breaker and whether someone else has it. */
    this.asking = { nonce: 0, contested: false, active: false };
  }

  /** Try to hold the table now, without waiting.  @returns {Promise<boolean>} */
  async tryNow() {
    if (this.how === "none") this.held = true;
    else if (this.how === "locks") this.held = await this.lock({ ifAvailable: true });
    else this.held = await this.ask();
    if (this.held) heldHere.set(this.name, this);
    return this.held;
  }

  /**
   * Wait until the tab that holds the table lets go (closes, leaves the table),
   * then hold it.  Resolves false when this claim was released meanwhile.
   * @returns {Promise<boolean>}
   */
  async whenFree() {
    if (this.held) return true;
    if (this.done) return false;
    if (this.how === "locks") {
      this.waiting = new AbortController();
      this.held = await this.lock({ signal: this.waiting.signal });
      this.waiting = null;
    } else {
      while (!this.done && !this.held) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (!this.done) this.held = await this.ask();
      }
    }
    if (this.held) {
      this.waited = true;
      heldHere.set(this.name, this);
    }
    return this.held;
  }

  /**
   * Leave the table: from now on nothing waits on this claim, and the table is
   * let go once `pending` (its last saves) has settled.
   * @param {Promise<unknown>} pending
   */
  releaseAfter(pending) {
    this.done = true;
    const after = pending.then(() => this.release(), () => this.release());
    if (this.how !== "locks") this.gone = after; // a Web Lock's `gone` is the browser's own word
  }

  /** Let go of the table (leaving it) or stop waiting for it. */
  release() {
    if (this.how !== "locks" && heldHere.get(this.name) === this) heldHere.delete(this.name); // a lock goes when `gone`
    this.done = true;
    this.held = false;
    this.letGo();
    this.waiting?.abort();
    this.channel?.close();
    this.channel = null;
  }

  /**
   * Request the Web Lock; once granted it is kept until release() (or the tab goes).
   * @param {LockOptions} options @returns {Promise<boolean>} whether it was granted
   */
  lock(options) {
    return new Promise((resolve) => {
      let mine = false;
      const request = /** @type {any} */ (navigator).locks.request(this.name, options, (/** @type {Lock|null} */ granted) => {
        if (!granted || this.done) {
          resolve(false);
          return undefined;
        }
        mine = true;
        heldHere.set(this.name, this);
        resolve(true);
        return new Promise((letGo) => { this.letGo = () => letGo(undefined); });
      });
      request.catch(() => resolve(false)); // the wait was aborted
      this.gone = request.then(() => {}, () => {}).then(() => {
        if (mine && heldHere.get(this.name) === this) heldHere.delete(this.name);
      });
    });
  }

  /**
   * The BroadcastChannel way: ask who holds the table and hold it when nobody
   * answers within ASK_MS.  Two tabs asking at once: the smaller nonce wins.
   * @returns {Promise<boolean>}
   */
  async ask() {
    if (!this.channel) this.open();
    const channel = /** @type {BroadcastChannel} */ (this.channel);
    this.asking = { nonce: Math.random(), contested: false, active: true };
    channel.postMessage({ t: "who", name: this.name, nonce: this.asking.nonce });
    await new Promise((resolve) => setTimeout(resolve, ASK_MS));
    this.asking.active = false;
    return !this.done && !this.asking.contested;
  }

  /** Listen on the tables' channel: answer for a table held here, hear who else holds or asks. */
  open() {
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event) => {
      const m = event.data;
      if (!m || m.name !== this.name) return;
      if (m.t === "who" && this.held) channel.postMessage({ t: "mine", name: this.name });
      else if (m.t === "who" && this.asking.active) channel.postMessage({ t: "asking", name: this.name, nonce: this.asking.nonce });
      else if (m.t === "mine" && this.asking.active) this.asking.contested = true;
      else if (m.t === "asking" && this.asking.active && m.nonce < this.asking.nonce) this.asking.contested = true;
    };
    this.channel = channel;
  }
}

/**
 * Claim the table of saved game `id` for this tab: held at once unless another
 * tab holds it (then `held` is false and `whenFree()` waits for it).
 * @param {string} id @returns {Promise<TableClaim>}
 */
export async function claimTable(id) {
  const before = heldHere.get(LOCK_PREFIX + id);
  if (before?.done) await before.gone; // this tab left the table a moment ago: its lock is on its way out
  const claim = new TableClaim(id, mechanism());
  await claim.tryNow();
  return claim;
}

/**
 * The saved games whose table another tab holds now, for the lobby's list;
 * empty where the browser cannot tell (no Web Locks).
 * @returns {Promise<Set<string>>}
 */
export async function tablesInUse() {
  const locks = /** @type {any} */ (navigator).locks;
  if (!locks || typeof locks.query !== "function") return new Set();
  const mine = new Set(heldHere.keys()); // as the query is asked: one let go meanwhile may still be listed
  try {
    const state = await locks.query();
    return new Set((state.held || []).map((/** @type {any} */ l) => String(l.name))
      .filter((name) => name.startsWith(LOCK_PREFIX) && !mine.has(name)).map((name) => name.slice(LOCK_PREFIX.length)));
  } catch {
    return new Set();
  }
}
