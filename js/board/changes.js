// @ts-check
/**
 * What changed between two drawings of a board, found from the drawings alone.
 *
 * Boards mark each physical piece they draw with `data-key` ("tile:suns:4",
 * "coin:12", "plan:kitchen") and, where a piece has a face that can be hidden,
 * `data-face` ("down", or the face shown); the engine is not asked.  Before a
 * redraw the keyed elements are measured (`measure`), after it again, and
 * `compare` pairs them up by key: a piece that is elsewhere has moved, one
 * with no partner has appeared, one whose face differs has turned over.
 *
 * A key may be drawn more than once (two face-down Moons coins, two copies of a
 * plan card): such pieces are paired nearest first, so the ones that stayed put
 * keep their partners.  Positions are compared inside the piece's frame (its
 * outermost <svg>, or the nearest HTML section), so a board that merely shifted
 * or was scaled (a prompt grew a line, the map widened) shows no move.
 */

/**
 * A keyed element as drawn: where it is on screen, in which frame, and where
 * inside that frame (user units of an SVG frame, CSS pixels of an HTML one).
 * @typedef {{el: Element, key: string, face: string|null, rect: DOMRect,
 *   frame: string, svg: boolean, x: number, y: number, w: number, h: number}} Spot
 */

/**
 * What a redraw changed.  `moved` and `turned` pair the old drawing with the new.  A move is a
 * `reflow` when an HTML piece only shifted along its row (a card before it came or went): shown
 * sliding, but nothing anyone did to it.
 * @typedef {{moved: {from: Spot, to: Spot, reflow: boolean}[], turned: {from: Spot, to: Spot}[], appeared: Spot[]}} Changes
 */

/** Screen pixels a piece must move (and frame units, inside its frame) to count as moved. */
const MOVE_PX = 2;
/** Relative change of size that counts as a move (a piece drawn larger elsewhere). */
const RESIZE = 0.08;

/** The element that frames a keyed element, and that frame's name across redraws. @param {Element} el @param {Element} root */
function frameOf(el, root) {
  if (el instanceof SVGElement && el.ownerSVGElement) {
    let svg = el.ownerSVGElement;
    while (svg.ownerSVGElement) svg = svg.ownerSVGElement;
    return { node: /** @type {Element} */ (svg), svg: true };
  }
  const host = el.parentElement?.closest("[data-frame], section, [id]");
  return { node: host && root.contains(host) ? host : root, svg: false };
}

/** A frame's name: the same frame drawn again has the same one. @param {Element} node */
function frameName(node) {
  return node.getAttribute("data-frame") ?? node.getAttribute("id") ?? node.getAttribute("aria-label")
    ?? `${node.localName}.${node.getAttribute("class") ?? ""}`;
}

/** The face a piece shows: its own data-face, else the first inside it. @param {Element} el */
function faceOf(el) {
  return el.getAttribute("data-face") ?? el.querySelector("[data-face]")?.getAttribute("data-face") ?? null;
}

/**
 * Every keyed element under `root` that is drawn (has a size), with where it is.
 * @param {Element} root @returns {Spot[]}
 */
export function measure(root) {
  /** @type {Map<Element, {name: string, svg: boolean, inverse: DOMMatrix|null, box: DOMRect|null}>} */
  const frames = new Map();
  /** @type {Spot[]} */
  const spots = [];
  root.querySelectorAll("[data-key]").forEach((el) => {
    const rect = el.getBoundingClientRect();
    if (!rect.width && !rect.height) return;
    const { node, svg } = frameOf(el, root);
    let frame = frames.get(node);
    if (!frame) {
      const ctm = svg ? /** @type {SVGSVGElement} */ (node).getScreenCTM() : null;
      frame = { name: frameName(node), svg, inverse: ctm ? DOMMatrix.fromMatrix(ctm).inverse() : null, box: svg ? null : node.getBoundingClientRect() };
      frames.set(node, frame);
    }
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    let [x, y, w, h] = [cx, cy, rect.width, rect.height];
    if (frame.inverse) {
      const p = new DOMPoint(cx, cy).matrixTransform(frame.inverse);
      [x, y, w, h] = [p.x, p.y, rect.width * Math.hypot(frame.inverse.a, frame.inverse.b), rect.height * Math.hypot(frame.inverse.c, frame.inverse.d)];
    } else if (frame.box) {
      [x, y] = [cx - frame.box.left, cy - frame.box.top];
    }
    spots.push({ el, key: /** @type {string} */ (el.getAttribute("data-key")), face: faceOf(el), rect, frame: frame.name, svg, x, y, w, h });
  });
  return spots;
}

/** Distance between two spots' centres on screen. @param {Spot} a @param {Spot} b */
function screenDistance(a, b) {
  return Math.hypot(a.rect.left + a.rect.width / 2 - b.rect.left - b.rect.width / 2, a.rect.top + a.rect.height / 2 - b.rect.top - b.rect.height / 2);
}

/** Whether a piece is somewhere else (or another size) in the new drawing. @param {Spot} a @param {Spot} b */
export function hasMoved(a, b) {
  const resized = (p, q) => Math.abs(p - q) > RESIZE * Math.max(p, q, 1);
  const onScreen = screenDistance(a, b) > MOVE_PX || resized(a.rect.width, b.rect.width) || resized(a.rect.height, b.rect.height);
  if (!onScreen) return false;
  if (a.frame !== b.frame) return true;
  return Math.hypot(a.x - b.x, a.y - b.y) > MOVE_PX * Math.max(b.w / Math.max(b.rect.width, 1), 0.5)
    || resized(a.w, b.w) || resized(a.h, b.h);
}

