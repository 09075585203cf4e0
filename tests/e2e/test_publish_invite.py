"""An invite made on a published copy (`build.py publish`, under /some/path/ of a plain static server: published.py)
points at that copy, sub-path included, and works there: a network table's `#join=` link (a guest on another
browser opens it and connects), and a table played by sending links, whose `#mail=` invite and the guest's
link back to the host both keep the sub-path.  Both makers write `location.origin + location.pathname`."""
import pytest

from clicking import start_game
from p2p_helpers import connect, host_table, launch, new_page
from published import published_site, stray_requests

#: a browser without WebRTC: the lobby's "Friend on another device" then plays by sending links
NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"


@pytest.fixture(scope="module")
def published_url(tmp_path_factory):
    with published_site(tmp_path_factory.mktemp("host")) as url:
        yield url


def test_network_invite_of_a_published_copy_keeps_its_sub_path(pw, published_url):
    browsers = [launch(pw) for _ in range(2)]
    try:
        host, guest = (new_page(b) for b in browsers)
        strays = [stray_requests(p, published_url) for p in (host, guest)]
        host_table(host, published_url, "kings-progress", ["human", "remote"], names=["Hana", "guest"])
        link, _, _ = connect(host, guest, 1, "Gus")
        assert link.startswith(f"{published_url}#join="), link
        assert guest.url.startswith(published_url)
        assert not host.errors and not guest.errors
        assert strays == [[], []], strays
    finally:
        for browser in browsers:
            browser.close()


def test_invite_by_links_of_a_published_copy_keeps_its_sub_path(pw, published_url):
    browsers = [launch(pw) for _ in range(2)]
    try:
        host, guest = (new_page(b) for b in browsers)
        for page in (host, guest):
            page.add_init_script(NO_WEBRTC)
        start_game(host, published_url, "kings-progress", ["human", "remote"], query="botDelay=0", names=["Hana", "guest"])
        host.wait_for_selector(".mail-host")
        invite = host.locator(".p2p-seat[data-seat='1'] textarea.invite-link")
        invite.wait_for(timeout=30_000)
        link = invite.input_value()
        assert link.startswith(f"{published_url}#mail="), link
        guest.goto(link)
        guest.fill("#join-name", "Gus")
        guest.click("#join-go")
        back = guest.locator(".mail-guest textarea.mail-link")
        back.wait_for(timeout=60_000)
        assert back.input_value().startswith(f"{published_url}#mail="), back.input_value()
        assert not host.errors and not guest.errors
    finally:
        for browser in browsers:
            browser.close()
