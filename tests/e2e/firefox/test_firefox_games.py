"""One whole game of every title in Firefox, against a bot, played by clicking what the
board highlights (firefox_clicks.mjs) until the result screen says who won and why."""
import re
import time

import pytest

from firefox_play import assert_clean, play_until_over, start_game, wait_python

#: game id -> lobby options that keep the game short (169 ends after its last turn)
GAMES = {
    "kings-progress": {},
    "kings-cottage": {},
    "castles": {},
    "mansion": {},
    "one-six-nine": {"last_turn": "20"},
}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_firefox_whole_game_against_a_bot_by_clicking(ff_page, site_url, artifacts, game_id):
    t0 = time.monotonic()
    start_game(ff_page, site_url, game_id, ["human", "bot"], query="botDelay=0&seed=5", options=GAMES[game_id])
    wait_python(ff_page)
    ff_page.seed(7)
    clicks = play_until_over(ff_page)
    result = ff_page.text("#result")
    assert re.search(r"wins|share the win|draw", result), result
    assert ff_page.text("#result .result-ending").strip(), "the result screen says why the game ended"
    ff_page.screenshot(str(artifacts / f"firefox-{game_id}-result.png"))
    assert_clean(ff_page)
    print(f"Firefox {game_id}: {clicks} clicks, {time.monotonic() - t0:.1f} s")
