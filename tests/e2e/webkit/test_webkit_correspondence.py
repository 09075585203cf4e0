"""Tables played by sending links (correspondence, docs/correspondence.md) in WebKitGTK.  Debian's WebKitGTK has no
RTCPeerConnection at all, so links are the only way it plays with friends on other devices: each test plays a whole game of The King's Progress (a person at each end and
a random bot) with every move carried as a link read from one page's own text and pasted into the other page's box
(now and then opened as an address instead: the page starts again on it, the table drawn from that browser's own
storage), and the guest's own check says "Verified fair" with the host's table code.

- a Chromium host and a WebKit guest: the guest's side in WebKit (its join, its links, its refusals of a link opened
  twice, of its own link and of a damaged one, its end-of-game check in WebKit's Pyodide);
- a WebKit host and a Chromium guest: WebKit's lobby offers "Friend on another device" and chooses "Play by sending
  links" by itself (there is no other way here), and the host's side (invites, each seat's links, its bot) runs
  in WebKit.

The Chromium side is Playwright's, on the same server as WebKit's page (the link names the host's address).  Each test
has a MiniBrowser of its own (`own_wk_page`: its own storage), started in a second or two: WebKitGTK cannot keep
Python's memory snapshot (it refuses a Blob put in IndexedDB from a worker), so every page load there starts Python
the slow way, and a table's page is loaded again by address only once a test."""
import json
import random
import time

import pytest

from p2p_helpers import ARTIFACTS, PHASE, click_once, launch, new_page, wait_fair
from webkit_checks import PYTHON_READY, READY_MS, assert_clean
from webkit_driver import WebKitError

#: a whole game by links, WebKit and Chromium on a 2-core machine (about a minute and a half when it is not busy
#: with other work); this is the limit
GAME_S = 360
#: the Chromium suite's desktop window (conftest.DESKTOP)
DESKTOP = {"width": 1400, "height": 1000}
SEATS = (("human", "Hana"), ("remote", "guest"), ("bot", "Robo"))
LINKS_CHOICE = "input[name=how-friends-play][value=links]"
TABLE_CODE = "document.querySelector('.table-code[data-code]')?.dataset.code || ''"
#: the guest's mailbox (the host's links and messages it has taken in), as text
GUEST_GOT = "JSON.stringify(window.parlourNet.guest.mailEnd.box)"
#: a paste: the whole text inserted at once where the field's text was (the input event a paste fires); typing a
#: 6,000-character link one key at a time over WebDriver would take minutes
PASTE = """(text) => {
  const box = document.querySelector('.mail-input');
  box.focus();
  box.select();
  document.execCommand('insertText', false, text);
  return box.value;
}"""
#: some toast on the page says what the regular expression `arg` matches
TOAST_SAYS = "(re) => [...document.querySelectorAll('.toast')].some((t) => new RegExp(re).test(t.textContent))"
#: what a page shows, for a failure's message
SHOWS = """JSON.stringify({url: location.href.slice(0, 120), python: document.documentElement.dataset.python,
  phase: document.querySelector('#table')?.dataset.phase, tableHidden: document.querySelector('#table')?.hidden,
  toasts: [...document.querySelectorAll('.toast')].map((t) => t.textContent),
  table: (document.querySelector('#table')?.innerText || '').slice(0, 800)})"""


def report(pages, name):
    """Each page's state, and its picture in artifacts/<name>-<n>.png (for a failure's message)."""
    parts = []
    for i, page in enumerate(pages):
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}-{i}.png"))
            parts.append(page.evaluate(SHOWS))
        except Exception as e:  # the page itself is gone
            parts.append(f"page {i}: {e}")
    return f"{parts} (pictures: {ARTIFACTS}/{name}-*.png)"


#: the host's page in one question: its table's phase, and the link it offers the guest now (its own text) or ""
HOST_STATE = f"[{PHASE}, document.querySelector(\".mail-out[data-seat='1'] textarea.mail-link\")?.value || '']"
#: the guest's page in one question: its phase, the link it offers the host now or "", and whether its check has begun
GUEST_STATE = (f"[{PHASE}, document.querySelector('.mail-guest textarea.mail-link')?.value || '', "
               "!!document.querySelector('#fairness[data-fair]')]")


def open_by_paste(page, link):
    """A person pastes the link into the page's box and presses Open link (real clicks, the text pasted)."""
    page.click(".mail-input")
    pasted = page.evaluate(PASTE, link)
    assert pasted == link, f"the paste left {len(pasted)} of {len(link)} characters"
    page.click(".mail-open")


