// @ts-check
/**
 * The hover text of a board's clickable pieces and places.
 *
 * A piece drawn in SVG explains itself in a <title>, which the browser shows
 * as a tooltip under the mouse.  When the chooser makes a piece a button
 * (js/board/keys.js) its <title>s go: the button's name (aria-label) says the
 * same, and a <title> inside a button would count as words on it that are not
 * drawn.  Their text is kept in the piece's `data-tip`, and this module shows
 * it in one small tooltip of the page's own, beside the piece, while the mouse
 * rests on it or the keyboard's focus is on it.  The tooltip is hidden from
 * screen readers (aria-hidden): they read the button's name already.
 */

/** Attribute holding a piece's hover text (set by js/board/keys.js). */
export const TIP = "data-tip";
/** How long (ms) the mouse rests on a piece before its text shows, as a browser's own tooltip waits. */
const REST_MS = 350;
/** Screen pixels between the piece and the tooltip, and kept from the window's edges. */
const GAP = 6;

/** @type {HTMLElement|null} the one tooltip of the page */
let tip = null;
/** @type {Element|null} the piece whose text shows (or will, once the mouse has rested) */
let shownFor = null;
/** @type {number|undefined} */
let restTimer;

/** The page's tooltip element, made on first use. */
function tipElement() {
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "hover-tip";
    tip.setAttribute("aria-hidden", "true");
    tip.hidden = true;
  }
  return tip;
}

/** Hide the tooltip (the mouse left, a click, a key, the piece went in a redraw). */
export function hideTip() {
  clearTimeout(restTimer);
  shownFor = null;
  if (tip) tip.hidden = true;
}

/**
 * Show `node`'s text beside it: above it, or below when there is no room above, within the window.
 * @param {Element} node
 */
function showTip(node) {
  const text = node.getAttribute(TIP);
  if (!text || !node.isConnected) return hideTip();
  const el = tipElement();
  const host = node.closest("dialog") ?? document.body; // a modal dialog is drawn above anything in the body
  if (el.parentNode !== host) host.append(el);
  el.textContent = text;
  el.hidden = false;
  const box = node.getBoundingClientRect();
  const own = el.getBoundingClientRect();
  const left = Math.min(Math.max(GAP, box.left + box.width / 2 - own.width / 2), window.innerWidth - own.width - GAP);
  const above = box.top - own.height - GAP;
  const top = above >= GAP ? above : Math.min(box.bottom + GAP, window.innerHeight - own.height - GAP);
  el.style.left = `${Math.round(Math.max(GAP, left))}px`;
  el.style.top = `${Math.round(Math.max(GAP, top))}px`;
  shownFor = node;
}

/** @param {EventTarget|null} target @returns {Element|null} the piece with hover text the event is on */
function tipped(target) {
  return target instanceof Element ? target.closest(`[${TIP}]`) : null;
}

/**
 * Show the hover text of the pieces under `root`: on the mouse resting on one, and on keyboard focus.
 * @param {HTMLElement} root a board's root
 */
export function tipOnHover(root) {
  root.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return; // a tap is a click: its text would cover the board
    const node = tipped(event.target);
    if (node === shownFor) return;
    hideTip();
    if (!node) return;
    shownFor = node;
    restTimer = window.setTimeout(() => showTip(node), REST_MS);
  });
  root.addEventListener("pointerleave", hideTip);
  // a redraw (a bot's move) replaced the piece under a resting mouse: its text no longer points at anything
  new MutationObserver(() => { if (shownFor && !shownFor.isConnected) hideTip(); }).observe(root, { childList: true, subtree: true });
  root.addEventListener("focusin", (event) => {
    const node = tipped(event.target);
    if (node && node === event.target && node.matches(":focus-visible")) showTip(node);
  });
  root.addEventListener("focusout", hideTip);
  root.addEventListener("pointerdown", hideTip);
  root.addEventListener("keydown", (event) => { if (event.key === "Escape" || event.key === "Enter" || event.key === " ") hideTip(); });
  if (!tip) window.addEventListener("scroll", hideTip, { passive: true, capture: true }); // it would not follow the piece
  tipElement(); // made with the first board: the scroll listener above is added once a page
}
