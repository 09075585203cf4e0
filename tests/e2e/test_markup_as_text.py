"""Text from people, peers, files and the address bar is shown as text, never read as markup.

Markup goes in through every path that carries text onto the page: seat names typed in the lobby
(shown at the table, in the log, in the saved-games list and again when the game is resumed), a
record file's seat names and title (the replay viewer and its log), the address bar (`?ice=`,
`#join=`, `#host=`, `#table=`), and a peer's name at a network table (the guest's name in its
hello, and the host's names the guest is sent).  Each time the page must hold it as text: the text is there, no element it names was
made, no handler ran (`window.__pwned`), and the page's policy saw no violation
(tests/e2e/csp_watch.py).  Screenshots: artifacts/markup-*.png."""
import json
import urllib.parse

from clicking import click_randomly, start_game, wait_python, wait_settled
from csp_watch import record_of, watched_devices, watched_page
from p2p_helpers import host_table, invite_link, paste_answer

SVG = "<svg onload=__pwned=1>"  # 22 characters: fits a seat name (24)
BOLD = "<b>bold</b>"
IMG = "<img src=x onerror=__pwned=1>"  # longer: record names (40 kept) and addresses
#: what markup would have made, and whether any handler ran; the page's text, shown or not
FOUND = """() => ({
  pwned: typeof window.__pwned !== 'undefined',
  elements: [...document.querySelectorAll('b, img[src=x], [onload], [onerror]')].map((e) => e.outerHTML.slice(0, 80)),
  text: document.body.textContent,
})"""


def assert_held_as_text(page, where, shown=()):
    found = page.evaluate(FOUND)
    assert not found["pwned"], f"{where}: a handler from the text ran"
    assert not found["elements"], f"{where}: the text made elements {found['elements']}"
    for text in shown:
        assert text in found["text"], f"{where}: {text!r} is not shown as text"
    page.watch.check(where)


def test_names_records_and_addresses_are_text(browser, site_url, tmp_path, artifacts):
    page = watched_page(browser)
    # seat names typed in the lobby, at the table and in its log
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=3", names=[SVG, BOLD])
    click_randomly(page, seed=4, max_clicks=4, timeout_s=120)
    wait_settled(page)
    assert BOLD in page.locator(".log").inner_text()
    assert_held_as_text(page, "a table with markup names", shown=[SVG, BOLD])
    page.screenshot(path=str(artifacts / "markup-table.png"))

    # the saved game, listed in the lobby and resumed
    page.goto(f"{site_url}?botDelay=0")
    row = page.locator("#in-progress .saved-game")
    row.wait_for()
    assert_held_as_text(page, "the saved-games list", shown=[SVG, BOLD])
    row.locator(".resume").click()
    wait_settled(page)
    assert_held_as_text(page, "the resumed game", shown=[SVG, BOLD])

    # a record file's seat names and title, in the replay viewer and its log
    path = tmp_path / "markup.parlour.json"
    path.write_text(json.dumps(record_of("kings-progress", 2, 7, [IMG, BOLD], title=IMG)))
    page.goto(f"{site_url}?botDelay=0")
    wait_python(page)
    page.locator("#open-record").set_input_files(str(path))
    page.wait_for_selector("[data-replay-step]", timeout=60_000)
    log = page.locator(".log").inner_text()
    assert IMG in log or BOLD in log
    assert_held_as_text(page, "the replay viewer", shown=[IMG, BOLD])
    page.screenshot(path=str(artifacts / "markup-replay.png"))

    # the address bar: network servers asked about, a damaged invite, unknown hosted and saved tables
    quoted = urllib.parse.quote(IMG, safe="")
    servers = json.dumps([{"urls": f"stun:{IMG}"}])  # a list that parses: the page asks before using it
    page.goto(f"{site_url}?ice={urllib.parse.quote(servers, safe='')}#join={quoted}")
    page.locator(".ice-consent").wait_for()
    assert_held_as_text(page, "the ?ice= question", shown=[f"stun:{IMG}"])
    page.screenshot(path=str(artifacts / "markup-ice.png"))
    page.click("#ice-consent-no")
    page.locator("#table .error").wait_for()
    assert_held_as_text(page, "a #join= address of markup")
    for route in ("host", "table"):
        page.goto("about:blank")
        page.goto(f"{site_url}#{route}={quoted}")
        page.locator("#toasts .toast").first.wait_for()
        assert_held_as_text(page, f"a #{route}= address of markup")
    page.context.close()


def test_peer_names_are_text(pw, site_url, artifacts):
    with watched_devices(pw) as (host, guest):
        host_table(host, site_url, "kings-progress", ["human", "remote"], names=[SVG, "guest"])
        guest.goto(invite_link(host, 1))
        guest.wait_for_selector("#join-name", timeout=90_000)
        guest.fill("#join-name", BOLD)
        guest.click("#join-go")
        code = guest.locator("textarea.answer-code")
        code.wait_for(timeout=90_000)
        paste_answer(host, 1, code.input_value())
        host.wait_for_selector(".p2p-seat[data-seat='1'][data-state='connected']", timeout=60_000)
        guest.wait_for_selector(".p2p-guest", timeout=60_000)
        for page in (host, guest):  # once the game has started and both names are drawn
            page.wait_for_function("(names) => names.every((n) => document.querySelector('#table').textContent.includes(n))",
                                   arg=[SVG, BOLD], timeout=60_000)
        assert_held_as_text(host, "the host's table with a peer's markup name", shown=[SVG, BOLD])
        assert_held_as_text(guest, "the guest's table with the host's markup name", shown=[SVG, BOLD])
        host.screenshot(path=str(artifacts / "markup-host.png"))
        guest.screenshot(path=str(artifacts / "markup-guest.png"))
