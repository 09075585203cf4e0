"""Stage two of a guest's end check in real browsers: the bots' moves searched again over the page's worker and
a real extra Pyodide worker, "checking k of N" on the way to the final verdict; the check going on in the lobby
after the guest leaves the table, on the extra worker alone while another game is at the table (the page's worker
finishes its one search and is the game's), and after a reload from where it stopped; the saved-games list
showing each network game's verdict (the guest's) and table code (both).

The tables are King's Progress with an Easy bot, whose moves are quick to search.  So that each test sees a
state and not a race, the guest's page holds every `recheck_bots` request at its worker's door (RECHECK_GATE, an
init script) until the test lets some through: requests still go to the real workers, one engine at a time."""
import json
import re
import time
from urllib.parse import urlsplit

from clicking import leave_table, start_game
from p2p_helpers import connect, host_table, launch, new_page, play_all_through_tables, wait_fair

#: Holds the page's `recheck_bots` requests until `window.recheckGate.let(n)` lets n more through; notes which
#: worker each went to (1, 2, … in the order they were first asked) and its bot move.  The device counts two
#: cores here whatever the machine has: one extra worker beside the page's own.
RECHECK_GATE = """(() => {
  Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 2 });
  const post = Worker.prototype.postMessage;
  const ids = new WeakMap();
  const gate = { open: 0, held: [], sent: [], workers: 0 };
  const send = (e) => { gate.sent.push({ worker: e.worker, step: e.step }); e.go(); };
  gate.let = (n) => {
    gate.open += n;
    while (gate.open > 0 && gate.held.length) { gate.open -= 1; send(gate.held.shift()); }
  };
  Worker.prototype.postMessage = function (message, ...rest) {
    const request = message && typeof message.request === "string" ? message.request : "";
    if (!request.startsWith('{"op":"recheck_bots"')) return post.call(this, message, ...rest);
    if (!ids.has(this)) ids.set(this, ++gate.workers);
    const entry = { worker: ids.get(this), step: JSON.parse(request).checks[0].step, go: () => post.call(this, message, ...rest) };
    if (gate.open > 0) { gate.open -= 1; send(entry); } else gate.held.push(entry);
  };
  window.recheckGate = gate;
})()"""

#: The result dialog's verdict line.
FAIR = "document.querySelector('#fairness')"
#: The guest's saved game's verdict line in the lobby's list.
ROW_VERDICT = "document.querySelector('[data-saved^=\"guest-\"] .saved-verdict')"


def guest_table(p, url):
    """A King's Progress hosted by Hana with an Easy bot, the guest on seat 2 in another browser whose page holds
    its bot rechecks (RECHECK_GATE).  Returns (browsers, host, guest)."""
    browsers = [launch(p) for _ in range(2)]
    host, guest = (new_page(b) for b in browsers)
    guest.context.add_init_script(RECHECK_GATE)
    host_table(host, url, "kings-progress", ["human", "remote", "bot:easy"], names=["Hana", "guest", "Robo"])
    connect(host, guest, 1, "Gus")
    play_all_through_tables([host, guest], seed=5)
    return browsers, host, guest


def progress(page, expression):
    """(k, N) from a "… k of N" verdict line, with its <progress> saying the same."""
    text = page.evaluate(f"{expression}?.textContent ?? ''")
    k, n = map(int, re.search(r"(\d+) of (\d+)", text).groups())
    bar = page.evaluate(f"(() => {{ const b = {expression}?.querySelector('progress'); return b ? [b.value, b.max] : null; }})()")
    assert bar == [k, n], (text, bar)
    return k, n


def wait_progress(page, expression, k):
    page.wait_for_function(f"({expression}?.textContent ?? '').includes(' {k} of ')", timeout=60_000)
    return progress(page, expression)


def leave_finished_table(page):
    """Back to the lobby from a finished network table: the result put aside, then the bar's "Leave game"."""
    page.click("#result .see-board")
    leave_table(page)


