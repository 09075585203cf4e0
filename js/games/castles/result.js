// @ts-check
/**
 * The Castles result: gold per round and in all, then (when the board still
 * has the finished rounds) each round's terms seat by seat; on a phone the
 * terms are turned to a column per player, a block of lines per round.
 */
import { h } from "../../common/dom.js";
import { plain, side, signed, termTitle } from "./text.js";

const SIDES = ["north", "east", "south", "west"];

/**
 * @param {any} result the engine's result: scores, winners, detail.rounds[round][seat]
 * @param {string[]} names
 * @param {any[]} finished the finished rounds (with their score lines), or [] if unknown
 * @param {boolean} [narrow] a phone: the terms in a column per player
 */
export function resultTables(result, names, finished, narrow = false) {
  const rounds = result.detail.rounds;
  const parts = [h("table", { class: "score-table castles-totals" }, [
    h("caption", {}, ["Gold per round (each player starts one round)"]),
    h("thead", {}, [h("tr", {}, [
      h("th", {}, ["Player"]),
      ...rounds.map((_, r) => h("th", {}, [
        `Round ${r + 1}`, finished[r] ? h("span", { class: "starter" }, [` (${names[finished[r].starter]} starts)`]) : null,
      ])),
      h("th", {}, ["Total"]),
    ])]),
    h("tbody", {}, result.scores.map((total, k) => h("tr", { class: result.winners.includes(k) ? "winner" : "" }, [
      h("th", {}, [names[k]]),
      ...rounds.map((points, r) => h("td", { title: finished[r] ? termList(finished[r].lines[k], names[k]) : null }, [signed(points[k])])),
      h("td", {}, [h("strong", {}, [plain(total)])]),
    ]))),
  ])];
  if (finished.length) parts.push(narrow ? termColumns(finished, names, result.winners) : termTable(finished, names));
  const decided = result.detail.decided_by === "shared" ? "a shared win: the rules break no ties" : result.detail.decided_by;
  parts.push(h("p", { class: "decided" }, [`Decided by: ${decided}.`]));
  return h("div", { class: "castles-result" }, parts);
}

function termList(line, name) {
  const castle = { x: line.terms[0].x, y: line.terms[0].y };
  return line.terms.map((t) => termTitle(t, name, castle)).join("\n");
}

/** Every round's terms: castle tile, armies there, the four neighbours, the round's total. */
function termTable(finished, names) {
  const head = ["Round", "Player", "Castle tile", "Armies there", "North", "East", "South", "West", "Round total"];
  const body = [];
  finished.forEach((f) => {
    f.lines.forEach((line, i) => {
      const castle = { x: line.terms[0].x, y: line.terms[0].y };
      const bySide = new Map(line.terms.slice(2).map((t) => [side(t, castle), t]));
      const cell = (t) => h("td", { title: t ? termTitle(t, names[line.seat], castle) : "no tile on this side" },
        [t ? signed(t.points) : "—"]);
      body.push(h("tr", { class: i === 0 ? "round-start" : "" }, [
        i === 0 ? h("th", { rowspan: f.lines.length, scope: "rowgroup" }, [String(f.round)]) : null,
        h("th", { scope: "row" }, [names[line.seat]]),
        cell(line.terms[0]), cell(line.terms[1]),
        ...SIDES.map((s) => cell(bySide.get(s))),
        h("td", {}, [h("strong", {}, [signed(line.total)])]),
      ]));
    });
  });
  return h("table", { class: "score-table castles-terms" }, [
    h("caption", {}, ["Term by term: castle tile, armies on it, then each neighbouring tile"]),
    h("thead", {}, [h("tr", {}, head.map((c) => h("th", {}, [c])))]),
    h("tbody", {}, body),
  ]);
}

/** The same terms for a phone: per round, a line per term and a column per player. */
function termColumns(finished, names, winners) {
  const terms = ["Castle tile", "Armies there", ...SIDES.map((s) => s[0].toUpperCase() + s.slice(1)), "Round total"];
  const body = finished.map((f) => {
    const cells = f.lines.map((line) => {
      const castle = { x: line.terms[0].x, y: line.terms[0].y };
      const bySide = new Map(line.terms.slice(2).map((t) => [side(t, castle), t]));
      return [line.terms[0], line.terms[1], ...SIDES.map((s) => bySide.get(s))].map((t) => h("td", {
        title: t ? termTitle(t, names[line.seat], castle) : "no tile on this side",
      }, [t ? signed(t.points) : "—"])).concat([h("td", {}, [h("strong", {}, [signed(line.total)])])]);
    });
    return h("tbody", {}, [
      h("tr", { class: "round-start" }, [h("th", { scope: "rowgroup" }, [`Round ${f.round}`]),
        ...f.lines.map((line) => h("th", { scope: "col", class: winners.includes(line.seat) ? "winner" : "" }, [names[line.seat]]))]),
      ...terms.map((term, i) => h("tr", {}, [h("th", { scope: "row" }, [term]), ...cells.map((column) => column[i])])),
    ]);
  });
  return h("table", { class: "score-table castles-terms castles-terms-columns" }, [
    h("caption", {}, ["Term by term: castle tile, armies on it, then each neighbouring tile"]),
    ...body,
  ]);
}
