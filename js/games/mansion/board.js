// @ts-check
/**
 * The Mansion board: the action strip (the secret bid form, the plan picks,
 * building, a trade on the table or being written), the four face-up plans
 * and the deck, the viewer's hand, the revealed bids, and every seat's
 * mansion; a side panel with the turn track, the supply, each seat's tokens
 * and the deck list.
 *
 * It draws the view and forms it is given and turns clicks into the moves it
 * is given (js/board/chooser.js; a filled form is a move too); it never
 * decides what is legal.  Drawing lives beside it in cards.js, mansions.js,
 * auction.js, trade.js and deck-list.js.
 */
import { fillNames, h } from "../../common/dom.js";
import { count } from "../../common/plural.js";
import { MoveChooser } from "../../board/chooser.js";
import { FormDraft } from "../../board/form.js";
import { auctionTable, bidForm } from "./auction.js";
import { card, cardBack, plansByKind, tokenCount, TOKEN_COLOURS } from "./cards.js";
import { showDeckList } from "./deck-list.js";
import { drawMansion, floorName } from "./mansions.js";
import { formHintNote, markFormHint } from "./form-hint.js";
import { pendingTrade, tradeForm } from "./trade.js";

const TOKENS = ["coins", "wood", "marble", "plumbing"];

/** Build moves with one possible floor play on one click; others need a floor. */
function pieceOf(a) {
  return a.type === "build" ? `plan:${a.plan}` : null;
}

function targetOf(a, single) {
  switch (a.type) {
    case "build": return single.has(a.plan) ? null : `floor:${a.floor}`;
    case "pick": return `pick:${a.plan}`;
    case "done": return "done";
    case "accept": return "accept";
    case "decline": return "decline";
    default: return null;
  }
}

export class MansionBoard {
  /** @param {HTMLElement} root @param {{onAction: (a: any) => void, names: string[]}} opts */
  constructor(root, opts) {
    this.root = root;
    this.names = opts.names;
    this.onAction = opts.onAction;
    this.chooser = new MoveChooser(opts.onAction, () => this.redraw(), { describe: (kind, key, node) => this.describe(kind, key, node) });
    /** @type {{view: any, legal: any[], forms: any[], viewer: number|null, active: boolean}|null} */
    this.state = null;
    /** Drafts of the forms being filled, by seat and form type; a change of seat or of the form drops them. */
    /** @type {Map<string, FormDraft>} */
    this.drafts = new Map();
    /** @type {number|null|undefined} */
    this.draftSeat = undefined;
    /** Whether the trade form is open. */
    this.trading = false;
    /** A hint filled into a form: that form's draft, the fields it set, and the player's own values it replaced. */
    /** @type {import("./form-hint.js").FormHint|null} */
    this.formHint = null;
    /** The trade offer whose text last took the focus (so a redraw does not take it again). */
    this.focusedOffer = "";
    /** How many cards the viewer's own mansion held at the last update (a build of theirs makes it grow). */
    /** @type {{seat: number|null, cards: number}|null} */
    this.ownBuilt = null;
    this.chooser.listen(root);
  }

  /** @param {{view: any, legal: any[], forms?: any[], viewer: number|null, active: boolean}} state */
  update(state) {
    const forms = state.forms ?? [];
    if (this.draftSeat !== state.viewer) {
      // a different person may be looking: nothing of the last one's drafts survives
      this.drafts.clear();
      this.trading = false;
      this.draftSeat = state.viewer;
    }
    if (!forms.some((f) => f.type === "propose")) this.trading = false;
    this.state = { ...state, forms };
    const builds = state.legal.filter((a) => a.type === "build");
    const floorsOf = new Map();
    for (const a of builds) floorsOf.set(a.plan, (floorsOf.get(a.plan) ?? 0) + 1);
    const single = new Set([...floorsOf].filter(([, n]) => n === 1).map(([k]) => k));
    const offered = state.legal.filter((a) => a.type !== "bid" && a.type !== "propose");
    this.chooser.offer(offered, pieceOf, (a) => targetOf(a, single));
    this.redraw();
    this.showOwnBuild(state.view, state.viewer);
  }

