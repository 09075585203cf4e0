"""Stepping back through the last moves at a live table (the facade's view_back).

The local table's "Replay last moves" control shows a seat's own view some moves
ago.  The view must be exactly the one that seat had then (the same as a table
replayed to that point), carry no legal moves, name who moved but never the move
itself (an action can hold what the seat was not shown), and change nothing.
"""
import json

import pytest

from facade_calls import call, ok
from parlour import api, bots, games
from parlour.undo import undo_refusal


def played_actions(game_id: str, players: int, seed: int, count: int) -> list:
    """The first `count` moves of a seeded random game (fewer if it ends sooner)."""
    game = games.get(game_id)
    state = game.setup(players, seed, None)
    actions = []
    for ply in range(count):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        action = bots.random_action(game, state, seat, bots.bot_rng(seed, ply, seat))
        actions.append({"seat": seat, "action": action})
        state = game.apply(state, seat, action)
    return actions


def live_table(game_id: str, players: int, seed: int, actions: list) -> str:
    """A table that played `actions` one `act` at a time, as a table on this device does."""
    table = ok({"op": "new", "game": game_id, "players": players, "seed": seed})["table"]
    for version, entry in enumerate(actions):
        ok({"op": "act", "table": table, "seat": entry["seat"], "action": entry["action"], "version": version})
    return table


def view_after(game_id: str, players: int, seed: int, actions: list, seat) -> dict:
    """The seat's view on a fresh table replayed to the end of `actions`."""
    table = ok({"op": "new", "game": game_id, "players": players, "seed": seed, "actions": actions})["table"]
    view = ok({"op": "view", "table": table, "seat": seat, "legal": False})["view"]
    ok({"op": "close", "table": table})
    return view


def fingerprint(table: str) -> tuple:
    return ok({"op": "state_hash", "table": table})["sha256"], ok({"op": "status", "table": table})["version"]


GAMES = [("kings-progress", 3, 4), ("kings-cottage", 3, 5), ("castles", 2, 6), ("mansion", 3, 7), ("one-six-nine", 2, 8)]


@pytest.mark.parametrize("game_id, players, seed", GAMES)
def test_each_step_back_is_the_seats_own_view_at_that_point(game_id, players, seed):
    # more moves than the facade keeps states for, so some steps are replayed from the seed
    actions = played_actions(game_id, players, seed, api.KEPT_STATES + 12)
    table = live_table(game_id, players, seed, actions)
    before = fingerprint(table)
    for seat in range(players):
        for steps in sorted({0, 1, 2, len(actions) // 2, api.KEPT_STATES, api.KEPT_STATES + 1, len(actions)}):
            if steps > len(actions):
                continue
            step = len(actions) - steps
            reply = ok({"op": "view_back", "table": table, "seat": seat, "steps": steps, "previous": True})
            assert reply["view"] == view_after(game_id, players, seed, actions[:step], seat), (seat, steps)
            assert reply["previous"] == (view_after(game_id, players, seed, actions[:step - 1], seat) if step else None)
            assert (reply["step"], reply["steps"], reply["version"]) == (step, steps, len(actions))
            assert reply["mover"] == (actions[step - 1]["seat"] if step else None)
            assert "legal" not in reply and "forms" not in reply and "action" not in json.dumps(reply["mover"])
    assert fingerprint(table) == before, "looking back changed the table"


def test_steps_zero_is_the_live_view_and_previous_is_optional():
    actions = played_actions("kings-progress", 2, 3, 9)
    table = live_table("kings-progress", 2, 3, actions)
    live = ok({"op": "view", "table": table, "seat": 1, "legal": False})["view"]
    reply = ok({"op": "view_back", "table": table, "seat": 1, "steps": 0})
    assert reply["view"] == live and "previous" not in reply
    start = ok({"op": "view_back", "table": table, "seat": 0, "steps": len(actions), "previous": True})
    assert start["step"] == 0 and start["mover"] is None and start["previous"] is None


def test_a_resumed_table_steps_back_the_same_as_the_table_that_played():
    actions = played_actions("castles", 3, 12, 40)
    played = live_table("castles", 3, 12, actions)
    resumed = ok({"op": "new", "game": "castles", "players": 3, "seed": 12, "actions": actions})["table"]
    for steps in (1, 5, 30, 40):
        ask = {"op": "view_back", "seat": 2, "steps": steps, "previous": True}
        assert ok(dict(ask, table=played)) == ok(dict(ask, table=resumed))


def test_after_an_undo_the_steps_count_from_the_new_last_move():
    game = games.get("kings-progress")
    actions = played_actions("kings-progress", 2, 21, 6)
    table = live_table("kings-progress", 2, 21, actions)
    state = game.setup(2, 21, None)
    for entry in actions:
        state = game.apply(state, entry["seat"], entry["action"])
    seat = game.to_move(state)[0]
    move = next(a for a in game.legal_actions(state, seat) if undo_refusal(game, state, seat, a) is None)
    ok({"op": "act", "table": table, "seat": seat, "action": move, "version": len(actions)})
    ok({"op": "undo", "table": table, "seat": seat, "version": len(actions) + 1})
    reply = ok({"op": "view_back", "table": table, "seat": 0, "steps": 1})
    assert reply["version"] == len(actions)
    assert reply["view"] == view_after("kings-progress", 2, 21, actions[:-1], 0)


def test_a_spectator_may_look_back_too():
    actions = played_actions("one-six-nine", 2, 5, 10)
    table = live_table("one-six-nine", 2, 5, actions)
    reply = ok({"op": "view_back", "table": table, "seat": None, "steps": 3})
    assert reply["view"] == view_after("one-six-nine", 2, 5, actions[:-3], None)


@pytest.mark.parametrize("fields", [
    {"steps": -1}, {"steps": 11}, {"steps": 10**30}, {"steps": True}, {"steps": 1.0}, {"steps": "1"},
    {"steps": None}, {"steps": [1]}, {}, {"steps": 1, "previous": "yes"}, {"steps": 1, "previous": 1},
    {"steps": 1, "seat": 2}, {"steps": 1, "seat": -1}, {"steps": 1, "seat": True}, {"steps": 1, "seat": "0"},
    {"steps": 1, "table": "t0"}, {"steps": 1, "table": ["t1"]},
])
def test_malformed_requests_are_refused_and_change_nothing(fields):
    actions = played_actions("kings-progress", 2, 9, 10)
    table = live_table("kings-progress", 2, 9, actions)
    before = fingerprint(table)
    request = {"op": "view_back", "table": table, "seat": 0, **fields}
    reply = call(request)
    assert not reply["ok"] and reply["kind"] == "BadRequest", reply
    assert "trace" not in reply
    assert fingerprint(table) == before
