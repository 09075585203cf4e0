"""The network tables' records in IndexedDB (js/net/record-db.js under js/net/store.js): a hosted table's record,
by links or over WebRTC, is kept in IndexedDB and not in localStorage; records an older Parlour left in
localStorage move in when the page starts and the table still opens from the lobby; a second tab of the same
browser sees a table the first one hosts in its lobby list without a reload; where IndexedDB refuses to open,
the records stay in localStorage as before; a full IndexedDB is told once, as a full localStorage was."""
import json

from clicking import start_game
from p2p_helpers import host_table
from storage_quota import cap_storage, fill_storage, free_storage
from network_records import IDB_RECORDS
from tabs import LOBBY, PLAIN, new_tab

NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"

#: the network store's keys in localStorage (the older Parlour's place), without the prefix
LOCAL_KEYS = "Object.keys(localStorage).filter(k => k.startsWith('parlour.p2p.')).map(k => k.slice(12)).sort()"
#: every write so far committed
SETTLED = "import('./js/net/store.js').then((s) => s.networkStoreState().settled)"
BACKEND = "import('./js/net/store.js').then((s) => s.networkStoreState().backend)"
#: as an older Parlour left things: the records in localStorage, no database
TO_LOCAL_STORAGE = """(records) => new Promise((resolve, reject) => {
  for (const [key, value] of Object.entries(records)) localStorage.setItem('parlour.p2p.' + key, JSON.stringify(value));
  const gone = indexedDB.deleteDatabase('parlour-net');
  gone.onsuccess = () => resolve(true);
  gone.onerror = () => reject(gone.error);
  gone.onblocked = () => resolve('blocked');
})"""


def idb_records(page):
    page.evaluate(SETTLED)
    return page.evaluate(IDB_RECORDS)


def host_by_links(page, site_url):
    """Host King's Progress by links (no WebRTC on this page): the table's id."""
    start_game(page, site_url, "kings-progress", ["human", "remote"], query="botDelay=0", names=["Hana", "guest"])
    page.wait_for_selector(".mail-host", timeout=60_000)
    page.locator(".p2p-seat[data-seat='1'] textarea.invite-link").wait_for(timeout=30_000)
    page.wait_for_function("location.hash.startsWith('#host=')")
    return page.evaluate("location.hash.slice(6)")


def test_store_a_hosted_table_is_kept_in_indexeddb_not_localstorage(page, site_url):
    host_table(page, site_url, "kings-progress", ["human", "remote"], names=["Hana", "guest"])
    page.wait_for_selector(".p2p-seat[data-seat='1'] textarea.invite-link", timeout=30_000)
    table_id = page.evaluate("location.hash.slice(6)")
    assert page.evaluate(BACKEND) == "indexeddb"
    records = idb_records(page)
    assert f"host.{table_id}" in records
    assert records[f"host.{table_id}"]["id"] == table_id
    assert page.evaluate(LOCAL_KEYS) == []
    assert not page.errors


