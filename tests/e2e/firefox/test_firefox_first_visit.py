"""Firefox keeps Python's memory snapshot on the device and restores it (js/engine/worker.js): a first
visit to the site as served (no snapshot shipped) starts Python the slow way and keeps the snapshot's
non-zero pages in IndexedDB; the next visit puts them back and Python answers from them."""
import pytest

from as_served import served_as_shipped
from firefox_play import assert_clean, wait_python
from python_snapshot import KEPT_SNAPSHOT, wait_snapshot_kept

#: Python's slow start in Firefox on a loaded machine
SLOW_START_MS = 180_000
#: a new Mansion table and its greedy player's first move, through the facade
GREEDY_MOVE = """(async () => {
  const e = window.parlour.engine;
  const t = await e.call('new', {game: 'mansion', players: 2, seed: 'ff-first-visit', options: {}});
  const status = await e.call('status', {table: t.table});
  return e.call('bot', {table: t.table, seat: status.to_move[0], bot: 'heuristic'});
})()"""


@pytest.fixture(scope="module")
def served_url(tmp_path_factory):
    with served_as_shipped(tmp_path_factory.mktemp("ff-as-served")) as url:
        yield url


def kept_snapshot(page):
    """The kept record, read through the Firefox driver (its `evaluate` takes an expression, not a function)."""
    return page.evaluate(f"({KEPT_SNAPSHOT})()")


def test_firefox_keeps_pythons_snapshot_and_the_next_visit_restores_it(ff_page, served_url):
    ff_page.goto(served_url)
    wait_python(ff_page, SLOW_START_MS)
    assert ff_page.evaluate("window.parlourTimings.started_from") == "plain start"
    kept = wait_snapshot_kept(ff_page, read=kept_snapshot)
    assert kept["bytes"] > kept["stored"] > 0
    ff_page.reload()
    wait_python(ff_page, SLOW_START_MS)
    assert ff_page.evaluate("window.parlourTimings.started_from") == "device snapshot"
    # Mansion's greedy player is imported at its first move, from the wheel on Python's path (the snapshot
    # never imported it)
    choice = ff_page.evaluate(GREEDY_MOVE)
    assert choice["ok"] and choice["action"], choice
    assert_clean(ff_page)
