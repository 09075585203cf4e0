// @ts-check
/**
 * The auction, drawn: the secret bid form (the platform's form with this
 * game's help text) and, once bids are revealed, the table of every seat's
 * bids with what each won and which plan it picked.
 */
import { h } from "../../common/dom.js";
import { drawForm } from "../../board/form.js";
import { TOKEN_COLOURS } from "./cards.js";

const AREA_LABELS = { wood: "Wood", marble: "Marble", plumbing: "Plumbing", plans: "Plans" };

/**
 * The bid board: four steppers under a cover (nobody else sees it), coins left, seal.
 * @param {import("../../board/form.js").FormDraft} draft @param {string[]} names
 * @param {number} coins @param {(action: any) => void} onSubmit
 */
export function bidForm(draft, names, coins, onSubmit) {
  return drawForm(draft, {
    names, id: "mn-bid", className: "mn-bid", submitLabel: "Seal my bids",
    help: [
      `You hold ${coins} coin${coins === 1 ? "" : "s"}. Split any of them over the four areas (an area may stay empty; coins you do not bid are kept). `,
      "Nobody sees your bids until everyone has sealed; then every coin bid goes back to the pile, won or not.",
    ],
    fieldLabel: (f) => AREA_LABELS[f.name] ?? f.label,
    onSubmit,
  });
}

/**
 * Who bid what, who won what, and the plan picks, for the last revealed auction.
 * @param {any} auction the view's `auction` @param {string[]} names @param {Record<string, any>} plans
 * @param {string[]} areas
 */
export function auctionTable(auction, names, plans, areas) {
  const picks = new Map(auction.picks.map((p) => [p.seat, p.plan]));
  const rows = auction.bids.map((bid, seat) => h("tr", { "data-seat": seat }, [
    h("th", {}, [names[seat]]),
    ...areas.map((area) => {
      if (area === "plans") {
        const order = auction.pick_order.indexOf(seat);
        const got = picks.has(seat) ? (picks.get(seat) ? plans[picks.get(seat)].label : "none left") : order >= 0 ? "to pick" : "";
        return h("td", { "data-area": area }, [String(bid[area]), got ? h("span", { class: "mn-won" }, [` → ${got}${order >= 0 ? ` (${order + 1}${["st", "nd", "rd"][order] ?? "th"} pick)` : ""}`]) : ""]);
      }
      const m = auction.materials[area];
      const paid = m.paid[seat], owed = m.owed[seat];
      const won = bid[area] > 0 ? ` → +${paid}${paid !== owed ? ` (owed ${owed}, pile short)` : ""}` : "";
      return h("td", { "data-area": area }, [String(bid[area]), won ? h("span", { class: "mn-won" }, [won]) : ""]);
    }),
  ]));
  return h("details", { class: "mn-auction", id: "mn-auction", open: true }, [
    h("summary", {}, [`Bids revealed, turn ${auction.turn} (coins bid → what it won)`]),
    h("table", { class: "score-table mn-auction-table" }, [
      h("thead", {}, [h("tr", {}, [h("th", {}, ["Player"]), ...areas.map((a) => h("th", {}, [
        h("span", { class: "swatch", style: `background:${TOKEN_COLOURS[a]}` }), AREA_LABELS[a] ?? a,
      ]))])]),
      h("tbody", {}, rows),
    ]),
  ]);
}
