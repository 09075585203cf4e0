"""King's Cottage in Chromium, played through the board by clicking."""
import re
import time

import pytest

from clicking import LEGAL, start_game, wait_settled
from parlour.rng import Rng


#: With this seed the person's clicks and the bots' moves raise a second story and complete rooms.
SEED = 2
STAKES_ALEX = {"crowns": 3, "arms": -3, "suns": 1, "moons": -1}
STAKES_ADA = {"crowns": -1, "arms": 1, "suns": 2, "moons": -2}


def signed(n):
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def invest(page, stakes):
    """Fill the secret investment form house by house; the sum shows and submit waits for zero."""
    form = page.locator("#kc-invest")
    form.wait_for()
    running = 0
    for house, stake in stakes.items():
        page.click(f"#kc-invest [data-house={house}] input[data-stake='{stake}']")
        running += stake
        if running != 0:
            assert page.locator("#kc-invest-submit").is_disabled(), "a split not adding up to zero must not be sent"
            assert "must be 0" in page.locator("#kc-sum").inner_text()
    assert page.locator("#kc-sum").inner_text().startswith("Sum: 0")
    assert page.locator("#kc-invest-submit").is_enabled()
    page.click("#kc-invest-submit")


def mine_text(stakes):
    return ", ".join(f"{h.capitalize()} {signed(v)}" for h, v in stakes.items())


def pick_and_click(page, rng, selected):
    """Like clicking.play_until_over, but first a kind of thing at random (a pile, the bag, the die,
    a furnishing, ...), then one of that kind, so months do not fly by; and upstairs whenever possible."""
    upstairs = page.locator("#board [data-target^='up:'].legal")
    targets = page.locator("#board [data-target].legal")
    choices = upstairs if upstairs.count() else targets if selected and targets.count() else page.locator(LEGAL)
    groups = {}
    for i in range(choices.count()):
        option = choices.nth(i)
        key = option.get_attribute("data-target") or option.get_attribute("data-piece")
        groups.setdefault(key.split(":")[0], []).append(option)
    assert groups, f"nothing highlighted; prompt: {page.locator('#prompt').inner_text()}"
    if len(groups) > 1:
        groups.pop("stop", None)
    kinds = sorted(groups)
    group = groups[kinds[rng.below(len(kinds))]]
    group[rng.below(len(group))].click(timeout=5000)


@pytest.mark.motion  # the title's whole game by clicking, as most people see it: moves slide (tests/e2e/tabs.py)
def test_person_plays_whole_three_player_game_against_two_bots(page, site_url, artifacts):
    start_game(page, site_url, "kings-cottage", ["human", "bot", "bot"], query=f"botDelay=0&seed={SEED}")
    assert wait_settled(page) == "move"
    assert page.locator(".kc-cottage .kc-room").count() == 1  # the ace of Crowns entrance
    invest(page, STAKES_ALEX)

    rng = Rng.from_seed(SEED)
    # a guard against a game that never ends, not a speed test: the click cap ends it first on any machine
    clicks, shots, deadline = 0, set(), time.time() + 600
    while time.time() < deadline and clicks < 400:
        phase = wait_settled(page)
        if phase == "over":
            break
        assert page.locator("#prompt").inner_text().strip()
        if "two-story" not in shots and page.locator(".kc-cottage .kc-upper").count():
            assert page.locator(".kc-upper .kc-stairs").count() == page.locator(".kc-upper").count(), \
                "every second-story room shows its stairwell"
            page.screenshot(path=str(artifacts / "kings-cottage-two-story.png"))
            shots.add("two-story")
        selected = page.locator("#board [data-piece].selected").count()
        if "board" not in shots and clicks >= 20 and selected and page.locator("#board [data-target^='room:'].legal").count():
            assert mine_text(STAKES_ALEX) in page.locator("#kc-mine").inner_text()
            page.screenshot(path=str(artifacts / "kings-cottage-board.png"))
            shots.add("board")
        if "completed" not in shots and page.locator(".kc-cottage .kc-room.completed").count():
            page.screenshot(path=str(artifacts / "kings-cottage-completed.png"))
            shots.add("completed")
        pick_and_click(page, rng, selected)
        clicks += 1
    assert wait_settled(page) == "over", f"no result after {clicks} clicks"
    assert {"board", "two-story", "completed"} <= shots
    result = page.locator("#result")
    result.wait_for()
    assert re.search(r"wins!|share the win", result.inner_text())
    assert "fourth Null tile turned up" in result.locator(".result-ending").inner_text()
    assert result.locator(".kc-houses-table tbody td").count() == 4
    rows = result.locator(".kc-profit-table tbody tr")
    assert rows.count() == 3
    assert "+3 \u00d7" in rows.nth(0).inner_text()  # Alex's Crowns stake, shown at the end
    page.screenshot(path=str(artifacts / "kings-cottage-result.png"))
    page.click("text=See the board")
    assert page.locator(".kc-cottage .kc-room").count() > 1
    assert not page.errors


def test_pass_and_play_keeps_each_persons_investments_secret(page, site_url, artifacts):
    start_game(page, site_url, "kings-cottage", ["human", "human"], query="botDelay=0&seed=4")
    assert wait_settled(page) == "privacy"  # nobody's stakes form shows before the first person says who they are
    page.click("#reveal")
    assert wait_settled(page) == "move"
    assert "not chosen" in page.locator("#kc-mine").inner_text()
    invest(page, STAKES_ALEX)

    # Ada's turn to invest: behind the privacy screen first, then a fresh form.
    assert wait_settled(page) == "privacy"
    assert page.locator(".kc-cottage").count() == 0 and page.locator("#kc-invest").count() == 0
    assert "Ada" in page.locator(".privacy h2").inner_text()
    page.screenshot(path=str(artifacts / "kings-cottage-privacy.png"))
    page.click("#reveal")
    assert wait_settled(page) == "move"
    form = page.locator("#kc-invest")
    form.wait_for()
    for house in STAKES_ALEX:
        assert form.locator(f"[data-house={house}] input[data-stake='0']").is_checked(), "Alex's choice must not carry over"
    seen = page.locator("#table").inner_text()
    assert "not chosen" in page.locator("#kc-mine").inner_text()
    assert mine_text(STAKES_ALEX) not in seen and "You invest" not in seen
    invest(page, STAKES_ADA)

    # After investing each person sees their own stakes, never the other's.
    checked = set()
    for _ in range(30):
        if wait_settled(page) == "privacy":
            page.click("#reveal")
            continue
        me = page.locator(".seat-card.you strong").inner_text()
        own, other = (STAKES_ALEX, STAKES_ADA) if me == "Alex" else (STAKES_ADA, STAKES_ALEX)
        assert mine_text(own) in page.locator("#kc-mine").inner_text()
        assert mine_text(other) not in page.locator("#table").inner_text()
        stakes = [c.inner_text() for c in page.locator(".kc-sheet .kc-stake-cell").all()]
        assert stakes == [signed(v) for v in own.values()]
        checked.add(me)
        if checked == {"Alex", "Ada"}:
            break
        # build: take a tile, put it on a free square (or bring the King in)
        for kind in ("pile:", "cell:", "room:"):
            option = page.locator(f"#board [data-target^='{kind}'].legal")
            if option.count():
                option.first.click()
                break
        else:
            page.locator(LEGAL).first.click()
    assert checked == {"Alex", "Ada"}
    assert not page.errors
