// @ts-check
/**
 * Keyboard and screen-reader access to a board's clickable pieces and places.
 *
 * Boards draw pieces and places as SVG groups or plain divs, which take no
 * focus and have no name.  The chooser (js/board/chooser.js) makes each one it
 * marks clickable a button: a tab stop (tabindex 0, role "button") with a name
 * that says what it is and where (aria-label), pressed or not when it is a
 * piece that can be picked up.  Enter or Space on it clicks it, so a key goes
 * down exactly the path a click takes.  Native <button>s keep their own focus
 * and keys and only get the name.  The hover text of a piece's <title> moves
 * to its `data-tip`, shown by js/board/hover-tip.js.
 */
import { TIP } from "./hover-tip.js";
import { title } from "./svg.js";

/** Attributes this module sets, so that it clears only what it set. @type {WeakSet<Element>} */
const made = new WeakSet();

/** Clickable elements of a board, as the chooser marks them. */
export const CLICKABLE = "[data-piece].legal, [data-target].legal";

/** @param {Element} node @returns {boolean} a control that takes focus and keys by itself */
export function isNative(node) {
  return node instanceof HTMLButtonElement || node instanceof HTMLInputElement;
}

/** @param {string|null|undefined} text */
const tidy = (text) => (text ?? "").replace(/\s+/g, " ").trim();

/**
 * The words for an element whose board gives none: the first SVG <title> in
 * it (boards title their pieces for the mouse's tooltip), else its title
 * attribute, else its text.
 * @param {Element} node
 */
export function fallbackLabel(node) {
  const titled = node.querySelector("title");
  return tidy(titled?.textContent) || tidy(node.getAttribute("title")) || tidy(node.getAttribute("aria-label"))
    || tidy(node.textContent);
}

/** The words drawn on an element, which a person reads off the screen (SVG <title>s are not drawn). @param {Element} node */
function drawnText(node) {
  const texts = node instanceof SVGElement ? [...node.querySelectorAll("text")] : [node];
  return tidy(texts.map((t) => (t.textContent ?? "")).join(" "));
}

/**
 * A button's name must hold the words drawn on it (WCAG 2.5.3, label in name: a person using speech input
 * says what they see).  A board's name for a piece ("ace tile of Suns") may not ("A"); the drawn words then
 * come first.  <title>s inside the button go (after the name was read from them): they would count as its
 * text without being drawn, and the name says the same.  The first, the piece's own tooltip, is kept as its
 * hover text (`data-tip`, js/board/hover-tip.js), which no screen reader reads.
 * @param {Element} node @param {string} label
 */
function nameHoldingText(node, label) {
  const tip = tidy(node.querySelector("title")?.textContent);
  if (tip) node.setAttribute(TIP, tip);
  for (const titled of node.querySelectorAll("title")) titled.remove();
  // two lines drawn as two <text>s read as one run of words ("Stopgives up 5 points") unless the first ends in a
  // space; SVG draws no trailing space, so the picture is unchanged
  const lines = [...node.querySelectorAll("text")];
  for (const line of lines.slice(0, -1)) if (!/\s$/.test(line.textContent ?? "")) line.append(" ");
  const drawn = drawnText(node);
  if (!label || !drawn || tidy(label).toLowerCase().includes(drawn.toLowerCase())) return label;
  return `${drawn}: ${label}`;
}

/**
 * Make a clickable element a named button.
 * @param {Element} node @param {string} label @param {boolean|null} pressed null: not a toggle
 */
export function makeButton(node, label, pressed) {
  if (!isNative(node)) {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
  }
  label = nameHoldingText(node, label);
  if (label) node.setAttribute("aria-label", label);
  if (pressed === null) node.removeAttribute("aria-pressed");
  else node.setAttribute("aria-pressed", String(pressed));
  made.add(node);
}

/**
 * Undo `makeButton` on an element that is no longer clickable: an SVG piece gets its tooltip back as a <title>.
 * @param {Element} node
 */
export function clearButton(node) {
  if (!made.has(node)) return;
  made.delete(node);
  const tip = node.getAttribute(TIP);
  if (tip && node instanceof SVGElement) node.prepend(title(tip));
  node.removeAttribute(TIP);
  for (const name of isNative(node) ? ["aria-label", "aria-pressed"] : ["tabindex", "role", "aria-label", "aria-pressed"]) {
    node.removeAttribute(name);
  }
}

/** Whether a marked element can take the focus now. @param {Element} node */
export function canFocus(node) {
  if (isNative(node)) return !(/** @type {HTMLButtonElement|HTMLInputElement} */ (node).disabled);
  return node.getAttribute("tabindex") === "0";
}

/**
 * Enter or Space on a focused piece or place clicks it (native buttons do this themselves).
 * @param {HTMLElement} root the board's root
 */
export function pressOnKeys(root) {
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target;
    if (!(node instanceof Element) || isNative(node) || !node.matches(CLICKABLE)) return;
    event.preventDefault(); // Space would scroll the page
    if (event.repeat) return;
    node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  });
}

/** A form's first control a person would set: a checked radio, a live button, a field. */
const FORM_CONTROL = "form input:checked, form input:not([type=radio]):not([type=hidden]), form button:not(:disabled), form select";

/**
 * Put the focus back on the board after a redraw took it away.  A redraw
 * replaces the focused element, which leaves the focus on the page itself;
 * then the focus goes to the element with the same key (the piece just picked
 * up), else the first control of a form the board drew (one just opened),
 * else the first clickable element.  Focus on any other control is never taken.
 * @param {Element} root the board's root
 * @param {{attr: string, value: string}|null} last the key of the element that had the focus
 */
export function settleFocus(root, last) {
  const active = document.activeElement;
  if (active && active !== document.body && active !== root) return;
  if (root.closest("[inert], [hidden]")) return;
  const marked = [...root.querySelectorAll(CLICKABLE)].filter(canFocus);
  const same = last ? marked.find((n) => n.getAttribute(last.attr) === last.value) : undefined;
  const next = same ?? root.querySelector(FORM_CONTROL) ?? marked[0];
  if (next instanceof HTMLElement || next instanceof SVGElement) next.focus({ preventScroll: true });
}

/**
 * The key of a board element (its data-piece or data-target), to find it again after a redraw.
 * @param {EventTarget|null} node @returns {{attr: string, value: string}|null}
 */
export function keyOf(node) {
  if (!(node instanceof Element)) return null;
  for (const attr of ["data-piece", "data-target"]) {
    const value = node.getAttribute(attr);
    if (value !== null) return { attr, value };
  }
  return null;
}
