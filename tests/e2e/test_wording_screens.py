"""Words on the screens a new player reads first: prompts, the lobby's options, the result.

- Prompts suit a mouse, a finger and the keyboard alike: no board asks to
  "click" (or to "tap"), on a desktop or a phone, at a game's first moves.
- The King's Progress match help shows only where the match may be chosen
  (four players).
- The King's Progress result explains its "Vetoes left" column.
"""
from __future__ import annotations

import re

import pytest

from clicking import LEGAL, start_game, wait_settled
from positions import near_the_end, open_position
from parlour.rng import Rng
from tabs import DESKTOP, PHONE

POINTER_WORDS = re.compile(r"\b(click|tap)", re.IGNORECASE)
MATCH_HELP = "Four players may play two games"


@pytest.mark.parametrize("where", ["desktop", "phone"])
@pytest.mark.parametrize("game", ["kings-progress", "kings-cottage", "castles", "mansion", "one-six-nine"])
def test_prompts_say_what_to_do_without_naming_a_pointer(shared_tab, site_url, game, where):
    page = shared_tab(DESKTOP if where == "desktop" else PHONE)
    start_game(page, site_url, game, ["human", "bot"], query="botDelay=0&seed=3", in_app=True)
    rng = Rng.from_seed(f"prompts:{game}")
    seen = []
    for _ in range(6):
        if wait_settled(page) != "move":
            break
        prompt = page.locator("#prompt").inner_text()
        seen.append(prompt)
        assert not POINTER_WORDS.search(prompt), f"{game} on a {where}: {prompt!r}"
        pieces = page.locator(LEGAL)
        if page.locator("#board form, #kc-invest").count() or not pieces.count():
            break  # a form (bids, investments): its own words are checked by the game's tests
        pieces.nth(rng.below(pieces.count())).click()
        if page.locator("#board [data-piece].selected").count():
            chosen = page.locator("#prompt").inner_text()  # the prompt once a piece is chosen
            seen.append(chosen)
            assert not POINTER_WORDS.search(chosen), f"{game} on a {where}: {chosen!r}"
            targets = page.locator("#board [data-target].legal")
            if targets.count():
                targets.nth(rng.below(targets.count())).click()
    assert seen, f"{game}: no prompt was read"
    assert not page.errors, page.errors


def test_the_match_help_shows_only_where_the_match_may_be_chosen(page, site_url):
    page.goto(site_url)
    page.wait_for_selector("[data-game='kings-progress']")
    page.click("[data-game='kings-progress']")
    for players in ("2", "3", "4", "3"):
        page.select_option("#players", players)
        lobby = page.locator("#lobby").inner_text() if page.locator("#lobby").count() else page.locator("main").inner_text()
        if players == "4":
            assert MATCH_HELP in lobby and page.locator("#opt-match").count() == 1
        else:
            assert MATCH_HELP not in lobby, f"the match help shows with {players} players"


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_the_kings_progress_result_says_what_vetoes_left_count(context_for, site_url, artifacts, where):
    page = context_for(DESKTOP if where == "desktop" else PHONE)
    open_position(page, site_url, "kings-progress", ["bot", "bot"], 9, near_the_end("kings-progress", 2, 9))
    assert wait_settled(page, timeout=120_000) == "over"
    result = page.locator("#result")
    result.wait_for()
    heading = result.locator("th", has_text="Vetoes left")
    assert heading.count() == 1 and "adds 1" in heading.get_attribute("title")
    note = result.locator("#kp-vetoes-note")
    assert note.is_visible() and "adds 1 to their total" in note.inner_text()
    page.screenshot(path=str(artifacts / f"wording-{where}-kings-progress-result.png"))
    assert not page.errors, page.errors
