"""Mansion in Chromium, played through the board: bids through the form, picks, builds
by clicking a plan (and a floor), a trade offered through the trade form and answered,
to the result; and a pass-and-play round where the bid screen hides the last bid."""
import re
import time

import pytest

from clicking import start_game, wait_settled
from parlour.rng import Rng


BID = "#mn-bid"


def set_bid(page, amounts):
    """Step each area up to its amount on the bid form and seal it."""
    page.locator(BID).wait_for()
    for area, amount in amounts.items():
        for _ in range(amount):
            page.click(f"{BID} [data-field={area}] [data-step='+1']")
    page.click(f"{BID} .form-submit")


def form_values(page):
    return page.locator(f"{BID} output[data-value]").evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.value, Number(e.textContent)]))")


def offer_trade(page):
    """Open the trade form and offer the first other player 1 of our most plentiful material for 1 marble."""
    page.click("#mn-open-trade")
    form = page.locator("#mn-trade-form")
    form.wait_for()
    assert form.locator(".form-submit").is_disabled(), "an empty trade must not be sendable"
    group = form.locator("details.form-group").first
    give = group.locator(".form-count[data-field$='_wood'][data-field^='give'] [data-step='+1']")
    get = group.locator(".form-count[data-field$='_marble'][data-field^='get'] [data-step='+1']")
    if give.is_disabled() or get.is_disabled():
        form.locator(".form-cancel").click()
        return False
    give.click()
    get.click()
    assert form.locator(".form-submit").is_enabled()
    form.locator(".form-submit").click()
    return True


def play_person(page, rng, artifacts, max_actions=1000):
    """Bid, pick, build and trade as a person until the result shows; returns what was done.  A game of 20
    rounds takes a few hundred actions: one that has not ended after `max_actions` never will."""
    done = {"bids": 0, "builds": 0, "floor_clicks": 0, "offers": 0, "answers": 0}
    offered_this_turn = None
    for _ in range(max_actions):
        phase = wait_settled(page, 120_000)
        if phase == "over":
            return done
        assert phase == "move", phase
        if page.locator(BID).count():
            coins = int(re.search(r"hold (\d+) coin", page.locator(BID).inner_text()).group(1))
            split = {"wood": 0, "marble": 0, "plumbing": 0, "plans": 0}
            for _ in range(rng.below(coins + 1)):
                split[["wood", "marble", "plumbing", "plans"][rng.below(4)]] += 1
            set_bid(page, split)
            done["bids"] += 1
            continue
        if page.locator("#board [data-target=accept].legal, #board [data-target=decline].legal").count():
            if done["answers"] == 0:
                page.screenshot(path=str(artifacts / "mansion-answer.png"), full_page=True)
            choice = page.locator("#board [data-target=accept].legal")
            (choice if choice.count() and rng.below(2) else page.locator("#board [data-target=decline]")).click()
            done["answers"] += 1
            continue
        picks = page.locator("#board [data-target^='pick:'].legal")
        if picks.count():
            picks.nth(rng.below(picks.count())).click()
            continue
        turn = page.locator("#board").get_attribute("data-turn") or page.locator(".status").inner_text()
        cards = page.locator("#board .mn-card.legal[data-piece]")
        if cards.count():
            cards.nth(rng.below(cards.count())).click()
            floors = page.locator("#board .mn-floor.legal")
            if floors.count():
                floors.nth(rng.below(floors.count())).click()
                done["floor_clicks"] += 1
            done["builds"] += 1
            continue
        if page.locator("#mn-open-trade").count() and offered_this_turn != turn and done["offers"] < 3:
            offered_this_turn = turn
            if offer_trade(page):
                done["offers"] += 1
                continue
        page.click("#mn-done")
    raise AssertionError(f"the game did not end after {max_actions} actions: {done}")


