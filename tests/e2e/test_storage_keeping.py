"""Keeping saved games: persistent storage is asked for when the first game is saved (not on load) and its
outcome is shown in the saved-games list (js/store/persistence.js); a full storage (a real quota, set
through the DevTools protocol) loses no move: the table says so, offers the record when that reveals
nothing, and saves again once there is room (js/tables/save-status.js)."""
import json

from clicking import SAVED_MOVES, click_randomly, play_until_over, start_game, wait_settled
from positions import near_the_end, open_position
from storage_quota import cap_storage, fill_storage, free_storage, origin
from tabs import LOBBY, new_tab

IN_MEMORY = "window.parlour.table.saved.actions.length"


def play_moves(page, seed, at_least=1):
    """Click until the table has applied `at_least` more moves and waits for a person again."""
    before = page.evaluate(IN_MEMORY)
    for round_ in range(60):
        click_randomly(page, seed=seed + round_, max_clicks=1)
        if wait_settled(page) in ("move", "over") and page.evaluate(IN_MEMORY) >= before + at_least:
            return page.evaluate(IN_MEMORY)
    raise AssertionError(f"fewer than {at_least} moves made")


def saved_moves(page):
    page.evaluate("window.parlour.table.saving")  # the table's last save attempt is over
    (moves,) = page.evaluate(SAVED_MOVES)
    return moves


def leave_to_lobby(page):
    page.click(".table-bar .leave")
    status = page.locator("#storage-status")
    status.wait_for()
    return status


def test_the_list_says_saved_games_are_kept_when_the_browser_keeps_them(browser, site_url, artifacts):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    page.goto(f"{site_url}?botDelay=0")
    page.wait_for_function(LOBBY)
    assert page.locator("#storage-status").count() == 0  # no saved games: nothing to say
    # the browser keeps this site's storage (as Chromium does for an installed or much-used site)
    target = context.new_cdp_session(page).send("Target.getTargetInfo")["targetInfo"]
    browser.new_browser_cdp_session().send("Browser.setPermission", {
        "permission": {"name": "persistent-storage"}, "setting": "granted", "origin": origin(site_url),
        "browserContextId": target["browserContextId"]})
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=41")
    assert wait_settled(page) == "move"
    status = leave_to_lobby(page)
    assert status.get_attribute("data-kept") == "kept"
    assert "open in another tab" not in page.locator("#in-progress").inner_text()  # this tab just left it
    assert "Saved games are kept on this device: the browser will not clear them" in status.inner_text()
    assert "Parlour uses" in status.inner_text() and "the browser allows it" in status.inner_text()
    page.locator("#saved").screenshot(path=f"{artifacts}/storage-kept-list.png")
    assert not page.errors
    context.close()


