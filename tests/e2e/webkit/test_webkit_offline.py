"""Offline in WebKit: after a first visit the service worker is active and holds the whole site, so
with the server gone the lobby reloads to Ready, the game saved on the first visit shows in the
lobby, and Resume opens it where it was and play goes on (as tests/e2e/test_offline.py and
test_saved_games.py check in Chromium; WebDriver cannot switch WebKit's network off, so the
server is stopped instead)."""
import urllib.request

import pytest

from clicking import SAVED_ACTIONS, click_randomly, start_game, wait_settled
from test_saved_games import board_snapshot
from webkit_checks import assert_clean, wait_ready

SW_ACTIVE = ("navigator.serviceWorker.controller !== null && navigator.serviceWorker.ready"
             ".then((r) => r.active !== null && r.active.state === 'activated')")


def test_webkit_offline_lobby_and_resume_a_saved_game(wk_page, own_site, artifacts):
    url = own_site.url
    start_game(wk_page, url, "kings-progress", ["human", "bot", "bot"], query="botDelay=0&seed=21")
    assert wait_settled(wk_page, timeout=120_000) == "move"
    wk_page.wait_for_function(SW_ACTIVE, timeout=120_000)  # active only once install has cached every file
    click_randomly(wk_page, seed=3, max_clicks=9)
    assert wait_settled(wk_page) == "move"
    before = board_snapshot(wk_page)
    saved = wk_page.evaluate(SAVED_ACTIONS)
    assert len(saved) == 1 and saved[0] > 9, saved
    assert_clean(wk_page, own_site)

    wk_page.goto(f"{url}?botDelay=0")  # back to the lobby, then the server goes away
    wait_ready(wk_page)
    own_site.stop()
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)
    wk_page.reload()
    wait_ready(wk_page)
    assert wk_page.evaluate("navigator.serviceWorker.controller !== null"), "the page came from the service worker"
    row = wk_page.locator("#in-progress .saved-game")
    row.wait_for(timeout=30_000)
    assert row.count() == 1
    text = row.inner_text()
    assert "The King's Progress" in text and f"{saved[0]} moves" in text, text
    wk_page.screenshot(str(artifacts / "webkit-offline-lobby.png"))
    row.locator(".resume").click()
    assert wait_settled(wk_page, timeout=120_000) == "move"
    assert board_snapshot(wk_page) == before, "the resumed game shows the position it was left in"
    clicks = click_randomly(wk_page, seed=4, max_clicks=6)  # the engine, from the cache, plays on
    assert clicks == 6 and wait_settled(wk_page) in ("move", "over")
    assert wk_page.evaluate(SAVED_ACTIONS)[0] > saved[0]
    wk_page.screenshot(str(artifacts / "webkit-offline-resumed.png"))
    assert_clean(wk_page, own_site)
