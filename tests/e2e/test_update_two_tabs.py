"""A new version with Parlour open in several tabs: pressing Reload in one tab does not switch the
others' service worker under them.  The new version waits until the asking tab is Parlour's only
window (the tab says how many others to close); until then every tab keeps loading its files, lazy
modules included, from its own version; saved games stay readable after the update."""
import re
import time

from clicking import click_randomly, start_game, wait_python, wait_settled
from tabs import LOBBY, new_tab

MARK_CSS = "/* a new version */"

# Which version this page's files come from now: a fetched stylesheet, and a lazily imported
# module (a fresh URL, so the browser asks the service worker for it as a first import() would).
PROBE = """async () => {
  const css = await (await fetch('css/parlour.css')).text();
  const mod = await import('./js/ui/replay.js?probe=' + Math.random());
  return {css: css.includes('/* a new version */') ? 'v2' : 'v1', module: mod.parlourTestBuild || 'v1'};
}"""


def wait_controlled(page):
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function("navigator.serviceWorker.ready.then(r => r.active && r.active.state === 'activated')")


def versions(page):
    found = page.evaluate(PROBE)
    assert found["css"] == found["module"], f"one page has files of two versions: {found}"
    return found["css"]


def lobby_tab(context, url):
    """A new tab of `context` showing the lobby at `url`."""
    page = new_tab(context)
    page.goto(url)
    page.wait_for_function(LOBBY)
    return page


def test_update_waits_until_the_other_tabs_are_closed(browser, site_copy, artifacts):
    import build
    site, url = site_copy
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    first = lobby_tab(context, url)
    wait_python(first)
    wait_controlled(first)
    # a game in progress, saved after every move
    start_game(first, url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=5")
    click_randomly(first, seed=2, max_clicks=3)
    assert wait_settled(first) == "move"
    first.click("text=Leave game")
    saved_row = first.locator("#in-progress .saved-game")
    saved_row.wait_for()
    moves = re.search(r"\d+ moves", saved_row.inner_text()).group(0)
    second = lobby_tab(context, url)
    wait_controlled(second)
    third = lobby_tab(context, url)
    wait_controlled(third)
    old_cache = first.evaluate("caches.keys()")
    assert len(old_cache) == 1

    # a new build: the stylesheet and a lazily loaded module change
    with open(site / "css" / "parlour.css", "a") as css:
        css.write(f"\n{MARK_CSS}\n")
    with open(site / "js" / "ui" / "replay.js", "a") as module:
        module.write('\nexport const parlourTestBuild = "v2";\n')
    new_version = build.write_service_worker(site)
    first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    for page in (first, second, third):
        page.locator("#update-ready").wait_for(timeout=60_000)

    # Reload in one tab while two others are open: nothing switches, the tab says why
    first.click("#update-reload")
    time.sleep(2)  # time enough for a worker that wrongly took over to be serving
    for page in (second, third, first):
        assert versions(page) == "v1", "a tab got the new version's files while another Parlour tab was open"
    first.wait_for_selector("#update-ready[data-blocked='2']", timeout=10_000)
    text = first.locator("#update-ready").inner_text()
    assert "Parlour is open in 2 other tabs: close them to update" in text
    first.screenshot(path=str(artifacts / "update-close-other-tabs.png"))
    assert set(first.evaluate("caches.keys()")) == {old_cache[0], f"parlour-{new_version}"}

    third.close()
    second.click("#update-reload")  # any tab may ask; the answer counts the others
    second.wait_for_selector("#update-ready[data-blocked='1']", timeout=10_000)
    assert "Parlour is open in 1 other tab: close it to update" in second.locator("#update-ready").inner_text()
    # the tab that stays keeps working on its version, lazy imports included
    assert versions(second) == "v1" and versions(first) == "v1"
    assert not second.errors
    second.close()

    # alone now: Reload switches this tab to the new version, and only then
    for attempt in range(10):
        try:
            with first.expect_navigation(timeout=5_000):
                first.click("#update-reload")
            break
        except Exception:
            assert first.locator("#update-ready[data-blocked]").count(), "no answer and no reload"
            time.sleep(0.5)  # a closed tab may take a moment to leave the service worker's list
    first.wait_for_function(LOBBY)
    first.wait_for_function(f"caches.keys().then(k => k.length === 1 && k[0] === 'parlour-{new_version}')")
    assert versions(first) == "v2"
    # the saved game is still there and resumes
    saved_row = first.locator("#in-progress .saved-game")
    saved_row.wait_for()
    assert "The King's Progress" in saved_row.inner_text() and moves in saved_row.inner_text()
    saved_row.locator(".resume").click()
    assert wait_settled(first) == "move"
    # a tab opened now gets the new version only
    fourth = lobby_tab(context, url)
    assert versions(fourth) == "v2"
    assert not first.errors and not fourth.errors
    context.close()
