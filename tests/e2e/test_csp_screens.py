"""Every screen of the site under its Content-Security-Policy (docs/security.md), in Chromium: the
lobby with its board pictures and network settings, each game at a table on this device (moves by
clicking, the Rules dialog, Export record), the replay viewer, and a hosted network table with a
guest who joins through the real invite link (QR codes, answer code, moves over the data channel).
Any `securitypolicyviolation` event, any violation logged to the console (Python's worker
included) or any page error fails the test.  The policy itself is checked in
tests/test_csp_policy.py."""
import json
import random

from clicking import click_randomly, start_game, wait_python, wait_settled
from csp_watch import record_of, watched_devices, watched_page
from p2p_helpers import click_once, guest_answer, host_table, paste_answer

DIALOG = "#rules[data-ready]"
CLICKS = 4  # moves made by clicking at each game's table


def catalogue(page):
    return page.evaluate("() => fetch('games.json').then(r => r.json())")


def open_rules(page, where):
    page.click(f"{where} .rules-button")
    page.locator(DIALOG).wait_for(timeout=30_000)
    page.keyboard.press("Escape")
    page.locator("#rules").wait_for(state="detached")


def invest_nothing(page):
    """King's Cottage opens with its secret investments (a form of its own): stake nothing anywhere."""
    for house in ("crowns", "arms", "suns", "moons"):
        page.click(f"#kc-invest [data-house={house}] input[data-stake='0']")
    page.click("#kc-invest-submit")


def test_lobby_tables_rules_and_replay_keep_the_policy(browser, site_url, tmp_path, artifacts):
    page = watched_page(browser, accept_downloads=True)
    page.goto(f"{site_url}?botDelay=0&seed=5")
    wait_python(page)
    games = catalogue(page)
    page.wait_for_function("(n) => document.querySelectorAll('[data-picture=drawn]').length === n", arg=len(games),
                           timeout=60_000)
    page.watch.check("the lobby")
    page.click(".p2p-settings summary")
    page.fill("#ice-servers", "stun:stun.example.org:3478")
    page.press("#ice-servers", "Tab")  # change: saved
    page.click(f"[data-game='{games[0]['id']}']")
    open_rules(page, ".lobby-rules")
    page.watch.check("network settings and the lobby's Rules")

    for game in games:
        gid = game["id"]
        start_game(page, site_url, gid, ["human"] + ["bot"] * (game["min_players"] - 1), query="botDelay=0&seed=5",
                   in_app=True)
        if wait_settled(page) == "move" and page.locator("#kc-invest").count():
            invest_nothing(page)
        click_randomly(page, seed=2, max_clicks=CLICKS, timeout_s=120)
        wait_settled(page)
        open_rules(page, "#table .table-bar")
        with page.expect_download() as download:
            page.click("#table .table-bar .export")
        assert download.value.suggested_filename.endswith(".parlour.json")
        page.screenshot(path=str(artifacts / f"csp-{gid}.png"))
        page.watch.check(f"a table of {gid}")

    path = tmp_path / "replay.parlour.json"
    path.write_text(json.dumps(record_of("kings-progress", 3, 12, ["Ada", "Ben", "Cy"])))
    page.goto(f"{site_url}?botDelay=0")
    page.locator("#open-record").set_input_files(str(path))
    page.wait_for_selector("[data-replay-step]", timeout=60_000)
    page.click("#replay-first")
    page.wait_for_selector("[data-replay-step='0']")
    for step in (1, 2):
        page.click("#replay-forward")
        page.wait_for_selector(f"[data-replay-step='{step}']")
    open_rules(page, "#table .table-bar")
    page.screenshot(path=str(artifacts / "csp-replay.png"))
    page.watch.check("the replay viewer")
    page.context.close()


def test_invite_join_and_network_play_keep_the_policy(pw, site_url, artifacts):
    with watched_devices(pw) as (host, guest):
        host_table(host, site_url, "kings-progress", ["human", "remote"], names=["Hana", "guest"])
        host.wait_for_selector(".p2p-seat[data-seat='1'] .qr[data-ready]", timeout=60_000)  # the invite's QR: data: image
        assert host.locator(".p2p-seat[data-seat='1'] img.qr-img").get_attribute("src").startswith("data:image/svg+xml")
        host.watch.check("the host's invite")
        link = host.locator(".p2p-seat[data-seat='1'] textarea.invite-link").input_value()
        code = guest_answer(guest, link, "Gus")
        guest.wait_for_selector(".answer-slot .qr[data-ready]", timeout=60_000)  # the answer's QR
        guest.watch.check("the guest's join and answer screens")
        paste_answer(host, 1, code)
        host.wait_for_selector(".p2p-seat[data-seat='1'][data-state='connected']", timeout=60_000)
        guest.wait_for_selector(".p2p-guest", timeout=60_000)
        # moves over the data channel (WebRTC is not governed by connect-src)
        rng, moved = random.Random(3), 0
        for _ in range(400):
            if moved >= CLICKS:
                break
            for page in (host, guest):
                if page.evaluate("() => document.querySelector('#table')?.dataset.phase") == "move" and click_once(page, rng):
                    moved += 1
            host.wait_for_timeout(50)
        assert moved >= CLICKS, "no moves were made at the network table"
        host.screenshot(path=str(artifacts / "csp-host.png"))
        guest.screenshot(path=str(artifacts / "csp-guest.png"))
        host.watch.check("the hosted table")
        guest.watch.check("the joined table")
