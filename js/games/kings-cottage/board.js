// @ts-check
/**
 * The King's Cottage board: the two-story cottage, the supplies strip (piles,
 * bag, die, what is in hand, the King's collection), the secret investment
 * form, and a side panel with the seats, the house score sheet and the
 * viewer's own stakes.
 *
 * It draws the view it is given and turns clicks into the legal actions it is
 * given (a piece, then a place); it never decides what is legal.  Drawing
 * lives beside it in cottage.js, tray.js, pieces.js and invest.js.
 */
import { at, svgRoot } from "../../board/svg.js";
import { SUIT_COLOURS } from "../../board/piecepack.js";
import { h } from "../../common/dom.js";
import { MoveChooser } from "../../board/chooser.js";
import { drawCottage } from "./cottage.js";
import { drawTray } from "./tray.js";
import { investForm, signed } from "./invest.js";
import { furnishing, houseName, pieceName } from "./pieces.js";

/** Which piece an action moves (null: the action is a single click on a place). */
function pieceOf(a) {
  switch (a.type) {
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

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

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
    this.chooser.listen(root);
  }

  /** @param {{view: any, legal: any[], viewer: number|null, active: boolean}} state */
  update(state) {
    this.state = state;
    if (this.draftSeat !== state.viewer || state.view.phase !== "invest") this.resetDraft(state.viewer, state.view);
    this.chooser.offer(state.legal.filter((a) => a.type !== "invest"), pieceOf, targetOf);
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
    this.chooser.offer([], pieceOf, targetOf);
    this.root.replaceChildren();
  }

  redraw() {
    if (!this.state) return;
    const { view, viewer, active, legal } = this.state;
    const parts = [h("p", { class: "prompt kc-prompt", id: "prompt" }, [this.prompt(view, viewer, active)])];
    const invests = legal.filter((a) => a.type === "invest");
    if (active && invests.length) parts.push(investForm(view.houses_order, this.draft, invests, (a) => this.onAction(a)));
    parts.push(drawTray(view, viewer, this.names));
    parts.push(drawCottage(view, active ? legal : []));
    this.root.replaceChildren(h("div", { class: "kc-board", "data-phase": view.phase }, parts));
    // Pieces inside a room that is a legal destination let the click through to the room
    // (marked before the chooser names its buttons, so that they are no tab stops either).
    const rooms = this.chooser.targets();
    this.root.querySelectorAll("[data-target] [data-piece]").forEach((node) => {
      const room = node.parentElement?.closest("[data-target]")?.getAttribute("data-target");
      if (room && rooms.has(room) && node.getAttribute("data-piece") !== this.chooser.selected) node.classList.add("kc-through");
    });
    this.chooser.mark(this.root);
  }

  /** What the viewer should do now, in one line. */
  prompt(view, viewer, active) {
    if (view.phase === "over") return "The game is over: see the result.";
    if (viewer === null) return "You are watching.";
    const selected = this.chooser.selected;
    if (!active) {
      if (view.phase === "invest") {
        return view.investments[viewer] ? "Your investments are in. Waiting for the others to invest…" : "Waiting…";
      }
      const who = this.names[view.current] ?? "the next player";
      const doing = view.phase === "move" ? ` (${plural(view.points, "movement point")} left)` : "";
      return `Waiting for ${who}${doing}…`;
    }
    switch (view.phase) {
      case "invest": return "Choose your secret investments: a stake for each house, adding up to zero, then press “Invest in secret”.";
      case "turn": return "Your turn: click a tile pile to add a room, the bag to add a furnishing, or the die to roll.";
      case "forced_tile": return "You rolled a null: click a tile pile to add a room.";
      case "place_tile": {
        const up = this.state?.legal.some((a) => a.type === "place_tile" && a.story === 2);
        return `Build ${pieceName(view.pending_tile)}: click a highlighted square`
          + (up ? ", or a quarter of a raised second-story spot (its stairs lead down to the room under that quarter)." : ".");
      }
      case "place_coin":
        return selected
          ? `Now click an entrance to bring it in ${selected === "side:suit" ? "suit" : "value"} side up (or click the other side instead).`
          : `You drew ${pieceName(view.pending_coin)}. Click the side that should lie face up, then an entrance.`;
      case "place_king": return "The King arrives: click the entrance he comes in at.";
      case "move":
        return selected
          ? "Now click a highlighted room to step into (or the piece again to put it back), or Stop."
          : `${plural(view.points, "movement point")} left: click a furnishing or the King, then a highlighted room. Or click Stop.`;
      case "swap":
        return selected
          ? "Now click the coin of the King's collection to swap it with."
          : "The room is full and the King is there: click one of its furnishings, then a coin of the King's collection.";
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
