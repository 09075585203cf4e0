"""A table played by sending links (correspondence, docs/correspondence.md) with the host in Firefox ESR: Hana hosts
King's Progress in Firefox with a random bot, Gus takes the other seat in Chromium from the invite link, and every move
travels as a link read from one page's own text and pasted into the other page's box (now and then opened as an
address instead: the page starts again on it, the table drawn from that browser's own storage).  Firefox here has
RTCPeerConnection, so Hana chooses "Play by sending links" in the lobby herself.  The Firefox host refuses its guest's
link opened twice and a damaged one, with a sentence, and changes nothing; the game ends on both pages and the
Chromium guest's own check says "Verified fair" with the host's table code."""
import json
import random
import time

from firefox_play import assert_clean
from p2p_helpers import PHASE, click_once, launch, new_page, stuck_report, wait_fair

#: a whole game by links, both browsers on a 2-core machine: a minute and a half when it is not busy with other
#: work; this is the limit
GAME_S = 300
TABLE_CODE = "document.querySelector('.table-code[data-code]')?.dataset.code || ''"
#: what the host's table has taken in: its version, and seat 1's mailbox (the links' count and messages received)
HOST_GOT = "JSON.stringify([window.parlourNet.host.version, window.parlourNet.host.seats[1].conn.mail.box])"
TOASTS = "[...document.querySelectorAll('.toast')].map((t) => t.textContent).join(' | ')"


def shown_link(page, scope):
    """The link a page offers to send now (its own text), or "" (a Firefox page or a Playwright one)."""
    return page.evaluate(f"document.querySelector({json.dumps(scope + ' textarea.mail-link')})?.value || ''")


def paste(page, selector, text):
    """Put `text` into a Firefox page's field as a paste does: a real click into it, then the whole text inserted at
    once (`insertText`, the input event a paste fires; typing 6,000 characters one key at a time would take minutes)."""
    page.click(selector)
    done = page.evaluate(f"""(() => {{
      const box = document.querySelector({json.dumps(selector)});
      box.focus();
      box.select();
      document.execCommand('insertText', false, {json.dumps(text)});
      return box.value;
    }})()""")
    assert done == text, f"the paste into {selector} left {len(done)} of {len(text)} characters"


def open_in_firefox(page, link):
    paste(page, ".mail-input", link)
    page.click(".mail-open")


def open_as_address(page, link):
    """The link opened from a messenger into the Firefox tab: the page starts again on it (main.js reloads on a
    #mail= address) and shows the host's table from Firefox's own storage."""
    page.evaluate("window.__beforeTheLink = true")
    page.goto(link)
    page.wait_for_function("!window.__beforeTheLink && document.querySelector('.mail-host') !== null", 90_000)


def open_in_chromium(page, link):
    page.locator(".mail-input").first.fill(link)
    page.locator(".mail-open").first.click()


def start_hosting_by_links(host, url):
    """Hana's lobby in Firefox: King's Progress, herself, a friend on another device and a random bot, played by
    sending links (chosen by its radio: this Firefox could play over the network too)."""
    host.goto(f"{url}?botDelay=0")
    host.wait_for_selector("[data-game='kings-progress']", 90_000)
    host.click("[data-game='kings-progress']")
    host.wait_for_selector("#players")
    host.select_option("#players", "3")
    for i, (kind, name) in enumerate((("human", "Hana"), ("remote", "guest"), ("bot", "Robo"))):
        row = f".seat-row[data-seat='{i}']"
        host.wait_for_selector(f"{row} .seat-kind")
        host.select_option(f"{row} .seat-kind", kind)
        if kind == "bot":
            host.select_option(f"{row} .seat-level", "random")
        host.fill(f"{row} input[type=text]", name)
    links = "input[name=how-friends-play][value=links]"
    host.wait_for_selector(links)
    assert host.evaluate("typeof RTCPeerConnection") == "function", "this Firefox has no WebRTC: links are not a choice"
    assert not host.evaluate(f"document.querySelector({json.dumps(links)}).disabled")
    host.click(links)
    host.wait_for_function(f"document.querySelector({json.dumps(links)})?.checked")
    host.click("#start")
    host.wait_for_selector(".mail-host", 120_000)


