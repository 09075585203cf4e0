"""Scoring a mansion: card points, the bedroom bonus and the floor bonuses, every term kept.

Pure functions over a seat's floors, so the view can show a running score and
the result can show each term.
"""
from __future__ import annotations

from typing import Dict, List

from . import codes, deck
from .constants import BEDROOM_BONUS, FLOOR_BONUS, MAX_BEDROOM_BONUS


def bedroom_bonus(count: int) -> int:
    """10 for 2 bedrooms, 30 for 3, 60 for 4; 5 or more still 60 (docs/rules/mansion.md)."""
    return BEDROOM_BONUS.get(count, MAX_BEDROOM_BONUS)


def floor_bonus(complete: int) -> int:
    """10 for a complete first floor, +20 for the second ... +50 for the fifth."""
    return sum(FLOOR_BONUS[:complete])


def score_floors(floors: List[dict]) -> Dict[str, int]:
    """Every term of one mansion's score, and the total."""
    cards = sum(deck.points(k) for k in codes.built(floors))
    bedrooms = codes.bedrooms(floors)
    complete = codes.complete_floors(floors)
    terms = {
        "cards": cards,
        "bedrooms": bedrooms,
        "bedroom_bonus": bedroom_bonus(bedrooms),
        "complete_floors": complete,
        "floor_bonus": floor_bonus(complete),
    }
    terms["total"] = terms["cards"] + terms["bedroom_bonus"] + terms["floor_bonus"]
    return terms


def winners(totals: List[int]) -> List[int]:
    """Every seat with the highest total: a tie is a shared win."""
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best]


def estimated_scores(state: dict) -> List[float]:
    """Each seat's likely final score, for bots that stop a simulated game early.

    Points already built count in full; materials, plans in hand and coins are
    counted at rough exchange rates (a plan becomes about 5 points for about 4
    materials), so a seat that has stocked up is not read as losing.
    """
    out = []
    for me in state["seats"]:
        built = score_floors(me["floors"])["total"]
        stock = me["wood"] + me["marble"] + me["plumbing"]
        out.append(built + 0.6 * stock + 1.5 * len(me["hand"]) + 0.2 * me["coins"])
    return out
