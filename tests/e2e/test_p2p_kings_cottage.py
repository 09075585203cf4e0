"""A whole King's Cottage over the network: the host (a person and a bot seat) and a
guest in another browser; the secret investments go commit-then-reveal."""
from p2p_helpers import hosted_devices, play_all, received, wait_fair
from p2p_leaks import assert_no_hidden_values


def test_p2p_kings_cottage_with_bot_and_committed_investments(pw, site_url, artifacts):
    with hosted_devices(pw, site_url, game_id="kings-cottage", with_bot=True) as (host, guest):
        guest.wait_for_selector("#kc-invest", timeout=60_000)
        guest.screenshot(path=str(artifacts / "p2p-kc-guest-invest.png"))
        play_all([host, guest], seed=7, timeout_s=240)
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        messages = received(guest)
        rounds = [m["round"] for m in messages if m["t"] == "ev" and m.get("round")]
        assert rounds, "the investments were not a committed round"
        last = rounds[-1]
        assert sorted(last["seats"]) == [0, 1, 2] and len(last["committed"]) == 3 and last["reveal"]
        fair_msg = next(m for m in messages if m["t"] == "fair")
        assert sorted(r["seat"] for r in fair_msg["reveals"]) == [0, 1, 2]
        host_log = host.evaluate("window.parlourNet.host.netLog.map(e => e.text)")
        assert "committed to a secret choice" in host_log and "revealed their choice" in host_log
        assert_no_hidden_values(messages, 1)
        guest.screenshot(path=str(artifacts / "p2p-kc-guest-result.png"))
        for page in (host, guest):
            assert not page.errors, page.errors
