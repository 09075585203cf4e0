// @ts-check
/**
 * The King's Progress board: at a table, every kingdom as a row of its city
 * places (rows.js), scaled to the room the window has, so a desktop's pieces
 * are as large as the felt allows (a radial board, kingdoms pointing out from
 * the centre, is tall and narrow and left its pieces 13-34 px wide in a 900 px
 * felt); the viewer's reserve below.  A lobby card's picture keeps the radial
 * drawing, kingdoms radiating from the centre with the viewer's own pointing
 * towards them.
 *
 * It draws the view it is given and turns clicks into the legal actions it is
 * given (a piece, then a place), like chessground's "dests": it never decides
 * what is legal.
 */
import { at, el, svgRoot } from "../../board/svg.js";
import { coin, die, pawn, pieceKey, rankName, SUIT_COLOURS, SUIT_NAMES, SUITS, tile } from "../../board/piecepack.js";
import { h } from "../../common/dom.js";
import { count } from "../../common/plural.js";
import { MoveChooser } from "../../board/chooser.js";
import { drawReserveRows, drawRows, PASS_WIDTH, passPlaque, placeRect } from "./rows.js";

const TILE = 62;
const D0 = 80;
const COIN_R = 14;
/** A coin in the desktop reserve: its radius, the distance between two, and its hit square (units; the reserve is
 * drawn at about one pixel a unit, so every coin is at least 40 px to click). */
const HAND_COIN_R = 21;
const HAND_COIN_PITCH = 50;
const HAND_COIN_HIT = 48;
/** Extra distance between a kingdom's last city and its owner's label (diagonal roads need it). */
const LABEL_GAP = 28;
/** Below this board width (CSS px) the reserve is drawn in rows and the result in columns, for a phone (rows.js). */
const NARROW = 600;
/** The radial board is never drawn shorter than this (CSS px) to keep the reserve in the window. */
const LEAST_BOARD_HEIGHT = 320;
/** Room (CSS px) kept between the reserve and the window's bottom edge. */
const FOLD_MARGIN = 8;
const PROMPTS = {
  city: "Choose a tile from your reserve, then the kingdom to build it in.",
  city_veto: "You may veto a city of your own kingdom: choose a replacement tile, then the city. Or pass.",
  invest: "Choose a coin from your reserve, then a city that has no coin.",
  invest_veto: "You may veto an investment in your own kingdom: choose its coin. Or pass.",
  replace: "Choose a coin from your reserve to put in place of the vetoed one.",
  king: "Choose your King to move it on, or your veto die to veto its progress (costs a veto).",
};

const TAX_CAPTION = "Tax collected, city by city (tile × coin, doubled under the King)";
/** What the result's "Vetoes left" column means: each veto not spent is worth 1 in the total (docs/rules/kings-progress.md). */
const VETOES_NOTE = "Vetoes left: each veto a player did not spend adds 1 to their total.";

/** The heading of the vetoes column (or row, on a phone), with what it means on hover. @param {string} [scope] */
function vetoesHeading(scope) {
  return h("th", { scope, title: VETOES_NOTE }, ["Vetoes left"]);
}

/** Which piece an action moves, as "tile:suit:rank" / "coin:suit:rank". */
function pieceOf(action) {
  if (!("suit" in action)) return null;
  const kind = action.type === "place_city" || action.type === "veto_city" ? "tile" : "coin";
  return `${kind}:${action.suit}:${action.rank}`;
}

/** Where an action lands, as a board target key; null for a one-click piece. */
function targetOf(action, seat) {
  switch (action.type) {
    case "place_city": return `slot:${action.kingdom}`;
    case "veto_city": case "veto_investment": return `city:${seat}:${action.city}`;
    case "invest": return `city:${action.kingdom}:${action.city}`;
    case "pass": return "pass";
    case "move_king": return `king:${seat}`;
    case "veto_king": return `die:${seat}`;
    default: return null;
  }
}

