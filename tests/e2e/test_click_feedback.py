"""Feedback in the click's own frame: a move shows on the board before the engine answers.

The engine's replies are held back in the page (the bridge's `settle`, which
every reply of the worker goes through, queues them until released), so each
test sees the board exactly as it stands between the click and the answer:
the chosen piece must already stand on its place (js/board/pending.js), and
the engine's board must then replace it; a refused move must put it back and
say why.  Without the feedback, nothing of the move is on the board while the
reply is held and these tests fail.
"""
import pytest

from clicking import LEGAL, start_game, wait_settled
from tabs import WITHOUT_SERVICE_WORKER

pytestmark = pytest.mark.motion  # what a click shows before the engine answers: moves slide (tests/e2e/tabs.py)

HOLD = """() => {
  const e = window.parlour.engine;
  e.held = e.held || [];
  if (!e.realSettle) {
    e.realSettle = e.settle.bind(e);
    e.settle = (id, reply) => (e.holding ? e.held.push([id, reply]) : e.realSettle(id, reply));
  }
  e.holding = true;
}"""
RELEASE = """() => {
  const e = window.parlour.engine;
  e.holding = false;
  const held = e.held.splice(0);
  held.forEach(([id, reply]) => e.realSettle(id, reply));
  return held.length;
}"""
#: every element marked as part of a move on its way, and the stand-in on its place
PENDING = """() => [...document.querySelectorAll('[data-pending]')].map(e => e.getAttribute('data-pending'))"""
GHOST = ".motion-layer .pending-ghost"
BOX = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height}; }"""
#: the stand-ins the animation adds, with where each is drawn when it appears (its first frame)
RECORD_SLIDES = """() => {
  window.slideStarts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (!(n instanceof Element) || !n.classList.contains('motion-ghost') || n.classList.contains('pending-ghost')) continue;
      const b = n.getBoundingClientRect();
      window.slideStarts.push({x: b.left + b.width / 2, y: b.top + b.height / 2});
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""
LOG_LINES = "() => document.querySelectorAll('.log li').length"
MARKED = "() => [...document.querySelectorAll('#board .last-move')].map(e => e.getAttribute('data-key'))"


def start_kings_progress(page, site_url):
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=5", names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"


def pick_tile_then_place(page, press=None):
    """Pick up the first tile of the reserve and send it to the first lit place; returns the place's key.

    `press`: a key to press on the focused element instead of clicking it."""
    tile = page.locator("#board [data-piece^='tile:'].legal").first
    if press:
        tile.focus()
        page.keyboard.press(press)
    else:
        tile.click()
    place = page.locator("#board [data-target].legal:not([data-target=pass])").first
    key = place.get_attribute("data-target")
    if press:
        place.focus()
        page.keyboard.press(press)
    else:
        place.click()
    return key


#: resolves after the next frame's animation callbacks: what that frame paints is in place
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => done()))"


def assert_piece_stands_on(page, key):
    """The move is on the board while the engine's answer is held: the piece stands on the place
    in the first frame after the click."""
    page.evaluate(NEXT_FRAME)
    marks = page.evaluate(PENDING)
    assert sorted(marks) == ["from", "target", "true"], marks
    assert page.locator(f"#board [data-target='{key}'][data-pending=target]").count() == 1
    ghost = page.evaluate(BOX, GHOST)
    place = page.evaluate(BOX, f"#board [data-target='{key}']")
    assert abs(ghost["x"] - place["x"]) < 2 and abs(ghost["y"] - place["y"]) < 2, (ghost, place)
    assert ghost["w"] <= place["w"] + 1, "the stand-in fits its place"
    return ghost


def assert_replaced(page):
    assert wait_settled(page) == "move"
    assert page.evaluate(PENDING) == []
    assert page.locator(GHOST).count() == 0


def test_a_piece_stands_on_its_place_before_the_engine_answers(page, site_url, artifacts):
    start_kings_progress(page, site_url)
    lines = page.evaluate(LOG_LINES)
    page.evaluate(HOLD)
    key = pick_tile_then_place(page)
    page.wait_for_timeout(150)  # several frames: the engine's answer is held, the feedback is all there is
    ghost = assert_piece_stands_on(page, key)
    assert page.evaluate(LOG_LINES) == lines, "the engine's board must not be drawn yet"
    assert page.evaluate("() => document.querySelector('[data-phase]').dataset.phase") == "busy"
    page.screenshot(path=str(artifacts / "click-feedback-pending.png"))
    page.evaluate(RECORD_SLIDES)
    assert page.evaluate(RELEASE) >= 1
    assert_replaced(page)
    assert page.evaluate(LOG_LINES) > lines
    # the engine's board took over where the stand-in stood: the tile's slide starts on its place
    starts = page.evaluate("() => window.slideStarts")
    assert any(abs(s["x"] - ghost["x"]) < 3 and abs(s["y"] - ghost["y"]) < 3 for s in starts), (starts, ghost)
    assert not page.errors, page.errors