def test_p2p_forge_proof_verdict_waits_for_the_bots_moves_searched_again_on_an_extra_worker_then_lists_the_game(pw, site_url, artifacts):
    browsers, host, guest = guest_table(pw, site_url)
    try:
        guest.wait_for_function(f"{FAIR}?.dataset.fair === 'checking' && {FAIR}.querySelector('progress')", timeout=60_000)
        assert guest.evaluate("window.parlourNet.guest.fairness") is None, "no verdict while the bots are searched"
        # the page's own worker and one extra worker each ask for a move: both are searching
        guest.wait_for_function("new Set(window.recheckGate.held.map((e) => e.worker)).size === 2", timeout=60_000)
        k, n = progress(guest, FAIR)
        assert k == 0 and n >= 10, (k, n)
        assert guest.evaluate(f"{FAIR}.textContent").startswith(
            f"Moves, deal and signatures verified; checking the bots' {n} moves: 0 of {n}.")
        guest.evaluate("window.recheckGate.let(3)")
        wait_progress(guest, FAIR, 3)
        guest.screenshot(path=str(artifacts / "p2p-recheck-progress.png"))
        guest.evaluate("window.recheckGate.let(1e9)")
        fair, text = wait_fair(guest)
        assert fair == "ok" and text.startswith("Verified fair:") and f"searched {n} bot moves again" in text, text
        # the verdict is drawn as it is reached; the table's `fairness` follows once the check has put it in this
        # device's record (an IndexedDB write, slow on a busy machine)
        guest.wait_for_function("window.parlourNet.guest.fairness != null", timeout=30_000)
        fairness = guest.evaluate("window.parlourNet.guest.fairness")
        assert fairness["ok"] and fairness["kind"] == "fair" and fairness["steps"][-1]["name"] == "every bot move is the bot's own choice"
        sent = guest.evaluate("window.recheckGate.sent")
        assert sorted(e["step"] for e in sent) == sorted({e["step"] for e in sent}) and len(sent) == n, "each move searched once"
        assert {e["worker"] for e in sent} == {1, 2}, "the page's own worker and an extra one both searched"
        stats = guest.evaluate("window.parlourChecks().then((c) => c.pool.stats)")
        assert stats["searched"]["own"] >= 1 and stats["searched"]["extra"] >= 1 and stats["extrasStarted"] == 1, stats
        extras = "window.parlourChecks().then((c) => c.pool.extras.length)"  # a promise: asked, not waited for
        deadline = time.monotonic() + 30
        while guest.evaluate(extras):
            assert time.monotonic() < deadline, "the extra worker is closed once no check is left"
            time.sleep(0.1)

        # the saved games: the guest's game with its verdict and codes, the host's with its table code
        code = guest.evaluate("window.parlourNet.guest.fairness.code")
        ledger = guest.evaluate("window.parlourNet.guest.fairness.ledger")
        # a reload at the finished table: nothing to join again, and the game is among the lobby's saved games
        guest.reload()
        guest.wait_for_selector(".p2p-join[data-step='finished']", timeout=30_000)
        assert "as Gus" in guest.inner_text(".p2p-join") and "lobby's saved games" in guest.inner_text(".p2p-join")
        guest.click(".p2p-join[data-step='finished'] button")
        guest.click("#saved details.finished summary")
        row = guest.locator("[data-saved^='guest-']")
        row.locator(".saved-verdict[data-fair='ok']").wait_for()
        assert row.locator(".saved-verdict").inner_text().startswith(f"Verified fair · Table code {code} · ledger code {ledger}")
        assert "joined as Gus" in row.inner_text() and "Hana" in row.inner_text()
        guest.screenshot(path=str(artifacts / "p2p-recheck-saved-games.png"))
        with guest.expect_download() as download:
            row.locator("button.export").click()
        record = json.loads(open(download.value.path()).read())
        assert record["network"] == {"role": "guest", "seat": 1, "table_code": code, "ledger_code": ledger,
                                     "verdict": {"kind": "fair", "text": record["network"]["verdict"]["text"], "bots": {"total": n, "done": n}}}
        assert record["network"]["verdict"]["text"].startswith("Verified fair:")
        moves = len(record["actions"])
        row.locator("button.replay").click()  # a network game replays like any finished game
        guest.wait_for_selector(f"[data-replay-step='{moves}']", timeout=30_000)
        assert guest.locator("#replay-counter").inner_text() == f"Move {moves} of {moves}"

        leave_finished_table(host)
        host.click("#saved details.finished summary")
        hosted = host.locator("[data-saved^='host-']")
        assert f"hosted for other devices · table code {code}" in hosted.inner_text()
        for page in (host, guest):
            assert not page.errors, page.errors
    finally:
        for b in browsers:
            b.close()


