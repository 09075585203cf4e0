"""Every title played by sending links (issue 43), in two real browsers with no RTCPeerConnection at all: the host's
device keeps the table with its own seat a bot, the guest takes the other seat from the invite link, and every move
travels as a link read from one page's own text and pasted into the other's box.  King's Progress is
tests/e2e/test_correspondence_by_link.py (with its reloads, refusals and lobby); here each other title plays a
whole game to its end on both pages, the guest's own check saying "Verified fair" with the host's table code.

As few links as the rules allow: the host's link goes to the guest only when the table starts, when the host's
page says it is the guest's turn (a move, a sealed choice or its reveal) or when the game is over, as a person
sends it; the guest's goes back whenever its page shows one (it has a move to send).  The guest moves by the
generic random clicker (p2p_helpers.click_once: the board's highlighted pieces and places, the shop of 169, the
forms that show, as Mansion's bids, King's Cottage's stakes, Castles' round screen), and offers two trades through
Mansion's trade form, which the clicker does not open (test_mansion_e2e.offer_trade).  The two browser processes
serve every title; each title has fresh contexts."""
import random
import time
from collections import Counter

import pytest

from clicking import start_game
from p2p_helpers import PHASE, click_once, launch, new_page, received, stuck_report, wait_fair
from p2p_leaks import assert_no_hidden_values
from test_mansion_e2e import offer_trade

NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"
#: each title's table: the host's own seat a bot, the guest one seat, the shortest game the options allow
TITLES = {
    "kings-cottage": {},
    "castles": {},
    "mansion": {},
    "one-six-nine": {"last_turn": "20"},
}
#: moves of the guest's each game must have had, by links: forms (bids every turn, stakes), trades offered, the shop
FORCED = {"mansion": ("bid", "propose"), "kings-cottage": ("invest",), "one-six-nine": ("buy",)}
#: js/tables/mail-panel.js LONG_LINK: a longer link's card offers it as a file too (some messengers cut long links)
LONG_LINK = 2000
#: no progress at all (no move, no link) for this long: the game stalled by links
STALL_S = 30
#: what each title took, printed as the module ends
TIMES: dict = {}


@pytest.fixture(scope="module")
def devices(pw):
    """Two browser processes, the host's and the guest's, for every title of the file."""
    browsers = [launch(pw) for _ in range(2)]
    yield browsers
    for b in browsers:
        b.close()
    for game_id, (seconds, links, longest) in TIMES.items():
        print(f"correspondence {game_id}: {seconds:.0f} s, {links} links opened, longest {longest} characters")


def shown_link(page, selector):
    """The link a page offers to send now (its own text), or ""."""
    return page.evaluate("(s) => document.querySelector(s)?.value ?? ''", f"{selector} textarea.mail-link")


def open_by_paste(page, link):
    """Paste a link into the page's box and open it; wait until the page has taken it (the box empties)."""
    page.locator(".mail-input").first.fill(link)
    page.locator(".mail-open").first.click()
    page.wait_for_function("!document.querySelector('.mail-open')?.disabled", timeout=60_000)


def guest_click(page, rng, game_id, offers):
    """One click of the guest's, by the generic clicker; at Mansion, until two trades were offered, a trade offered
    through the trade form whenever its button shows (the clicker fills forms that show, but opens none: the title's
    own test's helper does; it offers wood for marble, so a builder with no wood tries again later)."""
    if game_id == "mansion" and sum(offers) < 2 and len(offers) < 40 and page.locator("#mn-open-trade").count():
        offers.append(offer_trade(page))
        if offers[-1]:
            return True
    return click_once(page, rng)


def toasts(page):
    return page.evaluate("[...document.querySelectorAll('.toast')].map((t) => t.textContent)")


#: the host's link for the guest's seat, when its page says to send it now: the guest's turn, or the game is over
HOST_LINK_DUE = ".mail-out[data-seat='1'][data-turn='yes']"


