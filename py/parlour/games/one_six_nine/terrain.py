"""The board as one creature owner's walking terrain, and the one walk over it: where a creature may stop.

The rules' move lists and refusals (`movement.reach`) and the greedy player's judging (policy.py) walk
here.  The judging walks every creature again on the board each legal move leaves, a hundred thousand
walks in one of Hard's look-aheads, so the walk is made cheap: squares are indices into a 15x15 list
whose border is blocked (no bounds checks, neighbours are +-1 and +-15), and each square holds one small
number saying how a walker of that owner may enter it.  tests/rules/test_one_six_nine_terrain.py checks
every walk of 130 positions against the rules written out plainly (`blocks`, `step_cost`).
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Tuple

from .board import Cell, Square
from .constants import BLOCKING, BOARD_SIZE, CREATURES, MOVE_ALLOWANCE, ROAD

WIDTH = BOARD_SIZE + 2
#: how a walker may enter a square (a list of these, one per index, is a terrain)
BLOCKED = 0       # a Wall, a Pit, one of the walker's own creatures, or off the board
OPEN = 1          # empty: one step
ROAD_HERE = 2     # a Road (maybe with an enemy creature on it): free, and something is there
OCCUPIED = 3      # a Farm, Gold Mine, Castle or an enemy creature: one step, and something is there

#: index -> square, None for the border
SQUARE_OF: List[Optional[Square]] = [None] * (WIDTH * WIDTH)
for _x in range(1, BOARD_SIZE + 1):
    for _y in range(1, BOARD_SIZE + 1):
        SQUARE_OF[_y * WIDTH + _x] = (_x, _y)

#: terrain entry -> what a walk through it costs (blocked, free, one step): a walk reads no more than this
PASSAGE = (None, 1, 0, 1)
_FAR = MOVE_ALLOWANCE + 1  # a cost no walk reaches
#: the terrain of an empty board
_EMPTY: List[int] = [OPEN if square is not None else BLOCKED for square in SQUARE_OF]


def index(square: Square) -> int:
    return square[1] * WIDTH + square[0]


def blocks(cell: Optional[Cell], seat: int) -> bool:
    """Whether a creature of `seat` may neither cross nor stop on this square: a Wall, a Pit, or one of
    its owner's own creatures."""
    if cell is None:
        return False
    ground, creature = cell["ground"], cell["creature"]
    if ground is not None and ground["kind"] in BLOCKING:
        return True
    return creature is not None and creature["owner"] == seat


def step_cost(cell: Optional[Cell]) -> int:
    """Entering a Road costs nothing; any other square costs one of the three."""
    return 0 if cell is not None and cell["ground"] is not None and cell["ground"]["kind"] == ROAD else 1


def entry(cell: Optional[Cell], owner: int) -> int:
    """How a creature of `owner` may enter a square holding `cell`: `blocks` and `step_cost` in one number,
    with whether something is there (written out: every terrain asks this of every square with something on
    it; the terrain test checks it against the two)."""
    if cell is None:
        return OPEN
    ground, creature = cell["ground"], cell["creature"]
    if creature is not None and creature["owner"] == owner:
        return BLOCKED
    if ground is None:
        return OCCUPIED
    kind = ground["kind"]
    if kind in BLOCKING:
        return BLOCKED
    return ROAD_HERE if kind == ROAD else OCCUPIED


def terrain(grid: Dict[Square, Cell], owner: int) -> List[int]:
    """The whole board as a creature of `owner` walks it."""
    out = list(_EMPTY)
    for square, cell in grid.items():
        out[square[1] * WIDTH + square[0]] = entry(cell, owner)
    return out


def board_terrain(board: List[dict], owner: int) -> List[int]:
    """`terrain(cells(board), owner)` straight from the tile list, without the square-keyed grid: the
    rules' move lists and checks ask for one terrain a call (the terrain test checks the two agree)."""
    out = list(_EMPTY)
    creatures = []
    for tile in board:
        kind = tile["kind"]
        if kind in CREATURES:
            creatures.append(tile)
        else:
            out[tile["y"] * WIDTH + tile["x"]] = BLOCKED if kind in BLOCKING else ROAD_HERE if kind == ROAD else OCCUPIED
    for tile in creatures:  # over the ground: one's own creature blocks, another's makes an empty square occupied
        i = tile["y"] * WIDTH + tile["x"]
        if tile["owner"] == owner:
            out[i] = BLOCKED
        elif out[i] == OPEN:
            out[i] = OCCUPIED
    return out


def patched(base: List[int], grid: Dict[Square, Cell], owner: int, changed: Iterable[int]) -> List[int]:
    """`terrain` of a board that differs from `base`'s only on the `changed` squares (indices)."""
    out = list(base)
    for i in changed:
        out[i] = entry(grid.get(SQUARE_OF[i]), owner)
    return out


def walk(ground: List[int], start: int) -> Tuple[List[int], List[int]]:
    """(the occupied squares a creature on `start` may stop on, every square it reaches)."""
    reached = reached_squares(ground, start)
    return [i for i in reached if ground[i] >= ROAD_HERE], reached


def reached_squares(ground: List[int], start: int) -> List[int]:
    """Every square a creature on `start` may stop on: a Road is free, three steps in all, one cost at a
    time: the squares first reached at a cost are expanded before any dearer one, and a Road found on the
    way joins its cost's list."""
    cost_of = [_FAR] * len(ground)
    cost_of[start] = 0
    reached: List[int] = []
    frontier = [start]
    for spent in range(MOVE_ALLOWANCE + 1):
        dearer: List[int] = []
        for here in frontier:  # grows while it is read: Roads reached at this cost
            if cost_of[here] != spent:
                continue  # reached again more cheaply since it was listed
            for there in (here - WIDTH, here + 1, here + WIDTH, here - 1):
                how = ground[there]
                if how == BLOCKED:
                    continue
                if how == ROAD_HERE:
                    if cost_of[there] > spent:
                        if cost_of[there] == _FAR:
                            reached.append(there)
                        cost_of[there] = spent
                        frontier.append(there)
                elif spent < MOVE_ALLOWANCE and cost_of[there] > spent + 1:
                    if cost_of[there] == _FAR:
                        reached.append(there)
                    cost_of[there] = spent + 1
                    dearer.append(there)
        frontier = dearer
    return reached


def read_by(start: int, reached: Iterable[int]) -> set:
    """The squares a walk from `start` that reached `reached` looked at: any change elsewhere leaves it as it was."""
    out = {start - WIDTH, start + 1, start + WIDTH, start - 1}
    for i in reached:
        out.update((i - WIDTH, i + 1, i + WIDTH, i - 1))
    return out
