"""A resumed game shows its last move marked, as it was during play (js/tables/local-table.js).

The board marks the pieces another seat's move changed by comparing the
drawing before that move with the one after (js/board/motion.js); a resumed
game has no drawing before, so the table first draws the position one move
earlier (the facade's `view_back`) and then the live one.
"""
from clicking import click_randomly, start_game, wait_settled
from tabs import PLAIN

MARKED = "() => [...document.querySelectorAll('#board .last-move')].map(e => e.getAttribute('data-key')).sort()"
LANDED = "() => !document.querySelector('#board[data-animating]')"


def resume(context, site_url, bot_delay=0):
    page = context.new_page()
    page.goto(f"{site_url}?botDelay={bot_delay}")
    row = page.locator("#in-progress .saved-game")
    row.wait_for()
    row.locator(".resume").click()
    return page


def test_the_last_move_by_someone_else_is_marked_after_resume(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    start_game(page, site_url, "kings-progress", ["human", "bot", "bot"], query="botDelay=0&seed=21", names=["Alex", "Ada", "Bo"])
    click_randomly(page, seed=3, max_clicks=5)
    assert wait_settled(page) == "move"
    page.wait_for_function(LANDED)
    during_play = page.evaluate(MARKED)
    assert during_play, "during play the bot's last move is marked"
    page.close(run_before_unload=False)

    page = resume(context, site_url)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    assert wait_settled(page) == "move"
    page.wait_for_function(LANDED)
    assert page.evaluate(MARKED) == during_play
    marked_lines = page.locator(".log li.last-move")
    assert marked_lines.count() >= 1 and ("Ada" in marked_lines.last.inner_text() or "Bo" in marked_lines.last.inner_text())
    page.screenshot(path=str(artifacts / "resume-last-move.png"))
    assert not errors, errors
    context.close()


def test_the_persons_own_last_move_is_not_marked_after_resume(browser, site_url):
    """Pass and play: the device was left right after Alex's move; Alex's move is nobody's news."""
    context = browser.new_context(**PLAIN, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=60000&seed=21", names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    page.locator("#board [data-piece].legal").first.click()
    page.locator("#board [data-target].legal").first.click()
    page.wait_for_function("() => document.querySelector('[data-thinking]') || document.querySelector('.status').textContent.includes('Ada')")
    page.close(run_before_unload=False)  # Ada (a slow bot) has not moved: the last move is Alex's

    page = resume(context, site_url, bot_delay=60_000)
    page.wait_for_selector("#board [data-key]")
    page.wait_for_function(LANDED)
    assert page.evaluate(MARKED) == []
    context.close()
