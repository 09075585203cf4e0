// @ts-check
/**
 * The King's Cottage board: the two-story cottage, the supplies strip (piles,
 * bag, die, what is in hand, the King's collection), the secret investment
 * form, and a side panel with the seats, the house score sheet and the
 * viewer's own stakes.
 *
 * It draws the view it is given and turns clicks into the legal actions it is
 * given (a piece, then a place); it never decides what is legal.  Drawing
 * lives beside it in cottage.js, tray.js, pieces.js and invest.js.  A narrow
 * screen (a phone) gets the supplies in two rows, the cottage as two floor
 * plans (floors.js) and buttons for what is too small to tap there (picks.js).
 */
import { at, svgRoot } from "../../board/svg.js";
import { SUIT_COLOURS } from "../../board/piecepack.js";
import { h } from "../../common/dom.js";
import { count } from "../../common/plural.js";
import { MoveChooser } from "../../board/chooser.js";
import { drawCottage, NEVER_MARK, NEVER_MEANS, neverCompletes } from "./cottage.js";
import { drawFloors } from "./floors.js";
import { pieceButtons, stairsButtons } from "./picks.js";
import { drawTray } from "./tray.js";
import { investForm, signed } from "./invest.js";
import { furnishing, houseName, pieceName } from "./pieces.js";

/** Below this board width (CSS px) the board is drawn for a phone. */
const NARROW = 600;

/**
 * Which piece an action moves (null: the action is a single click on a place).
 * On a phone, raising a room is two taps: the spot, then where its stairs lead.
 * @param {any} a @param {boolean} [narrow]
 */
function pieceOf(a, narrow = false) {
  switch (a.type) {
    case "place_tile": return narrow && a.story === 2 ? `spot:${a.x}:${a.y}` : null;
    case "move_coin": case "swap": return `coin:${a.coin}`;
    case "move_king": case "place_king": return "king";
    case "place_coin": return `side:${a.up}`;
    default: return null;
  }
}

/** Where an action lands, as a board target key. */
function targetOf(a) {
  switch (a.type) {
    case "draw_tile": return `pile:${a.suit}`;
    case "draw_coin": return "bag";
    case "roll": return "die";
    case "stop": return "stop";
    case "place_tile": return a.story === 1 ? `cell:${a.x}:${a.y}` : `up:${a.x}:${a.y}:${a.stairs}`;
    case "place_coin": case "place_king": return `room:${a.room}`;
    case "move_coin": case "move_king": return `room:${a.to}`;
    case "swap": return `kcoin:${a.with}`;
    default: return null;
  }
}

export class KingsCottageBoard {
  /** @param {HTMLElement} root @param {{onAction: (a: any) => void, names: string[]}} opts */
  constructor(root, opts) {
    this.root = root;
    this.names = opts.names;
    this.onAction = opts.onAction;
    this.chooser = new MoveChooser(opts.onAction, () => this.redraw());
    /** @type {{view: any, legal: any[], viewer: number|null, active: boolean}|null} */
    this.state = null;
    /** The stakes being chosen, and whose they are (a draft never survives a change of seat). */
    this.draft = /** @type {Record<string, number>} */ ({});
    /** @type {number|null|undefined} */
    this.draftSeat = undefined;
    /** Whether the board is drawn for a phone (see NARROW). */
    this.narrow = false;
    this.chooser.listen(root);
    const onResize = () => {
      if (!this.root.isConnected) window.removeEventListener("resize", onResize); // the table has gone
      else if (this.state && this.isNarrow() !== this.narrow) this.update(this.state);
    };
    window.addEventListener("resize", onResize);
  }

  /** Whether the board is too narrow for the one-piece cottage and the long supplies strip. */
  isNarrow() {
    const width = this.root.clientWidth;
    return width > 0 && width < NARROW;
  }

  /** @param {{view: any, legal: any[], viewer: number|null, active: boolean}} state */
  update(state) {
    this.state = state;
    this.narrow = this.isNarrow();
    if (this.draftSeat !== state.viewer || state.view.phase !== "invest") this.resetDraft(state.viewer, state.view);
    this.chooser.offer(state.legal.filter((a) => a.type !== "invest"), (a) => pieceOf(a, this.narrow), targetOf);
    this.redraw();
  }

