"""What a seat controls and earns, and who has won: pure functions over the board.

A seat controls every tile carrying its token.  A Bureaucrat doubles the
property it stands on when both belong to the same seat: a Gold Mine gives
one more gold, a Road one more card, a Castle counts as two.
"""
from __future__ import annotations

from typing import List, Optional, Set

from .board import cell_at
from .constants import BASE_CARDS, BUREAUCRAT, CASTLE, CASTLE_BASE, MINE, ROAD, UPKEEP_GOLD


def castles_to_win(n_players: int) -> int:
    """(12 // N) + 1: 7 castles for 2 players, 5 for 3, 4 for 4."""
    return CASTLE_BASE // n_players + 1


def doubled_ids(board: List[dict]) -> List[int]:
    """Ids of the properties a Bureaucrat of their own owner stands on.

    Asked after every move, so only squares with a Bureaucrat are looked at
    (what `cells` would say of them: the last creature and ground there).
    """
    squares = {(t["x"], t["y"]) for t in board if t["kind"] == BUREAUCRAT}
    if not squares:
        return []
    there = {square: cell_at(board, square) for square in squares}
    out = []
    for cell in there.values():
        ground, creature = cell["ground"], cell["creature"]
        if (ground is not None and creature is not None and creature["kind"] == BUREAUCRAT
                and ground["kind"] in (ROAD, MINE, CASTLE) and ground["owner"] == creature["owner"]):
            out.append(ground["id"])
    return sorted(out)


def worth(board: List[dict], seat: int, kind: str, doubled: Optional[Set[int]] = None) -> int:
    """How many of `kind` the seat's tiles count as, a doubled one counting twice
    (`doubled`: `doubled_ids(board)` as a set, when the caller has it already)."""
    doubled = set(doubled_ids(board)) if doubled is None else doubled
    return sum(2 if t["id"] in doubled else 1 for t in board if t["owner"] == seat and t["kind"] == kind)


def castles_of(board: List[dict], seat: int) -> int:
    return worth(board, seat, CASTLE)


def castle_counts(board: List[dict], players: int) -> List[int]:
    """Every seat's castles (checked after every move: the doubled tiles are found once)."""
    doubled = set(doubled_ids(board))
    return [worth(board, s, CASTLE, doubled) for s in range(players)]


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


def estimated_scores(state: dict) -> List[float]:
    """Each seat's standing for bots that stop a simulated game early: castles first
    (they decide the game), then the gold, cards and tiles that buy more of them."""
    board, n = state["board"], state["players"]
    out = []
    for seat in range(n):
        tiles = sum(1 for t in board if t["owner"] == seat)
        out.append(10.0 * castles_of(board, seat) + 0.5 * state["gold"][seat]
                   + 0.5 * len(state["hands"][seat]) + tiles)
    return out
