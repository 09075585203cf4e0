"""A full storage for real, for the tests of what a table does when its saves are refused: the origin's
quota lowered through the DevTools protocol (Storage.overrideQuotaForOrigin) to what it uses now, then
waited on until IndexedDB refuses a write, and given back afterwards.

Chromium's IndexedDB trusts the room it last found free for about half a minute, so a lowered quota
bites only once that runs out, or at once for a write larger than that room.  A test that caps the
origin's quota at ROOM (`cap_storage`) before its page first writes keeps that room small, and
`fill_storage(..., capped=True)` then makes one write larger than it: the browser asks the quota again,
refuses, and refuses every write after it, with no half minute of waiting."""
import time

#: a write of `size` bytes to a database of the test's own: "written", or the name of the error that refused it
WRITE = """(size) => new Promise((resolve) => {
  const open = indexedDB.open('quota-probe');
  open.onupgradeneeded = () => open.result.createObjectStore('probe');
  open.onerror = () => resolve(open.error.name);
  open.onsuccess = () => {
    const tx = open.result.transaction('probe', 'readwrite');
    tx.objectStore('probe').put(new Uint8Array(size), Date.now());
    tx.oncomplete = () => { open.result.close(); resolve('written'); };
    tx.onabort = () => { open.result.close(); resolve(tx.error ? tx.error.name : 'aborted'); };
  };
})"""
#: a small write (WRITE's size)
PROBE_BYTES = 256
#: the quota of a capped origin (`cap_storage`): room for the site's offline copy (some 30 MB) and its games
ROOM = 80_000_000
FULL_WITHIN_S = 90
PROBE_EVERY_MS = 1000
#: the storage used, once the offline copy is complete where a service worker registered (it stops growing then)
OFFLINE_COPY_DONE = """navigator.serviceWorker.getRegistration()
  .then((r) => r && navigator.serviceWorker.ready).then(() => navigator.storage.estimate()).then((e) => e.usage)"""


def origin(site_url):
    return site_url.rstrip("/")


def cap_storage(cdp, site_url):
    """Cap the origin's quota at ROOM bytes, before the test's page first writes (see above)."""
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin(site_url), "quotaSize": ROOM})


def fill_storage(cdp, site_url, page, below=0, capped=False):
    """Make the origin's quota what it uses now (less `below` bytes), and wait until IndexedDB refuses a write.

    Chromium's IndexedDB keeps the space it last found free for a while (about half a minute here), so
    the override bites once that runs out: a small write to a database of the test's own is tried each
    second until the browser refuses it, as it then refuses the table's next save.  When the test
    capped the origin's quota from its start (`cap_storage`), one write larger than ROOM makes the
    browser ask the quota again at once.  With `below`, a little room the origin's use may give back
    meanwhile (its databases tidied) lets no write through."""
    usage = page.evaluate(OFFLINE_COPY_DONE)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin(site_url), "quotaSize": max(0, usage - below)})
    if capped:
        large = page.evaluate(WRITE, ROOM + 1)
        assert large == "QuotaExceededError", f"a write of {ROOM + 1} bytes under a full quota: {large}"
    deadline = time.monotonic() + FULL_WITHIN_S
    while (answer := page.evaluate(WRITE, PROBE_BYTES)) == "written":
        if time.monotonic() > deadline:
            raise AssertionError(f"IndexedDB still accepts writes {FULL_WITHIN_S} s after the quota was lowered")
        page.wait_for_timeout(PROBE_EVERY_MS)
    assert answer == "QuotaExceededError", answer


def free_storage(cdp, site_url):
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin(site_url)})
