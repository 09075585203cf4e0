"""The King's Progress in Chromium, played through the board by clicking."""
import re

import pytest

from clicking import click_randomly, play_until_over, start_game, wait_python, wait_settled



@pytest.mark.motion  # the title's whole game by clicking, as most people see it: moves slide (tests/e2e/tabs.py)
def test_person_plays_whole_three_player_game_against_two_bots(page, site_url, artifacts):
    start_game(page, site_url, "kings-progress", ["human", "bot", "bot"])
    page.wait_for_selector(".kp-board")
    page.wait_for_selector("#board [data-piece].legal")
    page.screenshot(path=str(artifacts / "kings-progress-board.png"))
    clicks = play_until_over(page, seed=5)
    assert clicks >= 6 * 2  # at least a tile and a coin per round
    result = page.locator("#result")
    assert re.search(r"wins!|share the win", result.inner_text())
    assert result.locator(".result-ending").inner_text().endswith(".")  # why it ended, in a sentence
    assert result.locator(".score-table tbody tr").count() == 3
    page.screenshot(path=str(artifacts / "kings-progress-result.png"))
    page.click("text=See the board")
    page.screenshot(path=str(artifacts / "kings-progress-final-board.png"))
    assert not page.errors


def test_pass_and_play_hides_the_board_between_seats(page, site_url, artifacts):
    start_game(page, site_url, "kings-progress", ["human", "human"], query="botDelay=0&seed=4")
    seen = []

    def on_privacy(p):
        assert p.locator(".kp-board").count() == 0, "the board must be hidden behind the privacy screen"
        seen.append(p.locator(".privacy h2").inner_text())
        if len(seen) == 1:
            p.screenshot(path=str(artifacts / "kings-progress-privacy.png"))

    # play the first two rounds by clicking, then stop
    for _ in range(40):
        if wait_settled(page) == "privacy":
            on_privacy(page)
            page.click("#reveal")
            continue
        mover = page.locator(".seat-card.moving strong").inner_text()
        assert page.locator("#status, .status").first.inner_text().endswith("your move")
        options = page.locator("#board [data-piece].legal, #board [data-target].legal")
        options.first.click()
        if wait_settled(page) == "move" and page.locator("#board [data-piece].selected").count():
            page.locator("#board [data-target].legal").first.click()
        assert mover
    assert len(seen) >= 4
    assert any("Ada" in s for s in seen) and any("Alex" in s for s in seen)


def test_lobby_is_usable_before_python_is_ready(page, site_url):
    held, gate = [], {"open": False}

    def hold_wasm(route):
        """Python's wasm waits until the person has pressed Start; asked for after that, it goes at once
        (on a loaded machine the engine may ask only after the test has let the held ones go)."""
        if gate["open"]:
            route.continue_()
        else:
            held.append(route)

    page.route("**/pyodide.asm.wasm", hold_wasm)
    page.goto(f"{site_url}?botDelay=0")
    page.wait_for_selector("[data-game='kings-progress']")
    for _ in range(300):  # the engine is waiting on its wasm: Python cannot be ready before it is let go
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the engine never asked for its wasm"
    page.select_option("#players", "4")
    assert page.locator(".seat-row").count() == 4
    assert page.evaluate("document.documentElement.dataset.python") == "loading"
    page.click("#start")
    assert "Loading the games" in page.locator("#start").inner_text()
    gate["open"] = True
    for route in held:
        route.continue_()
    wait_python(page)
    page.wait_for_selector(".kp-board")


def test_refused_move_shows_readable_message_and_game_goes_on(page, site_url):
    start_game(page, site_url, "kings-progress", ["human", "bot"])
    page.wait_for_selector("#board [data-piece].legal")
    page.evaluate("window.parlour.table.onAction({type: 'veto_king'})")
    toast = page.locator(".toast")
    toast.wait_for()
    assert "city phase" in toast.inner_text().lower()
    page.locator("#board [data-piece].legal").first.click()
    page.locator("#board [data-target].legal").first.click()
    page.wait_for_function("document.querySelector('.log').children.length >= 3")


def test_engine_failure_between_moves_stalls_the_table_until_try_again(page, site_url):
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=12")
    assert wait_settled(page) == "move"
    # the next bot request fails once, as a broken worker reply would
    page.evaluate("""() => { const e = window.parlour.table.engine; const call = e.call.bind(e); let failed = false;
      e.call = (op, f) => { if (op === 'bot' && !failed) { failed = true; return Promise.reject(new Error('worker hiccup')); }
                            return call(op, f); }; }""")
    before = page.locator(".log li").count()
    click_randomly(page, seed=2, max_clicks=3)
    page.wait_for_selector("[data-phase='stalled']")
    assert "worker hiccup" in page.locator(".toast").first.inner_text()
    page.click(".status .retry")
    assert wait_settled(page) == "move"
    assert page.locator(".log li").count() > before + 1  # the bot moved after all
