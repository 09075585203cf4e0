"""WebKit keeps Python's memory snapshot on the device and its second start restores it
(js/engine/worker.js): WebKitGTK cannot store a Blob from a worker ("Error preparing Blob/File data to be
stored in object store"), so the worker keeps the pages as one ArrayBuffer there, and without that every
start in WebKit was the slow one.  A module of its own: its MiniBrowser's storage must be a first visit's."""
import pytest

from as_served import served_as_shipped
from python_snapshot import KEPT_SNAPSHOT, wait_snapshot_kept
from webkit_checks import assert_clean, wait_ready

PLAIN = "plain start"
RESTORED = "device snapshot"
#: Python's slow start in WebKit on a loaded 2-core machine
SLOW_START_MS = 180_000
#: The engine answers from the restored Python: a new table through the facade
ENGINE_ANSWERS = ("window.parlour.engine.call('new', {game: 'castles', players: 3, seed: 'wk-snapshot', options: {}})"
                  ".then((reply) => reply.ok && reply.table !== null)")


@pytest.fixture(scope="module")
def served_url(tmp_path_factory):
    """The site as served (no snapshot shipped), so that the first visit makes and keeps one."""
    with served_as_shipped(tmp_path_factory.mktemp("wk-as-served")) as url:
        yield url


def python_ready_ms(page):
    """Milliseconds from the page's navigation to Python ready (js/main.js's timings)."""
    return round(page.evaluate("window.parlourTimings.python_ready"))


def test_webkit_second_start_restores_the_snapshot_the_first_kept(wk_page, served_url):
    wk_page.goto(f"{served_url}?botDelay=0")
    wait_ready(wk_page, SLOW_START_MS)
    assert wk_page.evaluate("window.parlourTimings.started_from") == PLAIN
    first_ms = python_ready_ms(wk_page)
    kept = wait_snapshot_kept(wk_page, read=lambda page: page.evaluate(KEPT_SNAPSHOT))
    assert kept["bytes"] > kept["stored"] > 0, kept
    wk_page.reload()
    wait_ready(wk_page, SLOW_START_MS)
    assert wk_page.evaluate("window.parlourTimings.started_from") == RESTORED
    second_ms = python_ready_ms(wk_page)
    assert wk_page.evaluate(ENGINE_ANSWERS)
    print(f"WebKit {wk_page.session.version}: Python ready {first_ms} ms after opening the page the first time "
          f"(plain start), {second_ms} ms the second (device snapshot kept as {kept['kind']}, "
          f"{kept['stored']:,} bytes)")
    assert_clean(wk_page)
