// @ts-check
/**
 * How a change on a board is shown: a piece slides from where it was to where
 * it lands, a piece turned over flips, a new one fades in.
 *
 * The piece itself never moves.  It is drawn at its new place at once (so a
 * click or a tap there reaches it, and its box is final for anyone measuring)
 * and stays transparent while a stand-in, a clone nothing can click or read,
 * travels or turns on top of the page, in a layer of its own outside the
 * board (so nothing that counts a board's pieces ever counts a stand-in).  An
 * SVG stand-in carries its piece's whole screen transform, so it looks the
 * same wherever its <svg> was.  Everything is transforms and opacity (Web
 * Animations), so no layout runs per frame.  `cancel` snaps every animation to
 * its end: a redraw never waits for one.
 */
import { SVG_NS } from "./svg.js";

/** How long a piece takes to slide or turn over, in milliseconds. */
export const DURATION = 260;
const EASE = "cubic-bezier(.2, .7, .3, 1)";
/** Attributes a stand-in must not carry: it is nothing to click, focus, find or read. */
const STRIPPED = ["id", "data-key", "data-piece", "data-target", "data-moving", "tabindex", "role", "aria-label", "aria-pressed", "data-pending"];
const STATE_CLASSES = ["legal", "selected", "hinted", "last-move", "kc-through"];

/** @param {Element} el */
const isSvgPart = (el) => el instanceof SVGGraphicsElement && Boolean(el.ownerSVGElement);

/** @type {{html: HTMLElement, svg: SVGSVGElement}|null} */
let layer = null;

/**
 * The layer's stacking order: over the board, under every dialog's `.overlay` (10 in css/parlour.css), so a
 * piece still moving on the board never flies over a result, a privacy screen or a round's scores.
 */
const LAYER_Z = "9";

/** The layer stand-ins travel in: fixed over the whole window, over the page, taking no clicks. */
function standInLayer() {
  if (layer && layer.html.isConnected) return layer;
  const html = document.createElement("div");
  html.className = "motion-layer";
  html.setAttribute("aria-hidden", "true");
  Object.assign(html.style, { position: "fixed", inset: "0", pointerEvents: "none", zIndex: LAYER_Z, overflow: "visible" });
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(SVG_NS, "svg"));
  Object.assign(svg.style, { position: "absolute", left: "0", top: "0", width: "100%", height: "100%", overflow: "visible" });
  html.append(svg);
  document.body.append(html);
  layer = { html, svg };
  return layer;
}

/** The transform an SVG element's own attribute gives it, as a matrix. @param {Element} el */
function ownMatrix(el) {
  const list = /** @type {SVGGraphicsElement} */ (el).transform?.baseVal;
  const m = list && list.numberOfItems ? list.consolidate()?.matrix : null;
  return m ? DOMMatrix.fromMatrix(m) : new DOMMatrix();
}

/**
 * Where an SVG piece is drawn: the matrix from its own coordinates to the window's.
 * @param {Element} place the real piece (its parent's coordinates, its own transform)
 */
function screenMatrix(place) {
  const ctm = /** @type {SVGGraphicsElement} */ (place.parentNode).getScreenCTM?.();
  return ctm ? DOMMatrix.fromMatrix(ctm).multiply(ownMatrix(place)) : null;
}

/**
 * A stand-in for `source` in the layer: the same look, and nothing a click, a
 * screen reader or a test can find.  An HTML one is sized like `place`.
 * (Also the stand-in of a move on its way to the engine, js/board/pending.js.)
 * @param {Element} source @param {Element} place the real piece
 */