def test_store_by_links_old_localstorage_records_move_in_and_the_table_opens(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    context.add_init_script(NO_WEBRTC)
    page = new_tab(context)
    table_id = host_by_links(page, site_url)
    records = idb_records(page)
    hosted = records[f"host.{table_id}"]
    assert hosted.get("byLinks") or hosted.get("mail")
    assert page.evaluate(LOCAL_KEYS) == []
    # as an older Parlour left it: the same records in localStorage, and no database (done from a page of the
    # site's origin that runs none of its scripts, so that no page holds the database open)
    page.goto(f"{site_url}games.json")
    assert page.evaluate(TO_LOCAL_STORAGE, records) is True
    page.goto(site_url)
    page.wait_for_function(LOBBY)
    row = page.locator(f"[data-link-table='host-{table_id}']")
    row.wait_for(timeout=10_000)
    assert page.evaluate(LOCAL_KEYS) == []
    assert f"host.{table_id}" in idb_records(page)
    page.screenshot(path=str(artifacts / "store-migrated-lobby.png"))
    row.locator("button.open-link-table").click()
    page.wait_for_selector(".mail-host", timeout=60_000)
    page.locator(".p2p-seat[data-seat='1'] textarea.invite-link").wait_for(timeout=30_000)
    assert page.evaluate("location.hash") == f"#host={table_id}"
    assert not page.errors
    context.close()


def test_store_by_links_second_tab_lobby_follows_without_reload(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    context.add_init_script(NO_WEBRTC)
    lobby = new_tab(context)
    lobby.goto(f"{site_url}?botDelay=0")
    lobby.wait_for_function(LOBBY)
    assert lobby.locator(".link-tables-all").count() == 0
    host = new_tab(context)
    table_id = host_by_links(host, site_url)
    # the first tab, never reloaded, lists the table the second one hosts
    row = lobby.locator(f"[data-link-table='host-{table_id}']")
    row.wait_for(timeout=10_000)
    assert lobby.evaluate("() => import('./js/net/store.js').then((s) => s.networkStoreState().backend)") == "indexeddb"
    lobby.screenshot(path=str(artifacts / "store-second-tab-lobby.png"))
    # a record written in one tab is read in the other at once, through the store's own calls
    host.evaluate("""(id) => import('./js/net/store.js').then((s) => {
      const r = s.loadHosted(id); r.mailStatus = {...r.mailStatus, title: 'Renamed elsewhere'}; s.saveHosted(id, r); })""", table_id)
    lobby.wait_for_function("""(id) => import('./js/net/store.js').then((s) => s.loadHosted(id).mailStatus.title === 'Renamed elsewhere')""",
                            arg=table_id, timeout=10_000)
    lobby.locator(f"[data-link-table='host-{table_id}']", has_text="Renamed elsewhere").wait_for(timeout=10_000)
    assert not lobby.errors and not host.errors
    context.close()


def test_store_without_indexeddb_keeps_records_in_localstorage(browser, site_url):
    """A private window that refuses IndexedDB for these records: they stay in localStorage, as before."""
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    context.add_init_script("""(() => {
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (name, ...rest) {
        if (name === 'parlour-net') throw new DOMException('refused', 'InvalidStateError');
        return open.call(this, name, ...rest);
      };
    })();""")
    page = new_tab(context)
    host_table(page, site_url, "kings-progress", ["human", "remote"], names=["Hana", "guest"])
    page.wait_for_selector(".p2p-seat[data-seat='1'] textarea.invite-link", timeout=30_000)
    table_id = page.evaluate("location.hash.slice(6)")
    assert page.evaluate(BACKEND) == "localStorage"
    assert f"host.{table_id}" in page.evaluate(LOCAL_KEYS)
    kept = json.loads(page.evaluate(f"localStorage.getItem('parlour.p2p.host.{table_id}')"))
    assert kept["id"] == table_id
    assert not page.errors
    context.close()


def test_store_full_indexeddb_is_told_once_and_the_page_keeps_its_copy(browser, site_url, artifacts):
    """IndexedDB refuses a record (the origin's quota is full: tests/e2e/storage_quota.py): the write was
    already in the page's copy, so the call returns true and the page reads it; the refusal comes a moment
    later and is told once, as a full localStorage was."""
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    cdp = context.new_cdp_session(page)
    cap_storage(cdp, site_url)
    try:
        page.goto(site_url)
        page.wait_for_function(LOBBY)
        fill_storage(cdp, site_url, page, capped=True)
        for i in range(2):
            saved = page.evaluate("""(i) => import('./js/net/store.js').then((s) =>
              s.saveHosted('full' + i, {id: 'full' + i, over: false, pad: 'n'.repeat(20000)}))""", i)
            assert saved is True
        assert page.evaluate("import('./js/net/store.js').then((s) => s.loadHosted('full1').id)") == "full1"
        toast = page.locator(".toast", has_text="storage for Parlour is full")
        toast.wait_for(timeout=30_000)
        assert "this hosted table can no longer be kept here" in toast.inner_text()
        page.screenshot(path=str(artifacts / "store-indexeddb-full-toast.png"))
        records = idb_records(page)
        assert "host.full0" not in records and "host.full1" not in records
        assert page.locator(".toast", has_text="storage for Parlour is full").count() == 1
        assert not page.errors
    finally:
        free_storage(cdp, site_url)
        context.close()
