// @ts-check
/**
 * A lobby card's picture of a game: the game's own board renderer
 * (js/games/<id>/board.js) draws a position from a game in progress, made at
 * build time (samples/<id>.json, see build.py), and the card keeps a still
 * copy of it.  So the picture is the real board, never a bitmap that could
 * drift from it, and the lobby still needs no Python.
 *
 * The board is drawn inside a closed shadow root: its ids, classes and
 * data-piece marks stay out of the page (tests and the table look for them
 * there), while the page's own stylesheets, linked again inside, style it as
 * at a table.  It is laid out at a desktop width on a hidden stage; its main
 * SVG (the largest, when it fills enough of the board) is chosen, and a still
 * clone of the whole board is shown in a window the size of the card, moved
 * and scaled by a CSS transform (kept fitted by a ResizeObserver) so that part
 * fills it.  Not an SVG foreignObject under a viewBox, which would scale it
 * without script: WebKit (Safari, every iPhone browser) paints the boxes that
 * get layers of their own (position: relative, opacity, filters: Mansion's
 * cards) inside a foreignObject without the viewBox's scale, so they land
 * outside the picture and the card showed empty floors.  A board
 * drawn as many small SVGs (Mansion's cards) is framed on the group of them
 * with the most drawing (a row of cards); failing both, on its top.
 * The picture is decorative: aria-hidden, inert, no pointer events.
 */

/** Width (CSS px) the board is laid out at before it is framed: a desktop table's board column. */
const STAGE_WIDTH = 880;
/** The largest SVG is "the board" when it covers at least this share of everything drawn. */
const MAIN_SVG_SHARE = 0.3;
/** Room left around the main SVG's drawing, as a share of its size. */
const MARGIN = 0.04;
/** A group of small SVGs is a picture when they cover at least this share of its box. */
const GROUP_SHARE = 0.25;
/** Room left around such a group, in px of the stage. */
const GROUP_MARGIN = 6;
/** The card's picture frame, width / height (css/parlour.css .game-picture uses the same). */
const FRAME_ASPECT = 16 / 10;

/** @type {Promise<any>|null} the renderers' registry, loaded once for every card */
let registry = null;
/** @type {CSSStyleSheet[]|null} the page's styles and the picture's own, shared by every picture */
let sheets = null;

const PICTURE_STYLE = `
  :host { display: block; position: relative; overflow: hidden; contain: layout paint; pointer-events: none; }
  .stage { position: absolute; left: 0; top: 0; width: ${STAGE_WIDTH}px; visibility: hidden; }
  .window { position: absolute; inset: 0; overflow: hidden; }
  .window > .board { position: absolute; left: 0; top: 0; width: ${STAGE_WIDTH}px; margin: 0; transform-origin: 0 0; }
  .window .picture-framed { visibility: hidden; }
  .window .picture-framed .picture-focus { visibility: visible; }
  .window * { animation: none !important; transition: none !important; }
`;

/**
 * What `gameId`'s picture is drawn from: its sample position and the renderers' registry, fetched (the
 * caller may fetch them well before it draws).
 * @param {string} gameId
 * @returns {Promise<[any, any]>}
 */
export function pictureSources(gameId) {
  return Promise.all([
    fetch(`samples/${gameId}.json`).then((r) => {
      if (!r.ok) throw new Error(`samples/${gameId}.json: ${r.status}`);
      return r.json();
    }),
    (registry ??= import("../games/index.js")),
  ]);
}

/**
 * Draw `gameId`'s sample board into `host` (a card's picture box).  Sets
 * `data-picture` on the host to "drawn" (with `data-picture-svg`, the class of
 * the SVG framed, and `data-picture-shapes`, how many SVG elements it holds)
 * or "failed"; a failure leaves the card without a picture and says why in
 * the console only, since the card works without it.  Several may be drawn at
 * once: the fetches overlap, the drawing itself is synchronous.
 * @param {HTMLElement} host @param {string} gameId @param {string[]} names seat names for the board's labels
 * @param {Promise<[any, any]>} [sources] pictureSources(gameId), when already asked for
 */
export async function drawBoardPicture(host, gameId, names, sources = pictureSources(gameId)) {
  host.setAttribute("aria-hidden", "true");
  host.inert = true;
  host.dataset.picture = "drawing";
  try {
    const [sample, { boardFor }] = await sources;
    const shadow = host.attachShadow({ mode: "closed" });
    shadow.adoptedStyleSheets = (sheets ??= pictureSheets());
    const stage = document.createElement("div");
    stage.className = "stage board";
    shadow.append(stage);
    const Board = boardFor(gameId);
    // fitWindow false: a board that sizes itself to the room left below it in the window (169's grid) keeps its
    // table size here, wherever the card stands in the page
    const board = new Board(stage, { onAction: () => {}, names, fitWindow: false });
    board.update({ view: sample.view, legal: [], forms: [], viewer: sample.viewer, active: false });
    const shot = frame(stage);
    board.clear();
    stage.remove();
    shadow.append(shot.picture);
    keepFitted(host, shot.board, shot.region, shot.fit);
    host.dataset.pictureSvg = shot.svgClass;
    host.dataset.pictureShapes = String(shot.shapes);
    host.dataset.picture = "drawn";
  } catch (err) {
    host.dataset.picture = "failed";
    console.warn(`No lobby picture for ${gameId}:`, err);
  }
}

