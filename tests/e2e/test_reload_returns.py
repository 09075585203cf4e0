"""A reload puts a person back where they were: at the table that was open (the address names it, as
`#table=<saved-game id>`), in the same position; in the lobby, with the last setup (game, players, seats,
levels, names, options).  An address naming a game this device does not hold says so and shows the lobby."""
import re

from clicking import SAVED_ACTIONS, click_randomly, start_game, wait_python, wait_settled

TABLE_ADDRESS = re.compile(r"#table=(g[0-9a-f]+)$")


def table_id(page):
    match = TABLE_ADDRESS.search(page.url)
    assert match, f"the address does not name the table: {page.url}"
    return match.group(1)


def position(page):
    """What the person sees of the game: the status line, the move log and the saved moves."""
    return {
        "status": page.locator("#table .table-bar .status").inner_text(),
        "log": page.locator("#table .log li").all_inner_texts(),
        "saved": page.evaluate(SAVED_ACTIONS),
    }


def test_reload_mid_game_returns_to_the_same_table_and_position(page, site_url, artifacts):
    start_game(page, site_url, "kings-progress", ["human", "bot", "bot"], query="botDelay=0&seed=5")
    assert wait_settled(page) == "move"
    opened = table_id(page)
    click_randomly(page, seed=2, max_clicks=4)
    assert wait_settled(page) == "move"
    before = position(page)
    assert before["saved"] and before["saved"][0] > 0
    page.reload()
    assert wait_settled(page) == "move"  # one person at this table: straight back to the board
    assert table_id(page) == opened
    assert page.locator("#lobby").is_hidden() and page.locator("#table").is_visible()
    assert page.evaluate("window.parlour.table.saved.id") == opened
    assert position(page) == before
    page.screenshot(path=str(artifacts / "reload-back-at-the-table.png"))
    # play goes on from there, and leaving forgets the address
    click_randomly(page, seed=3, max_clicks=2)
    page.click("#table .leave")
    page.locator("#in-progress .saved-game").wait_for()
    assert "#table=" not in page.url
    page.reload()
    page.locator("#in-progress .saved-game").wait_for()
    assert page.locator("#table").is_hidden() and page.locator("#lobby").is_visible()
    assert not page.errors, page.errors


def test_the_lobby_setup_survives_a_reload(page, site_url):
    page.goto(f"{site_url}?botDelay=0")
    page.click("[data-game='castles']")
    page.select_option("#players", "4")
    page.select_option(".seat-row[data-seat='1'] .seat-kind", "human")
    page.fill(".seat-row[data-seat='1'] input[type=text]", "Zoë")
    page.select_option(".seat-row[data-seat='2'] .seat-level", "hard")
    page.fill(".seat-row[data-seat='3'] input[type=text]", "Rex")
    page.select_option(".seat-row[data-seat='3'] .seat-level", "easy")
    page.select_option("#opt-terrain", "suit")
    page.reload()
    page.wait_for_selector("[data-game='castles'][aria-checked='true']")
    assert page.locator("#players").input_value() == "4"
    kinds = page.locator(".seat-kind").evaluate_all("els => els.map(e => e.value)")
    names = page.locator(".seat-name").evaluate_all("els => els.map(e => e.value)")
    assert kinds == ["human", "human", "bot", "bot"]
    assert names[1] == "Zoë" and names[3] == "Rex"
    assert page.locator(".seat-row[data-seat='2'] .seat-level").input_value() == "hard"
    assert page.locator(".seat-row[data-seat='3'] .seat-level").input_value() == "easy"
    assert page.locator("#opt-terrain").input_value() == "suit"
    # a game started from it keeps the setup for the next visit, and the seats carry the names
    wait_python(page)
    page.click("#start")
    assert wait_settled(page) == "privacy"  # two people on this device
    assert re.fullmatch("Pass the device to (Alex|Zoë)", page.locator(".privacy h2").inner_text())  # the starter is drawn
    page.click("#reveal")
    assert wait_settled(page) == "move"
    page.click("#table .leave")
    page.locator("#in-progress .saved-game").wait_for()
    assert "Zoë" in page.locator("#in-progress .saved-game").first.inner_text()
    page.reload()
    page.wait_for_selector("[data-game='castles'][aria-checked='true']")
    assert page.locator(".seat-name").evaluate_all("els => els.map(e => e.value)")[1] == "Zoë"
    assert not page.errors, page.errors


def test_a_setup_that_no_longer_fits_falls_back_to_the_defaults(page, site_url):
    """What is stored may come from an older Parlour or be edited: each wrong field takes its default."""
    page.goto(f"{site_url}?botDelay=0")
    page.wait_for_selector("[data-game]")
    page.evaluate("""() => localStorage.setItem('parlour.lobby', JSON.stringify({
        game: 'castles', players: 9, seats: [{kind: 'dragon', name: 7}, {kind: 'bot', name: 'Ada', level: 'godlike'}],
        options: {terrain: 'lava'}}))""")
    page.reload()
    page.wait_for_selector("[data-game='castles'][aria-checked='true']")
    assert page.locator("#players").input_value() == "3"
    assert page.locator(".seat-kind").evaluate_all("els => els.map(e => e.value)") == ["human", "bot", "bot"]
    assert page.locator(".seat-row[data-seat='1'] .seat-level").input_value() == "medium"
    assert page.locator(".seat-name").evaluate_all("els => els.map(e => e.value)")[0] == "Alex"
    assert page.locator("#opt-terrain").input_value() != "lava"
    page.evaluate("() => localStorage.setItem('parlour.lobby', '{not json')")
    page.reload()
    page.wait_for_selector("[data-game][aria-checked='true']")  # the first game, as on a first visit
    assert page.locator("#players").input_value() == "3"
    assert not page.errors, page.errors


def test_an_address_naming_a_missing_game_says_so_and_shows_the_lobby(page, site_url, artifacts):
    page.goto(f"{site_url}?botDelay=0#table=g00112233445566778899")
    toast = page.locator(".toast", has_text="not saved on this device")
    toast.wait_for()
    assert "lobby" in toast.inner_text()
    assert page.locator("#lobby").is_visible() and page.locator("#table").is_hidden()
    assert "#table=" not in page.url  # a reload now simply shows the lobby
    page.screenshot(path=str(artifacts / "reload-missing-game.png"))
    assert not page.errors, page.errors
