"""The same seeded games replayed inside Pyodide end in the same states as in CPython."""
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from parlour import games
from parlour.simulate import digests

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEEDS = [1, 2, 3, "peer-agreed-seed"]


def _pyodide_dir() -> pathlib.Path:
    named = os.environ.get("PARLOUR_PYODIDE_DIR")
    if named:
        return pathlib.Path(named)
    found = sorted((ROOT / ".cache").glob("pyodide-*/pyodide.mjs"))
    if not found:
        pytest.fail("Pyodide is not unpacked: run `python3 build.py test` (it fetches and builds first).")
    return found[-1].parent


def _wheel() -> pathlib.Path:
    dist = pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))
    wheels = sorted((dist / "wheels").glob("parlour-*.whl"))
    if not wheels:
        pytest.fail("dist/ has no parlour wheel: run `python3 build.py test`.")
    return wheels[-1]


def _snapshot() -> str:
    """The built site, whose shipped snapshot the runner restores as the worker does."""
    dist = pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))
    if "snapshot" not in json.loads((dist / "build-info.json").read_text()):
        pytest.fail("this build has no Pyodide snapshot: `python3 build.py test` builds with PARLOUR_SHIP_SNAPSHOT=1")
    return str(dist)


@pytest.mark.pyodide
@pytest.mark.parametrize("start", ["wheel", "snapshot"])
def test_seeded_games_replay_identically_in_pyodide(tmp_path, start):
    """Through the wheel alone, and through the build's memory snapshot as the browser starts it."""
    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide in the tests")
    cases = [(g.id, n) for g in games.all_games() for n in range(g.min_players, g.max_players + 1)]
    script = tmp_path / "replay.py"
    script.write_text(
        "import json, sys\n"
        "from parlour.simulate import digests\n"
        f"cases = {cases!r}\n"
        f"seeds = {SEEDS!r}\n"
        "json.dumps({'python': sys.version.split()[0], 'digests': {f'{g}/{n}': digests(g, n, seeds) for g, n in cases}})\n"
    )
    proc = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_runner.mjs"), str(_pyodide_dir()), str(_wheel()), str(script)]
        + ([_snapshot()] if start == "snapshot" else []),
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    reply = json.loads(proc.stdout.strip().splitlines()[-1])
    assert reply["python"].startswith("3.14"), reply["python"]
    for game_id, n in cases:
        assert reply["digests"][f"{game_id}/{n}"] == digests(game_id, n, SEEDS), (game_id, n, sys.version)


@pytest.mark.pyodide
def test_deeply_nested_requests_are_refused_in_pyodide(tmp_path):
    """8,000 levels of JSON overflow Pyodide's WebAssembly stack (a fatal crash, not an exception):
    the facade must refuse them before parsing, and still take nesting up to its limit."""
    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide in the tests")
    script = tmp_path / "deep.py"
    script.write_text(
        "import json\n"
        "from parlour import api\n"
        "def nested(depth):\n"
        "    return '{\"op\":\"open_record\",\"record\":' + '[' * (depth - 1) + ']' * (depth - 1) + '}'\n"
        "cases = {'limit': nested(api.MAX_NESTING), 'record 8000': nested(8000), 'record 100k': nested(100000),\n"
        "         'brackets 100k': '[' * 100000, 'objects 8000': '{\"a\":' * 8000 + '1' + '}' * 8000}\n"
        "json.dumps({name: json.loads(api.handle(text)) for name, text in cases.items()})\n"
    )
    proc = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_runner.mjs"), str(_pyodide_dir()), str(_wheel()), str(script)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    replies = json.loads(proc.stdout.strip().splitlines()[-1])
    # at the limit the request is parsed, and refused only as a record
    assert replies.pop("limit")["kind"] == "BadRecord"
    for name, reply in replies.items():
        assert reply["kind"] == "BadRequest" and "nested too deeply" in reply["error"], (name, reply)


BOT_CASES = [("kings-progress", 3, "medium"), ("kings-cottage", 3, "easy"), ("castles", 2, "easy")]
# 169: its greedy policy (policy.py, what Hard plays its playouts with); its Easy search takes ~6 s here for 6 moves
BOT_CASES += [("one-six-nine", 2, "heuristic")]
# Mansion's and 169's Hard: the look-ahead bot (parlour.rollouts), whose means are floats added in a fixed order
BOT_CASES += [("mansion", 2, "hard"), ("one-six-nine", 2, "hard")]


def _bot_moves(cases):
    """Each case's bot choices over the first moves of a seeded game (every seat played by the level)."""
    from parlour import games as registry, levels
    from parlour.bots import bot_rng
    from parlour.game import canonical
    out = {}
    for game_id, players, level in cases:
        game, choose = registry.get(game_id), levels.bot(level)
        state, moves = game.setup(players, "parity"), []
        for ply in range(6):
            seat = game.to_move(state)[0]
            action = choose(game, state, seat, bot_rng("parity", ply, seat))
            moves.append(canonical(action))
            state = game.apply(state, seat, action)
        out[f"{game_id}/{players}/{level}"] = moves
    return out


@pytest.mark.pyodide
def test_bots_choose_the_same_moves_in_pyodide(tmp_path):
    """A bot's move replays on every guest's device: the search must not depend on the Python build."""
    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide in the tests")
    import inspect
    script = tmp_path / "bots.py"
    script.write_text("import json\n" + inspect.getsource(_bot_moves) + f"json.dumps(_bot_moves({BOT_CASES!r}))\n")
    proc = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_runner.mjs"), str(_pyodide_dir()), str(_wheel()), str(script)],
        capture_output=True, text=True, timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == _bot_moves(BOT_CASES)


@pytest.mark.pyodide
def test_forge_fairness_check_gives_the_same_verdict_in_pyodide(tmp_path):
    """A guest's end check (canonical spelling, P-256 signatures, the replay) runs in the browser's Python:
    the same steps and verdict as CPython's, for an honest host and for one that put a move in a guest's mouth."""
    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide in the tests")
    sys.path.insert(0, str(ROOT / "tests"))
    from p2p_sim import SimTable
    from parlour.trust.fairness import verify_fair

    table = SimTable("kings-cottage", ["human", "remote", "remote", "bot"], seed=5).play()
    honest = {"mine": table.mines[2], "fair": table.fair()}
    forged = json.loads(json.dumps(honest))
    step = next(i for i, a in enumerate(forged["fair"]["actions"]) if a["seat"] == 1 and a.get("sig"))
    forged["fair"]["actions"][step]["sig"] = forged["fair"]["actions"][step + 1].get("sig") or "A" * 86
    cases = {"honest": honest, "forged": forged}
    script = tmp_path / "check.py"
    script.write_text(
        "import json\n"
        "from parlour.trust.fairness import verify_fair\n"
        f"cases = json.loads({json.dumps(cases)!r})\n"
        "json.dumps({k: verify_fair(v) for k, v in cases.items()})\n"
    )
    proc = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_runner.mjs"), str(_pyodide_dir()), str(_wheel()), str(script)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    reply = json.loads(proc.stdout.strip().splitlines()[-1])
    for name, case in cases.items():
        assert reply[name] == verify_fair(case), name
    assert reply["honest"]["verified"] and not reply["forged"]["verified"]