@pytest.mark.parametrize("game_id", list(TITLES), ids=[f"correspondence-{g}" for g in TITLES])
def test_correspondence_whole_game_of_every_title(devices, site_url, artifacts, game_id):
    t0 = time.time()
    host, guest = (new_page(b) for b in devices)
    try:
        for page in (host, guest):
            page.add_init_script(NO_WEBRTC)
        start_game(host, site_url, game_id, ["bot", "remote"], query="botDelay=0", names=["Robo", "guest"],
                   options=TITLES[game_id])
        host.wait_for_selector(".mail-host")
        invite = host.locator(".p2p-seat[data-seat='1'] textarea.invite-link")
        invite.wait_for(timeout=30_000)
        carried = [invite.input_value()]  # every link opened, first the invite (opened as an address)
        guest.goto(carried[0])
        guest.fill("#join-name", "Gus")
        guest.click("#join-go")
        guest.wait_for_selector(".mail-guest textarea.mail-link", timeout=60_000)
        rng, clicks, offers = random.Random(7), 0, []
        to_host, to_guest = 0, 1
        spent = {"clicks": 0.0, "host opens": 0.0, "guest opens": 0.0}  # where the time goes
        last_progress = started = time.time()
        while True:
            phases = [host.evaluate(PHASE), guest.evaluate(PHASE)]
            if all(ph == "over" for ph in phases) and guest.locator("#fairness[data-fair='ok']").count():
                break
            moved = False
            t = time.time()
            for page, ph in zip((host, guest), phases):
                if page.locator("#interlude-continue").count():  # a scored round (Castles) is seen, then closed,
                    moved = click_once(page, rng) or moved  # at the host too, whose seats are bots: a person's screen
                elif ph == "move" and (guest_click(page, rng, game_id, offers) if page is guest
                                       else click_once(page, rng)):
                    clicks += 1
                    moved = True
            spent["clicks"] += time.time() - t
            back = shown_link(guest, ".mail-guest")
            if back and back not in carried:
                carried.append(back)
                to_host += 1
                t = time.time()
                open_by_paste(host, back)
                spent["host opens"] += time.time() - t
                moved = True
            # the guest's turn, the game over, or the table starting (the guest has yet to see it)
            due = HOST_LINK_DUE if phases[0] != "over" and phases[1] != "join" else ".mail-out[data-seat='1']"
            out = shown_link(host, due)
            if out and out not in carried:
                carried.append(out)
                to_guest += 1
                t = time.time()
                open_by_paste(guest, out)
                spent["guest opens"] += time.time() - t
                moved = True
            if moved:
                last_progress = time.time()
            elif time.time() - last_progress > STALL_S:
                raise AssertionError(
                    f"{game_id} stalled by links: host {phases[0]}, guest {phases[1]}; links opened {len(carried)}; "
                    f"host shows a link: {bool(shown_link(host, '.mail-out'))} (due: {bool(shown_link(host, due))}), "
                    f"guest: {bool(shown_link(guest, '.mail-guest'))}; toasts host {toasts(host)} "
                    f"guest {toasts(guest)}; "
                    f"{stuck_report([host, guest])}")
            else:
                time.sleep(0.05)
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        assert text.startswith("Verified fair"), text
        code = host.locator(".table-code").first.get_attribute("data-code")
        assert code and code in text, (code, text)
        guest.screenshot(path=str(artifacts / f"correspondence-{game_id}-guest-result.png"))
        messages = received(guest)
        assert_no_hidden_values(messages, 1)  # by links too, each view the guest got was its own seat's
        fair_msg = next(m for m in messages if m["t"] == "fair")
        kinds = Counter(a["action"].get("type", "?") for a in fair_msg["actions"] if a["seat"] == 1)
        for kind in FORCED.get(game_id, ()):
            assert kinds[kind], f"the guest made no {kind!r} move: {kinds}"
        seconds = time.time() - t0
        lengths = sorted(len(x) for x in carried)
        longest = lengths[-1]
        long_ones = [i + 1 for i, x in enumerate(carried) if len(x) > LONG_LINK]
        TIMES[game_id] = (seconds, len(carried), longest)
        print(f"\n{game_id} by links: {len(carried)} links opened ({to_host} to the host, {to_guest} to the guest "
              f"with the invite), longest {longest} characters (median {lengths[len(lengths) // 2]}; "
              f"over {LONG_LINK}, offered as a file too: links no. {long_ones} "
              f"of {len(carried)}); {clicks} clicks; "
              f"{seconds:.0f} s (before the game {started - t0:.0f} s, "
              + ", ".join(f"{k} {v:.0f} s" for k, v in spent.items()) + f"); the guest's moves {dict(kinds)}")
        for page in (host, guest):
            assert not page.errors, page.errors
    finally:
        for page in (host, guest):
            page.context.close()
