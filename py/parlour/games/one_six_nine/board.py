"""The 13x13 board: squares, what lies on each, and what may be dropped on what.

The board in a state is a list of tiles, each {"id", "kind", "owner", "x", "y"};
x is the column (the first card of a coordinate) and y the row (the second),
both 1..13.  A square holds at most one flat tile (Wall, Farm, Road, Gold
Mine, Castle) or a Pit, and at most one creature standing on it (never on a
Wall or a Pit).  `cells` indexes the list by square for the rules and bots.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ...game import State
from .constants import BOARD_SIZE, CREATURES, FLAT, PIT, TILE_KINDS, WALL, rank_name, title, with_article

Square = Tuple[int, int]
Cell = Dict[str, Optional[dict]]

#: The four squares sharing an edge, in a fixed order: up, right, down, left.
STEPS: List[Square] = [(0, -1), (1, 0), (0, 1), (-1, 0)]


def square_name(x: int, y: int) -> str:
    """'(7, K)': the two ranks that name a square, column first."""
    return f"({rank_name(x)}, {rank_name(y)})"


def on_board(x: int, y: int) -> bool:
    return 1 <= x <= BOARD_SIZE and 1 <= y <= BOARD_SIZE


#: Square -> the squares sharing an edge with it, worked out once (movement asks for them most).
NEIGHBOURS: Dict[Square, Tuple[Square, ...]] = {
    (x, y): tuple((x + dx, y + dy) for dx, dy in STEPS if on_board(x + dx, y + dy))
    for x in range(1, BOARD_SIZE + 1) for y in range(1, BOARD_SIZE + 1)
}


def neighbours(square: Square) -> Tuple[Square, ...]:
    return NEIGHBOURS[square]


def layer(kind: str) -> str:
    """Creatures stand; everything else (flat tiles and Pits) lies on the ground."""
    return "creature" if kind in CREATURES else "ground"


#: Tile kind -> its layer (see `layer`), looked up once per tile by `cells`.
_LAYERS: Dict[str, str] = {kind: layer(kind) for kind in TILE_KINDS}


def cells(board: List[dict]) -> Dict[Square, Cell]:
    """Square -> {"ground": tile or None, "creature": tile or None}, for occupied squares only."""
    out: Dict[Square, Cell] = {}
    layers = _LAYERS
    for tile in board:
        square = (tile["x"], tile["y"])
        cell = out.get(square)
        if cell is None:
            cell = out[square] = {"ground": None, "creature": None}
        cell[layers[tile["kind"]]] = tile
    return out


def cell_at(board: List[dict], square: Square) -> Cell:
    """`cells(board).get(square, empty_cell())` for one square, without indexing the whole board."""
    x, y = square
    cell: Cell = {"ground": None, "creature": None}
    layers = _LAYERS
    for tile in board:
        if tile["x"] == x and tile["y"] == y:
            cell[layers[tile["kind"]]] = tile
    return cell


def empty_cell() -> Cell:
    return {"ground": None, "creature": None}


def tiles_there(cell: Cell) -> List[dict]:
    return [t for t in (cell["ground"], cell["creature"]) if t is not None]


def drop_problem(kind: str, cell: Cell) -> Optional[str]:
    """Why a tile of `kind` may not be dropped on this square (None: it may).

    A Pit goes anywhere and swallows what is there; a flat tile may crush a lone
    creature but never lands on another flat tile or a Pit; a creature may stand
    on a Farm, Road, Gold Mine or Castle, never on a Wall, a Pit or a creature.
    """
    ground, creature = cell["ground"], cell["creature"]
    if kind == PIT or (ground is None and creature is None):
        return None
    if ground is not None and ground["kind"] == PIT:
        return "only a Pit may be dropped on a Pit"
    if kind in CREATURES:
        if creature is not None:
            there = with_article(title(creature["kind"]))
            return f"a creature never goes on another creature, and {there} stands there"
        if ground is not None and ground["kind"] == WALL:
            return "no creature may stand on a Wall"
        return None
    if ground is not None:
        return f"one flat tile never goes on another, and {with_article(title(ground['kind']))} lies there"
    return None  # a flat tile on a lone creature crushes it


def on_own_side(seat: int, x: int, y: int) -> bool:
    """Walled Garden: seat 0 keeps to the squares with row >= column, seat 1 to row <= column.

    The diagonal (A, A) ... (K, K) is the property line, open to both.
    """
    return y >= x if seat == 0 else y <= x


def side_name(seat: int) -> str:
    return "below the line (row at least the column)" if seat == 0 else "above the line (row at most the column)"


def drop(state: State, tile_id: int, kind: str, seat: int, square: Square) -> List[dict]:
    """Put a bought tile on `square` for `seat`; returns the tiles it destroyed (already off the board).

    Destroyed tiles go back into the pile at once, as the text says.
    """
    here = cell_at(state["board"], square)
    victims = tiles_there(here) if kind == PIT else ([here["creature"]] if kind in FLAT and here["creature"] else [])
    remove(state, victims)
    state["board"].append({"id": tile_id, "kind": kind, "owner": seat, "x": square[0], "y": square[1]})
    return victims


def remove(state: State, victims: List[dict]) -> None:
    """Take tiles off the board and put them back in the pile."""
    if not victims:
        return
    gone = {t["id"] for t in victims}
    state["board"] = [t for t in state["board"] if t["id"] not in gone]
    state["pile"].extend(t["id"] for t in victims)


def replace_tile(state: State, tile: dict, **changes: object) -> dict:
    """Put a changed copy of `tile` in its place on the board (never edit a tile in place:
    `apply` shares tiles between a state and the next).  Returns the new tile."""
    board = state["board"]
    for k, there in enumerate(board):
        if there is tile:
            board[k] = dict(tile, **changes)
            return board[k]
    raise ValueError(f"tile {tile['id']} is not on the board")


def find(board: List[dict], tile_id: int) -> Optional[dict]:
    for tile in board:
        if tile["id"] == tile_id:
            return tile
    return None
