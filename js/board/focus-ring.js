// @ts-check
/**
 * The focus ring of a piece or place drawn in SVG: a thick dark line over a
 * white halo, around the element's box, on top of everything else on its
 * board.  A CSS outline on an SVG element is one colour (lost on either the
 * felt or the parchment), and not every browser draws one; this ring shows on
 * light and dark parts of a board alike.  It is drawn only when the focus
 * should show (`:focus-visible`: the keyboard, not a click), and goes when
 * the focus leaves.  HTML pieces get their ring from CSS (css/parlour.css).
 */
import { el } from "./svg.js";

/** Screen pixels between the element and the ring. */
const GAP = 5;

/** @param {EventTarget|null} node @returns {node is SVGGraphicsElement} */
function isSvgButton(node) {
  return node instanceof SVGGraphicsElement && node.getAttribute("role") === "button" && Boolean(node.ownerSVGElement);
}

/**
 * The element's box in its outermost <svg>'s own units, as [x, y, width, height].
 * @param {SVGGraphicsElement} node @param {SVGSVGElement} svg
 */
function boxIn(node, svg) {
  const toScreen = node.getScreenCTM();
  const rootToScreen = svg.getScreenCTM();
  if (!toScreen || !rootToScreen) return null;
  const m = rootToScreen.inverse().multiply(toScreen);
  const b = node.getBBox();
  const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
    .map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const gap = GAP / (Math.hypot(rootToScreen.a, rootToScreen.b) || 1);
  const x = Math.min(...xs) - gap;
  const y = Math.min(...ys) - gap;
  return [x, y, Math.max(...xs) + gap - x, Math.max(...ys) + gap - y];
}

/** The <svg> a (possibly nested) SVG element is drawn in. @param {SVGGraphicsElement} node */
function outermost(node) {
  let outer = /** @type {SVGSVGElement} */ (node.ownerSVGElement);
  while (outer.ownerSVGElement) outer = outer.ownerSVGElement;
  return outer;
}

/** @param {SVGGraphicsElement} node */
function drawRing(node) {
  const outer = outermost(node);
  removeRings(outer);
  if (!node.matches(":focus-visible")) return;
  const box = boxIn(node, outer);
  if (!box) return;
  const [x, y, width, height] = box.map((v) => Number(v.toFixed(1)));
  const shape = { x, y, width, height, rx: Math.min(width, height) * 0.12 };
  outer.append(el("g", { class: "focus-ring", "aria-hidden": "true", "pointer-events": "none" }, [
    el("rect", { class: "focus-ring-halo", ...shape }),
    el("rect", { class: "focus-ring-line", ...shape }),
  ]));
}

/** @param {Element} svg */
function removeRings(svg) {
  svg.querySelectorAll(":scope > .focus-ring").forEach((ring) => ring.remove());
}

/**
 * Draw the ring while a piece or place inside `root` has the focus.
 * @param {HTMLElement} root the board's root
 */
export function ringOnFocus(root) {
  root.addEventListener("focusin", (event) => {
    if (isSvgButton(event.target)) drawRing(event.target);
  });
  root.addEventListener("focusout", (event) => {
    if (isSvgButton(event.target)) removeRings(outermost(event.target));
  });
}
