"""The information-set search (parlour.search) and the bot levels built on it."""
from __future__ import annotations

import pytest

from parlour import games, levels
from parlour.bots import random_action
from parlour.rng import Rng
from parlour.search import ismcts, ln
from parlour.tournament import play_match, wilson

from search_games import RaceToTen, SealedBids

RACE = RaceToTen()
BIDS = SealedBids()


def at_total(total: int, turn: int = 0):
    state = RACE.setup(2, 1)
    state.update(total=total, turn=turn)
    return state


@pytest.mark.parametrize("total, best", [(0, 2), (5, 1), (3, 3), (8, 2), (9, 1)])
def test_search_finds_the_winning_move_in_race_to_ten(total, best):
    action, info = ismcts(RACE, at_total(total), 0, Rng.from_seed(f"race{total}"), 400)
    assert action == {"type": "add", "n": best}, info


def test_a_sealed_bid_is_searched_without_peeking_at_the_other_bid():
    state = BIDS.setup(2, 1)
    state = BIDS.apply(state, 0, {"type": "bid", "n": 0})  # seat 0 sealed 0: seat 1 could win with 1, but cannot know it
    assert ismcts(BIDS, state, 1, Rng.from_seed("b"), 300)[0] == {"type": "bid", "n": 3}
    for sealed in (1, 2, 3):
        other = dict(state, bids=[sealed, None])
        assert ismcts(BIDS, other, 1, Rng.from_seed("b"), 300)[0] == {"type": "bid", "n": 3}


def test_a_simultaneous_round_opening_picks_the_dominant_bid():
    state = BIDS.setup(2, 1)
    assert ismcts(BIDS, state, 0, Rng.from_seed("open"), 300)[0] == {"type": "bid", "n": 3}


@pytest.mark.parametrize("game_id", ["kings-cottage", "castles", "kings-progress"])
def test_the_bot_does_not_peek_at_hidden_pieces(game_id):
    """Changing only what the bot's seat cannot see (another determinization of it) leaves its move unchanged."""
    game = games.get(game_id)
    state = game.setup(3, 5)
    rng = Rng.from_seed("walk")
    for _ in range(9):  # a few moves in, so there is something hidden
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, random_action(game, state, seat, rng))
    seat = game.to_move(state)[0]
    other_world = game.determinize(state, seat, 99)  # the same information, different hidden pieces
    assert other_world != state
    mine = ismcts(game, state, seat, Rng.from_seed("same"), 25)[0]
    assert ismcts(game, other_world, seat, Rng.from_seed("same"), 25)[0] == mine


def test_the_same_position_seed_and_level_give_the_same_move():
    game = games.get("kings-progress")
    state = game.setup(2, 3)
    seat = game.to_move(state)[0]
    choose = levels.bot("easy")
    assert choose(game, state, seat, Rng.from_seed(1)) == choose(game, state, seat, Rng.from_seed(1))


def test_ln_is_the_natural_logarithm():
    import math
    for n in (1, 2, 3, 10, 1000, 123456):
        assert abs(ln(n) - math.log(n)) < 1e-12


def test_every_level_is_a_bot_and_old_bots_stay():
    for name in ("random", "heuristic", "easy", "medium", "hard"):
        assert levels.bot(name) is not None
    assert levels.bot("grandmaster") is None


def test_the_search_beats_random_play_at_race_to_ten():
    """A short seeded tournament: 30 games, the searcher moving first or second in turn.

    Perfect play wins every game it starts and almost every other one against
    random play; the threshold (24 of 30) is far below what the search scores
    and far above what a random player could (its expected share is 15)."""
    won = 0
    for k in range(30):
        state = RACE.setup(2, k)
        hero = k % 2
        rng = Rng.from_seed(f"t{k}")
        while not RACE.is_over(state):
            seat = RACE.to_move(state)[0]
            if seat == hero:
                action = ismcts(RACE, state, seat, rng, 200)[0]
            else:
                action = random_action(RACE, state, seat, rng)
            state = RACE.apply(state, seat, action)
        won += hero in RACE.result(state)["winners"]
    low, high = wilson(won, 30)
    assert won >= 24 and low > 0.5, (won, low, high)


def test_a_match_between_levels_plays_a_whole_game():
    out = play_match("kings-progress", ["easy", "random"], "match")
    assert out["moves"] > 10 and out["result"]["winners"]
