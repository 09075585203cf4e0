"""Clickable pieces and places are big enough to hit at a desktop's 1280x800, as on a phone: nothing a person
clicks at a table is under 40 CSS px either way (the phone layout's rule, tests/e2e/test_phone_layout.py).

The King's Progress drew its radial board in the felt's 900 px width at 13-34 px a piece; it now scales its
kingdoms' rows to the room the window has (js/games/kings-progress/board.js)."""
from clicking import LEGAL, start_game, wait_settled
from tabs import DESKTOP

#: the smallest side of anything clickable (CSS px)
LEAST_PX = 40
#: moves played at most to get past moves made on forms to one made on the board
FORM_MOVES = 6
TITLES = ["kings-progress", "kings-cottage", "castles", "mansion", "one-six-nine"]
#: every clickable piece or place on the board: its name and its box
CLICKABLE_BOXES = f"""() => [...document.querySelectorAll("{LEGAL}")].map((e) => {{
  const r = e.getBoundingClientRect();
  return {{name: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40), w: r.width, h: r.height}};
}})"""


def too_small(page):
    """The clickable pieces and places under LEAST_PX, with their sizes."""
    boxes = page.evaluate(CLICKABLE_BOXES)
    assert boxes, "nothing is clickable"
    return [f"{b['name']}: {b['w']:.0f}x{b['h']:.0f}" for b in boxes if min(b["w"], b["h"]) < LEAST_PX]


def sizes_in_phases(page, phases, moves=40):
    """Play the first listed move through the table, measuring the board at each of `phases` the first time it shows."""
    found, seen = [], set()
    for _ in range(moves):
        if wait_settled(page, 60_000) != "move":
            break
        phase = page.evaluate("window.parlour.table.liveSnap.view.phase")
        if phase in phases and phase not in seen:
            seen.add(phase)
            found += [f"{phase}: {s}" for s in too_small(page)]
            if page.locator("#board [data-piece].legal").count():
                page.click("#board [data-piece].legal >> nth=0")
            found += [f"{phase}, a piece chosen: {s}" for s in too_small(page)]
        if seen == set(phases):
            break
        page.evaluate("() => { const t = window.parlour.table; t.onAction(t.liveSnap.legal[0]); }")
    return found, seen


def test_the_kings_progress_pieces_and_places_are_40_px_at_a_desktop(context_for, site_url, artifacts):
    page = context_for(DESKTOP)
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3")
    found, seen = sizes_in_phases(page, {"city", "invest", "king"}, moves=80)
    page.screenshot(path=str(artifacts / "kings-progress-desktop-sizes.png"))
    assert seen == {"city", "invest", "king"}, seen
    assert not found, "\n".join(found)
    # the King stands clear of the value of the tile it is on
    king, value = page.evaluate("""() => { const k = document.querySelector('#board .city [data-target^="king:"] .pawn');
      if (!k) return [null, null]; const v = k.closest('.city').querySelector('.tile .value');
      const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
      return [box(k), box(v)]; }""")
    assert king, "no King on a city"
    assert min(king[2], value[2]) <= max(king[0], value[0]) or min(king[3], value[3]) <= max(king[1], value[1]), (king, value)


def test_every_title_offers_nothing_under_40_px_at_a_desktop(context_for, site_url):
    found = []
    page = context_for(DESKTOP)  # one tab, each title's table opened in it in turn
    for game_id in TITLES:
        start_game(page, site_url, game_id, ["human", "bot"], query="botDelay=0&seed=3", in_app=True)
        assert wait_settled(page, 120_000) == "move"
        for _ in range(FORM_MOVES):  # a first move made on a form (bids, stakes): played, to reach the board's pieces
            if page.locator(LEGAL).count():
                break
            page.evaluate("() => { const t = window.parlour.table; t.onAction(t.liveSnap.legal[0]); }")
            assert wait_settled(page, 60_000) == "move"
        found += [f"{game_id}: {s}" for s in too_small(page)]
    assert not found, "\n".join(found)
