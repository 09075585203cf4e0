"""A table played by sending links (issue 43), in two real browsers with no RTCPeerConnection at all: Hana hosts
King's Progress with a bot, Gus takes the other seat from the invite link, and every move travels as a link copied
from one page's own text and opened in the other, pasted into its box or opened as an address (the page starts
again on it, the table drawn from that browser's own storage).  The game ends on both pages and the guest's own check says "Verified
fair", with the host's table code.  A link opened twice, one for another seat, and a damaged one are refused with
a sentence, and change nothing.  Mid-game the guest goes to the lobby a day later (its clock moved on), finds the
table listed with the time since its last move, and goes on from there."""
import random
import time
from contextlib import nullcontext

from clicking import start_game
from p2p_helpers import PHASE, click_once, launch, new_page, wait_fair

GUEST_STATE = """(() => { const g = window.parlourNet.guest; const m = g?.last;
  return {away: m?.away, to_move: m?.to_move, version: m?.version, seat: g?.session?.seat, state: g?.protocol?.state,
    linkClosed: g?.link?.closed, box: g?.mailEnd && {got: g.mailEnd.box.got, kIn: g.mailEnd.box.kIn, sent: g.mailEnd.box.sent}}; })()"""
HOST_STATE = """(() => { const h = window.parlourNet.host;
  return {seats: h?.seats.map((s) => [s.kind, s.state, !!s.conn]), version: h?.version, toMove: h?.toMove,
    log: h?.netLog.slice(-8).map((e) => e.text)}; })()"""
NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"


def shown_link(page, scope):
    """The link a page offers to send now (its own text), or ""."""
    box = page.locator(f"{scope} textarea.mail-link")
    return box.first.input_value() if box.count() else ""


def open_by_paste(page, link):
    aside = page.locator(".dialog .see-board")
    if page.locator(".mail-host").count() and aside.count() and aside.first.is_visible():
        # the game ended at the host's own move: its person puts the result aside to open the guest's last link
        aside.first.click()
    page.locator(".mail-input").first.fill(link)
    page.locator(".mail-open").first.click()


def toasts(page):
    return page.evaluate("[...document.querySelectorAll('.toast')].map((t) => t.textContent)")


