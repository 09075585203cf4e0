// @ts-check
/**
 * What every table that keeps a game on this device goes through, the same
 * way at a table on this device (js/tables/local-table.js) and at a hosted
 * network table (js/tables/host-table.js): claiming the table for this tab
 * (its Web Lock, js/tables/table-elsewhere.js), saving the game after every
 * move (the whole game each time, so a failed save is made good by the next),
 * saying at the table when a save fails (js/tables/save-status.js) while play
 * goes on in memory, and leaving (the last saves go through before another
 * tab may take the table).  Only the tab that holds the claim saves.
 */
import { EngineError } from "../engine/bridge.js";
import { fillNames, toast } from "../common/dom.js";
import { saveGame } from "../store/games-db.js";
import { downloadRecord } from "../store/records.js";
import { SaveStatus } from "./save-status.js";
import { ownTable } from "./table-elsewhere.js";

export class TableLifecycle {
  /**
   * @param {import("../engine/bridge.js").Engine} engine
   * @param {HTMLElement} root the table's root (its `data-phase`, the notice of another tab)
   * @param {{names: string[], people: number, onLeave: () => void}} opts
   *   names: the seats' names as shown (kept by reference: a guest's name may change them);
   *   people: how many people play (with two or more, an unfinished game's record shows the others' hidden pieces)
   */
  constructor(engine, root, opts) {
    this.engine = engine;
    this.root = root;
    this.names = opts.names;
    this.people = opts.people;
    this.onLeave = opts.onLeave;
    this.closed = false;
    /** The engine's table id ("" until it is open). */
    this.table = "";
    this.version = 0;
    /** @type {import("../store/games-db.js").SavedGame|null} what is saved after every move */
    this.saved = null;
    /** @type {import("../store/table-lock.js").TableClaim|null} this tab's ownership of the table (nothing is saved without it) */
    this.claim = null;
    /** @type {Promise<void>} the last save in flight */
    this.saving = Promise.resolve();
    /** The notice under the table bar while saves fail; the table places `saveStatus.el` and calls `refresh` as the phase changes. */
    this.saveStatus = new SaveStatus({
      canExport: () => this.people <= 1 || this.root.dataset.phase === "over",
      exportRecord: () => this.saved && downloadRecord(this.saved),
      retry: () => this.queueSave(),
    });
  }

  /**
   * Own table `id` in this tab before playing it (js/tables/table-elsewhere.js).  False when the table must
   * not go on here: it was left while waiting for the other tab, or the person went back to the lobby instead.
   * @param {string} id @param {import("./table-elsewhere.js").OwnOptions} options
   */
  async claimTable(id, options) {
    this.claim = await ownTable(this.root, id, options);
    if (this.closed) {
      this.claim?.release(); // left while waiting for the other tab
      return false;
    }
    if (!this.claim) {
      this.leave();
      return false;
    }
    return true;
  }

  /** Save in the background, after any save still in flight; the table awaits `saving` where it must. */
  queueSave() {
    this.saving = this.saving.then(() => this.writeSaved());
  }

  /**
   * Write the whole game to IndexedDB.  A failure is said at the table (js/tables/save-status.js) and play
   * goes on in memory; the next save, or "Try saving again", writes every move missed meanwhile.
   */
  async writeSaved() {
    if (!this.saved || !this.claim?.held) return;
    const code = /** @type {any} */ (this).code; // a hosted table's code (js/tables/host-table.js): listed and exported with it
    if (code) this.saved.code = code;
    try {
      await saveGame(this.saved);
      this.saveStatus.saved();
    } catch (err) {
      this.saveStatus.failed(err, this.saved.actions.length > 0);
    }
  }

  /** Leave the table: the claim goes once the last saves are written, the engine's table is closed. */
  leave() {
    this.closed = true;
    this.claim?.releaseAfter(this.saving); // another tab may take the table once the last saves are written
    delete this.root.dataset.phase;
    if (this.table) this.engine.call("close", { table: this.table }).catch(() => {});
    this.onLeave();
  }

  /** @param {any} err */
  report(err) {
    const message = err instanceof EngineError ? fillNames(err.message, this.names) : `Something went wrong: ${err && err.message || err}`;
    toast(message);
    console.error(err);
  }
}
