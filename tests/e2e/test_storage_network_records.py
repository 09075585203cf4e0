"""Network tables' records (js/net/store.js): stale records are pruned when the page starts and, oldest first,
when a write finds the storage full; a write that still fails is told to the person once (a toast), and play
goes on.  The records live in IndexedDB (js/net/record-db.js): the start-of-page test leaves them in
localStorage as an older Parlour did, so they are moved in first and then pruned.  The tests of a full storage
run where IndexedDB refuses these records (a private window may), so localStorage, filled up, is what refuses
the writes: the policy is the same for both."""

from p2p_helpers import host_table
from network_records import IDB_RECORDS_SETTLED

HOUR = 3_600_000
DAY = 24 * HOUR
LOBBY = "document.documentElement.dataset.lobby === 'ready'"

#: IndexedDB refuses the network records' database: they stay in localStorage, as before (an init script)
REFUSE_NETWORK_DB = """(() => {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, ...rest) {
    if (name === 'parlour-net') throw new DOMException('refused', 'InvalidStateError');
    return open.call(this, name, ...rest);
  };
})();"""

FILL = """() => {
  // Fill localStorage up to its quota with filler; the next real write cannot fit.
  let size = 1 << 20, i = 0, total = 0;
  while (size >= 1) {
    try { localStorage.setItem('filler.' + i, 'x'.repeat(size)); i++; total += size; }
    catch (e) { if (e.name !== 'QuotaExceededError') throw e; size = Math.floor(size / 2); }
  }
  return total;
}"""

PUT = """(records) => {
  for (const [key, value] of Object.entries(records)) localStorage.setItem('parlour.p2p.' + key, JSON.stringify(value));
}"""

KEYS = "Object.keys(localStorage).filter(k => k.startsWith('parlour.p2p.')).map(k => k.slice(12)).sort()"


def network_keys(page):
    return set(page.evaluate(KEYS))


#: Records each toast's kind and text as it is shown (an init script: the page may toast before its scripts finish).
TOASTS_SEEN = """window.toastsSeen = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.classList?.contains('toast')) window.toastsSeen.push([node.classList.contains('info') ? 'info' : 'error', node.textContent]);
  }
}).observe(document, { childList: true, subtree: true });"""

def test_storage_stale_network_records_are_pruned_when_the_page_starts(page, site_url, artifacts):
    page.goto(site_url)
    page.wait_for_function(LOBBY)
    now = page.evaluate("Date.now()")
    records = {
        "host.finished-old": {"over": True, "updated": now - 2 * DAY},
        "host.finished-new": {"over": True, "updated": now - HOUR},
        "host.paused-ancient": {"over": False, "updated": now - 40 * DAY},
        "host.live": {"over": False, "updated": now - 5 * DAY},
        "guest.ancient": {"table": "ancient", "result": None, "updated": now - 31 * DAY},
        "guest.legacy": {"table": "legacy", "result": None},  # written before records were dated
        "invite.aaa": "g3", "invite.bbb": "ancient", "invite.ccc": "never-saved",
        "guest.last": "ancient",
    }
    for i in range(25):
        records[f"guest.g{i}"] = {"table": f"g{i}", "result": None, "updated": now - i * 60_000 - 1000}
    page.evaluate(PUT, records)
    # an info toast lasts 3.5 s, less than the checks below can take on a busy machine: note every toast as it comes
    page.add_init_script(TOASTS_SEEN)
    page.reload()
    page.wait_for_function(LOBBY)
    assert network_keys(page) == set()  # moved into IndexedDB
    stored = page.evaluate(IDB_RECORDS_SETTLED)
    kept = set(stored)
    # at most 20 guest records: the legacy one (dated now) and the 19 most recent
    assert {k for k in kept if k.startswith("guest.")} == {"guest.legacy"} | {f"guest.g{i}" for i in range(19)}
    assert {k for k in kept if k.startswith("host.")} == {"host.finished-new", "host.live"}
    assert {k for k in kept if k.startswith("invite.")} == {"invite.aaa"}
    legacy = stored["guest.legacy"]
    assert abs(legacy["updated"] - now) < 60_000
    # a hosted table still in play went (too old): its "Resume hosting" would fail, so the person is told
    told = [text for kind, text in page.evaluate("window.toastsSeen") if kind == "info" and "removed from this browser" in text]
    assert len(told) == 1, page.evaluate("window.toastsSeen")
    assert "A hosted table not played for 30 days" in told[0]
    assert "can no longer be resumed for other devices" in told[0]
    page.screenshot(path=str(artifacts / "storage-pruned-hosted-table.png"))
    assert not page.errors


