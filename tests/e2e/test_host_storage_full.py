"""A hosted network table whose saved game cannot be written (the browser's storage for Parlour is full: a
real quota, tests/e2e/storage_quota.py) says so at the table as a table on this device does
(js/tables/save-status.js, through js/tables/table-lifecycle.js), plays on in memory, offers the record
only once the game is over (until then it holds the guest's hidden pieces), and "Try saving again" writes
every move missed meanwhile to the saved game the lobby lists."""
import json

from p2p_helpers import PHASE, hosted_devices, play_all, play_some, quiet_version
from storage_quota import cap_storage, fill_storage, free_storage

#: the hosted table's saved game (IndexedDB, as the lobby reads it): its moves, or null when there is none
HOSTED_SAVE = """(id) => new Promise((resolve, reject) => {
  const open = indexedDB.open('parlour');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const get = open.result.transaction('games').objectStore('games').get('host-' + id);
    get.onsuccess = () => { open.result.close(); resolve(get.result ? get.result.actions : null); };
  };
})"""
IN_MEMORY = "window.parlourNet.host.actions.map(a => ({seat: a.seat, action: a.action}))"
SAVE_REFUSED = "This move could not be saved: the browser's storage for Parlour is full."
#: the quota goes this far below what the site uses (its offline copy is some 20 MB), so that no save slips through
#: when the browser gives back a little room meanwhile (a save went through once with the quota at the use itself)
QUOTA_BELOW_USE = 1_000_000


def saved_moves(host):
    """The hosted game's moves as saved, once the table's last save attempt is over."""
    host.evaluate("window.parlourNet.host.saving")
    return host.evaluate(HOSTED_SAVE, host.evaluate("location.hash.slice(6)"))


def test_a_hosted_table_with_full_storage_says_so_plays_on_and_saves_every_move_again(pw, site_url, artifacts, tmp_path):
    sessions = []

    def cap(host):  # before the host's first save, so that filling it bites at once (storage_quota.py)
        sessions.append(host.context.new_cdp_session(host))
        cap_storage(sessions[0], site_url)

    with hosted_devices(pw, site_url, service_worker=True, before_hosting=cap) as (host, guest):  # its offline copy fills the quota too
        host.wait_for_selector(".kp-board", timeout=60_000)
        # a few clicks until a move is made (a click may only pick a piece up)
        for seed in range(3, 40):
            play_some([host, guest], 2, seed=seed)
            if host.evaluate("window.parlourNet.host.actions.length"):
                break
        before = quiet_version(host, guest)
        kept = saved_moves(host)
        # saved while there is room (a move can be saved before the version moves: the host's own sealed
        # choice in a round of secret choices is kept before the guest's arrives)
        assert kept and kept == host.evaluate(IN_MEMORY), (kept, before)

        cdp = sessions[0]
        fill_storage(cdp, site_url, host, below=QUOTA_BELOW_USE, capped=True)
        play_some([host, guest], 4, seed=5)
        problem = host.locator("#save-problem")
        problem.wait_for(timeout=30_000)
        assert problem.get_attribute("data-reason") == "full"
        text = problem.inner_text()
        assert SAVE_REFUSED in text and "tries again after every move" in text
        # the record holds the guest's hidden pieces: offered only at the end, as at pass-and-play
        assert problem.locator(".export-now").count() == 0
        assert "Export record is offered when the game is over" in text
        host.screenshot(path=f"{artifacts}/host-storage-full-desktop.png")
        during = quiet_version(host, guest)
        assert during > before  # play went on in memory
        assert saved_moves(host) == kept  # really refused by the browser

        play_all([host, guest], seed=7, through_tables=True)  # the rest of the game: its moves, not their clicks
        assert problem.is_visible() and saved_moves(host) == kept
        host.locator("#result button", has_text="See the board").click()
        with host.expect_download() as download:
            problem.locator(".export-now").click()  # over: the record shows nothing the end did not
        path = tmp_path / download.value.suggested_filename
        download.value.save_as(path)
        record = json.loads(path.read_text())
        in_memory = host.evaluate(IN_MEMORY)
        assert record["format"] == "parlour-record" and record["result"] and record["actions"] == in_memory

        free_storage(cdp, site_url)
        problem.locator(".save-retry").click()
        problem.wait_for(state="hidden")
        assert host.locator(".toast", has_text="Saved again").count() == 1
        moves = saved_moves(host)
        assert moves == in_memory and len(moves) > during  # every move missed meanwhile, up to the end
        assert host.evaluate(PHASE) == "over"
        assert not host.errors and not guest.errors
