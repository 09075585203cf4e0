// @ts-check
/**
 * The Castles board: the map in the middle (it grows in any direction and is
 * always framed with one ring of free squares), the viewer's pieces beside it
 * (the pile, proper tiles, a drawn tile, the castle and the armies).  When a
 * round has just been scored, the table shows its map and terms before play
 * goes on (`interlude`, js/games/castles/round-screen.js); any scored round can
 * be shown again on the board from the side panel, and at the end the last
 * one is.
 *
 * It draws the view it is given and turns clicks into the legal actions it is
 * given (a piece, then a place); it never decides what is legal.
 */
import { at, el, svgRoot, title } from "../../board/svg.js";
import { coin, pawn, pieceKey, rankName, SUIT_COLOURS, SUIT_NAMES, SUITS, tile } from "../../board/piecepack.js";
import { MoveChooser } from "../../board/chooser.js";
import { h } from "../../common/dom.js";
import { boundsOf, drawMap, frame } from "./map.js";
import { count, plain, scoreLine, signed, squareWhere, tileName } from "./text.js";
import { resultTables } from "./result.js";
import { roundScreen } from "./round-screen.js";

/** Below this board width (CSS px) the board is laid out for a phone: the pieces above the map. */
const NARROW = 600;

/** The piece an action moves (the chooser's key). */
function pieceOf(action) {
  switch (action.type) {
    case "draw": return "pile";
    case "take_proper": return `proper:${action.owner}`;
    case "place": return "held";
    case "castle": return "pawn";
    case "deploy": return `coin:${action.rank}`;
    default: return null;
  }
}

/** Where an action lands; null when the piece alone is the move (drawing, taking a proper tile). */
function targetOf(action) {
  switch (action.type) {
    case "place": return `place:${action.x}:${action.y}`;
    case "castle": case "deploy": return `tile:${action.x}:${action.y}`;
    default: return null;
  }
}