export function standIn(source, place) {
  const ghost = /** @type {HTMLElement|SVGElement} */ (source.cloneNode(true));
  for (const node of [ghost, ...ghost.querySelectorAll("*")]) {
    for (const name of STRIPPED) node.removeAttribute(name);
    node.classList.remove(...STATE_CLASSES);
  }
  ghost.querySelectorAll("title").forEach((t) => t.remove());
  ghost.classList.add("motion-ghost");
  if (isSvgPart(place)) {
    ghost.removeAttribute("transform");
    standInLayer().svg.append(ghost);
  } else {
    const box = place.getBoundingClientRect();
    Object.assign(ghost.style, {
      position: "absolute", left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px`,
      margin: "0", boxSizing: "border-box", transformOrigin: "50% 50%", transition: "none",
    });
    standInLayer().html.append(ghost);
  }
  return ghost;
}

/**
 * The transform, as CSS, that puts a piece drawn in the box `now` into the box `then`
 * (and, with `then` = `now`, where it is): a screen matrix for SVG, a shift and scale for HTML.
 * @param {Element} place the real piece @param {DOMRect} then @param {DOMRect} now
 * @returns {string|null} null when the piece is not drawn
 */
export function onto(place, then, now) {
  const clamp = (s) => (Number.isFinite(s) && s > 0 ? Math.min(Math.max(s, 0.25), 4) : 1);
  const sx = clamp(then.width / now.width);
  const sy = clamp(then.height / now.height);
  const [tx, ty] = [then.left + then.width / 2, then.top + then.height / 2];
  const [nx, ny] = [now.left + now.width / 2, now.top + now.height / 2];
  if (isSvgPart(place)) {
    const screen = screenMatrix(place);
    if (!screen) return null;
    return new DOMMatrix().translate(tx, ty).scale(sx, sy).translate(-nx, -ny).multiply(screen).toString();
  }
  return `translate(${tx - nx}px, ${ty - ny}px) scale(${sx}, ${sy})`;
}

/** The transform list that turns a piece about its middle, `s` wide (1: face on, 0: edge on). @param {Element} place @param {number} s */
function turned(place, s) {
  if (!isSvgPart(place)) return `translate(0px, 0px) scaleX(${s})`;
  const box = /** @type {SVGGraphicsElement} */ (place).getBBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  return `${screenMatrix(place)} translate(${cx}px, ${cy}px) scaleX(${s}) translate(${-cx}px, ${-cy}px)`;
}

export class Animator {
  constructor() {
    /** @type {Animation[]} */
    this.animations = [];
    /** @type {(() => void)[]} undone when the animations end or are cancelled */
    this.cleanups = [];
    /** Bumped by every cancel, so an old run's end does not clean up a newer one. */
    this.generation = 0;
    /** @type {(() => void)|null} called once every animation has ended */
    this.onIdle = null;
  }

  /** Whether anything is animating. */
  get busy() {
    return this.animations.length > 0;
  }

  /**
   * Keep the real piece transparent while its stand-ins play, and mark it (`data-moving`) for tests and styles.
   * @param {Element} real @param {string} kind
   */
  hide(real, kind) {
    real.setAttribute("data-moving", kind);
    this.track(real.animate([{ opacity: 0 }, { opacity: 0 }], { duration: DURATION }));
    this.cleanups.push(() => real.removeAttribute("data-moving"));
  }

  /**
   * A piece slides from `then` (its old box on screen) to where it is drawn now.
   * @param {Element} real @param {DOMRect} then
   */
  slide(real, then) {
    const now = real.getBoundingClientRect();
    const first = onto(real, then, now);
    const last = onto(real, now, now);
    if (!first || !last) return;
    this.hide(real, "slide");
    const ghost = standIn(real, real);
    this.cleanups.push(() => ghost.remove());
    this.track(ghost.animate([{ transform: first }, { transform: last }], { duration: DURATION, easing: EASE, fill: "both" }));
  }

  /**
   * A piece turns over where it lies: the old face narrows to its edge, the new one widens from it.
   * @param {Element} real @param {Element} old the element the last drawing had there (detached)
   */
  turn(real, old) {
    if (isSvgPart(real) && !screenMatrix(real)) return;
    this.hide(real, "turn");
    const before = standIn(old, real);
    const after = standIn(real, real);
    this.cleanups.push(() => { before.remove(); after.remove(); });
    const half = DURATION / 2;
    const flip = (/** @type {Element} */ ghost, /** @type {number} */ from, /** @type {number} */ to, /** @type {number} */ delay) => this.track(ghost.animate(
      [{ transform: turned(real, from) }, { transform: turned(real, to) }],
      { duration: half, delay, easing: "ease-in-out", fill: "both" },
    ));
    flip(before, 1, 0, 0);
    flip(after, 0, 1, half);
  }

  /** A new piece fades in where it is drawn. @param {Element} real */
  appear(real) {
    real.setAttribute("data-moving", "appear");
    this.cleanups.push(() => real.removeAttribute("data-moving"));
    const full = getComputedStyle(real).opacity; // a piece its board dims (a creature that has moved) stays dim
    this.track(real.animate([{ opacity: 0 }, { opacity: full }], { duration: DURATION, easing: "ease-out" }));
  }

  /** @param {Animation} animation */
  track(animation) {
    this.animations.push(animation);
    const generation = this.generation;
    animation.finished.then(() => {
      if (generation === this.generation && this.animations.every((a) => a.playState === "finished")) this.done();
    }, () => {});
  }

  /** Every animation ended: take the stand-ins away. */
  done() {
    this.animations = [];
    this.cleanups.splice(0).forEach((undo) => undo());
    this.onIdle?.();
  }

  /** Snap to the end: stop every animation, take the stand-ins away. */
  cancel() {
    if (!this.animations.length && !this.cleanups.length) return;
    this.generation++;
    const running = this.animations;
    this.animations = [];
    running.forEach((a) => a.cancel());
    this.cleanups.splice(0).forEach((undo) => undo());
    this.onIdle?.();
  }
}
