"""Firefox opens the lobby with Python ready, no page error and no CSP violation; it says plainly
that it cannot install Parlour as an app (it has no install prompt), where Chromium stays quiet."""
import time

from firefox_play import assert_clean, wait_python

GAMES = ["kings-progress", "kings-cottage", "castles", "one-six-nine", "mansion"]
#: the start of js/ui/site-status.js NO_INSTALL_PROMPT
CANNOT_INSTALL = "This browser cannot install Parlour from the page"
#: a script the page's Content-Security-Policy refuses (no inline script)
INLINE_SCRIPT = "document.head.append(Object.assign(document.createElement('script'), {textContent: 'window.ran = 1'}))"


def test_firefox_lobby_has_python_ready_and_every_game(ff_page, site_url, artifacts):
    t0 = time.monotonic()
    ff_page.goto(site_url)
    wait_python(ff_page)
    ready_s = time.monotonic() - t0
    cards = ff_page.evaluate("[...document.querySelectorAll('[data-game]')].map(e => e.dataset.game)")
    assert sorted(set(cards)) == sorted(GAMES)
    assert ff_page.text("#engine-status") == "Ready"
    started_from = ff_page.evaluate("window.parlourTimings.started_from")
    ff_page.screenshot(str(artifacts / "firefox-lobby.png"))
    assert_clean(ff_page)
    print(f"Firefox: Python ready {ready_s:.1f} s after opening the page (started from {started_from})")


def test_firefox_csp_watch_sees_a_refused_inline_script(ff_page, site_url):
    """The violation watch is real: an inline script added to the page is refused and reported."""
    ff_page.goto(site_url)
    ff_page.evaluate(INLINE_SCRIPT)
    ff_page.wait_for_function("document.readyState === 'complete'")
    deadline = time.monotonic() + 10
    while not ff_page.violations and time.monotonic() < deadline:
        time.sleep(0.1)
    assert any("script-src" in v for v in ff_page.violations), ff_page.violations
    assert ff_page.evaluate("window.ran") is None, "the inline script must not run"


def test_firefox_says_it_cannot_install_the_app(firefox, browser, site_url, artifacts):
    phone = firefox.new_page(width=390, height=844)
    try:
        phone.goto(site_url)
        phone.wait_for_function("document.querySelector('#install')?.hidden === false")
        assert phone.text("#install") == "How to install"
        assert phone.evaluate("document.getElementById('install-help').hidden")
        phone.click("#install")
        assert phone.evaluate("!document.getElementById('install-help').hidden")
        assert phone.text("#install-help").startswith(CANNOT_INSTALL)
        assert phone.evaluate("document.getElementById('install').getAttribute('aria-expanded')") == "true"
        phone.screenshot(str(artifacts / "firefox-install-help-phone.png"))
        assert_clean(phone)
    finally:
        phone.close()
    # Chromium has an install prompt: its button waits for it, and no note is made
    chromium = browser.new_page()
    try:
        chromium.goto(site_url)
        chromium.wait_for_selector("#install", state="attached")
        assert chromium.locator("#install").is_hidden()
        assert chromium.locator("#install-help").count() == 0
    finally:
        chromium.close()