def test_storage_full_host_table_is_told_once_and_play_goes_on(page, site_url, artifacts):
    page.add_init_script(REFUSE_NETWORK_DB)
    page.goto(f"{site_url}?ice=")
    page.wait_for_function(LOBBY)
    assert page.evaluate(FILL) > 1_000_000
    host_table(page, site_url, "kings-progress", ["human", "remote"], names=["Hana", "guest"])
    toast = page.locator(".toast", has_text="storage for Parlour is full")
    toast.wait_for(timeout=30_000)
    text = toast.inner_text()
    assert "this hosted table can no longer be kept here" in text and "reloading this page would not restore" in text
    page.screenshot(path=str(artifacts / "storage-full-host-toast.png"))
    # the table itself goes on: the invite for the remote seat is made and shown
    page.wait_for_selector(".p2p-seat[data-seat='1'] textarea.invite-link", timeout=60_000)
    table_id = page.evaluate("location.hash.slice(6)")
    assert table_id and not page.evaluate(f"localStorage.getItem('parlour.p2p.host.{table_id}')")
    # another failed write of the same kind returns false and is not told again
    again = page.evaluate("""(id) => import('./js/net/store.js').then(s => s.saveHosted(id, {over: false, pad: 'y'.repeat(4096)}))""",
                          table_id)
    assert again is False
    assert page.locator(".toast").count() == 1
    assert not page.errors


def test_storage_full_prunes_oldest_stale_records_then_tells_what_still_fails(page, site_url, artifacts):
    page.add_init_script(REFUSE_NETWORK_DB)
    page.goto(site_url)
    page.wait_for_function(LOBBY)
    now = page.evaluate("Date.now()")
    page.evaluate(PUT, {
        # a finished hosted table goes first, whatever its age
        "host.done": {"over": True, "updated": now - 2 * HOUR, "pad": "d" * 40_000},
        # then the least recently written
        "guest.old": {"table": "old", "result": None, "updated": now - 3 * DAY, "pad": "o" * 40_000},
        "invite.xyz": "old",
        # never one written in the last hour
        "guest.recent": {"table": "recent", "result": None, "updated": now - 10 * 60_000, "pad": "r" * 40_000},
    })
    page.evaluate(FILL)
    saved = page.evaluate("""() => import('./js/net/store.js').then(s => s.saveHosted('t1', {over: false, pad: 'n'.repeat(20000)}))""")
    assert saved is True
    kept = network_keys(page)
    assert "host.t1" in kept and "host.done" not in kept  # only as much as the write needed
    assert {"guest.old", "guest.recent", "invite.xyz"} <= kept
    assert page.locator(".toast").count() == 0
    # a write too big for what is stale: every stale record goes, the recent one stays, the person is told
    page.evaluate(FILL)
    saved = page.evaluate("""() => import('./js/net/store.js').then(s => s.saveGuest('t2', {table: 't2', pad: 'g'.repeat(400000)}))""")
    assert saved is False
    kept = network_keys(page)
    assert "guest.old" not in kept and "invite.xyz" not in kept  # the invite pointed at the pruned record
    assert {"guest.recent", "host.t1"} <= kept and "guest.t2" not in kept
    toast = page.locator(".toast")
    toast.wait_for()
    assert toast.count() == 1
    assert "storage for Parlour is full" in toast.inner_text() and "your record of this table" in toast.inner_text()
    page.screenshot(path=str(artifacts / "storage-full-guest-toast.png"))
    # the in-memory game was never touched: the caller only learns `false`
    assert not page.errors
