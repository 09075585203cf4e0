"""Who sits where at a network table (issue 45): a seat a bot plays says "(bot)" at both ends, as at a table on one
device, though the names the protocol sends, signs and records stay as given; the host's invite panel does not
show its own placeholder name for a guest who has not joined; and a guest's result dialog leads somewhere: back
to the lobby, or its record exported."""
import json

from clicking import TABLE_SHOWN
from tabs import LOBBY
from p2p_helpers import connect, host_table, launch, new_page, play_all_through_tables, play_some, wait_fair
from test_accessibility import audit, axe_source  # noqa: F401  (axe_source: the audit's fixture)

#: The names in the board's seat cards (King's Progress), in seat order.
SEAT_CARDS = "[...document.querySelectorAll('.seats-panel .seat-card strong')].map((e) => e.textContent)"
#: Every line of the move log.
LOG = "[...document.querySelectorAll('.log li')].map((e) => e.textContent)"


def seat_head(host, seat):
    return host.locator(f".p2p-seat[data-seat='{seat}'] .p2p-seat-head").inner_text()


def test_p2p_bot_seats_say_bot_at_both_ends_and_a_guest_waited_for_is_no_placeholder_and_the_guest_result_leads_out(pw, site_url, artifacts, axe_source):
    browsers = [launch(pw) for _ in range(2)]
    host, guest = (new_page(b) for b in browsers)
    try:
        host_table(host, site_url, "kings-progress", ["human", "remote", "bot:easy"], names=["Hana", "Brune", "Robo"])
        # before the guest comes, its seat is a seat waiting for a friend, not the host's placeholder "Brune"
        host.wait_for_selector(".p2p-seat[data-seat='1'] textarea.invite-link")
        assert seat_head(host, 1) == "Seat 2 · waiting for a friend to join"
        assert "Brune" not in host.locator(".p2p-host").inner_text()
        notice = host.locator(".p2p-board-notice").inner_text()
        assert "Waiting for: a friend on seat 2." in notice and "Brune" not in notice, notice
        host.screenshot(path=str(artifacts / "p2p-invite-waiting-for-a-friend.png"))
        problems = audit(host, axe_source, "host's invite panel")
        connect(host, guest, 1, "Gus")
        host.wait_for_function("document.querySelector(\".p2p-seat[data-seat='1'] .p2p-seat-head\").textContent.startsWith('Gus · ')")
        assert seat_head(host, 1) == "Gus · connected"

        # both ends: the bot says so in the seat cards; the people do not
        for page in (host, guest):
            page.wait_for_function(f"{SEAT_CARDS}.length === 3", timeout=30_000)
            assert page.evaluate(SEAT_CARDS) == ["Hana", "Gus", "Robo (bot)"], page.evaluate(SEAT_CARDS)
        play_all_through_tables([host, guest], seed=3)
        for page in (host, guest):
            lines = page.evaluate(LOG)
            robo = [line for line in lines if "Robo" in line]
            assert robo and all("Robo (bot)" in line for line in robo), robo
            assert not any("Gus (bot)" in line or "Hana (bot)" in line for line in lines)
        # the protocol's names stay as given: what the guest was sent and what it keeps
        welcome = guest.evaluate("window.parlourNet.guest.received.find((m) => m.t === 'welcome')")
        assert welcome["names"] == ["Hana", "Gus", "Robo"]
        assert guest.evaluate("window.parlourNet.guest.names") == ["Hana", "Gus", "Robo"]

        # the guest's result: "Export record" once its record is in, and "Back to the lobby"
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        result = guest.locator("#result")
        guest.wait_for_function("!document.querySelector('#result .export-record').disabled")
        assert result.locator("button.primary").inner_text() == "Back to the lobby"
        guest.screenshot(path=str(artifacts / "p2p-guest-result-ways-out.png"))
        problems += audit(guest, axe_source, "guest's result")
        assert not problems, "\n".join(problems)
        guest.set_viewport_size({"width": 390, "height": 844})
        heights = result.locator(".dialog-buttons button").evaluate_all("els => els.map((e) => e.getBoundingClientRect().height)")
        assert len(heights) == 3 and min(heights) >= 40, heights
        guest.screenshot(path=str(artifacts / "p2p-guest-result-ways-out-phone.png"))
        with guest.expect_download() as download:
            result.locator(".export-record").click()
        record = json.loads(open(download.value.path()).read())
        assert [(s["name"], s["kind"]) for s in record["seats"]] == [("Hana", "remote"), ("Gus", "human"), ("Robo", "bot")]
        assert record["network"]["role"] == "guest" and record["network"]["seat"] == 1
        assert record["result"] is not None and len(record["actions"]) > 10
        # the host's result has the same ways out
        assert host.locator("#result .export-record").is_enabled()
        assert host.locator("#result button.primary").inner_text() == "Back to the lobby"
        result.locator("button.primary").click()
        guest.wait_for_function(f"!({TABLE_SHOWN}) && {LOBBY}")
        for page in (host, guest):
            assert not page.errors, page.errors
    finally:
        for browser in browsers:
            browser.close()


