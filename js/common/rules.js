// @ts-check
/**
 * The Rules dialog, shared by the lobby, the three tables and the replay
 * viewer: a "Rules" button, and a dialog showing `rules/<game-id>.html`, the
 * game's docs/rules/<game-id>.md turned into HTML by build.py (Python-Markdown).
 * The service worker precaches those files, so the rules read offline too.
 *
 * The page is our own build output, but Markdown lets raw HTML through, so
 * it is parsed inert (DOMParser runs no script) and cleaned before it is
 * shown: no scripts or other active elements, no `on…` handlers, no
 * `javascript:` addresses, no ids (which could clash with the page's), no
 * inline styles (the site's policy refuses them; a table column's alignment
 * comes as Markdown's `align` attribute).
 *
 * The dialog is modal (js/common/modal.js): the rest of the page is made
 * `inert` while it is open, Tab stays inside it, Escape, the Close button or a
 * click beside it closes it, and focus goes back to the button that opened it.
 */
import { h } from "./dom.js";
import { openModal } from "./modal.js";

/** Elements that never belong in a rules text. */
const UNSAFE = "script, style, link, meta, base, iframe, frame, frameset, object, embed, template, svg, math, "
  + "form, input, button, select, textarea";
/** Attributes that may hold an address. */
const URL_ATTRS = ["href", "src", "xlink:href", "action", "formaction", "srcset"];

/** @type {Map<string, Promise<DocumentFragment>>} a game's cleaned rules, fetched once per page */
const loaded = new Map();

/** @type {{overlay: HTMLElement, close: () => void}|null} */
let open = null;

/**
 * A "Rules" button that opens the game's rules.
 * @param {string} gameId
 * @param {{label?: string, title?: string}} [opts]
 * @returns {HTMLElement}
 */
export function rulesButton(gameId, opts = {}) {
  const button = h("button", {
    type: "button", class: "rules-button", "data-rules": gameId, "aria-haspopup": "dialog",
    title: opts.title ?? "Read the rules of this game",
  }, [opts.label ?? "Rules"]);
  button.addEventListener("click", () => { showRules(gameId, button); });
  return button;
}

/**
 * Parse a rules page and keep only what is safe to show.
 * @param {string} text  the HTML of rules/<game-id>.html
 * @returns {DocumentFragment}
 */
export function cleanRules(text) {
  const parsed = new DOMParser().parseFromString(text, "text/html");
  const root = parsed.querySelector("article.rules") ?? parsed.body;
  for (const node of root.querySelectorAll(UNSAFE)) node.remove();
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/[\s\u0000-\u001f]+/g, "").toLowerCase();
      if (name.startsWith("on") || name === "id"
        || name === "style"
        || (URL_ATTRS.includes(name) && /^(javascript|vbscript|data):/.test(value))) {
        node.removeAttribute(attr.name);
      }
    }
  }
  // a table scrolls sideways when it is wider than the dialog (a phone): a tab stop, so keys can scroll it too
  for (const table of root.querySelectorAll("table")) table.setAttribute("tabindex", "0");
  const fragment = document.createDocumentFragment();
  fragment.append(document.importNode(root.localName === "article" ? root : wrap(parsed, root), true));
  return fragment;
}

/** A body's children in an article, for a page that is not one of ours. @param {Document} doc @param {Element} body */
function wrap(doc, body) {
  const article = doc.createElement("article");
  article.className = "rules";
  article.append(...body.childNodes);
  return article;
}

/**
 * Fetch and clean a game's rules (once; a failure is tried again next time).
 * @param {string} gameId
 * @returns {Promise<DocumentFragment>}
 */
function rulesOf(gameId) {
  let promise = loaded.get(gameId);
  if (!promise) {
    promise = (async () => {
      if (!/^[a-z0-9][a-z0-9-]*$/.test(gameId)) throw new Error(`no game called ${gameId}`);
      const response = await fetch(new URL(`rules/${gameId}.html`, document.baseURI));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return cleanRules(await response.text());
    })();
    loaded.set(gameId, promise);
    promise.catch(() => loaded.delete(gameId));
  }
  return promise.then((fragment) => /** @type {DocumentFragment} */ (fragment.cloneNode(true)));
}

/**
 * Open the Rules dialog for a game (closing one already open).
 * @param {string} gameId
 * @param {HTMLElement|null} [opener]  focus returns here on close
 */
export async function showRules(gameId, opener = null) {
  closeRules();
  const body = h("div", { class: "rules-body", tabindex: "0", "aria-busy": "true" }, [
    h("p", { class: "rules-loading" }, ["Loading the rules…"]),
  ]);
  const close = h("button", { type: "button", id: "rules-close", class: "primary", onclick: () => closeRules() }, ["Close"]);
  const dialog = h("div", {
    class: "dialog rules-dialog", id: "rules", role: "dialog", "aria-modal": "true", "aria-label": "Rules",
    "data-game": gameId,
  }, [body, h("div", { class: "dialog-buttons" }, [close])]);
  const overlay = h("div", { class: "overlay rules-overlay" }, [dialog]);
  overlay.addEventListener("click", (e) => { if (e.target === overlay) closeRules(); });
  document.body.append(overlay);
  // Everything else on the page is inert while the dialog is open, and no key reaches it (the replay
  // viewer's arrows, a board's keys); default actions (scrolling the text, Tab, a button's Enter) still happen.
  open = { overlay, close: openModal(dialog, { opener, initial: body, onEscape: closeRules }) };
  try {
    const rules = await rulesOf(gameId);
    if (open?.overlay !== overlay) return; // closed (or another opened) meanwhile
    body.replaceChildren(rules);
    const heading = body.querySelector("h1");
    if (heading) {
      heading.id = "rules-title";
      dialog.removeAttribute("aria-label");
      dialog.setAttribute("aria-labelledby", "rules-title");
    }
  } catch (err) {
    if (open?.overlay !== overlay) return;
    body.replaceChildren(h("p", { class: "error" }, [
      `The rules could not be loaded (${err instanceof Error ? err.message : err}).`,
    ]));
  }
  body.removeAttribute("aria-busy");
  body.scrollTop = 0;
  dialog.dataset.ready = "";
}

/** Close the Rules dialog, if open. */
export function closeRules() {
  if (!open) return;
  const { overlay, close } = open;
  open = null;
  close();
  overlay.remove();
}
