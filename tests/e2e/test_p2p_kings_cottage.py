"""A whole King's Cottage over the network: the host (a person and a bot seat) and a
guest in another browser; the secret investments go commit-then-reveal.  The opening is clicked (the
stakes form included), the rest of the game goes through the tables' own action path."""
import json

from p2p_helpers import hosted_devices, play_all, received, wait_fair
from p2p_leaks import assert_no_hidden_values


def test_p2p_kings_cottage_with_bot_and_committed_investments(pw, site_url, artifacts):
    with hosted_devices(pw, site_url, game_id="kings-cottage", with_bot=True) as (host, guest):
        guest.wait_for_selector("#kc-invest", timeout=60_000)
        guest.screenshot(path=str(artifacts / "p2p-kc-guest-invest.png"))
        play_all([host, guest], seed=7, timeout_s=240, clicks_first=12)
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
        stray = guest.evaluate("[...document.querySelector('#table').childNodes].filter((n) => n.nodeType === 3)"
                               ".map((n) => n.textContent)")
        assert stray == [], f"text outside the table's parts (a guest has no look-back bar): {stray}"
        # every seat's key was shown with every event, and every person's move carries its signature
        events = [m for m in messages if m["t"] == "ev" and not m.get("waiting")]
        assert all(m["keys"][1] for m in events)
        signed_reveals = {(r["seat"], json.dumps(r["action"], sort_keys=True)) for r in fair_msg["reveals"] if r.get("sig")}
        for a in fair_msg["actions"]:
            if a["seat"] != 2:  # seat 3 is the host's bot
                assert a.get("sig") or (a["seat"], json.dumps(a["action"], sort_keys=True)) in signed_reveals, a
        for page in (host, guest):
            assert not page.errors, page.errors
