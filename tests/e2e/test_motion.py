"""Following what happened: moves animated, the last move marked, stepping back through the last moves.

The board's motion (js/board/motion.js) sets `data-moving` on a piece while it
animates; a MutationObserver installed before the page loads records each one
with the number of animations the piece had at that moment, so no test races
a 260 ms animation.
"""
import pytest

from clicking import LEGAL, click_randomly, start_game, wait_settled
from tabs import WIDE

pytestmark = pytest.mark.motion  # what moves look like: moves slide (tests/e2e/tabs.py)

RECORDER = """
window.__motion = [];
new MutationObserver((records) => {
  for (const r of records) {
    const kind = r.target.getAttribute && r.target.getAttribute('data-moving');
    if (kind) window.__motion.push({kind, key: r.target.getAttribute('data-key'), animations: r.target.getAnimations().length});
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-moving']});
"""

#: The keys drawn on the board, in order, and which are marked: a position as the motion sees it.
KEYS = "[...document.querySelectorAll('#board [data-key]')].map(e => e.getAttribute('data-key'))"
MARKED = "[...document.querySelectorAll('#board .last-move')].map(e => e.getAttribute('data-key'))"


def recorded(page):
    return page.evaluate("window.__motion")


def play_one_move(page):
    """Click a legal piece (and a place, when the piece waits for one) for the person to move."""
    page.locator(LEGAL).first.click()
    if wait_settled(page) == "move" and page.locator("#board [data-piece].selected").count():
        page.locator("#board [data-target].legal").first.click()


def settle_after_a_bot_move(page, version):
    """Wait until the log has grown past `version` lines and the person is to move again."""
    page.wait_for_function(f"document.querySelectorAll('.log li').length > {version}", timeout=60_000)
    assert wait_settled(page) == "move"


@pytest.fixture
def motion_page(page):
    page.add_init_script(RECORDER)
    return page


@pytest.fixture
def shared_motion_page(shared_tab):
    """The module's shared tab (tables opened from its lobby, `in_app`), recording motion from its first load."""
    page = shared_tab(WIDE)
    if not getattr(page, "recording", False):
        page.add_init_script(RECORDER)
        page.recording = True
    return page


def test_moves_slide_and_the_bots_move_is_marked_on_the_board_and_in_the_log(motion_page, site_url, artifacts):
    page = motion_page
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=250&seed=11", names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    before = page.evaluate("document.querySelectorAll('.log li').length")
    page.evaluate("window.__motion = []")
    play_one_move(page)
    settle_after_a_bot_move(page, before + 1)
    moves = recorded(page)
    # the person's tile went from the reserve to a city: the same keyed piece, animated as it slid
    slides = [m for m in moves if m["kind"] == "slide"]
    assert slides and all(m["animations"] > 0 for m in slides), moves
    assert any(m["key"].startswith("tile:") for m in slides), moves
    # the bot's move: its pieces appeared (a tile built) or slid, each with an animation, and they stay marked
    assert all(m["animations"] > 0 for m in moves), moves
    assert any(m["kind"] in ("appear", "turn") for m in moves), moves
    marked = page.evaluate(MARKED)
    assert marked, "the bot's move is not marked on the board"
    assert page.locator(".log li.last-move").count() >= 1, "the bot's move is not marked in the log"
    assert "Ada" in page.locator(".log li.last-move").last.inner_text()
    # once landed, nothing is left moving and the stand-ins are gone
    page.wait_for_function("!document.querySelector('#board [data-moving], .motion-ghost')", timeout=5_000)
    assert page.locator("#board .motion-ghost").count() == 0, "stand-ins never sit among the board's pieces"
    page.locator("#board .last-move").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "motion-last-move.png"))
    # the person's own next move clears the marks it does not own
    log_lines = page.evaluate("document.querySelectorAll('.log li').length")
    play_one_move(page)
    page.wait_for_function(f"document.querySelectorAll('.log li').length > {log_lines}", timeout=60_000)
    assert not page.errors, page.errors