  resetDraft(viewer, view) {
    this.draftSeat = viewer;
    this.draft = Object.fromEntries((view?.houses_order ?? []).map((hs) => [hs, 0]));
  }

  /**
   * Point at a suggested move (the table's hint): an investment fills the form,
   * anything else is marked on the board.  @param {any} action @returns {boolean}
   */
  hint(action) {
    if (action.type === "invest") {
      for (const house of Object.keys(this.draft)) this.draft[house] = action[house];
      this.redraw();
      return true;
    }
    return this.chooser.hint(action, this.root);
  }

  clear() {
    this.state = null;
    this.resetDraft(undefined, null);
    this.chooser.offer([], (a) => pieceOf(a, this.narrow), targetOf);
    this.root.replaceChildren();
  }

  redraw() {
    if (!this.state) return;
    const { view, viewer, active, legal } = this.state;
    const parts = [h("p", { class: "prompt kc-prompt", id: "prompt" }, [this.prompt(view, viewer, active)])];
    const invests = legal.filter((a) => a.type === "invest");
    if (active && invests.length) parts.push(investForm(view.houses_order, this.draft, invests, (a) => this.onAction(a)));
    parts.push(drawTray(view, viewer, this.names, this.narrow));
    if (this.narrow) parts.push(...this.phoneCottage(view, active ? legal : []));
    else parts.push(drawCottage(view, active ? legal : []));
    // the board's key: what a mark on the cottage means, while one is there
    if (view.board.rooms.some(neverCompletes)) {
      parts.push(h("p", { class: "kc-key", id: "kc-key" }, [h("span", { class: "kc-key-mark" }, [NEVER_MARK]), ` ${NEVER_MEANS}`]));
    }
    const panned = this.planScroll();
    this.root.replaceChildren(h("div", { class: `kc-board${this.narrow ? " kc-narrow" : ""}`, "data-phase": view.phase }, parts));
    this.restorePlanScroll(panned);
    // Pieces inside a room that is a legal destination let the click through to the room
    // (marked before the chooser names its buttons, so that they are no tab stops either).
    const rooms = this.chooser.targets();
    this.root.querySelectorAll("[data-target] [data-piece]").forEach((node) => {
      const room = node.parentElement?.closest("[data-target]")?.getAttribute("data-target");
      if (room && rooms.has(room) && node.getAttribute("data-piece") !== this.chooser.selected) node.classList.add("kc-through");
    });
    this.chooser.mark(this.root);
    // on a phone the chosen piece is picked from a button; its drawing in the cottage lifts too
    this.root.querySelectorAll("[data-shows]").forEach((node) => node.classList.toggle("selected", node.getAttribute("data-shows") === this.chooser.selected));
  }

  /** How far each floor plan too wide for a phone is panned, so a redraw keeps it. @returns {Map<string, number>} */
  planScroll() {
    const at = new Map();
    this.root.querySelectorAll(".kc-plan-frame").forEach((frame) => at.set(/** @type {HTMLElement} */ (frame).dataset.plan ?? "", frame.scrollLeft));
    return at;
  }

  /** Pan each plan back to where it was, or a plan newly too wide to its middle. @param {Map<string, number>} at */
  restorePlanScroll(at) {
    this.root.querySelectorAll(".kc-plan-frame").forEach((node) => {
      const frame = /** @type {HTMLElement} */ (node);
      const spare = frame.scrollWidth - frame.clientWidth;
      if (spare > 0) frame.scrollLeft = at.get(frame.dataset.plan ?? "") ?? spare / 2;
    });
  }

