"""One whole game of every title in WebKit, against a bot, played by clicking what the board
highlights until the result screen says who won and why.  The clicking is the Chromium suite's own
(tests/e2e/clicking.py start_game and play_until_over), run on WebKit through webkit_driver's
Playwright-shaped page; every click is a real WebDriver click.

This module's MiniBrowser prefers reduced motion (REDUCED_MOTION): pieces land at once, as in the
Chromium suite's tests that are not about motion, and a Mansion game costs 66 CPU-seconds instead of 93.
The King's Progress is played with its pieces sliding, in a MiniBrowser of its own
(test_webkit_motion.py), so the motion layer runs in WebKit too."""
import re
import time

import pytest

from clicking import click_randomly, play_until_over, start_game, wait_settled
from webkit_checks import PYTHON_READY, READY_MS, assert_clean

REDUCED_MOTION = True
#: game id -> lobby options that keep the game short (169 ends after its last turn), as the Firefox suite plays them
GAMES = {
    "kings-progress": {},
    "kings-cottage": {},
    "castles": {},
    "mansion": {},
    "one-six-nine": {"last_turn": "20"},
}
HOUSES = ("crowns", "arms", "suns", "moons")


def invest_evenly(page):
    """King's Cottage opens with its secret investments, a form rather than the board (bench/bench.py
    invest_evenly): nothing staked on any house, then sent."""
    page.locator("#kc-invest").wait_for()
    for house in HOUSES:
        page.click(f"#kc-invest [data-house={house}] input[data-stake='0']")
    page.click("#kc-invest-submit")


def play_whole_game(wk_page, webkit_site, artifacts, game_id):
    """Start a game of `game_id` against a bot, click a few moves, picture a position of play, click on to the
    result and check that the result screen says who won and why, with no page error or policy violation."""
    t0 = time.monotonic()
    start_game(wk_page, webkit_site.url, game_id, ["human", "bot"], query="botDelay=0&seed=5", options=GAMES[game_id])
    wk_page.wait_for_function(PYTHON_READY, timeout=READY_MS)
    if game_id == "kings-cottage":
        assert wait_settled(wk_page, timeout=READY_MS) == "move"
        invest_evenly(wk_page)
    clicks = click_randomly(wk_page, seed=3, max_clicks=6)
    if wait_settled(wk_page) != "over":  # a position of play, as it shows in WebKit
        wk_page.wait_for_function("!document.querySelector('#board[data-animating]')")
        wk_page.screenshot(str(artifacts / f"webkit-{game_id}-1400.png"))
    clicks += play_until_over(wk_page, seed=7, timeout_s=420)
    result = wk_page.locator("#result").inner_text()
    assert re.search(r"wins|share the win|draw", result), result
    assert wk_page.locator("#result .result-ending").inner_text().strip(), "the result screen says why the game ended"
    wk_page.screenshot(str(artifacts / f"webkit-{game_id}-result.png"))
    assert_clean(wk_page, webkit_site)
    print(f"WebKit {game_id}: {clicks} clicks, {time.monotonic() - t0:.1f} s")


#: the title played with its pieces sliding, in test_webkit_motion.py's own MiniBrowser
SLIDING = "kings-progress"
#: the titles this module plays at rest
STILL_GAMES = [game_id for game_id in GAMES if game_id != SLIDING]


@pytest.mark.parametrize("game_id", STILL_GAMES)
def test_webkit_whole_game_against_a_bot_by_clicking(wk_page, webkit_site, artifacts, game_id):
    play_whole_game(wk_page, webkit_site, artifacts, game_id)