GHOSTS = """() => {
  window.__ghosts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n instanceof Element && n.classList.contains('pending-ghost')) {  // js/board/pending.js: the piece on its place
        requestAnimationFrame(() => { const b = n.getBoundingClientRect(); window.__pending = [b.left, b.top, b.width, b.height]; });
      }
      if (!(n instanceof Element) || !n.classList.contains('motion-ghost') || !n.getAnimations().length) continue;
      const a = n.getAnimations()[0];
      const box = () => { const b = n.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; };
      a.pause(); a.currentTime = 0; const start = box();
      a.currentTime = a.effect.getTiming().duration - 0.01; const end = box();
      a.currentTime = 0; a.play();
      window.__ghosts.push({start, end, inBoard: Boolean(n.closest('#board'))});
    }
  }).observe(document.body, {subtree: true, childList: true});
  window.__boxes = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (el.getAttribute('data-moving') !== 'slide') continue;
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      window.__boxes.push({key: el.getAttribute('data-key'), w: box.width, hitsItself: el.contains(hit)});
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-moving']});
}"""


def near(a, b, tolerance=3.0):
    """Boxes alike within a few pixels (a stand-in's box leaves out the edge of its stroke)."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_a_stand_in_travels_while_the_piece_is_already_where_it_lands(motion_page, site_url):
    """The tile a person places stands on its city at once (js/board/pending.js), and the engine's board
    takes over from there: the slide starts where the tile stood; the real tile is at the city, full size
    and under the pointer, from the first frame, and no stand-in sits among the board's pieces."""
    page = motion_page
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=250&seed=11")
    assert wait_settled(page, 120_000) == "move"
    piece = page.locator("#board [data-piece].legal").first
    key = piece.locator("[data-key]").first.get_attribute("data-key")
    page.evaluate(GHOSTS)
    piece.click()
    page.locator("#board [data-target].legal").first.click()
    page.wait_for_function("window.__boxes.length > 0 && window.__ghosts.length > 0 && window.__pending", timeout=60_000)
    boxes, ghosts, stood = page.evaluate("window.__boxes"), page.evaluate("window.__ghosts"), page.evaluate("window.__pending")
    assert all(b["w"] > 10 and b["hitsItself"] for b in boxes), boxes
    assert not any(g["inBoard"] for g in ghosts), ghosts
    landed = page.evaluate("""(k) => { const b = document.querySelector(`#board .kp-board [data-key='${k}']`).getBoundingClientRect();
      return [b.left, b.top, b.width, b.height]; }""", key)
    assert any(near(g["start"], stood) and near(g["end"], landed) for g in ghosts), (stood, landed, ghosts)


def test_no_animation_when_the_person_prefers_reduced_motion(motion_page, site_url):
    page = motion_page
    page.emulate_media(reduced_motion="reduce")
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=250&seed=11")
    assert wait_settled(page, 120_000) == "move"
    before = page.evaluate("document.querySelectorAll('.log li').length")
    play_one_move(page)
    settle_after_a_bot_move(page, before + 1)
    assert recorded(page) == []
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.evaluate(MARKED), "marks do not depend on motion"
    assert not page.errors, page.errors