  /**
   * The cottage on a phone: the pieces that may move as buttons, the ground
   * floor, the upper floor (when there is one) and the stairs of a room being raised.
   * @param {any} view @param {any[]} legal
   */
  phoneCottage(view, legal) {
    const { ground, upper } = drawFloors(view, legal, this.chooser.selected);
    const frame = (svg, name) => h("div", { class: "kc-plan-frame", "data-plan": name }, [svg]);
    const parts = [pieceButtons(view, this.chooser.pieces())];
    if (upper) parts.push(h("h4", { class: "kc-plan-title" }, ["Ground floor"]));
    parts.push(frame(ground, "ground"));
    if (upper) parts.push(h("h4", { class: "kc-plan-title" }, ["Upper floor"]), frame(upper, "upper"));
    parts.push(stairsButtons(view, legal, this.chooser.selected));
    return parts.filter(Boolean);
  }

  /** What the viewer should do now, in one line, in words that suit a mouse, a finger and the keyboard alike ("choose", not "click"). */
  prompt(view, viewer, active) {
    return this.promptText(view, viewer, active);
  }

  /** @param {any} view @param {number|null} viewer @param {boolean} active */
  promptText(view, viewer, active) {
    if (view.phase === "over") return "The game is over: see the result.";
    if (viewer === null) return "You are watching.";
    const selected = this.chooser.selected;
    if (!active) {
      if (view.phase === "invest") {
        return view.investments[viewer] ? "Your investments are in. Waiting for the others to invest…" : "Waiting…";
      }
      const who = this.names[view.current] ?? "the next player";
      const doing = view.phase === "move" ? ` (${count(view.points, "movement point")} left)` : "";
      return `Waiting for ${who}${doing}…`;
    }
    switch (view.phase) {
      case "invest": return "Choose your secret investments: a stake for each house, adding up to zero, then press “Invest in secret”.";
      case "turn": return "Your turn: choose a tile pile to add a room, the bag to add a furnishing, or the die to roll.";
      case "forced_tile": return "You rolled a null: choose a tile pile to add a room.";
      case "place_tile": {
        const up = this.state?.legal.some((a) => a.type === "place_tile" && a.story === 2);
        if (this.narrow) {
          if (selected) return `Choose where the stairs lead down, under the upper floor (or the spot again, or a highlighted square).`;
          return `Build ${pieceName(view.pending_tile)}: choose a highlighted square of the ground floor`
            + (up ? ", or a spot of the upper floor to raise it there." : ".");
        }
        return `Build ${pieceName(view.pending_tile)}: choose a highlighted square`
          + (up ? ", or a quarter of a raised second-story spot (its stairs lead down to the room under that quarter)." : ".");
      }
      case "place_coin":
        return selected
          ? `Now choose an entrance to bring it in ${selected === "side:suit" ? "suit" : "value"} side up (or the other side instead).`
          : `You drew ${pieceName(view.pending_coin)}. Choose the side that should lie face up, then an entrance.`;
      case "place_king": return "The King arrives: choose the entrance he comes in at.";
      case "move":
        return selected
          ? "Now choose a highlighted room to step into (or the piece again to put it back), or Stop."
          : `${count(view.points, "movement point")} left: choose a ${this.narrow ? "piece above the cottage" : "furnishing or the King"}, then a highlighted room. Or press Stop.`;
      case "swap":
        return selected
          ? "Now choose the coin of the King's collection to swap it with."
          : `The room is full and the King is there: choose one of its furnishings${this.narrow ? " (above the cottage)" : ""}, then a coin of the King's collection.`;
      default: return view.phase_title;
    }
  }

  statusText(view) {
    if (view.phase === "over") return "Game over";
    return `${view.phase_title} · ${view.months.length} of ${view.months_to_end} months passed`;
  }

