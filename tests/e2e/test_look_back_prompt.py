"""A past position shown by "Replay last moves" waits for nobody (issue 26, item 15).

The board's prompt of that moment ("Waiting for Ada (bot)…") used to show over it as if the table were
waiting now; it is hidden while a past position shows (its room kept, so nothing moves) and back with
the live board.
"""
from clicking import click_randomly, start_game, wait_settled
from tabs import PLAIN

#: the board's prompt line as a person sees it: its text when shown, null when hidden
PROMPT = """() => { const p = document.querySelector('#board .prompt');
  return p && getComputedStyle(p).visibility === 'visible' && p.getClientRects().length ? p.textContent : null; }"""


def test_a_past_position_shows_no_waiting_prompt(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    start_game(page, site_url, "kings-progress", ["human", "bot", "bot"], query="botDelay=0&seed=11")
    assert wait_settled(page) == "move"
    click_randomly(page, seed=1, max_clicks=3)
    assert wait_settled(page) == "move"
    page.locator("#look-back-prev").wait_for()
    assert page.evaluate(PROMPT)  # the live board's prompt shows
    page.click("#look-back-prev")
    page.wait_for_selector("#look-back-banner:not([hidden])")
    assert page.locator("#table").get_attribute("data-phase") == "review"
    assert page.evaluate(PROMPT) is None, "a past position shows a prompt of that moment"
    assert "Waiting" not in page.locator("#board").inner_text()
    page.screenshot(path=str(artifacts / "look-back-no-waiting.png"))
    page.click("#look-back-live")
    assert wait_settled(page) == "move"
    assert page.evaluate(PROMPT)
    context.close()