def open_as_address(page, link, wait):
    """The link opened from a messenger into the WebKit tab: the page starts again on it (main.js reloads on a
    #mail= address), and shows the table from its own storage, once Python has started again."""
    page.evaluate("window.__beforeTheLink = true")
    try:
        page.goto(link)
    except WebKitError:  # asked while the page was starting again
        pass
    page.wait_for_function(f"!window.__beforeTheLink && document.querySelector({json.dumps(wait)}) !== null",
                           timeout=READY_MS)
    page.wait_for_function(PYTHON_READY, timeout=READY_MS)


def host_by_links(page, url, chosen_by_browser):
    """The lobby: King's Progress, Hana, a friend on another device and a random bot, played by sending links.
    `chosen_by_browser`: the browser has no WebRTC, so the lobby has chosen links itself (and network play is not
    offered); otherwise the person chooses links."""
    page.goto(f"{url}?botDelay=0")
    page.wait_for_selector("[data-game='kings-progress']", timeout=READY_MS)
    page.click("[data-game='kings-progress']")
    if chosen_by_browser:
        assert page.evaluate("typeof window.RTCPeerConnection") == "undefined", "this browser has WebRTC after all"
        friend = page.locator(".seat-row[data-seat='1'] .seat-kind option[value='remote']")
        assert friend.count() and not friend.first.is_disabled(), "no friend on another device offered: by links there is"
    page.select_option("#players", str(len(SEATS)))
    for i, (kind, name) in enumerate(SEATS):
        row = f".seat-row[data-seat='{i}']"
        page.select_option(f"{row} .seat-kind", kind)
        if kind == "bot":
            page.select_option(f"{row} .seat-level", "random")
        page.fill(f"{row} input[type=text]", name)
    page.locator(LINKS_CHOICE).first.wait_for(state="attached")
    if chosen_by_browser:
        assert page.evaluate(f"document.querySelector({json.dumps(LINKS_CHOICE)}).checked"), \
            "a browser without WebRTC must choose 'Play by sending links' by itself"
        assert page.evaluate("document.querySelector('input[name=how-friends-play][value=network]').disabled"), \
            "network play offered in a browser without WebRTC"
    else:
        page.click(LINKS_CHOICE)
        page.wait_for_function(f"document.querySelector({json.dumps(LINKS_CHOICE)}).checked")
    page.click("#start")
    try:
        page.wait_for_selector(".mail-host", timeout=READY_MS)
    except AssertionError as err:
        raise AssertionError(f"no host's panel for links: {report([page], 'webkit-correspondence-lobby')}") from err


def join_by_link(guest, invite, name):
    guest.goto(invite)
    guest.wait_for_selector("#join-name", timeout=READY_MS)
    guest.fill("#join-name", name)
    guest.click("#join-go")
    guest.wait_for_selector(".mail-guest textarea.mail-link", timeout=READY_MS)


def check_guest_refusals(guest, out, back):
    """The guest opens the host's link a second time, its own link for the host, and a copy of the host's link
    damaged on the way: each is refused with a sentence, and its mailbox takes nothing in."""
    guest.wait_for_function("!document.querySelector('.mail-open')?.disabled && document.querySelector('.p2p-guest')")
    time.sleep(0.5)
    before = guest.evaluate(GUEST_GOT)
    open_by_paste(guest, out)
    guest.wait_for_function(TOAST_SAYS, arg="opened here already|brings nothing new")
    open_by_paste(guest, back)
    guest.wait_for_function(TOAST_SAYS, arg="send it to the host")
    open_by_paste(guest, out[:-40] + ("A" if out[-40] != "A" else "B") + out[-39:])
    guest.wait_for_function(TOAST_SAYS, arg="changed on the way|damaged")
    assert guest.evaluate(GUEST_GOT) == before, "a refused link changed the guest's mailbox"


def play_by_links(host, guest, seed, by_address=(0, 0), guest_refusals=False):
    """Move on whichever page must move (clicks), carry each new link to the other page, until both show the result
    and the guest's check has begun.  `by_address` = (host, guest): the first link into that page from the n-th link
    carried on is opened as an address instead of pasted (0: none).  Returns (links carried, longest link)."""
    carried, rng, opened, refused = set(), random.Random(seed), 0, not guest_refusals
    last_back, addressed = "", [False, False]
    deadline = time.monotonic() + GAME_S
    while time.monotonic() < deadline:
        (host_phase, out), (guest_phase, back, checking) = host.evaluate(HOST_STATE), guest.evaluate(GUEST_STATE)
        phases = host_phase, guest_phase
        if phases == ("over", "over") and checking:
            assert refused, "the guest's refusals were never checked"
            assert addressed == [bool(n) for n in by_address], f"links opened as addresses: {addressed}"
            return len(carried), max(len(x) for x in carried)
        moved = False
        for page, phase in zip((host, guest), phases):
            if phase == "move" and click_once(page, rng):
                moved = True
        if back and back not in carried:
            carried.add(back)
            last_back = back
            opened += 1
            if by_address[0] and opened >= by_address[0] and not addressed[0]:
                addressed[0] = True
                open_as_address(host, back, ".mail-host")
            else:
                open_by_paste(host, back)
            moved = True
        if out and out not in carried:
            carried.add(out)
            opened += 1
            if by_address[1] and opened >= by_address[1] and not addressed[1]:
                addressed[1] = True
                open_as_address(guest, out, ".p2p-guest")
            else:
                open_by_paste(guest, out)
            if not refused and last_back and guest.locator(".p2p-guest").count():
                check_guest_refusals(guest, out, last_back)
                refused = True
            moved = True
        if not moved:
            time.sleep(0.1)
    raise AssertionError(f"the game did not end by links in {GAME_S} s: {report([host, guest], 'webkit-correspondence-stalled')}")


