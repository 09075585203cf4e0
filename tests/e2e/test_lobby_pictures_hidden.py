"""The lobby's pictures while the lobby is hidden (js/ui/game-cards.js drawPictures, js/main.js picturesWait).

A picture is framed by measuring the board drawn on a hidden stage, so it can
only be drawn while the lobby is laid out.  A page opened at a table drew them
anyway, into a lobby with no size: five blank frames, still blank when the
person came back.  And a game asked for while Python loaded opened only after
the pictures were drawn, to be hidden at once.  Both now wait for the lobby.
"""
from clicking import TABLE_SHOWN, start_game, wait_settled
from tabs import PLAIN, new_tab
from test_lobby import FRAMED_ON, PICTURES_DONE

#: each card's picture: (data-picture, data-picture-svg, data-picture-shapes)
PICTURES = ("() => Object.fromEntries([...document.querySelectorAll('.game-picture')].map("
            "p => [p.dataset.for, [p.dataset.picture ?? null, p.dataset.pictureSvg ?? null, "
            "Number(p.dataset.pictureShapes ?? 0)]]))")


def assert_framed_on_their_boards(page):
    page.wait_for_function(PICTURES_DONE, timeout=30_000)
    pictures = page.evaluate(PICTURES)
    assert {game: svg for game, (_, svg, _) in pictures.items()} == FRAMED_ON, pictures
    assert all(state == "drawn" and shapes >= 40 for state, _, shapes in pictures.values()), pictures


def test_a_page_opened_at_its_table_draws_the_pictures_when_the_lobby_shows(page, site_url, artifacts):
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3")
    page.wait_for_function("location.hash.startsWith('#table=')")
    page.reload()  # the address names the table: the page opens at it, the lobby hidden
    page.wait_for_function(TABLE_SHOWN)
    wait_settled(page)
    assert page.locator("#lobby").is_hidden()
    pictures = page.evaluate(PICTURES)
    assert all(state is None for state, _, _ in pictures.values()), f"drawn into the hidden lobby: {pictures}"
    page.click("#table .leave")
    assert_framed_on_their_boards(page)
    page.locator(".game-card[data-game='one-six-nine'] .game-picture").screenshot(
        path=str(artifacts / "lobby-picture-after-table.png"))
    assert not page.errors


def test_a_game_asked_for_while_python_loads_opens_before_the_pictures(browser, site_url):
    context = browser.new_context(**PLAIN)
    held, samples = [], []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # Python waits for the game to be asked for
    # and so do the pictures' samples: on a busy machine the lobby may otherwise draw them before the click
    context.route("**/samples/*.json", lambda route: samples.append(route))
    page = new_tab(context)
    start_game(page, site_url, "castles", ["human", "bot"], query="botDelay=0&seed=3")
    page.wait_for_function("document.getElementById('start').textContent === 'Loading the games…'")
    assert held, "Python's wasm was not asked for"
    # a slow or busy device: Python is ready seconds after the game was asked for (CI met more than 2 s,
    # the pictures' old limit, and drew them meanwhile into the lobby being left)
    for route in samples:
        route.continue_()
    page.wait_for_timeout(4500)
    assert page.locator("#lobby").is_visible()
    for route in held:
        route.continue_()
    page.wait_for_function(TABLE_SHOWN, timeout=60_000)
    wait_settled(page)
    pictures = page.evaluate(PICTURES)
    assert all(state is None for state, _, _ in pictures.values()), f"drawn for a lobby being left: {pictures}"
    page.click("#table .leave")
    assert_framed_on_their_boards(page)
    assert not page.errors
    context.close()