  sidePanel(view) {
    const viewer = view.seat;
    const seats = Array.from({ length: view.players }, (_, k) => {
      const name = this.names[k] ?? `Seat ${k + 1}`;
      const moving = view.to_move.includes(k);
      const notes = [];
      if (view.phase === "invest") notes.push(view.invested[k] ? "invested ✓" : "choosing…");
      else if (moving) notes.push("to move");
      if (k === view.first) notes.push("first player");
      if (k === viewer) notes.push("you");
      return h("div", { class: `seat-card${moving ? " moving" : ""}${k === viewer ? " you" : ""}`, "data-seat": k }, [
        h("strong", {}, [name]), h("span", {}, [notes.length ? ` · ${notes.join(" · ")}` : ""]),
      ]);
    });
    const mine = viewer === null ? null : view.investments[viewer];
    const head = [h("th", {}, ["House"]), h("th", {}, ["Earned"])];
    if (mine) head.push(h("th", { title: "Only you see your stakes" }, ["Your stake (secret)"]), h("th", {}, ["Your profit"]));
    let profit = 0;
    const rows = view.houses_order.map((house) => {
      const cells = [
        h("th", {}, [h("span", { class: "swatch", style: `background:${SUIT_COLOURS[house]}` }), houseName(house)]),
        h("td", {}, [String(view.houses[house])]),
      ];
      if (mine) {
        profit += mine[house] * view.houses[house];
        cells.push(h("td", { class: "kc-stake-cell" }, [signed(mine[house])]), h("td", {}, [signed(mine[house] * view.houses[house])]));
      }
      return h("tr", { "data-house": house }, cells);
    });
    const sheet = h("table", { class: "score-table kc-sheet" }, [
      h("caption", {}, ["House score sheet"]),
      h("thead", {}, [h("tr", {}, head)]),
      h("tbody", {}, rows),
      mine ? h("tfoot", {}, [h("tr", {}, [h("th", { colspan: 3 }, ["Your profit so far"]), h("td", {}, [h("strong", {}, [signed(profit)])])])]) : null,
    ]);
    const secret = viewer === null ? null : h("p", { class: "kc-mine", id: "kc-mine" }, [
      mine ? `Your secret investments: ${view.houses_order.map((hs) => `${houseName(hs)} ${signed(mine[hs])}`).join(", ")}.`
        : "You have not chosen your investments yet.",
    ]);
    const scored = view.scored.length ? svgRoot(`0 0 ${view.scored.length * 26 + 4} 28`, { class: "kc-scored", "aria-label": "Scored coins set aside" }) : null;
    view.scored.forEach((c, i) => scored?.append(at(15 + i * 26, 14, {}, [furnishing(c, 11, { badge: false, context: "scored, set aside" })])));
    return h("div", { class: "seats-panel kc-panel" }, [
      ...seats, secret, sheet,
      h("p", { class: "kc-scored-line" }, [view.scored.length ? `Scored coins set aside (${view.scored.length}):` : "No scored coins set aside."]),
      scored,
    ]);
  }

  /** Per-house earnings, then each seat's stakes and profit. */
  resultDetail(result) {
    const { houses, investments, decided_by: decidedBy } = result.detail;
    const order = Object.keys(houses);
    const earnings = h("table", { class: "score-table kc-houses-table" }, [
      h("caption", {}, ["What each craft house earned"]),
      h("thead", {}, [h("tr", {}, order.map((hs) => h("th", {}, [houseName(hs)])))]),
      h("tbody", {}, [h("tr", {}, order.map((hs) => h("td", {}, [String(houses[hs])])))]),
    ]);
    const profits = h("table", { class: "score-table kc-profit-table" }, [
      h("caption", {}, ["Investments and profit (stake × house earnings)"]),
      h("thead", {}, [h("tr", {}, [h("th", {}, ["Player"]), ...order.map((hs) => h("th", {}, [houseName(hs)])), h("th", {}, ["Profit"])])]),
      h("tbody", {}, investments.map((stakes, k) => h("tr", { class: result.winners.includes(k) ? "winner" : "" }, [
        h("th", {}, [this.names[k]]),
        ...order.map((hs) => h("td", {}, [`${signed(stakes[hs])} × ${houses[hs]} = ${signed(stakes[hs] * houses[hs])}`])),
        h("td", {}, [h("strong", {}, [signed(result.scores[k])])]),
      ]))),
    ]);
    return h("div", { class: "kc-result" }, [earnings, profits, h("p", { class: "decided" }, [`Decided by: ${decidedBy}.`])]);
  }
}