def test_a_stale_move_is_put_back_with_the_engines_message(page, site_url, artifacts):
    start_kings_progress(page, site_url)
    reserve = page.evaluate("() => [...document.querySelectorAll('.hand [data-key]')].map(e => e.getAttribute('data-key'))")
    marked = page.evaluate(MARKED)
    assert marked, "the bot's opening move is marked"
    lines = page.evaluate(LOG_LINES)
    page.evaluate("() => { window.parlour.table.version -= 1; }")  # the move goes out against an older position
    page.evaluate(HOLD)
    key = pick_tile_then_place(page)
    assert_piece_stands_on(page, key)
    page.evaluate(RELEASE)  # from here on every answer goes through: the refusal, then the board asked for again
    page.locator(".toast", has_text="old position").wait_for(timeout=10_000)
    assert_replaced(page)
    assert page.evaluate(LOG_LINES) == lines, "nothing was played"
    back = page.evaluate("() => [...document.querySelectorAll('.hand [data-key]')].map(e => e.getAttribute('data-key'))")
    assert back == reserve, "the tile is back in the reserve"
    assert page.evaluate(MARKED) == marked, "a refused move is no move: the last one stays marked"
    assert page.locator(LEGAL).count() > 0, "the person can move again"
    page.screenshot(path=str(artifacts / "click-feedback-refused.png"))
    assert not page.errors, page.errors


@pytest.mark.parametrize("key", ["Enter", " "])
def test_keys_show_the_move_before_the_engine_answers(page, site_url, key):
    start_kings_progress(page, site_url)
    page.evaluate(HOLD)
    place = pick_tile_then_place(page, press=key)
    assert_piece_stands_on(page, place)
    page.evaluate(RELEASE)
    assert_replaced(page)


def test_a_tap_on_a_phone_shows_the_move_and_reduced_motion_still_does(browser, site_url, artifacts):
    context = browser.new_context(**WITHOUT_SERVICE_WORKER, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  reduced_motion="reduce")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        start_kings_progress(page, site_url)
        page.evaluate(HOLD)
        page.locator("#board [data-piece^='tile:'].legal").first.tap()
        place = page.locator("#board [data-target].legal:not([data-target=pass])").first
        key = place.get_attribute("data-target")
        place.tap()
        assert_piece_stands_on(page, key)
        page.screenshot(path=str(artifacts / "click-feedback-phone.png"))
        page.evaluate(RELEASE)
        assert_replaced(page)
        assert page.locator("#board [data-moving]").count() == 0, "nothing animates with reduced motion"
        assert not errors, errors
    finally:
        context.close()


def test_a_one_click_choice_and_a_sent_form_look_pressed(page, site_url):
    start_game(page, site_url, "kings-cottage", ["human", "bot"], query="botDelay=0&seed=3", names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    for house in ("crowns", "arms", "suns", "moons"):
        page.click(f"#kc-invest [data-house={house}] input[data-stake='0']")
    page.evaluate(HOLD)
    page.click("#kc-invest-submit")
    assert sorted(page.evaluate(PENDING)) == ["chosen", "form", "true"]
    assert page.locator("#kc-invest[data-pending=form] #kc-invest-submit[data-pending=chosen]").count() == 1
    page.evaluate(RELEASE)
    assert_replaced(page)
    # a place clicked alone (a pile to draw from, the bag, the die): pressed at once
    page.evaluate(HOLD)
    lone = page.locator("#board [data-target].legal").first
    target = lone.get_attribute("data-target")
    lone.click()
    assert page.evaluate(PENDING) in (["true", "chosen"], ["chosen", "true"]), page.evaluate(PENDING)
    assert page.locator(f"#board [data-target='{target}'][data-pending=chosen]").count() == 1
    page.evaluate(RELEASE)
    assert wait_settled(page) in ("move", "over")
    assert page.evaluate(PENDING) == []
    assert not page.errors, page.errors
