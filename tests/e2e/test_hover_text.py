"""A clickable piece keeps its hover text: the mouse resting on it (or the keyboard's focus) shows what it is.

A board titles its SVG pieces for the mouse's tooltip; the chooser makes the
clickable ones buttons named by aria-label and takes their <title>s out
(js/board/keys.js), so js/board/hover-tip.js shows the text in a tooltip of the
page's own.  Every title with SVG pieces to click at its first move: the
tooltip shows the piece's text beside the piece, a screen reader gets the name
once (no <title> left in the button, the tooltip aria-hidden), and a piece that
is not clickable keeps its browser tooltip (<title>).
"""
import pytest

from clicking import LEGAL, start_game, wait_python, wait_settled
from tabs import WIDE

#: game -> the clicks that bring clickable SVG pieces (King's Cottage opens on a form, 169 on its shop's buttons)
GAMES = {"kings-progress": [], "castles": [], "kings-cottage": ["#kc-invest-submit"], "one-six-nine": ["#board [data-piece='shop:wall']"]}
#: the first clickable SVG piece or place with hover text
TIPPED = f"#board svg :is({LEGAL.replace('#board ', '')})[data-tip]"
TIP_SHOWN = "(() => { const t = document.querySelector('.hover-tip'); return t && !t.hidden && t.textContent; })()"
#: the shown tooltip and the piece it explains: where each is, and what a screen reader gets from the piece
TIP_STATE = """(selector) => {
  const piece = document.querySelector(selector), tip = document.querySelector('.hover-tip');
  const a = piece.getBoundingClientRect(), b = tip.getBoundingClientRect();
  return {text: tip.textContent, tip: piece.getAttribute('data-tip'), label: piece.getAttribute('aria-label'),
          titles: piece.querySelectorAll('title').length, hidden: tip.getAttribute('aria-hidden'),
          gap: Math.max(b.top - a.bottom, a.top - b.bottom), across: b.left < a.right && b.right > a.left,
          inWindow: b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight};
}"""


@pytest.mark.parametrize("game_id", GAMES)
def test_resting_the_mouse_on_a_clickable_piece_shows_its_text(shared_tab, site_url, artifacts, game_id):
    page = shared_tab(WIDE)
    start_game(page, site_url, game_id, ["human", "bot"], query="botDelay=0&seed=5", in_app=True)
    wait_python(page)
    for selector in GAMES[game_id]:
        assert wait_settled(page) == "move"
        page.click(selector)
    assert wait_settled(page) == "move"
    page.wait_for_selector(TIPPED)
    piece = page.locator(TIPPED).first
    piece.scroll_into_view_if_needed()
    assert not page.evaluate(TIP_SHOWN), "a tooltip shows before the mouse came"
    piece.hover()
    page.wait_for_function(TIP_SHOWN)
    key = piece.evaluate("(el) => el.getAttribute('data-piece') ? `[data-piece='${el.getAttribute('data-piece')}']`"
                         " : `[data-target='${el.getAttribute('data-target')}']`")
    state = page.evaluate(TIP_STATE, f"#board svg {key}")
    assert state["text"] == state["tip"] and state["text"].strip(), state
    assert state["titles"] == 0 and state["label"], f"{game_id}: the button is named twice or not at all: {state}"
    assert state["hidden"] == "true", "a screen reader would read the tooltip besides the name"
    assert state["across"] and 0 <= state["gap"] <= 20 and state["inWindow"], f"the tooltip is not by the piece: {state}"
    page.screenshot(path=str(artifacts / f"hover-text-{game_id}.png"))
    page.mouse.move(1, 1)
    page.wait_for_function(f"!{TIP_SHOWN}")
    assert not page.errors, page.errors


def test_keyboard_focus_on_a_piece_shows_its_text(shared_tab, site_url):
    page = shared_tab(WIDE)
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=5", in_app=True)
    wait_python(page)
    wait_settled(page)
    page.wait_for_selector(TIPPED)
    for _ in range(60):  # Tab to the first piece with hover text
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.hasAttribute('data-tip')"):
            break
    else:
        raise AssertionError("no piece with hover text took the focus")
    page.wait_for_function(TIP_SHOWN)
    assert page.evaluate(TIP_SHOWN) == page.evaluate("document.activeElement.getAttribute('data-tip')")
    page.keyboard.press("Escape")
    page.wait_for_function(f"!{TIP_SHOWN}")


def test_a_piece_that_is_not_clickable_keeps_its_browser_tooltip(shared_tab, site_url):
    page = shared_tab(WIDE)
    start_game(page, site_url, "castles", ["human", "bot"], query="botDelay=0&seed=5", in_app=True)
    wait_python(page)
    wait_settled(page)
    page.wait_for_selector(TIPPED)
    plain = page.evaluate("""() => [...document.querySelectorAll('#board svg title')]
      .filter((t) => !t.parentElement.closest('[role=button]')).length""")
    assert plain > 0, "no piece off the buttons keeps its <title>"
    inside = page.evaluate("() => document.querySelectorAll('#board svg [role=button] title').length")
    assert inside == 0, "a button holds a <title>: its name would be read twice"
