// @ts-check
/**
 * Modal dialogs drawn as plain elements (an `.overlay` holding a `.dialog`).
 *
 * While one is open, everything else in its scope (the page, or just a
 * table) is `inert`: out of reach of clicks and Tab and hidden from screen
 * readers.  Tab and Shift+Tab go round the dialog's own controls, no key
 * reaches the page behind it, Escape does what the dialog says, and closing
 * it puts the focus back where it was when it opened.  Hiding the dialog's
 * overlay or taking the dialog out of it closes it too, so a table's screens
 * need no bookkeeping.  Dialogs may stack (the deck list over a privacy
 * screen): only the top one answers keys.  A dialog whose whole table was torn
 * down is closed at the next key or the next dialog.
 */

/** What a person can Tab to inside a dialog. */
const TABBABLE = "button:not([disabled]), [href], input:not([disabled]):not([type=hidden]), select:not([disabled]), "
  + "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";
/** Siblings left alone: live regions (toasts must still be heard) and what is never shown. */
const LEFT_ALONE = "[aria-live], [role=alert], [role=status], script, style, template";

/**
 * @typedef {{dialog: HTMLElement, close: (restore?: boolean) => void, onKey: (e: KeyboardEvent) => void}} Modal
 */

/** @type {Modal[]} the open dialogs, the top one last */
const stack = [];
let titles = 0;

/** The controls of `root` a person can Tab to, in order. @param {Element} root @returns {HTMLElement[]} */
export function tabbables(root) {
  return /** @type {HTMLElement[]} */ ([...root.querySelectorAll(TABBABLE)])
    .filter((el) => el.getClientRects().length > 0 && !el.closest("[inert]"));
}

/** Close every dialog that is no longer in the document. */
function prune() {
  for (const modal of [...stack]) if (!modal.dialog.isConnected) modal.close(false);
}

/** A dialog says what it is: role, modal, and its heading as its name when it has none. @param {HTMLElement} dialog */
function announce(dialog) {
  if (!dialog.hasAttribute("role")) dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-modal", "true");
  if (dialog.hasAttribute("aria-label") || dialog.hasAttribute("aria-labelledby")) return;
  const heading = dialog.querySelector("h1, h2, h3");
  if (!heading) return;
  if (!heading.id) heading.id = `dialog-title-${++titles}`;
  dialog.setAttribute("aria-labelledby", heading.id);
}

/**
 * Open `dialog` (already in the document) as a modal.
 * @param {HTMLElement} dialog
 * @param {{scope?: Element, initial?: HTMLElement|null, opener?: HTMLElement|null, onEscape?: (() => void)|null}} [opts]
 *   scope: what becomes inert around the dialog (default the whole page); initial: the control to focus first
 *   (default the first one); opener: where the focus goes back to (default whatever had it); onEscape: Escape's action
 * @returns {() => void} close it: the page comes back as it was and the focus returns (calling it twice is harmless)
 */
export function openModal(dialog, opts = {}) {
  prune();
  announce(dialog);
  const scope = opts.scope ?? document.body;
  const active = document.activeElement;
  const opener = opts.opener ?? (active instanceof HTMLElement && active !== document.body ? active : null);
  /** @type {Element[]} */
  const inerted = [];
  for (let node = dialog; node.parentElement && node !== scope; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute("inert") || sibling.matches(LEFT_ALONE)) continue;
      sibling.setAttribute("inert", "");
      inerted.push(sibling);
    }
  }
  // keys inside the dialog stop at it: the page behind (a board, the replay viewer's arrows) never sees them
  const stopAtDialog = (/** @type {Event} */ e) => e.stopPropagation();
  dialog.addEventListener("keydown", stopAtDialog);

  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (stack[stack.length - 1] !== modal) return;
    if (!dialog.isConnected) { prune(); return; }
    const inside = e.target instanceof Node && dialog.contains(e.target);
    if (!inside) e.stopPropagation();
    if (e.key === "Escape" && opts.onEscape) {
      e.preventDefault();
      e.stopPropagation();
      opts.onEscape();
    } else if (e.key === "Tab") {
      const items = tabbables(dialog);
      const now = document.activeElement;
      const first = items[0];
      const last = items[items.length - 1];
      if (!first) {
        e.preventDefault();
      } else if (e.shiftKey && (now === first || !dialog.contains(now))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (now === last || !dialog.contains(now))) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  /** @param {boolean} [restore] */
  const close = (restore = true) => {
    const at = stack.indexOf(modal);
    if (at < 0) return;
    stack.splice(at, 1);
    window.removeEventListener("keydown", onKey, true);
    dialog.removeEventListener("keydown", stopAtDialog);
    watch.disconnect();
    for (const el of inerted) el.removeAttribute("inert");
    if (!restore || at !== stack.length) return; // a dialog under another one: the focus stays in the top one
    const top = stack[stack.length - 1];
    const back = top ? tabbables(top.dialog)[0] : opener?.isConnected && !opener.closest("[inert]") ? opener : null;
    back?.focus();
  };

  // hiding the overlay, or emptying it, closes the dialog
  const watch = new MutationObserver(() => { if (!dialog.isConnected || dialog.closest("[hidden]")) close(); });
  if (dialog.parentElement) watch.observe(dialog.parentElement, { childList: true, attributes: true, attributeFilter: ["hidden"] });

  /** @type {Modal} */
  const modal = { dialog, close, onKey };
  stack.push(modal);
  window.addEventListener("keydown", onKey, true);
  const first = opts.initial ?? tabbables(dialog)[0];
  if (first) first.focus();
  else {
    if (!dialog.hasAttribute("tabindex")) dialog.setAttribute("tabindex", "-1");
    dialog.focus();
  }
  return () => close();
}
