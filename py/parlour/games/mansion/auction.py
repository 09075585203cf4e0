"""The bidding phase: income, material awards (ranks, ties, shortages) and the plan-pick order.

Nothing is created beyond the supply: income and awards are paid from the piles
while they last, in an order fixed by the rules (docs/rules/mansion.md).
"""
from __future__ import annotations

from typing import Dict, List, Tuple

from .constants import AWARDS, INCOME


def seat_order(first: int, n: int) -> List[int]:
    """Every seat, starting with the starting player and going clockwise."""
    return [(first + k) % n for k in range(n)]


def material_awards(bids: List[int], n_players: int) -> List[int]:
    """What each seat is owed of one material (before any shortage of the pile).

    Only seats that bid take part.  Bids are ranked high to low; tied seats
    each get the value of their rank and the next rank is skipped
    (4 players, bids 4, 2, 2, 1 -> 4, 3, 3, 1).  A rank past the schedule gets 0.
    """
    values = AWARDS[n_players]
    owed = [0] * len(bids)
    ranked = sorted((b for b in bids if b > 0), reverse=True)
    for seat, bid in enumerate(bids):
        if bid > 0:
            rank = ranked.index(bid)  # seats above it, ties sharing the first index
            owed[seat] = values[rank] if rank < len(values) else 0
    return owed


def payment_order(bids: List[int], first: int) -> List[int]:
    """Bidders from the highest bid down; equal bids by nearness to the starting player clockwise."""
    n = len(bids)
    return sorted((s for s in range(n) if bids[s] > 0), key=lambda s: (-bids[s], (s - first) % n))


def pay_awards(owed: List[int], order: List[int], pile: int) -> Tuple[List[int], int]:
    """(what each seat actually gets, what is left in the pile): paid in `order` while the pile lasts."""
    paid = [0] * len(owed)
    for seat in order:
        paid[seat] = min(owed[seat], pile)
        pile -= paid[seat]
    return paid, pile


def pay_income(first: int, n: int, pile: int) -> Tuple[List[int], int]:
    """Income for each seat from the starting player clockwise while the coin pile lasts."""
    paid = [0] * n
    for seat in seat_order(first, n):
        paid[seat] = min(INCOME, pile)
        pile -= paid[seat]
    return paid, pile


def resolve_materials(bids: List[Dict[str, int]], first: int, supply: Dict[str, int],
                      materials: Tuple[str, ...]) -> Dict[str, dict]:
    """For each material: the bids, what each seat was owed and what it got (supply is changed)."""
    n = len(bids)
    out = {}
    for material in materials:
        amounts = [b[material] for b in bids]
        owed = material_awards(amounts, n)
        paid, supply[material] = pay_awards(owed, payment_order(amounts, first), supply[material])
        out[material] = {"bids": amounts, "owed": owed, "paid": paid}
    return out
