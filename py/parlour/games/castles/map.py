"""Grid geometry for the Castles map, which grows in any direction from its first tile,
and the squares of a state's map that the rules offer (every tile, a seat's castle sites).

Tiles sit on integer squares (x, y); x grows to the right and y downwards, the
order of a screen, so a renderer can use them as they are.  The first tile of a
round always goes on (0, 0): where it lies does not matter to the rules, and a
fixed square keeps the move list fixed.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Tuple

from ... import piecepack as pp

Place = Tuple[int, int]

FIRST_PLACE: Place = (0, 0)
#: The four squares sharing an edge, in a fixed order: north, east, south, west.
ORTHOGONAL: List[Place] = [(0, -1), (1, 0), (0, 1), (-1, 0)]


def place_of(item: dict) -> Place:
    return (item["x"], item["y"])


def neighbours(x: int, y: int) -> List[Place]:
    """The four squares that share an edge with (x, y)."""
    return [(x + dx, y + dy) for dx, dy in ORTHOGONAL]


def adjacent(a: Place, b: Place) -> bool:
    """Whether two squares share an edge (a diagonal does not count)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def reading_order(place: Place) -> Tuple[int, int]:
    """Sort key: row by row from the top, left to right, so move lists keep one order."""
    return (place[1], place[0])


def by_place(items: Iterable[dict]) -> Dict[Place, dict]:
    """Index tiles (or anything with x and y) by their square."""
    return {place_of(item): item for item in items}


def frontier(tiles: List[dict]) -> List[Place]:
    """Empty squares sharing an edge with a tile on the map; the first square if the map is empty."""
    if not tiles:
        return [FIRST_PLACE]
    taken = {place_of(t) for t in tiles}
    free = {n for p in taken for n in neighbours(*p) if n not in taken}
    return sorted(free, key=reading_order)


def coins_at(armies: List[dict], place: Place) -> int:
    return sum(1 for a in armies if place_of(a) == place)


def army_counts(armies: List[dict]) -> Dict[Place, int]:
    """Armies on each square, counted in one pass (`coins_at` for every square at once)."""
    counts: Dict[Place, int] = {}
    for army in armies:
        place = (army["x"], army["y"])
        counts[place] = counts.get(place, 0) + 1
    return counts


def bounds(tiles: List[dict]) -> Optional[Dict[str, int]]:
    """The smallest box around the map, so a board can frame it; None while the map is empty."""
    if not tiles:
        return None
    xs, ys = [t["x"] for t in tiles], [t["y"] for t in tiles]
    return {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)}


# ----- the map of a state ------------------------------------------------------

def map_places(state: dict) -> List[tuple]:
    return sorted(by_place(state["tiles"]), key=reading_order)


def castle_places(state: dict, seat: int) -> List[tuple]:
    """Tiles of the seat's own suit with no castle yet."""
    tiles = by_place(state["tiles"])
    built = {(c["x"], c["y"]) for c in state["castles"] if c is not None}
    return [p for p in map_places(state) if tiles[p]["suit"] == pp.SUITS[seat] and p not in built]
