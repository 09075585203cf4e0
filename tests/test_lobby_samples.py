"""The lobby cards' sample positions (build.py `build_samples`, dist/samples/<game-id>.json).

Each is a game in progress for the game's board renderer to draw in the lobby
before Python has loaded: seat 0's view of a seeded random game stopped
part-way, the same bytes from every build (tests/e2e/test_lobby.py checks the
pictures drawn from them).
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from parlour import api, games  # noqa: E402


def test_every_game_gets_a_game_in_progress_and_the_bytes_repeat(tmp_path):
    first = build.build_samples(tmp_path / "a")
    again = build.build_samples(tmp_path / "b")
    assert sorted(p.name for p in first) == sorted(f"{gid}.json" for gid in games.ids())
    for a, b in zip(sorted(first), sorted(again)):
        assert a.read_bytes() == b.read_bytes(), f"{a.name} differs between builds"
    for path in first:
        sample = json.loads(path.read_text(encoding="utf-8"))
        game = games.get(sample["game"])
        assert path.stem == game.id and sample["viewer"] == 0 and sample["moves"] > 0
        assert game.min_players <= sample["players"] <= game.max_players
        view = sample["view"]
        assert view["phase"] != "over" and view.get("result") is None, f"{game.id}'s sample is a finished game"
        # the view is what the facade gives seat 0 after replaying those moves
        table = api.op_new({"game": game.id, "players": sample["players"], "seed": sample["seed"],
                            "actions": replayed_moves(game.id, sample)})["table"]
        assert api.op_view({"table": table, "seat": 0, "legal": False})["view"] == view
        api.op_close({"table": table})


def replayed_moves(game_id, sample):
    from parlour import simulate
    _, actions = simulate.play_random(game_id, sample["players"], sample["seed"])
    return actions[:sample["moves"]]
