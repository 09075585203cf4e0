"""What a seat controls and earns, and who has won: pure functions over the board.

A seat controls every tile carrying its token.  A Bureaucrat doubles the
property it stands on when both belong to the same seat: a Gold Mine gives
one more gold, a Road one more card, a Castle counts as two.
"""
from __future__ import annotations

from typing import List

from .board import cells
from .constants import BASE_CARDS, BUREAUCRAT, CASTLE, CASTLE_BASE, MINE, ROAD, UPKEEP_GOLD


def castles_to_win(n_players: int) -> int:
    """(12 // N) + 1: 7 castles for 2 players, 5 for 3, 4 for 4."""
    return CASTLE_BASE // n_players + 1


def doubled_ids(board: List[dict]) -> List[int]:
    """Ids of the properties a Bureaucrat of their own owner stands on."""
    out = []
    for cell in cells(board).values():
        ground, creature = cell["ground"], cell["creature"]
        if (ground is not None and creature is not None and creature["kind"] == BUREAUCRAT
                and ground["kind"] in (ROAD, MINE, CASTLE) and ground["owner"] == creature["owner"]):
            out.append(ground["id"])
    return sorted(out)


def worth(board: List[dict], seat: int, kind: str) -> int:
    """How many of `kind` the seat's tiles count as, a doubled one counting twice."""
    doubled = set(doubled_ids(board))
    return sum(2 if t["id"] in doubled else 1 for t in board if t["owner"] == seat and t["kind"] == kind)


def castles_of(board: List[dict], seat: int) -> int:
    return worth(board, seat, CASTLE)


def castle_counts(board: List[dict], players: int) -> List[int]:
    return [castles_of(board, s) for s in range(players)]


def upkeep_gold(board: List[dict], seat: int) -> int:
    """1 gold, plus 1 per Gold Mine (2 for a doubled one)."""
    return UPKEEP_GOLD + worth(board, seat, MINE)


def cards_due(board: List[dict], seat: int) -> int:
    """2 cards, plus 1 per Road (2 for a doubled one)."""
    return BASE_CARDS + worth(board, seat, ROAD)


def reached(counts: List[int], target: int) -> List[int]:
    """Seats with at least `target` castles, best first; only those with the most win."""
    best = max(counts)
    if best < target:
        return []
    return [s for s, c in enumerate(counts) if c == best]


def final_winners(counts: List[int], gold: List[int]) -> List[int]:
    """The added ending: most castles wins; then most gold; seats still level share the win."""
    key = [(c, g) for c, g in zip(counts, gold)]
    best = max(key)
    return [s for s, k in enumerate(key) if k == best]