export class KingsProgressBoard {
  /** @param {HTMLElement} root @param {{onAction: (a: any) => void, names: string[]}} opts */
  constructor(root, opts) {
    this.root = root;
    this.names = opts.names;
    this.chooser = new MoveChooser(opts.onAction, () => this.redraw(), { describe: (kind, key) => this.describe(kind, key) });
    this.state = null;
    /** Whether the last drawing was the narrow one (rows), so a resize across the line redraws. */
    this.narrow = false;
    this.chooser.listen(root);
    const onResize = () => {
      if (!this.root.isConnected) window.removeEventListener("resize", onResize); // the table has gone
      else if (this.state && this.isNarrow() !== this.narrow) this.redraw();
    };
    window.addEventListener("resize", onResize);
    // a resize, or the page above growing or shrinking between redraws, fits it again
    let shown = false;
    const fitter = new ResizeObserver(() => {
      if (!this.root.isConnected) {
        if (shown) fitter.disconnect(); // the table has gone
        return;
      }
      shown = true;
      this.refit();
    });
    fitter.observe(document.body);
    /** The frame asked for to fit the board again once the table has written its status line (0: none). */
    this.fitFrame = 0;
  }

  /** Fit the drawn board above the reserve again (see fitAboveReserve). */
  refit() {
    if (this.state && !this.narrow && this.root.firstElementChild && this.root.lastElementChild) {
      this.fitAboveReserve(this.root.firstElementChild, this.root.lastElementChild);
    }
  }

  /** Whether the board is narrow (a phone in portrait): the reserve and the result are drawn for a phone too. */
  isNarrow() {
    const width = this.root.clientWidth;
    return width > 0 && width < NARROW;
  }

  /** @param {{view: any, legal: any[], viewer: number|null, active: boolean}} state */
  update(state) {
    this.state = state;
    this.chooser.offer(state.legal, (a) => pieceOf(a), (a) => targetOf(a, state.viewer));
    this.redraw();
  }

  clear() {
    this.state = null;
    this.root.replaceChildren();
  }

  redraw() {
    if (!this.state) return;
    const { view, viewer, active } = this.state;
    this.narrow = this.isNarrow();
    const atTable = this.root.getRootNode() === document; // not a lobby card's picture (js/ui/board-picture.js)
    const board = this.narrow || atTable ? drawRows(view, viewer, this.names) : this.drawBoard(view, viewer);
    if (!this.narrow && atTable) board.classList.add("kp-wide");
    const hand = this.drawHand(view, viewer, active);
    this.root.replaceChildren(board, hand);
    if (!this.narrow) this.fitAboveReserve(board, hand);
    // the table writes its status line after drawing, and the bar may take a line more or less: fit again
    // just before the frame is drawn, when the page above the board is as it will show
    if (!this.fitFrame) this.fitFrame = requestAnimationFrame(() => { this.fitFrame = 0; this.refit(); });
    this.chooser.mark(this.root);
  }

  /**
   * At a table on a wide screen, make the radial board short enough that the prompt and the reserve under it
   * end inside the window at the page's top, whatever the bar above it holds (its buttons may take two lines);
   * never shorter than LEAST_BOARD_HEIGHT.  The stylesheet's limit (board.css) stays the upper bound.
   * @param {Element} board @param {Element} hand
   */
  fitAboveReserve(board, hand) {
    const svg = /** @type {SVGSVGElement} */ (board);
    if (svg.getRootNode() !== document) return; // a lobby card's picture (js/ui/board-picture.js) is no table
    const box = svg.getBoundingClientRect();
    if (!box.width) return; // not laid out (the table is hidden): the observer fits it once it shows
    const below = hand.getBoundingClientRect().bottom - box.bottom;
    const room = Math.floor(window.innerHeight - (box.top + window.scrollY) - below - FOLD_MARGIN);
    const limit = `min(72vh, ${Math.max(LEAST_BOARD_HEIGHT, room)}px)`;
    if (svg.style.maxHeight !== limit) svg.style.maxHeight = limit;
  }

