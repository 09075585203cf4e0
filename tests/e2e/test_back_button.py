"""The browser's Back and Forward between the lobby and a table (issue 26, item 7).

Lobby and table are two history entries: Back at a table returns to the lobby with the game saved and
resumable, as "Leave game" does, and Forward returns to that table.  Leaving by the button keeps
Forward's way to the table, and the lobby then puts the focus on the game just left.
"""
from clicking import SAVED_ACTIONS, click_randomly, start_game, wait_settled
from p2p_helpers import launch, new_page
from tabs import PLAIN, new_tab

#: the lobby is on show and the table gone
AT_LOBBY = "!document.getElementById('lobby').hidden && document.getElementById('table').hidden"


def test_back_button_at_a_table_returns_to_the_lobby_and_forward_to_the_table(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=8")
    click_randomly(page, seed=3, max_clicks=4)
    assert wait_settled(page) == "move"
    moves = page.evaluate(SAVED_ACTIONS)[0]
    assert page.url.split("#")[1].startswith("table=")

    page.go_back()
    page.wait_for_function(AT_LOBBY)
    assert "#" not in page.url and page.url.startswith(site_url)  # still Parlour, not the page before it
    row = page.locator("#in-progress .saved-game")
    row.wait_for()
    assert f"{moves} moves" in row.inner_text()  # saved as "Leave game" leaves it
    page.screenshot(path=str(artifacts / "back-button-lobby.png"))

    page.go_forward()
    assert wait_settled(page) == "move"
    assert page.url.split("#")[1].startswith("table=")
    assert page.evaluate(SAVED_ACTIONS) == [moves]  # the same game, resumed, not a new one

    # "Leave game" steps back onto the lobby's entry: Forward still reaches the table, Back does not leave Parlour
    page.click("#table .leave")
    page.wait_for_function(AT_LOBBY)
    page.wait_for_function("document.activeElement?.closest('.saved-game') !== null")  # focus on the game just left
    assert page.evaluate("document.activeElement.classList.contains('resume')")
    page.wait_for_function("!location.hash")
    page.go_forward()
    assert wait_settled(page) == "move"
    assert page.evaluate(SAVED_ACTIONS) == [moves]
    assert page.errors == []
    context.close()


def test_back_button_after_a_reload_at_the_table_still_returns_to_the_lobby(browser, site_url):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    page.goto(f"{site_url}?botDelay=0")  # a blank page's address first: Back must not go there
    start_game(page, site_url, "kings-cottage", ["human", "bot", "bot"], query="botDelay=0&seed=4")
    assert wait_settled(page) == "move"
    page.reload()
    assert wait_settled(page) == "move"
    page.go_back()
    page.wait_for_function(AT_LOBBY)
    assert "#" not in page.url
    page.locator("#in-progress .saved-game").wait_for()
    context.close()


def test_back_button_from_a_replay_returns_to_the_lobby(browser, site_url):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=8")
    assert wait_settled(page) == "move"
    page.click("#table .leave")
    page.wait_for_function(AT_LOBBY)
    page.locator("#in-progress .saved-game").wait_for()
    page.evaluate("""async () => {
      const { toRecord } = await import('./js/store/records.js');
      const games = await new Promise((resolve) => {
        const open = indexedDB.open('parlour');
        open.onsuccess = () => {
          const get = open.result.transaction('games').objectStore('games').getAll();
          get.onsuccess = () => { open.result.close(); resolve(get.result); };
        };
      });
      const file = new File([JSON.stringify(toRecord(games[0]))], 'game.parlour.json', { type: 'application/json' });
      const input = document.getElementById('open-record');
      const list = new DataTransfer();
      list.items.add(file);
      input.files = list.files;
      input.dispatchEvent(new Event('change'));
    }""")
    page.wait_for_selector("[data-replay-step]")
    page.go_back()
    page.wait_for_function(AT_LOBBY)
    page.go_forward()
    page.wait_for_selector("[data-replay-step]")
    assert page.errors == []
    context.close()


def test_back_button_at_a_hosted_table_asks_before_leaving(pw, site_url):
    browser = launch(pw)
    page = new_page(browser)
    start_game(page, site_url, "kings-progress", ["human", "remote"], query="botDelay=0&ice=")
    page.wait_for_selector(".p2p-host", timeout=90_000)
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.go_back()
    page.wait_for_function("location.hash.startsWith('#host=')")  # stayed: the table's entry is back on top
    assert len(asked) == 1 and "Leave this table?" in asked[0]
    assert page.locator("#table").is_visible() and page.locator(".p2p-host").count() == 1
    page.once("dialog", lambda d: answer(d, True))
    page.go_back()
    page.wait_for_function(AT_LOBBY)
    assert len(asked) == 2 and "#" not in page.url
    assert page.errors == []
    browser.close()
