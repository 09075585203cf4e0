// @ts-check
/**
 * The 169 board: the 13 by 13 grid with its rank labels (grid.js), beside it
 * the row of tiles for sale and the viewer's coordinate cards (tray.js), the
 * Pass button beside the prompt, and a side panel with each seat's gold,
 * castles, cards and row of tiles (panel.js).
 *
 * A buy is two clicks: a tile in the row for sale, then a lit square (the
 * squares its cards name where that tile may go).  A creature's move is two
 * clicks too: the creature, then a lit square; badges on the squares and a
 * list beside the board say what the move would do (the view's
 * `move_effects`).  It draws the view it is given and turns clicks into the
 * legal actions it is given; it never decides what is legal.  On a phone the
 * row for sale comes above the board, and the board is shown close up while
 * it has something to tap (closeup.js).  On a wide screen the grid is as
 * large as the window leaves room for, and the keyboard moves over it by
 * arrows, as in a data grid (keys.js).
 */
import { MoveChooser } from "../../board/chooser.js";
import { h } from "../../common/dom.js";
import { cellsOf, drawGrid } from "./grid.js";
import { fitToWindow, GridKeys } from "./keys.js";
import { closeUp, CloseUpPan } from "./closeup.js";
import { drawTray, passButton } from "./tray.js";
import { drawPanel } from "./panel.js";
import { resultTables } from "./result.js";
import { EFFECT_TONE, count, effectText, squareName, TITLES, withArticle } from "./text.js";

/** Below this board width (CSS px) the board is laid out for a phone. */
const NARROW = 600;
/**
 * The pause before each bot move while creatures move (ms): late in a game the bots move 6 to 8
 * creatures one at a time, and at the table's usual 600 ms that kept a person waiting 5 to 13 s.
 * Eight creature moves and three passes at this pace, with the last 260 ms slide, take under 1.5 s.
 */
const CREATURE_PAUSE = 100;

/** The piece an action moves: a kind in the row for sale, or a creature on its square. */
function pieceOf(action) {
  if (action.type === "buy") return `shop:${action.tile}`;
  if (action.type === "move") return `cr:${action.from[0]}:${action.from[1]}`;
  return null;
}

/** Where an action lands: a square, or the Pass button. */
function targetOf(action) {
  if (action.type === "buy") return `sq:${action.square[0]}:${action.square[1]}`;
  if (action.type === "move") return `sq:${action.to[0]}:${action.to[1]}`;
  return action.type === "pass" ? "pass" : null;
}

/** The badge colour for a list of effect codes: the worst outcome for the mover wins. */
function toneOf(codes) {
  if (codes.includes("dies")) return "bad";
  if (codes.includes("both_die")) return "mixed";
  return EFFECT_TONE[codes[0]] ?? "good";
}

export class OneSixNineBoard {
  /** @param {HTMLElement} root @param {{onAction: (a: any) => void, names: string[], fitWindow?: boolean}} opts */
  constructor(root, opts) {
    this.root = root;
    this.names = opts.names;
    this.chooser = new MoveChooser(opts.onAction, () => this.redraw(), { describe: (kind, key, node) => this.describe(kind, key, node) });
    /** @type {{view: any, legal: any[], viewer: number|null, active: boolean}|null} */
    this.state = null;
    /** @type {Map<string, any>} square "x:y" → {ground, creature} */
    this.cells = new Map();
    /** The position last drawn (viewer, log length, whether it may act): a new one clears the choice. */
    this.position = "";
    /** The square under the pointer, "x:y" ("0:0": none). */
    this.hovered = "0:0";
    /** Whether the board is laid out for a phone (see NARROW), and where its close-up is panned. */
    this.narrow = false;
    /** Whether the grid sizes itself to the window below it (keys.js): at a table; not in a lobby picture, whose
     *  hidden stage stands wherever its card does, so the room below it says nothing about the board. */
    this.fitWindow = opts.fitWindow !== false;
    this.pan = new CloseUpPan();
    /** Whether the keyboard is reading the grid on a phone: the grid is then shown close up, whatever can be
     *  tapped, so the square in focus is as large as a tapped one (the whole board's squares are about 28 px). */
    this.reading = false;
    /** @type {string|null} the piece chosen when the board was last drawn: a tile chosen since sends the focus to the grid */
    this.drawnChoice = null;
    /** Arrow keys between the squares, one tab stop for the whole grid (keys.js). */
    this.keys = new GridKeys();
    this.keys.listen(root);
    this.chooser.listen(root);
    const onResize = () => {
      if (!this.root.isConnected) window.removeEventListener("resize", onResize); // the table has gone
      else if (this.state && this.isNarrow() !== this.narrow) this.redraw();
      else if (!this.narrow && this.fitWindow) fitToWindow(this.root);
    };
    window.addEventListener("resize", onResize);
    root.addEventListener("mouseover", (event) => this.hover(/** @type {Element} */ (event.target)));
    root.addEventListener("mouseleave", () => this.hover(null));
    // a square reached with the keyboard says what lies there, as pointing at it does
    root.addEventListener("focusin", (event) => {
      this.hover(/** @type {Element} */ (event.target));
      this.readCloseUp(/** @type {Element} */ (event.target));
    });
  }

