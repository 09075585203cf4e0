import time
import test_webkit_correspondence as t

IDB = """(async () => {
  const withTimeout = (p, ms) => Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), ms))]);
  const out = {};
  try {
    const db = await withTimeout(new Promise((res, rej) => { const o = indexedDB.open('parlour-python', 1); o.onsuccess = () => res(o.result); o.onerror = () => rej(o.error); o.onblocked = () => { out.blocked = true; }; }), 5000);
    out.opened = true;
    const rec = await withTimeout(new Promise((res, rej) => { const r = db.transaction('snapshot').objectStore('snapshot').get('memory'); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); }), 5000);
    out.rec = rec ? {key: rec.key, bytes: rec.bytes, size: rec.pages && rec.pages.size} : null;
    if (rec) { out.reading = true; const buf = await withTimeout(rec.pages.arrayBuffer(), 10000); out.read = buf.byteLength; }
    db.close();
  } catch (e) { out.error = String(e); }
  return JSON.stringify(out);
})()"""
WORKER = """(async () => {
  const msgs = [];
  const w = new Worker('/js/engine/worker.js', {type: 'module'});
  w.onmessage = (e) => msgs.push(JSON.stringify(e.data).slice(0, 300));
  w.onerror = (e) => msgs.push('error ' + e.message);
  await new Promise((r) => setTimeout(r, 40000));
  w.terminate();
  return msgs;
})()"""

def test_scratch(pw, wk_page, webkit_site, artifacts):
    t.test_webkit_guest_plays_a_correspondence_table_by_links(pw, wk_page, webkit_site, artifacts)
    print("at end of game", wk_page.evaluate(IDB), flush=True)
    wk_page.goto(f"{webkit_site.url}rules/kings-progress.html")
    print("rules page", wk_page.evaluate(IDB), flush=True)
    print("worker", wk_page.evaluate(WORKER), flush=True)
    print("rules page", wk_page.evaluate(IDB), flush=True)
