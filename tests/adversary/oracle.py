"""The fuzzer's own judge of bot moves (tests/adversary/fuzz.mjs), in CPython, independent of the guest's check.

JSON lines on stdin/stdout, one process per fuzzing node process:

    in:  {"id": 1, "op": "bots", "game": "castles", "players": 2, "seed": "ab…", "options": {},
          "actions": [{"seat": 0, "action": {…}}, …], "bots": [{"step": 3, "level": "random"}, …]}
    out: {"id": 1, "openings": [0, 1, …], "failed": null | {"step", "error"},
          "wrong": [{"step", "expected", "played"}]}      every listed step whose move is not the seeded
                                                          choice of `level` at its own position
    in:  {"id": 2, "op": "legal", "game", "players", "seed", "options", "actions" (the moves before), "seat"}
    out: {"id": 2, "legal": [...], "to_move": [...]}      the moves the rules allow `seat` after those moves

A bot move's "own position" is the move it is played at, or, in a simultaneous round (the
engine's `to_move` names several seats), the round's opening position, where every seat of the
round chose.  The bot there is `parlour.levels.bot(level)` with `parlour.bots.bot_rng(seed, position,
seat)`: the level is the one the harness fixed when the table opened (never the ledger's `bot`
field), so a host that shops for a level or a position is caught here whatever it listed.
"""
from __future__ import annotations

import json
import pathlib
import sys
from typing import Any, Dict, List

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from parlour import bots, games, levels  # noqa: E402
from parlour.errors import ParlourError  # noqa: E402
from parlour.game import canonical, clone  # noqa: E402


def openings_of(game, state, actions: List[dict]):
    """Replay `actions`; the position each move's choice was made at, and the states at those positions."""
    openings: List[int] = []
    states: Dict[int, Any] = {0: state}  # Game.apply never mutates its input: the states can be kept as they are
    round_open, round_left = 0, set()
    failed = None
    for step, entry in enumerate(actions):
        seat = entry.get("seat")
        movers = list(game.to_move(state))
        if seat in round_left:
            round_left.discard(seat)
        else:
            round_open = step
            round_left = set(movers) - {seat} if len(movers) > 1 else set()
        openings.append(round_open)
        try:
            state = game.apply(state, seat, entry.get("action"))
        except (ParlourError, ValueError, TypeError) as exc:
            failed = {"step": step, "error": str(exc)[:200]}
            break
        states[step + 1] = state
    return openings, states, failed


def op_bots(msg: dict) -> dict:
    game = games.get(msg["game"])
    seed = msg["seed"]
    actions = msg["actions"]
    state = game.setup(msg["players"], seed, msg.get("options") or {})
    openings, states, failed = openings_of(game, state, actions)
    wrong = []
    for entry in msg.get("bots") or []:
        step, level = entry["step"], entry["level"]
        if not 0 <= step < len(openings):
            wrong.append({"step": step, "expected": None, "played": None, "why": "never played"})
            continue
        at = openings[step]
        seat = actions[step]["seat"]
        try:
            choose = levels.bot(level)
            expected = canonical(choose(game, clone(states[at]), seat, bots.bot_rng(seed, at, seat)))
        except (ParlourError, ValueError, TypeError, KeyError) as exc:
            expected = f"error: {exc}"[:200]
        played = canonical(actions[step].get("action"))
        if expected != played:
            wrong.append({"step": step, "at": at, "seat": seat, "level": level, "expected": expected, "played": played})
    return {"openings": openings, "failed": failed, "wrong": wrong}


def op_legal(msg: dict) -> dict:
    game = games.get(msg["game"])
    state = game.setup(msg["players"], msg["seed"], msg.get("options") or {})
    for entry in msg["actions"]:
        state = game.apply(state, entry["seat"], entry["action"])
    seat = msg["seat"]
    movers = list(game.to_move(state))
    legal = game.legal_actions(state, seat) if seat in movers else []
    return {"legal": legal, "to_move": movers}


OPS = {"bots": op_bots, "legal": op_legal}


def main() -> None:
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        try:
            reply = OPS[msg["op"]](msg)
        except Exception as exc:  # the fuzzer reports it as a harness error
            reply = {"error": f"{type(exc).__name__}: {exc}"[:500]}
        reply["id"] = msg.get("id")
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
