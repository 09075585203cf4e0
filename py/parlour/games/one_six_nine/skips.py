"""Why a seat is passed over without being asked: the log line that says so.

The engine drops a seat out of buying when everyone can see it cannot buy,
and out of moving when none of its creatures can move.  A person whose go
was skipped reads why in the log (issue 26, item 8), in words `wording`
turns to "You ..." for that seat: only its listed verbs follow a name.
"""
from __future__ import annotations

from typing import List, Optional

from ...game import State
from ...wording import count
from .constants import COST, TILE_KINDS
from .movement import creatures_of


def why_no_buy(state: State, seat: int) -> Optional[str]:
    """The log line for a seat dropped out of buying with buys left: an empty row, or too little gold
    (None once its cards are spent: every hand starts a turn with a pair, so it bought its fill)."""
    row = state["offers"][state["first"]]
    if state["buys_left"][seat] <= 0:
        return None
    if not row:
        reason = "the row for sale is empty"
    else:
        cheapest = min(COST[TILE_KINDS[t]] for t in row)
        reason = f"the cheapest tile in the row costs {cheapest} gold and {{p{seat}}} has {state['gold'][seat]}"
    return f"{{p{seat}}} is out of buying for this turn: {reason}."


def why_no_move(board: List[dict], seat: int, moved: List[int]) -> Optional[str]:
    """The log line for a seat with creatures dropped out of moving, or None when it has none
    (`without_creatures` says those once a turn) or has moved every one (the phase ran its course)."""
    waiting = [tile for tile in creatures_of(board, seat) if tile["id"] not in moved]
    if not waiting:
        return None
    return (f"{{p{seat}}} has {count(len(waiting), 'unmoved creature')} and none can take a step: Walls, Pits, "
            f"the edge of the board or its own creatures block every way.")


def without_creatures(board: List[dict], players: int) -> Optional[str]:
    """One line as moving starts naming the seats with no creature on the board, which are not asked
    to move; None when every seat has one, or when nobody has (then nobody moves at all)."""
    empty = [seat for seat in range(players) if not creatures_of(board, seat)]
    if not empty or len(empty) == players:
        return None
    return "No creature on the board to move this turn: " + ", ".join(f"{{p{seat}}}" for seat in empty) + "."
