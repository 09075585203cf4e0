"""Result screens say why the game ended and why the result is what it is (Game.ending)."""
import json

import pytest

from parlour import api, games
from parlour.simulate import play_random


def finished(game_id, players, seed):
    state, _ = play_random(game_id, players, seed)
    return games.get(game_id), state


@pytest.mark.parametrize("game_id", games.ids())
def test_ending_names_every_winner(game_id):
    for k in range(4):
        game, state = finished(game_id, 2 + k % 2, f"ending-{k}")
        text, winners = game.ending(state), game.result(state)["winners"]
        assert text.endswith("."), text
        everyone = len(winners) == state["players"] and "everyone" in text.lower()
        assert everyone or all(f"{{p{w}}}" in text for w in winners), text
        if len(winners) > 1:
            assert "share the win" in text or "shares the win" in text, text


def test_kings_cottage_no_room_completed_is_a_shared_win_at_zero():
    """Most random games end before any room is completed: the screen says so, not just '0, 0, 0'."""
    game = games.get("kings-cottage")
    for k in range(40):
        _, state = finished("kings-cottage", 3, f"kc-zero-{k}")
        if all(v == 0 for v in state["result"]["detail"]["houses"].values()):
            text = game.ending(state)
            assert "fourth Null" in text and "No room was completed" in text and "everyone shares the win" in text
            return
    raise AssertionError("no game without a completed room in 40 seeds")


def test_one_six_nine_castle_count_ending_says_the_number_needed():
    game = games.get("one-six-nine")
    for k in range(40):
        _, state = finished("one-six-nine", 2, f"169-castles-{k}")
        if state["result"]["detail"]["decided_by"] == "castles":
            need = state["result"]["detail"]["castles_to_win"]
            assert f"the {need} needed to win at once" in game.ending(state)
            return
    raise AssertionError("no game won on castles in 40 seeds")


def test_facade_status_of_a_finished_game_carries_the_ending():
    game, state = finished("castles", 2, "facade-ending")
    actions = []
    _, log = play_random("castles", 2, "facade-ending")
    actions = [{"seat": e["seat"], "action": e["action"]} for e in log]
    reply = json.loads(api.handle(json.dumps({"op": "new", "game": "castles", "players": 2, "seed": "facade-ending",
                                              "actions": actions})))
    status = json.loads(api.handle(json.dumps({"op": "status", "table": reply["table"]})))
    assert status["over"] and status["ending"] == game.ending(state)
    assert status["ending"].startswith("All 2 rounds are played")
