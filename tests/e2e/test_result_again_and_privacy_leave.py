"""Ways back that were missing at a table (issue 26, item 15).

The result dialog, put aside with "See the board", comes back from the table bar's "Result"; and "Leave
game" works on the pass-and-play privacy screen, where the bar's own button is out of reach behind it.
"""
from clicking import play_until_over, start_game, wait_settled
from positions import near_the_end, open_position
from tabs import PLAIN, new_tab

#: the lobby is on show and the table gone
AT_LOBBY = "!document.getElementById('lobby').hidden && document.getElementById('table').hidden"


def test_the_result_comes_back_after_see_the_board(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    open_position(page, site_url, "kings-progress", ["human", "bot"], 8, near_the_end("kings-progress", 2, 8))
    play_until_over(page, seed=6)  # the last moves of a game (tests/e2e/positions.py)
    headline = page.locator("#result h2").inner_text()
    again = page.locator("#show-result")
    assert not again.is_visible()  # nothing to bring back while the result shows
    page.click("#result >> text=See the board")
    page.locator("#result").wait_for(state="hidden")
    assert again.is_visible()
    assert page.evaluate("document.activeElement.id") == "show-result"  # Enter brings it back
    page.screenshot(path=str(artifacts / "result-put-aside.png"))
    page.keyboard.press("Enter")
    page.locator("#result").wait_for()
    assert page.locator("#result h2").inner_text() == headline and not again.is_visible()
    page.keyboard.press("Escape")  # Escape puts it aside too
    page.locator("#result").wait_for(state="hidden")
    again.click()
    page.locator("#result").wait_for()
    assert page.errors == []
    context.close()


def test_leave_game_works_on_the_privacy_screen(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    start_game(page, site_url, "kings-progress", ["human", "human"], query="botDelay=0&seed=7")
    assert wait_settled(page) == "privacy"
    page.screenshot(path=str(artifacts / "privacy-leave.png"))
    page.click("#privacy-leave")
    page.wait_for_function(AT_LOBBY)
    row = page.locator("#in-progress .saved-game")
    row.wait_for()
    assert "Export comes at the end" in row.inner_text()
    page.wait_for_function("document.activeElement?.classList.contains('resume')")  # the game just left
    row.locator(".resume").click()
    assert wait_settled(page) == "privacy"  # back through the privacy screen, as every way back to a board
    assert page.errors == []
    context.close()