  /**
   * A square of the whole board reached by keyboard on a phone: the board turns to its close-up, the focus on
   * the same square.  It stays close up until the position changes with the focus outside the grid.
   * @param {Element} node
   */
  readCloseUp(node) {
    if (!this.narrow || this.reading || !node.matches(":focus-visible")) return;
    const square = node.closest(".osn-grid .sq");
    if (!square || this.root.querySelector(".osn-grid-wrap.zoomed")) return;
    this.reading = true;
    this.redraw();
    this.keys.go(this.root, Number(square.getAttribute("data-x")), Number(square.getAttribute("data-y")));
  }

  /** Whether the board is too narrow to show every square large enough to tap. */
  isNarrow() {
    const width = this.root.clientWidth;
    return width > 0 && width < NARROW;
  }

  /** @param {{view: any, legal: any[], viewer: number|null, active: boolean}} state */
  update(state) {
    this.state = state;
    this.cells = cellsOf(state.view.board);
    // a new position (or another person at the device): nothing stays chosen, except the one
    // piece that can move at all; the same position drawn again keeps the player's choice
    const position = `${state.viewer}:${state.view.log.length}:${state.active}`;
    if (position !== this.position) {
      this.chooser.selected = null;
      // a new position with the keyboard elsewhere: the phone shows the whole board again when nothing is to tap
      if (!this.root.querySelector(".osn-grid :focus")) this.reading = false;
    }
    this.position = position;
    this.chooser.offer(state.legal, pieceOf, targetOf);
    // the one creature that can move is picked up for the player; a tile is bought only when the player picks it
    const pieces = this.chooser.pieces();
    const only = pieces.size === 1 ? [...pieces][0] : null;
    if (!this.chooser.selected && only?.startsWith("cr:")) this.chooser.selected = only;
    this.redraw();
  }

  clear() {
    this.state = null;
    this.position = "";
    this.chooser.offer([], pieceOf, targetOf);
    this.root.replaceChildren();
  }

  redraw() {
    if (!this.state) return;
    const { view, viewer, active } = this.state;
    const selected = this.chooser.selected;
    const pieces = this.chooser.pieces();
    const targets = this.chooser.targets();
    const moveTargets = new Map();
    /** @type {{key: string, text: string, tone: string}[]|null} */
    let moves = null;
    if (selected && selected.startsWith("cr:")) {
      const mover = this.cells.get(selected.slice(3))?.creature;
      moves = [];
      for (const m of this.chooser.moves) {
        if (m.piece !== selected) continue;
        const [fx, fy] = m.action.from;
        const [tx, ty] = m.action.to;
        const found = (view.move_effects || []).find((e) => e.from[0] === fx && e.from[1] === fy && e.to[0] === tx && e.to[1] === ty);
        const effects = found ? found.effects : [];
        moveTargets.set(`${tx}:${ty}`, { effects });
        if (effects.length && mover) {
          const cell = this.cells.get(`${tx}:${ty}`) ?? { ground: null, creature: null };
          const text = effectText(effects, cell, mover.kind, viewer, this.names).replace(/^Your \w+ /, "");
          moves.push({ key: `sq:${tx}:${ty}`, text: `${squareName(tx, ty)}: ${text}`, tone: toneOf(effects) });
        }
      }
    }
    this.narrow = this.isNarrow();
    const zoom = this.narrow && (this.reading || [...targets].some((t) => t.startsWith("sq:")) || [...pieces].some((p) => p.startsWith("cr:")));
    const grid = drawGrid(view, { viewer, names: this.names, cells: this.cells, selected, targets, pieces, moveTargets, zoom });
    const tray = drawTray(view, { viewer, names: this.names, pieces, moves });
    this.hovered = "0:0";
    this.pan.remember(this.root);
    this.root.replaceChildren(h("div", { class: `osn-board${this.narrow ? " osn-narrow" : ""}`, "data-phase": view.phase }, [
      h("div", { class: "osn-prompt-row" }, [
        h("p", { class: "prompt osn-prompt", id: "prompt" }, [this.promptText(view, viewer, active)]),
        active && this.chooser.hasTarget("pass") ? passButton(view) : null,
      ]),
      h("p", { class: "osn-info", "aria-live": "off" }, [" "]),
      // the tray comes first in the page (so Tab reaches the row for sale before the squares it lights);
      // the style sheet draws the grid on the left
      h("div", { class: "osn-row" }, [tray, h("div", { class: `osn-grid-wrap${zoom ? " zoomed" : ""}` }, [zoom ? closeUp(view, grid) : grid])]),
    ]));
    this.chooser.mark(this.root);
    this.keys.rove(this.root, selected);
    if (!this.narrow && this.fitWindow) fitToWindow(this.root); // a phone's board has a layout of its own (closeup.js)
    this.root.querySelectorAll(".shop-tile").forEach((node) => node.classList.toggle("idle", !node.classList.contains("legal")));
    this.pan.settle(this.root); // once the squares to tap are marked
    // a tile just chosen (the focus, put back on it, is still on the board): on to the squares it may go to
    const chosenNow = selected?.startsWith("shop:") && selected !== this.drawnChoice;
    this.drawnChoice = selected;
    const focus = document.activeElement;
    if (chosenNow && focus && this.root.contains(focus)) this.keys.toFirstLit(this.root, focus.matches(":focus-visible"));
  }

