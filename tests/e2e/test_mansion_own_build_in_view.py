"""Mansion at 1280x800 (issue 45): after the person builds, their own mansion is in sight, not below the fold."""
from clicking import wait_settled
from parlour import bots, games
from positions import open_position
from tabs import DESKTOP

SEED = 5


def first_build_of_seat_0(seed=SEED, after=40):
    """The moves of a seeded random three-seat game up to a building turn of seat 0 (past its first rounds)."""
    game = games.get("mansion")
    state, moves = game.setup(3, seed, {}), []
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        if seat == 0 and len(moves) > after and any(a["type"] == "build" for a in game.legal_actions(state, seat)):
            return moves
        action = bots.random_action(game, state, seat, bots.bot_rng(seed, len(moves), seat))
        state = game.apply(state, seat, action)
        moves.append({"seat": seat, "action": action})
    raise AssertionError("seat 0 never had a build")


#: how many cards the person's mansion holds, and its box against the window
OWN = """() => {
  const mine = document.querySelector('#board .mn-mansion.you');
  const b = mine.getBoundingClientRect();
  return {cards: mine.querySelectorAll('.mn-floor .mn-card').length, top: b.top, bottom: b.bottom, height: b.height,
          window: window.innerHeight};
}"""


def test_own_mansion_comes_into_sight_after_a_build(context_for, site_url, artifacts):
    page = context_for(DESKTOP)
    open_position(page, site_url, "mansion", ["human", "bot", "bot"], SEED, first_build_of_seat_0())
    assert wait_settled(page) == "move"
    page.wait_for_selector("#board [data-piece^='plan:'].legal")
    before = page.evaluate(OWN)
    assert before["top"] > before["window"] / 2, f"the own mansion starts low on the page: {before}"
    page.locator("#board [data-piece^='plan:'].legal").first.click()
    floor = page.locator("#board [data-target^='floor:'].legal")
    if floor.count():
        floor.first.click()
    page.wait_for_function(f"document.querySelectorAll('#board .mn-mansion.you .mn-floor .mn-card').length > {before['cards']}")
    wait_settled(page)
    page.screenshot(path=str(artifacts / "mansion-after-build-desktop.png"))
    after = page.evaluate(OWN)
    assert after["top"] >= 0, after
    assert after["bottom"] <= after["window"] + 2 or after["top"] <= 1, f"own mansion not in sight after building: {after}"
    assert not page.errors
