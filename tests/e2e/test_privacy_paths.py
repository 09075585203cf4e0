"""Secrets on a shared device: every path that shows a board to one of several people goes through
the privacy screen (start, resume, a reload, Back from a page that left the table, a page restored from
the back-forward cache), a dialog the same person opened gives back their board, an unfinished game's
record (every hidden value) is not offered, and its replay shows only the public view."""
import json
import os
import re

from clicking import click_randomly, start_game, wait_settled
from chromium_args import P2P_ARGS
from tabs import PLAIN, new_tab


def test_first_turn_and_resume_start_behind_the_privacy_screen(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 900})
    page = new_tab(context)
    start_game(page, site_url, "kings-cottage", ["human", "human", "bot"], query="botDelay=0&seed=3")
    assert wait_settled(page) == "privacy"  # before the very first turn
    assert page.locator("#board *").count() == 0  # nothing of anyone's is drawn
    assert page.locator(".table-bar .export").is_hidden()
    page.screenshot(path=str(artifacts / "privacy-first-turn.png"))
    page.click("#reveal")
    assert wait_settled(page) == "move"
    assert page.locator(".table-bar .export").is_hidden()  # mid-game: the record would show every stake
    page.click(".leave")
    row = page.locator("#in-progress .saved-game")
    row.wait_for()
    row.locator(".resume").click()
    assert wait_settled(page) == "privacy"  # resuming shows no board until someone says who they are
    assert page.locator("#board *").count() == 0
    page.click("#reveal")
    assert wait_settled(page) == "move"
    assert page.errors == []
    context.close()


def test_one_person_may_export_mid_game(browser, site_url):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    start_game(page, site_url, "kings-cottage", ["human", "bot"], query="botDelay=0&seed=3")
    assert wait_settled(page) == "move"  # alone at the device: no privacy screen
    assert page.locator(".table-bar .export").is_visible()
    context.close()


# --- the other paths back to a board: a reload, a page that left the table, a dialog, a replay ---

def board_hidden(page):
    """The privacy screen is up and nothing of anyone's is drawn."""
    return page.locator("#board *").count() == 0 and page.locator(".privacy #reveal").is_visible()


def test_reload_and_back_from_another_page_come_back_behind_the_privacy_screen(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 900})
    page = new_tab(context)
    start_game(page, site_url, "kings-cottage", ["human", "human", "bot"], query="botDelay=0&seed=3")
    assert wait_settled(page) == "privacy"
    page.click("#reveal")
    assert wait_settled(page) == "move"
    person = page.evaluate("window.parlour.table.shown")
    # a dialog the same person opened (the Rules) gives back the same board: the device never left their hands
    page.click("#table .table-bar .rules-button")
    page.locator("#rules[data-ready]").wait_for()
    page.click("#rules-close")
    assert wait_settled(page) == "move"
    assert page.evaluate("window.parlour.table.shown") == person and page.locator("#board *").count() > 0
    # a reload rebuilds the table from the address: whoever holds the device now says who they are
    page.reload()
    assert wait_settled(page) == "privacy" and board_hidden(page)
    page.screenshot(path=str(artifacts / "privacy-after-reload.png"))
    page.click("#reveal")
    assert wait_settled(page) == "move"
    # a page that leaves the table (the rules page itself), then Back: the table is rebuilt, behind the screen
    page.goto(f"{site_url}rules/kings-cottage.html")
    page.go_back(wait_until="commit")
    assert wait_settled(page) == "privacy" and board_hidden(page)
    assert page.errors == []
    context.close()


