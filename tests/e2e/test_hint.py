"""The hint button at a local table: the Hard bot's choice is pointed at on the board
(or filled into a form), nothing is played for the person, and the table plays on."""
from clicking import start_game, wait_settled


def ask_hint(page):
    page.click("#hint")
    page.wait_for_selector(".toast.info:has-text('Hint:')", timeout=60_000)
    return page.locator(".toast.info").last.inner_text()


def test_hint_points_at_the_hard_bots_move(page, site_url, artifacts):
    start_game(page, site_url, "kings-progress", ["human", "bot"], names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    version = page.evaluate("document.querySelectorAll('.log li').length")
    text = ask_hint(page)
    assert "marked in blue" in text, text
    hinted = page.locator("#board .hinted")
    assert hinted.count() >= 1
    page.screenshot(path=str(artifacts / "hint-kings-progress.png"))
    # nothing was played for the person
    assert page.evaluate("document.querySelectorAll('.log li').length") == version
    assert page.locator("#table").get_attribute("data-phase") == "move"
    # playing the hinted move: its piece (if any), then its place
    piece = page.locator("#board [data-piece].hinted")
    if piece.count():
        piece.first.click()
    target = page.locator("#board [data-target].hinted.legal")
    if target.count():
        target.first.click()
    page.wait_for_function(f"document.querySelectorAll('.log li').length > {version}", timeout=60_000)
    assert not page.errors, page.errors


def test_hint_fills_a_form_without_sending_it(page, site_url):
    start_game(page, site_url, "mansion", ["human", "bot"], names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    page.locator("#mn-bid").wait_for()
    ask_hint(page)
    values = page.locator("#mn-bid output[data-value]").evaluate_all("els => els.map(e => Number(e.textContent))")
    assert sum(values) <= 5 and page.locator("#mn-bid").count() == 1, values
    assert page.locator("#table").get_attribute("data-phase") == "move"
    page.click("#mn-bid .form-submit")
    page.wait_for_selector(".log li:has-text('You bid')", timeout=60_000)
    assert not page.errors, page.errors


def test_no_hint_at_network_tables(page, site_url):
    start_game(page, site_url, "kings-progress", ["human", "remote"], query="botDelay=0&seed=11&ice=")
    page.wait_for_selector(".p2p-host")
    assert page.locator("#hint").count() == 0
