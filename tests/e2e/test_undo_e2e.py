"""Undo at a table on this device: a person takes back their own last move, the saved game follows.

The engine decides what may be taken back (parlour.undo); the table offers Undo
beside the board while the person is still to move, and on the privacy screen
before the device is passed on.
"""
from clicking import SAVED_ACTIONS, click_randomly, start_game, wait_settled
from tabs import PLAIN


#: whether the engine lets the person shown take back the table's last move (its `can_undo` refuses another
#: seat's move, as js/tables/local-undo-privacy.js canUndo asks it): the moment to look for Undo, without
#: waiting out a timeout after every other move
ENGINE_ALLOWS_UNDO = """async () => {
  const table = window.parlour.table;
  return (await table.engine.call('can_undo', { table: table.table, seat: table.shown })).undo === true;
}"""


def undo_offered(page, selector, timeout=4000):
    """Whether the table offers Undo (it asks the engine after the board is drawn)."""
    try:
        page.locator(selector).wait_for(state="visible", timeout=timeout)
        return True
    except Exception:
        return False


def saved_moves(page):
    page.wait_for_timeout(300)  # the table saves in the background after a move
    return page.evaluate(SAVED_ACTIONS)[0]


def test_undo_takes_back_a_move_beside_the_board(browser, site_url, artifacts):
    """169 against a bot: a creature's step can be taken back; the board, log and saved game follow."""
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    start_game(page, site_url, "one-six-nine", ["human", "bot"], query="botDelay=0&seed=5")
    for attempt in range(60):
        assert wait_settled(page) == "move"
        if page.evaluate(ENGINE_ALLOWS_UNDO):  # the table offers it: see that it does
            assert undo_offered(page, "#undo"), "the engine allows taking the last move back, but no Undo shows"
            break
        click_randomly(page, seed=attempt, max_clicks=1)
    else:
        raise AssertionError("Undo was never allowed in 60 moves of 169")
    moves = saved_moves(page)
    log_lines = page.locator(".log li").count()
    page.screenshot(path=str(artifacts / "undo-offered.png"))
    page.click("#undo")
    assert wait_settled(page) == "move"
    page.get_by_text("last move was taken back").first.wait_for()
    assert saved_moves(page) == moves - 1
    assert page.locator(".log li").count() < log_lines
    # the game goes on from there, and resumes from the shortened save
    click_randomly(page, seed=99, max_clicks=2)
    assert wait_settled(page) in ("move", "over")
    kept = saved_moves(page)
    page.click(".leave")
    row = page.locator("#in-progress .saved-game")
    row.wait_for()
    row.locator(".resume").click()
    assert wait_settled(page) in ("move", "over")
    assert saved_moves(page) == kept
    assert errors == []
    context.close()


def test_undo_on_the_privacy_screen_before_passing_the_device(browser, site_url, artifacts):
    """The King's Progress, two people: placing a city reveals nothing, so the mover may take it back
    on the privacy screen; their own board comes back with the same moves to choose from."""
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    start_game(page, site_url, "kings-progress", ["human", "human"], query="botDelay=0&seed=7")
    assert wait_settled(page) == "privacy"  # two people here: the first turn starts behind the screen too
    assert page.locator("#privacy-undo").count() == 0  # nothing to take back yet
    page.click("#reveal")
    assert wait_settled(page) == "move"
    status = page.locator(".status").inner_text()
    choices = page.locator("#board [data-piece].legal, #board [data-target].legal").count()
    moves = saved_moves(page)
    click_randomly(page, seed=1, max_clicks=1)
    while wait_settled(page) == "move":  # a move may take more than one click
        click_randomly(page, seed=2, max_clicks=1)
    assert wait_settled(page) == "privacy"
    assert undo_offered(page, "#privacy-undo")
    page.screenshot(path=str(artifacts / "undo-privacy.png"))
    page.click("#privacy-undo")
    assert wait_settled(page) == "move"
    assert page.locator(".status").inner_text() == status
    assert page.locator("#board [data-piece].legal, #board [data-target].legal").count() == choices
    assert saved_moves(page) == moves
    context.close()
