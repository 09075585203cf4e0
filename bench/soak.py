"""The soak: many seeded random games of every title, played natively, the engine contract checked
on sampled states.

`python3 build.py bench --soak` plays SOAK_GAMES games per title (`--soak=N`: N), not in CI; the
quick bench (`--quick`) plays QUICK_SOAK_GAMES.  The checks are the contract test's own
(tests/contract_play.py: `check_state`, `check_result`, `option_sets`), so the soak cannot drift
from what CI checks; the soak only plays far more games, over every player count and option set.

Each game (seed `soak:<k>`) cycles through the player counts and the option sets the game accepts,
and picks moves as the contract test does (a random seat to move, a random legal move, sometimes a
random filling of a form).  Checked, on sampled states (every SAMPLE_EVERY-th ply, from a random
offset): the per-state contract (JSON only, turn bookkeeping, legal moves, views) and that `apply`
leaves its input unchanged; on one state per game, the full checks too (refusals, forms,
determinize leaking nothing); at the end, the result; every REPLAY_EVERY-th game, that its moves
(through JSON) replay to the same final state.  A failure is counted, with its seed and message,
and the soak goes on with the next game.

`--soak-minutes=M` shares M minutes between the titles (what one leaves over goes to the next):
each stops when its share is spent, and `soak.<game>.games` says how many it played (of
`.games_asked`).

Figures (bench/results.json): `soak.<game>.games`, `.games_asked`, `.failures`, `.failed` (the first
FAILURES_KEPT: seed, players, options, message), `.states_checked`, `.games_per_s`, `.seconds`,
and the slowest game: `.slowest_seed`, `.slowest_players`, `.slowest_seconds`, `.slowest_moves`.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "py", ROOT / "tests"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import pytest  # noqa: E402  (the contract checks refuse with pytest.raises; its Failed is a BaseException)

from parlour import games  # noqa: E402
from parlour.game import canonical  # noqa: E402
from parlour.rng import Rng  # noqa: E402
from contract_play import MAX_PLIES, check_result, check_state, option_sets, random_move, snapshot  # noqa: E402

SOAK_GAMES = 10_000  # per title, `--soak`
QUICK_SOAK_GAMES = 50  # per title, in the quick bench
SAMPLE_EVERY = 25  # plies between two checked states (a view of every seat costs several moves)
FULL_CHECK_WITHIN = 40  # the one fully checked state of a game is among its first plies (every game has them)
REPLAY_EVERY = 10  # every 10th game is replayed from its moves
FAILURES_KEPT = 10  # failures recorded in full per title (all are counted)
PROGRESS_EVERY_S = 60.0  # a progress line at most this often

#: what a broken contract raises: assertions, refusals of listed moves, and pytest.raises finding no refusal
CONTRACT_FAILURES = (Exception, pytest.fail.Exception)


def soak_count(argv: List[str]) -> Optional[int]:
    """Games per title asked for: `--soak` (SOAK_GAMES) or `--soak=N`; None without the flag."""
    for arg in argv:
        if arg == "--soak":
            return SOAK_GAMES
        if arg.startswith("--soak="):
            count = int(arg.split("=", 1)[1])
            if count < 1:
                raise ValueError(f"--soak=N needs N of at least 1, not {count}")
            return count
    return None


def soak_minutes(argv: List[str]) -> Optional[float]:
    """`--soak-minutes=M`: the whole soak's time, shared by the titles (for a slow or busy machine)."""
    for arg in argv:
        if arg.startswith("--soak-minutes="):
            minutes = float(arg.split("=", 1)[1])
            if not minutes > 0:
                raise ValueError(f"--soak-minutes=M needs M above 0, not {minutes}")
            return minutes
    return None