  /**
   * A creature or square in words, for the keyboard and screen readers (a
   * square's own title already says what lies there and what a move would do).
   * @param {"piece"|"target"} kind @param {string} key @param {Element} node
   */
  describe(kind, key, node) {
    if (kind !== "piece" || !key.startsWith("cr:")) return null;
    const [x, y] = key.slice(3).split(":").map(Number);
    const creature = this.cells.get(`${x}:${y}`)?.creature;
    if (!creature) return null;
    const square = node.closest(".sq")?.querySelector(":scope > title")?.textContent ?? squareName(x, y);
    return `Your ${TITLES[creature.kind]}. ${square}`;
  }

  /**
   * Pointing at a square: light its column and row labels, say what lies there
   * (and what the chosen piece would do), and lift the two cards a buy there spends.
   * @param {Element|null} node
   */
  hover(node) {
    const square = node?.closest?.(".osn-grid .sq");
    const x = square ? Number(square.getAttribute("data-x")) : 0;
    const y = square ? Number(square.getAttribute("data-y")) : 0;
    if (this.hovered === `${x}:${y}`) return;
    this.hovered = `${x}:${y}`;
    this.root.querySelectorAll(".axis-label.hot").forEach((n) => n.classList.remove("hot"));
    this.root.querySelectorAll(".osn-card.spend").forEach((n) => n.classList.remove("spend"));
    const info = this.root.querySelector(".osn-info");
    if (!square) {
      if (info) info.textContent = " ";
      return;
    }
    this.root.querySelector(`.axis-label[data-axis='col'][data-rank='${x}']`)?.classList.add("hot");
    this.root.querySelector(`.axis-label[data-axis='row'][data-rank='${y}']`)?.classList.add("hot");
    // a lit square is a button, whose <title> became its name (js/board/keys.js)
    if (info) info.textContent = square.querySelector(":scope > title")?.textContent ?? square.getAttribute("aria-label") ?? " ";
    if (square.classList.contains("legal") && this.chooser.selected?.startsWith("shop:")) {
      const want = [x, y];
      this.root.querySelectorAll(".osn-card").forEach((card) => {
        const i = want.indexOf(Number(card.getAttribute("data-rank")));
        if (i >= 0) {
          want.splice(i, 1);
          card.classList.add("spend");
        }
      });
    }
  }

  statusText(view) {
    if (view.phase === "over") return `Game over after turn ${view.turn}`;
    const left = view.last_turn - view.turn;
    const more = left > 0 ? `${count(left, "turn")} after this` : "the last turn";
    return `Turn ${view.turn} of ${view.last_turn} (${more}) · ${view.phase_title}`;
  }

  /** What the player should do now, in one line. */
  promptText(view, viewer, active) {
    if (view.phase === "over") return "The game is over: see the result.";
    if (viewer === null) return "You are watching.";
    const mover = view.to_move[0];
    if (!active) {
      const who = this.names[mover] ?? "the next player";
      return view.phase === "buy" ? `Waiting for ${who} to buy a tile or pass…` : `Waiting for ${who} to move a creature or pass…`;
    }
    const selected = this.chooser.selected;
    const pieces = this.chooser.pieces();
    if (view.phase === "buy") {
      if (!pieces.size) return "Nothing you can afford fits a square your cards name: press Pass.";
      if (selected) {
        const kind = selected.slice(5);
        return `Choose a lit square to drop ${withArticle(TITLES[kind])} (${view.costs[kind]} gold) there, or choose another tile.`;
      }
      return "Your buy: choose a tile for sale, then a lit square your cards name (or Pass).";
    }
    if (!pieces.size) return "None of your creatures can move: press Pass.";
    if (selected) {
      const creature = this.cells.get(selected.slice(3))?.creature;
      const name = creature ? TITLES[creature.kind] : "creature";
      const more = pieces.size > 1 ? " (or another creature)" : "";
      return `Choose a lit square for your ${name}${more}. Badges show fights, thefts and smashes.`;
    }
    return "Choose one of your lit creatures, then where it goes: up to 3 steps, Roads are free (or Pass).";
  }

  /**
   * The table's pause before a bot's move (js/common/dom.js `botPause`): short while creatures move.
   * @param {number} standard the table's pause (ms)
   */
  botPause(standard) {
    return this.state?.view.phase === "move" ? Math.min(standard, CREATURE_PAUSE) : standard;
  }

  /** Each seat's gold, castles, cards and row of tiles; the order of play and the supplies. */
  sidePanel(view) {
    return drawPanel(view, this.state ? this.state.viewer : view.seat, this.names);
  }

  /** Every seat's castle tiles, doublings, count, gold; then how the game was decided. */
  resultDetail(result) {
    const view = this.state?.view;
    return resultTables(result, this.names, view && view.phase === "over" ? view : null, this.isNarrow());
  }
}
