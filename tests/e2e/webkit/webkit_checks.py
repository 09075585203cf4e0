"""What every WebKit test checks at its end: no uncaught error, no unhandled rejection and no
Content-Security-Policy violation, whether the page's watcher saw it (webkit_driver.WATCH) or the
browser reported it to the server (conftest.ReportingHandler)."""
PYTHON_READY = "document.documentElement.dataset.python === 'ready'"
LOBBY_READY = "document.documentElement.dataset.python === 'ready' && document.documentElement.dataset.lobby === 'ready'"
#: Python's start in WebKit on a busy 2-core machine (about 10 s idle) has this long
READY_MS = 120_000


def wait_ready(page, timeout=READY_MS):
    page.wait_for_function(LOBBY_READY, timeout=timeout)


def assert_clean(page, *sites):
    found = page.problems()
    reported = [r for site in sites for r in site.reports]
    assert not found["errors"], f"page errors in WebKit: {found['errors']}"
    assert not found["violations"], f"Content-Security-Policy violations in WebKit: {found['violations']}"
    assert not reported, f"Content-Security-Policy violations WebKit reported to the server: {reported}"
