"""Candidate rollouts (parlour.rollouts): Hard's look-ahead in Mansion and 169."""
from __future__ import annotations

import pytest

from parlour import games, levels, rollouts
from parlour.rng import Rng
from parlour.tournament import play_match

from search_games import RaceToTen, SealedBids

RACE = RaceToTen()
BIDS = SealedBids()
#: a small budget, so the tests stay fast: the same code as Hard's, fewer rollouts
SMALL = {"candidates": 3, "rollouts": 9, "plies": 8, "win_bonus": 20.0, "margin": 0.0}


def _race_at(total: int):
    state = RACE.setup(2, 1)
    state.update(total=total, turn=0)
    return state


@pytest.mark.parametrize("total, best", [(5, 1), (7, 3), (8, 2), (9, 1)])
def test_it_finds_the_winning_move_in_race_to_ten(total, best):
    """Race to ten has no greedy player and no estimate: every legal move is a candidate and each
    rollout plays to the end at random; leaving 6 (or making 10) wins."""
    settings = dict(SMALL, candidates=3, rollouts=240)
    action, info = rollouts.choose(RACE, _race_at(total), 0, Rng.from_seed(f"race{total}"), settings)
    assert action == {"type": "add", "n": best}, info


def test_a_sealed_bid_is_chosen_without_peeking_at_the_other_bid():
    """Seat 0 sealed 0, so 1 would win: a bot that peeked would bid 1.  Without peeking, 3 is best."""
    state = BIDS.apply(BIDS.setup(2, 1), 0, {"type": "bid", "n": 0})
    settings = dict(SMALL, candidates=4, rollouts=200)
    for sealed in (0, 1, 2, 3):
        world = dict(state, bids=[sealed, None])
        assert rollouts.choose(BIDS, world, 1, Rng.from_seed("b"), settings)[0] == {"type": "bid", "n": 3}


def _positions(game_id: str, players: int, plies: int, seed: str):
    """A seeded game between greedy players, `plies` moves in: something hidden, several moves open."""
    game = games.get(game_id)
    state = game.setup(players, seed)
    rng = Rng.from_seed(seed)
    for _ in range(plies):
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.heuristic_action(state, seat, rng))
    return game, state


CASES = [("mansion", 2, 23), ("mansion", 3, 40), ("one-six-nine", 2, 17), ("one-six-nine", 4, 9)]


@pytest.mark.parametrize("game_id, players, plies", CASES)
def test_the_move_depends_only_on_what_the_seat_knows(game_id, players, plies):
    """Another deal of what the seat cannot see (hands, the deck, sealed bids) gives the same move."""
    game, state = _positions(game_id, players, plies, "peek")
    seat = game.to_move(state)[0]
    mine = rollouts.choose(game, state, seat, Rng.from_seed("same"), SMALL)[0]
    for seed in (3, 99):
        other_world = game.determinize(state, seat, seed)
        assert other_world != state
        assert rollouts.choose(game, other_world, seat, Rng.from_seed("same"), SMALL)[0] == mine


def test_a_sealed_mansion_bid_is_not_read():
    """Mansion's bids are simultaneous: the seat bidding second must not learn the first seat's bid."""
    game = games.get("mansion")
    state = game.setup(2, "sealed")
    first = game.apply(state, 0, {"type": "bid", "wood": 5, "marble": 0, "plumbing": 0, "plans": 0})
    other = game.apply(state, 0, {"type": "bid", "wood": 0, "marble": 0, "plumbing": 0, "plans": 5})
    mine = rollouts.choose(game, first, 1, Rng.from_seed("s"), SMALL)[0]
    assert rollouts.choose(game, other, 1, Rng.from_seed("s"), SMALL)[0] == mine


@pytest.mark.parametrize("game_id, players, plies", CASES[:3])
def test_the_same_position_and_seed_give_the_same_move(game_id, players, plies):
    game, state = _positions(game_id, players, plies, "again")
    seat = game.to_move(state)[0]
    first = rollouts.choose(game, state, seat, Rng.from_seed(7), SMALL)
    assert rollouts.choose(game, state, seat, Rng.from_seed(7), SMALL) == first
    assert first[1]["rollouts"] > 0  # the comparison ran


@pytest.mark.parametrize("game_id", ["mansion", "one-six-nine"])
def test_the_greedy_choice_comes_first_among_the_candidates(game_id):
    game, state = _positions(game_id, 2, 12, "first")
    seat = game.to_move(state)[0]
    while len(game.legal_actions(state, seat)) < 3:  # a position with a choice to make
        state = game.apply(state, seat, game.heuristic_action(state, seat, Rng.from_seed(2)))
        seat = game.to_move(state)[0]
    found = game.candidate_actions(state, seat, Rng.from_seed(1), 5)
    assert found[0] == game.heuristic_action(state, seat, Rng.from_seed(1))
    assert 1 < len(found) <= 5


def test_hard_is_the_lookahead_in_mansion_and_169_and_old_names_stay():
    for game_id in ("mansion", "one-six-nine"):
        game = games.get(game_id)
        assert game.level_bots["hard"] == "lookahead"
        assert "by playing them out" in levels.describe(game, "hard")
    for name in ("random", "heuristic", "lookahead", "easy", "medium", "hard"):
        assert levels.bot(name) is not None


@pytest.mark.parametrize("game_id, options, seat", [("mansion", None, 1), ("one-six-nine", {"last_turn": "20"}, 0)])
def test_hard_beats_random_play_in_a_seeded_game(game_id, options, seat):
    """Hard (the real budget) against a random player must win: Mansion's Hard moving second, 169's first.
    (The greedy player wins all but a few of hundreds; a broken search would not.  One game each: a Hard game
    takes 15 to 25 s here; the bench's tournaments play 100 a pairing, seats rotating.)"""
    seats = ["random", "random"]
    seats[seat] = "hard"
    winners = play_match(game_id, seats, f"rollouts-test:{seat}", options)["result"]["winners"]
    assert winners == [seat], winners