  /**
   * A clickable piece or place in words, for the keyboard and screen readers:
   * "Suns 4 tile, city 2 of Ada's kingdom, with a Moons coin".
   * @param {"piece"|"target"} kind @param {string} key
   */
  describe(kind, key) {
    if (!this.state) return null;
    const { view, viewer } = this.state;
    const [what, a, b] = key.split(":");
    const kingdom = (k) => (k === viewer ? "your kingdom" : `${this.names[k]}'s kingdom`);
    const piece = (p, word) => (p.rank === null ? `face-down ${SUIT_NAMES[p.suit]} ${word}` : `${SUIT_NAMES[p.suit]} ${rankName(p.rank)} ${word}`);
    if (kind === "piece") return `${SUIT_NAMES[a]} ${rankName(Number(b))} ${what}, in your reserve`;
    if (what === "pass") return "Pass (no veto)";
    if (what === "die") return `${Number(a) === viewer ? "Your" : `${this.names[Number(a)]}'s`} veto die: ${count(view.vetoes[Number(a)], "veto", "vetoes")} left`;
    const k = Number(a);
    const cities = view.kingdoms[k].cities;
    if (what === "slot") return `Empty place for city ${cities.length + 1} of ${kingdom(k)}`;
    if (what === "king") {
      const at = view.kingdoms[k].king;
      const whose = k === viewer ? "Your King" : `${this.names[k]}'s King`;
      return `${whose}, ${at < 0 ? "waiting in the centre" : `on city ${at + 1} of ${kingdom(k)}`}`;
    }
    const i = Number(b);
    const city = cities[i];
    if (!city) return null;
    const parts = [`${piece(city.tile, "tile")}, city ${i + 1} of ${kingdom(k)}`];
    const secret = city.coin && city.coin.rank !== null && view.phase !== "over" ? " (only you see its value)" : "";
    parts.push(city.coin ? `with a ${piece(city.coin, "coin")}${secret}` : "no coin yet");
    if (view.kingdoms[k].king === i) parts.push("the King is here");
    return parts.join(", ");
  }

  statusText(view) {
    const game = view.games_in_match > 1 ? `Game ${view.game_no} of ${view.games_in_match} · ` : "";
    return view.phase === "over" ? "Game over" : `${game}Round ${view.round} of ${view.rounds} · ${view.phase_title}`;
  }

  /** Where kingdom k points, as a unit vector; the viewer's own points down. */
  direction(view, k, viewer) {
    const n = view.players;
    const rel = (k - (viewer ?? 0) + n) % n;
    const angle = ((90 + (rel * 360) / n) * Math.PI) / 180;
    return [Math.cos(angle), Math.sin(angle)];
  }

  /** A view box that fits the kingdoms and their labels snugly. */
  viewBox(view, viewer, step) {
    let [x0, y0, x1, y1] = [-60, -60, 60, 60];
    for (let k = 0; k < view.players; k++) {
      const [dx, dy] = this.direction(view, k, viewer);
      const d = D0 + view.rounds * step + LABEL_GAP;
      const [x, y] = [dx * d, dy * d];
      x0 = Math.min(x0, x - 90); x1 = Math.max(x1, x + 90);
      y0 = Math.min(y0, y - 70); y1 = Math.max(y1, y + 70);
    }
    return `${x0} ${y0} ${x1 - x0} ${y1 - y0}`;
  }

