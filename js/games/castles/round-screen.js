// @ts-check
/**
 * What the table shows when a round of Castles has just been scored (an
 * interlude, js/tables/interlude.js): that round's final map with every army
 * face up and each seat's terms as tags in its colour, and the round's score
 * table (each seat's terms in words, the round's gold, the total so far).
 *
 * Drawn from the view's `finished` rounds only, which every seat sees alike:
 * at a pass-and-play table it shows to whoever holds the device.
 */
import { SUIT_COLOURS, SUITS } from "../../board/piecepack.js";
import { h } from "../../common/dom.js";
import { boundsOf, drawMap } from "./map.js";
import { plain, scoreLine, signed } from "./text.js";

/** Free squares framed round a finished map: only room for its score tags. */
const SCORED_RING = 0.3;

/**
 * The body of a scored round's screen.
 * @param {any} view the view just after the round was scored
 * @param {number} index which of `view.finished` to show
 * @param {string[]} names
 * @returns {HTMLElement}
 */
export function roundScreen(view, index, names) {
  const round = view.finished[index];
  const sofar = (/** @type {number} */ seat) => view.finished.slice(0, index + 1).reduce((sum, f) => sum + f.points[seat], 0);
  const map = drawMap(round.map, {
    bounds: boundsOf(round.map.tiles), ring: SCORED_RING, names, viewer: null, secret: false, lines: round.lines,
    label: `The map of round ${round.round}, as scored`,
  });
  const rows = round.lines.map((/** @type {any} */ line) => h("tr", { "data-seat": line.seat }, [
    h("th", { scope: "row" }, [
      h("span", { class: "swatch", style: `background:${SUIT_COLOURS[SUITS[line.seat]]}` }), names[line.seat],
    ]),
    h("td", { class: "round-terms" }, [scoreLine(line)]),
    h("td", { class: "round-gold" }, [h("strong", {}, [signed(line.total)])]),
    h("td", { class: "round-total" }, [plain(sofar(line.seat))]),
  ]));
  return h("div", { class: "castles-round-screen" }, [
    h("p", { class: "hint" }, [
      `${names[round.starter]} started this round. Each player's terms are the tags in their colour on the map `
      + "(hover or hold one for what it counts), and in words below.",
    ]),
    h("div", { class: "round-screen-map" }, [map]),
    h("table", { class: "score-table round-scores" }, [
      h("caption", {}, [`Gold in round ${round.round} of ${view.rounds}`]),
      h("thead", {}, [h("tr", {}, [
        h("th", { scope: "col" }, ["Player"]),
        h("th", { scope: "col" }, ["Terms: castle tile, armies there, each neighbouring tile"]),
        h("th", { scope: "col" }, ["This round"]),
        h("th", { scope: "col" }, [`Total after round ${round.round}`]),
      ])]),
      h("tbody", {}, rows),
    ]),
  ]);
}