def test_stepping_back_shows_earlier_positions_and_returns_to_the_live_board(motion_page, site_url, artifacts):
    page = motion_page
    start_game(page, site_url, "kings-progress", ["human", "bot", "bot"], query="botDelay=0&seed=11",
               names=["Alex", "Ada", "Bo"])
    assert wait_settled(page, 120_000) == "move"
    before = page.evaluate("document.querySelectorAll('.log li').length")
    play_one_move(page)
    settle_after_a_bot_move(page, before + 2)
    control = page.locator(".look-back")
    assert control.is_visible()
    live_keys = page.evaluate(KEYS)
    live_svg = page.locator("#board svg").first.inner_html()
    assert page.locator(LEGAL).count() > 0
    # one move back: the position after the first bot's move (Ada's veto; Bo then passed), the board
    # not clickable, the banner up, the move shown marked
    page.click("#look-back-prev")
    page.wait_for_selector("#look-back-banner:not([hidden])")
    assert page.locator("#table").get_attribute("data-phase") == "review"
    banner = page.locator("#look-back-banner").inner_text()
    assert banner.startswith("Move 1 of 2 since your last turn, by Ada (bot)") and "back to the game" in banner, banner
    assert page.locator(LEGAL).count() == 0
    assert page.evaluate(MARKED), "the move shown is marked"
    assert "Ada (bot) vetoes" in page.locator(".log li.last-move").inner_text(), "the log marks the move shown"
    one_back = page.evaluate(KEYS)
    page.wait_for_function("!document.querySelector('#board [data-moving]')", timeout=5_000)
    page.screenshot(path=str(artifacts / "motion-step-back.png"))
    # back to the person's own last move: Ada's city is the tile she vetoed away since
    page.click("#look-back-prev")
    page.wait_for_function("document.querySelector('#look-back-banner').innerText.startsWith('Your last move')")
    assert page.evaluate(KEYS) != live_keys
    assert page.locator("#board svg").first.inner_html() != live_svg
    assert page.locator("#look-back-prev").is_disabled()
    # the pressed button went disabled: the focus moved to ▶, not to the page (Escape is heard on the table)
    assert page.evaluate("document.activeElement && document.activeElement.id") == "look-back-next"
    page.click("#look-back-next")
    page.wait_for_function("document.querySelector('#look-back-banner').innerText.startsWith('Move 1 of 2')")
    assert page.evaluate(KEYS) == one_back
    # back to the game: the live board with its moves, the banner gone
    page.click("#look-back-live")
    page.wait_for_selector("#look-back-banner", state="hidden")
    assert wait_settled(page) == "move"
    assert page.evaluate(KEYS) == live_keys
    assert page.locator(LEGAL).count() > 0
    # the log marks the last move that changed the board and the pass after it, which changed nothing
    marked_lines = page.locator(".log li.last-move").all_inner_texts()
    assert len(marked_lines) == 2 and "Ada (bot) vetoes" in marked_lines[0] and marked_lines[1] == "Bo (bot) does not veto."
    assert page.locator("#look-back-next").is_disabled()
    # and the game goes on from there
    lines = page.evaluate("document.querySelectorAll('.log li').length")
    play_one_move(page)
    page.wait_for_function(f"document.querySelectorAll('.log li').length > {lines}", timeout=60_000)
    assert not page.errors, page.errors


def test_escape_returns_from_looking_back(motion_page, site_url):
    page = motion_page
    start_game(page, site_url, "castles", ["human", "bot"], query="botDelay=0&seed=5")
    assert wait_settled(page, 120_000) == "move"
    click_randomly(page, seed=3, max_clicks=2)
    assert wait_settled(page) == "move"
    if page.locator("#look-back-prev").is_disabled():
        play_one_move(page)
        assert wait_settled(page) == "move"
    page.click("#look-back-prev")
    page.wait_for_selector("#look-back-banner:not([hidden])")
    # the focus left on the page's body (as after a click on the board, which takes none): Escape still returns
    page.evaluate("document.activeElement.blur()")
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("Escape")
    page.wait_for_selector("#look-back-banner", state="hidden")
    assert wait_settled(page) == "move" and page.locator(LEGAL).count() > 0
    assert not page.errors, page.errors


@pytest.mark.parametrize("game_id, seats", [
    ("kings-cottage", ["human", "bot", "bot"]),
    ("castles", ["human", "bot", "bot"]),
    ("mansion", ["human", "bot"]),
    ("one-six-nine", ["human", "bot"]),
])
def test_every_board_keys_its_pieces_and_marks_the_bots_moves(shared_motion_page, site_url, artifacts, game_id, seats):
    page = shared_motion_page
    page.evaluate("window.__motion = []")  # this table's motion only, from its first move
    start_game(page, site_url, game_id, seats, query="botDelay=0&seed=7", in_app=True)
    assert wait_settled(page, 120_000) == "move"
    for clicks in range(40):
        if page.evaluate(MARKED):
            break
        if page.locator("#kc-invest-submit").count():  # King's Cottage's own investment form: all stakes 0
            page.click("#kc-invest-submit")
        else:
            click_randomly(page, seed=clicks, max_clicks=1)
        assert wait_settled(page) in ("move", "over")
    assert page.evaluate(KEYS), f"{game_id}: nothing on the board carries a data-key"
    assert page.evaluate(MARKED), f"{game_id}: no bot move was marked after {clicks} clicks"
    moves = recorded(page)
    assert moves and all(m["animations"] > 0 for m in moves), moves
    page.wait_for_function("!document.querySelector('#board[data-animating]')", timeout=5_000)
    page.locator("#board .last-move").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"motion-last-move-{game_id}.png"))
    assert not page.errors, page.errors