  drawBoard(view, viewer) {
    const step = view.players === 3 ? 82 : 72;
    const svg = svgRoot(this.viewBox(view, viewer, step), { class: "kp-board", role: "group", "aria-label": "The kingdoms" });
    svg.append(el("circle", { r: 46, class: "centre", fill: "#e9dfc6", stroke: "#c2ae84" }));
    const waiting = [];
    view.kingdoms.forEach((kingdom, k) => {
      const [dx, dy] = this.direction(view, k, viewer);
      const pos = (i) => [dx * (D0 + i * step), dy * (D0 + i * step)];
      const colour = SUIT_COLOURS[SUITS[k]];
      // the road: six places from the centre outwards
      for (let i = 0; i < view.rounds; i++) {
        const [x, y] = pos(i);
        const isSlot = i === kingdom.cities.length;
        svg.append(at(x, y, isSlot ? { "data-target": `slot:${k}` } : {}, [placeRect(TILE, 3, colour)]));
      }
      kingdom.cities.forEach((city, i) => {
        const [x, y] = pos(i);
        const key = `city:${k}:${i}`;
        const pieces = [tile(city.tile, TILE, { extra: `city ${i + 1} of ${this.names[k]}'s kingdom`, key: pieceKey("tile", city.tile) })];
        if (city.coin) {
          pieces.push(at(TILE * 0.3, TILE * 0.3, {}, [coin(city.coin, COIN_R, { private: city.coin.rank !== null && view.phase !== "over", key: pieceKey("coin", city.coin) })]));
        }
        if (kingdom.king === i) {
          pieces.push(at(-TILE * 0.3, TILE * 0.22, { "data-target": `king:${k}`, "data-key": `king:${k}` }, [pawn(SUITS[k], 30, `${this.names[k]}'s King`)]));
        }
        svg.append(at(x, y, { "data-target": key, class: "city" }, pieces));
      });
      if (kingdom.king < 0) waiting.push(k);
      // the owner's label and veto die at the far end
      const [lx, ly] = [dx * (D0 + view.rounds * step + LABEL_GAP), dy * (D0 + view.rounds * step + LABEL_GAP)];
      svg.append(at(lx, ly - 8, { class: "kingdom-label" }, [
        el("rect", { x: -80, y: -44, width: 160, height: view.chancellor === k && view.phase !== "over" ? 110 : 86, rx: 10, fill: "#faf5ea", "fill-opacity": 0.92 }),
        el("text", { "text-anchor": "middle", y: -22, "font-size": 20, fill: colour, "font-weight": 700 }, [this.names[k]]),
        at(0, 12, { "data-target": `die:${k}`, "data-key": `die:${k}` }, [die(SUITS[k], view.vetoes[k], 34, `${this.names[k]}'s veto die: ${count(view.vetoes[k], "veto", "vetoes")} left`)]),
        view.chancellor === k && view.phase !== "over"
          ? el("text", { "text-anchor": "middle", y: 52, "font-size": 15, fill: "#5b4526" }, ["first chancellor"]) : null,
      ]));
    });
    waiting.forEach((k, j) => {
      const angle = (j / Math.max(waiting.length, 1)) * Math.PI * 2;
      const r = waiting.length > 1 ? 20 : 0;
      svg.append(at(Math.cos(angle) * r, Math.sin(angle) * r + 6, { "data-target": `king:${k}`, "data-key": `king:${k}` }, [
        pawn(SUITS[k], 30, `${this.names[k]}'s King`)]));
    });
    if (view.pending) {
      const [dx, dy] = this.direction(view, viewer ?? 0, viewer);
      const i = view.pending.city;
      svg.append(at(dx * (D0 + i * step) + 60, dy * (D0 + i * step), { class: "pending" }, [
        coin(view.pending.coin, COIN_R + 2, { extra: "vetoed investment", key: pieceKey("coin", view.pending.coin) }),
        el("text", { y: 34, "text-anchor": "middle", "font-size": 13 }, ["vetoed"]),
      ]));
    }
    return svg;
  }

  drawHand(view, viewer, active) {
    const wrap = h("div", { class: "hand" });
    if (viewer === null) {
      wrap.append(h("p", { class: "prompt" }, ["You are watching."]));
      return wrap;
    }
    let prompt = "";
    if (active) {
      const key = view.phase === "invest_veto" && view.pending ? "replace" : view.phase;
      prompt = PROMPTS[key] || "";
      if (this.chooser.selected) prompt = "Now choose a highlighted place (or the piece again to put it back).";
    } else if (view.phase !== "over") {
      prompt = "Waiting for the other players…";
    }
    wrap.append(h("p", { class: "prompt", id: "prompt" }, [prompt]));
    const res = view.reserves[viewer];
    if (this.narrow) {
      const rows = drawReserveRows(res, this.chooser.hasTarget("pass"));
      if (rows) wrap.append(rows);
      return wrap;
    }
    const width = Math.max(res.tiles.length * 70 + res.coins.length * HAND_COIN_PITCH + PASS_WIDTH + 60, 560);
    const svg = svgRoot(`0 0 ${width} 90`, { class: "hand-svg", role: "group", "aria-label": "Your reserve" });
    res.tiles.forEach((t, i) => {
      svg.append(at(40 + i * 70, 45, { "data-piece": `tile:${t.suit}:${t.rank}` }, [tile(t, 60, { key: pieceKey("tile", t) })]));
    });
    const coinX = 40 + res.tiles.length * 70 + 20;
    res.coins.forEach((c, i) => {
      svg.append(at(coinX + i * HAND_COIN_PITCH, 45, { "data-piece": `coin:${c.suit}:${c.rank}` }, [
        el("rect", { class: "hit", x: -HAND_COIN_HIT / 2, y: -HAND_COIN_HIT / 2, width: HAND_COIN_HIT, height: HAND_COIN_HIT, fill: "transparent" }),
        coin(c, HAND_COIN_R, { key: pieceKey("coin", c) })]));
    });
    if (this.chooser.hasTarget("pass")) {
      svg.append(at(width - PASS_WIDTH / 2 - 10, 45, { "data-target": "pass", class: "plaque" }, passPlaque(44)));
    }
    wrap.append(svg);
    return wrap;
  }

