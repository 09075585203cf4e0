"""The saved games' database across versions (js/store/games-db.js): a newer Parlour in another tab
takes it over (this tab closes its connection and says so), and an older one that holds it open
is named (close the other tabs) instead of leaving the page hanging.  Saved games stay."""
import os
import re
import time

from tabs import LOBBY, new_tab

SAVED_LIST_DRAWN = "document.querySelector('#saved .open-record-row') !== null"

SAVE_ONE = """(id) => import('./js/store/games-db.js').then(db => db.saveGame({
  id, game: 'kings-progress', title: "The King's Progress", options: {}, seed: 5,
  seats: [{kind: 'human', name: 'Ada'}, {kind: 'bot', name: 'Bot'}],
  actions: [], result: null, created: Date.now(), updated: Date.now(),
}))"""

TRY_SAVE = """(id) => import('./js/store/games-db.js').then(db => db.saveGame({
  id, game: 'kings-progress', options: {}, seed: 1, seats: [], actions: [], result: null, created: 1, updated: 1,
})).then(() => 'saved', (err) => 'refused: ' + err.message)"""

READ_IDS_AT = """(version) => new Promise((resolve, reject) => {
  const open = indexedDB.open('parlour', version);
  open.onerror = () => reject(open.error);
  open.onblocked = () => reject(new Error('blocked'));
  open.onsuccess = () => {
    const database = open.result;
    const all = database.transaction('games').objectStore('games').getAllKeys();
    all.onsuccess = () => { database.close(); resolve([database.version, all.result]); };
  };
})"""


def test_storage_versionchange_from_another_tab_closes_and_says_so(browser, site_url, artifacts):
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    first = new_tab(context)
    first.goto(site_url)
    first.wait_for_function(LOBBY)
    first.wait_for_function(SAVED_LIST_DRAWN)  # the lobby has opened the database
    first.evaluate(SAVE_ONE, "g-kept")
    # another tab, as a newer Parlour would: open the database one version up
    other = new_tab(context)
    other.goto(site_url)
    other.wait_for_function(SAVED_LIST_DRAWN)
    version, ids = other.evaluate(READ_IDS_AT, 2)
    assert version == 2 and "g-kept" in ids  # not blocked: every Parlour tab let go; the data stays
    notice = first.locator("#storage-notice[data-kind='versionchange']")
    notice.wait_for(timeout=10_000)
    assert "Parlour was updated in another tab" in notice.inner_text()
    assert "every game saved so far is safe" in notice.inner_text()
    first.screenshot(path=str(artifacts / "storage-updated-in-another-tab.png"))
    # later saves in the old tab are refused with that reason, never an unhandled rejection
    assert first.evaluate(TRY_SAVE, "g-late") == "refused: " + first.evaluate(
        "import('./js/store/games-db.js').then(db => db.UPDATED_ELSEWHERE)")
    first.evaluate("import('./js/store/games-db.js').then(db => db.listGames()).catch(() => {})")
    assert not first.errors and not other.errors
    context.close()


def test_storage_blocked_upgrade_asks_to_close_the_other_tabs(browser, site_copy, artifacts):
    site, url = site_copy
    # no service worker: each page loads straight from the server, so two versions can meet in one browser
    context = browser.new_context(viewport={"width": 1300, "height": 900}, service_workers="block")
    old = new_tab(context)
    old.goto(url)
    old.wait_for_function(SAVED_LIST_DRAWN)
    old.evaluate(SAVE_ONE, "g-kept")
    # an older Parlour that does not let go of the database (as builds before this handling did)
    old.evaluate("""() => new Promise((resolve) => {
      const open = indexedDB.open('parlour');
      open.onsuccess = () => { window.heldDatabase = open.result; resolve(); };
    })""")
    # a new build whose database is one version up (games-db.js's code is in one of the build's bundles,
    # where its constants are declared with var)
    version = re.compile(r"\b(const|var) DB_VERSION = 1;")
    module = next(path for path in sorted((site / "js").rglob("*.js")) if version.search(path.read_text()))
    module.write_text(version.sub(r"\1 DB_VERSION = 2;", module.read_text()))
    later = time.time() + 10
    os.utime(module, (later, later))  # newer than what the HTTP cache holds
    new = new_tab(context)
    new.goto(url)
    new.wait_for_function(LOBBY)
    notice = new.locator("#storage-notice[data-kind='blocked']")
    notice.wait_for(timeout=10_000)
    assert "close Parlour's other tabs" in notice.inner_text()
    new.screenshot(path=str(artifacts / "storage-blocked-close-other-tabs.png"))
    # a save while blocked does not hang: it is refused with the reason
    assert "close Parlour's other tabs" in new.evaluate(TRY_SAVE, "g-blocked")
    # the old tab's own connection closed and said so; the held one is let go too
    old.locator("#storage-notice[data-kind='versionchange']").wait_for(timeout=10_000)
    old.evaluate("window.heldDatabase.close()")
    # the open goes on: the notice goes and the saved game is listed
    new.wait_for_selector("#storage-notice", state="detached", timeout=10_000)
    row = new.locator("#in-progress .saved-game")
    row.wait_for(timeout=10_000)
    assert "The King's Progress" in row.inner_text()
    assert new.evaluate(TRY_SAVE, "g-after") == "saved"
    assert not old.errors and not new.errors
    context.close()
