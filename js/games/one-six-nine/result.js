// @ts-check
/**
 * The 169 result: for each seat every term that decides the game — Castle
 * tiles held, the ones its own Bureaucrat doubles, the castle count those
 * make against the count that wins, and gold (which breaks a tie at the last
 * turn) — then how the game was decided.  The engine's result gives the
 * counts and gold; the final board (when the board has it) splits each count
 * into tiles and doublings.  On a phone the table is turned: a line per term,
 * a column per player.
 */
import { h } from "../../common/dom.js";
import { count } from "./text.js";

/**
 * @param {any} result {scores, winners, detail: {decided_by, turn, castles_to_win, gold}}
 * @param {string[]} names
 * @param {any|null} view the final view, or null
 * @param {boolean} [narrow] a phone: a column per player
 */
export function resultTables(result, names, view, narrow = false) {
  const { detail } = result;
  const n = result.scores.length;
  const byTiles = view && view.board ? holdings(view) : null;
  const lastTurn = detail.decided_by === "last turn";
  const head = ["Player", "Castle tiles", "Doubled by own Bureaucrat", "Castle count", `Needed to win`, "Gold", "Gold Mines", "Roads"];
  const rows = Array.from({ length: n }, (_, k) => {
    const mine = byTiles ? byTiles[k] : null;
    const cells = [
      h("th", { scope: "row" }, [names[k] ?? `Seat ${k + 1}`]),
      h("td", { class: "term-castles" }, [mine ? String(mine.castles) : "—"]),
      h("td", { class: "term-doubled" }, [mine ? (mine.doubled ? `+${mine.doubled}` : "0") : "—"]),
      h("td", { class: "term-count" }, [h("strong", {}, [String(result.scores[k])])]),
      h("td", {}, [String(detail.castles_to_win)]),
      h("td", { class: `term-gold${lastTurn ? " tiebreak" : ""}` }, [String(detail.gold[k])]),
      h("td", {}, [mine ? String(mine.mine) : "—"]),
      h("td", {}, [mine ? String(mine.road) : "—"]),
    ];
    return h("tr", { class: result.winners.includes(k) ? "winner" : "", "data-seat": k }, cells);
  });
  const caption = h("caption", {}, ["Castles decide; at the last turn, gold breaks a tie"]);
  const table = narrow ? turned(caption, head, rows) : h("table", { class: "score-table osn-result-table" }, [
    caption,
    h("thead", {}, [h("tr", {}, head.map((c) => h("th", { scope: "col" }, [c])))]),
    h("tbody", {}, rows),
  ]);
  const how = lastTurn
    ? `Decided at the last turn (turn ${detail.turn}): the most castles wins, then the most gold.`
    : `Decided by castles on turn ${detail.turn}: ${count(detail.castles_to_win, "castle", "castles")} win at once.`;
  return h("div", { class: "osn-result" }, [table, h("p", { class: "decided" }, [how])]);
}

/**
 * The table turned for a phone: the players' rows become columns (their cells moved, classes and all).
 * @param {Node} caption @param {string[]} head @param {HTMLElement[]} rows
 */
function turned(caption, head, rows) {
  const cells = rows.map((row) => [...row.children]);
  return h("table", { class: "score-table osn-result-table osn-result-columns" }, [
    caption,
    h("thead", {}, [h("tr", {}, [h("td", {}, [""]), ...cells.map((c, k) => {
      c[0].setAttribute("scope", "col");
      if (rows[k].classList.contains("winner")) c[0].classList.add("winner");
      return c[0];
    })])]),
    h("tbody", {}, head.slice(1).map((term, i) => h("tr", {}, [h("th", { scope: "row" }, [term]), ...cells.map((c, k) => {
      if (rows[k].classList.contains("winner")) c[i + 1].classList.add("winner");
      return c[i + 1];
    })]))),
  ]);
}

/** Per seat: Castle tiles, doubled ones, Gold Mines and Roads on the final board. */
function holdings(view) {
  const out = Array.from({ length: view.players }, () => ({ castles: 0, doubled: 0, mine: 0, road: 0 }));
  for (const t of view.board) {
    const seat = out[t.owner];
    if (!seat) continue;
    if (t.kind === "castle") {
      seat.castles += 1;
      if (view.doubled.includes(t.id)) seat.doubled += 1;
    } else if (t.kind === "mine" || t.kind === "road") {
      seat[t.kind] += 1;
    }
  }
  return out;
}
