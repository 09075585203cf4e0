"""Tune Mansion's plans deck by simulation: greedy bots (the game's heuristic_action) against each other.

Not a test (pytest collects only test_*.py); run it by hand:

    .venv/bin/python tests/mansion_tuning.py [games per player count] [--builds any] [--fixed-start] [kind=n ...]

Prints, per player count: final scores (mean, quartiles), complete floors,
the turn the deck runs out, how often a seat ends unable to complete its top
floor for want of a bathroom or a staircase, the win share by seat order
(0 = the starting player of turn 1), and each kind's share of card points and its
winners' edge (mean total of seats that built it minus those that did not).
The figures in docs/rules/readings/mansion.md come from this script.  With
--fixed-start the starting player never passes on (the original text's reading,
which Parlour's rules replaced because of the edge it gives).
"""
from __future__ import annotations

import pathlib
import statistics
import sys
from collections import Counter, defaultdict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from parlour import bots  # noqa: E402
from parlour.games.mansion import GAME, TURNS, codes, deck  # noqa: E402
from parlour.games.mansion.rules import Mansion  # noqa: E402


class FixedStartMansion(Mansion):
    """Mansion as the original text reads: the first turn's starting player starts every turn."""

    def _start_turn(self, state: dict) -> None:
        if state["turn"] > 1:  # one seat back, so that the engine's pass clockwise lands on the same seat
            state["first"] = (state["first"] - 1) % state["players"]
        super()._start_turn(state)


def play(players: int, seed: str, options: dict, game: Mansion = GAME) -> dict:
    state = game.setup(players, seed, options)
    plies = 0
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        action = game.heuristic_action(state, seat, bots.bot_rng(seed, plies, seat))
        state = game.apply(state, seat, action)
        plies += 1
    return state


def wants(seat: dict) -> str:
    """'bathroom' / 'staircase' when the seat ends with its top floor held up for want of one:
    the floor is incomplete with no bathroom and none in hand, or complete with no staircase
    (so no floor can go above it) and none in hand while it still holds plans for rooms."""
    floors, hand = seat["floors"], seat["hand"]
    top = codes.top_room_floor(floors)
    if top < 0:
        return ""
    if not codes.is_complete(floors, top) and not codes.has_bathroom(floors[top]) \
            and not any(deck.is_bathroom(k) for k in hand):
        return "bathroom"
    rooms_in_hand = [k for k in hand if not deck.is_staircase(k)]
    if codes.is_complete(floors, top) and floors[top]["stairs"] is None and top < 4 and rooms_in_hand \
            and not any(deck.is_staircase(k) for k in hand):
        return "staircase"
    return ""


def quartiles(values):
    q = statistics.quantiles(values, n=4)
    return f"mean {statistics.mean(values):.0f}, quartiles {q[0]:.0f}/{q[1]:.0f}/{q[2]:.0f}, " \
           f"range {min(values)}-{max(values)}"


def report(players: int, count: int, options: dict, fixed_start: bool = False) -> None:
    totals, floors, deck_out, stuck, wins = [], Counter(), Counter(), Counter(), Counter()
    kind_points, kind_with, kind_without = Counter(), defaultdict(list), defaultdict(list)
    seats_seen = 0
    for k in range(count):
        state = play(players, f"tune:{players}:{k}", options, FixedStartMansion() if fixed_start else GAME)
        result = state["result"]
        deck_out[state["deck_out_turn"] or "never"] += 1
        first = state["first"] if fixed_start else state["first"] - (TURNS - 1)  # turn 1's starting player
        for w in result["winners"]:
            wins[(w - first) % players] += 1 / len(result["winners"])
        for s, seat in enumerate(state["seats"]):
            seats_seen += 1
            total = result["scores"][s]
            totals.append(total)
            floors[result["detail"]["terms"][s]["complete_floors"]] += 1
            stuck[wants(seat)] += 1
            built = codes.built(seat["floors"])
            for kind in deck.KIND_ORDER:
                (kind_with if kind in built else kind_without)[kind].append(total)
            for kind in built:
                kind_points[kind] += deck.points(kind)
    print(f"== {players} players, {count} games, options {options}{', fixed starting player' if fixed_start else ''}")
    print(f"final scores: {quartiles(totals)}")
    print("complete floors: " + ", ".join(f"{f}: {100 * floors[f] / seats_seen:.0f}%" for f in range(6)))
    print("deck runs out on turn: " + ", ".join(f"{t}: {c}" for t, c in sorted(deck_out.items(), key=str)))
    print(f"top floor stuck for want of a bathroom: {100 * stuck['bathroom'] / seats_seen:.0f}% of seats; "
          f"of a staircase: {100 * stuck['staircase'] / seats_seen:.0f}%")
    print("win share by seat order (0 = starting player on turn 1): "
          + ", ".join(f"{p}: {100 * wins[p] / count:.1f}%" for p in range(players)))
    all_points = sum(kind_points.values())
    rows = []
    for kind in deck.KIND_ORDER:
        with_, without = kind_with[kind], kind_without[kind]
        edge = (statistics.mean(with_) - statistics.mean(without)) if with_ and without else 0.0
        rows.append(f"{kind} {100 * kind_points[kind] / all_points:.0f}% pts, built by "
                    f"{100 * len(with_) / seats_seen:.0f}%, edge {edge:+.0f}")
    print("kinds: " + "; ".join(rows))


def main(argv):
    count = int(argv[0]) if argv and argv[0].isdigit() else 100
    options = {"builds": "any"} if "--builds" in argv and argv[argv.index("--builds") + 1] == "any" else {}
    for arg in argv:
        if "=" in arg:  # --copies kind=n: try another mix of the deck (the deck must stay 80 cards)
            kind, n = arg.split("=")
            deck.KINDS[kind]["copies"] = int(n)
    if len(deck.new_deck()) != deck.DECK_SIZE:
        raise SystemExit(f"that deck has {len(deck.new_deck())} cards, not {deck.DECK_SIZE}")
    for players in (2, 3, 4):
        report(players, count, options, "--fixed-start" in argv)


if __name__ == "__main__":
    main(sys.argv[1:])
