"""Fixtures for end-to-end tests: the built site served on a free port, and Debian's Chromium."""
import json
import os
import pathlib
import shutil
import sys
import threading

import pytest

import csp_waits
from chromium_args import TEST_ARGS
from tabs import WIDE, context_options, new_tab

csp_waits.install()  # the site's policy forbids eval; see csp_waits.py

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"


def pytest_collection_modifyitems(items):
    for item in items:
        if "e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_url():
    sys.path.insert(0, str(ROOT))
    import build
    dist = pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))
    if not (dist / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test`.")
    os.environ["PARLOUR_QUIET"] = "1"
    server = build.make_server(0, dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def pw():
    """The suite's one Playwright: its sync API allows only one running per thread, so tests
    that launch browsers of their own (the peer-to-peer ones) launch them from this."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(pw):
    executable = os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium")
    browser = pw.chromium.launch(executable_path=executable, args=TEST_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def page(browser, request):
    """A tab in a new context, without the service worker and with reduced motion unless the test is marked
    `service_worker` or `motion` (tabs.py)."""
    context = browser.new_context(**WIDE, **context_options(request))
    yield new_tab(context)
    context.close()


@pytest.fixture
def context_for(browser, request):
    """`context_for(options)`: a tab in a new browser context made with `options` (tabs.DESKTOP, tabs.PHONE), without
    the service worker and with reduced motion unless the test is marked `service_worker` or `motion` (tabs.py)."""
    made = []

    def make(options):
        context = browser.new_context(**{**options, **context_options(request)})
        made.append(context)
        return new_tab(context)
    yield make
    for context in made:
        context.close()


@pytest.fixture(scope="module")
def shared_tab(browser, request):
    """`shared_tab(options)`: one tab for each kind of window (tabs.DESKTOP, tabs.PHONE), kept for the whole module,
    for tests that each open their table in it from the lobby (clicking.start_game(in_app=True),
    positions.open_position(in_app=True)), as a player goes from game to game: one Python start a module
    instead of one a test.  Its error list starts empty for each test; the module's marks choose the
    service worker and motion, as `context_for` does for a test."""
    tabs = {}

    def get(options):
        key = json.dumps(options, sort_keys=True)
        if key not in tabs:
            tabs[key] = new_tab(browser.new_context(**{**options, **context_options(request)}))
        tabs[key].errors.clear()
        return tabs[key]
    yield get
    for tab in tabs.values():
        tab.context.close()


@pytest.fixture
def site_copy(tmp_path):
    """A copy of the built site on a server of its own, for a test that changes its files without touching
    the shared one: (folder, address)."""
    import build
    os.environ["PARLOUR_QUIET"] = "1"
    site = tmp_path / "site"
    shutil.copytree(build.DIST, site)
    server = build.make_server(0, site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
