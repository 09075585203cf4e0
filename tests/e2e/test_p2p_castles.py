"""Castles over the network: nothing in js/net knows the game, so a whole game (several rounds,
hidden proper tiles and army values) must play, stay leak-free and verify as fair like the others.
A scored round shows at both devices and holds up nobody's turn.  The opening is clicked, the rest of
the game goes through the tables' own action path (as a click sends a move)."""
from contextlib import nullcontext

from p2p_helpers import connect, host_table, host_version, launch, new_page, play_all, received, wait_fair
from p2p_leaks import assert_no_hidden_values


def test_p2p_castles_whole_game_with_a_guest(pw, site_url, artifacts):
    with nullcontext(pw) as p:
        browsers = [launch(p) for _ in range(2)]
        host, guest = (new_page(b) for b in browsers)
        host_table(host, site_url, "castles", ["human", "remote"], names=["Hana", "guest"])
        connect(host, guest, 1, "Gus")
        # the round screen: when it comes up at a device, and whether moves went on behind it while it was open
        opened, moved_behind = {}, []

        def watch_round_screens(_clicks):
            for name, page in (("host", host), ("guest", guest)):
                if not page.locator("#interlude").count():
                    opened.pop(name, None)
                    continue
                version = host_version(host)
                opened.setdefault(name, version)
                if version > opened[name]:
                    moved_behind.append(name)

        play_all([host, guest], seed=3, timeout_s=240, on_tick=watch_round_screens, clicks_first=16)
        for page in (host, guest):  # two players, two rounds: round 1's screen came up at both devices
            assert page.evaluate("[...(window.parlourNet.host ?? window.parlourNet.guest).view.interludes]") == ["round:1"]
        assert moved_behind, "no move was made while a device showed the round screen: it held up the game"
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        assert_no_hidden_values(received(guest), 1)
        guest.screenshot(path=str(artifacts / "p2p-castles-guest-result.png"))
        for page in (host, guest):
            assert not page.errors, page.errors
        for b in browsers:
            b.close()
