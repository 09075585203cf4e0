"""The worker's memory snapshot of Python, as this device keeps it (js/engine/worker.js): read and
damaged from the page, for the first-visit tests and the bench.  Opening the database never creates
it (an empty one made by a test would hide the worker's store)."""
import time

#: The kept record's key, the snapshot's length, the bytes kept of it (its non-zero pages) and what holds
#: them (`kind`: "Blob" or "ArrayBuffer"), or null: without creating the database.
KEPT_SNAPSHOT = """() => new Promise((done) => {
  const opening = indexedDB.open('parlour-python');
  opening.onupgradeneeded = () => opening.transaction.abort();
  opening.onerror = () => done(null);
  opening.onsuccess = () => {
    const db = opening.result;
    if (!db.objectStoreNames.contains('snapshot')) { db.close(); done(null); return; }
    const get = db.transaction('snapshot').objectStore('snapshot').get('memory');
    get.onsuccess = () => {
      db.close();
      const kept = get.result;
      // the pages: a Blob, or one ArrayBuffer where the worker cannot store a Blob (WebKitGTK)
      const blob = kept && kept.pages instanceof Blob;
      done(kept ? {key: kept.key, bytes: kept.bytes, stored: blob ? kept.pages.size : kept.pages.byteLength,
                   kind: blob ? 'Blob' : 'ArrayBuffer'} : null);
    };
  };
})"""

#: Rewrites the kept record's fields (`key`, `pages` as bytes) to stand for a stale or broken snapshot.
SPOIL_SNAPSHOT = """(change) => new Promise((done, fail) => {
  const opening = indexedDB.open('parlour-python');
  opening.onsuccess = () => {
    const db = opening.result;
    const store = db.transaction('snapshot', 'readwrite').objectStore('snapshot');
    const get = store.get('memory');
    get.onsuccess = () => {
      const kept = get.result;
      if (change.key) kept.key = change.key;
      if (change.pages) kept.pages = new Blob([new Uint8Array(change.pages)]);
      store.put(kept, 'memory').onsuccess = () => { db.close(); done(true); };
    };
    get.onerror = () => fail(get.error);
  };
  opening.onerror = () => fail(opening.error);
})"""

#: Seconds between looks at the database while waiting.
POLL_S = 0.5
#: Seconds a first visit may take to keep its snapshot after Python is ready (on a loaded machine).
KEEP_TIMEOUT_S = 120


def kept_snapshot(page):
    """The snapshot this device keeps: {"key", "bytes", "stored"}, or None."""
    return page.evaluate(KEPT_SNAPSHOT)


def wait_snapshot_kept(page, timeout_s: float = KEEP_TIMEOUT_S, read=kept_snapshot):
    """Waits until the worker has kept its snapshot and returns it (`read`: how this browser's driver reads
    it, kept_snapshot for Playwright's pages).  Polled from here: a predicate's promise would count as true
    in wait_for_function."""
    deadline = time.monotonic() + timeout_s
    while (kept := read(page)) is None:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the worker kept no Python snapshot within {timeout_s} s of starting")
        time.sleep(POLL_S)
    return kept


def spoil_snapshot(page, key=None, pages=None):
    """Gives the kept snapshot another build's key, or other bytes for its pages (a list of ints)."""
    page.evaluate(SPOIL_SNAPSHOT, {"key": key, "pages": pages})
