"""Connections drop: a guest reloads and resumes, the host reloads and its table comes
back, an away seat is handed to a bot.  No move is lost in any of these."""
import time

from p2p_helpers import (connect, host_version, hosted_devices, play_all_through_tables, play_some, quiet_version,
                         wait_fair)

#: the host's link to seat 1: closed or not, how long it has heard nothing, and after how long silence means away
SEAT_1_LINK = """() => import('./js/net/link.js').then(({AWAY_MS}) => {
  const link = window.parlourNet.host.conns.filter(c => c.seat === 1).at(-1).link;
  return {closed: link.closed, silent_ms: Date.now() - link.lastHeard, away_ms: AWAY_MS}; })"""


def rejoin_link(host, seat):
    host.wait_for_selector(f".p2p-seat[data-seat='{seat}'][data-state='away']", timeout=15_000)
    block = f".p2p-seat[data-seat='{seat}']"
    host.wait_for_selector(f"{block} textarea.invite-link, {block} .rejoin", timeout=30_000)
    if host.locator(f"{block} textarea.invite-link").count() == 0:
        host.click(f".p2p-seat[data-seat='{seat}'] .rejoin")
    box = host.locator(f".p2p-seat[data-seat='{seat}'] textarea.invite-link")
    box.wait_for(timeout=30_000)
    return box.input_value()


def test_p2p_guest_reload_resumes(pw, site_url, artifacts):
    with hosted_devices(pw, site_url) as (host, guest):
        play_some([host, guest], 8)
        before = guest.evaluate("Object.keys(window.parlourNet.guest.session.views).length")
        guest.reload()
        guest.wait_for_selector(".p2p-notice", timeout=60_000)
        assert "rejoin" in guest.locator(".p2p-notice").inner_text()
        t0 = time.time()
        link = rejoin_link(host, 1)
        away_s = time.time() - t0
        version = host_version(host)
        connect(host, guest, 1, "Gus", link=link)
        guest.wait_for_function(f"window.parlourNet.guest?.last?.version === {version}", timeout=30_000)
        kept = guest.evaluate("Object.keys(window.parlourNet.guest.session.views).length")
        assert kept >= before, "the guest's record of earlier views was lost"
        print(f"guest reload: away noticed in {away_s:.1f}s, resumed at move {version}")
        play_all_through_tables([host, guest], seed=4)
        fair, text = wait_fair(guest)
        assert fair == "ok", text


def test_p2p_host_reload_restores_table(pw, site_url, artifacts):
    with hosted_devices(pw, site_url) as (host, guest):
        play_some([host, guest], 8)
        version = quiet_version(host, guest)
        # The host's tab is closed and opened again: the lobby lists the hosted game; Resume brings it back.
        query = host.url.split("#")[0].split("?", 1)[1] if "?" in host.url else ""
        host.goto(f"{site_url}?{query}")
        row = host.locator("#in-progress .saved-game", has_text="hosted for other devices")
        row.wait_for(timeout=30_000)
        assert f"{version} moves" in row.inner_text()
        row.locator(".resume").click()
        host.wait_for_selector(".p2p-host", timeout=90_000)
        assert host_version(host) == version, "the host lost moves on reload"
        guest.wait_for_function("document.querySelector('.p2p-connection')?.textContent.includes('closed')", timeout=15_000)
        link = rejoin_link(host, 1)
        host.screenshot(path=str(artifacts / "p2p-host-restored.png"))
        connect(host, guest, 1, "Gus", link=link)
        guest.wait_for_function(f"window.parlourNet.guest?.last?.version === {version}", timeout=30_000)
        play_all_through_tables([host, guest], seed=5)
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        # finished, the hosted game replays from the lobby like any other
        host.goto(f"{site_url}?{query}")
        host.click("#saved summary")
        host.locator("#finished .saved-game", has_text="Gus").locator(".replay").click()
        host.wait_for_selector("[data-replay-step]")
        assert host.locator(".status").inner_text().endswith("Game over")


def test_p2p_away_seat_handed_to_bot(pw, site_url):
    with hosted_devices(pw, site_url) as (host, guest):
        play_some([host, guest], 4)
        version = host_version(host)
        # the guest's device goes silent without a word (no close): only the heartbeats can tell
        guest.evaluate("(() => { const l = window.parlourNet.guest.link; clearInterval(l.timer); l.send = () => false; })()")
        host.wait_for_selector(".p2p-seat[data-seat='1'][data-state='away']", timeout=15_000)
        link = host.evaluate(SEAT_1_LINK)
        assert not link["closed"] and link["silent_ms"] >= link["away_ms"], link  # marked away by the silence, not a close
        host.click(".p2p-seat[data-seat='1'] .to-bot")
        host.wait_for_selector(".p2p-seat[data-seat='1'][data-state='bot']")
        play_all_through_tables([host], seed=6)
        assert host_version(host) > version
        assert host.locator("#result").count() == 1
