import time
import test_webkit_correspondence as t

PROBE = """(async () => {
  const msgs = [];
  const t0 = performance.now();
  const w = new Worker('/probe-worker2.js', {type: 'module'});
  w.onmessage = (e) => msgs.push(Math.round(performance.now() - t0) + ' ' + String(typeof e.data === 'string' ? e.data : JSON.stringify(e.data)).slice(0, 80));
  w.onerror = (e) => msgs.push('error ' + e.message);
  const fetches = {};
  for (const u of ['/js/engine/worker.js', '/build-info.json', '/pyodide/pyodide.asm.wasm', '/pyodide/python_stdlib.zip', '/pyodide/pyodide-lock.json']) {
    const s = performance.now();
    try {
      const r = await Promise.race([fetch(u, {cache: 'no-store'}).then((r) => r.arrayBuffer()), new Promise((_, j) => setTimeout(() => j(new Error('timeout')), 8000))]);
      fetches[u] = r.byteLength + ' in ' + Math.round(performance.now() - s);
    } catch (e) { fetches[u] = String(e); }
  }
  await new Promise((r) => setTimeout(r, 30000));
  w.terminate();
  return JSON.stringify({msgs, fetches, python: document.documentElement.dataset.python});
})()"""

def test_scratch(pw, wk_page, webkit_site, artifacts):
    t.test_webkit_guest_plays_a_correspondence_table_by_links(pw, wk_page, webkit_site, artifacts)
    wk_page.goto(f"{webkit_site.url}rules/kings-progress.html")
    print("rules", wk_page.evaluate(PROBE), flush=True)
