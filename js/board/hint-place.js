// @ts-check
/**
 * Where the hint's note goes: the table says "the Hard bot would play the move
 * marked in blue" in a toast, which sits at the bottom of the window, right
 * where a reserve (The King's Progress coins, King's Cottage's tray) puts the
 * piece the hint points at.  The board knows where its hinted pieces are, so
 * it names the edge of the window the note may use without covering them:
 * `data-hint-at` on the page's root, read by the style sheet
 * (css/parlour.css, `.toasts`), cleared when the moves change.
 */

/** The toast area's edges, as the style sheet draws them (CSS px): its margin from the window's edge, and
 * the room a note takes (one line on a desktop, up to four on a phone). */
const EDGE_MARGIN = 16;
const NOTE_HEIGHT = 120;
/** Below the page's top bar (the header is about 42 px tall), so the note does not hide the site's name. */
const TOP_MARGIN = 56;

/** @param {DOMRect} box @param {number} top @param {number} bottom */
function crosses(box, top, bottom) {
  return box.bottom > top && box.top < bottom;
}

/**
 * The edge of the window ("bottom", "top") where a note covers none of `nodes`; "bottom" when either would
 * do, and when neither would, the one covering less of them.
 * @param {Element[]} nodes
 * @returns {"bottom"|"top"}
 */
export function hintEdge(nodes) {
  const boxes = nodes.map((n) => n.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
  const height = window.innerHeight;
  const bands = {
    bottom: [height - EDGE_MARGIN - NOTE_HEIGHT, height - EDGE_MARGIN],
    top: [TOP_MARGIN, TOP_MARGIN + NOTE_HEIGHT],
  };
  /** @param {"bottom"|"top"} edge */
  const covered = (edge) => boxes.filter((b) => crosses(b, bands[edge][0], bands[edge][1])).length;
  return covered("bottom") <= covered("top") ? "bottom" : "top";
}

/**
 * Say where the hint's note goes, for the hinted pieces and places under `root` (none: the usual place).
 * @param {Element|null} root
 */
export function placeHintNote(root) {
  const hinted = root ? [...root.querySelectorAll(".hinted")] : [];
  if (hinted.length && hintEdge(hinted) === "top") document.documentElement.dataset.hintAt = "top";
  else delete document.documentElement.dataset.hintAt;
}
