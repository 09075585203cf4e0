"""A browser without WebRTC (WebKitGTK as Debian builds it has no RTCPeerConnection): every game on this
device works, and where network play would start the app says, in one sentence, that this browser cannot
play over the network, instead of failing (js/common/network-support.js), and friends on other devices play by
sending links, which needs no WebRTC (docs/correspondence.md).  Here Chromium with RTCPeerConnection removed
before any script runs; tests/e2e/webkit runs the same in WebKitGTK, which lacks it for real."""
from clicking import start_game, wait_settled
from test_lobby import open_lobby
from tabs import PLAIN

NO_NETWORK = "This browser cannot play over the network; games on this device work."
WITHOUT_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"


def test_the_lobby_says_network_play_is_not_here_and_offers_friends_by_links_only(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 390, "height": 844})
    context.add_init_script(WITHOUT_WEBRTC)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_lobby(page, site_url)
    assert page.locator("#no-network").inner_text() == NO_NETWORK
    assert page.locator(".p2p-settings").count() == 0
    friend = page.locator(".seat-kind option[value='remote']").first
    assert not friend.is_disabled()  # by links
    page.locator(".seat-row[data-seat='1'] .seat-kind").select_option("remote")
    assert page.locator("input[name=how-friends-play][value=network]").is_disabled()
    assert page.locator("input[name=how-friends-play][value=links]").is_checked()
    page.screenshot(path=str(artifacts / "no-network-lobby-phone.png"), full_page=True)
    page.locator(".seat-row[data-seat='1'] .seat-kind").select_option("bot")
    # a game on this device still plays
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3")
    assert wait_settled(page) in ("move", "over")
    assert not errors, errors
    context.close()


def test_an_invite_link_says_so_and_leaves_the_lobby_working(browser, site_url):
    context = browser.new_context(**PLAIN)
    context.add_init_script(WITHOUT_WEBRTC)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}?botDelay=0#join=AAAA")
    page.wait_for_function("document.documentElement.dataset.lobby === 'ready'")
    toast = page.locator("#toasts .toast").first
    toast.wait_for()
    assert NO_NETWORK in toast.inner_text() and "another browser" in toast.inner_text()
    assert "#join=" not in page.url
    assert page.locator("#table").is_hidden()
    assert not errors, errors
    context.close()


def test_a_remembered_friend_seat_plays_by_links_here(browser, site_url):
    context = browser.new_context(**PLAIN)
    page = context.new_page()
    page.goto(f"{site_url}?botDelay=0")
    page.wait_for_function("document.documentElement.dataset.lobby === 'ready'")
    page.locator(".seat-row[data-seat='1'] .seat-kind").select_option("remote")  # remembered in this browser
    context.add_init_script(WITHOUT_WEBRTC)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.lobby === 'ready'")
    assert page.locator(".seat-row[data-seat='1'] .seat-kind").input_value() == "remote"
    assert page.locator("input[name=how-friends-play][value=links]").is_checked()
    context.close()
