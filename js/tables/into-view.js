// @ts-check
/**
 * A choice that a click opens comes into sight (issue 26, phones): picking a
 * piece lights the places it may go, and a click may open a form; on a phone
 * these are often below the fold (Mansion's floors under its card display),
 * and nothing said so.  After each click or key on the board, when a piece is
 * picked and none of its places shows, the page scrolls the first into view;
 * a form the click opened is scrolled into view the same way.  Nothing moves
 * when the choice is in sight already, so a wide screen never scrolls.
 * It reads only the board's common marks (`[data-piece].selected`,
 * `[data-target].legal`, a `form`), so it serves every game alike.
 */

/** Keys that pick a piece or open a form, as a click does. */
const PICKING_KEYS = ["Enter", " "];

/** Whether any part of `el` is inside the window. @param {Element} el */
function inSight(el) {
  const box = el.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
}

/** Scroll `el` into the window, smoothly unless the person asked for less motion. @param {Element} el */
function bringIntoSight(el) {
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block: "center", inline: "nearest", behavior: still ? "auto" : "smooth" });
}

/**
 * Watch `board` (the element the game draws into) for choices its clicks open.
 * @param {HTMLElement} board
 */
export function followChoices(board) {
  /** The forms on the board before the click, to tell one it opened. @type {Set<Element>} */
  let formsBefore = new Set(board.querySelectorAll("form"));
  const before = () => { formsBefore = new Set(board.querySelectorAll("form")); };
  const after = () => requestAnimationFrame(() => {
    // a form redrawn in place is not news: only one where there was none (a board redraws its forms at every click)
    const opened = formsBefore.size ? null : board.querySelector("form");
    if (opened && !inSight(opened)) {
      bringIntoSight(opened);
      return;
    }
    if (!board.querySelector("[data-piece].selected")) return;
    const places = [...board.querySelectorAll("[data-target].legal")];
    if (places.length && !places.some(inSight)) bringIntoSight(places[0]);
  });
  board.addEventListener("pointerdown", before, true);
  board.addEventListener("click", after);
  board.addEventListener("keydown", (e) => { if (PICKING_KEYS.includes(e.key)) before(); }, true);
  board.addEventListener("keydown", (e) => { if (PICKING_KEYS.includes(e.key)) after(); });
}
