"""`determinize` is a function of what the seat knows, over every registered game.

A search bot sees the true state only through `determinize(state, seat, seed)`.
If the deal it returns depended on the true order of hidden pieces (a shuffle of
the hidden pool taken in its true order, say), two positions the seat cannot
tell apart would give different searches, and the bot would be peeking.  The
check: a determinization is itself a position the seat cannot tell from the
true one, so determinizing it again with the same seed must give exactly the
same state as determinizing the true one.
"""
from __future__ import annotations

import pytest

from parlour import bots, games
from parlour.game import canonical
from parlour.rng import Rng

SEEDS = range(3)
EVERY = 5  # check every 5th position of each game
MAX_PLIES = 600


def _without_log(state):
    return canonical({k: v for k, v in state.items() if k != "log"})


@pytest.mark.parametrize("game_id", games.ids())
def test_determinize_depends_only_on_what_the_seat_knows(game_id):
    game = games.get(game_id)
    checked = 0
    for seed in SEEDS:
        for players in range(game.min_players, game.max_players + 1):
            state = game.setup(players, f"peek:{seed}")
            rng = Rng.from_seed(f"peek:{game_id}:{seed}:{players}")
            ply = 0
            while not game.is_over(state) and ply < MAX_PLIES:
                if ply % EVERY == 0:
                    for seat in [*range(players), None]:
                        direct = game.determinize(state, seat, 11)
                        twice = game.determinize(game.determinize(state, seat, 5), seat, 11)
                        assert _without_log(direct) == _without_log(twice), (
                            f"{game_id}, {players} players, seed {seed}, ply {ply}: seat {seat}'s determinization "
                            "depends on hidden information (sort hidden pools before shuffling them)")
                        checked += 1
                seat = game.to_move(state)[0]
                state = game.apply(state, seat, bots.random_action(game, state, seat, rng))
                ply += 1
    assert checked > 20
