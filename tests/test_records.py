"""Game records (parlour.records and the facade's open_record/view_at): replay, refusal of tampering."""
import copy
import json

import pytest

from parlour import api, games
from parlour.bots import bot_rng, random_action
from parlour.records import BadRecord, make, replay


def play(game_id, players, seed, stop=None):
    game = games.get(game_id)
    state = game.setup(players, seed)
    actions = []
    while not game.is_over(state) and (stop is None or len(actions) < stop):
        seat = game.to_move(state)[0]
        action = random_action(game, state, seat, bot_rng(seed, len(actions), seat))
        state = game.apply(state, seat, action)
        actions.append({"seat": seat, "action": action})
    seats = [{"name": f"P{i}", "kind": "bot"} for i in range(players)]
    result = game.result(state) if game.is_over(state) else None
    return make(game_id, seed, state["options"], seats, actions, result), state


@pytest.mark.parametrize("game_id", games.ids())
def test_record_replays_to_the_same_final_state_and_result(game_id):
    record, final = play(game_id, 2, 7)
    checked = replay(json.loads(json.dumps(record)))
    assert checked["states"][-1] == final
    assert checked["record"]["result"] == record["result"]
    assert len(checked["states"]) == len(record["actions"]) + 1


def test_unfinished_record_replays_with_no_result():
    record, final = play("kings-progress", 3, 5, stop=10)
    checked = replay(record)
    assert checked["record"]["result"] is None and checked["states"][-1] == final


def test_record_with_an_altered_move_is_refused_naming_the_move():
    record, _ = play("kings-progress", 2, 3)
    bad = copy.deepcopy(record)
    bad["actions"][4]["action"] = {"type": "pass"}
    with pytest.raises(BadRecord, match="Move 5 of the record does not replay"):
        replay(bad)


def test_record_with_an_edited_result_is_refused():
    record, _ = play("kings-progress", 2, 3)
    bad = copy.deepcopy(record)
    bad["result"]["winners"] = [1 - bad["result"]["winners"][0]] if len(bad["result"]["winners"]) == 1 else [0]
    with pytest.raises(BadRecord, match="edited"):
        replay(bad)


def test_record_with_another_seed_is_refused():
    record, _ = play("castles", 2, 3)
    bad = dict(record, seed=4)
    with pytest.raises(BadRecord):
        replay(bad)


@pytest.mark.parametrize("mangle, message", [
    (lambda r: [], "not a JSON object"),
    (lambda r: dict(r, format="chess-pgn"), "not a Parlour game record"),
    (lambda r: dict(r, format_version=99), "format version 99"),
    (lambda r: dict(r, game="go"), "does not know"),
    (lambda r: dict(r, seed=None), "'seed'"),
    (lambda r: dict(r, seats="Alex"), "list of seats"),
    (lambda r: dict(r, seats=r["seats"][:1]), "seats but says"),
    (lambda r: dict(r, seats=[{"name": "A", "kind": "robot"}, r["seats"][1]]), "unknown kind"),
    (lambda r: dict(r, actions={"a": 1}), "list of moves"),
    (lambda r: dict(r, actions=r["actions"] + [7]), "is not a move"),
    (lambda r: dict(r, options={"match": "forever"}), "cannot be set up"),
])
def test_malformed_record_is_refused_with_a_clear_message(mangle, message):
    record, _ = play("kings-progress", 2, 1, stop=6)
    with pytest.raises(BadRecord, match=message):
        replay(mangle(record))


def call(**message):
    return json.loads(api.handle(json.dumps(message)))


def test_facade_opens_a_record_and_shows_each_step_from_each_seat():
    record, _ = play("kings-progress", 2, 9)
    opened = call(op="open_record", record=record)
    assert opened["ok"] and opened["steps"] == len(record["actions"])
    first = call(op="view_at", table=opened["table"], step=0, seat=0)
    last = call(op="view_at", table=opened["table"], step=opened["steps"], seat=None)
    assert first["last"] is None and not first["over"]
    assert last["over"] and last["result"] == record["result"]
    assert call(op="view_at", table=opened["table"], step=opened["steps"] + 1, seat=0)["ok"] is False


def test_facade_refuses_a_tampered_record_and_opens_nothing():
    record, _ = play("kings-progress", 2, 9)
    record["actions"][0]["seat"] = 1 - record["actions"][0]["seat"]
    before = dict(api._tables)
    reply = call(op="open_record", record=record)
    assert reply["ok"] is False and reply["kind"] == "BadRecord" and "Move 1" in reply["error"]
    assert api._tables == before


def test_unfinished_record_opens_in_public_view_only():
    """A record of a game still going on never shows a seat's hidden pieces, whoever calls the facade."""
    record, _ = play("kings-progress", 2, 9, stop=6)
    opened = call(op="open_record", record=record)
    public = call(op="view_at", table=opened["table"], step=3, seat=None)
    assert public["ok"] and not public["over"]
    refused = call(op="view_at", table=opened["table"], step=3, seat=0)
    assert refused["ok"] is False and "not over" in refused["error"]
