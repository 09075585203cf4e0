"""Why a 169 move is refused, in words a player understands.

Kept apart from the rules: `Game.apply` already refuses anything that is not a
legal action; this module only finds the most helpful reason to give, naming
the tile, the square and the cards involved.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ...game import describe
from . import cards
from .board import cells, drop_problem, empty_cell, on_board, on_own_side, side_name, square_name
from .constants import BLOCKING, BOARD_SIZE, COST, PIT, TILE_KINDS, title
from .movement import reach
from .terrain import blocks

Action = Dict[str, Any]

HINTS = {
    "buy": "it is your turn to buy: pick a tile for sale and a square two of your cards name, or pass",
    "move": "it is your turn to move: walk one of your creatures up to three squares, or pass",
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _square(value: Any) -> Optional[Tuple[int, int]]:
    if isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value) and on_board(*value):
        return value[0], value[1]
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def explain_refusal(state: Dict[str, Any], seat: int, action: Action) -> str:
    phase, kind = state["phase"], action.get("type")
    if phase == "over":
        return "The game is over; no more moves can be made."
    if state["current"] != seat:
        return f"It is not your turn: waiting for {{p{state['current']}}}."
    if kind not in ("buy", "move", "pass"):
        return _cap(HINTS[phase]) + "."
    if kind == "buy" and phase != "buy":
        return "Buying is over for this turn; " + HINTS["move"].split(": ", 1)[1] + "."
    if kind == "move" and phase != "move":
        return "Creatures move once buying is over; " + HINTS["buy"].split(": ", 1)[1] + "."
    if kind == "buy":
        return _buy_refusal(state, seat, action) or f"That move is not allowed now: {describe(action)}."
    if kind == "move":
        return _move_refusal(state, seat, action) or f"That move is not allowed now: {describe(action)}."
    return f"A pass takes nothing else: send {{\"type\": \"pass\"}}, not {describe(action)}."


def _buy_refusal(state: Dict[str, Any], seat: int, action: Action) -> Optional[str]:
    first = state["first"]
    row = state["offers"][first]
    kind = action.get("tile")
    offered = sorted({TILE_KINDS[t] for t in row})
    if kind not in offered:
        return (f"There is no {describe(kind)} for sale: {{p{first}}}'s row offers "
                f"{', '.join(offered) or 'nothing'}.")
    name = title(kind)
    square = _square(action.get("square"))
    if square is None:
        return f"Name a square as [column, row], each a rank from 1 (Ace) to {BOARD_SIZE} (King)."
    where = square_name(*square)
    if COST[kind] > state["gold"][seat]:
        return f"The {name} costs {COST[kind]} gold and you have {state['gold'][seat]}."
    if state["buys_left"][seat] <= 0:
        return "You have bought as many tiles this turn as half your coordinate cards allow."
    lack = cards.missing(state["hands"][seat], *square)
    if lack is not None:
        return f"Your cards cannot name {where}: you would need {lack}."
    if state["options"]["walled_garden"] == "on" and kind != PIT and not on_own_side(seat, *square):
        return (f"In the Walled Garden you place on your own side, {side_name(seat)}; {where} is not "
                "(only Pits go anywhere).")
    problem = drop_problem(kind, cells(state["board"]).get(square, empty_cell()))
    if problem is not None:
        return f"The {name} cannot go on {where}: {problem}."
    return None


def _move_refusal(state: Dict[str, Any], seat: int, action: Action) -> Optional[str]:
    start, end = _square(action.get("from")), _square(action.get("to"))
    if start is None or end is None:
        return f"Name both squares as [column, row], each from 1 (Ace) to {BOARD_SIZE} (King)."
    grid = cells(state["board"])
    creature = grid.get(start, empty_cell())["creature"]
    if creature is None or creature["owner"] != seat:
        return f"You have no creature on {square_name(*start)}."
    name = title(creature["kind"])
    if creature["id"] in state["moved"]:
        return f"Your {name} on {square_name(*start)} has already moved this turn."
    if start == end:
        return f"A move must leave {square_name(*start)}; to stay, move another creature or pass."
    if blocks(grid.get(end), seat):
        cell = grid[end]
        ground = cell["ground"]
        if ground is not None and ground["kind"] in BLOCKING:
            what = f"a {title(ground['kind'])} lies there"
        else:
            what = f"your own {title(cell['creature']['kind'])} stands there"
        return f"Your {name} may not stop on {square_name(*end)}: {what}."
    if end not in reach(grid, start, seat):
        return (f"Your {name} cannot reach {square_name(*end)}: it walks at most three squares (Roads free), "
                "round Walls, Pits and your own creatures.")
    return None
