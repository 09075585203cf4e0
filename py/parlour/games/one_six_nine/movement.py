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

from collections import deque
from typing import Dict, List, Optional, Tuple

from ...game import State
from .board import NEIGHBOURS, Cell, Square, cell_at, cells, empty_cell, neighbours, remove, replace_tile, square_name
from .constants import BLOCKING, BUREAUCRAT, CREATURES, KILLS, MONSTER, MOVE_ALLOWANCE, PROPERTIES, ROAD, THIEF, title

#: Effect codes, as the view lists them for a board to show before a move is made.
BOTH_DIE = "both_die"
KILL = "kill"
DIES = "dies"
STEAL = "steal"
DESTROY = "destroy"
DOUBLE = "double"


def blocks(cell: Optional[Cell], seat: int) -> bool:
    """Whether a creature of `seat` may neither cross nor stop on this square."""
    if cell is None:
        return False
    ground, creature = cell["ground"], cell["creature"]
    if ground is not None and ground["kind"] in BLOCKING:
        return True
    return creature is not None and creature["owner"] == seat


def step_cost(cell: Optional[Cell]) -> int:
    """Entering a Road costs nothing; any other square costs one of the three."""
    return 0 if cell is not None and cell["ground"] is not None and cell["ground"]["kind"] == ROAD else 1


def reach(grid: Dict[Square, Cell], start: Square, seat: int) -> Dict[Square, int]:
    """Every square the creature on `start` may stop on, with the steps it costs (0-1 BFS).

    `blocks` and `step_cost` are written out inline: move lists ask for this for
    every creature at every move, and it was the largest cost of a 169 game.
    """
    best: Dict[Square, int] = {start: 0}
    queue = deque([start])
    limit = MOVE_ALLOWANCE
    around = NEIGHBOURS
    while queue:
        here = queue.popleft()
        spent = best[here]
        for there in around[here]:
            cell = grid.get(there)
            if cell is None:
                cost = spent + 1
            else:
                ground, creature = cell["ground"], cell["creature"]
                if creature is not None and creature["owner"] == seat:
                    continue
                if ground is None:
                    cost = spent + 1
                else:
                    kind = ground["kind"]
                    if kind in BLOCKING:
                        continue
                    cost = spent if kind == ROAD else spent + 1
            if cost > limit:
                continue
            known = best.get(there)
            if known is not None and cost >= known:
                continue
            best[there] = cost
            if cost == spent:
                queue.appendleft(there)
            else:
                queue.append(there)
    del best[start]
    return best


def creatures_of(board: List[dict], seat: int) -> List[dict]:
    return [t for t in board if t["owner"] == seat and t["kind"] in CREATURES]


def destinations(board: List[dict], seat: int, moved: List[int],
                 only: Optional[tuple] = None) -> List[Tuple[Square, Square]]:
    """Every (from, to) move open to `seat`: each creature not yet moved this turn, to each square it reaches
    (`only`: just the moves from that square, the same as filtering the whole list)."""
    grid = cells(board)
    out = []
    for tile in sorted(creatures_of(board, seat), key=lambda t: (t["x"], t["y"])):
        if tile["id"] in moved:
            continue
        start = (tile["x"], tile["y"])
        if only is not None and start != only:
            continue
        for to in sorted(reach(grid, start, seat)):
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
