"""Where a seat's next Castles tile comes from: its pile, its proper tile, or another seat's.

Read by the rules (which moves are legal) and by the refusals (why one is not).
"""
from __future__ import annotations

from typing import List

from ...game import State


def pile_for(state: State, seat: int) -> List[dict]:
    """The pile `seat` draws from: its own in the suit terrain, the shared one otherwise."""
    return state["piles"][seat if state["options"]["terrain"] == "suit" else 0]


def proper_owners(state: State, seat: int) -> List[int]:
    """Whose proper tiles `seat` may take: its own, and anyone's once the pile is empty."""
    proper = state["proper"]
    if pile_for(state, seat):
        return [seat] if proper[seat] is not None else []
    return [k for k, tile in enumerate(proper) if tile is not None]
