"""The bench's bot tournaments: who beats whom, in games enough to decide (issue 24).

Counts, not times: every game is seeded on its own and played through the
checked `apply`, so the figures are the same on a loaded machine and on a
quiet one, and the games run in parallel processes over every core.  Each
pairing plays GAMES games (seats rotating; a win shared by k seats counts 1/k)
and writes, beside each rate, its 95 % Wilson interval and the share of games
whose win was shared; for Hard against random also the share of games in
which every seat ended on 0 points (a game nobody really played).

`python3 build.py bench --bots` runs these alone (any load) and merges them
into bench/results.json, each pairing as soon as it is played (`_games` beside
each rate says how many it played); `--pairings=hard-vs-greedy,...` plays only
those.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Dict, Optional, Sequence

from parlour.simulate import play_random
from parlour.tournament import win_share

#: games per pairing: at 100 a 95 % interval is about ±0.1 wide around a rate near 0.5
GAMES = 100
QUICK_GAMES = 6
#: random 2-player games per title for the shared-win share of random play
DRAW_GAMES = 100


#: the pairings, by the name `bench --bots --pairings=` takes, in the order they are played
PAIRINGS = ("easy-vs-random", "medium-vs-random", "hard-vs-random", "hard-vs-random-most-seats", "hard-vs-medium",
            "hard-vs-greedy", "medium-vs-greedy", "random-draws")


def _pairing(out: Dict[str, Any], key: str, share: Dict[str, Any], zero: bool = False) -> None:
    out[key] = share["win_rate"]
    out[f"{key}_interval95"] = share["interval95"]
    out[f"{key}_shared_share"] = share["shared_share"]
    out[f"{key}_games"] = share["games"]
    if zero:
        out[f"{key}_all_zero_share"] = share["all_zero_share"]


def tournament_figures(game, games: int = GAMES, processes: Optional[int] = None,
                       say: Callable[[str], None] = lambda line: None,
                       pairings: Optional[Sequence[str]] = None,
                       done: Callable[[Dict[str, Any]], None] = lambda figures: None) -> Dict[str, Any]:
    """Every level against random seats (2 players, and Hard at the most seats), Hard against Medium and greedy,
    Medium against greedy
    (`pairings`: only those, by the names in PAIRINGS).  `done` gets each pairing's figures as soon as it is
    played, so a run of hours that is stopped keeps what it measured."""
    unknown = set(pairings or ()) - set(PAIRINGS)
    if unknown:
        raise ValueError(f"no pairing called {', '.join(sorted(unknown))}; known: {', '.join(PAIRINGS)}")
    processes = processes or os.cpu_count() or 1
    gid = game.id
    out: Dict[str, Any] = {}
    wanted = lambda name: pairings is None or name in pairings  # noqa: E731

    def play(hero: str, others: str, players: int) -> Dict[str, Any]:
        share = win_share(gid, hero, others, players, games, processes=processes)
        say(f"{gid}: {hero} vs {others} at {players} seats: {share['win_rate']} {share['interval95']} "
            f"(shared {share['shared_share']}, all zero {share['all_zero_share']}, {games} games)")
        return share

    def played(figures: Dict[str, Any]) -> None:
        out.update(figures)
        done(figures)

    for level in ("easy", "medium", "hard"):
        if not wanted(f"{level}-vs-random"):
            continue
        two, figures = play(level, "random", 2), {}
        _pairing(figures, f"bots.{gid}.{level}.win_rate_vs_random", two)
        if level == "hard":
            figures[f"bots.{gid}.hard.all_zero_share"] = two["all_zero_share"]
        played(figures)
    if game.max_players > 2 and wanted("hard-vs-random-most-seats"):
        most, figures = play("hard", "random", game.max_players), {}
        _pairing(figures, f"bots.{gid}.hard.win_share_vs_random_{game.max_players}p", most)
        figures[f"bots.{gid}.hard.win_share_vs_random_{game.max_players}p_fair"] = most["fair_share"]
        figures[f"bots.{gid}.hard.all_zero_share_{game.max_players}p"] = most["all_zero_share"]
        played(figures)
    if wanted("hard-vs-medium"):
        figures = {}
        _pairing(figures, f"bots.{gid}.hard_vs_medium", play("hard", "medium", 2))
        played(figures)
    # against the game's own greedy player, where it has one and the level is not that player itself
    # (Medium should sit between the greedy player and random play, issue 24)
    has_greedy = getattr(game, "heuristic_action", None) is not None
    for level in ("hard", "medium"):
        is_greedy = (getattr(game, "level_bots", None) or {}).get(level) == "heuristic"
        if has_greedy and not is_greedy and wanted(f"{level}-vs-greedy"):
            figures = {}
            _pairing(figures, f"bots.{gid}.{level}_vs_greedy", play(level, "heuristic", 2))
            played(figures)
    if wanted("random-draws"):
        # how often two random players share the win: where it is most games, a bot cannot win them outright
        shared = 0
        for k in range(DRAW_GAMES):
            final, _ = play_random(gid, 2, f"bench-draws:{k}", checked=False)
            shared += len(game.result(final)["winners"]) > 1
        played({f"bots.{gid}.random_2p_shared_win_share": round(shared / DRAW_GAMES, 3)})
    if pairings is None:
        out[f"bots.{gid}.tournament_games"] = games
        done({f"bots.{gid}.tournament_games": games})
    return out
