"""Whole games of random legal moves, for tests, replays across Pythons and benchmarks.

The moves come from the seeded random bot, so a (game, players, seed) triple
always plays the same game, in CPython or in Pyodide.
"""
from __future__ import annotations

import hashlib
from typing import Any, Dict, List, Optional, Tuple

from . import bots, games
from .game import canonical, clone


def play_random(game_id: str, players: int, seed: Any, options: Optional[dict] = None,
                max_moves: int = 5000, checked: bool = True) -> Tuple[Dict[str, Any], List[dict]]:
    """Play one seeded random game; returns the final state and the action log.

    `checked` plays every move through `Game.apply` (copied, checked: how moves
    from outside are played); `checked=False` steps one private copy in place
    (`Game.step`, the search's fast path).  Both play the same moves to the
    same final state: the bot only offers listed moves and forms it has checked.
    """
    game = games.get(game_id)
    state = game.setup(players, seed, options)
    actions: List[dict] = []
    while not game.is_over(state):
        if len(actions) >= max_moves:
            raise RuntimeError(f"{game_id} did not end within {max_moves} moves (seed {seed!r})")
        seat = game.to_move(state)[0]
        action = bots.random_action(game, state, seat, bots.bot_rng(seed, len(actions), seat))
        if checked:
            state = game.apply(state, seat, action)
        else:
            game.step(state, seat, clone(action))  # the log keeps its own copy, as apply's would
        actions.append({"seat": seat, "action": action})
    return state, actions


def state_digest(state: Dict[str, Any]) -> str:
    return hashlib.sha256(canonical(state).encode("utf-8")).hexdigest()


def digests(game_id: str, players: int, seeds: List[Any]) -> List[str]:
    """Final-state digests of several seeded games (compared across Pythons)."""
    return [state_digest(play_random(game_id, players, seed)[0]) for seed in seeds]


def games_per_second(game_id: str, players: int, seconds: float = 2.0, min_games: int = 3,
                     checked: bool = True) -> Dict[str, Any]:
    """Play seeded random games for about `seconds`; the benchmark's engine speed figure
    (`checked=False`: the same games stepped in place, as the search's playouts are)."""
    import time
    start = time.perf_counter()
    played = plies = 0
    while played < min_games or time.perf_counter() - start < seconds:
        _, actions = play_random(game_id, players, f"bench:{played}", checked=checked)
        played += 1
        plies += len(actions)
    elapsed = time.perf_counter() - start
    return {"game": game_id, "players": players, "games": played, "plies": plies,
            "seconds": round(elapsed, 3), "games_per_s": round(played / elapsed, 2)}


def search_iterations_per_second(game_id: str, players: int, seconds: float = 2.0,
                                 per_move: int = 20) -> Dict[str, Any]:
    """ISMCTS iterations per second as the Medium level runs them (random playouts, the
    game's cut-off horizon): `per_move` iterations at each position of seeded random games."""
    import time
    from .rng import Rng
    from .search import ismcts
    game = games.get(game_id)
    horizon = getattr(game, "playout_plies", None)
    start = time.perf_counter()
    searched = played = 0
    while searched == 0 or time.perf_counter() - start < seconds:
        seed = f"bench-search:{played}"
        state = game.setup(players, seed, None)
        ply = 0
        while not game.is_over(state) and (searched == 0 or time.perf_counter() - start < seconds):
            seat = game.to_move(state)[0]
            rng = Rng.from_seed(f"{seed}:{ply}")
            if len(game.legal_actions(state, seat)) > 1:
                ismcts(game, state, seat, rng, per_move, None, horizon)
                searched += per_move
            state = game.apply(state, seat, bots.random_action(game, state, seat, bots.bot_rng(seed, ply, seat)))
            ply += 1
        played += 1
    elapsed = time.perf_counter() - start
    return {"game": game_id, "players": players, "iterations": searched, "seconds": round(elapsed, 3),
            "iterations_per_s": round(searched / elapsed, 1)}