def test_p2p_a_guest_seat_handed_to_a_bot_says_bot_on_the_host_screen(pw, site_url):
    browsers = [launch(pw) for _ in range(2)]
    host, guest = (new_page(b) for b in browsers)
    try:
        host_table(host, site_url, "kings-progress", ["human", "remote"], names=["Hana", "Brune"])
        connect(host, guest, 1, "Gus")
        host.wait_for_function(f"{SEAT_CARDS}.length === 2", timeout=30_000)
        assert host.evaluate(SEAT_CARDS) == ["Hana", "Gus"]
        host.click(".p2p-seat[data-seat='1'] .to-bot")
        host.wait_for_function(f"{SEAT_CARDS}[1] === 'Gus (bot)'", timeout=30_000)
        assert host.evaluate("window.parlourNet.host.names") == ["Hana", "Gus"], "the table's own names are unchanged"
        assert not host.errors, host.errors
    finally:
        for browser in browsers:
            browser.close()


def test_p2p_a_seat_handed_to_a_bot_mid_game_says_bot_on_another_guest_s_screen(pw, site_url):
    """Hana hosts Gus and Ivy; a few moves in, Ivy's seat is handed to a bot: Gus's seat cards and log then name
    her "Ivy (bot)" (the host's events say who holds each seat now), while the names Gus keeps stay as sent."""
    browsers = [launch(pw) for _ in range(2)]
    host = new_page(browsers[0])
    gus, ivy = new_page(browsers[1]), new_page(browsers[1])
    try:
        host_table(host, site_url, "kings-progress", ["human", "remote", "remote"], names=["Hana", "Brune", "Cleo"])
        connect(host, gus, 1, "Gus")
        connect(host, ivy, 2, "Ivy")
        gus.wait_for_function(f"{SEAT_CARDS}.length === 3", timeout=30_000)
        assert gus.evaluate(SEAT_CARDS) == ["Hana", "Gus", "Ivy"], gus.evaluate(SEAT_CARDS)
        play_some([host, gus, ivy], clicks=6)
        host.click(".p2p-seat[data-seat='2'] .to-bot")
        # the bot plays Ivy's moves from here: the next event Gus gets says so
        play_some([host, gus], clicks=4, timeout_s=180)
        gus.wait_for_function(f"{SEAT_CARDS}[2] === 'Ivy (bot)'", timeout=60_000)
        assert gus.evaluate(SEAT_CARDS) == ["Hana", "Gus", "Ivy (bot)"]
        assert gus.evaluate("window.parlourNet.guest.names") == ["Hana", "Gus", "Ivy"], "the names kept stay as sent"
        for page in (host, gus):
            assert not page.errors, page.errors
    finally:
        for browser in browsers:
            browser.close()
