"""Seeded bot tournaments, for the benchmark and for tests: who beats whom, how often, how sure.

A match seats named bots (levels or plain bots, parlour.levels.bot) and plays
a whole game through the checked `Game.apply`, each bot seeded as at a real
table (parlour.bots.bot_rng).  The seat a bot sits in rotates from game to game
so that no side profits from moving first.  A win shared by k seats counts 1/k.
"""
from __future__ import annotations

import math
import sys
from typing import Any, Dict, List, Optional, Sequence

from . import games
from .bots import bot_rng
from .levels import bot


def play_match(game_id: str, seats: Sequence[str], seed: Any, options: Optional[dict] = None,
               max_moves: int = 5000) -> Dict[str, Any]:
    """One seeded game with the bot named in each seat; returns the result and the number of moves."""
    game = games.get(game_id)
    chooser = [bot(name) for name in seats]
    for name, choose in zip(seats, chooser):
        if choose is None:
            raise ValueError(f"no bot called {name!r}")
    state = game.setup(len(seats), seed, options)
    moves = 0
    while not game.is_over(state):
        if moves >= max_moves:
            raise RuntimeError(f"{game_id} did not end within {max_moves} moves (seed {seed!r})")
        seat = game.to_move(state)[0]
        action = chooser[seat](game, state, seat, bot_rng(seed, moves, seat))
        state = game.apply(state, seat, action)
        moves += 1
    return {"result": game.result(state), "moves": moves}


def wilson(successes: float, trials: int, z: float = 1.96) -> List[float]:
    """The 95 % Wilson score interval of a proportion (fractional successes allowed)."""
    if trials == 0:
        return [0.0, 1.0]
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def _one_game(job: tuple) -> Dict[str, Any]:
    """One game of a pairing (a top-level function, so worker processes can run it)."""
    game_id, seats, seed, options, hero_seat = job
    result = play_match(game_id, seats, seed, options)["result"]
    winners, scores = result["winners"], result.get("scores") or []
    return {"won": 1.0 / len(winners) if hero_seat in winners else 0.0, "shared": len(winners) > 1,
            "all_zero": bool(scores) and all(s == 0 for s in scores)}


def _map(jobs: List[tuple], processes: int) -> List[Dict[str, Any]]:
    """Play the jobs, over worker processes when asked; the order of results is the order of the jobs."""
    if processes <= 1 or len(jobs) < 2:
        return [_one_game(j) for j in jobs]
    import multiprocessing  # not in the browser: tournaments run natively only
    with multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(processes) as pool:
        return pool.map(_one_game, jobs, chunksize=1)


def win_share(game_id: str, hero: str, others: str, players: int, games_played: int,
              seed: str = "tournament", options: Optional[dict] = None, processes: int = 1) -> Dict[str, Any]:
    """`hero` in one seat (rotating) against `others` in the rest: its share of the wins, how sure, how decided.

    Besides the rate and its 95 % Wilson interval: the share of games whose win
    was shared (a tie), and of games every seat ended on 0 points (nothing
    scored: a game the bots did not really play).  `processes` plays games in
    parallel; every game is seeded on its own, so the figures do not depend on it.
    """
    jobs = []
    for k in range(games_played):
        seat = k % players
        seats = [others] * players
        seats[seat] = hero
        jobs.append((game_id, seats, f"{seed}:{game_id}:{players}:{k}", options, seat))
    games_out = _map(jobs, processes)
    won = sum(g["won"] for g in games_out)
    n = max(1, games_played)
    return {"games": games_played, "players": players, "wins": round(won, 2),
            "win_rate": round(won / games_played, 3) if games_played else 0.0,
            "interval95": wilson(won, games_played), "fair_share": round(1 / players, 3),
            "shared_share": round(sum(g["shared"] for g in games_out) / n, 3),
            "all_zero_share": round(sum(g["all_zero"] for g in games_out) / n, 3)}
