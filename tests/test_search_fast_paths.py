"""The shortcuts a bot's search takes (issue 44: Hard keeps pace) give exactly what the long way gives, so no
seeded bot move changes: a game's `random_legal`, Castles' remembered map squares and frontier, reading a
result without copying it, and a determinization the search plays on without copying it again."""
from __future__ import annotations

import pytest

from parlour import games
from parlour.bots import random_action
from parlour.game import clone_state, read_result
from parlour.games.castles import map as castles_map
from parlour.rng import Rng
from parlour.search import random_policy

from search_games import RaceToTen

CASTLES = games.get("castles")


def _states(game, players: int, seed: str):
    """Every state of a seeded random game, from the first to the last."""
    state = game.setup(players, seed)
    ply = 0
    while not game.is_over(state):
        yield state
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, random_action(game, state, seat, Rng.from_seed(f"{seed}:{ply}")))
        ply += 1
    yield state


@pytest.mark.parametrize("players, terrain", [(2, "standard"), (3, "random"), (4, "suit"), (4, "standard")])
def test_castles_random_legal_is_the_listed_move_the_same_draw_picks(players, terrain):
    state = CASTLES.setup(players, f"fast:{terrain}", {"terrain": terrain})
    ply = 0
    while not CASTLES.is_over(state):
        for seat in range(players):
            legal = CASTLES.legal_actions(state, seat)
            if not legal:
                continue
            listed, quick = Rng.from_seed(f"pick:{ply}:{seat}"), Rng.from_seed(f"pick:{ply}:{seat}")
            expected = legal[listed.below(len(legal))]
            assert random_policy(CASTLES, state, seat, quick) == expected
            assert quick.state == listed.state  # the same draws, so the playout goes on alike
        seat = CASTLES.to_move(state)[0]
        state = CASTLES.apply(state, seat, random_action(CASTLES, state, seat, Rng.from_seed(f"go:{ply}")))
        ply += 1


def _fresh_frontier(tiles):
    taken = {(t["x"], t["y"]) for t in tiles}
    free = {n for p in taken for n in castles_map.neighbours(*p) if n not in taken}
    return sorted(free, key=castles_map.reading_order) if tiles else [castles_map.FIRST_PLACE]


def test_castles_remembered_squares_follow_every_map_asked_about_in_turn():
    """Two maps growing side by side, a copy of one, and a shorter map: each answer is worked out afresh."""
    a, b = [], []
    for step in range(24):
        for tiles in (a, b):
            free = castles_map.frontier(tiles)
            assert free == _fresh_frontier(tiles)
            x, y = free[(step * 7 + len(tiles)) % len(free)]
            tiles.append({"x": x, "y": y})
            assert castles_map.map_places({"tiles": tiles}) == sorted(
                castles_map.by_place(tiles), key=castles_map.reading_order)
        copy = [dict(t) for t in a]
        assert castles_map.frontier(copy) == _fresh_frontier(copy)
        assert castles_map.frontier(a[:step]) == _fresh_frontier(a[:step])
        assert castles_map.frontier(a) == _fresh_frontier(a)


@pytest.mark.parametrize("game_id", ["castles", "kings-progress"])
def test_a_finished_game_is_read_as_its_result(game_id):
    game = games.get(game_id)
    *_, last = _states(game, 2, "fast:result")
    assert read_result(game, last) == game.result(last)
    assert read_result(game, last) is last["result"]  # not copied: the search only reads it


def test_a_game_with_its_own_result_is_asked_for_it():
    race = RaceToTen()
    state = race.setup(2, 1)
    state.update(total=10, turn=1)
    assert read_result(race, state) == race.result(state)


def test_a_determinization_said_to_be_a_copy_shares_nothing_with_the_state():
    """King's Progress plays its searches on `determinize`'s state as it is (Game.determinize_copies)."""
    game = games.get("kings-progress")
    assert game.determinize_copies
    for i, state in enumerate(_states(game, 3, "fast:copies")):
        if i % 7:
            continue
        dealt = game.determinize(state, 0, i)
        assert dealt == clone_state(dealt)
        shared = _containers(state) & _containers({k: v for k, v in dealt.items() if k != "log"})
        assert not shared


def _containers(value, out=None) -> set:
    """The ids of every list and dict inside `value` (log lines aside)."""
    out = set() if out is None else out
    if isinstance(value, dict):
        out.add(id(value))
        for key, item in value.items():
            if key != "log":
                _containers(item, out)
    elif isinstance(value, list):
        out.add(id(value))
        for item in value:
            _containers(item, out)
    return out
