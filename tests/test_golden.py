"""Golden playthroughs: one seeded random game per registered game, compared with tests/golden/<id>.txt.

A difference means the engine now plays, shows or logs something differently.
If that is intended, regenerate the files and review the diff before committing:

    PARLOUR_UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden.py
"""
from __future__ import annotations

import json
import os
import pathlib

import pytest

from golden_playthrough import playthrough
from parlour import games

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
SEED = "golden-1"
UPDATE = os.environ.get("PARLOUR_UPDATE_GOLDEN") == "1"
HINT = "PARLOUR_UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden.py"


def _first_json_difference(a, b, path="$"):
    """The first path at which two JSON values differ, with both values (shortened)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b or a[key] != b[key]:
                return _first_json_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_json_difference(x, y, f"{path}[{i}]")
    short = lambda v: (json.dumps(v)[:150] + ("..." if len(json.dumps(v)) > 150 else ""))  # noqa: E731
    return f"{path}: expected {short(a)}, got {short(b)}"


def _split(line: str):
    """'view 0 {...}' -> ('view 0', parsed JSON), or (line, None) when there is no JSON."""
    starts = [i for i in (line.find("{"), line.find("[")) if i >= 0]
    if not starts:
        return line, None
    head, body = line[:min(starts)].strip(), line[min(starts):]
    try:
        return head, json.loads(body)
    except ValueError:
        return line, None


def _clip(text: str, size: int = 300) -> str:
    return text if len(text) <= size else text[:size - 3] + "..."


def _explain(expected: str, actual: str) -> str:
    old, new = expected.splitlines(), actual.splitlines()
    for number, (a, b) in enumerate(zip(old, new), 1):
        if a != b:
            break
    else:
        return (f"the texts agree for {min(len(old), len(new))} lines, then one ends "
                f"(expected {len(old)} lines, got {len(new)})")
    where = next((line for line in reversed(old[:number]) if line.startswith("== ply")), "the header")
    message = f"first difference at line {number} (in {where}):\n  expected: {_clip(a)}\n  actual:   {_clip(b)}"
    (head_a, json_a), (head_b, json_b) = _split(a), _split(b)
    if head_a == head_b and json_a is not None and json_b is not None:
        message += f"\n  in {head_a!r}, first at {_first_json_difference(json_a, json_b)}"
    return message


@pytest.mark.parametrize("game_id", games.ids())
def test_golden_playthrough(game_id):
    game = games.get(game_id)
    path = GOLDEN / f"{game_id}.txt"
    actual = playthrough(game, game.min_players, SEED)
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"golden file {path.relative_to(GOLDEN.parent.parent)} is missing; create it with: {HINT}")
    expected = path.read_text(encoding="utf-8")
    if expected != actual:
        pytest.fail(
            f"{game_id} plays differently from {path.name}: {_explain(expected, actual)}\n"
            f"If the change is intended, regenerate with: {HINT} (and review `git diff tests/golden`).",
            pytrace=False,
        )


def test_playthrough_is_repeatable():
    game = games.all_games()[0]
    assert playthrough(game, game.min_players, "again") == playthrough(game, game.min_players, "again")
