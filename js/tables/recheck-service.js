// @ts-check
/**
 * A guest's end-of-game check as the page runs it, apart from any table: it
 * goes on while the player leaves the table or starts another game, and after a
 * reload it goes on from where it stopped.
 *
 * One service per page (per page engine): its pool (js/net/recheck-pool.js)
 * holds the extra workers and the page's own while the page lends it.  The
 * guest's table hands it the host's `fair` (`begin`: the game is over, so the
 * page's engine is lent); js/main.js says when the lobby shows (lent) and when
 * a table opens (taken back), js/tables/recheck-signals.js, and resumes at
 * start every check the lobby's saved games show unfinished (`resumeSaved`).
 * Each check runs in one tab at a time (a Web Lock, `check-<table>`,
 * js/store/table-lock.js): another tab that finds it unfinished waits for that
 * tab, then finishes what it left.  Stage one runs
 * on the pool too (it goes before any search), so a resumed check needs no
 * table.  Every answer is written to the guest's record at once, and the
 * saved game's verdict follows (one write in flight at a time); the lobby's
 * list hears of each change (recheck-signals.js `onEndCheck`).
 */
import { Engine } from "../engine/bridge.js";
import { verifyFair } from "../net/fairness.js";
import { GuestProtocol } from "../net/guest-protocol.js";
import { RecheckPool } from "../net/recheck-pool.js";
import { loadGuest, saveGuest } from "../net/store.js";
import { ledgerCode } from "../net/table-code.js";
import { listGames, saveGame } from "../store/games-db.js";
import { claimTable } from "../store/table-lock.js";
import { checkRunning, checkUnfinished, tellEndCheck, watchPageEngine } from "./recheck-signals.js";
import { verdictHeadline } from "./verdict.js";
import { afterStageOne, finished, guestSavedGame, lostVerdict, newCheck, verdictOf } from "./recheck-record.js";

/**
 * What a check ends with: the verdict, why the game ended in this device's words (stage one's replay), and how
 * long each stage took here (null when it ran before a reload).
 * @typedef {{verdict: import("./verdict.js").Verdict, ending: string, verifyMs: number|null, recheckMs: number|null}} Outcome
 * @typedef {import("../store/games-db.js").SavedGame} SavedGame
 */

/** @type {WeakMap<object, EndChecks>} */
const services = new WeakMap();

/** The page's end checks, made on first use. @param {import("../engine/bridge.js").Engine} engine the page's own */
export function endChecks(engine) {
  let service = services.get(engine);
  if (!service) {
    service = new EndChecks(engine);
    services.set(engine, service);
  }
  return service;
}

export class EndChecks {
  /** @param {import("../engine/bridge.js").Engine} engine the page's own */
  constructor(engine) {
    this.engine = engine;
    const cores = /** @type {any} */ (globalThis).navigator?.hardwareConcurrency;
    this.pool = new RecheckPool({ makeEngine: () => new Engine(), cores });
    watchPageEngine((free) => (free ? this.lend() : this.reclaim()));
    /** @type {Map<string, Promise<Outcome|null>>} checks running in this tab, by table */
    this.running = new Map();
  }

  /** Nothing of the page needs its engine: the checks may use it. */
  lend() {
    this.pool.lend(this.engine);
  }

  /** A table needs the page's engine: checks use it no more (the search in flight on it finishes). */
  reclaim() {
    this.pool.reclaim();
  }

  /**
   * The host's end-of-game record reached the guest's table: check it.  The game is over, so the page's engine
   * is lent.  `onShow` draws each verdict on the way (progress included).
   * @param {{session: any, mine: any, fair: any, names: string[], onShow?: (v: import("./verdict.js").Verdict) => void,
   *   onSaved?: (saved: SavedGame) => void}} at onSaved: the saved game each time it changes (the table's "Export record")
   * @returns {Promise<Outcome>}
   */
  async begin(at) {
    this.lend();
    const { session, fair } = at;
    // the extra workers start while stage one runs when a bot chose by a level (the random bot's moves are checked in stage one)
    const levelled = Array.isArray(fair?.bots) && fair.bots.some((/** @type {any} */ b) => typeof b?.bot === "string" && b.bot !== "random");
    const release = levelled ? this.pool.hold() : () => {};
    const claim = await claimTable(`check-${session.table}`).catch(() => null);
    const codes = { code: session.code ?? null, ledger: await ledgerCode(fair).catch(() => null) };
    session.check = newCheck(fair, codes);
    session.verdict = null;
    const check = new EndCheck(this, session, at.names, at.onShow, at.onSaved);
    check.saved = guestSavedGame(session, fair, at.names, verdictOf(session.check));
    check.keep();
    return /** @type {Promise<Outcome>} */ (this.track(session.table, check, check.run(at.mine, release), claim));
  }

  /**
   * `work` is the check of `table` in this tab until it ends; the tab's claim on it goes with it.
   * @param {string} table @param {EndCheck} check @param {Promise<Outcome>} work @param {import("../store/table-lock.js").TableClaim|null} claim
   */
  track(table, check, work, claim) {
    const ended = checkRunning(table, () => check.stop());
    const done = work.finally(() => {
      claim?.release();
      this.running.delete(table);
      ended();
    });
    this.running.set(table, done);
    return done;
  }

  /** Go on with every check the saved games show unfinished (a reload, the tab opened again). */
  async resumeSaved() {
    /** @type {SavedGame[]} */
    let games = [];
    try {
      games = await listGames();
    } catch {
      return; // no saved games here: nothing lists a check to go on with
    }
    await Promise.all(games.filter(checkUnfinished).map((g) => this.resume(g)));
  }

