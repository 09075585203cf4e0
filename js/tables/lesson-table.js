// @ts-check
/**
 * A guided first game ("Learn by playing"): a table on this device whose
 * tutor bot plays the lesson's script (py/parlour/lessons.py, each title's
 * `lesson.py`), and whose learner is shown, before each of their moves, what
 * to do and why, with the scripted move pointed at on the board as a hint is.
 *
 * It is a LocalTable: the same engine table, board, clicks, move log and
 * interludes; only three things differ.  The tutor's moves come from the
 * script; a learner's move other than the scripted one gets a one-line nudge
 * (the engine never sees it); and after the last step the lesson hands over
 * to a whole game against the Easy bot.  Every step's words go to a live
 * region, so a screen reader announces them.  A lesson is not kept with the
 * saved games: it is short, and starts again from its first step.
 */
import { h } from "../common/dom.js";
import { canonical } from "../net/canonical.js";
import { LocalTable } from "./local-table.js";

/**
 * @typedef {{seat: number, action: any, say?: string, nudge?: string}} LessonStep
 * @typedef {{game: string, players: number, seed: number, options?: Record<string, any>, learner: number,
 *   names: string[], intro: string, outro: string, steps: LessonStep[]}} Lesson
 */

/** What a learner's move outside the lesson is told when its step has no words of its own for it. */
const NUDGE = "Not that one in this lesson: play the move marked in blue.";
/** Where the lesson's words sit under the board, held at the screen's bottom (as css/parlour.css says). */
const PHONE_WIDTH = "(max-width: 600px)";

export class LessonTable extends LocalTable {
  /**
   * @param {import("../engine/bridge.js").Engine} engine
   * @param {HTMLElement} root
   * @param {{game: any, lesson: Lesson}} setup
   * @param {{botDelay?: number, onLeave: () => void, onPlayOn: (setup: any) => void}} settings
   *   onPlayOn: open a table for this setup (a whole game of this title, the tutor's seat an Easy bot)
   */
  constructor(engine, root, setup, settings) {
    const { lesson } = setup;
    const seats = lesson.names.map((name, i) => i === lesson.learner ? { kind: "human", name } : { kind: "bot", name, level: "easy" });
    super(engine, root, { game: setup.game, seats, options: lesson.options ?? {}, seed: lesson.seed }, settings);
    this.lesson = lesson;
    this.onPlayOn = settings.onPlayOn;
    /** The learner's steps, by their index in the script (for "Step 3 of 9"). */
    this.learnerSteps = lesson.steps.flatMap((step, i) => (step.seat === lesson.learner ? [i] : []));
    this.els.lessonStep = h("p", { class: "lesson-step-count" });
    this.els.lessonSay = h("p", { class: "lesson-say" }, [lesson.intro]);
    this.els.lessonNudge = h("p", { class: "lesson-nudge", role: "alert" });
    this.els.lessonEnd = h("div", { class: "lesson-end", hidden: true });
    // a tab stop: on a phone its words may scroll (WCAG 2.1.1)
    this.els.lesson = h("section", { class: "lesson-panel", "aria-label": `Lesson: ${setup.game.title}`, tabindex: "0" }, [
      this.els.lessonStep,
      h("div", { "aria-live": "polite", "aria-atomic": "true" }, [this.els.lessonSay]),
      this.els.lessonNudge,
      this.els.lessonEnd,
    ]);
    root.dataset.lesson = setup.game.id;
    const leaveButton = root.querySelector(".table-bar .leave");
    if (leaveButton) {
      leaveButton.textContent = "Leave lesson";
      leaveButton.setAttribute("title", "Back to the lobby (a lesson starts again from its first step)");
    }
    // above the board; on a phone under it, held at the bottom of the screen (css/parlour.css), so the words
    // stay in sight while the page scrolls to what they point at
    this.phone = matchMedia(PHONE_WIDTH);
    this.placePanel = () => {
      const main = root.querySelector(".table-main");
      if (main) root.insertBefore(this.els.lesson, this.phone.matches ? main.nextSibling : main);
    };
    this.placePanel();
    this.phone.addEventListener("change", this.placePanel);
  }

  /** A lesson is not one of the saved games (see the file's note): nothing is written. */
  async writeSaved() {}

