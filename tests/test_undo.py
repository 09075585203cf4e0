"""Taking back a move (parlour.undo, the facade's can_undo and undo): Board Game Arena's policy.

A seat may take back its own last move while nobody has acted since and the
move revealed nothing hidden (no chance was drawn, no seat was shown what it
could not see).  Undo puts the table back exactly where it was.
"""
import pytest

from facade_calls import call, ok
from parlour import bots, games
from parlour.records import make
from parlour.undo import undo_refusal


def state_hash(table: str) -> str:
    return ok({"op": "state_hash", "table": table})["sha256"]


def first_move(game_id, players, seed, kind, verdict, limit=400):
    """Play a seeded random game until `seat` may play a move of type `kind` whose undo verdict is `verdict`
    (None: undoable; else a fragment of the refusal); returns (actions so far, seat, that move)."""
    game = games.get(game_id)
    state = game.setup(players, seed, None)
    played = []
    for ply in range(limit):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        for action in game.legal_actions(state, seat):
            if action["type"] != kind:
                continue
            refusal = undo_refusal(game, state, seat, action)
            if (verdict is None and refusal is None) or (verdict is not None and refusal and verdict in refusal):
                return played, seat, action
        action = bots.random_action(game, state, seat, bots.bot_rng(seed, ply, seat))
        played.append({"seat": seat, "action": action})
        state = game.apply(state, seat, action)
    raise AssertionError(f"no {kind} move with verdict {verdict!r} in {game_id} seed {seed}")


def table_at(game_id, players, seed, actions) -> str:
    return ok({"op": "new", "game": game_id, "players": players, "seed": seed, "actions": actions})["table"]


def test_undo_restores_the_position_before_the_move():
    actions, seat, action = first_move("kings-progress", 3, "undo-1", "place_city", None)
    table = table_at("kings-progress", 3, "undo-1", actions)
    before, version = state_hash(table), len(actions)
    ok({"op": "act", "table": table, "seat": seat, "action": action, "version": version})
    assert ok({"op": "can_undo", "table": table, "seat": seat})["undo"] is True
    reply = ok({"op": "undo", "table": table, "seat": seat, "version": version + 1, "view": seat})
    assert reply["version"] == version
    assert reply["snapshot"]["seat"] == seat and reply["snapshot"]["legal"]
    assert state_hash(table) == before
    ok({"op": "act", "table": table, "seat": seat, "action": action, "version": version})  # and it can be replayed


def test_undo_only_your_own_last_move():
    actions, seat, action = first_move("kings-progress", 3, "undo-2", "place_city", None)
    table = table_at("kings-progress", 3, "undo-2", actions)
    ok({"op": "act", "table": table, "seat": seat, "action": action, "version": len(actions)})
    other = (seat + 1) % 3
    check = ok({"op": "can_undo", "table": table, "seat": other})
    assert check["undo"] is False and "your own last move" in check["reason"]
    reply = call({"op": "undo", "table": table, "seat": other, "version": len(actions) + 1})
    assert reply["kind"] == "IllegalAction" and "your own last move" in reply["error"]


def test_undo_refused_once_another_seat_has_acted():
    game = games.get("kings-progress")
    actions, seat, action = first_move("kings-progress", 3, "undo-3", "place_city", None)
    table = table_at("kings-progress", 3, "undo-3", actions)
    ok({"op": "act", "table": table, "seat": seat, "action": action, "version": len(actions)})
    status = ok({"op": "status", "table": table})
    nxt = status["to_move"][0]
    legal = ok({"op": "view", "table": table, "seat": nxt})["legal"]
    ok({"op": "act", "table": table, "seat": nxt, "action": legal[0], "version": len(actions) + 1})
    if nxt != seat:
        assert ok({"op": "can_undo", "table": table, "seat": seat})["undo"] is False
    assert game.id == "kings-progress"


def test_undo_refused_when_the_move_drew_on_chance():
    actions, seat, action = first_move("kings-cottage", 3, "undo-4", "draw_tile", "drew on chance")
    table = table_at("kings-cottage", 3, "undo-4", actions)
    before = state_hash(table)
    ok({"op": "act", "table": table, "seat": seat, "action": action, "version": len(actions)})
    reply = call({"op": "undo", "table": table, "seat": seat, "version": len(actions) + 1})
    assert reply["kind"] == "IllegalAction" and "chance" in reply["error"]
    assert state_hash(table) != before  # refused: nothing changed back


