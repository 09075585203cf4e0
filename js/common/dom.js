// @ts-check
/** Small DOM helpers.  Text always goes in as text nodes, never as markup. */

/**
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {(Node|string|null|undefined|false)[]} [children]
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "style") node.style.cssText = String(value); // CSSOM: the site's policy refuses style attributes
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/**
 * Replace {pN} in an engine message with seat names (as plain text).
 * @param {string} text @param {string[]} names
 */
export function fillNames(text, names) {
  return text.replace(/\{p(\d+)\}/g, (_, n) => names[Number(n)] ?? `Seat ${Number(n) + 1}`);
}

/**
 * How a seat is named on screen: bots say so.
 * @param {{kind: string, name: string}} seat
 */
export function seatName(seat) {
  return seat.kind === "bot" ? `${seat.name} (bot)` : seat.name;
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pause before a bot's move: the board's own pace (`botPause(standard)`: 169 hurries its creatures'
 * moves so that a whole round of bot moves animates in under 1.5 s), else `standard`.
 * @param {any} board @param {number} standard milliseconds
 */
export const botPause = (board, standard) => (typeof board?.botPause === "function" ? board.botPause(standard) : standard);

/**
 * Show a message in the toast area for a while.
 * @param {string} message @param {string} [kind] "error" (the default), "info"…
 * @param {string} [key] a kind of note shown one at a time (a hint's): a new one replaces the one before
 */
export function toast(message, kind = "error", key = "") {
  const area = document.getElementById("toasts");
  if (!area) return;
  // a note of the same key (a hint) replaces the one before: one at a time, never a stack over the board
  if (key) area.querySelectorAll(`.toast[data-key="${CSS.escape(key)}"]`).forEach((old) => old.remove());
  const item = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status", ...(key ? { "data-key": key } : {}) }, [message]);
  area.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 7000 : 3500);
}