/**
 * Copies of the page's stylesheets (the boards' styles among them) for the
 * pictures' shadow roots, and the pictures' own rules: made once from the
 * loaded sheets, so a picture waits for no stylesheet to load.
 * @returns {CSSStyleSheet[]}
 */
function pictureSheets() {
  const copies = [...document.styleSheets].flatMap((sheet) => {
    try {
      const copy = new CSSStyleSheet({ media: sheet.media.mediaText });
      copy.replaceSync([...sheet.cssRules].map((rule) => rule.cssText).join("\n"));
      return [copy];
    } catch { // a sheet whose rules cannot be read: the pictures go without it
      return [];
    }
  });
  const own = new CSSStyleSheet();
  own.replaceSync(PICTURE_STYLE);
  return [...copies, own];
}

/**
 * The part of the drawn board to show, and a still copy of the board framed on it.
 * @param {HTMLElement} stage
 * @returns {{picture: HTMLElement, board: HTMLElement, region: Box, fit: "meet"|"slice", svgClass: string, shapes: number}}
 */
function frame(stage) {
  const origin = stage.getBoundingClientRect();
  const whole = { x: 0, y: 0, width: STAGE_WIDTH, height: Math.max(stage.scrollHeight, 1) };
  const svgs = topLevelSvgs(stage);
  const main = mainSvg(svgs, whole.width * whole.height);
  const group = main ? null : drawingGroup(stage, svgs);
  const focus = main ?? group;
  const region = main ? drawnRegion(main, origin) : group ? boxIn(group, origin, GROUP_MARGIN) : topOf(whole);
  const copy = /** @type {HTMLElement} */ (stage.cloneNode(true));
  copy.className = "board";
  const drawn = [...stage.querySelectorAll("*")];
  const copied = [...copy.querySelectorAll("*")]; // the same elements: a clone keeps document order
  if (focus) {
    copy.classList.add("picture-framed");
    copied[drawn.indexOf(focus)].classList.add("picture-focus");
  }
  for (const svg of svgs) { // sized as measured: a board sized by the window's height (vh) must not move under the frame
    const { width, height } = svg.getBoundingClientRect();
    const twin = /** @type {SVGSVGElement} */ (copied[drawn.indexOf(svg)]);
    twin.style.width = `${width}px`;
    twin.style.height = `${height}px`;
    twin.style.maxWidth = twin.style.maxHeight = "none";
  }
  for (const node of copy.querySelectorAll("[id]")) node.removeAttribute("id");
  const picture = document.createElement("div");
  picture.className = "window";
  if (main) { // the board's own background (felt, say) fills the bands beside it
    const { backgroundColor, backgroundImage } = getComputedStyle(main);
    picture.style.backgroundColor = backgroundColor;
    picture.style.backgroundImage = backgroundImage;
  }
  picture.append(copy);
  const shown = focus ?? stage;
  return {
    picture,
    board: copy,
    region,
    fit: focus ? "meet" : "slice",
    svgClass: main ? main.getAttribute("class") ?? "svg" : group ? "group" : "whole-board",
    shapes: shown.querySelectorAll("svg *").length,
  };
}

/** @typedef {{x: number, y: number, width: number, height: number}} Box */

/**
 * Keep `region` of `board` (stage pixels) filling `host` as the card is resized:
 * "meet" shows all of it, centred; "slice" fills the frame, centred across
 * and from its top (as an SVG's xMidYMid meet and xMidYMin slice).  The
 * observer's first call comes before the picture is first painted.
 * @param {HTMLElement} host @param {HTMLElement} board @param {Box} region @param {"meet"|"slice"} fit
 */
function keepFitted(host, board, region, fit) {
  new ResizeObserver(([entry]) => {
    const { width, height } = entry.contentRect;
    const scale = (fit === "meet" ? Math.min : Math.max)(width / region.width, height / region.height);
    const left = (width - region.width * scale) / 2 - region.x * scale;
    const top = (fit === "meet" ? (height - region.height * scale) / 2 : 0) - region.y * scale;
    board.style.transform = `translate(${left.toFixed(2)}px, ${top.toFixed(2)}px) scale(${scale.toFixed(5)})`;
  }).observe(host);
}