  /** @param {import("./local-table-screen.js").LocalPhase} phase */
  setPhase(phase) {
    super.setPhase(phase);
    this.els.hint.hidden = true; // the lesson itself points at the move; the Hard bot's hint would disagree
    this.els.exporter.hidden = true; // a lesson's record is its script: nothing of the person's to keep
  }

  /** The script's step for the table's position (its version counts the moves played), if any. */
  currentStep() {
    return this.lesson.steps[this.version] ?? null;
  }

  /** The tutor plays the script's move. @param {number} seat */
  async botChoice(seat) {
    const step = this.currentStep();
    if (!step || step.seat !== seat) throw new Error(`The lesson has no move for ${this.names[seat]} at move ${this.version + 1}.`);
    return { action: step.action, version: this.version };
  }

  /**
   * After the script's last step the lesson is over (the game is not): the board as that step left it
   * (the learner's own last move drawn), then the hand-over.  @param {any} probe
   */
  async stopsBefore(probe) {
    if (probe.version < this.lesson.steps.length) return false;
    await this.show(this.shown, false, undefined, probe.snapshot);
    if (!this.closed) this.finish();
    return true;
  }

  /** The learner's turn: the step's words, and its move pointed at.  No Undo and no looking back. @param {number} person */
  offerAtTurn(person) {
    const step = this.currentStep();
    if (!step || step.seat !== person) return;
    const number = this.learnerSteps.indexOf(this.version) + 1;
    this.els.lessonStep.textContent = `Step ${number} of ${this.learnerSteps.length}`;
    this.els.lessonSay.textContent = number === 1 ? `${this.lesson.intro} ${step.say}` : step.say ?? "";
    this.pointAt(step);
  }

  /** Mark the step's move on the board, as a hint marks one. @param {LessonStep} step */
  pointAt(step) {
    const board = /** @type {any} */ (this.board);
    const legal = this.liveSnap?.legal ?? [];
    const want = canonical(step.action);
    // the board compares moves as the engine spelt them: hand it the engine's own copy when it lists one
    const action = legal.find((/** @type {any} */ a) => canonical(a) === want) ?? step.action;
    if (typeof board.hint === "function") board.hint(action, "lesson");
    else board.chooser?.hint(action, this.els.board);
  }

  /** @param {Record<string, any>} action */
  async onAction(action) {
    const step = this.currentStep();
    if (this.busy || this.closed || !step || step.seat !== this.shown || canonical(action) === canonical(step.action)) {
      this.els.lessonNudge.textContent = "";
      return super.onAction(action);
    }
    // a move outside the lesson: a nudge, and the board as it was (the engine never sees the move)
    this.els.lessonNudge.textContent = step.nudge ?? NUDGE;
    this.board.moveRefused();
    this.busy = true;
    try {
      await this.show(this.shown, true, this.shown, this.liveSnap);
    } finally {
      this.busy = false;
    }
    this.setPhase("move");
    this.pointAt(step);
  }

  /** Hand over to a whole game of this title against the Easy bot, opened in the lesson's place. */
  handOver() {
    removeEventListener("pageshow", this.onPageShow);
    this.phone.removeEventListener("change", this.placePanel);
    this.closed = true;
    this.claim?.release();
    if (this.table) this.engine.call("close", { table: this.table }).catch(() => {});
    delete this.root.dataset.lesson;
    this.onPlayOn({ game: this.setup.game, seats: this.setup.seats, options: this.setup.options });
  }

  leave() {
    this.phone.removeEventListener("change", this.placePanel);
    delete this.root.dataset.lesson;
    super.leave();
  }

  /** The lesson's last words, and the way on: a whole game against Easy, or back to the lobby. */
  finish() {
    this.setPhase("lesson-over");
    this.els.lessonStep.textContent = "Lesson complete";
    this.els.lessonSay.textContent = this.lesson.outro;
    this.els.lessonNudge.textContent = "";
    this.els.status.textContent = "Lesson complete";
    const playOn = h("button", { type: "button", class: "primary lesson-play-on", onclick: () => this.handOver() },
      ["Now play a whole game against Easy"]);
    this.els.lessonEnd.replaceChildren(playOn,
      h("button", { type: "button", class: "lesson-lobby", onclick: () => this.leave() }, ["Back to the lobby"]));
    this.els.lessonEnd.hidden = false;
    playOn.focus();
  }
}
