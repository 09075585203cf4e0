"""One tab owns a table (js/store/table-lock.js, js/tables/table-elsewhere.js): a second tab on the same
saved or hosted game is refused with a message, cannot make a move that overwrites the first tab's save,
may look at the game read-only, and takes over once the first tab has closed, with every move it saved."""
from clicking import SAVED_MOVES, click_randomly, start_game, wait_settled
from tabs import LOBBY, PLAIN, new_tab

#: a second tab starts its own Python before it opens a table (slow on a busy machine)
PYTHON_WAIT = 120_000
IN_MEMORY = "window.parlour.table.saved ? window.parlour.table.saved.actions.length : -1"
#: a hosted table's record as kept in IndexedDB (js/net/record-db.js), its JSON text, once this tab's writes are in
HOSTED_RECORD = """(id) => import('./js/net/store.js').then((s) => s.networkStoreState().settled).then(() => new Promise((resolve, reject) => {
  const open = indexedDB.open('parlour-net');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const get = open.result.transaction('records').objectStore('records').get('host.' + id);
    get.onsuccess = () => { open.result.close(); resolve(get.result ? get.result.text : null); };
    get.onerror = () => reject(get.error);
  };
}))"""


def play_moves(page, seed, at_least):
    """Click until the table has applied `at_least` more moves and waits for the person again."""
    before = page.evaluate(IN_MEMORY)
    for round_ in range(40):
        click_randomly(page, seed=seed + round_, max_clicks=1)
        if wait_settled(page) == "move" and page.evaluate(IN_MEMORY) >= before + at_least:
            return page.evaluate(IN_MEMORY)
    raise AssertionError(f"fewer than {at_least} moves made")


def saved_moves(page):
    page.wait_for_function("window.parlour.table.saving !== undefined")
    page.evaluate("window.parlour.table.saving")  # the table's last save has gone through
    (moves,) = page.evaluate(SAVED_MOVES)
    return moves


def resume_in(page, site_url):
    page.goto(f"{site_url}?botDelay=0")
    page.wait_for_function(LOBBY)
    page.locator("#in-progress .saved-game .resume").click()


