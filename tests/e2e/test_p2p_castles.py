"""Castles over the network: nothing in js/net knows the game, so a whole game (several rounds,
hidden proper tiles and army values) must play, stay leak-free and verify as fair like the others."""
from contextlib import nullcontext

from p2p_helpers import connect, host_table, launch, new_page, play_all, received, wait_fair
from p2p_leaks import assert_no_hidden_values


def test_p2p_castles_whole_game_with_a_guest(pw, site_url, artifacts):
    with nullcontext(pw) as p:
        browsers = [launch(p) for _ in range(2)]
        host, guest = (new_page(b) for b in browsers)
        host_table(host, site_url, "castles", ["human", "remote"], names=["Hana", "guest"])
        connect(host, guest, 1, "Gus")
        play_all([host, guest], seed=3, timeout_s=240)
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        assert_no_hidden_values(received(guest), 1)
        guest.screenshot(path=str(artifacts / "p2p-castles-guest-result.png"))
        for page in (host, guest):
            assert not page.errors, page.errors
        for b in browsers:
            b.close()
