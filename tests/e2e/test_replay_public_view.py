"""An unfinished game's record opens in the public view only, whoever plays it (issue 26, item 4).

A bot's hidden hand is as secret from its opponent as a person's: the record of a game against bots,
exported at the table mid-game and opened with "Open a record file…", offers no seat's view until the
game has ended.
"""
import json

from clicking import click_randomly, start_game, wait_settled
from tabs import PLAIN, new_tab


def test_an_unfinished_game_against_bots_replays_in_the_public_view_only(browser, site_url, tmp_path, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = new_tab(context)
    start_game(page, site_url, "castles", ["human", "bot"], query="botDelay=0&seed=5")  # each proper tile is secret
    click_randomly(page, seed=2, max_clicks=4)
    assert wait_settled(page) == "move"
    with page.expect_download() as download:
        page.click("#table .table-bar .export")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["result"] is None and [s["kind"] for s in record["seats"]] == ["human", "bot"]
    page.click("#table .leave")
    page.locator("#in-progress .saved-game").wait_for()
    page.set_input_files("#open-record", str(path))
    page.wait_for_selector(f"[data-replay-step='{len(record['actions'])}']")
    assert page.locator("#replay-public").is_visible()
    seat = page.locator("#replay-seat")
    assert seat.is_disabled() and seat.locator("option").all_inner_texts() == ["Public view"]
    assert page.evaluate("() => window.parlour.replay.seat") is None  # drawn from nobody's seat
    page.screenshot(path=str(artifacts / "replay-public-view-bots.png"))
    assert page.errors == []
    context.close()
