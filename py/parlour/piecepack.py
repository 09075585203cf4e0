"""Piecepack pieces as plain data, and who may see their values.

A piecepack has four suits (Suns, Moons, Crowns, Arms); each suit has one tile
and one coin of each rank: null (0), ace (1) and 2 to 5.  So (kind, suit, rank)
names a piece uniquely, and actions can name pieces without opaque ids.

A piece whose value may be hidden carries `known`: the seats that know its
value.  Backs always show the suit, so views keep the suit and blank the rank.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Tuple

from .rng import Rng

SUITS = ["suns", "moons", "crowns", "arms"]
SUIT_NAMES = {"suns": "Suns", "moons": "Moons", "crowns": "Crowns", "arms": "Arms"}
RANKS = [0, 1, 2, 3, 4, 5]
RANK_NAMES = {0: "null", 1: "ace", 2: "2", 3: "3", 4: "4", 5: "5"}


def make(suit: str, rank: int, known: Iterable[int]) -> dict:
    return {"suit": suit, "rank": rank, "known": sorted(set(known))}


def name(piece: dict, kind: str = "") -> str:
    """'the 3 of Suns', 'the null tile of Moons'."""
    noun = f" {kind}" if kind else ""
    return f"the {RANK_NAMES[piece['rank']]}{noun} of {SUIT_NAMES[piece['suit']]}"


def article(word: str) -> str:
    """'a Suns', 'an Arms'."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def learn(piece: dict, seats: Iterable[int]) -> None:
    piece["known"] = sorted(set(piece["known"]) | set(seats))


def learned(piece: dict, seats: Iterable[int]) -> dict:
    """A new piece like `piece`, known to `seats` too: for rules whose `apply` shares pieces between states."""
    return dict(piece, known=sorted(set(piece["known"]) | set(seats)))


def knows(piece: dict, seat: Optional[int]) -> bool:
    return seat is not None and seat in piece["known"]


def shown(piece: dict, seat: Optional[int], public: bool = False) -> dict:
    """The piece as `seat` sees it: the rank only if public or known to the seat."""
    visible = public or knows(piece, seat)
    return {"suit": piece["suit"], "rank": piece["rank"] if visible else None}


def sort_key(seen: dict) -> Tuple[int, int, int]:
    """Order for an unordered group (a reserve): known pieces first, then face-down ones by suit.

    Face-down pieces must not sort by their hidden rank, or their order would leak it.
    """
    hidden = seen["rank"] is None
    return (SUITS.index(seen["suit"]), int(hidden), -1 if hidden else seen["rank"])


def shown_group(pieces: Iterable[dict], seat: Optional[int], public: bool = False) -> List[dict]:
    return sorted((shown(p, seat, public) for p in pieces), key=sort_key)


def reshuffle_hidden(groups: Dict[str, List[dict]], seat: Optional[int], rng: Rng) -> None:
    """Resample every rank `seat` does not know, within each kind and suit.

    `groups` maps a kind ("tile", "coin") to every piece of that kind in the
    state.  Backs show the suit, so a hidden piece can only be another piece of
    the same kind and suit whose rank the seat also does not know.
    """
    for pieces in groups.values():
        by_suit: Dict[str, List[dict]] = {}
        for piece in pieces:
            if not knows(piece, seat):
                by_suit.setdefault(piece["suit"], []).append(piece)
        for suit in SUITS:
            hidden = by_suit.get(suit, [])
            ranks = sorted(p["rank"] for p in hidden)  # sorted first: the deal must not depend on the true order
            rng.shuffle(ranks)
            for piece, rank in zip(hidden, ranks):
                piece["rank"] = rank


def find(pieces: List[dict], suit: str, rank: int) -> int:
    """Index of the piece (suit, rank) in `pieces`, or -1."""
    for i, piece in enumerate(pieces):
        if piece["suit"] == suit and piece["rank"] == rank:
            return i
    return -1
