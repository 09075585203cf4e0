"""Offline in Firefox: after one visit the service worker serves the whole site, so the page
reloads with Python ready and a game plays when the server is gone or the browser is offline."""
import os
import threading

import pytest

from firefox_play import assert_clean, start_game, wait_python

SW_ACTIVE = ("navigator.serviceWorker.controller !== null && navigator.serviceWorker.ready"
             ".then(r => r.active !== null && r.active.state === 'activated')")
#: clicks of the person, each answered by the bot, that show the engine works from the cache
CLICKS_OFFLINE = 6


@pytest.fixture
def own_server():
    """The built site on a server of its own, which the test may stop."""
    import build
    os.environ["PARLOUR_QUIET"] = "1"
    server = build.make_server(0, build.DIST)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state = {"running": True}

    def stop():
        server.shutdown()
        server.server_close()
        state["running"] = False

    yield f"http://127.0.0.1:{server.server_address[1]}/", stop
    if state["running"]:
        stop()


def visit_and_cache(page, url):
    """Visit once and wait until the service worker holds every file (it activates after addAll) and the
    page has fetched its table modules or found it need not (js/main.js warmTables): Firefox reports the
    fetches a reload aborts as page errors.  Later visits are under the service worker and skip that fetch."""
    page.goto(f"{url}?botDelay=0")
    wait_python(page)
    page.wait_for_function(SW_ACTIVE, 60_000)
    page.wait_for_function("document.documentElement.dataset.warm !== undefined", 60_000)


def play_a_little(page):
    """A few clicks against the bot: the engine, its wheel and the boards came from the cache."""
    made = 0
    while made < CLICKS_OFFLINE:
        step = page.step()
        assert step["phase"] in ("move", "over"), step
        assert step.get("nothing") is None, step
        if step["phase"] == "over":
            break
        made += 1 if step["did"] else 0


def test_firefox_reloads_and_plays_with_the_server_gone(ff_page, own_server, artifacts):
    url, stop = own_server
    visit_and_cache(ff_page, url)
    stop()
    ff_page.reload()
    wait_python(ff_page)
    assert ff_page.evaluate("window.parlourTimings.started_from"), "Python started from the cached files"
    # under the service worker the page fetches nothing ahead, so leaving it for the game aborts nothing
    ff_page.wait_for_function("document.documentElement.dataset.warm !== undefined", 10_000)
    assert ff_page.evaluate("document.documentElement.dataset.warm") == "skipped"
    start_game(ff_page, url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3")
    play_a_little(ff_page)
    ff_page.screenshot(str(artifacts / "firefox-server-gone.png"))
    assert_clean(ff_page)


def test_firefox_reloads_offline_and_says_so(ff_page, site_url, artifacts):
    visit_and_cache(ff_page, site_url)
    ff_page.set_offline(True)
    ff_page.reload()
    wait_python(ff_page)
    assert ff_page.evaluate("navigator.onLine") is False
    assert ff_page.evaluate("document.documentElement.dataset.online") == "false"
    assert ff_page.evaluate("!document.getElementById('offline-status').hidden"), "the header says we are offline"
    ff_page.screenshot(str(artifacts / "firefox-offline.png"))
    assert_clean(ff_page)
