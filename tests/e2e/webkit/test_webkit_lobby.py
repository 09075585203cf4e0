"""WebKit opens the lobby with Python ready, every game listed, no page error and no CSP violation;
and the violation watch is real (a refused inline script is seen, both by the page's listener and
in the report the browser sends the server)."""
import time

from webkit_checks import assert_clean, wait_ready

GAMES = ["castles", "kings-cottage", "kings-progress", "mansion", "one-six-nine"]
INLINE_SCRIPT = "document.head.append(Object.assign(document.createElement('script'), {textContent: 'window.ran = 1'}))"


def test_webkit_lobby_reaches_ready_with_every_game(wk_page, webkit_site, artifacts):
    t0 = time.monotonic()
    wk_page.goto(f"{webkit_site.url}?botDelay=0")
    wait_ready(wk_page)
    ready_s = time.monotonic() - t0
    cards = wk_page.evaluate("[...document.querySelectorAll('[data-game]')].map(e => e.dataset.game)")
    assert sorted(set(cards)) == GAMES
    assert wk_page.locator("#engine-status").inner_text() == "Ready"
    wk_page.screenshot(str(artifacts / "webkit-lobby-1400.png"))
    assert_clean(wk_page, webkit_site)
    print(f"WebKit {wk_page.session.version}: lobby ready {ready_s:.1f} s after opening the page")


def test_webkit_csp_watch_sees_a_refused_inline_script(wk_page, webkit_site):
    wk_page.goto(f"{webkit_site.url}?botDelay=0")
    wk_page.evaluate(INLINE_SCRIPT)
    deadline = time.monotonic() + 20
    while not webkit_site.reports and time.monotonic() < deadline:
        time.sleep(0.1)
    found = wk_page.problems()
    assert wk_page.evaluate("window.ran") is None, "the inline script must not run"
    assert any("script-src" in v for v in found["violations"]), found
    assert any("script-src" in r for r in webkit_site.reports), webkit_site.reports
    del webkit_site.reports[:]
