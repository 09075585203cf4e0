// @ts-check
/** Tiny helpers for building SVG without a framework. */

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Create an SVG element with attributes and children.
 * @param {string} tag
 * @param {Record<string, string|number|boolean|null|undefined>} [attrs]
 * @param {(Node|string|null|undefined|false)[]} [children]
 * @returns {SVGElement}
 */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "style") /** @type {SVGElement} */ (node).style.cssText = String(value); // CSSOM: the policy refuses style attributes
    else node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** A <title> child: the tooltip and the accessible name of a piece. */
export function title(text) {
  return el("title", {}, [text]);
}

/**
 * A positioned group.
 * @param {number} x @param {number} y @param {Record<string, any>} [attrs] @param {any[]} [children]
 */
export function at(x, y, attrs = {}, children = []) {
  return el("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, ...attrs }, children);
}

/** A fresh <svg> that scales to its box. */
export function svgRoot(viewBox, attrs = {}) {
  return el("svg", { viewBox, preserveAspectRatio: "xMidYMid meet", ...attrs });
}
