"""Sentences that say why a game ended and why its result is what it is, for every result screen.

A game's `ending(state)` builds them from its finished state (each game knows
its own end); these helpers keep the wording of the common parts the same
across games, so a shared win reads the same everywhere.  Seats are named
{pN}, filled in by the interface as in the log.
"""
from __future__ import annotations

from typing import Callable, List, Sequence


def names(seats: Sequence[int]) -> str:
    """"{p0}", "{p0} and {p1}", "{p0}, {p1} and {p2}"."""
    named = [f"{{p{s}}}" for s in seats]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def highest(winners: List[int], scores: Sequence[float], what: str,
            show: Callable[[float], str] = str) -> str:
    """Who has the highest `what` (a single winner), or who ties on it and shares the win."""
    best = show(scores[winners[0]])
    if len(winners) == 1:
        return f"{names(winners)} has the highest {what}, {best}."
    if len(winners) == len(scores):
        return f"Everyone has the same {what}, {best}, so everyone shares the win."
    return f"{names(winners)} tie on the highest {what}, {best}, and share the win."


def signed(value: float) -> str:
    return f"{value:+d}" if isinstance(value, int) else f"{value:+}"
