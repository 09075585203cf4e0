"""The table's header keeps its height from phase to phase, so the board never jumps (issue 26, item 5).

Mansion's bid -> plans -> build moved the board about 50 px as the status line and the buttons beside it
wrapped differently; every title is measured here, at desktop and phone sizes, over several phases.
"""
import pytest

from clicking import click_randomly, start_game, wait_settled
from tabs import PLAIN

#: the board's top edge in page coordinates, whole CSS px
BOARD_TOP = "() => Math.round(document.getElementById('board').getBoundingClientRect().top + window.scrollY)"
#: the status line, to tell the phases apart in a failure's message
STATUS = "() => document.querySelector('#table .status').textContent"
#: moves played per title: enough to pass through more than one phase of each
MOVES = 10
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
TABLES = [("mansion", ["human", "bot"]), ("kings-progress", ["human", "bot"]), ("kings-cottage", ["human", "bot", "bot"]),
          ("castles", ["human", "bot"]), ("one-six-nine", ["human", "bot"])]


def play_one(page, seed):
    """One move as a person makes it: King's Cottage's stakes form (its own, not the platform's) is sent as it
    stands (all zeros add up); anything else is a random highlighted piece or a platform form."""
    invest = page.locator("#kc-invest-submit")
    if invest.count() and invest.is_enabled():
        invest.click()
    else:
        click_randomly(page, seed=seed, max_clicks=1)


@pytest.mark.parametrize("size", SIZES)
def test_the_board_top_stays_put_from_phase_to_phase(browser, site_url, size):
    width, height = SIZES[size]
    context = browser.new_context(**PLAIN, viewport={"width": width, "height": height})
    page = context.new_page()
    for game_id, seats in TABLES:
        start_game(page, site_url, game_id, seats, query="botDelay=0&seed=3", in_app=True)
        tops = {}
        for move in range(MOVES):
            if wait_settled(page) != "move":
                break
            tops.setdefault(page.evaluate(BOARD_TOP), page.evaluate(STATUS))
            play_one(page, move)
        assert len(tops) == 1, f"{game_id} at {size}: the board's top moved between {tops}"
    context.close()
