"""A seeded random playthrough written out as text, for golden-file tests.

`playthrough(game, players, seed)` plays one game, choosing among the legal
actions with `parlour.rng.Rng`, and records every step: the ply, who is to move,
the state as canonical JSON (without its "log", whose new lines are printed on
their own), each seat's view and the spectator's (also without "log"), the
legal actions of each seat to move, and the action chosen; then the result.
Any change in what the engine does or shows changes this text.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from parlour.game import canonical


def _without_log(data: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in data.items() if k != "log"}


def playthrough(game, players: int, seed, options: Optional[dict] = None, max_plies: int = 5000) -> str:
    from parlour.rng import Rng

    state = game.setup(players, seed, options)
    chooser = Rng.from_seed(f"golden:{game.id}:{players}:{canonical(options or {})}:{seed}")
    out: List[str] = [
        f"# {game.title} ({game.id}): {players} players, seed {seed!r}, options {canonical(state['options'])}",
    ]
    logged = 0
    while True:
        log = state.get("log", [])
        out.append(f"== ply {state['ply']}")
        for entry in log[logged:]:
            out.append(f"log+ {canonical(entry)}")
        logged = len(log)
        movers = game.to_move(state)
        out.append(f"to_move {canonical(movers)}")
        out.append(f"state {canonical(_without_log(state))}")
        for seat in list(range(players)) + [None]:
            name = "-" if seat is None else seat
            out.append(f"view {name} {canonical(_without_log(game.view(state, seat)))}")
        if not movers:
            break
        if len(out) > max_plies * (players + 8):
            raise AssertionError("the game does not end")
        for seat in movers:
            out.append(f"legal {seat} {canonical(game.legal_actions(state, seat))}")
        seat = movers[chooser.below(len(movers))]
        legal = game.legal_actions(state, seat)
        action = legal[chooser.below(len(legal))]
        out.append(f"action {seat} {canonical(action)}")
        state = game.apply(state, seat, action)
    out.append(f"result {canonical(game.result(state))}")
    return "\n".join(out) + "\n"
