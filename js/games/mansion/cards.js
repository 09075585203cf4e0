// @ts-check
/**
 * Mansion's plan cards and tokens as SVG: a card shows its room kind, what it
 * counts as (staircase, bathroom, bedroom), its points and its cost in wood,
 * marble and plumbing.  Card data comes from the view's deck list (`plans`),
 * so nothing here knows a card's numbers.
 */
import { h } from "../../common/dom.js";
import { count } from "../../common/plural.js";
import { el as svg, svgRoot } from "../../board/svg.js";

/** Token colours, also used by the side panel and the forms. */
export const TOKEN_COLOURS = { coins: "#d9a521", wood: "#9a6233", marble: "#cfd6dc", plumbing: "#3f78a8", plans: "#7a5c9e" };
export const TOKEN_NAMES = { coins: "coins", wood: "wood", marble: "marble", plumbing: "plumbing", plans: "plans" };
/** A token's name for one of it, where that differs ("1 plan", "1 coin"; materials read the same). */
const TOKEN_ONE = { coins: "coin", plans: "plan" };
const MATERIALS = ["wood", "marble", "plumbing"];
const ROLE_COLOURS = { staircase: "#5b6b7d", bathroom: "#2f8f8a", bedroom: "#b0577a", room: "#a27b45" };
const ROLE_NAMES = { staircase: "staircase", bathroom: "bathroom", bedroom: "bedroom", room: "room" };

/**
 * @typedef {{kind: string, label: string, cost: number[], points: number, copies: number, role: string}} Plan
 */

/** The deck list by kind. @param {Plan[]} plans @returns {Record<string, Plan>} */
export function plansByKind(plans) {
  return Object.fromEntries(plans.map((p) => [p.kind, p]));
}

/** "2 wood, 1 marble" (nothing: "free"). @param {Plan} plan */
export function costText(plan) {
  const bits = MATERIALS.flatMap((m, i) => (plan.cost[i] ? [`${plan.cost[i]} ${m}`] : []));
  return bits.length ? bits.join(", ") : "free";
}

/** One line describing a card, for titles and screen readers. @param {Plan} plan */
export function cardText(plan) {
  const role = plan.role === "room" ? "" : ` (a ${ROLE_NAMES[plan.role]})`;
  return `${plan.label}${role}: ${count(plan.points, "point")}, costs ${costText(plan)}`;
}

/** A small icon of what the card counts as, centred on (0, 0). @param {string} role */
function roleIcon(role) {
  const stroke = { fill: "none", stroke: "#fff", "stroke-width": 3, "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (role) {
    case "staircase":
      return svg("polyline", { ...stroke, points: "-16,14 -16,6 -8,6 -8,-2 0,-2 0,-10 8,-10 8,-18 16,-18" });
    case "bathroom":
      return svg("g", {}, [
        svg("path", { ...stroke, d: "M-17 -2 H17 V4 Q17 14 6 14 H-6 Q-17 14 -17 4 Z" }),
        svg("path", { ...stroke, d: "M-12 -2 V-14 Q-12 -18 -7 -18" }),
      ]);
    case "bedroom":
      return svg("g", {}, [
        svg("path", { ...stroke, d: "M-18 12 V-10 M-18 4 H18 V12 M18 4 V-2 H-6 V4" }),
        svg("circle", { cx: -12, cy: -3, r: 3.5, fill: "#fff" }),
      ]);
    default:
      return svg("path", { ...stroke, d: "M-16 14 V-2 L0 -16 L16 -2 V14 Z M-5 14 V4 H5 V14" });
  }
}

/** The card's name on one or two lines. @param {string} label */
function titleLines(label) {
  if (label.length <= 11 || !label.includes(" ")) return [label];
  const cut = label.indexOf(" ");
  return [label.slice(0, cut), label.slice(cut + 1)];
}

/**
 * The card face as an <svg> (viewBox 100 x 140).
 * @param {Plan} plan
 */