@pytest.mark.motion  # the title's whole game by clicking, as most people see it: moves slide (tests/e2e/tabs.py)
def test_mansion_against_bots_through_the_board(page, site_url, artifacts):
    start_game(page, site_url, "mansion", ["human", "bot", "bot"], names=["Alex", "Ada", "Brune"])
    assert wait_settled(page, 120_000) == "move"
    page.screenshot(path=str(artifacts / "mansion-bid.png"), full_page=True)
    # the form keeps to the coins held: a bid over them cannot be stepped to
    page.click(f"{BID} [data-field=wood] [data-step=all]")
    assert page.locator(f"{BID} [data-field=marble] [data-step='+1']").is_disabled()
    assert "5 of 5 used, 0 left" in page.locator(f"{BID} .form-totals").inner_text()
    page.click(f"{BID} .form-reset")
    assert form_values(page) == {"wood": 0, "marble": 0, "plumbing": 0, "plans": 0}
    t0 = time.time()
    done = play_person(page, Rng.from_seed(5), artifacts)
    elapsed = time.time() - t0
    page.locator("#result").wait_for()
    page.screenshot(path=str(artifacts / "mansion-result.png"), full_page=True)
    assert done["bids"] == 20, done
    assert done["builds"] >= 3 and done["offers"] >= 1, done
    log = page.locator(".log").inner_text()
    assert re.search(r"You propose a trade: .*\n(Ada|Brune) \(bot\) (accepts|declines)", log), "an offer was not answered"
    table = page.locator("#result .mn-result-table").inner_text()
    for term in ("Points on built cards", "Bedroom bonus", "Floor bonus", "Total"):
        assert term in table
    assert not page.errors, page.errors
    print(f"mansion vs bots: {done}, {elapsed:.1f} s")


def test_mansion_building_marks_what_cannot_be_built(page, site_url, artifacts):
    """Cards in hand say where they can go, or which cost or code stands in the way."""
    start_game(page, site_url, "mansion", ["human", "bot"], names=["Alex", "Ada"])
    wait_settled(page, 120_000)
    set_bid(page, {"wood": 0})
    while True:
        wait_settled(page, 120_000)
        if page.locator("#board [data-target^='pick:'].legal").count():
            page.locator("#board [data-target^='pick:'].legal").first.click()
            continue
        break
    notes = page.locator("#mn-hand .mn-card .mn-card-note").all_inner_texts()
    assert notes and all(n.startswith("Build on floor") or "cost" in n or "floor" in n.lower() for n in notes), notes
    kind = page.locator("#mn-hand .mn-card.legal").first.get_attribute("data-kind")
    page.locator("#mn-hand .mn-card.legal").first.click()
    page.wait_for_selector(f".mn-mansion.you .mn-floor [data-kind={kind}]", timeout=30_000)
    assert page.locator(".mn-mansion.you .mn-floor").count() == 1
    page.screenshot(path=str(artifacts / "mansion-first-build.png"), full_page=True)
    # one build a turn: every card left is held up by the same reason, said once above them
    if len(set(page.locator("#mn-hand .mn-card").evaluate_all("els => els.map(e => e.dataset.kind)"))) > 1:
        said = page.locator("#mn-hand .mn-hand-why")
        said.wait_for()
        assert said.count() == 1 and "already built this turn" in said.inner_text(), said.all_inner_texts()
        notes = page.locator("#mn-hand .mn-card-note").all_inner_texts()
        assert not [n for n in notes if "already built" in n], notes
        assert "already built this turn" in page.locator("#mn-hand .mn-card.blocked").first.get_attribute("title")
    assert not page.errors, page.errors


def test_mansion_hint_marks_its_bids_in_blue_and_says_what_it_replaced(page, site_url, artifacts):
    """The Hint fills the bid form: the rows it set are marked in blue, a line names what it filled in and
    what of the player's own bid it replaced, and "Put mine back" restores that bid."""
    start_game(page, site_url, "mansion", ["human", "bot"], names=["Alex", "Ada"])
    assert wait_settled(page, 120_000) == "move"
    page.locator(BID).wait_for()
    for _ in range(5):
        page.click(f"{BID} [data-field=plumbing] [data-step='+1']")
    mine = form_values(page)
    page.click("#hint")
    note = page.locator(f"{BID} #mn-hint-note")
    note.wait_for(timeout=60_000)
    hinted = page.locator(f"{BID} .form-row.hinted, {BID} .form-submit.hinted")
    assert hinted.count() >= 1
    assert page.locator(f"{BID} .form-row.hinted").first.evaluate("e => getComputedStyle(e).outlineColor") == "rgb(31, 122, 224)"
    text = note.inner_text()
    assert "marked in blue" in text and "replaced what you had entered (Plumbing 5)" in text, text
    page.screenshot(path=str(artifacts / "mansion-hint-bid.png"))
    page.click("#mn-hint-undo")
    assert form_values(page) == mine and not page.locator("#mn-hint-note").count()
    assert not page.errors, page.errors