/** A face-down pile of tiles with its size written on top. */
function pileStack(size, label, suit) {
  const layers = Math.min(Math.max(size, 1), 3);
  const parts = [title(label)];
  for (let i = layers - 1; i >= 0; i--) {
    const body = suit
      ? tile({ suit, rank: null }, 70)
      : el("g", {}, [
        el("rect", { x: -35, y: -35, width: 70, height: 70, rx: 7, fill: "#8a6f4c", stroke: "#5b4526", "stroke-width": 2 }),
        el("path", { d: "M 0 -35 V 35 M -35 0 H 35", stroke: "#6d5638", "stroke-width": 3 }),
      ]);
    parts.push(at(i * 4, -i * 4, { opacity: size ? 1 : 0.35 }, [body]));
  }
  parts.push(el("circle", { r: 17, fill: "#fffaf0", stroke: "#5b4526", "stroke-width": 2 }));
  parts.push(el("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 19, "font-weight": 700, fill: "#3b2f1e" }, [String(size)]));
  return el("g", { class: "piece pile" }, parts);
}

export class CastlesBoard {
  /** @param {HTMLElement} root @param {{onAction: (a: any) => void, names: string[]}} opts */
  constructor(root, opts) {
    this.root = root;
    this.names = opts.names;
    this.chooser = new MoveChooser(opts.onAction, () => this.redraw(), { describe: (kind, key) => this.describe(kind, key) });
    /** @type {{view: any, legal: any[], viewer: number|null, active: boolean}|null} */
    this.state = null;
    /** How many finished rounds each viewer has been shown at the end (pass and play keeps them apart). */
    this.seen = new Map();
    /** @type {number|null} the finished round on the map instead of the live one */
    this.reviewing = null;
    /** @type {number|null|undefined} */
    this.lastViewer = undefined;
    /**
     * "beside": the pieces stand to the right of the map; "below": under it (for wide maps);
     * "phone": above it, small, so that a turn's two taps (a piece, then a place) need no scrolling.
     */
    this.layout = "beside";
    this.chooser.listen(root);
    // redraw on resize: the layout (pieces beside or below the map) depends on the window's shape
    let pending = 0;
    const onResize = () => {
      clearTimeout(pending);
      pending = window.setTimeout(() => {
        if (this.root.isConnected) this.redraw();
        else window.removeEventListener("resize", onResize); // the table has gone
      }, 120);
    };
    window.addEventListener("resize", onResize);
  }

  /**
   * Put the pieces beside the map or below it, whichever lets the map be drawn larger.
   * @param {number[]} box the map's view box
   */
  chooseLayout(box) {
    const own = this.root.clientWidth;
    if (own > 0 && own < NARROW) return "phone";
    const [, , w, hgt] = box;
    const width = this.root.clientWidth || Math.max(560, window.innerWidth - 400);
    const top = this.root.getBoundingClientRect().top;
    const height = Math.max(420, window.innerHeight - (top > 40 ? top : 150) - 50);
    const beside = Math.min((width - 224) / w, height / hgt);
    const below = Math.min(width / w, (height - 170) / hgt);
    return below > beside * 1.04 ? "below" : "beside";
  }

  /** @param {{view: any, legal: any[], viewer: number|null, active: boolean}} state */
  update(state) {
    const { view, viewer } = state;
    if (viewer !== this.lastViewer) {
      this.reviewing = null;
      this.lastViewer = viewer;
    }
    // at the end the map shows the last round as scored; a round scored during the game is the table's
    // interlude (below), and the board goes straight on to the next round
    const done = view.finished.length;
    const key = viewer ?? -1;
    if (view.phase === "over" && done > (this.seen.get(key) ?? 0)) {
      this.seen.set(key, done);
      this.reviewing = done - 1;
    }
    this.state = state;
    this.chooser.offer(state.legal, pieceOf, targetOf);
    this.redraw();
  }

  clear() {
    this.state = null;
    this.root.replaceChildren();
  }

  /** Show a finished round's map (from the side panel or the round buttons). @param {number|null} index */
  review(index) {
    this.reviewing = index;
    this.redraw();
  }

  /**
   * The pause a table makes when a round has just been scored and the next
   * one is untouched (no tile drawn or laid yet): that round's map with its
   * terms and score table, for everyone (js/tables/interlude.js).  Built from
   * the finished rounds only, which every seat's view holds alike.
   * @param {any} view @returns {{key: string, title: string, body: Node, button: string}|null}
   */
  interlude(view) {
    const index = view.finished.length - 1;
    if (index < 0 || view.phase !== "map" || view.map.tiles.length || view.held) return null;
    const round = view.finished[index];
    return {
      key: `round:${round.round}`,
      title: `Round ${round.round} of ${view.rounds} scored`,
      body: roundScreen(view, index, this.names),
      button: `Continue to round ${view.round}`,
    };
  }

  redraw() {
    if (!this.state) return;
    const { view, viewer, active } = this.state;
    const round = this.reviewing === null ? null : view.finished[this.reviewing];
    let map;
    let side;
    // a ring of free squares frames the map while it can grow; a complete map needs only room for its tags
    const ring = !round && view.phase === "map" ? 1 : 0.3;
    this.layout = this.chooseLayout(frame(round ? boundsOf(round.map.tiles) : view.bounds, ring));
    const phone = this.layout === "phone";
    if (round) {
      map = drawMap(round.map, {
        bounds: boundsOf(round.map.tiles), ring, names: this.names, viewer, secret: false, lines: round.lines, phone,
        label: `The map of round ${round.round}, as scored`,
      });
      side = this.drawReview(view);
    } else {
      const places = this.chooser.moves.filter((m) => m.action.type === "place").map((m) => m.action);
      map = drawMap(view.map, {
        bounds: view.bounds, ring, names: this.names, viewer, secret: view.phase !== "over", places, held: view.held, phone,
        label: `The map of round ${view.round}`,
      });
      side = this.drawHand(view, viewer);
    }
    // on a phone the map pans sideways in a frame of its own when it is too wide; a redraw keeps it where it was
    const panned = this.root.querySelector(".castles-map-frame")?.scrollLeft;
    const shown = phone ? h("div", { class: "castles-map-frame" }, [map]) : map;
    this.root.replaceChildren(h("div", { class: "castles" }, [
      h("p", { class: "prompt", id: "prompt" }, [this.promptText(view, viewer, active, round)]),
      h("div", { class: `castles-row ${this.layout}` }, phone && !round ? [side, shown] : [shown, side]),
    ]));
    const mapFrame = this.root.querySelector(".castles-map-frame");
    if (mapFrame && mapFrame.scrollWidth > mapFrame.clientWidth) mapFrame.scrollLeft = panned ?? (mapFrame.scrollWidth - mapFrame.clientWidth) / 2;
    this.chooser.mark(this.root);
    // the way back to play is the one thing to click while a scored round is on show
    if (round && view.phase !== "over") {
      this.root.querySelector("[data-target='review:close']")?.classList.add("legal");
      this.chooser.name(this.root);
    }
  }

  /**
   * A square of the live map in words, for the keyboard and screen readers;
   * pieces beside the map keep their own titles.
   * @param {"piece"|"target"} kind @param {string} key
   */
  describe(kind, key) {
    const view = this.state?.view;
    const [what, a, b] = key.split(":");
    if (!view || kind !== "target" || (what !== "place" && what !== "tile")) return null;
    const [x, y] = [Number(a), Number(b)];
    const where = squareWhere(x, y, view.map.tiles, view.bounds);
    if (what === "place") {
      const laying = view.held ? `Lay ${tileName(view.held)} here` : "Lay the tile here";
      return `${laying}${where ? `, ${where}` : ", in the middle of the table"}`;
    }
    const t = view.map.tiles.find((n) => n.x === x && n.y === y);
    if (!t) return null;
    const notes = [];
    const castle = view.map.castles.findIndex((c) => c && c.x === x && c.y === y);
    if (castle >= 0) notes.push(castle === this.state?.viewer ? "your castle" : `${this.names[castle]}'s castle`);
    const armies = view.map.armies.filter((m) => m.x === x && m.y === y).length;
    notes.push(armies ? `${count(armies, "army", "armies")} (at most 4)` : "no armies");
    const name = tileName(t);
    return `${name[0].toUpperCase()}${name.slice(1)}, ${where}; ${notes.join(", ")}`;
  }

  statusText(view) {
    return view.phase === "over" ? "Game over" : `Round ${view.round} of ${view.rounds} · ${view.phase_title}`;
  }

  /** What the player should do now, in one line. */
  promptText(view, viewer, active, round) {
    if (round) {
      const tags = "Each player's terms are the tags in their colour on the map; the round's card lists them in words.";
      if (view.phase === "over") return `Game over. Round ${round.round} as scored. ${tags}`;
      return `Round ${round.round} as scored. ${tags} Press “Back to the game” to play on.`;
    }
    if (viewer === null) return "You are watching.";
    if (view.phase === "over") return "Game over.";
    if (!active) return `Waiting for ${view.to_move.map((s) => this.names[s]).join(", ")}…`;
    const suit = SUIT_NAMES[view.suits[viewer]];
    switch (view.phase) {
      case "map": {
        if (view.held) return `Choose a highlighted square next to the map to lay ${tileName(view.held)}.`;
        const pile = this.chooser.pieces().has("pile");
        const own = this.chooser.pieces().has(`proper:${viewer}`);
        if (!pile) return "The pile is empty: choose a proper tile (yours or another player's) to take it and lay it.";
        const where = view.options.terrain === "suit" ? "your pile" : "the resource pile";
        return `Choose ${where} to draw a tile${own ? ", or your proper tile to lay it now" : ""}.`;
      }
      case "castle":
        return `Choose one of your ${suit} tiles (highlighted) to build your castle on it.`;
      case "army": {
        const sel = this.chooser.selected;
        if (sel) return `Now choose a highlighted tile for your ${rankName(Number(sel.split(":")[1]))} army (or the coin again to choose another).`;
        return "Choose one of your armies (coins), then the tile to deploy it on, face down. A tile holds at most 4 armies.";
      }
      default:
        return "";
    }
  }

  /** The viewer's pieces: the pile, proper tiles, a drawn tile, the castle and the armies. */
  drawHand(view, viewer) {
    const wrap = h("div", { class: "castles-hand" });
    if (viewer === null) return wrap;
    const part = (heading, body, extra = "") => h("section", { class: `hand-part ${extra}` }, [h("h3", {}, [heading]), ...body]);
    const phone = this.layout === "phone";
    // a phone draws the tiles smaller (still at least 50 px) so that the pieces fit above the map
    const box = (w, hgt, children, attrs = {}, scale = 1) => {
      const svg = svgRoot(`${-w / 2} ${-hgt / 2} ${w} ${hgt}`, { width: Math.round(w * scale), height: Math.round(hgt * scale), ...attrs });
      svg.append(...children);
      return svg;
    };
    if (view.phase === "map") {
      if (view.held) {
        const mover = view.to_move[0];
        const whose = view.held.source === "proper"
          ? (view.held.owner === mover ? "proper tile" : `${this.names[view.held.owner]}'s proper tile`) : "drawn tile";
        const heading = mover === viewer ? `Your ${whose}` : `${this.names[mover]}'s ${whose}`;
        wrap.append(part(heading, [box(110, 110, [at(0, 4, { "data-piece": "held" }, [tile(view.held, 92, { extra: "to be laid on the map", key: pieceKey("tile", view.held) })])], {}, phone ? 0.7 : 1)], "held"));
      }
      const terrain = view.options.terrain;
      const pile = terrain === "suit" ? view.piles[viewer] : view.piles[0];
      const name = terrain === "suit" ? "Your pile" : "Resource pile";
      wrap.append(part(`${name} · ${count(pile.count, "tile", "tiles")}`, [
        box(110, 96, [at(-3, 4, { "data-piece": "pile" }, [pileStack(pile.count, `${name}: ${count(pile.count, "tile", "tiles")}, face down`, terrain === "suit" ? view.suits[viewer] : null)])], {}, phone ? 0.75 : 1),
      ]));
      const proper = view.proper.map((p, k) => ({ p, k })).filter((x) => x.p);
      if (proper.length) {
        wrap.append(part("Proper tiles", [h("div", { class: "proper-row" }, proper.map(({ p, k }) => h("figure", { class: "proper" }, [
          box(74, 74, [at(0, 0, { "data-piece": `proper:${k}` }, [tile(p, 62, { extra: k === viewer ? "your proper tile (only you see it)" : `${this.names[k]}'s proper tile`, key: pieceKey("tile", p) })])], {}, phone ? 0.8 : 1),
          h("figcaption", {}, [k === viewer ? "yours" : this.names[k]]),
        ])))]));
      }
    }
    const castle = view.map.castles[viewer];
    if (view.phase === "castle" && !castle) {
      wrap.append(part("Your castle", [box(80, 70, [at(0, 2, { "data-piece": "pawn", "data-key": `castle:${viewer}` }, [
        phone ? el("rect", { class: "hit", x: -30, y: -30, width: 60, height: 60, fill: "transparent" }) : null, // the pawn alone is narrow
        pawn(view.suits[viewer], 52, "Your castle: build it on a tile of your suit")])])]));
    }
    const coins = view.coins[viewer];
    if (view.phase !== "over") {
      const cols = Math.min(this.layout === "beside" ? 3 : 6, Math.max(coins.length, 1));
      const rows = Math.max(1, Math.ceil(coins.length / cols));
      const step = phone ? 52 : 56; // six in a row on the narrowest phones too
      const svg = box(cols * step + 6, rows * step, coins.map((c, i) => at(((i % cols) - (cols - 1) / 2) * step, (Math.floor(i / cols) - (rows - 1) / 2) * step,
        { "data-piece": `coin:${c.rank}` }, [coin(c, 22, { private: c.rank !== null, extra: "your army, still in hand", key: pieceKey("coin", c) })])));
      wrap.append(part(`Your armies · ${coins.length} in hand`, coins.length ? [svg] : [h("p", { class: "hint" }, ["All deployed."])]));
    }
    return wrap;
  }

  /** The card beside a scored round's map: every seat's terms and total, and the way on. */
  drawReview(view) {
    const i = /** @type {number} */ (this.reviewing);
    const round = view.finished[i];
    const rows = round.lines.map((line) => {
      const sofar = view.finished.slice(0, i + 1).reduce((sum, f) => sum + f.points[line.seat], 0);
      return h("div", { class: "score-seat", "data-seat": line.seat }, [
        h("div", { class: "score-head" }, [
          h("span", { class: "swatch", style: `background:${SUIT_COLOURS[SUITS[line.seat]]}` }),
          h("strong", {}, [this.names[line.seat]]),
          h("span", { class: "round-points" }, [signed(line.total)]),
        ]),
        h("div", { class: "score-terms" }, [scoreLine(line)]),
        h("div", { class: "score-sofar" }, [`total after round ${round.round}: ${plain(sofar)}`]),
      ]);
    });
    const tabs = view.finished.length > 1
      ? h("div", { class: "round-tabs", role: "group", "aria-label": "Scored rounds" }, view.finished.map((f, j) => h("button", {
        type: "button", class: j === i ? "current" : "", "aria-pressed": j === i ? "true" : "false",
        onclick: () => { this.reviewing = j; this.redraw(); },
      }, [`Round ${f.round}`])))
      : null;
    let button = null;
    if (view.phase !== "over") {
      const text = "Back to the game";
      button = h("button", {
        type: "button", class: "primary next-round", "data-target": "review:close",
        onclick: () => this.review(null),
      }, [text]);
    }
    return h("div", { class: "castles-hand review-card" }, [
      h("div", { class: "review-head" }, [
        h("h3", {}, [`Round ${round.round} of ${view.rounds} scored`]),
        h("p", { class: "hint" }, [`${this.names[round.starter]} started it.`]),
      ]),
      ...rows,
      h("div", { class: "review-foot" }, [tabs, button]),
    ]);
  }

  sidePanel(view) {
    const standard = view.options.terrain === "standard";
    const cards = view.suits.map((suit, k) => {
      const moving = view.to_move.includes(k);
      const won = view.result ? view.result.winners.includes(k) : false;
      const coins = view.coins[k];
      const proper = view.proper[k];
      const width = 30 + coins.length * 24 + 10;
      const svg = svgRoot(`0 0 ${Math.max(width, 40)} 36`, { class: "mini-reserve" });
      if (standard && proper) {
        svg.append(at(16, 18, {}, [tile(proper, 28, { extra: k === this.state?.viewer ? "your proper tile" : `${this.names[k]}'s proper tile, set aside` })]));
      }
      coins.forEach((c, i) => svg.append(at((standard ? 44 : 14) + i * 24, 18, {}, [
        coin(c, 10, { private: c.rank !== null, extra: `${this.names[k]}'s army, in hand` })])));
      const facts = [SUIT_NAMES[suit], `${count(coins.length, "army", "armies")} in hand`];
      if (standard) facts.push(proper ? "proper tile set aside" : "proper tile laid");
      if (view.options.terrain === "suit") facts.push(`pile: ${count(view.piles[k].count, "tile", "tiles")}`);
      return h("div", { class: `seat-card${moving ? " moving" : ""}${won ? " winner" : ""}`, "data-seat": k }, [
        h("div", { class: "seat-head" }, [
          h("span", { class: "swatch", style: `background:${SUIT_COLOURS[suit]}` }),
          h("strong", {}, [this.names[k]]),
          moving ? h("span", { class: "to-move" }, ["to move"]) : null,
          won ? h("span", { class: "to-move" }, [view.result.winners.length > 1 ? "shares the win" : "wins"]) : null,
          h("span", { class: "seat-score", title: "Gold from the rounds scored so far" }, [`${plain(view.scores[k])} gold`]),
        ]),
        h("div", { class: "seat-facts" }, [facts.join(" · ")]),
        svg.childNodes.length ? svg : null,
      ]);
    });
    const parts = [h("p", { class: "round-line" }, [
      view.phase === "over" ? `All ${view.rounds} rounds played.` : `Round ${view.round} of ${view.rounds} · ${this.names[view.starter]} started it.`,
    ]), ...cards];
    if (view.options.terrain !== "suit" && view.phase === "map") {
      parts.push(h("p", { class: "pile-line" }, [`Resource pile: ${count(view.piles[0].count, "tile", "tiles")}.`]));
    }
    if (view.finished.length) {
      parts.push(h("h3", {}, ["Scored rounds"]));
      parts.push(h("div", { class: "finished-rounds" }, view.finished.map((f, j) => h("button", {
        type: "button", class: "finished-round", title: "Show this round's map with its scores",
        onclick: () => this.review(j),
      }, [`Round ${f.round}: ` + f.points.map((p, k) => `${this.names[k]} ${signed(p)}`).join(", ")]))));
    }
    return h("div", { class: "seats-panel castles-panel" }, parts);
  }

  /** Gold per round and in all, then every round's terms seat by seat. */
  resultDetail(result) {
    const finished = this.state?.view?.finished || [];
    const width = this.root.clientWidth;
    return resultTables(result, this.names, finished.length === result.detail.rounds.length ? finished : [], width > 0 && width < NARROW);
  }
}
