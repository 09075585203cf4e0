"""Click to the first frame that shows the move: the benchmark's `moves.<game>.feedback_*` figures.

`moves.<game>.p50_ms` times a click until the engine's new board is painted;
this times it until anything of the move is: the chosen piece standing on its
place, a choice or a sent form marked (js/board/pending.js), or, where the
board shows nothing before the engine answers, the engine's board itself.  It
is measured in the page, by a script added before the page loads, and knows no
game:

- a click inside the board (capture phase, before any handler) notes
  `performance.now()`;
- a MutationObserver notes whether that click sent a move (the table's
  `data-phase` turns "busy" in the click's task) and the first change that
  shows the move: a `data-pending` mark, a stand-in in the motion layer, or
  the board drawn anew;
- the next `requestAnimationFrame` callback after that change is the frame
  that paints it (the same end point as the table's own `moves` timing).

Clicks that send no move (picking a piece up) are left out.
"""
from __future__ import annotations

RECORDER = r"""
(() => {
  const clicks = [];
  window.parlourFeedback = clicks;
  let open = null;
  addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('#board')) return;
    open = { since: performance.now(), move: false, changed: false, frame: null };
    clicks.push(open);
  }, true);
  /** Whether a mutation shows a move: a pending mark, a stand-in, or the board drawn anew. */
  const shows = (r) => {
    if (r.type === 'attributes') return r.attributeName === 'data-pending' && r.target.hasAttribute('data-pending');
    const where = r.target instanceof Element ? r.target : null;
    return Boolean(where && (where.id === 'board' || where.closest('.motion-layer')) && r.addedNodes.length);
  };
  new MutationObserver((records) => {
    const click = open;
    if (!click) return;
    for (const r of records) {
      if (r.type === 'attributes' && r.attributeName === 'data-phase' && r.target.getAttribute('data-phase') === 'busy') click.move = true;
    }
    if (click.changed || !records.some(shows)) return;
    click.changed = true;
    requestAnimationFrame(() => { click.frame = performance.now() - click.since; });
  }).observe(document, { // the document itself: its root element does not exist yet when this runs
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase', 'data-pending'],
  });
})();
"""

#: The frames of the clicks that sent a move, in milliseconds since the click.
COLLECT = "(window.parlourFeedback || []).filter((c) => c.move && c.frame !== null).map((c) => c.frame)"


def install(context) -> None:
    """Record every click of every page the context opens (before the page's own scripts run)."""
    context.add_init_script(RECORDER)


def collect(page) -> list[float]:
    """Milliseconds from each move's click to the first frame that showed it, on this page so far."""
    return page.evaluate(COLLECT)