def test_mansion_trade_offer_reads_who_gives_whom_and_enter_does_not_accept_it(page, site_url, artifacts):
    """Pass and play: the person answering a trade starts on the offer's words (Enter accepts nothing),
    and the table says "You give Alex:" and "Alex gives you:" rather than "Gives Alex"."""
    start_game(page, site_url, "mansion", ["human", "human"], names=["Alex", "Bea"])
    while True:
        phase = wait_settled(page, 120_000)
        if phase == "privacy":
            page.click("#reveal")
            continue
        if page.locator(BID).count():
            set_bid(page, {})
            continue
        if page.locator("#board [data-target^='pick:'].legal").count():
            page.locator("#board [data-target^='pick:'].legal").first.click()
            continue
        break
    proposer = page.locator(".seat-card.you strong").inner_text()
    assert offer_trade(page), "the first builder could not offer 1 wood for 1 marble"
    if wait_settled(page) == "privacy":
        page.click("#reveal")
        wait_settled(page)
    page.locator("#mn-trade").wait_for()
    assert page.evaluate("document.activeElement && document.activeElement.id") == "mn-trade-text"
    page.keyboard.press("Enter")
    assert page.locator("#board [data-target=accept]").count() == 1, "Enter must not accept an offer unread"
    row = page.locator("#mn-trade .mn-trade-table tbody tr").first
    assert row.locator("[data-direction=to-proposer]").inner_text().startswith(f"You give {proposer}:")
    assert row.locator("[data-direction=from-proposer]").inner_text().startswith(f"{proposer} gives you:")
    page.screenshot(path=str(artifacts / "mansion-trade-offer.png"))
    page.locator("#board [data-target=decline]").click()
    if wait_settled(page) == "privacy":
        page.click("#reveal")
        wait_settled(page)
    page.wait_for_selector(".log li:has-text('declines')", state="attached", timeout=60_000)
    assert not page.errors, page.errors


def test_pass_and_play_bid_screen_hides_the_previous_bid(page, site_url, artifacts):
    start_game(page, site_url, "mansion", ["human", "human", "bot"], names=["Alex", "Bea", "Cy"])
    first = wait_settled(page, 120_000)
    if first == "privacy":
        page.click("#reveal")
        wait_settled(page)
    who = page.locator(".seat-card.you strong").inner_text()
    set_bid(page, {"wood": 3, "plans": 2})
    assert wait_settled(page) == "privacy", "the next person must get a privacy screen"
    assert not page.locator(BID).is_visible() or page.locator(".privacy").is_visible()
    page.screenshot(path=str(artifacts / "mansion-privacy.png"))
    page.click("#reveal")
    assert wait_settled(page) == "move"
    other = page.locator(".seat-card.you strong").inner_text()
    assert other != who
    assert form_values(page) == {"wood": 0, "marble": 0, "plumbing": 0, "plans": 0}
    board = page.locator("#board").inner_text() + page.locator(".log").inner_text()
    assert "You bid" not in board and "sealed bids" not in board
    assert f"{who} has placed a bid." in page.locator(".log").inner_text()
    page.screenshot(path=str(artifacts / "mansion-second-bidder.png"))
    set_bid(page, {"marble": 1})
    # once both have bid, everything is revealed to all
    if wait_settled(page) == "privacy":
        page.click("#reveal")
    page.wait_for_selector("#mn-auction", timeout=60_000)
    assert page.locator("#mn-auction tr[data-seat='0'] td[data-area=wood]").inner_text().startswith("3")
    assert not page.errors, page.errors