  /**
   * After the viewer builds, their mansion comes into sight: below the display, the hand and the
   * other strips it is mostly below the fold of a desktop window (1280x800), so a build seemed to go nowhere.
   * @param {any} view @param {number|null} viewer
   */
  showOwnBuild(view, viewer) {
    const seat = viewer === null ? null : view.seats[viewer];
    const cards = seat ? seat.floors.reduce((n, f) => n + f.rooms.length + (f.stairs ? 1 : 0), 0) : 0;
    const grew = this.ownBuilt !== null && this.ownBuilt.seat === viewer && cards > this.ownBuilt.cards;
    this.ownBuilt = { seat: viewer, cards };
    const mine = this.root.querySelector(".mn-mansion.you");
    if (!grew || !mine) return;
    const box = mine.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    mine.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "end", behavior: still ? "auto" : "smooth" });
  }

  /**
   * Point at a suggested move (the table's hint): a bid or a trade fills its
   * form (nothing is sent), the parts it set marked in blue and, above them,
   * a line saying what it filled in and what of the player's own it replaced
   * (with a button to put that back); anything else is marked on the board.
   * @param {any} action @param {"hint"|"lesson"} [source] who suggests it: the Hint button, or a lesson's step
   * @returns {boolean}
   */
  hint(action, source = "hint") {
    const form = this.state?.forms.find((f) => f.type === action.type);
    if (!form) return this.chooser.hint(action, this.root);
    const draft = this.draftFor(form);
    /** @type {Record<string, number|string[]>} */
    const before = {};
    for (const f of form.fields) {
      const value = draft.values[f.name];
      before[f.name] = Array.isArray(value) ? [...value] : value;
      const wanted = action[f.name];
      if (wanted !== undefined) draft.values[f.name] = Array.isArray(wanted) ? [...wanted] : wanted;
    }
    this.formHint = { draft, before, set: form.fields.filter((f) => action[f.name] !== undefined).map((f) => f.name), source };
    if (action.type === "propose") this.trading = true;
    this.redraw();
    return true;
  }

  /** Put back the values a hint replaced in its form. */
  undoFormHint() {
    const hint = this.formHint;
    if (!hint) return;
    Object.assign(hint.draft.values, hint.before);
    this.formHint = null;
    this.redraw();
  }

  clear() {
    this.state = null;
    this.drafts.clear();
    this.draftSeat = undefined;
    this.trading = false;
    this.ownBuilt = null;
    this.chooser.offer([], pieceOf, (a) => targetOf(a, new Set()));
    this.root.replaceChildren();
  }

  /** The draft for `form`, kept while the form is unchanged. @param {any} form */
  draftFor(form) {
    const key = `${this.draftSeat}:${form.type}`;
    const old = this.drafts.get(key);
    if (old && old.fits(form)) return old;
    const fresh = new FormDraft(form);
    this.drafts.set(key, fresh);
    return fresh;
  }

  /** @param {any} action */
  send(action) {
    this.trading = false;
    this.formHint = null;
    this.drafts.clear();
    this.onAction(action);
  }

  redraw() {
    if (!this.state) return;
    const { view, viewer, active, legal, forms } = this.state;
    const plans = plansByKind(view.plans);
    const parts = [h("p", { class: "prompt mn-prompt", id: "prompt" }, [this.prompt(view, viewer, active)])];
    const action = this.actionStrip(view, viewer, active, legal, forms, plans);
    if (action) parts.push(action);
    parts.push(this.displayRow(view, plans, active && view.phase === "pick"));
    if (viewer !== null) parts.push(this.handRow(view, viewer, plans));
    if (view.auction && view.phase !== "over") parts.push(auctionTable(view.auction, this.names, plans, view.areas));
    const targets = this.chooser.targets();
    parts.push(h("div", { class: "mn-mansions" }, this.seatOrder(view, viewer).map((s) => drawMansion({
      seat: s, name: this.names[s] ?? `Seat ${s + 1}`, floors: view.seats[s].floors, score: view.seats[s].score, plans,
      targets, you: s === viewer, moving: view.to_move.includes(s),
    }))));
    this.root.replaceChildren(h("div", { class: "mn-board", "data-phase": view.phase }, parts));
    this.focusOffer(view, viewer, active);
    this.chooser.mark(this.root);
  }

  /**
   * A card or floor in words, for the keyboard and screen readers: the card's
   * own words (its title) and where it lies.
   * @param {"piece"|"target"} kind @param {string} key @param {Element} node
   */
  describe(kind, key, node) {
    const card = node.getAttribute("title") ?? "";
    const [what, rest] = key.split(":");
    if (what === "plan") return `${card} (in your hand)`;
    if (what === "pick") return `Take ${card} (plans on display)`;
    if (what === "floor") {
      const status = node.querySelector(".mn-floor-status")?.textContent ?? "";
      return `${floorName(Number(rest))} of your mansion: build here. ${status.replace(/^Floor \d+( \(ground\))?/, "").replace(/^ · /, "")}`.trim();
    }
    return null;
  }

  /**
   * A trade that names the viewer takes the focus on its text, not on Accept, so
   * Enter never accepts an offer unread; once per offer, so a redraw leaves the
   * focus where the player put it.
   */
  focusOffer(view, viewer, active) {
    const text = this.root.querySelector("#mn-trade-text");
    if (!active || view.phase !== "answer" || !(text instanceof HTMLElement)) return;
    const key = `${viewer}:${view.log.length}:${view.trade.text}`;
    if (this.focusedOffer === key) return;
    this.focusedOffer = key;
    text.focus({ preventScroll: true });
  }

  /** The viewer's own mansion first, then the others clockwise. */
  seatOrder(view, viewer) {
    const n = view.players;
    const start = viewer ?? 0;
    return Array.from({ length: n }, (_, k) => (start + k) % n);
  }

  /** What the viewer can do right now, above the cards. */
  actionStrip(view, viewer, active, legal, forms, plans) {
    if (view.phase === "answer" && view.trade) return pendingTrade(view.trade, this.names, plans, viewer, active, legal);
    if (!active) {
      if (view.phase === "bid" && viewer !== null && view.seats[viewer].bid) {
        const b = view.seats[viewer].bid;
        return h("p", { class: "mn-sealed", id: "mn-sealed" }, [
          `Your sealed bids: wood ${b.wood}, marble ${b.marble}, plumbing ${b.plumbing}, plans ${b.plans}. Waiting for the others…`,
        ]);
      }
      return null;
    }
    const bid = forms.find((f) => f.type === "bid");
    if (bid) return this.withHint(bidForm(this.draftFor(bid), this.names, view.seats[viewer].coins, (a) => this.send(a)), this.draftFor(bid));
    const propose = forms.find((f) => f.type === "propose");
    if (view.phase === "build" && this.trading && propose) {
      const draft = this.draftFor(propose);
      return this.withHint(tradeForm(draft, this.names, plans, view.offered ?? [], (a) => this.send(a), () => { this.trading = false; this.redraw(); }), draft);
    }
    if (view.phase === "build") {
      const buttons = [];
      if (propose) {
        buttons.push(h("button", { type: "button", id: "mn-open-trade", onclick: () => { this.trading = true; this.redraw(); } }, [
          `Propose a trade… (${view.proposals_left} left this turn)`,
        ]));
      }
      if (legal.some((a) => a.type === "done")) buttons.push(h("button", { type: "button", class: "primary", "data-target": "done", id: "mn-done" }, ["Done building"]));
      return h("div", { class: "mn-build-strip" }, buttons);
    }
    return null;
  }

  /**
   * A drawn form with the hint it holds, if any: the parts the hint set marked
   * in blue and a line saying what it filled in and what it replaced.
   * @param {HTMLElement} node @param {import("../../board/form.js").FormDraft} draft
   */
  withHint(node, draft) {
    if (this.formHint?.draft !== draft) return node;
    markFormHint(node, this.formHint);
    node.querySelector(".form-help")?.after(formHintNote(this.formHint, this.names, () => this.undoFormHint()));
    return node;
  }

  /** The four face-up plans and the deck. */
  displayRow(view, plans, picking) {
    const cards = view.display.map((kind) => card(plans[kind], { target: picking ? `pick:${kind}` : undefined, size: "small" }));
    const deck = h("div", { class: "mn-deck", title: `${count(view.deck_count, "plan")} left in the deck` }, [
      cardBack(`The deck: ${count(view.deck_count, "plan")}`), h("span", { class: "mn-deck-count" }, [`${view.deck_count} left`]),
    ]);
    return h("section", { class: "mn-display", id: "mn-display", "aria-label": "Plans on display" }, [
      h("h3", {}, ["Plans on display", view.pickers.length ? ` · picking: ${view.pickers.map((s) => this.names[s]).join(", ")}` : ""]),
      h("div", { class: "mn-card-row" }, [...cards, deck]),
    ]);
  }

  /**
   * The viewer's hand, each card marked with where it can go or why not; a
   * reason shared by several cards (one build a turn, done already) is said
   * once above them instead of under each.
   */
  handRow(view, viewer, plans) {
    const me = view.seats[viewer];
    const notes = view.build_notes ?? {};
    const pieces = this.chooser.pieces();
    const hand = me.hand ?? [];
    const whyOf = (/** @type {string} */ kind) => (notes[kind] && !notes[kind].floors.length ? notes[kind].why : null);
    /** @type {Map<string, string[]>} reason -> the kinds it holds up */
    const reasons = new Map();
    for (const kind of new Set(hand)) {
      const why = whyOf(kind);
      if (why) reasons.set(why, [...(reasons.get(why) ?? []), kind]);
    }
    const shared = [...reasons].filter(([, kinds]) => kinds.length > 1);
    const sharedWhy = new Set(shared.map(([why]) => why));
    const cards = hand.map((kind) => {
      const note = notes[kind];
      const why = whyOf(kind);
      const where = note && note.floors.length ? `Build on floor ${note.floors.join(" or ")}` : null;
      return card(plans[kind], {
        piece: pieces.has(`plan:${kind}`) ? `plan:${kind}` : undefined, size: "small",
        note: why ?? where, shared: why !== null && sharedWhy.has(why), extra: why ? "blocked" : "",
      });
    });
    const allBlocked = shared.length === 1 && shared[0][1].length === new Set(hand).size;
    const said = shared.map(([why, kinds]) => h("p", { class: "mn-hand-why" }, [
      allBlocked ? "No plan in your hand can be built now: " : `${kinds.map((k) => plans[k].label).join(", ")}: `, why,
    ]));
    return h("section", { class: "mn-hand", id: "mn-hand", "aria-label": "Your plans" }, [
      h("h3", {}, [`Your plans (${me.hand_count})`, " ", h("button", {
        type: "button", class: "mn-deck-button", "aria-haspopup": "dialog", onclick: () => showDeckList(view.plans),
      }, ["Deck list"])]),
      ...said,
      h("div", { class: "mn-card-row" }, cards.length ? cards : [h("p", { class: "mn-empty" }, ["No plans in hand."])]),
    ]);
  }

  /** What the viewer should do now, in one line. */
  prompt(view, viewer, active) {
    if (view.phase === "over") return "The mansions are finished: see the result.";
    if (viewer === null) return "You are watching.";
    const names = this.names;
    if (!active) {
      if (view.phase === "bid") return view.seats[viewer].bid_placed ? "Your bids are sealed. Waiting for the others…" : "Waiting…";
      if (view.phase === "answer") return `Waiting for ${names[view.trade.waiting[0]]} to answer the trade…`;
      return `Waiting for ${view.to_move.map((s) => names[s]).join(", ")}…`;
    }
    switch (view.phase) {
      case "bid": return "Set your secret bids for wood, marble, plumbing and plans, then seal them.";
      case "pick": return "Your pick: choose a plan on display to take it into your hand.";
      case "answer": return "A trade names you: accept or decline it.";
      case "build": {
        if (this.trading) return "Write your trade offer, then send it.";
        const selected = this.chooser.selected;
        if (selected) return `Now choose a highlighted floor of your mansion for the ${selected.slice(5).replace(/_/g, " ")}, or the card again to put it back.`;
        const can = this.chooser.pieces().size > 0;
        return can ? "Your building turn: choose a plan in your hand to build it, propose a trade, or press Done."
          : "Your building turn: nothing can be built now (your plans say why). Propose a trade or press Done.";
      }
      default: return view.phase_title;
    }
  }

  statusText(view) {
    if (view.phase === "over") return "Game over";
    return `Turn ${view.turn} of ${view.turns} · ${view.phase_title}`;
  }

  sidePanel(view) {
    const viewer = view.seat;
    const track = h("ol", { class: "mn-track", "aria-label": `Turn ${view.turn} of ${view.turns}` },
      Array.from({ length: view.turns }, (_, i) => h("li", {
        class: i + 1 < view.turn ? "past" : i + 1 === view.turn ? "now" : "", title: `Turn ${i + 1}`,
      }, [String(i + 1)])));
    const supply = h("p", { class: "mn-supply", id: "mn-supply" }, [
      h("strong", {}, ["Supply: "]), ...TOKENS.map((t) => tokenCount(t, view.supply[t], true)),
    ]);
    const seats = Array.from({ length: view.players }, (_, k) => {
      const s = view.seats[k];
      const notes = [];
      if (view.phase === "bid") notes.push(s.bid_placed ? "bid sealed ✓" : "bidding…");
      else if (view.to_move.includes(k)) notes.push("to move");
      if (k === view.first) notes.push("starting player");
      if (k === viewer) notes.push("you");
      const known = s.known && s.known.length ? h("p", { class: "mn-known" }, [
        `Known plans: ${s.known.map((kind) => view.plans.find((p) => p.kind === kind)?.label ?? kind).join(", ")}`,
      ]) : null;
      return h("div", { class: `seat-card${view.to_move.includes(k) ? " moving" : ""}${k === viewer ? " you" : ""}`, "data-seat": k }, [
        h("strong", {}, [this.names[k] ?? `Seat ${k + 1}`]), h("span", {}, [notes.length ? ` · ${notes.join(" · ")}` : ""]),
        h("div", { class: "mn-seat-tokens" }, [
          ...TOKENS.map((t) => tokenCount(t, s[t])),
          h("span", { class: "mn-token", title: `${count(s.hand_count, "plan")} in hand` }, [
            h("span", { class: "mn-token-dot", style: `background:${TOKEN_COLOURS.plans}` }), count(s.hand_count, "plan")]),
          h("span", { class: "mn-seat-score" }, [` · ${count(s.score.total, "pt", "pts")}`]),
        ]),
        known,
      ]);
    });
    return h("div", { class: "seats-panel mn-panel" }, [
      h("p", { class: "mn-turn" }, [`Turn ${view.turn} of ${view.turns}`]), track,
      supply,
      h("p", { class: "mn-deck-line" }, [`Deck: ${count(view.deck_count, "plan")} left${view.deck_out_turn ? ` (ran out in turn ${view.deck_out_turn})` : ""}. `,
        h("button", { type: "button", class: "mn-deck-button", "aria-haspopup": "dialog", onclick: () => showDeckList(view.plans) }, ["Deck list"])]),
      view.options.builds === "any" ? h("p", { class: "hint" }, ["Any number of builds per turn at this table."]) : null,
      ...seats,
    ]);
  }

  /** Every scoring term per seat. */
  resultDetail(result) {
    const terms = result.detail.terms;
    const row = (label, f) => h("tr", {}, [h("th", {}, [label]), ...terms.map((t, k) => h("td", { class: result.winners.includes(k) ? "winner" : "" }, [f(t, k)]))]);
    return h("div", { class: "mn-result" }, [
      h("table", { class: "score-table mn-result-table" }, [
        h("thead", {}, [h("tr", {}, [h("td", {}, [""]), ...terms.map((_, k) => h("th", {}, [this.names[k]]))])]),
        h("tbody", {}, [
          row("Points on built cards", (t) => String(t.cards)),
          row("Bedroom bonus", (t) => `${t.bedroom_bonus} (${t.bedrooms} bedroom${t.bedrooms === 1 ? "" : "s"})`),
          row("Floor bonus", (t) => `${t.floor_bonus} (${t.complete_floors} complete floor${t.complete_floors === 1 ? "" : "s"})`),
          row("Total", (_, k) => h("strong", {}, [String(result.scores[k])])),
        ]),
      ]),
      h("p", { class: "decided" }, [`Decided by: ${fillNames(result.detail.decided_by, this.names)}.`]),
    ]);
  }
}
