"""A whole Mansion over the network: the host (a person) and a guest in another browser.  Bids are a
simultaneous secret choice, so they go commit-then-reveal with no Mansion-specific network code; the
guest's forms arrive with its view.  The opening is clicked (the bid forms filled), the rest of the game
goes through the tables' own action path.  Two seats play some 180 moves, three some 300; a bot's seat in
a committed round is King's Cottage's network test."""
from p2p_helpers import hosted_devices, play_all, received, wait_fair
from p2p_leaks import assert_no_hidden_values


def test_p2p_mansion_bids_go_commit_then_reveal(pw, site_url, artifacts):
    with hosted_devices(pw, site_url, game_id="mansion") as (host, guest):
        guest.wait_for_selector("#mn-bid", timeout=60_000)
        guest.screenshot(path=str(artifacts / "p2p-mansion-guest-bid.png"))
        play_all([host, guest], seed=3, timeout_s=420, clicks_first=12)
        fair, text = wait_fair(guest, timeout=180_000)
        assert fair == "ok", text
        messages = received(guest)
        events = [m for m in messages if m["t"] == "ev" and not m.get("waiting")]
        assert any(m.get("forms") for m in events), "the guest was never sent its bid form"
        rounds = [m["round"] for m in events if m.get("round")]
        assert len({r["version"] for r in rounds}) >= 20, "each turn's bids must be a committed round"
        fair_msg = next(m for m in messages if m["t"] == "fair")
        guest_bids = [r for r in fair_msg["reveals"] if r["seat"] == 1 and r["action"]["type"] == "bid"]
        assert len(guest_bids) == 20, "every bid of the guest was revealed after its commitment"
        host_log = host.evaluate("window.parlourNet.host.netLog.map(e => e.text)")
        assert "committed to a secret choice" in host_log and "revealed their choice" in host_log
        assert_no_hidden_values(messages, 1)
        guest.screenshot(path=str(artifacts / "p2p-mansion-guest-result.png"), full_page=True)
        for page in (host, guest):
            assert not page.errors, page.errors
