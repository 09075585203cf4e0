"""The two-story cottage as plain data: where a tile may go and which rooms connect.

Grid units, x growing east and y growing south (screen order), so a renderer
can draw straight from the numbers.  A first-story tile fills the cell whose
north-west corner is (x, y).  A second-story tile is centred on the grid point
(x, y), square over the four cells that meet there, and its stairwell names
one of them by compass corner.  Rooms are never removed from the list, so a
room's index is a stable name for it in actions and views.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from .constants import ACE

Point = Tuple[int, int]
Room = dict

OPEN, COMPLETED, GONE = "open", "completed", "gone"

#: The four quarters of a second-story tile, and the four corners of a cell.
CORNERS = ["nw", "ne", "sw", "se"]
#: Offset from a grid point to the cell under each quarter of a tile centred there.
BELOW = {"nw": (-1, -1), "ne": (0, -1), "sw": (-1, 0), "se": (0, 0)}
#: Offset from a cell to the grid point at each of its corners.
CORNER_POINT = {"nw": (0, 0), "ne": (1, 0), "sw": (0, 1), "se": (1, 1)}
STEPS = [(0, -1), (1, 0), (0, 1), (-1, 0)]


def new_room(suit: str, rank: int, story: int, x: int, y: int, stairs: Optional[str] = None) -> Room:
    return {"suit": suit, "rank": rank, "story": story, "x": x, "y": y,
            "stairs": stairs, "state": OPEN, "coins": []}


def lower_map(rooms: List[Room]) -> Dict[Point, int]:
    """First-story cell -> room index (gone rooms included: the tile is still there)."""
    return {(r["x"], r["y"]): i for i, r in enumerate(rooms) if r["story"] == 1}


def upper_map(rooms: List[Room]) -> Dict[Point, int]:
    """Second-story grid point -> room index."""
    return {(r["x"], r["y"]): i for i, r in enumerate(rooms) if r["story"] == 2}


def cells_under(point: Point) -> List[Point]:
    """The four cells meeting at a grid point, in CORNERS order."""
    return [(point[0] + BELOW[c][0], point[1] + BELOW[c][1]) for c in CORNERS]


def corners_of(cell: Point) -> List[Point]:
    return [(cell[0] + CORNER_POINT[c][0], cell[1] + CORNER_POINT[c][1]) for c in CORNERS]


def covered_corners(cell: Point, upper: Dict[Point, int]) -> List[str]:
    """Which corners of a first-story cell have a second-story tile over them."""
    return [c for c, p in zip(CORNERS, corners_of(cell)) if p in upper]


def is_entrance(room: Room) -> bool:
    return room["rank"] == ACE


def can_complete(rooms: List[Room], index: int, upper: Optional[Dict[Point, int]] = None) -> bool:
    """An open, non-entrance room that no second-story tile covers even in part."""
    room = rooms[index]
    if room["state"] != OPEN or is_entrance(room):
        return False
    if room["story"] == 2:
        return True
    upper = upper_map(rooms) if upper is None else upper
    return not covered_corners((room["x"], room["y"]), upper)


def has_space(room: Room) -> bool:
    """Entrances hold any number of furnishings; other rooms at most their size."""
    return is_entrance(room) or len(room["coins"]) < room["rank"]


def first_story_spots(rooms: List[Room]) -> List[Point]:
    """Empty cells sharing an edge with a first-story tile, sorted (x, then y)."""
    lower = lower_map(rooms)
    spots: Set[Point] = set()
    for x, y in lower:
        for dx, dy in STEPS:
            cell = (x + dx, y + dy)
            if cell not in lower:
                spots.add(cell)
    return sorted(spots)


def gone_after(point: Point, lower: Dict[Point, int], upper: Dict[Point, int]) -> List[int]:
    """First-story rooms a new second-story tile at `point` would cover completely."""
    out = []
    for cell in cells_under(point):
        i = lower.get(cell)
        if i is not None and all(p == point or p in upper for p in corners_of(cell)):
            out.append(i)
    return out


def second_story_spots(rooms: List[Room], king: Optional[int]) -> List[Tuple[int, int, str]]:
    """(x, y, stairs) for every legal second-story placement, sorted.

    The point must be free, with four first-story tiles meeting there, none an
    entrance; the tile may not bury the King's room, and its stairwell must
    lead to a room that is still there afterwards.  Only points at the
    south-east corner of a first-story tile can have four tiles round them,
    so only those are tried (search asks for these spots at most turns).
    """
    lower, upper = lower_map(rooms), upper_map(rooms)
    spots = []
    for point in sorted({(x + 1, y + 1) for x, y in lower}):
        if point in upper:
            continue
        below = [lower.get(cell) for cell in cells_under(point)]
        if None in below or any(is_entrance(rooms[i]) for i in below):
            continue
        buried = gone_after(point, lower, upper)
        if king is not None and king in buried:
            continue
        for corner, i in zip(CORNERS, below):
            if i not in buried:
                spots.append((point[0], point[1], corner))
    return spots


def stairs_room(rooms: List[Room], index: int, lower: Optional[Dict[Point, int]] = None) -> Optional[int]:
    """The first-story room a second-story room's stairwell leads down to."""
    room = rooms[index]
    if room["story"] != 2:
        return None
    lower = lower_map(rooms) if lower is None else lower
    dx, dy = BELOW[room["stairs"]]
    return lower.get((room["x"] + dx, room["y"] + dy))


def neighbours(rooms: List[Room]) -> Dict[int, List[int]]:
    """Rooms one step apart: edge neighbours on a story, and each stairwell's two ends.

    Gone (buried) rooms are out of the cottage: they have no entry here and no
    one may step into them.
    """
    lower, upper = lower_map(rooms), upper_map(rooms)
    adj: Dict[int, Set[int]] = {i: set() for i, r in enumerate(rooms) if r["state"] != GONE}
    for grid in (lower, upper):
        for (x, y), i in grid.items():
            if i not in adj:
                continue
            for dx, dy in STEPS:
                j = grid.get((x + dx, y + dy))
                if j is not None and j in adj:
                    adj[i].add(j)
    for i in upper.values():
        j = stairs_room(rooms, i, lower)
        if j is not None and j in adj:
            adj[i].add(j)
            adj[j].add(i)
    return {i: sorted(s) for i, s in adj.items()}


def shape(rooms: List[Room], index: int, upper: Dict[Point, int], lower: Dict[Point, int]) -> dict:
    """Where a room is drawn: its box in grid units, the cells it lies over, its covered corners."""
    room = rooms[index]
    x, y = room["x"], room["y"]
    if room["story"] == 1:
        return {"box": [x, y, x + 1, y + 1], "cells": [[x, y]],
                "covered": covered_corners((x, y), upper), "stairs": None}
    down = stairs_room(rooms, index, lower)
    dx, dy = BELOW[room["stairs"]]
    return {"box": [x - 0.5, y - 0.5, x + 0.5, y + 0.5],
            "cells": [list(c) for c in cells_under((x, y))], "covered": [],
            "stairs": {"dir": room["stairs"], "cell": [x + dx, y + dy], "room": down}}


def extent(rooms: List[Room]) -> List[int]:
    """[min x, min y, max x, max y] of the first story; every second-story tile lies inside."""
    xs = [r["x"] for r in rooms if r["story"] == 1]
    ys = [r["y"] for r in rooms if r["story"] == 1]
    return [min(xs), min(ys), max(xs) + 1, max(ys) + 1]
