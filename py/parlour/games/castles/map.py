"""Grid geometry for the Castles map, which grows in any direction from its first tile,
and the squares of a state's map that the rules offer (every tile, a seat's castle sites).

Tiles sit on integer squares (x, y); x grows to the right and y downwards, the
order of a screen, so a renderer can use them as they are.  The first tile of a
round always goes on (0, 0): where it lies does not matter to the rules, and a
fixed square keeps the move list fixed.
"""
from __future__ import annotations

from collections import Counter
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
    return {(item["x"], item["y"]): item for item in items}  # place_of written out: a bot's playouts index often


def tile_at(tiles: List[dict], x: int, y: int) -> dict:
    """The tile on (x, y), found without indexing the whole map (`by_place`) for one look-up."""
    for tile in tiles:
        if tile["x"] == x and tile["y"] == y:
            return tile
    raise KeyError((x, y))


class _Around(dict):
    """(y, x) -> the four squares sharing an edge with it, as (y, x) pairs: worked out once per square, so that
    `frontier` (every move of a bot's playouts that lays a tile) only looks them up."""

    def __missing__(self, yx: Place) -> Tuple[Place, ...]:
        y, x = yx
        around = self[yx] = tuple((y + dy, x + dx) for dx, dy in ORTHOGONAL)
        return around


_AROUND = _Around()


#: the tile list `frontier` read last, how many of its tiles it had read, and their squares and the empty
#: squares around them, as (y, x) pairs (such pairs sort in reading order)
_LAST_EDGE: list = [None, 0, set(), set()]


def frontier(tiles: List[dict]) -> List[Place]:
    """Empty squares sharing an edge with a tile on the map; the first square if the map is empty.

    Tiles are only ever appended to a map's list (never edited or removed; a round starts a new list), so when
    asked again about the list read last, only the tiles laid since are added: a bot's playouts ask once per
    tile laid.
    """
    if not tiles:
        return [FIRST_PLACE]
    last = _LAST_EDGE
    if last[0] is not tiles or last[1] > len(tiles):
        last[:] = [tiles, 0, set(), set()]
    taken, free = last[2], last[3]
    around = _AROUND
    for tile in tiles[last[1]:]:
        yx = (tile["y"], tile["x"])
        taken.add(yx)
        free.discard(yx)
        free.update([n for n in around[yx] if n not in taken])
    last[1] = len(tiles)
    return [(x, y) for y, x in sorted(free)]


def coins_at(armies: List[dict], place: Place) -> int:
    return sum(1 for a in armies if place_of(a) == place)


def army_counts(armies: List[dict]) -> Dict[Place, int]:
    """Armies on each square, counted in one pass (`coins_at` for every square at once)."""
    return Counter([(army["x"], army["y"]) for army in armies])  # counted in C


def bounds(tiles: List[dict]) -> Optional[Dict[str, int]]:
    """The smallest box around the map, so a board can frame it; None while the map is empty."""
    if not tiles:
        return None
    xs, ys = [t["x"] for t in tiles], [t["y"] for t in tiles]
    return {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)}


# ----- the map of a state ------------------------------------------------------

#: the tile list `map_places` read last, its length then, and its squares in reading order
_LAST_MAP: list = [None, 0, []]


def map_places(state: dict) -> List[tuple]:
    """Every tile's square, in reading order.

    The last answer is kept with the list it came from: a map's tiles are never edited or removed once laid
    (a round starts a new list), so the same list at the same length holds the same squares.  A bot's
    playouts ask once per army deployed, on a map that no longer changes.
    """
    tiles = state["tiles"]
    last = _LAST_MAP
    if last[0] is not tiles or last[1] != len(tiles):
        last[:] = [tiles, len(tiles), [(x, y) for y, x in sorted([(t["y"], t["x"]) for t in tiles])]]
    return list(last[2])


def castle_places(state: dict, seat: int) -> List[tuple]:
    """Tiles of the seat's own suit with no castle yet."""
    tiles = by_place(state["tiles"])
    built = {(c["x"], c["y"]) for c in state["castles"] if c is not None}
    return [p for p in map_places(state) if tiles[p]["suit"] == pp.SUITS[seat] and p not in built]