def test_p2p_forge_proof_check_goes_on_in_the_lobby_in_another_game_and_after_a_reload(pw, site_url, artifacts):
    browsers, host, guest = guest_table(pw, site_url)
    try:
        guest.wait_for_function(f"{FAIR}?.dataset.fair === 'checking' && {FAIR}.querySelector('progress')", timeout=60_000)
        guest.evaluate("window.recheckGate.let(2)")
        wait_progress(guest, FAIR, 2)
        table = guest.evaluate("window.parlourNet.guest.session.table")
        leave_finished_table(guest)  # the check goes on without the table
        guest.click("#saved details.finished summary")
        _, n = progress(guest, ROW_VERDICT)
        assert guest.evaluate(f"{ROW_VERDICT}.dataset.fair") == "checking"
        guest.evaluate("window.recheckGate.let(3)")
        assert wait_progress(guest, ROW_VERDICT, 5) == (5, n), "the list's line follows the check"
        guest.screenshot(path=str(artifacts / "p2p-recheck-lobby-progress.png"))

        # another game starts: the page's worker finishes the one search it has and takes no other
        guest.wait_for_function("new Set(window.recheckGate.held.map((e) => e.worker)).size === 2", timeout=60_000)
        start_game(guest, site_url, "kings-progress", ["human", "bot"], query=urlsplit(guest.url).query, in_app=True)
        before = guest.evaluate("window.recheckGate.sent.length")
        guest.evaluate("window.recheckGate.let(4)")
        guest.wait_for_function(f"window.recheckGate.sent.length === {before + 4} && window.recheckGate.held.length", timeout=60_000)
        during = guest.evaluate(f"window.recheckGate.sent.slice({before}).map((e) => e.worker)")
        assert during.count(1) == 1 and during.count(2) == 3, during
        assert guest.evaluate("window.recheckGate.held.every((e) => e.worker === 2)")
        leave_table(guest)
        guest.click("#saved details.finished summary")
        wait_progress(guest, ROW_VERDICT, 9)

        # what this device kept: the 9 answers (every other request is held at the door, so none is in flight)
        guest.wait_for_function("new Set(window.recheckGate.held.map((e) => e.worker)).size === 2", timeout=60_000)
        kept = guest.evaluate(f"import('./js/net/store.js').then((s) => s.loadGuest('{table}').check.state.done)")
        assert len(kept) == 9 and all(kept.values()), kept

        guest.reload()  # the tab closed and opened again: the gate is closed again in the new page
        guest.wait_for_selector("#saved details.finished summary")
        guest.click("#saved details.finished summary")
        guest.wait_for_function(f"{ROW_VERDICT}?.dataset.fair === 'checking'")
        assert progress(guest, ROW_VERDICT) == (9, n), "the check resumes where it stopped, not from zero"
        guest.evaluate("window.recheckGate.let(1e9)")
        guest.wait_for_function(f"{ROW_VERDICT}?.dataset.fair === 'ok'", timeout=90_000)
        again = guest.evaluate("window.recheckGate.sent.map((e) => e.step)")
        assert len(again) == n - 9 and not set(map(int, kept)) & set(again), "nothing searched twice"
        assert guest.evaluate(f"{ROW_VERDICT}.textContent").startswith("Verified fair · Table code ")
        record = guest.evaluate(f"import('./js/net/store.js').then((s) => s.loadGuest('{table}'))")
        assert record["verdict"]["kind"] == "fair" and record["check"] is None
        for page in (host, guest):
            assert not page.errors, page.errors
    finally:
        for b in browsers:
            b.close()
