"""Offline and installable: the service worker precaches the built site and serves it with no network."""
import json
import shutil
import threading

import pytest

from clicking import click_randomly, play_until_over, start_game, wait_python
from positions import near_the_end, open_position

CONTROLLED = "navigator.serviceWorker.controller !== null"


def wait_controlled(page):
    page.wait_for_function(CONTROLLED, timeout=60_000)
    # every precached file is in: the worker only activates once install (addAll) has finished
    page.wait_for_function("navigator.serviceWorker.ready.then(r => r.active && r.active.state === 'activated')")


def reload_offline(page, site_url):
    """Visit once, wait until the service worker has every file, then reload with the network off."""
    page.goto(f"{site_url}?botDelay=0")
    wait_python(page)
    wait_controlled(page)
    page.context.set_offline(True)
    page.reload()
    wait_python(page)
    assert page.evaluate("navigator.onLine") is False


def cache_names(page):
    return page.evaluate("caches.keys()")


@pytest.fixture
def private_site(tmp_path):
    """A copy of dist/ on its own server, so a test may rebuild it without touching the shared one."""
    import build
    src = build.DIST
    site = tmp_path / "site"
    shutil.copytree(src, site)
    server = build.make_server(0, site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.mark.service_worker
def test_offline_reload_then_a_game_plays_to_its_result_against_a_bot(page, site_url):
    """Offline, a new table opens and plays (its modules and Python from the service worker's cache), and a game
    near its end (tests/e2e/positions.py) plays to its result: the whole game by clicking is test_kings_progress_e2e."""
    reload_offline(page, site_url)
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3")
    assert click_randomly(page, seed=2, max_clicks=6) == 6
    open_position(page, site_url, "kings-progress", ["human", "bot"], 3, near_the_end("kings-progress", 2, 3), in_app=True)
    play_until_over(page, seed=2)
    assert "wins" in page.locator("#result").inner_text() or "draw" in page.locator("#result").inner_text()
    assert not page.errors


@pytest.mark.service_worker
def test_offline_invite_link_still_loads_the_app(page, site_url):
    page.goto(site_url)
    wait_python(page)
    wait_controlled(page)
    page.context.set_offline(True)
    page.goto(f"{site_url}#join=AAAA")
    wait_python(page)
    assert page.locator(".site-bar h1").inner_text() == "Parlour"


def test_manifest_makes_the_app_installable(page, site_url):
    page.goto(site_url)
    manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["display"] == "standalone" and manifest["theme_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in manifest["icons"]:
        status = page.evaluate(f"fetch({json.dumps(icon['src'])}).then(r => r.status)")
        assert status == 200, icon


def test_offline_new_build_replaces_the_old_cache_after_the_update_notice(browser, private_site):
    import build
    site, url = private_site
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    wait_python(page)
    wait_controlled(page)
    old = cache_names(page)
    assert len(old) == 1 and old[0].startswith("parlour-")
    # a new build: one file changes, so the content hash and the cache name change
    with open(site / "css" / "parlour.css", "a") as css:
        css.write("\n/* a new version */\n")
    new_version = build.write_service_worker(site)
    assert f"parlour-{new_version}" != old[0]
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    notice = page.locator("#update-ready")
    notice.wait_for(timeout=60_000)
    assert "Update ready" in notice.inner_text()
    assert cache_names(page) == old or set(cache_names(page)) == {old[0], f"parlour-{new_version}"}
    with page.expect_navigation():
        page.click("#update-reload")
    wait_python(page)
    page.wait_for_function(f"caches.keys().then(k => k.length === 1 && k[0] === 'parlour-{new_version}')")
    css = page.evaluate("fetch('css/parlour.css').then(r => r.text())")
    assert css.endswith("/* a new version */\n")
    context.close()