def test_correspondence_by_link_whole_game_in_two_browsers(pw, site_url, artifacts):
    with nullcontext(pw) as p:
        browsers = [launch(p) for _ in range(2)]
        host, guest = (new_page(b) for b in browsers)
        for page in (host, guest):
            page.add_init_script(NO_WEBRTC)
        start_game(host, site_url, "kings-progress", ["human", "remote", "bot"], query="botDelay=0", names=["Hana", "guest", "Robo"])
        host.wait_for_selector(".mail-host")
        invite = host.locator(".p2p-seat[data-seat='1'] textarea.invite-link")
        invite.wait_for(timeout=30_000)
        guest.goto(invite.input_value())
        guest.fill("#join-name", "Gus")
        guest.click("#join-go")
        guest.wait_for_selector(".mail-guest textarea.mail-link", timeout=60_000)
        carried, rng, opened = set(), random.Random(5), 0
        refusals_checked = False
        lobby_lists = {}
        deadline = time.time() + 600  # a loaded CI machine: some 100 links, each opened in a browser
        while time.time() < deadline:
            phases = [host.evaluate(PHASE), guest.evaluate(PHASE)]
            if all(ph == "over" for ph in phases) and guest.locator("#fairness[data-fair='ok']").count():
                break
            moved = False
            for page, ph in zip((host, guest), phases):
                if ph == "move" and click_once(page, rng):
                    moved = True
            back = shown_link(guest, ".mail-guest")
            if back and back not in carried:
                carried.add(back)
                opened += 1
                if opened % 3 == 0:  # opened as an address: the host's page loads again, the link goes in
                    host.goto(back)
                    host.wait_for_selector(".mail-host", timeout=60_000)
                else:
                    open_by_paste(host, back)
                moved = True
            out = shown_link(host, ".mail-out[data-seat='1']")
            if out and out not in carried:
                carried.add(out)
                opened += 1
                if opened >= 10 and not lobby_lists:  # the guest goes to the lobby: the table waits there; Open brings it back
                    open_by_paste(guest, out)
                    guest.wait_for_function("!document.querySelector('.mail-guest textarea.mail-link')"
                                            " || document.querySelector('#table')?.dataset.phase === 'move'")
                    # a day passes before the guest comes back (its clock moves on; nothing in a link expires)
                    guest.clock.set_system_time(time.time() + 24 * 3600 + 300)
                    guest.goto(site_url)
                    listed = guest.locator(".link-tables-all .link-table")
                    listed.first.wait_for(timeout=60_000)
                    lobby_lists["guest"] = guest.locator(".link-tables-all").inner_text()
                    guest.screenshot(path=str(artifacts / "correspondence-lobby-guest.png"))
                    listed.first.locator(".open-link-table").click()
                    guest.wait_for_selector(".p2p-guest", timeout=60_000)
                elif opened % 4 == 0:  # the guest opens it from the messenger: the page starts again on it
                    guest.goto(out)
                    guest.wait_for_selector(".p2p-guest", timeout=60_000)
                else:
                    open_by_paste(guest, out)
                if not refusals_checked and guest.locator(".p2p-guest").count():
                    refusals_checked = True
                    time.sleep(0.5)
                    before = guest.evaluate("window.parlourNet.guest.mailEnd.box.got")
                    open_by_paste(guest, out)  # the same link again
                    guest.wait_for_function("[...document.querySelectorAll('.toast')].some((t) => /opened here already/.test(t.textContent))")
                    open_by_paste(guest, back)  # its own link, for the host
                    guest.wait_for_function("[...document.querySelectorAll('.toast')].some((t) => /send it to the host/.test(t.textContent))")
                    open_by_paste(guest, out[:-40] + ("A" if out[-40] != "A" else "B") + out[-39:])  # damaged on the way
                    guest.wait_for_function("[...document.querySelectorAll('.toast')].some((t) => /changed on the way|damaged/.test(t.textContent))")
                    assert guest.evaluate("window.parlourNet.guest.mailEnd.box.got") == before
                moved = True
            if not moved:
                time.sleep(0.1)
        else:
            raise AssertionError(f"the game did not end by links: host {host.evaluate(PHASE)}, guest {guest.evaluate(PHASE)}; "
                                 f"links opened {opened}; host shows a link: {bool(shown_link(host, '.mail-out'))}, guest: "
                                 f"{bool(shown_link(guest, '.mail-guest'))}; toasts host {toasts(host)} guest {toasts(guest)}; "
                                 f"guest {guest.url[:60]} {guest.locator('#table').inner_text()[:300]!r}; guest sees "
                                 f"{guest.evaluate(GUEST_STATE)}; host {host.evaluate(HOST_STATE)}")
        assert refusals_checked
        assert "Tables played by links" in lobby_lists["guest"] and "you play seat 2 as Gus" in lobby_lists["guest"], lobby_lists
        assert "Waiting for you" in lobby_lists["guest"] or "Waiting for others" in lobby_lists["guest"], lobby_lists
        assert "1 day ago" in lobby_lists["guest"], lobby_lists
        # the guest never moved twice at one position (a host's reload draws its position again), so none was refused
        acts = guest.evaluate("window.parlourNet.guest.session.sent.filter((x) => x.kind === 'act').map((x) => [x.version, x.refused])")
        assert not [a for a in acts if a[1]] and len({a[0] for a in acts}) == len(acts), acts
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        assert text.startswith("Verified fair"), text
        code = host.locator(".table-code").first.get_attribute("data-code")
        assert code and code in text, (code, text)
        guest.screenshot(path=str(artifacts / "correspondence-guest-result.png"))
        host.screenshot(path=str(artifacts / "correspondence-host-result.png"))
        print(f"{opened} links opened; longest {max(len(x) for x in carried)} characters")
        for page in (host, guest):
            assert not page.errors, page.errors
        for b in browsers:
            b.close()
