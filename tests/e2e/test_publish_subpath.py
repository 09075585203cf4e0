"""A published copy (`build.py publish`) under /some/path/ of a plain static server with no headers of ours and no
gzip (published.py): the lobby reaches Ready with no page error, a few moves of every title play, the service
worker registers for that path and the copy works offline there.  No request leaves the sub-path: every address
the site uses is relative to its page or its worker."""
import pytest

from clicking import click_randomly, start_game, wait_python, wait_settled
from published import published_site, stray_requests
from tabs import LOBBY

CLICKS = 4  # moves made by clicking at each title's table


@pytest.fixture(scope="module")
def published_url(tmp_path_factory):
    with published_site(tmp_path_factory.mktemp("host")) as url:
        yield url


def invest_nothing(page) -> None:
    """King's Cottage opens with its secret investments (a form of its own): stake nothing anywhere."""
    for house in ("crowns", "arms", "suns", "moons"):
        page.click(f"#kc-invest [data-house={house}] input[data-stake='0']")
    page.click("#kc-invest-submit")


def test_published_copy_under_a_sub_path_plays_every_title(page, published_url):
    strays = stray_requests(page, published_url)
    seen = []
    page.context.on("request", lambda r: seen.append(r.url))
    response = page.goto(f"{published_url}?botDelay=0&seed=5")
    assert "content-security-policy" not in response.headers  # the plain server: only the page's <meta> governs
    wait_python(page)
    page.wait_for_function(LOBBY)
    games = page.evaluate("() => fetch('games.json').then(r => r.json())")
    page.wait_for_function("(n) => document.querySelectorAll('[data-picture=drawn]').length === n", arg=len(games),
                           timeout=60_000)
    assert len(games) >= 5
    for game in games:
        start_game(page, published_url, game["id"], ["human"] + ["bot"] * (game["min_players"] - 1),
                   query="botDelay=0&seed=5", in_app=True)
        if wait_settled(page) == "move" and page.locator("#kc-invest").count():
            invest_nothing(page)
        assert click_randomly(page, seed=2, max_clicks=CLICKS, timeout_s=120) > 0, game["id"]
        assert wait_settled(page) in ("move", "privacy", "interlude", "over"), game["id"]
    assert not page.errors
    assert f"{published_url}pyodide/pyodide.asm.wasm" in seen  # the worker's requests are watched too
    assert not strays, strays


@pytest.mark.service_worker
def test_published_copy_registers_its_service_worker_under_the_sub_path_and_works_offline(page, published_url):
    strays = stray_requests(page, published_url)
    page.goto(f"{published_url}?botDelay=0")
    wait_python(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.active.state === 'activated' && r.scope)")
    assert scope == published_url
    cached = page.evaluate("caches.keys().then(k => caches.open(k[0])).then(c => c.keys()).then(r => r.map(q => q.url))")
    assert f"{published_url}index.html" in cached and f"{published_url}pyodide/pyodide.asm.wasm" in cached
    assert all(u.startswith(published_url) for u in cached)
    page.context.set_offline(True)
    page.reload()
    wait_python(page)
    page.wait_for_function(LOBBY)
    assert page.evaluate("navigator.onLine") is False
    start_game(page, published_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3")
    assert click_randomly(page, seed=2, max_clicks=3) == 3
    assert not page.errors
    assert not strays, strays