/**
 * Pair old spots with new ones of the same key, nearest first.
 * @param {Spot[]} before @param {Spot[]} after
 * @returns {{pairs: {from: Spot, to: Spot}[], lost: Spot[], found: Spot[]}}
 */
function pairByKey(before, after) {
  /** @type {Map<string, {old: Spot[], now: Spot[]}>} */
  const byKey = new Map();
  const group = (/** @type {string} */ key) => {
    if (!byKey.has(key)) byKey.set(key, { old: [], now: [] });
    return /** @type {{old: Spot[], now: Spot[]}} */ (byKey.get(key));
  };
  for (const s of before) group(s.key).old.push(s);
  for (const s of after) group(s.key).now.push(s);
  const pairs = [];
  const lost = [];
  const found = [];
  for (const { old, now } of byKey.values()) {
    if (old.length === 1 && now.length === 1) {
      pairs.push({ from: old[0], to: now[0] });
      continue;
    }
    const options = [];
    old.forEach((a, i) => now.forEach((b, j) => options.push({ i, j, d: screenDistance(a, b) + (a.frame === b.frame ? 0 : 1e4) })));
    options.sort((p, q) => p.d - q.d);
    const usedOld = new Set();
    const usedNew = new Set();
    for (const { i, j } of options) {
      if (usedOld.has(i) || usedNew.has(j)) continue;
      usedOld.add(i);
      usedNew.add(j);
      pairs.push({ from: old[i], to: now[j] });
    }
    old.forEach((s, i) => { if (!usedOld.has(i)) lost.push(s); });
    now.forEach((s, j) => { if (!usedNew.has(j)) found.push(s); });
  }
  return { pairs, lost, found };
}

/**
 * What changed from one drawing to the next.  A piece whose key changed where
 * it lies (a face-down coin turned up is "coin:moons:?" before and
 * "coin:moons:3" after) is found by place: same frame, same spot, another face.
 * @param {Spot[]} before @param {Spot[]} after @returns {Changes}
 */
export function compare(before, after) {
  const { pairs, lost, found } = pairByKey(before, after);
  /** @type {Changes} */
  const changes = { moved: [], turned: [], appeared: [] };
  for (const pair of pairs) {
    if (hasMoved(pair.from, pair.to)) changes.moved.push({ ...pair, reflow: !pair.to.svg && pair.from.frame === pair.to.frame });
    else if (pair.from.face !== pair.to.face && pair.from.face !== null && pair.to.face !== null) changes.turned.push(pair);
  }
  const left = new Set(lost);
  for (const spot of found) {
    const twin = [...left].find((old) => old.frame === spot.frame && !hasMoved(old, spot));
    if (twin && twin.face !== spot.face && twin.face !== null && spot.face !== null) {
      left.delete(twin);
      changes.turned.push({ from: twin, to: spot });
    } else {
      changes.appeared.push(spot);
    }
  }
  return changes;
}

/** The pieces of the new drawing that a move changed (not those a reflow only shifted). @param {Changes} changes @returns {Spot[]} */
export function changedSpots(changes) {
  return [...changes.moved.filter((p) => !p.reflow).map((p) => p.to), ...changes.turned.map((p) => p.to), ...changes.appeared];
}

/**
 * The spot in `spots` that is the same piece as `wanted` (same key, same frame,
 * same place): how a mark finds its piece again after the board redraws itself.
 * @param {Spot[]} spots @param {{key: string, frame: string, x: number, y: number, w: number}} wanted
 */
export function findAgain(spots, wanted) {
  let best = null;
  let bestDistance = Infinity;
  for (const s of spots) {
    if (s.key !== wanted.key || s.frame !== wanted.frame) continue;
    const d = Math.hypot(s.x - wanted.x, s.y - wanted.y);
    if (d < bestDistance) [best, bestDistance] = [s, d];
  }
  return best && bestDistance <= Math.max(wanted.w, 4) ? best : null;
}

/**
 * The spots of the pieces inside `shift.piece` as if the box `from` were drawn
 * at `to` (where a move on its way to the engine shows its piece,
 * js/board/pending.js); the others as they are.  Changes `spots` in place.
 * @param {Spot[]} spots @param {{piece: Element, from: DOMRect, to: DOMRect}|null} shift @returns {Spot[]}
 */
export function shiftSpots(spots, shift) {
  if (!shift) return spots;
  const { from, to } = shift;
  const scale = from.width ? to.width / from.width : 1;
  for (const spot of spots) {
    if (spot.el !== shift.piece && !shift.piece.contains(spot.el)) continue;
    const { rect } = spot;
    const units = rect.width ? spot.w / rect.width : 1; // frame units per screen pixel
    const moved = new DOMRect(to.left + (rect.left - from.left) * scale, to.top + (rect.top - from.top) * scale,
      rect.width * scale, rect.height * scale);
    spot.x += (moved.left + moved.width / 2 - (rect.left + rect.width / 2)) * units;
    spot.y += (moved.top + moved.height / 2 - (rect.top + rect.height / 2)) * units;
    spot.w *= scale;
    spot.h *= scale;
    spot.rect = moved;
  }
  return spots;
}
