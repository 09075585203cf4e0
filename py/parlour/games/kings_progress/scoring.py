"""The King's Progress scoring as pure functions: a city, a kingdom, a seat's line, the ranking.

Used by the rules at the end of a game and by the tests on their own.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple


def city_score(tile: int, coin: int, king: bool) -> int:
    return tile * coin * (2 if king else 1)


def kingdom_score(cities: Sequence[Tuple[int, int]], king_index: Optional[int], vetoes_left: int) -> int:
    """Tax collected: each city's tile x coin (doubled under the King), plus vetoes left.

    `cities` lists (tile value, coin value) from the centre outwards.
    """
    return sum(city_score(t, c, i == king_index) for i, (t, c) in enumerate(cities)) + vetoes_left


def score_seat(kingdom: dict, vetoes: int) -> dict:
    """One seat's scoring line: each city's score, the total and the tie-break figures."""
    king = kingdom["king"]
    cities = []
    for i, city in enumerate(kingdom["cities"]):
        tile, coin = city["tile"]["rank"], city["coin"]["rank"]
        cities.append({"tile": tile, "coin": coin, "king": i == king, "score": city_score(tile, coin, i == king)})
    pairs = [(c["tile"], c["coin"]) for c in cities]
    return {
        "cities": cities,
        "kingdom": kingdom_score(pairs, king if king >= 0 else None, 0),
        "vetoes": vetoes,
        "total": kingdom_score(pairs, king if king >= 0 else None, vetoes),
        "best_city": max((c["score"] for c in cities), default=0),
        "king_city": next((c["score"] for c in cities if c["king"]), 0),
    }


TIEBREAKS = [
    ("total", "highest score"),
    ("best_city", "highest single city"),
    ("king_city", "highest city with the King"),
    ("vetoes", "most vetoes left"),
]


def rank_seats(totals: List[int], decider: List[dict]) -> Tuple[List[int], str]:
    """Winners by total, then the tie-breaks read from `decider` (the last game's lines)."""
    keys = [(totals[s],) + tuple(decider[s][k] for k, _ in TIEBREAKS[1:]) for s in range(len(totals))]
    contenders = list(range(len(totals)))
    for depth, (_, label) in enumerate(TIEBREAKS):
        best = max(keys[s][depth] for s in contenders)
        narrowed = [s for s in contenders if keys[s][depth] == best]
        if len(narrowed) == 1:
            return narrowed, label if depth else "highest score"
        contenders = narrowed
    return contenders, "draw"
