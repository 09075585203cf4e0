"""King's Cottage scoring as pure functions: a completed room, the investments, the winners.

Kept apart from the engine so the rules' worked examples can be checked on
their own, and so an interface can show a room's score before it happens.
"""
from __future__ import annotations

import itertools
from typing import Dict, Iterable, List, Mapping, Sequence, Tuple

from .constants import HOUSES, NULL

KING_BONUS = 2
MIN_STAKE = -3
MAX_STAKE = 3

#: Every legal investment split, one tuple per split in HOUSES order, in a fixed order.
SPLITS: List[Tuple[int, ...]] = [
    split for split in itertools.product(range(MIN_STAKE, MAX_STAKE + 1), repeat=len(HOUSES))
    if sum(split) == 0
]


def split_dict(split: Sequence[int]) -> Dict[str, int]:
    return {house: stake for house, stake in zip(HOUSES, split)}


def score_room(room_rank: int, room_suit: str, coins: Iterable[Sequence], king_present: bool) -> Dict[str, int]:
    """Points each suit present in a completed room earns for its house.

    `coins` are (suit, rank) pairs, rank 0 for a Null.  A suit scores
    (its values + 1 per coin if it is the room's suit + 2 with the King) times
    the room's size, or nothing at all if its own Null is among the coins.
    """
    by_suit: Dict[str, List[int]] = {}
    for suit, rank in coins:
        by_suit.setdefault(suit, []).append(rank)
    scores: Dict[str, int] = {}
    for suit in HOUSES:
        ranks = by_suit.get(suit)
        if ranks is None:
            continue
        if NULL in ranks:
            scores[suit] = 0
            continue
        subtotal = sum(ranks)
        if suit == room_suit:
            subtotal += len(ranks)
        if king_present:
            subtotal += KING_BONUS
        scores[suit] = subtotal * room_rank
    return scores


def profits(house_scores: Mapping[str, int], investments: Sequence[Mapping[str, int]]) -> List[int]:
    """Each seat's profit: the sum over houses of its stake times the house's earnings."""
    return [sum(stakes[h] * house_scores.get(h, 0) for h in HOUSES) for stakes in investments]


def winners(profit_list: Sequence[int]) -> List[int]:
    """Every seat with the highest profit; a tie at the top is a shared win (the rules name no tie-break)."""
    best = max(profit_list)
    return [seat for seat, p in enumerate(profit_list) if p == best]


def split_problem(stakes: Mapping[str, object]) -> str:
    """Why a proposed split is not allowed, or "" if it is; worded for the player."""
    for house in HOUSES:
        value = stakes.get(house)
        if isinstance(value, bool) or not isinstance(value, int):
            return f"Give a whole number from {MIN_STAKE} to {MAX_STAKE} for {house.capitalize()}."
        if not MIN_STAKE <= value <= MAX_STAKE:
            return (f"Each investment must be from {MIN_STAKE} to {MAX_STAKE}; "
                    f"{house.capitalize()} has {value}.")
    total = sum(stakes[h] for h in HOUSES)  # type: ignore[misc]
    if total != 0:
        return f"Your four investments must add up to zero; these add up to {total:+d}."
    return ""
