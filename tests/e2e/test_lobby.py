"""The lobby (js/ui/lobby.js, game-cards.js, board-picture.js) and the header's notes (js/ui/site-status.js).

Every game has a card whose picture is its own board renderer's drawing of a
sample position (samples/<game-id>.json, made by build.py), with its pitch,
players, length and what makes it special; the cards are one radio group;
options are offered only at the player counts the engine allows; the lobby
fits a 390 px phone with 40 px controls that never overlap; the header says
"Ready" (Python's state is `data-python`), shows when the page is offline and
offers installing where the browser allows it.
"""
import json
import os
import pathlib
import re

import pytest

from clicking import click_randomly, start_game, wait_python, wait_settled
from start_order import start_order, watch_start_order
from test_offline import reload_offline
from tabs import PLAIN

ROOT = pathlib.Path(__file__).resolve().parents[2]
DIST = pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))
LOBBY = "document.documentElement.dataset.lobby === 'ready'"
PICTURES_DONE = ("[...document.querySelectorAll('.game-picture')].every("
                 "p => ['drawn', 'failed'].includes(p.dataset.picture))")
#: everything a person can press, pick or type into, in the header, the saved games and the lobby
CONTROLS = ("header button, header select, header input, #saved button, #saved summary, #saved label.button-like, "
            "#lobby button, #lobby select, #lobby input:not([type=file]), #lobby summary")


def catalogue():
    return json.loads((DIST / "games.json").read_text())


def open_lobby(page, site_url, query="botDelay=0"):
    page.goto(f"{site_url}?{query}")
    page.wait_for_function(LOBBY)
    page.wait_for_function(PICTURES_DONE, timeout=30_000)


def players_text(game):
    return f"{game['min_players']}–{game['max_players']} players"


#: the SVG each title's lobby picture is framed on, at a desktop (Mansion's is a group of its card SVGs)
FRAMED_ON = {"kings-progress": "kp-board", "kings-cottage": "kc-cottage", "castles": "castles-map",
             "one-six-nine": "osn-grid", "mansion": "group"}