  sidePanel(view) {
    const earlier = (view.finished_games || []).map((g) => h("p", { class: "earlier-game" }, [
      `Game ${g.game_no}: ` + g.lines.map((line, k) => `${this.names[k]} ${line.total}`).join(", "),
    ]));
    return h("div", { class: "seats-panel" }, [...earlier, ...view.reserves.map((res, k) => {
      const svg = svgRoot(`0 0 ${Math.max(res.tiles.length, 1) * 34 + res.coins.length * 24 + 20} 40`, { class: "mini-reserve" });
      res.tiles.forEach((t, i) => svg.append(at(18 + i * 34, 20, {}, [tile(t, 30)])));
      res.coins.forEach((c, i) => svg.append(at(18 + res.tiles.length * 34 + i * 24, 20, {}, [coin(c, 10)])));
      const moving = view.to_move.includes(k);
      return h("div", { class: `seat-card${moving ? " moving" : ""}`, "data-seat": k }, [
        h("span", { class: "swatch", style: `background:${SUIT_COLOURS[SUITS[k]]}` }),
        h("strong", {}, [this.names[k]]),
        h("span", {}, [` · ${SUIT_NAMES[SUITS[k]]} · ${count(view.vetoes[k], "veto", "vetoes")}${moving ? " · to move" : ""}`]),
        svg,
      ]);
    })]);
  }

  /** The final scores city by city. */
  resultDetail(result) {
    const games = result.detail.games;
    const parts = games.map((lines, g) => (this.isNarrow() ? this.resultColumns(result, lines, g, games.length) : h("table", { class: "score-table" }, [
      h("caption", {}, [games.length > 1 ? `Game ${g + 1}` : TAX_CAPTION]),
      h("thead", {}, [h("tr", {}, [h("th", {}, ["Player"]), ...[1, 2, 3, 4, 5, 6].map((i) => h("th", {}, [`City ${i}`])), vetoesHeading(), h("th", {}, ["Total"])])]),
      h("tbody", {}, lines.map((line, k) => h("tr", { class: result.winners.includes(k) ? "winner" : "" }, [
        h("th", {}, [this.names[k]]),
        ...line.cities.map((c) => h("td", { class: c.king ? "king" : "" }, [`${c.tile}×${c.coin}${c.king ? "×2 ♔" : ""} = ${c.score}`])),
        h("td", {}, [String(line.vetoes)]),
        h("td", {}, [h("strong", {}, [String(line.total)])]),
      ]))),
    ])));
    if (games.length > 1) {
      parts.push(h("p", {}, ["Match totals: " + result.scores.map((s, k) => `${this.names[k]} ${s}`).join(", ")]));
    }
    parts.push(h("p", { class: "kp-vetoes-note", id: "kp-vetoes-note" }, [VETOES_NOTE]));
    parts.push(h("p", { class: "decided" }, [`Decided by: ${result.detail.decided_by}.`]));
    return h("div", {}, parts);
  }

  /**
   * The same scores for a phone: a column per player and a line per city, so that nine
   * columns of sums do not push the dialog sideways.
   * @param {any} result @param {any[]} lines one game's score lines @param {number} g @param {number} games how many games the match has
   */
  resultColumns(result, lines, g, games) {
    const won = (k) => (result.winners.includes(k) ? "winner" : "");
    const row = (label, cell) => h("tr", {}, [h("th", { scope: "row" }, [label]), ...lines.map((line, k) => cell(line, k))]);
    return h("table", { class: "score-table kp-result-columns" }, [
      h("caption", {}, [games > 1 ? `Game ${g + 1}` : TAX_CAPTION]),
      h("thead", {}, [h("tr", {}, [h("td", {}, [""]), ...lines.map((_, k) => h("th", { scope: "col", class: won(k) }, [this.names[k]]))])]),
      h("tbody", {}, [
        ...[0, 1, 2, 3, 4, 5].map((i) => row(`City ${i + 1}`, (line, k) => {
          const c = line.cities[i];
          return h("td", { class: `${c?.king ? "king " : ""}${won(k)}`.trim() }, [c ? `${c.tile}×${c.coin}${c.king ? "×2 ♔" : ""} = ${c.score}` : "—"]);
        })),
        h("tr", {}, [vetoesHeading("row"), ...lines.map((line, k) => h("td", { class: won(k) }, [String(line.vetoes)]))]),
        row("Total", (line, k) => h("td", { class: won(k) }, [h("strong", {}, [String(line.total)])])),
      ]),
    ]);
  }
}
