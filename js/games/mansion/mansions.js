// @ts-check
/**
 * Each seat's mansion as rows of cards by floor, the ground floor at the
 * bottom, with every floor's status (rooms against its size, bathroom,
 * staircase, complete) and the bonuses earned; empty dashed slots show what a
 * floor still lacks.  Floors that a selected plan may go on are board targets
 * `floor:<n>` (only the viewer's own mansion, only when a build is offered).
 */
import { h } from "../../common/dom.js";
import { count } from "../../common/plural.js";
import { card } from "./cards.js";

/**
 * @typedef {{floor: number, rooms: string[], stairs: string|null, size: number|null, min_rooms: number, max_rooms: number, bathroom: boolean, complete: boolean}} Floor
 */

/** "Floor 1 (ground)". @param {number} n */
export const floorName = (n) => (n === 1 ? "Floor 1 (ground)" : `Floor ${n}`);

/**
 * One floor's status line.
 * @param {Floor} floor
 */
function statusLine(floor) {
  const n = floor.rooms.length;
  const rooms = floor.min_rooms === floor.max_rooms ? `${n}/${floor.max_rooms} rooms`
    : `${n} room${n === 1 ? "" : "s"} (${floor.min_rooms}–${floor.max_rooms})`;
  const bits = [
    rooms,
    floor.bathroom ? "bathroom ✓" : "no bathroom",
    floor.stairs ? "staircase ✓" : "no staircase",
  ];
  return h("p", { class: "mn-floor-status" }, [
    h("strong", {}, [floorName(floor.floor)]), ` · ${bits.join(" · ")}`,
    floor.complete ? h("span", { class: "mn-complete" }, [" · complete ✓"]) : null,
  ]);
}

/**
 * @param {{seat: number, name: string, floors: Floor[], score: any, plans: Record<string, any>,
 *   targets: Set<string>, you: boolean, moving: boolean}} opts
 */
export function drawMansion(opts) {
  const { floors, plans, targets } = opts;
  const rows = floors.map((floor) => {
    const empty = Math.max(floor.min_rooms - floor.rooms.length, 0);
    const target = `floor:${floor.floor}`;
    return h("div", {
      class: `mn-floor${floor.complete ? " complete" : ""}`, "data-floor": floor.floor,
      "data-target": opts.you && targets.has(target) ? target : null,
    }, [
      statusLine(floor),
      h("div", { class: "mn-floor-cards" }, [
        ...floor.rooms.map((kind) => card(plans[kind], { size: "mini" })),
        ...Array.from({ length: empty }, (_, i) => h("div", {
          class: `mn-slot${!floor.bathroom && i === empty - 1 ? " needs-bath" : ""}`,
          title: !floor.bathroom && i === empty - 1 ? "A bathroom is still needed on this floor" : "An empty room",
        }, [!floor.bathroom && i === empty - 1 ? "bath" : ""])),
        h("div", { class: "mn-stairs-spot" }, [
          floor.stairs ? card(plans[floor.stairs], { size: "mini", extra: "stairs" }) : h("div", { class: "mn-slot stairs", title: "No staircase yet" }, ["stairs"]),
        ]),
      ]),
    ]);
  });
  // a floor the selected plan would start
  const next = floors.length + 1;
  if (opts.you && targets.has(`floor:${next}`)) {
    rows.push(h("div", { class: "mn-floor new", "data-floor": next, "data-target": `floor:${next}` }, [
      h("p", { class: "mn-floor-status" }, [h("strong", {}, [floorName(next)]), " · start this floor"]),
      h("div", { class: "mn-floor-cards" }, [h("div", { class: "mn-slot" }, ["+"])]),
    ]));
  }
  const s = opts.score;
  const head = h("header", { class: "mn-mansion-head" }, [
    h("strong", {}, [opts.you ? `${opts.name} (your mansion)` : `${opts.name}'s mansion`]),
    h("span", { class: "mn-score", "data-score": s.total }, [
      ` · ${count(s.total, "point")}`,
      h("span", { class: "mn-score-terms" }, [
        ` (cards ${s.cards}, ${s.bedrooms} bedroom${s.bedrooms === 1 ? "" : "s"} +${s.bedroom_bonus}, ${s.complete_floors} complete floor${s.complete_floors === 1 ? "" : "s"} +${s.floor_bonus})`,
      ]),
    ]),
  ]);
  return h("section", {
    class: `mn-mansion${opts.you ? " you" : ""}${opts.moving ? " moving" : ""}`, "data-seat": opts.seat,
    "aria-label": `${opts.name}'s mansion`,
  }, [
    head,
    h("div", { class: "mn-floors" }, rows.length ? rows.reverse() : [h("p", { class: "mn-empty" }, ["Nothing built yet."])]),
  ]);
}