  /**
   * Go on with one saved game's check, once this tab holds it (another tab may be running it: then when that
   * tab lets go, from whatever it left).
   * @param {SavedGame} saved @returns {Promise<Outcome|null>}
   */
  async resume(saved) {
    const table = saved.guest.table;
    if (this.running.has(table)) return this.running.get(table) ?? null;
    const claim = await claimTable(`check-${table}`);
    if (!claim.held && !(await claim.whenFree())) return null;
    if (this.running.has(table)) {
      claim.release();
      return null;
    }
    const names = saved.seats.map((s) => s.name);
    const session = loadGuest(table);
    const check = new EndCheck(this, session, names);
    check.saved = saved;
    return this.track(table, check, check.resume(), claim);
  }
}

/** One guest's check of one table. */
class EndCheck {
  /**
   * @param {EndChecks} service @param {any} session the guest's record (the table's own object while it is open)
   * @param {string[]} names @param {(v: import("./verdict.js").Verdict) => void} [onShow]
   * @param {(saved: SavedGame) => void} [onSaved]
   */
  constructor(service, session, names, onShow, onSaved) {
    this.service = service;
    this.session = session;
    this.names = names;
    this.onShow = onShow ?? (() => {});
    this.onSaved = onSaved ?? (() => {});
    /** @type {SavedGame|null} */
    this.saved = null;
    /** @type {Promise<void>|null} the saved game's write in flight */
    this.writing = null;
    this.dirty = false;
    /** Its saved game was deleted: nothing more is searched or written. */
    this.stopped = false;
  }

  stop() {
    this.stopped = true;
    const job = this.session?.check?.job;
    if (job) this.service.pool.cancel(job);
  }

  /** The guest's record as it stands, then the saved game (written after the one in flight). */
  keep() {
    saveGuest(this.session.table, this.session);
    this.show(this.session.verdict ?? verdictOf(this.session.check));
  }

  /** Show a verdict at the table and in the lobby's list, and save it with the game. @param {import("./verdict.js").Verdict} verdict */
  show(verdict) {
    this.onShow(verdict);
    if (!this.saved || this.stopped) return;
    const text = verdictHeadline(verdict, this.names);
    this.saved = { ...this.saved, verdict: { ...verdict, text }, code: verdict.code ?? this.saved.code, ledger: verdict.ledger ?? this.saved.ledger };
    tellEndCheck(this.saved);
    this.onSaved(this.saved);
    this.writeSaved();
  }

  /** Write the saved game; a change made meanwhile is written once the write in flight is done. */
  writeSaved() {
    if (this.writing) {
      this.dirty = true;
      return this.writing;
    }
    this.writing = (async () => {
      do {
        this.dirty = false;
        await saveGame(/** @type {SavedGame} */ (this.saved)).catch((err) => console.warn("The check's saved game was not written", err));
      } while (this.dirty);
      this.writing = null;
    })();
    return this.writing;
  }

  /** A reload's check: from the guest's record, if it is still there. @returns {Promise<Outcome>} */
  async resume() {
    const s = this.session;
    if (s?.verdict?.kind && s.verdict.kind !== "checking") { // finished in another tab after this list was read
      this.show(s.verdict);
      await this.writeSaved();
      return { verdict: s.verdict, ending: "", verifyMs: null, recheckMs: null };
    }
    if (!s?.check || (!s.check.first && !s.check.fair)) {
      const verdict = lostVerdict(this.saved?.verdict ?? {});
      this.show(verdict);
      await this.writeSaved();
      return { verdict, ending: "", verifyMs: null, recheckMs: null };
    }
    const mine = s.check.first ? null : Object.assign(new GuestProtocol({ inviteCode: "", load: loadGuest, save: () => {} }), { session: s }).record();
    return this.run(mine, () => {});
  }

  /**
   * Both stages, or what is left of them: stage one unless its outcome is kept, then the bot moves not yet
   * searched.  `release` lets the pool's extra workers go once stage two holds them (or is not needed).
   * @param {any} mine the guest's record for stage one (null when stage one is done) @param {() => void} release
   * @returns {Promise<Outcome>}
   */
  async run(mine, release) {
    const s = this.session;
    const check = s.check;
    const pool = this.service.pool;
    let verifyMs = null;
    let recheckMs = null;
    if (!check.first) {
      const t0 = performance.now();
      try {
        afterStageOne(check, await verifyFair({ call: (op, fields) => pool.call(op, fields) }, mine, check.fair), s);
      } catch (err) {
        afterStageOne(check, {
          ok: false, kind: "failed", reason: "", notes: [], pending: [], ending: "",
          steps: [{ name: "the check ran", ok: false, detail: String(err?.message ?? err), blame: null }],
        }, s);
      }
      verifyMs = Math.round(performance.now() - t0);
      this.keep();
    }
    if (check.job && !finished(check) && !this.stopped) {
      const t1 = performance.now();
      const searching = pool.run(check.job, {
        state: check.state,
        onProgress: (state) => {
          check.state = state;
          this.keep();
        },
      });
      release();
      check.state = await searching;
      recheckMs = Math.round(performance.now() - t1);
    }
    release();
    const verdict = verdictOf(check);
    const ending = check.first?.ending ?? "";
    if (this.stopped) return { verdict, ending, verifyMs, recheckMs }; // still "checking": a deleted game has no verdict
    s.verdict = verdict;
    s.check = null;
    this.keep();
    await this.writeSaved();
    return { verdict, ending, verifyMs, recheckMs };
  }
}