def test_a_page_restored_from_the_back_forward_cache_hides_the_board(pw, site_url):
    """Browsers keep a page that was left and bring it back as it was on Back (Playwright switches that
    off by default, so this browser is launched with it on): the board must not come back unscreened."""
    # a browser of its own, launched as the network tests launch theirs, with the cache left on
    browser = pw.chromium.launch(executable_path=os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium"),
                                 args=P2P_ARGS, ignore_default_args=["--disable-back-forward-cache"])
    page = new_tab(browser.new_context(**PLAIN, viewport={"width": 1280, "height": 900}))
    start_game(page, site_url, "kings-cottage", ["human", "human", "bot"], query="botDelay=0&seed=3")
    assert wait_settled(page) == "privacy"
    page.click("#reveal")
    assert wait_settled(page) == "move"
    page.evaluate("() => { window.parlourStayed = true; }")
    page.goto(f"{site_url}rules/kings-cottage.html")
    page.go_back(wait_until="commit")
    page.wait_for_function("() => document.querySelector('#table')?.dataset.phase === 'privacy'", timeout=60_000)
    assert board_hidden(page)
    # whether this browser kept the page (a table holding a Web Lock may not be kept): either way, screened
    print("restored from the back-forward cache:", page.evaluate("() => window.parlourStayed === true"))
    # the table's own answer to a page shown again from the cache, at a person's turn
    page.click("#reveal")
    assert wait_settled(page) == "move" and page.locator("#board *").count() > 0
    page.evaluate("() => dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    assert wait_settled(page) == "privacy" and board_hidden(page)
    page.click("#reveal")
    assert wait_settled(page) == "move"
    assert page.errors == []
    browser.close()


# A proper tile's value as Castles titles it: "3 tile of Moons — Ada's proper tile", "… — your proper tile"
PROPER_SHOWN = re.compile(r"^(null|ace|[2-5]) tile of \w+ — .*proper tile")
#: a saved game as the record file the saved-games list would export (js/store/records.js)
RECORD_OF_SAVED = """async () => {
  const { toRecord } = await import('./js/store/records.js');
  const games = await new Promise((resolve, reject) => {
    const open = indexedDB.open('parlour');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction('games').objectStore('games').getAll();
      get.onsuccess = () => resolve(get.result);
    };
  });
  return toRecord(games[0]);
}"""


def replay_titles(page):
    return page.evaluate("() => [...document.querySelectorAll('#board title, .side-panel title')].map((t) => t.textContent)")


def test_an_unfinished_shared_game_replays_in_the_public_view_only(browser, site_url, tmp_path, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 900})
    page = new_tab(context)
    start_game(page, site_url, "castles", ["human", "human"], query="botDelay=0&seed=3")
    click_randomly(page, seed=4, max_clicks=3)  # through the privacy screens; each person's proper tile is secret
    page.click("#table .leave")
    row = page.locator("#in-progress .saved-game")
    row.wait_for()
    assert row.locator(".export").count() == 0  # the lobby offers no record of it either, until it ends
    assert "Export comes at the end" in row.inner_text()  # and says why
    record = page.evaluate(RECORD_OF_SAVED)
    assert record["result"] is None and len(record["actions"]) >= 3
    shared = tmp_path / "shared.parlour.json"
    shared.write_text(json.dumps(record))
    page.set_input_files("#open-record", str(shared))
    page.wait_for_selector(f"[data-replay-step='{len(record['actions'])}']")
    assert page.locator("#replay-public").is_visible()
    seat = page.locator("#replay-seat")
    assert seat.is_disabled() and seat.locator("option").count() == 1
    for step in ("#replay-first", "#replay-forward", "#replay-last"):
        page.click(step)
        seen = replay_titles(page)
        assert any("proper tile" in t for t in seen), seen  # the proper tiles are drawn, face down
        assert not [t for t in seen if PROPER_SHOWN.search(t)], f"a secret proper tile shows in the replay ({step})"
    page.screenshot(path=str(artifacts / "privacy-replay-public-view.png"))
    page.click("#table .leave")
    # the same game with one person (the other seat a bot) keeps the bot's secrets too (tests/e2e/test_replay_public_view.py)
    record["seats"][1]["kind"] = "bot"
    alone = tmp_path / "alone.parlour.json"
    alone.write_text(json.dumps(record))
    page.set_input_files("#open-record", str(alone))
    page.wait_for_selector(f"[data-replay-step='{len(record['actions'])}']")
    assert page.locator("#replay-public").is_visible()
    assert page.locator("#replay-seat").is_disabled() and page.locator("#replay-seat option").count() == 1
    assert page.errors == []
    context.close()
