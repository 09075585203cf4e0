"""The invite's QR code is readied while the host is still choosing (issue 45): segno is installed on first use
(micropip, about 3 s on the slower machine here, then about 0.25 s a code), so the lobby starts that install as
soon as a seat is given to a friend on another device, before Start; the host's invite then shows its QR code
without that wait.  A guest opening an invite starts it as the page opens (here only checked to draw its
answer's code)."""
from clicking import wait_python
from p2p_helpers import guest_answer, invite_link, launch, new_page

SEGNO = "/wheels/segno-"
#: the install's first fetch (js/engine/worker.js installSegno): what only micropip needs of the standard library
INSTALL_FIRST = "/python_stdlib_qr.zip"


def segno_requested(page):
    """Whether the page's worker has asked for segno's wheel (the install under way or done)."""
    return any(SEGNO in url for url in page.requested)


def watch_requests(page):
    page.requested = []
    page.on("request", lambda request: page.requested.append(request.url))  # its worker's requests are the page's too


def test_a_friend_s_seat_readies_the_invite_qr_code_before_start(pw, site_url, artifacts):
    browsers = [launch(pw) for _ in range(2)]
    host, guest = (new_page(b) for b in browsers)
    try:
        watch_requests(host)
        host.goto(f"{site_url}?botDelay=0&ice=")
        host.wait_for_selector("[data-game='kings-progress']")
        host.click("[data-game='kings-progress']")
        host.select_option("#players", "2")
        wait_python(host)
        host.wait_for_timeout(1500)
        assert not segno_requested(host), "nothing of the QR codes is fetched for a game on this device"
        # the install starts with the choice, Start not pressed yet: its first fetch (the library micropip needs,
        # then micropip, then segno) comes before any click on Start
        with host.expect_request(lambda request: INSTALL_FIRST in request.url or SEGNO in request.url, timeout=10_000):
            host.select_option(".seat-row[data-seat='1'] .seat-kind", "remote")
        assert host.locator("#start").is_visible(), "still in the lobby"
        host.click("#start")
        host.wait_for_selector(".p2p-seat[data-seat='1'] .qr[data-ready]", timeout=60_000)
        assert segno_requested(host)
        host.screenshot(path=str(artifacts / "invite-qr-ready.png"))
        # the guest's page readies its answer's code as it opens
        link = invite_link(host, 1)
        watch_requests(guest)
        guest_answer(guest, link, "Gus")
        guest.wait_for_selector(".answer-slot .qr[data-ready]", timeout=60_000)
        assert segno_requested(guest), guest.requested
        for page in (host, guest):
            assert not page.errors, page.errors
    finally:
        for browser in browsers:
            browser.close()
