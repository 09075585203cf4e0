"""169 over the network: a host and a guest in two browsers play a whole game, its opening by clicking
the 169 board (buys, creature moves, passes), the rest through the tables' own action path.  Each seat's coordinate cards are private, so every
event the guest received must be exactly the engine's view for the guest, and the game must
verify as fair at the end."""
from contextlib import nullcontext

from clicking import start_game
from p2p_helpers import connect, launch, new_page, play_all, received, wait_fair
from p2p_leaks import assert_no_hidden_values


def test_p2p_one_six_nine_whole_game_with_a_guest(pw, site_url, artifacts):
    with nullcontext(pw) as p:
        browsers = [launch(p) for _ in range(2)]
        host, guest = (new_page(b) for b in browsers)
        # a hosted table, as p2p_helpers.host_table opens one, with a shorter game (20 turns)
        start_game(host, site_url, "one-six-nine", ["human", "remote"], query="botDelay=0&ice=",
                   names=["Hana", "guest"], options={"last_turn": "20"})
        host.wait_for_selector(".p2p-host")
        connect(host, guest, 1, "Gus")
        guest.wait_for_selector(".osn-grid", timeout=60_000)
        assert guest.locator(".osn-grid .sq").count() == 169
        clicks = play_all([host, guest], seed=3, timeout_s=420, clicks_first=12)
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        messages = received(guest)
        assert_no_hidden_values(messages, 1)
        # the guest's board drew its own cards only: the last view it got names them, and no other hand
        last = [m for m in messages if m["t"] == "ev" and not m.get("waiting")][-1]
        assert last["view"]["seat"] == 1 and last["view"]["hand"] is not None
        assert guest.locator("#board .osn-card").count() == len(last["view"]["hand"])
        for page in (host, guest):
            page.locator("#result").wait_for()
            assert page.locator("#result .osn-result-table tbody tr").count() == 2
        log = guest.locator(".log li").all_inner_texts()
        # the guest reads its own buys in its own words (parlour/wording.py), the host's by name
        for start, who in (("Hana buys ", "Hana"), ("You buy ", "Gus")):
            assert any(line.startswith(start) for line in log), f"{who} bought nothing: {log[:8]}"
        assert any(" moves from " in line for line in log), "no creature moved"
        print(f"{clicks} moves; {len(log)} log lines; last: {log[-1]}")
        guest.screenshot(path=str(artifacts / "p2p-one-six-nine-guest-result.png"))
        for page in (host, guest):
            assert not page.errors, page.errors
        for b in browsers:
            b.close()