def test_second_tab_is_refused_looks_read_only_and_takes_over_when_the_first_closes(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    first = new_tab(context)
    start_game(first, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=31")
    assert wait_settled(first) == "move"
    play_moves(first, seed=1, at_least=3)
    before = saved_moves(first)

    second = new_tab(context)
    second.goto(f"{site_url}?botDelay=0")
    second.wait_for_function(LOBBY)
    row = second.locator("#in-progress .saved-game")
    assert "open in another tab" in row.inner_text()  # the list already says so (Web Locks query)
    row.locator(".resume").click()
    notice = second.locator("#table-elsewhere")
    notice.wait_for(timeout=PYTHON_WAIT)
    assert notice.get_attribute("data-how") == "locks"
    text = notice.inner_text()
    assert "This game is open in another tab" in text
    assert "cannot bring another tab forward" in text  # said plainly: the person switches tabs themselves
    assert second.evaluate("document.querySelector('#table').dataset.phase") == "elsewhere"
    assert second.locator("#board .legal").count() == 0

    # read-only: the position as the first tab saved it, nothing to click
    second.click("#read-only")
    second.wait_for_function("document.querySelector('.status').textContent.startsWith('Read-only')")
    assert f"after {len(before)} moves" in second.locator(".status").inner_text()
    assert second.locator("#board svg").count() and second.locator("#board .legal").count() == 0
    assert second.locator(".table-bar .export").is_hidden()
    second.screenshot(path=f"{artifacts}/two-tabs-refused-read-only-desktop.png")
    # even a move handed to the table directly is not played, and nothing is saved from this tab
    legal = second.evaluate("""async () => (await window.parlour.engine.call('view',
        {table: window.parlour.table.table, seat: 0, legal: true})).legal""")
    assert legal
    second.evaluate("(action) => window.parlour.table.onAction(action)", legal[0])
    second.wait_for_timeout(500)
    assert saved_moves(first) == before
    assert second.evaluate(IN_MEMORY) == -1  # this tab holds no game to save

    # the first tab plays on; the second shows the latest on request
    after = play_moves(first, seed=50, at_least=2)
    first_log = first.locator(".log").inner_text()
    moves = saved_moves(first)
    assert len(moves) == after and moves[:len(before)] == before
    second.click("#read-only")
    second.wait_for_function(f"document.querySelector('.status').textContent.includes('after {after} moves')")

    # take over when the first tab closes
    second.click("#take-over")
    assert second.locator(".table-elsewhere-waiting").is_visible()
    assert second.locator("#take-over").is_disabled()
    second.wait_for_timeout(300)
    assert second.evaluate("document.querySelector('#table').dataset.phase") == "elsewhere"  # still waiting
    first.close(run_before_unload=False)  # the tab is gone: the browser lets go of its lock
    assert wait_settled(second) == "move"
    assert second.locator("#table-elsewhere").count() == 0
    assert second.evaluate(IN_MEMORY) == after  # every move of the first tab
    assert second.locator(".log").inner_text() == first_log
    second.screenshot(path=f"{artifacts}/two-tabs-taken-over-desktop.png")
    now = play_moves(second, seed=90, at_least=1)
    (saved,) = second.evaluate(SAVED_MOVES)
    assert len(saved) == now and saved[:after] == moves
    assert not second.errors
    context.close()


def test_a_tab_that_left_the_game_lets_a_waiting_tab_take_over_on_a_phone(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    first = new_tab(context)
    start_game(first, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=32")
    assert wait_settled(first) == "move"
    second = new_tab(context)
    resume_in(second, site_url)
    second.locator("#table-elsewhere").wait_for(timeout=PYTHON_WAIT)
    second.screenshot(path=f"{artifacts}/two-tabs-refused-phone.png")
    second.click("#take-over")
    played = play_moves(first, seed=7, at_least=2)
    first.click(".table-bar .leave")  # leaving the table (the tab stays open) lets go too
    first.wait_for_function(LOBBY)
    assert wait_settled(second) == "move"
    assert second.evaluate(IN_MEMORY) == played
    # and now the first tab is the one refused
    first.locator("#in-progress .saved-game .resume").click()
    first.locator("#table-elsewhere").wait_for()
    assert not first.errors and not second.errors
    context.close()


def test_hosted_table_in_a_second_tab_waits_for_the_first(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    first = new_tab(context)
    start_game(first, site_url, "kings-progress", ["human", "remote"], query="botDelay=0&ice=")
    first.wait_for_selector(".p2p-host")
    first.wait_for_function("location.hash.startsWith('#host=')")
    host_id = first.evaluate("location.hash.slice(6)")
    # the hosted table's record as kept (IndexedDB, js/net/store.js), once the first tab's writes are committed
    kept = first.evaluate(HOSTED_RECORD, host_id)
    assert kept

    second = new_tab(context)
    second.goto(f"{site_url}?botDelay=0&ice=#host={host_id}")
    notice = second.locator("#table-elsewhere")
    notice.wait_for(timeout=PYTHON_WAIT)
    assert "This table is hosted in another tab" in notice.inner_text()
    assert second.locator("#read-only").count() == 0  # a hosted table has no read-only view
    second.wait_for_timeout(500)
    assert second.evaluate(HOSTED_RECORD, host_id) == kept  # the second tab wrote nothing
    second.screenshot(path=f"{artifacts}/two-tabs-hosted-refused-desktop.png")

    second.click("#take-over")
    first.close(run_before_unload=False)
    second.wait_for_selector(".p2p-host", timeout=60_000)  # reloaded and restored from the first tab's copy
    assert second.evaluate("location.hash") == f"#host={host_id}"
    assert second.locator("#table-elsewhere").count() == 0
    assert not second.errors
    context.close()


def test_without_web_locks_tabs_agree_over_a_broadcast_channel(browser, site_url):
    """A browser without Web Locks (older Safari, some embedded views): the fallback must refuse too.
    Chromium always has Web Locks, so the test takes them away before any script runs."""
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    context.add_init_script("delete Navigator.prototype.locks;")
    first = new_tab(context)
    start_game(first, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=33")
    assert wait_settled(first) == "move"
    assert first.evaluate("navigator.locks") is None
    played = play_moves(first, seed=3, at_least=2)
    second = new_tab(context)
    resume_in(second, site_url)
    notice = second.locator("#table-elsewhere")
    notice.wait_for(timeout=PYTHON_WAIT)
    assert notice.get_attribute("data-how") == "channel"
    second.click("#take-over")
    second.wait_for_timeout(2000)  # a few rounds of asking: the first tab still answers
    assert second.evaluate("document.querySelector('#table').dataset.phase") == "elsewhere"
    first.close(run_before_unload=False)
    assert wait_settled(second) == "move"
    assert second.evaluate(IN_MEMORY) == played
    assert not second.errors
    context.close()