def check_verdict(host, guest):
    """The guest's own check: Verified fair, naming the host's table code."""
    host.locator("#result").wait_for(timeout=30_000)
    fair, text = wait_fair(guest, timeout=120_000)
    code = host.evaluate(TABLE_CODE)
    assert fair == "ok", text
    assert text.startswith("Verified fair"), text
    assert code and code in text, (code, text)


@pytest.fixture
def own_wk_page(webkit, webkit_site):
    """A MiniBrowser of the test's own (its own storage), at the desktop size, preferring reduced motion."""
    session = webkit.new_session(reduced_motion=True)
    try:
        page = session.page()
        page.set_viewport_size(DESKTOP)
        page.problems()
        del webkit_site.reports[:]
        yield page
    finally:
        session.quit()


def test_webkit_guest_plays_a_correspondence_table_by_links(pw, own_wk_page, webkit_site, artifacts):
    wk_page = own_wk_page
    t0 = time.monotonic()
    chromium = launch(pw)
    try:
        host = new_page(chromium)
        host_by_links(host, webkit_site.url, chosen_by_browser=False)
        invite = host.locator(".p2p-seat[data-seat='1'] textarea.invite-link")
        invite.wait_for(timeout=60_000)
        assert wk_page.evaluate("typeof window.RTCPeerConnection") == "undefined", "this WebKit has WebRTC after all"
        join_by_link(wk_page, invite.input_value(), "Wren")
        wk_page.wait_for_function(PYTHON_READY, timeout=READY_MS)
        joined = time.monotonic()
        links, longest = play_by_links(host, wk_page, seed=3, by_address=(0, 12), guest_refusals=True)
        played = time.monotonic()
        check_verdict(host, wk_page)
        checked = time.monotonic()
        wk_page.screenshot(str(artifacts / "webkit-correspondence-guest-result.png"))
        host.screenshot(path=str(artifacts / "webkit-correspondence-chromium-host-result.png"))
        assert not host.errors, host.errors
        assert_clean(wk_page, webkit_site)
        print(f"Chromium host + WebKit guest by links: {links} links, longest {longest} characters; "
              f"joined in {joined - t0:.0f} s, played in {played - joined:.0f} s, checked in {checked - played:.0f} s, "
              f"{time.monotonic() - t0:.0f} s in all")
    finally:
        chromium.close()


def test_webkit_hosts_a_correspondence_table_by_links(pw, own_wk_page, webkit_site, artifacts):
    wk_page = own_wk_page
    t0 = time.monotonic()
    chromium = launch(pw)
    try:
        guest = new_page(chromium)
        host_by_links(wk_page, webkit_site.url, chosen_by_browser=True)
        invite = wk_page.locator(".p2p-seat[data-seat='1'] textarea.invite-link")
        invite.wait_for(timeout=60_000)
        join_by_link(guest, invite.evaluate("(e) => e.value"), "Gus")
        joined = time.monotonic()
        links, longest = play_by_links(wk_page, guest, seed=9, by_address=(9, 0))
        played = time.monotonic()
        check_verdict(wk_page, guest)
        checked = time.monotonic()
        wk_page.screenshot(str(artifacts / "webkit-correspondence-host-result.png"))
        guest.screenshot(path=str(artifacts / "webkit-correspondence-chromium-guest-result.png"))
        assert not guest.errors, guest.errors
        assert_clean(wk_page, webkit_site)
        print(f"WebKit host + Chromium guest by links: {links} links, longest {longest} characters; "
              f"joined in {joined - t0:.0f} s, played in {played - joined:.0f} s, checked in {checked - played:.0f} s, "
              f"{time.monotonic() - t0:.0f} s in all")
    finally:
        chromium.close()