def test_every_game_has_a_card_with_its_board_drawn_by_its_renderer(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_lobby(page, site_url)
    games = catalogue()
    assert page.locator(".game-card").count() == len(games) == 5
    for game in games:
        card = page.locator(f".game-card[data-game='{game['id']}']")
        assert card.get_attribute("role") == "radio"
        text = card.inner_text()
        for words in (game["title"], game["pitch"], players_text(game), game["length"], game["special"]):
            assert words and words in text, f"{game['id']}'s card lacks {words!r}"
        title_id = card.get_attribute("aria-labelledby")
        assert page.locator(f"#{title_id}").inner_text() == game["title"]  # the card's name is the title
        picture = card.locator(".game-picture")
        assert picture.get_attribute("data-picture") == "drawn", game["id"]
        assert picture.get_attribute("aria-hidden") == "true"
        assert picture.evaluate("p => p.inert && getComputedStyle(p).pointerEvents === 'none'")
        # drawn by the renderer: a real SVG of the board (or a group of its SVGs), with many shapes; framed on the
        # board itself where it is one SVG, wherever the card stands in the page (169's grid once shrank to fit the
        # room below the card and was framed with its whole table)
        assert picture.get_attribute("data-picture-svg") not in (None, "", "whole-board"), game["id"]
        assert picture.get_attribute("data-picture-svg") == FRAMED_ON[game["id"]], game["id"]
        assert int(picture.get_attribute("data-picture-shapes")) >= 40, game["id"]
        box = picture.bounding_box()
        assert box["width"] >= 200 and box["height"] >= 120, (game["id"], box)
        png = picture.screenshot(path=str(artifacts / f"lobby-picture-{game['id']}.png"))
        assert len(png) > 6_000, f"{game['id']}'s picture looks empty ({len(png)} bytes)"
    # the boards' ids, classes and clickable marks stay inside the pictures (closed shadow roots)
    assert page.evaluate("document.querySelectorAll('[data-piece], [data-target], .kp-board, .osn-grid').length") == 0
    # a click on a picture chooses its card (the picture itself takes no clicks)
    box = page.locator(".game-card[data-game='mansion'] .game-picture").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.locator(".game-card[data-game='mansion']").get_attribute("aria-checked") == "true"
    assert page.locator(".game-card[aria-checked='true']").count() == 1
    page.locator(".game-card[data-game='kings-progress']").click()
    page.screenshot(path=str(artifacts / "lobby-1280.png"), full_page=True)
    assert not errors
    context.close()


def test_cards_are_one_radio_group_for_the_keyboard_and_start_the_chosen_game(page, site_url):
    open_lobby(page, site_url, "botDelay=0&seed=3")
    ids = [g["id"] for g in catalogue()]
    checked = lambda: page.locator(".game-card[aria-checked='true']").get_attribute("data-game")
    focused = lambda: page.evaluate("document.activeElement.dataset.game")
    assert page.locator(".game-card[tabindex='0']").count() == 1  # only the chosen card is in the Tab order
    page.locator(".game-card[tabindex='0']").focus()
    assert focused() == checked() == ids[0]
    page.keyboard.press("ArrowRight")
    assert focused() == checked() == ids[1]
    page.keyboard.press("End")
    assert focused() == checked() == ids[-1]
    page.keyboard.press("ArrowDown")  # wraps round
    assert focused() == checked() == ids[0]
    page.keyboard.press("ArrowLeft")
    assert focused() == checked() == ids[-1]
    page.keyboard.press("Home")
    for _ in range(ids.index("castles")):
        page.keyboard.press("ArrowRight")
    assert focused() == checked() == "castles"
    assert page.locator(".game-card[tabindex='0']").get_attribute("data-game") == "castles"
    assert page.locator(".lobby-form-title").inner_text() == "Castles"
    page.keyboard.press("Tab")  # the chosen card's "Learn by playing" (the other cards' are not Tab stops)
    assert page.evaluate("document.activeElement.closest('.game-card-slot').dataset.cardFor") == "castles"
    assert page.evaluate("document.activeElement.classList.contains('learn')")
    page.keyboard.press("Tab")  # on to the set-up, beginning with the chosen game's Rules button
    assert page.evaluate("document.activeElement.dataset.rules") == "castles"
    page.select_option("#players", "2")
    page.select_option(".seat-row[data-seat='1'] .seat-level", "random")
    page.click("#start")
    page.locator("#table .table-title").wait_for()
    assert page.locator("#table .table-title").inner_text() == "Castles"
    page.locator("#board .castles").wait_for()
    assert not page.errors


def test_two_game_match_is_offered_only_at_four_players(page, site_url):
    open_lobby(page, site_url, "botDelay=0&seed=5")
    page.click(".game-card[data-game='kings-progress']")
    for players in ("2", "3"):
        page.select_option("#players", players)
        assert page.locator("#opt-match").count() == 0, f"the match is offered to {players} players"
    page.select_option("#players", "4")
    assert page.locator("#opt-match option").all_inner_texts() == ["single", "two-games"]
    page.select_option("#opt-match", "two-games")
    page.select_option("#players", "3")  # the choice goes with the count that allowed it
    assert page.locator("#opt-match").count() == 0
    page.select_option("#players", "4")
    assert page.input_value("#opt-match") == "single"
    # 169's Walled Garden is for two players: its option shows only then; Small World always
    page.click(".game-card[data-game='one-six-nine']")
    page.select_option("#players", "2")
    assert page.locator("#opt-walled_garden").count() == 1 and page.locator("#opt-small_world").count() == 1
    page.select_option("#players", "3")
    assert page.locator("#opt-walled_garden").count() == 0 and page.locator("#opt-small_world").count() == 1
    # and a four-player match starts: the engine takes what the lobby offered
    start_game(page, site_url, "kings-progress", ["human", "bot", "bot", "bot"], query="botDelay=0&seed=5",
               options={"match": "two-games"})
    wait_settled(page)
    assert "Game 1 of 2" in page.locator("#table .status").inner_text()
    assert page.locator(".toast").count() == 0
    assert not page.errors


def overlaps_and_sizes(page):
    """Every visible control's box; those under 40 px tall, past the screen's edges, or overlapping another."""
    return page.evaluate("""(selector) => {
      const boxes = [...document.querySelectorAll(selector)]
        .map(el => ({el, r: el.getBoundingClientRect()}))
        .filter(({el, r}) => r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden');
      const name = (el) => el.id || el.dataset.game || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30);
      const small = boxes.filter(({r}) => r.height < 40 - 0.5).map(({el, r}) => `${name(el)} ${Math.round(r.height)}px`);
      const outside = boxes.filter(({r}) => r.left < -0.5 || r.right > innerWidth + 0.5).map(({el}) => name(el));
      const overlapping = [];
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r, b = boxes[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 0.5 && h > 0.5) overlapping.push(`${name(boxes[i].el)} / ${name(boxes[j].el)}`);
      }
      return {count: boxes.length, small, outside, overlapping};
    }""", CONTROLS)


def test_lobby_fits_a_phone_with_40px_controls_that_never_overlap(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # a finished game and one in progress, so the saved games list has both kinds of rows
    start_game(page, site_url, "kings-progress", ["bot", "bot"], query="botDelay=0&seed=2")
    page.locator("#result").wait_for(timeout=120_000)
    page.click("#result >> text=Back to the lobby")
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=9")
    click_randomly(page, seed=2, max_clicks=4)
    page.click("#table .leave")
    page.locator("#in-progress .saved-game").wait_for()
    page.wait_for_function(PICTURES_DONE, timeout=30_000)
    page.click("#saved summary")  # open the finished games
    wait_python(page)
    for game in catalogue():
        page.click(f".game-card[data-game='{game['id']}']")
        for players in range(game["min_players"], game["max_players"] + 1):
            page.select_option("#players", str(players))
            for seat in range(1, players):
                page.select_option(f".seat-row[data-seat='{seat}'] .seat-kind", "bot")
            page.click(".p2p-settings summary")  # the network settings open too (each change redraws them shut)
            page.locator("#ice-servers").wait_for()
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, (game["id"], players)
            found = overlaps_and_sizes(page)
            assert found["count"] > 15
            assert not found["small"], (game["id"], players, found["small"])
            assert not found["outside"], (game["id"], players, found["outside"])
            assert not found["overlapping"], (game["id"], players, found["overlapping"])
    page.click(".game-card[data-game='kings-progress']")
    page.select_option("#players", "3")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "lobby-390.png"), full_page=True)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "lobby-390-top.png"))
    picture = page.locator(".game-card[data-game='kings-progress'] .game-picture").bounding_box()
    assert picture["width"] >= 100 and picture["height"] >= 60
    assert not errors
    context.close()


