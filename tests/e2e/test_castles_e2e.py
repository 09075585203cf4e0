"""Castles in Chromium, played through the board by clicking."""
import re

import pytest

from clicking import LEGAL, play_until_over, start_game, wait_settled
from parlour.rng import Rng


OTHER_SUITS = "(Moons|Crowns)"  # the bots' suits: the person sits in seat 0 (Suns)
SHOWN_COIN = re.compile(rf"\b(null|ace|[2-5]) coin of {OTHER_SUITS}")
SHOWN_PROPER = re.compile(r"^(null|ace|[2-5]) tile of \w+ — (?!your).*proper tile")

#: the words a person or a screen reader gets: tooltips, and the names of clickable pieces (which hold no
#: <title>: js/board/keys.js names them instead)
TITLES = """() => [...document.querySelectorAll('#board title, .side-panel title')].map((t) => t.textContent)
  .concat([...document.querySelectorAll('#board [aria-label], .side-panel [aria-label]')].map((e) => e.getAttribute('aria-label')))"""


def titles(page):
    return page.evaluate(TITLES)


def prompt(page):
    return page.locator("#prompt").inner_text()


def click_one(page, rng):
    """Click a random highlighted piece, or a place for the piece already chosen."""
    selected = page.locator("#board [data-piece].selected").count()
    targets = page.locator("#board [data-target].legal")
    choices = targets if selected and targets.count() else page.locator(LEGAL)
    count = choices.count()
    assert count, f"a person is to move but nothing is highlighted ({prompt(page)!r})"
    choices.nth(rng.below(count)).click(timeout=5000)


def check_secrets_hidden(page, what):
    """Nothing on screen gives the value of another seat's army or proper tile."""
    seen = titles(page)
    assert not [t for t in seen if SHOWN_COIN.search(t)], f"another seat's army value is shown ({what})"
    assert not [t for t in seen if SHOWN_PROPER.search(t)], f"another seat's proper tile is shown ({what})"
    return seen


@pytest.mark.motion  # the title's whole game by clicking, as most people see it: moves slide (tests/e2e/tabs.py)
def test_person_plays_a_whole_game_against_two_bots(page, site_url, artifacts):
    start_game(page, site_url, "castles", ["human", "bot", "bot"], query="botDelay=0&seed=7")
    page.wait_for_selector(".castles-map")
    rng = Rng.from_seed(3)
    checked = set()
    for _ in range(200):
        phase = wait_settled(page)
        if phase == "interlude":  # the round is scored: its screen waits for Continue (tests/e2e/test_castles_round_screen.py)
            check_scored_round(page)
            page.screenshot(path=str(artifacts / "castles-scored-round.png"))
            page.click("#interlude-continue")
            assert page.locator("#interlude").count() == 0
            assert page.locator(".castles-map.scored").count() == 0
            checked.add("scored")
            break
        assert phase == "move"
        text = prompt(page)
        if "proper" not in checked and "draw a tile" in text:
            seen = check_secrets_hidden(page, "map phase")
            # the bots' proper tiles are there, face down; the person's own is face up
            assert any(t.startswith("face-down Moons tile — Ada (bot)'s proper tile") for t in seen)
            assert any(re.match(r"(null|ace|[2-5]) tile of Suns — your proper tile", t) for t in seen)
            secret = page.evaluate("""async () => {
                const t = window.parlour.table;
                return (await t.engine.call('view', {table: t.table, seat: 1})).view.proper[1];
            }""")
            assert secret is None or secret["rank"] is not None  # Ada does know it: so it is a real secret
            checked.add("proper")
        if "map" not in checked and "Choose one of your armies" in text and page.locator(".castles-map .army").count() >= 5:
            seen = check_secrets_hidden(page, "army phase")
            assert any("face-down Moons coin — Ada (bot)'s army" in t for t in seen)
            assert any(re.match(r"(null|ace|[2-5]) coin of Suns \(only you see its value\) — your army", t) for t in seen)
            page.locator("#board [data-piece^='coin:'].legal").last.click()  # choose an army: its tiles light up
            assert page.locator(".castles-map [data-target^='tile:'].legal").count() >= 1
            page.screenshot(path=str(artifacts / "castles-map.png"))
            checked.add("map")
        click_one(page, rng)
    assert checked == {"proper", "map", "scored"}
    clicks = play_until_over(page, seed=5)
    assert clicks >= 2 * (6 * 2 + 1 + 6 * 2) - 4  # two more rounds of tiles, a castle and armies
    check_result(page, players=3, rounds=3)
    page.screenshot(path=str(artifacts / "castles-result.png"))
    page.click("text=See the board")
    # the last round stays on the map, scored, with every army face up
    assert page.locator(".castles-map.scored").count() == 1
    assert "Round 3 of 3 scored" in page.locator(".review-card h3").inner_text()
    assert page.locator(".castles-panel .seat-card.winner").count() >= 1
    page.screenshot(path=str(artifacts / "castles-final-board.png"))
    # earlier rounds can be looked at again
    assert page.locator(".review-card .round-tabs button").count() == 3
    page.locator(".review-card .round-tabs button", has_text="Round 1").click()
    assert "Round 1 of 3 scored" in page.locator(".review-card h3").inner_text()
    assert not page.errors