/** The SVGs drawn directly in the board's HTML (not inside another SVG). @param {HTMLElement} stage */
function topLevelSvgs(stage) {
  return /** @type {SVGSVGElement[]} */ ([...stage.querySelectorAll("svg")].filter((svg) => !svg.parentElement?.closest("svg")));
}

/** @param {Element} node */
function area(node) {
  const box = node.getBoundingClientRect();
  return box.width * box.height;
}

/**
 * The board's main SVG: the largest one, if it covers enough of what was drawn.
 * @param {SVGSVGElement[]} svgs @param {number} drawnArea
 * @returns {SVGSVGElement|null}
 */
function mainSvg(svgs, drawnArea) {
  const best = svgs.reduce((a, b) => (!a || area(b) > area(a) ? b : a), /** @type {SVGSVGElement|null} */ (null));
  return best && area(best) >= MAIN_SVG_SHARE * drawnArea ? best : null;
}

/**
 * For a board drawn as many small SVGs (Mansion's cards): the HTML element
 * whose SVGs would look largest in the card's frame (their area, scaled as the
 * element is fitted into the frame), among those mostly covered by drawing,
 * such as a row of cards or a building.
 * @param {HTMLElement} stage @param {SVGSVGElement[]} svgs
 * @returns {HTMLElement|null}
 */
function drawingGroup(stage, svgs) {
  let best = null;
  let bestShown = 0;
  for (const node of stage.querySelectorAll("*")) {
    if (!(node instanceof HTMLElement)) continue;
    const inside = svgs.filter((svg) => node.contains(svg));
    if (inside.length < 2) continue;
    const drawn = inside.reduce((sum, svg) => sum + area(svg), 0);
    const box = node.getBoundingClientRect();
    if (drawn < GROUP_SHARE * box.width * box.height) continue;
    const scale = Math.min(FRAME_ASPECT / box.width, 1 / box.height); // fitted into a frame 1 unit tall
    if (drawn * scale * scale > bestShown) {
      best = node;
      bestShown = drawn * scale * scale;
    }
  }
  return best;
}

/** `node`'s box in stage pixels, `margin` px wider all round. @param {Element} node @param {DOMRect} origin @param {number} margin */
function boxIn(node, origin, margin) {
  const box = node.getBoundingClientRect();
  return { x: box.left - origin.left - margin, y: box.top - origin.top - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
}

/**
 * Where `svg` actually drew, in stage pixels: its shapes' bounding box with a
 * small margin, within the SVG's own box (so a board letterboxed in a tall box
 * is framed on its drawing, not on the empty bands).
 * @param {SVGSVGElement} svg @param {DOMRect} origin the stage's box
 */
function drawnRegion(svg, origin) {
  const box = svg.getBoundingClientRect();
  const outer = { x: box.left - origin.left, y: box.top - origin.top, width: box.width, height: box.height };
  const matrix = svg.getScreenCTM();
  let drawn;
  try {
    drawn = svg.getBBox();
  } catch {
    return outer;
  }
  if (!matrix || !drawn.width || !drawn.height) return outer;
  const a = new DOMPoint(drawn.x, drawn.y).matrixTransform(matrix);
  const b = new DOMPoint(drawn.x + drawn.width, drawn.y + drawn.height).matrixTransform(matrix);
  const pad = MARGIN * Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  const left = Math.max(outer.x, Math.min(a.x, b.x) - origin.left - pad);
  const top = Math.max(outer.y, Math.min(a.y, b.y) - origin.top - pad);
  const right = Math.min(outer.x + outer.width, Math.max(a.x, b.x) - origin.left + pad);
  const bottom = Math.min(outer.y + outer.height, Math.max(a.y, b.y) - origin.top + pad);
  if (!(right > left && bottom > top)) return outer;
  return toFrameShape({ x: left, y: top, width: right - left, height: bottom - top }, outer);
}

/**
 * Widen (or heighten) `region` towards the frame's shape, as far as `outer`
 * allows, so the SVG's own background fills the card instead of empty bands.
 * @param {Box} region
 * @param {Box} outer
 */
function toFrameShape(region, outer) {
  const grow = (start, size, wanted, min, max) => {
    const extra = Math.min(wanted, max - min) - size;
    if (extra <= 0) return [start, size];
    const from = Math.min(Math.max(min, start - extra / 2), max - size - extra);
    return [from, size + extra];
  };
  let { x, y, width, height } = region;
  if (width / height < FRAME_ASPECT) [x, width] = grow(x, width, height * FRAME_ASPECT, outer.x, outer.x + outer.width);
  else [y, height] = grow(y, height, width / FRAME_ASPECT, outer.y, outer.y + outer.height);
  return { x, y, width, height };
}

/** The top of a board with no main SVG, in the frame's shape. @param {Box} whole */
function topOf(whole) {
  return { x: 0, y: 0, width: whole.width, height: Math.min(whole.height, whole.width / FRAME_ASPECT) };
}