def soak_game(game, players: int, options: dict, seed: str, replay: bool) -> Dict[str, Any]:
    """Play one game, checking sampled states; returns its moves and states checked (raises on a broken contract)."""
    chooser = Rng.from_seed(f"soak-chooser:{game.id}:{seed}")
    offset = chooser.below(SAMPLE_EVERY)
    full_at = chooser.below(FULL_CHECK_WITHIN)
    state = game.setup(players, seed, options)
    moves: List[tuple] = []
    checked = 0
    while True:
        ply = len(moves)
        sampled = ply % SAMPLE_EVERY == offset or ply == full_at or game.is_over(state)
        before = snapshot(state) if sampled else ""
        if sampled:
            movers, legal_of = check_state(game, state, before, ply == full_at)
            checked += 1
        else:
            movers = game.to_move(state)
        if not movers:
            break
        if ply >= MAX_PLIES:
            raise AssertionError(f"the game did not end within {MAX_PLIES} moves")
        seat = movers[chooser.below(len(movers))]
        legal = legal_of[seat] if sampled else game.legal_actions(state, seat)
        action = random_move(game, state, seat, legal, chooser)
        after = game.apply(state, seat, action)
        if sampled and snapshot(state) != before:
            raise AssertionError(f"apply mutated its input at ply {ply}")
        moves.append((seat, action))
        state = after
    check_result(game, state)
    if replay:
        again = game.setup(players, seed, options)
        for seat, action in moves:
            again = game.apply(again, seat, json.loads(json.dumps(action)))
        if canonical(again) != canonical(state):
            raise AssertionError("its moves, replayed through JSON, reach another final state")
    return {"moves": len(moves), "checked": checked}


def soak_title(game, count: int, say: Callable[[str], None] = lambda line: None,
               seconds: Optional[float] = None) -> Dict[str, Any]:
    """`count` seeded games of one title (fewer if `seconds` run out first); the figures for
    bench/results.json (keys without `soak.<game>.`)."""
    cases = [(players, options) for players in range(game.min_players, game.max_players + 1)
             for options in option_sets(game, players)]
    failures: List[Dict[str, Any]] = []
    failed = checked = 0
    slowest: Dict[str, Any] = {"seconds": -1.0}
    start = last_said = time.perf_counter()
    played_games = 0
    for k in range(count):
        if seconds is not None and time.perf_counter() - start >= seconds:
            say(f"{game.id}: out of time after {k} of {count} games")
            break
        played_games = k + 1
        players, options = cases[k % len(cases)]
        seed = f"soak:{k}"
        began = time.perf_counter()
        try:
            played = soak_game(game, players, options, seed, replay=k % REPLAY_EVERY == 0)
        except CONTRACT_FAILURES as err:  # counted with its seed; the soak goes on
            failed += 1
            if len(failures) < FAILURES_KEPT:
                failures.append({"seed": seed, "players": players, "options": options,
                                 "message": f"{type(err).__name__}: {str(err)[:500]}"})
            continue
        took = time.perf_counter() - began
        checked += played["checked"]
        if took > slowest["seconds"]:
            slowest = {"seed": seed, "players": players, "seconds": took, "moves": played["moves"]}
        now = time.perf_counter()
        if now - last_said >= PROGRESS_EVERY_S:
            last_said = now
            say(f"{game.id}: {k + 1}/{count} games, {failed} failed, {(k + 1) / (now - start):.1f} games/s")
    elapsed = time.perf_counter() - start
    figures = {"games": played_games, "games_asked": count, "failures": failed, "failed": failures,
               "states_checked": checked, "seconds": round(elapsed, 1),
               "games_per_s": round(played_games / elapsed, 2) if elapsed else 0.0}
    if "seed" in slowest:
        figures.update({"slowest_seed": slowest["seed"], "slowest_players": slowest["players"],
                        "slowest_seconds": round(slowest["seconds"], 3), "slowest_moves": slowest["moves"]})
    return figures


def soak_figures(count: int, only: Optional[List[str]] = None, minutes: Optional[float] = None,
                 say: Callable[[str], None] = lambda line: None,
                 title_done: Callable[[Dict[str, Any]], None] = lambda figures: None) -> Dict[str, Any]:
    """The soak of every title (or those in `only`) as `soak.<game>.<figure>` entries; `minutes`
    (if given) is shared evenly between the titles.  `title_done` gets each title's entries as soon as
    it is over, so a run of hours that is stopped keeps the titles it finished."""
    if not __debug__:
        raise RuntimeError("the contract checks are assert statements: run the soak without python -O")
    titles = [g for g in games.all_games() if not only or g.id in only]
    deadline = time.perf_counter() + minutes * 60 if minutes else None
    out: Dict[str, Any] = {}
    for n, game in enumerate(titles):
        # the time left, shared by the titles left: what a quick title leaves over goes to the next
        share = (deadline - time.perf_counter()) / (len(titles) - n) if deadline else None
        say(f"soak: {count} games of {game.id}" + (f" (at most {share / 60:.1f} minutes)" if share else ""))
        figures = {f"soak.{game.id}.{key}": value for key, value in soak_title(game, count, say, share).items()}
        out.update(figures)
        title_done(figures)
    return out