def check_host_refusals(host, back):
    """The Firefox host opens its guest's link a second time and a copy damaged on the way: each is refused with a
    sentence and the table does not move."""
    before = host.evaluate(HOST_GOT)
    open_in_firefox(host, back)
    host.wait_for_function("[...document.querySelectorAll('.toast')].some((t) => /opened here already|brings nothing new/.test(t.textContent))", 30_000)
    damaged = back[:-40] + ("A" if back[-40] != "A" else "B") + back[-39:]
    open_in_firefox(host, damaged)
    host.wait_for_function("[...document.querySelectorAll('.toast')].some((t) => /changed on the way|damaged/"
                           ".test(t.textContent))", 30_000)
    assert host.evaluate(HOST_GOT) == before, "a refused link moved the host's table"


def test_firefox_hosts_a_correspondence_table_a_chromium_guest_plays_by_links(pw, firefox, site_url, artifacts):
    t0 = time.monotonic()
    chromium = launch(pw)
    host = firefox.new_page()
    try:
        guest = new_page(chromium)
        start_hosting_by_links(host, site_url)
        host.wait_for_selector(".p2p-seat[data-seat='1'] textarea.invite-link", 60_000)
        invite = host.value(".p2p-seat[data-seat='1'] textarea.invite-link")
        assert "#mail=" in invite, invite[:120]
        guest.goto(invite)
        guest.fill("#join-name", "Gus")
        guest.click("#join-go")
        guest.wait_for_selector(".mail-guest textarea.mail-link", timeout=60_000)
        carried, rng, opened, refused = set(), random.Random(7), 0, False
        host.seed(11)
        deadline = time.monotonic() + GAME_S
        while time.monotonic() < deadline:
            phases = host.evaluate(PHASE), guest.evaluate(PHASE)
            if phases == ("over", "over") and guest.locator("#fairness[data-fair]").count():
                break
            moved = False
            if phases[0] == "move" and host.step(settle_ms=0)["did"]:
                moved = True
            if phases[1] == "move" and click_once(guest, rng):
                moved = True
            back = shown_link(guest, ".mail-guest")
            if back and back not in carried:
                carried.add(back)
                opened += 1
                if opened % 5 == 0:  # opened as an address: Firefox loads the page again, the link goes in
                    open_as_address(host, back)
                else:
                    open_in_firefox(host, back)
                    if not refused and opened >= 3:
                        host.wait_for_function("!document.querySelector('.mail-open')?.disabled")
                        time.sleep(0.5)  # the table has taken it
                        check_host_refusals(host, back)
                        refused = True
                moved = True
            out = shown_link(host, ".mail-out[data-seat='1']")
            if out and out not in carried:
                carried.add(out)
                opened += 1
                open_in_chromium(guest, out)
                moved = True
            if not moved:
                time.sleep(0.1)
        else:
            raise AssertionError(f"the game did not end by links; {stuck_report([guest])}; Firefox host: "
                                 f"{host.evaluate(PHASE)!r}, toasts {host.evaluate(TOASTS)!r}")
        assert refused, "the refusals were never checked"
        host.wait_for_selector("#result", 30_000)
        fair, text = wait_fair(guest)
        code = host.evaluate(TABLE_CODE)
        host.screenshot(str(artifacts / "firefox-correspondence-host-result.png"))
        guest.screenshot(path=str(artifacts / "firefox-correspondence-guest-result.png"))
        assert fair == "ok", text
        assert text.startswith("Verified fair"), text
        assert code and code in text, (code, text)
        assert not guest.errors, guest.errors
        assert_clean(host)
        print(f"Firefox host + Chromium guest by links: {opened} links opened, longest "
              f"{max(len(x) for x in carried)} characters, {time.monotonic() - t0:.0f} s")
    finally:
        host.close()
        chromium.close()
