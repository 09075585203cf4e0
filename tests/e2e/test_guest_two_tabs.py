"""One tab answers an invite: a guest who opens the same `#join=` link in two tabs of one browser
(js/tables/guest-table.js, owned through js/store/table-lock.js and told by js/tables/table-elsewhere.js)
gets the join screen in the first tab only.  The second says the invite is already open in another
tab of this browser and makes no answer code; it takes over once the first tab closes and then joins
the table for real, or goes back to the lobby.  A real host page in one browser; the guest's tabs in
another.  Screenshots: artifacts/guest-two-tabs-*.png."""
from p2p_helpers import PHASE, guest_answer, host_table, invite_link, launch, new_page, paste_answer
from tabs import DESKTOP, LOBBY, new_tab

#: the join screen or the notice, whichever the tab shows first (Python is not needed for either)
FIRST_SCREEN = "#table-elsewhere, #join-name"
SCREEN_WAIT = 90_000
ANSWER = "textarea.answer-code"
#: how long the waiting tab is watched while the first tab is still open
STILL_WAITING_MS = 800
PHONE_SIZE = {"width": 390, "height": 844}


def refused(tab, link):
    """Open the invite in `tab` and return the notice it shows instead of the join screen."""
    tab.goto(link)
    tab.wait_for_selector(FIRST_SCREEN, timeout=SCREEN_WAIT)
    notice = tab.locator("#table-elsewhere")
    assert notice.count() == 1, "the second tab on one invite showed the join screen"
    return notice


def test_second_tab_on_one_invite_waits_then_takes_over_and_joins(pw, site_url, artifacts):
    host_browser, guest_browser = launch(pw), launch(pw)
    try:
        host = new_page(host_browser)
        host_table(host, site_url, "kings-progress", ["human", "remote"], names=["Hana", "guest"])
        link = invite_link(host, 1)
        guests = guest_browser.new_context(**DESKTOP)
        first, second = new_tab(guests), new_tab(guests)
        first_code = guest_answer(first, link, "Gus")  # the first tab answers; the host has not pasted it

        notice = refused(second, link)
        text = notice.inner_text()
        assert "This invite is already open in another tab of this browser" in text
        assert "cannot bring another tab forward" in text  # the person switches tabs themselves
        assert notice.get_attribute("data-how") == "locks"
        assert second.evaluate(PHASE) == "elsewhere"
        assert second.locator("#join-name, #join-go").count() == 0
        assert second.locator(ANSWER).count() == 0
        assert second.locator("#read-only").count() == 0  # nothing to look at before joining
        assert second.locator("#take-over").is_enabled() and second.locator(".back-to-lobby").is_visible()
        second.screenshot(path=str(artifacts / "guest-two-tabs-refused-desktop.png"))
        second.set_viewport_size(PHONE_SIZE)
        second.screenshot(path=str(artifacts / "guest-two-tabs-refused-phone.png"))
        second.set_viewport_size(DESKTOP["viewport"])

        # waiting: nothing happens while the first tab is open
        second.click("#take-over")
        assert second.locator(".table-elsewhere-waiting").is_visible()
        assert second.locator("#take-over").is_disabled()
        second.wait_for_timeout(STILL_WAITING_MS)
        assert second.evaluate(PHASE) == "elsewhere" and second.locator(ANSWER).count() == 0
        assert first.locator(ANSWER).input_value() == first_code

        # the first tab closes: the second takes over, answers, and the host seats it
        first.close(run_before_unload=False)
        second.wait_for_selector("#join-name", timeout=SCREEN_WAIT)
        assert second.locator("#table-elsewhere").count() == 0
        second.fill("#join-name", "Gus")
        second.click("#join-go")
        answer = second.locator(ANSWER)
        answer.wait_for(timeout=SCREEN_WAIT)
        code = answer.input_value()
        assert code != first_code
        paste_answer(host, 1, code)
        host.wait_for_selector(".p2p-seat[data-seat='1'][data-state='connected']", timeout=60_000)
        second.wait_for_selector(".p2p-guest", timeout=60_000)
        second.wait_for_function(f"{PHASE} !== 'join'")
        assert "You play seat 2" in second.locator(".p2p-guest").inner_text()

        # a third tab on the same link is refused by the second, now the owner, and may go to the lobby
        third = new_tab(guests)
        refused(third, link)
        third.click(".back-to-lobby")
        third.locator("#lobby").wait_for()
        assert third.evaluate(LOBBY) and third.locator("#table").is_hidden()
        assert third.locator("#table-elsewhere").count() == 0
        assert third.evaluate("location.hash") == ""
        assert third.locator(ANSWER).count() == 0
        assert host.locator(".p2p-seat[data-seat='1']").get_attribute("data-state") == "connected"
        for tab in (host, second, third):
            assert not tab.errors, tab.errors
    finally:
        host_browser.close()
        guest_browser.close()
