"""The peer-to-peer screens on a phone (390x844, touch): the host's panel with its invite (link,
QR code, Copy / Share, the box for the answer code), the guest's join screen and its answer code.
Nothing is wider than the screen and every control is at least 40x40 px, on the screen and apart
(the same measure as tests/e2e/test_phone_layout.py).  Screenshots: artifacts/phone-p2p-*.png."""
from clicking import start_game
from p2p_helpers import invite_link, launch
from test_phone_layout import PHONE, check_fits


def phone_page(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return context, page


def test_host_panel_and_join_screen_fit_a_phone(pw, site_url, artifacts):
    browsers = [launch(pw) for _ in range(2)]  # two devices, as in play
    try:
        host_context, host = phone_page(browsers[0])
        start_game(host, site_url, "kings-progress", ["human", "remote"], query="botDelay=0&ice=", names=["Hana", "guest"])
        host.wait_for_selector(".p2p-host")
        link = invite_link(host, 1)
        host.wait_for_selector(".p2p-seat[data-seat='1'] .qr[data-ready]", timeout=60_000)
        panel = host.locator(".p2p-host")
        panel.scroll_into_view_if_needed()
        check_fits(host, "the host's panel with its invite")
        assert panel.locator(".answer-input").count() == 1 and panel.locator(".answer-connect").count() == 1
        host.screenshot(path=str(artifacts / "phone-p2p-host-panel.png"), full_page=True)

        guest_context, guest = phone_page(browsers[1])
        guest.goto(link)
        guest.wait_for_selector("#join-name", timeout=90_000)
        check_fits(guest, "the join screen")
        guest.screenshot(path=str(artifacts / "phone-p2p-join.png"), full_page=True)
        guest.fill("#join-name", "Gus")
        guest.click("#join-go")
        guest.wait_for_selector(".answer-slot .qr[data-ready]", timeout=90_000)
        check_fits(guest, "the answer code")
        guest.screenshot(path=str(artifacts / "phone-p2p-answer.png"), full_page=True)
        for page in (host, guest):
            assert not page.errors, page.errors
        host_context.close()
        guest_context.close()
    finally:
        for b in browsers:
            b.close()