export function cardFace(plan) {
  const colour = ROLE_COLOURS[plan.role] ?? ROLE_COLOURS.room;
  const lines = titleLines(plan.label);
  const root = svgRoot("0 0 100 140", { class: "mn-card-face", role: "img", "aria-label": cardText(plan) });
  root.append(
    svg("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 8, fill: "#fffdf7", stroke: colour, "stroke-width": 3 }),
    svg("rect", { x: 1.5, y: 1.5, width: 97, height: 40, rx: 8, fill: colour }),
    svg("rect", { x: 1.5, y: 30, width: 97, height: 11.5, fill: colour }),
    ...lines.map((line, i) => svg("text", {
      x: 8, y: lines.length === 1 ? 26 : 17 + i * 15, class: "mn-card-title", fill: "#fff",
      // a long single word is squeezed to the card's width rather than cut off
      textLength: line.length > 10 ? 84 : null, lengthAdjust: line.length > 10 ? "spacingAndGlyphs" : null,
    }, [line])),
    svg("circle", { cx: 84, cy: 58, r: 12, fill: "#3b2f1e" }),
    svg("text", { x: 84, y: 63, class: "mn-card-points", fill: "#fff", "text-anchor": "middle" }, [String(plan.points)]),
    svg("g", { transform: "translate(36 72)" }, [
      svg("circle", { r: 24, fill: colour }),
      roleIcon(plan.role),
    ]),
  );
  // cost pips along the bottom: one coloured square per material, with its count
  const costs = MATERIALS.map((m, i) => [m, plan.cost[i]]).filter(([, n]) => Number(n) > 0);
  costs.forEach(([m, n], i) => {
    const x = 8 + i * 30;
    root.append(
      svg("rect", { x, y: 110, width: 24, height: 22, rx: 4, fill: TOKEN_COLOURS[m], stroke: "#3b2f1e", "stroke-width": 1 }),
      svg("text", { x: x + 12, y: 126, "text-anchor": "middle", class: "mn-card-cost", fill: m === "marble" ? "#222" : "#fff" }, [String(n)]),
    );
  });
  if (!costs.length) root.append(svg("text", { x: 8, y: 126, class: "mn-card-cost" }, ["free"]));
  return root;
}

/**
 * A card as a clickable element.
 * A `note` shows under the card and in its title; a `shared` note (said once
 * for several cards, above them) only in its title.
 * @param {Plan} plan @param {{piece?: string, target?: string, note?: string|null, shared?: boolean, size?: "small"|"mini", extra?: string}} [opts]
 */
export function card(plan, opts = {}) {
  return h("div", {
    class: `mn-card ${opts.size ?? ""} ${opts.extra ?? ""}`.trim(),
    "data-kind": plan.kind,
    "data-key": `plan:${plan.kind}`,
    "data-piece": opts.piece,
    "data-target": opts.target,
    title: opts.note ? `${cardText(plan)}. ${opts.note}` : cardText(plan),
  }, [cardFace(plan), opts.note && !opts.shared ? h("span", { class: "mn-card-note" }, [opts.note]) : null]);
}

/** A face-down card (the deck, a hidden plan). @param {string} text */
export function cardBack(text) {
  const root = svgRoot("0 0 100 140", { class: "mn-card-face", role: "img", "aria-label": text });
  root.append(
    svg("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 8, fill: "#5a4632", stroke: "#3b2f1e", "stroke-width": 3 }),
    svg("rect", { x: 10, y: 10, width: 80, height: 120, rx: 5, fill: "none", stroke: "#c9a46a", "stroke-width": 2 }),
    svg("path", { d: "M30 84 V60 L50 44 L70 60 V84 Z", fill: "none", stroke: "#c9a46a", "stroke-width": 3 }),
  );
  return root;
}

/**
 * A token icon with a number beside it, e.g. for a seat's wood; `named` adds the word.
 * @param {string} token @param {number} n @param {boolean} [named]
 */
export function tokenCount(token, n, named = false) {
  const many = TOKEN_NAMES[token] ?? token;
  const words = count(n, TOKEN_ONE[token] ?? many, many);
  return h("span", { class: "mn-token", "data-token": token, title: words }, [
    h("span", { class: "mn-token-dot", style: `background:${TOKEN_COLOURS[token]}` }),
    h("span", { class: "mn-token-n" }, [named ? words : String(n)]),
  ]);
}