def test_undo_refused_when_the_move_showed_others_a_hidden_card():
    """Building a plan from a Mansion hand lays a card nobody else had seen."""
    actions, seat, action = first_move("mansion", 3, "undo-5", "build", "showed")
    game = games.get("mansion")
    state = game.setup(3, "undo-5", None)
    for entry in actions:
        state = game.apply(state, entry["seat"], entry["action"])
    assert "something that was hidden" in undo_refusal(game, state, seat, action)


def test_undo_refused_when_the_last_sealed_bid_opens_the_round():
    """The last of a round's sealed bids reveals every bid; an earlier one reveals nothing."""
    game = games.get("mansion")
    state = game.setup(2, "undo-6", None)
    first = game.to_move(state)
    assert len(first) == 2  # both seats bid at once
    bid = bots.random_action(game, state, first[0], bots.bot_rng("b", 0, first[0]))
    assert undo_refusal(game, state, first[0], bid) is None
    state = game.apply(state, first[0], bid)
    last = bots.random_action(game, state, first[1], bots.bot_rng("b", 1, first[1]))
    assert "something that was hidden" in undo_refusal(game, state, first[1], last)


def test_undo_refused_at_the_end_of_the_game():
    game = games.get("kings-progress")
    state = game.setup(2, "undo-7", None)
    ply = 0
    while True:
        seat = game.to_move(state)[0]
        action = bots.random_action(game, state, seat, bots.bot_rng("e", ply, seat))
        after = game.apply(state, seat, action)
        if game.is_over(after):
            assert undo_refusal(game, state, seat, action) == "The game is over: its result stands."
            return
        state, ply = after, ply + 1


def test_undo_of_a_resumed_game_replays_from_the_start():
    """A table resumed from saved moves keeps no earlier states: undo replays them."""
    actions, seat, action = first_move("kings-progress", 2, "undo-8", "place_city", None)
    table = table_at("kings-progress", 2, "undo-8", actions + [{"seat": seat, "action": action}])
    reference = table_at("kings-progress", 2, "undo-8", actions)
    ok({"op": "undo", "table": table, "seat": seat, "version": len(actions) + 1})
    assert state_hash(table) == state_hash(reference)


def test_undo_stale_version_refused():
    actions, seat, action = first_move("kings-progress", 2, "undo-9", "place_city", None)
    table = table_at("kings-progress", 2, "undo-9", actions)
    ok({"op": "act", "table": table, "seat": seat, "action": action, "version": len(actions)})
    reply = call({"op": "undo", "table": table, "seat": seat, "version": len(actions)})
    assert reply["kind"] == "BadRequest" and "old position" in reply["error"]


def test_undo_refused_on_a_replay():
    record = make("kings-progress", "undo-10", {"match": "single"}, [{"name": "A"}, {"name": "B"}], [], None)
    opened = ok({"op": "open_record", "record": record})
    check = ok({"op": "can_undo", "table": opened["table"], "seat": 0})
    assert check["undo"] is False and "replay" in check["reason"]


@pytest.mark.parametrize("game_id", games.ids())
def test_undo_then_replay_gives_the_same_game(game_id):
    """Over a seeded random game of every title: each move the policy lets a seat take back is
    taken back to exactly the earlier state, then played again."""
    table = ok({"op": "new", "game": game_id, "players": 3, "seed": "undo-all"})["table"]
    undone = 0
    for ply in range(120):
        status = ok({"op": "status", "table": table})
        if status["over"]:
            break
        seat = status["to_move"][0]
        legal = ok({"op": "view", "table": table, "seat": seat})["legal"]
        assert legal, f"{game_id}: seat {seat} has no listed move"  # forms come with listed moves too
        action = legal[bots.bot_rng("u", ply, seat).below(len(legal))]
        before = state_hash(table)
        ok({"op": "act", "table": table, "seat": seat, "action": action, "version": status["version"]})
        if ok({"op": "can_undo", "table": table, "seat": seat})["undo"]:
            ok({"op": "undo", "table": table, "seat": seat, "version": status["version"] + 1})
            assert state_hash(table) == before
            undone += 1
            ok({"op": "act", "table": table, "seat": seat, "action": action, "version": status["version"]})
    assert undone > 0, f"{game_id}: no move could be taken back in 120 moves"
