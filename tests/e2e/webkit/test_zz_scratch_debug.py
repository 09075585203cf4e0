import time
import test_webkit_correspondence as t

PROBE = """(async () => {
  const withTimeout = (p, ms) => Promise.race([p, new Promise((r) => setTimeout(() => r('timeout'), ms))]);
  const out = {python: document.documentElement.dataset.python, cores: navigator.hardwareConcurrency};
  out.quick = await withTimeout(window.parlour.engine.quickStart, 500);
  out.games = await withTimeout(new Promise((resolve, reject) => {
    const open = indexedDB.open('parlour');
    open.onsuccess = () => { const get = open.result.transaction('games').objectStore('games').getAll();
      get.onsuccess = () => { open.result.close(); resolve(get.result.map((g) => ({guest: !!g.guest, verdict: g.verdict && g.verdict.kind, over: g.over, n: (g.actions||[]).length}))); }; };
    open.onerror = () => reject(open.error);
  }), 3000);
  out.bodyHas = [...document.querySelectorAll('.saved-game, #saved li')].map((e) => e.textContent.slice(0, 120));
  return JSON.stringify(out);
})()"""
WORKER = """(async () => {
  const msgs = [];
  const w = new Worker('/js/engine/worker.js', {type: 'module'});
  w.onmessage = (e) => msgs.push(JSON.stringify(e.data).slice(0, 100));
  w.onerror = (e) => msgs.push('error ' + e.message);
  await new Promise((r) => setTimeout(r, 40000));
  w.terminate();
  return msgs;
})()"""

def test_scratch(pw, wk_page, webkit_site, artifacts):
    t.test_webkit_guest_plays_a_correspondence_table_by_links(pw, wk_page, webkit_site, artifacts)
    print("end of game", wk_page.evaluate(PROBE.replace("window.parlour.engine.quickStart", "Promise.resolve('-')")), flush=True)
    wk_page.goto(f"{webkit_site.url}?botDelay=0")
    t0 = time.monotonic()
    for i in range(8):
        print(round(time.monotonic() - t0), wk_page.evaluate(PROBE), flush=True)
        time.sleep(8)
    print("worker", wk_page.evaluate(WORKER), flush=True)
    print(round(time.monotonic() - t0), wk_page.evaluate(PROBE), flush=True)