def test_header_says_ready_shows_offline_and_offers_install(page, site_url):
    open_lobby(page, site_url)
    status = page.locator("#engine-status[data-python='ready']")
    status.wait_for(timeout=90_000)
    assert status.inner_text() == "Ready"
    assert page.evaluate("document.documentElement.dataset.python") == "ready"
    offline = page.locator("#offline-status")
    assert offline.is_hidden()
    page.context.set_offline(True)  # fires `offline`
    offline.wait_for(state="visible")
    assert offline.inner_text().startswith("Offline")
    page.context.set_offline(False)
    offline.wait_for(state="hidden")
    # "Install Parlour" only while the browser offers installing (a stand-in for Chromium's prompt)
    install = page.locator("#install")
    assert install.is_hidden()
    page.evaluate("""() => {
      const event = new Event('beforeinstallprompt', {cancelable: true});
      event.prompt = async () => { window.installPrompted = true; };
      event.userChoice = Promise.resolve({outcome: 'accepted'});
      window.dispatchEvent(event);
    }""")
    install.wait_for(state="visible")
    assert install.inner_text() == "Install Parlour"
    install.click()
    page.wait_for_function("window.installPrompted === true")
    page.wait_for_selector("#install[data-outcome='accepted']", state="attached")
    assert install.is_hidden()
    assert not page.errors


@pytest.mark.service_worker
def test_cards_draw_their_pictures_offline_and_the_header_says_so(page, site_url, artifacts):
    reload_offline(page, site_url)
    page.wait_for_function(PICTURES_DONE, timeout=30_000)
    assert page.locator(".game-picture[data-picture='drawn']").count() == len(catalogue())
    assert page.locator("#offline-status").is_visible()
    assert page.locator("#engine-status").inner_text() == "Ready"
    page.screenshot(path=str(artifacts / "lobby-offline.png"))
    start_game(page, site_url.rstrip("/") + "/", "castles", ["human", "bot"], query="botDelay=0&seed=4")
    page.locator("#board .castles").wait_for()
    assert not page.errors


def pictures_wait_ms() -> int:
    """How long the pictures wait at most for a quick start (js/main.js PICTURES_WAIT_MS)."""
    return int(re.search(r"const PICTURES_WAIT_MS = (\d+);", (ROOT / "js" / "main.js").read_text()).group(1))


def test_pictures_wait_for_a_quick_python_start(browser, site_url):
    """The suite's build ships a snapshot, so Python starts the quick way: the pictures, which slowed that
    start by about 150 ms, are drawn once it is ready (a first visit draws them at once: test_first_visit).
    They wait PICTURES_WAIT_MS at most, counted from a moment after the page began: a quick start slower than
    that (a loaded machine: 3.5 s in one whole-suite run) has its pictures first, but not before then."""
    context = browser.new_context(**PLAIN)
    watch_start_order(context)
    page = context.new_page()
    open_lobby(page, site_url)
    order = start_order(page)
    assert page.evaluate("window.parlourTimings.started_from") == "shipped snapshot"
    assert order["picture"] >= order["python"] or order["picture"] >= pictures_wait_ms(), order
    context.close()