def test_persistence_is_asked_at_the_first_save_and_a_refusal_is_shown(browser, site_url, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    # count the page's calls of the real persist() (it still answers): asked when, and how often
    context.add_init_script("""{
      const persist = StorageManager.prototype.persist;
      window.persistCalls = 0;
      StorageManager.prototype.persist = function () { window.persistCalls += 1; return persist.call(this); };
    }""")
    page = new_tab(context)
    page.goto(f"{site_url}?botDelay=0")
    page.wait_for_function(LOBBY)
    page.wait_for_timeout(500)
    assert page.evaluate("window.persistCalls") == 0  # not on load
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=42")
    assert wait_settled(page) == "move"
    page.wait_for_function("window.persistCalls === 1")  # the game's first save asked
    play_moves(page, seed=2, at_least=2)
    assert page.evaluate("window.persistCalls") == 1  # once a page, not after every move
    status = leave_to_lobby(page)
    assert page.evaluate("navigator.storage.persisted()") is False  # a fresh, little-used site: Chromium says no
    assert status.get_attribute("data-kept") == "may-clear"
    assert "The browser may clear saved games when space runs low — export records you want to keep" in status.inner_text()
    page.screenshot(path=f"{artifacts}/storage-may-clear-phone.png", full_page=True)
    assert not page.errors
    context.close()


def test_without_the_storage_api_the_list_says_it_cannot_tell(browser, site_url):
    """A browser without persist()/persisted() (older ones, some embedded views): Chromium has both, so the
    test takes them away before any script runs."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("delete StorageManager.prototype.persist; delete StorageManager.prototype.persisted;")
    page = new_tab(context)
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=43")
    assert wait_settled(page) == "move"
    assert saved_moves(page) == page.evaluate("window.parlour.table.saved.actions")  # saved all the same
    status = leave_to_lobby(page)
    assert status.get_attribute("data-kept") == "unknown"
    assert "This browser does not say whether it keeps saved games" in status.inner_text()
    assert not page.errors
    context.close()


def test_full_storage_loses_no_move_and_offers_the_record_at_the_table(browser, site_url, artifacts, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = new_tab(context)
    cdp = context.new_cdp_session(page)
    cap_storage(cdp, site_url)  # before the first save, so that filling it bites at once (storage_quota.py)
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=44")
    assert wait_settled(page) == "move"
    kept = len(saved_moves(page))
    fill_storage(cdp, site_url, page, capped=True)

    played = play_moves(page, seed=5)
    problem = page.locator("#save-problem")
    problem.wait_for()
    assert problem.get_attribute("data-reason") == "full"
    text = problem.inner_text()
    assert "This move could not be saved: the browser's storage for Parlour is full." in text
    assert "tries again after every move" in text and "Export the record to keep every move" in text
    assert len(saved_moves(page)) == kept  # really refused by the browser
    page.screenshot(path=f"{artifacts}/storage-full-one-person-desktop.png")

    # the record from memory has every move, the unsaved ones included
    with page.expect_download() as download:
        problem.locator(".export-now").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["format"] == "parlour-record" and len(record["actions"]) == played
    assert record["actions"] == page.evaluate("window.parlour.table.saved.actions")

    played = play_moves(page, seed=20)  # the game goes on; each move tries the whole save again
    assert problem.is_visible() and len(saved_moves(page)) == kept

    free_storage(cdp, site_url)
    problem.locator(".save-retry").click()
    problem.wait_for(state="hidden")
    assert page.locator(".toast", has_text="Saved again").count() == 1
    (moves,) = page.evaluate(SAVED_MOVES)
    assert moves == page.evaluate("window.parlour.table.saved.actions") and len(moves) == played
    assert not page.errors
    context.close()


def test_full_storage_at_a_pass_and_play_table_offers_the_record_only_when_over(browser, site_url, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  accept_downloads=True)
    page = new_tab(context)
    cdp = context.new_cdp_session(page)
    cap_storage(cdp, site_url)  # before the first save, so that filling it bites at once (storage_quota.py)
    # two people on one device, a game well past its middle (what matters is its end)
    open_position(page, site_url, "kings-progress", ["human", "human"], 45, near_the_end("kings-progress", 2, 45, left=16))
    wait_settled(page)
    kept = len(saved_moves(page))
    assert kept > 16
    fill_storage(cdp, site_url, page, capped=True)
    play_moves(page, seed=9)
    problem = page.locator("#save-problem")
    problem.wait_for()
    assert problem.locator(".export-now").count() == 0  # the record would show everyone's hidden pieces
    assert "Export record is offered when the game is over" in problem.inner_text()
    assert page.locator(".table-bar .export").is_hidden()
    page.screenshot(path=f"{artifacts}/storage-full-pass-and-play-phone.png", full_page=True)

    play_until_over(page, seed=11)
    assert problem.locator(".export-now").count() == 1  # over: the record reveals nothing the end did not
    assert len(saved_moves(page)) == kept
    with page.expect_download() as download:
        page.click("#result >> text=Export record")
    record = json.loads(open(download.value.path()).read())
    assert record["result"] and record["actions"] == page.evaluate("window.parlour.table.saved.actions")
    assert not page.errors
    context.close()
