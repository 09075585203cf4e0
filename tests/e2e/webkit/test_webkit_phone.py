"""WebKit in a phone-sized window (390x844): the lobby and a game's table fit, by the Chromium suite's
own measure (tests/e2e/test_phone_layout.py check_fits: nothing wider than the screen, every control
at least 40 px, on the screen and apart from the others), checked at every settled position of a few
moves of play (test_phone_layout.play_and_check, taps made as clicks).  Also the lobby says this
browser cannot play over the network, and offers no friend on another device: WebKitGTK as Debian
builds it has no RTCPeerConnection, so network play cannot be tested in WebKit at all.

MiniBrowser has no touch screen and no device pixel ratio of 2: the page is 390 px wide in a window,
with a mouse.  It prefers reduced motion (REDUCED_MOTION), as the Chromium phone tests' pages do."""
from clicking import start_game, wait_settled
from test_lobby import PICTURES_DONE
from test_no_network_browser import NO_NETWORK
from test_phone_layout import MIN_TARGET, check_fits, play_and_check
from webkit_checks import assert_clean, wait_ready

REDUCED_MOTION = True
PHONE = {"width": 390, "height": 844}


def test_webkit_phone_lobby_fits_and_says_no_network_play(wk_page, webkit_site, artifacts):
    wk_page.set_viewport_size(PHONE)
    assert wk_page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    wk_page.goto(f"{webkit_site.url}?botDelay=0")
    wait_ready(wk_page)
    wk_page.wait_for_function(PICTURES_DONE, timeout=30_000)
    assert wk_page.evaluate("typeof window.RTCPeerConnection") == "undefined", "this WebKit has WebRTC after all"
    assert wk_page.locator("#no-network").inner_text() == NO_NETWORK
    assert wk_page.locator(".p2p-settings").count() == 0, "no network settings where there is no network play"
    friends = wk_page.locator(".seat-kind option[value='remote']")
    # no network play, but friends by links (docs/correspondence.md): the seat is offered
    assert friends.count() >= 1 and not any(friends.nth(i).is_disabled() for i in range(friends.count())), \
        "'Friend on another device' must be offered: by links it needs no WebRTC"
    assert "Friend on another device" in friends.first.evaluate("(o) => o.textContent")
    m = check_fits(wk_page, "the lobby on a phone")
    assert m["smallest"] >= MIN_TARGET
    wk_page.screenshot(str(artifacts / "webkit-lobby-390.png"))
    wk_page.screenshot(str(artifacts / "webkit-lobby-390-full.png"), full_page=True)
    assert_clean(wk_page, webkit_site)


def test_webkit_phone_game_table_fits_through_several_moves(wk_page, webkit_site, artifacts):
    shots = artifacts / "webkit-phone"
    shots.mkdir(exist_ok=True)
    wk_page.set_viewport_size(PHONE)
    start_game(wk_page, webkit_site.url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=7")
    assert wait_settled(wk_page, timeout=120_000) == "move"
    wk_page.screenshot(str(artifacts / "webkit-kings-progress-390.png"))
    phases, smallest = play_and_check(wk_page, shots, "kings-progress", taps=16)
    assert {"City phase", "Investment phase"} <= {p for p in phases}, phases
    assert smallest >= MIN_TARGET
    assert_clean(wk_page, webkit_site)


def test_webkit_phone_invite_link_says_no_network_play(wk_page, webkit_site):
    """An invite link opened in WebKit: the app says this browser cannot join, and shows the lobby."""
    wk_page.set_viewport_size(PHONE)
    wk_page.goto(f"{webkit_site.url}?botDelay=0#join=AAAA")
    # asked at once and often: the note shows for 3.5 s only (js/common/dom.js toast)
    said = wk_page.wait_for_function("document.querySelector('#toasts .toast')?.innerText", timeout=60_000)
    assert NO_NETWORK in said and "another browser" in said, said
    wait_ready(wk_page)
    assert "#join=" not in wk_page.url
    assert wk_page.locator("#table").is_hidden()
    assert_clean(wk_page, webkit_site)
