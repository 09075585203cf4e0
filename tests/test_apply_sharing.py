"""The fast paths keep every game's behaviour: apply shares parts of states, step plays in place.

`Game.apply` copies only what a game's `copy_plan` says `_apply` edits and
shares the rest with the state it was given, and it finds the listed move
without serialising the list.  So, for seeded random games of every game:

- no later move ever changes an earlier state (a shared part edited in place
  would; that is the promise `copy_plan` makes);
- `Game.step` on one private copy (the search's and simulation's fast path)
  reaches exactly the states `apply` reaches;
- a listed move spelt with other JSON types is refused as before (True is not
  1, 1.0 is not 1), and one spelt with a tuple for a list is still that move.
"""
from __future__ import annotations

import json

import pytest

from parlour import bots, games, simulate
from parlour.errors import IllegalAction
from parlour.game import canonical, clone, clone_state, copy_json, same_json
from parlour.rng import Rng

GAMES = games.ids()


def _cases():
    for game_id in GAMES:
        game = games.get(game_id)
        for players in sorted({game.min_players, 3, game.max_players}):
            yield pytest.param(game_id, players, id=f"{game_id}-{players}p")


@pytest.mark.parametrize("game_id,players", list(_cases()))
def test_later_moves_never_change_earlier_states(game_id, players):
    game = games.get(game_id)
    seed = f"sharing:{players}"
    state = game.setup(players, seed)
    history = []
    moves = 0
    while not game.is_over(state) and moves < 3000:
        seat = game.to_move(state)[0]
        action = bots.random_action(game, state, seat, bots.bot_rng(seed, moves, seat))
        history.append((state, canonical(state)))
        state = game.apply(state, seat, action)
        moves += 1
    assert game.is_over(state)
    changed = [k for k, (old, text) in enumerate(history) if canonical(old) != text]
    assert not changed, f"{game_id}: a later move changed the state before move {changed[0] + 1}"


@pytest.mark.parametrize("game_id,players", list(_cases()))
def test_step_reaches_the_states_apply_does(game_id, players):
    checked_state, checked_actions = simulate.play_random(game_id, players, "step-vs-apply")
    stepped_state, stepped_actions = simulate.play_random(game_id, players, "step-vs-apply", checked=False)
    assert canonical(stepped_actions) == canonical(checked_actions)
    assert canonical(stepped_state) == canonical(checked_state)


def _spellings(action):
    """(action, accepted?) variants of a listed move: other types for its numbers, tuples for its lists."""
    for key, value in action.items():
        if type(value) is int:
            yield dict(action, **{key: float(value)}), False
            if value in (0, 1):
                yield dict(action, **{key: bool(value)}), False
        if type(value) is bool:
            yield dict(action, **{key: int(value)}), False
        if type(value) is list:
            yield dict(action, **{key: tuple(value)}), True


@pytest.mark.parametrize("game_id", GAMES)
def test_other_spellings_of_a_listed_move(game_id):
    game = games.get(game_id)
    state = game.setup(game.min_players, "spellings")
    chooser = Rng.from_seed(f"spellings:{game_id}")
    tried = 0
    for _ in range(120):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[chooser.below(len(legal))]
        expected = canonical(game.apply(state, seat, action))
        before = canonical(state)
        for variant, accepted in _spellings(action):
            if any(canonical(variant) == canonical(other) for other in legal if other is not action):
                continue  # that spelling is another listed move
            tried += 1
            if accepted:
                assert canonical(game.apply(state, seat, variant)) == expected
            elif not game.forms(state, seat):
                with pytest.raises(IllegalAction):
                    game.apply(state, seat, variant)
        assert canonical(state) == before, "a refused spelling changed the state"
        state = game.apply(state, seat, action)
    assert tried, f"{game_id}: no listed move had a number or a list to respell"


@pytest.mark.parametrize("game_id", GAMES)
def test_candidates_are_listed_moves(game_id):
    """`_candidates` (apply's shortcut) offers only listed moves, and finds each listed move."""
    game = games.get(game_id)
    for players in sorted({game.min_players, game.max_players}):
        state = game.setup(players, f"candidates:{players}")
        chooser = Rng.from_seed(f"candidates:{game_id}:{players}")
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            listed = {canonical(a) for a in legal}
            for action in legal[:40]:
                for asked in (action, dict(action, extra=1), {**action, "type": "pass"}):
                    narrowed = game._candidates(state, seat, asked)
                    assert narrowed is None or {canonical(a) for a in narrowed} <= listed, (asked, narrowed)
                narrowed = game._candidates(state, seat, action)
                assert narrowed is None or canonical(action) in {canonical(a) for a in narrowed}, action
            state = game.apply(state, seat, legal[chooser.below(len(legal))])


def test_same_json_tells_equal_values_apart_by_their_json_types():
    # (a, b, same_json): a == b in each; same_json must imply one canonical spelling
    cases = [
        ({"a": 1}, {"a": 1}, True), ({"a": 1}, {"a": True}, False), ({"a": 1}, {"a": 1.0}, False),
        ([0.0], [-0.0], False), ({"a": [1, "x", None]}, {"a": [1, "x", None]}, True),
        ({1: "x"}, {1: "x"}, False),  # not JSON's string keys: left to the canonical comparison
        ({"a": {"b": False}}, {"a": {"b": 0}}, False), ([1.5, 2], [1.5, 2], True),
    ]
    for a, b, expected in cases:
        assert a == b
        assert same_json(a, b) is expected, (a, b)
        if expected:
            assert canonical(a) == canonical(b)
        elif all(type(k) is str for k in (a if isinstance(a, dict) else {})):
            assert canonical(a) != canonical(b)


def test_copies_keep_types_order_and_independence():
    value = {"z": [1, True, None, 2.5, "é", {"k": [False, 0]}], "a": {"y": 1, "b": [[], {}]}, "n": -0.0}
    for copy in (clone(value), copy_json(value)):
        assert json.dumps(copy) == json.dumps(value)  # same key order, bools stay bools, -0.0 stays
        assert canonical(copy) == canonical(value)
        copy["z"][5]["k"].append(1)
        copy["a"]["b"][0].append(1)
    assert value["z"][5]["k"] == [False, 0] and value["a"]["b"] == [[], {}]
    state = {"ply": 3, "log": [{"ply": 1, "text": "x"}], "rng": "00", "board": [{"x": 1}]}
    copied = clone_state(state)
    assert list(copied) == ["ply", "rng", "board", "log"]  # the log goes last, as before
    assert copied["log"] is not state["log"] and copied["log"][0] is state["log"][0]
    assert copied["board"][0] is not state["board"][0]
