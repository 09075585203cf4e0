"""Secrets on a shared device: every path that shows a board to one of several people goes through
the privacy screen (start, resume), and an unfinished game's record (every hidden value) is not offered."""
from clicking import start_game, wait_settled


def test_first_turn_and_resume_start_behind_the_privacy_screen(browser, site_url, artifacts):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
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
    assert errors == []
    context.close()


def test_one_person_may_export_mid_game(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    start_game(page, site_url, "kings-cottage", ["human", "bot"], query="botDelay=0&seed=3")
    assert wait_settled(page) == "move"  # alone at the device: no privacy screen
    assert page.locator(".table-bar .export").is_visible()
    context.close()
