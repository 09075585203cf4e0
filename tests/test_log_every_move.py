"""Every move writes a line to the log that every seat reads, so the log's move numbers run without gaps.

The move log numbers its lines by the move that wrote them, to agree with the
replay's "Move N of M" (js/tables/move-log.js).  A move that wrote nothing (a
Castles draw, Mansion's "Done building") left a hole in that numbering (1, 2, 5)
and a player wondering what was lost.  Seeded random games of every title,
every option and player count: each move adds a line, and each seat's log (its
own words) has as many lines as the public one.
"""
from __future__ import annotations

import itertools

import pytest

from parlour import games
from parlour.errors import BadOptions
from parlour.game import log_for
from parlour.rng import Rng

SEEDS = range(2)


def option_sets(game) -> list:
    names = list(game.options)
    return [dict(zip(names, combo)) for combo in itertools.product(*(game.options[k]["choices"] for k in names))]


@pytest.mark.parametrize("game_id", games.ids())
def test_every_move_writes_a_log_line_every_seat_reads(game_id):
    game = games.get(game_id)
    silent = []
    for options, players, seed in itertools.product(option_sets(game), range(game.min_players, game.max_players + 1), SEEDS):
        try:
            state = game.setup(players, seed, options)
        except BadOptions:  # an option for other player counts
            continue
        rng = Rng.from_seed(f"log-every-move:{game_id}:{players}:{seed}")
        while not game.is_over(state):
            movers = game.to_move(state)
            seat = movers[rng.below(len(movers))]
            legal = game.legal_actions(state, seat)
            action = legal[rng.below(len(legal))]
            state = game.apply(state, seat, action)
            if not any(entry["ply"] == state["ply"] for entry in state["log"]):
                silent.append((options, players, action))
        plies = sorted({entry["ply"] for entry in state["log"]})
        assert plies == list(range(state["ply"] + 1)), f"{game_id} {options} {players} seats: the log skips moves"
        for reader in [None, *range(players)]:
            assert [e["ply"] for e in log_for(state, reader)] == [e["ply"] for e in state["log"]]
    assert not silent, f"{game_id}: {len(silent)} moves wrote no log line, e.g. {silent[:3]}"