def check_scored_round(page):
    """The round screen just after round 1: its map as scored, and its score table."""
    board = page.locator("#interlude")
    assert board.locator(".castles-map.scored").count() == 1
    assert board.locator(".round-scores tbody tr").count() == 3
    # every army is turned over: no face-down coin on the scored map, and all 18 are there
    armies = page.evaluate("""() => [...document.querySelectorAll('.castles-map.scored .army title')]
        .map((t) => t.textContent)""")
    assert len(armies) == 18 and not [a for a in armies if a.startswith("face-down")]
    # each seat's terms are on the map: at least the castle tile and the armies there, for each seat
    assert board.locator(".score-tag.kind-castle_tile").count() == 3
    assert board.locator(".score-tag.kind-castle_armies").count() == 3
    assert "Alex's castle stands on" in page.evaluate(
        "() => [...document.querySelectorAll('.score-tag title')].map((t) => t.textContent).join('|')")
    # the card's totals agree with the sum of the terms it lists
    for line in board.locator(".round-terms").all_inner_texts():
        terms, total = line.rsplit("=", 1)
        values = [int(v.replace("\u2212", "-")) for v in re.findall(r"[+\u2212]?\d+", terms)]
        assert sum(values) == int(total.strip().replace("\u2212", "-").replace("+", ""))


def check_result(page, players, rounds):
    result = page.locator("#result")
    assert re.search(r"wins!|share the win", result.inner_text())
    assert "rounds are played" in result.locator(".result-ending").inner_text()
    rows = result.locator(".castles-totals tbody tr")
    assert rows.count() == players
    for i in range(players):
        cells = [c.replace("\u2212", "-") for c in rows.nth(i).locator("td").all_inner_texts()]
        assert len(cells) == rounds + 1
        assert sum(int(c) for c in cells[:-1]) == int(cells[-1])
    assert result.locator(".castles-terms tbody tr").count() == players * rounds


@pytest.mark.parametrize("terrain", ["random", "suit"])
def test_each_terrain_starts_and_a_tile_can_be_drawn_and_laid(page, site_url, terrain):
    start_game(page, site_url, "castles", ["human", "bot"], query="botDelay=0&seed=3", options={"terrain": terrain})
    page.wait_for_selector(".castles-map")
    assert wait_settled(page) == "move"
    assert page.locator("#board .proper").count() == 0, "no proper tiles outside the standard terrain"
    heading = "Your pile" if terrain == "suit" else "Resource pile"
    assert heading in page.locator("#board .castles-hand").inner_text()
    tiles = page.locator(".castles-map .square").count()
    page.locator("#board [data-piece='pile'].legal").click()
    page.wait_for_selector("#board [data-piece='held']")
    drawn = page.locator("#board [data-piece='held']").get_attribute("aria-label")
    if terrain == "suit":
        assert " of Suns" in drawn, "in the suit terrain a seat draws from its own suit"
    assert page.locator(".castles-map [data-target^='place:'].legal").count() >= 1
    page.locator(".castles-map [data-target^='place:'].legal").first.click()
    assert wait_settled(page) == "move"
    assert page.locator(".castles-map .square").count() >= tiles + 1
    assert page.locator(".log li", has_text=re.compile(r"^You draw ")).count() == 1  # Alex's own view: "You …"
    assert not page.errors
