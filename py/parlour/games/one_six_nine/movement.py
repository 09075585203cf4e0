"""Creatures on the move: the squares one can reach, and what happens where it stops.

A creature walks up to three squares, each step to a square sharing an edge;
stepping onto a Road is free.  It may cross and stop on empty squares, Farms,
Roads, Gold Mines, Castles and enemy creatures; never on or across a Wall, a
Pit or another of its owner's creatures.  Everything happens where it stops
(docs/rules/one-six-nine.md has the table of every case):

- on an enemy creature of its own kind: both are destroyed;
- on an enemy creature of another kind: whichever of the two kills the other's
  kind wins (every pair has exactly one killer); a mover that walks into its
  killer is destroyed;
- a surviving Thief then steals an enemy Road, Gold Mine or Castle under it,
  and a surviving Monster destroys one; a Bureaucrat doubles its owner's
  property for as long as it stands on it.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from ...game import State
from .board import Cell, Square, cell_at, cells, empty_cell, neighbours, remove, replace_tile, square_name
from .constants import BUREAUCRAT, CREATURES, KILLS, MONSTER, PROPERTIES, THIEF, title
from .terrain import SQUARE_OF, blocks, board_terrain, index, reached_squares, terrain

#: Effect codes, as the view lists them for a board to show before a move is made.
BOTH_DIE = "both_die"
KILL = "kill"
DIES = "dies"
STEAL = "steal"
DESTROY = "destroy"
DOUBLE = "double"


def reach(grid: Dict[Square, Cell], start: Square, seat: int) -> Set[Square]:
    """Every square the creature on `start` may stop on: the walk of terrain.py over the board as a creature
    of `seat` walks it (terrain.py: `blocks` and `step_cost`, one small number a square), the one walk the
    rules and the greedy player's judging share."""
    return reached_from(terrain(grid, seat), start)


def reached_from(ground: List[int], start: Square) -> Set[Square]:
    """`reach` on a terrain made once for several creatures of one owner."""
    return {SQUARE_OF[i] for i in reached_squares(ground, index(start))}


def creatures_of(board: List[dict], seat: int) -> List[dict]:
    return [t for t in board if t["owner"] == seat and t["kind"] in CREATURES]


def destinations(board: List[dict], seat: int, moved: List[int],
                 only: Optional[tuple] = None) -> List[Tuple[Square, Square]]:
    """Every (from, to) move open to `seat`: each creature not yet moved this turn, to each square it reaches
    (`only`: just the moves from that square, the same as filtering the whole list)."""
    ground = None
    out = []
    for tile in sorted(creatures_of(board, seat), key=lambda t: (t["x"], t["y"])):
        if tile["id"] in moved:
            continue
        start = (tile["x"], tile["y"])
        if only is not None and start != only:
            continue
        ground = board_terrain(board, seat) if ground is None else ground
        for to in sorted(reached_from(ground, start)):
            out.append((start, to))
    return out


def can_move(board: List[dict], seat: int, moved: List[int]) -> bool:
    """Whether some creature of `seat` that has not moved yet has a square to go to.

    A first step costs at most one of the three, so an open neighbour is enough.
    """
    grid = None
    for tile in creatures_of(board, seat):
        if tile["id"] in moved:
            continue
        grid = cells(board) if grid is None else grid
        if any(not blocks(grid.get(n), seat) for n in neighbours((tile["x"], tile["y"]))):
            return True
    return False


def fight(mover: str, other: str) -> str:
    """What happens when `mover` stops on an enemy `other`: BOTH_DIE, KILL (other dies) or DIES (mover dies)."""
    if mover == other:
        return BOTH_DIE
    return KILL if other in KILLS[mover] else DIES


def effects(cell: Cell, seat: int, kind: str) -> List[str]:
    """What a `kind` creature of `seat` stopping on this square does, as effect codes."""
    out: List[str] = []
    enemy = cell["creature"]
    if enemy is not None:
        result = fight(kind, enemy["kind"])
        out.append(result)
        if result != KILL:
            return out
    ground = cell["ground"]
    if ground is None or ground["kind"] not in PROPERTIES:
        return out
    if ground["owner"] != seat:
        if kind == THIEF:
            out.append(STEAL)
        elif kind == MONSTER:
            out.append(DESTROY)
    elif kind == BUREAUCRAT:
        out.append(DOUBLE)
    return out


def preview(grid: Dict[Square, Cell], seat: int, frm: Square, to: Square) -> List[str]:
    """The effect codes of a move on the board indexed by `grid`, without making it (for the view)."""
    mover = grid[frm]["creature"]
    return effects(grid.get(to, empty_cell()), seat, mover["kind"])


def make_move(state: State, seat: int, frm: Square, to: Square) -> str:
    """Walk the creature from `frm` to `to` and carry out what happens there; returns the log sentence."""
    mover = cell_at(state["board"], frm)["creature"]
    cell = cell_at(state["board"], to)
    name = title(mover["kind"])
    where = square_name(*to)
    codes = effects(cell, seat, mover["kind"])
    state["moved"].append(mover["id"])
    enemy, ground = cell["creature"], cell["ground"]
    text = f"{{p{seat}}}'s {name} moves from {square_name(*frm)} to {where}"
    if BOTH_DIE in codes:
        remove(state, [mover, enemy])
        return text + f" and meets {{p{enemy['owner']}}}'s {name}: both are destroyed."
    if DIES in codes:
        remove(state, [mover])
        return text + f", where {{p{enemy['owner']}}}'s {title(enemy['kind'])} kills it."
    parts = []
    if KILL in codes:
        remove(state, [enemy])
        parts.append(f"kills {{p{enemy['owner']}}}'s {title(enemy['kind'])}")
    replace_tile(state, mover, x=to[0], y=to[1])
    if STEAL in codes:
        parts.append(f"steals {{p{ground['owner']}}}'s {title(ground['kind'])}")
        replace_tile(state, ground, owner=seat)
    elif DESTROY in codes:
        parts.append(f"destroys {{p{ground['owner']}}}'s {title(ground['kind'])}")
        remove(state, [ground])
    elif DOUBLE in codes:
        parts.append(f"doubles their {title(ground['kind'])}")
    return text + (" and " + " and ".join(parts) if parts else "") + "."
