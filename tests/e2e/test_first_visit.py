"""A first visit and the ones after it (js/engine/worker.js): no memory snapshot is shipped, so a first
visit moves under 7 MB, starts Python the slow way and keeps a snapshot of its own in IndexedDB; the
next visit restores it.  A snapshot of another build, or a broken one, is never restored: Python
starts the slow way with no error shown, and the device keeps a fresh snapshot."""
import json
import os
import pathlib

import pytest

from as_served import served_as_shipped
from clicking import wait_python
from python_snapshot import kept_snapshot, spoil_snapshot, wait_snapshot_kept
from start_order import start_order, watch_start_order

ROOT = pathlib.Path(__file__).resolve().parents[2]
DIST = pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))
#: issue 25: a phone on a slow connection waits for every byte of the first visit
FIRST_VISIT_BUDGET_BYTES = 7_000_000
PLAIN = "plain start"
RESTORED = "device snapshot"
FELL_BACK = "plain start (the stored snapshot failed)"
#: the broken snapshot's size in the tests below: far smaller than any real one
BROKEN_STORED_BYTES = 2048


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    """The site as `build.py serve` ships it (tests/e2e/as_served.py): no snapshot is shipped."""
    with served_as_shipped(tmp_path_factory.mktemp("as-served")) as url:
        yield url


def build_key():
    """The key a snapshot of this build is kept under: Pyodide's version and the wheel's hash."""
    info = json.loads((DIST / "build-info.json").read_text())
    return info["pyodide"], info["wheel_sha256"]


def started_from(page):
    wait_python(page, timeout=180_000)
    return page.evaluate("window.parlourTimings.started_from")


def engine_answers(page):
    """A new table through the facade: the restored Python runs our engines."""
    reply = page.evaluate("window.parlour.engine.call('new', {game: 'castles', players: 3, seed: 'first-visit', options: {}})")
    return reply["ok"] and reply["table"] is not None


def test_a_first_visit_moves_under_7_mb_starts_slowly_and_the_next_visit_restores_its_snapshot(browser, site_url):
    context = browser.new_context(service_workers="block")  # the page's own requests only, as the bench counts
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    responses = []
    page.on("response", lambda response: responses.append(response))
    watch_start_order(page)
    page.goto(site_url)
    assert started_from(page) == PLAIN
    order = start_order(page)
    assert order["picture"] < order["python"], f"a slow start keeps the pictures waiting: {order}"
    sent = sum(r.request.sizes()["responseBodySize"] for r in responses)
    assert sent <= FIRST_VISIT_BUDGET_BYTES, f"the first visit moved {sent:,} bytes"
    assert not [r.url for r in responses if "parlour-snapshot" in r.url]  # no shipped snapshot
    kept = wait_snapshot_kept(page)
    version, wheel = build_key()
    assert version in kept["key"] and wheel in kept["key"] and kept["bytes"] > kept["stored"] > 0
    page.reload()
    assert started_from(page) == RESTORED
    assert engine_answers(page)
    assert not errors
    context.close()


def fresh_visit_with_a_kept_snapshot(page, site_url):
    """A first visit, until its snapshot is kept."""
    page.goto(site_url)
    assert started_from(page) == PLAIN
    return wait_snapshot_kept(page)


def test_a_snapshot_of_another_build_is_not_restored(page, site_url):
    kept = fresh_visit_with_a_kept_snapshot(page, site_url)
    spoil_snapshot(page, key="314.0.7 an-older-wheel 2")
    page.reload()
    assert started_from(page) == PLAIN  # the old one is not even tried
    assert engine_answers(page)
    assert wait_until_rekept(page)["key"] == kept["key"]
    assert not page.errors


def test_a_broken_snapshot_falls_back_to_the_slow_start_with_no_error_and_is_made_again(page, site_url):
    kept = fresh_visit_with_a_kept_snapshot(page, site_url)
    spoil_snapshot(page, pages=list(range(256)) * (BROKEN_STORED_BYTES // 256))  # not the pages its runs name
    page.reload()
    assert started_from(page) == FELL_BACK
    assert page.locator("html").get_attribute("data-python") == "ready"
    assert engine_answers(page)
    rekept = wait_until_rekept(page)
    assert (rekept["key"], rekept["bytes"]) == (kept["key"], kept["bytes"])
    page.reload()
    assert started_from(page) == RESTORED
    assert not page.errors


def wait_until_rekept(page):
    """The snapshot a slow start keeps in place of a stale or broken one (it is put whole, so any
    record with a real size is the new one)."""
    kept = wait_snapshot_kept(page)
    while kept["stored"] <= BROKEN_STORED_BYTES or "older" in kept["key"]:
        page.wait_for_timeout(500)
        kept = kept_snapshot(page)
    return kept
