"""Firefox: the mouse resting on a clickable board piece shows its text (js/board/hover-tip.js), as in
Chromium (tests/e2e/test_hover_text.py): the piece's own <title> went when it became a button."""
import pytest

from firefox_play import assert_clean, start_game, wait_python

#: a clickable SVG piece or place of the board with hover text, at each title's first move
TIPPED = "#board svg :is([data-piece].legal, [data-target].legal)[data-tip]"
TIP_SHOWN = "(() => { const t = document.querySelector('.hover-tip'); return t && !t.hidden && t.textContent; })()"
#: the tooltip shows the text of the piece the mouse is on, by the piece, and a screen reader gets the name only
SAME_AS_PIECE = f"""(() => {{
  const piece = document.querySelector({TIPPED!r}), tip = document.querySelector('.hover-tip');
  const a = piece.getBoundingClientRect(), b = tip.getBoundingClientRect();
  return tip.textContent === piece.getAttribute('data-tip') && tip.getAttribute('aria-hidden') === 'true'
    && !piece.querySelector('title') && Boolean(piece.getAttribute('aria-label'))
    && b.left < a.right && b.right > a.left && Math.max(b.top - a.bottom, a.top - b.bottom) <= 20;
}})()"""


@pytest.mark.parametrize("game_id", ["kings-progress", "castles"])
def test_firefox_resting_the_mouse_on_a_clickable_piece_shows_its_text(ff_page, site_url, artifacts, game_id):
    start_game(ff_page, site_url, game_id, ["human", "bot"], query="botDelay=0&seed=5")
    wait_python(ff_page)
    ff_page.wait_for_selector(TIPPED, timeout=60_000)
    assert not ff_page.evaluate(TIP_SHOWN), "a tooltip shows before the mouse came"
    ff_page.hover(TIPPED)
    ff_page.wait_for_function(TIP_SHOWN)
    assert ff_page.evaluate(SAME_AS_PIECE), ff_page.evaluate(TIP_SHOWN)
    ff_page.screenshot(str(artifacts / f"firefox-hover-text-{game_id}.png"))
    assert_clean(ff_page)
