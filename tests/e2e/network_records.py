"""Reading the network store's records (js/net/record-db.js) straight from IndexedDB in a test's page."""

#: a promise of every record of the network store in IndexedDB, as {key: parsed record}
READ_RECORDS = """new Promise((resolve, reject) => {
  const open = indexedDB.open('parlour-net');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const all = open.result.transaction('records').objectStore('records').getAll();
    all.onsuccess = () => { open.result.close(); resolve(Object.fromEntries(all.result.map((r) => [r.key, JSON.parse(r.text)]))); };
    all.onerror = () => reject(all.error);
  };
})"""

#: every record in IndexedDB, as it is now
IDB_RECORDS = f"() => {READ_RECORDS}"
#: every record in IndexedDB once this page's writes are in
IDB_RECORDS_SETTLED = ("() => import('./js/net/store.js').then((s) => s.networkStoreState().settled)"
                       f".then(() => {READ_RECORDS})")
