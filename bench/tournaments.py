"""The bench's bot tournaments: who beats whom, in games enough to decide (issue 24).

Counts, not times: every game is seeded on its own and played through the
checked `apply`, so the figures are the same on a loaded machine and on a
quiet one, and the games run in parallel processes over every core.  Each
pairing plays GAMES games (seats rotating; a win shared by k seats counts 1/k)
and writes, beside each rate, its 95 % Wilson interval and the share of games
whose win was shared; for Hard against random also the share of games in
which every seat ended on 0 points (a game nobody really played).

`python3 build.py bench --bots` runs these alone (any load) and merges them
into bench/results.json, one game at a time as each is done.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Dict, Optional

from parlour.simulate import play_random
from parlour.tournament import win_share

#: games per pairing: at 100 a 95 % interval is about ±0.1 wide around a rate near 0.5
GAMES = 100
QUICK_GAMES = 6
#: random 2-player games per title for the shared-win share of random play
DRAW_GAMES = 100


def _pairing(out: Dict[str, Any], key: str, share: Dict[str, Any], zero: bool = False) -> None:
    out[key] = share["win_rate"]
    out[f"{key}_interval95"] = share["interval95"]
    out[f"{key}_shared_share"] = share["shared_share"]
    if zero:
        out[f"{key}_all_zero_share"] = share["all_zero_share"]


def tournament_figures(game, games: int = GAMES, processes: Optional[int] = None,
                       say: Callable[[str], None] = lambda line: None) -> Dict[str, Any]:
    """Every level against random seats (2 players, and Hard at the most seats), Hard against Medium and greedy."""
    processes = processes or os.cpu_count() or 1
    gid = game.id
    out: Dict[str, Any] = {}

    def play(hero: str, others: str, players: int) -> Dict[str, Any]:
        share = win_share(gid, hero, others, players, games, processes=processes)
        say(f"{gid}: {hero} vs {others} at {players} seats: {share['win_rate']} {share['interval95']} "
            f"(shared {share['shared_share']}, all zero {share['all_zero_share']}, {games} games)")
        return share

    for level in ("easy", "medium", "hard"):
        two = play(level, "random", 2)
        _pairing(out, f"bots.{gid}.{level}.win_rate_vs_random", two)
        if level == "hard":
            out[f"bots.{gid}.hard.all_zero_share"] = two["all_zero_share"]
    if game.max_players > 2:
        most = play("hard", "random", game.max_players)
        _pairing(out, f"bots.{gid}.hard.win_share_vs_random_{game.max_players}p", most)
        out[f"bots.{gid}.hard.win_share_vs_random_{game.max_players}p_fair"] = most["fair_share"]
        out[f"bots.{gid}.hard.all_zero_share_{game.max_players}p"] = most["all_zero_share"]
    _pairing(out, f"bots.{gid}.hard_vs_medium", play("hard", "medium", 2))
    hard_is_greedy = (getattr(game, "level_bots", None) or {}).get("hard") == "heuristic"
    if getattr(game, "heuristic_action", None) is not None and not hard_is_greedy:  # the game's own greedy player
        _pairing(out, f"bots.{gid}.hard_vs_greedy", play("hard", "heuristic", 2))
    # how often two random players share the win: where it is most games, a bot cannot win them outright
    shared = 0
    for k in range(DRAW_GAMES):
        final, _ = play_random(gid, 2, f"bench-draws:{k}", checked=False)
        shared += len(game.result(final)["winners"]) > 1
    out[f"bots.{gid}.random_2p_shared_win_share"] = round(shared / DRAW_GAMES, 3)
    out[f"bots.{gid}.tournament_games"] = games
    return out
