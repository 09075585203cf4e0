"""A whole King's Progress between three separate browsers, met through the real
invite link and answer code: the opening played by clicking on every device, the rest through the tables'
own action path (as a click sends a move); every guest checks the game at the end."""
import time

from contextlib import nullcontext

from p2p_helpers import connect, host_table, launch, new_page, play_all, received, wait_fair
from p2p_leaks import assert_no_hidden_values

#: moves made by clicking before the rest go through the tables
OPENING = 12


def test_p2p_kings_progress_three_browsers(pw, site_url, artifacts):
    with nullcontext(pw) as p:
        browsers = [launch(p) for _ in range(3)]
        host, g1, g2 = (new_page(b) for b in browsers)
        host_table(host, site_url, "kings-progress", ["human", "remote", "remote"], names=["Hana", "seat 2", "seat 3"])
        link1, code1, t1 = connect(host, g1, 1, "Gus", shots=artifacts)
        g1.screenshot(path=str(artifacts / "p2p-guest-connected.png"))
        link2, code2, t2 = connect(host, g2, 2, "Zoé <b>")
        print(f"invite link {len(link1)} chars, answer code {len(code1)} chars, connect {t1:.2f}s / {t2:.2f}s")
        assert len(code1) < 150 and len(code2) < 150
        for page in (host, g1, g2):
            page.wait_for_selector(".kp-board", timeout=60_000)
        assert g2.locator(".p2p-guest").count() == 1
        # from the first move on, every screen shows the same table code, with the line that says to compare it
        for page in (host, g1, g2):
            page.wait_for_selector(".table-code[data-code]", timeout=30_000)
        codes = {page.locator(".table-code").get_attribute("data-code") for page in (host, g1, g2)}
        assert len(codes) == 1 and all(len(c) == 9 for c in codes), codes
        assert "if yours match, you are all playing the same game" in g1.locator(".table-code").inner_text()
        g1.wait_for_function("document.querySelector('.log')?.textContent.includes('Zoé <b>')"
                             " || document.body.textContent.includes('Zoé <b>')", timeout=30_000)
        assert g1.locator("#table b").count() == 0, "a name was drawn as markup"
        shots = {"done": False}

        def tick(clicks):
            if clicks >= 6 and not shots["done"]:
                shots["done"] = True
                g1.screenshot(path=str(artifacts / "p2p-guest-board.png"))

        t0 = time.time()
        clicks = play_all([host, g1, g2], seed=3, on_tick=tick, clicks_first=OPENING)
        print(f"{clicks} moves ({OPENING} clicked) in {time.time() - t0:.1f}s")
        ledgers = set()
        for g in (g1, g2):
            fair, text = wait_fair(g)
            assert fair == "ok", text
            assert "Verified fair" in text
            # the verdict carries the table code and the code of the whole signed ledger, the same on every screen
            assert f"Table code {codes.copy().pop()}" in text, text
            ledgers.add(text.split("ledger code ")[1][:9])
            # why the game ended, from the guest's own replay, shown once verified (the host shows its own)
            assert "every city scored" in g.locator("#result .result-ending").inner_text()
        assert len(ledgers) == 1, ledgers
        assert "every city scored" in host.locator("#result .result-ending").inner_text()
        print("the deal's reveal step took", host.evaluate("window.parlourNet.host.unsealMs"), "ms; end checks took",
              [g.evaluate("window.parlourNet.guest.verifyMs") for g in (g1, g2)], "ms")
        g1.screenshot(path=str(artifacts / "p2p-guest-result.png"))
        assert host.locator("#result").count() == 1
        for seat, g in ((1, g1), (2, g2)):
            assert_no_hidden_values(received(g), seat)
        for page in (host, g1, g2):
            assert not page.errors, page.errors
        for b in browsers:
            b.close()
