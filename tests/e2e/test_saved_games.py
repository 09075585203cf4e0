"""Games survive a closed tab (resume), and records export, import and replay (replay, tampering)."""
import json

from clicking import SAVED_ACTIONS, click_randomly, play_until_over, start_game, wait_settled
from positions import near_the_end, open_position
from tabs import PLAIN

#: The board's first SVG without what only follows the moves as they happen (the last move's marks):
#: a resumed game draws its position afresh.
STILL_BOARD = """() => {
  const svg = document.querySelector('#board svg').cloneNode(true);
  svg.querySelectorAll('.last-move').forEach((e) => { e.classList.remove('last-move'); if (!e.classList.length) e.removeAttribute('class'); });
  return svg.innerHTML;
}"""


def board_snapshot(page):
    page.wait_for_function("!document.querySelector('#board[data-animating]')")  # moves shown landed
    return {"status": page.locator(".status").inner_text(), "log": page.locator(".log").inner_text(),
            "board": page.evaluate(STILL_BOARD)}


def test_resume_after_the_tab_is_killed_mid_game(browser, site_url):
    context = browser.new_context(**PLAIN, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    start_game(page, site_url, "kings-progress", ["human", "bot", "bot"], query="botDelay=0&seed=21")
    click_randomly(page, seed=3, max_clicks=9)
    assert wait_settled(page) == "move"
    before = board_snapshot(page)
    saved = page.evaluate(SAVED_ACTIONS)
    assert len(saved) == 1 and saved[0] > 9
    page.close(run_before_unload=False)  # the tab is gone: no unload handler gets a say

    page = context.new_page()
    page.goto(f"{site_url}?botDelay=0")
    row = page.locator("#in-progress .saved-game")
    row.wait_for()
    assert "The King's Progress" in row.inner_text() and f"{saved[0]} moves" in row.inner_text()
    row.locator(".resume").click()
    assert wait_settled(page) == "move"
    assert board_snapshot(page) == before
    click_randomly(page, seed=4, max_clicks=4)  # and the game goes on, saved as before
    wait_settled(page)
    assert page.evaluate(SAVED_ACTIONS)[0] > saved[0]
    context.close()


def test_export_import_and_replay_reach_the_same_result(browser, site_url, tmp_path, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # a game near its end (tests/e2e/positions.py), played to its result by clicking
    open_position(page, site_url, "kings-progress", ["human", "bot"], 8, near_the_end("kings-progress", 2, 8))
    play_until_over(page, seed=6)
    headline = page.locator("#result h2").inner_text()
    with page.expect_download() as download:
        page.click("#result >> text=Export record")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["format"] == "parlour-record" and record["game"] == "kings-progress"
    assert record["result"] and len(record["seats"]) == 2 and len(record["actions"]) > 10

    page.click("text=Back to the lobby")
    page.locator("#open-record").set_input_files(str(path))
    page.wait_for_selector("[data-replay-step]")
    steps = len(record["actions"])
    assert page.locator("#replay-counter").inner_text() == f"Move {steps} of {steps}"
    assert page.locator(".status").inner_text().endswith("Game over")
    winner = record["seats"][record["result"]["winners"][0]]["name"]
    assert winner in headline
    page.screenshot(path=str(artifacts / "replay-end.png"))
    page.click("#replay-first")
    page.wait_for_selector("[data-replay-step='0']")
    assert page.locator(".log li").count() <= 2
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("[data-replay-step='1']")
    page.select_option("#replay-seat", "0")
    page.wait_for_selector("[data-replay-step='1']")
    page.click("#replay-last")
    page.wait_for_selector(f"[data-replay-step='{steps}']")
    # the finished game is listed in the lobby too, and replays from there
    page.click("text=Back to the lobby")
    page.click("#saved summary")
    page.locator("#finished .replay").first.click()
    page.wait_for_selector(f"[data-replay-step='{steps}']")
    page.click("text=Back to the lobby")
    page.screenshot(path=str(artifacts / "lobby-saved-games.png"))
    assert not errors
    context.close()


def test_replay_refuses_a_tampered_record_and_touches_nothing(page, site_url, tmp_path):
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=8")
    click_randomly(page, seed=1, max_clicks=4)
    saved = page.evaluate(SAVED_ACTIONS)
    page.click("text=Leave game")
    record = page.evaluate("""() => new Promise((resolve) => {
      indexedDB.open('parlour').onsuccess = (e) => {
        e.target.result.transaction('games').objectStore('games').getAll().onsuccess = (g) => resolve(g.target.result[0]);
      };
    })""")
    record.update(format="parlour-record", format_version=1)
    record["actions"][2]["action"] = {"type": "place_city", "suit": "moons", "rank": 9, "kingdom": 0}
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record))
    page.locator("#open-record").set_input_files(str(tampered))
    toast = page.locator(".toast")
    toast.wait_for()
    assert "cannot be replayed" in toast.inner_text() and "Move 3 of the record" in toast.inner_text()
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    page.locator("#open-record").set_input_files(str(garbage))
    page.wait_for_selector("text=is not valid JSON")
    assert page.locator("#lobby").is_visible() and page.locator("[data-replay-step]").count() == 0
    assert page.evaluate(SAVED_ACTIONS) == saved
    assert page.locator("#in-progress .saved-game").count() == 1
