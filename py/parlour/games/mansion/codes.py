"""The building codes: where a plan may be built in a mansion, and why not.

A mansion is a list of floors from the ground up, each {"rooms": [kind...],
"stairs": kind or None}; floor numbers in actions and messages start at 1.  The
five codes of the rules, as enforced here:

1. a floor holds 3 to 5 rooms (staircases are not rooms) and at most one staircase;
2. every floor above the first holds as many rooms as the first;
3. floors go up in order: a floor is started only once the one below is
   complete, and once a floor has a room the floors below take no more rooms;
4. every floor has a bathroom (so the room that fills a floor must be one if it
   has none yet);
5. every floor but the top has exactly one staircase (a floor is started only
   once the one below has its staircase); the top floor may have one.

A floor is complete when it has its rooms (3 to 5 on the first floor, as many
as the first above it) including a bathroom.
"""
from __future__ import annotations

from typing import List, Optional

from . import deck
from .constants import MAX_FLOORS, MAX_ROOMS, MIN_ROOMS

Floors = List[dict]


def new_floor() -> dict:
    return {"rooms": [], "stairs": None}


def top_room_floor(floors: Floors) -> int:
    """Index of the highest floor with a room, -1 when there is none."""
    for i in range(len(floors) - 1, -1, -1):
        if floors[i]["rooms"]:
            return i
    return -1


def floor_size(floors: Floors) -> Optional[int]:
    """The rooms every floor must have, once a room on the second floor has fixed it."""
    if len(floors) > 1 and floors[1]["rooms"]:
        return len(floors[0]["rooms"])
    return None


def capacity(floors: Floors, i: int) -> int:
    """The most rooms floor i may hold."""
    return MAX_ROOMS if i == 0 else len(floors[0]["rooms"])


def has_bathroom(floor: dict) -> bool:
    return any(deck.is_bathroom(k) for k in floor["rooms"])


def is_complete(floors: Floors, i: int) -> bool:
    """Floor i has all its rooms, a bathroom among them."""
    if i >= len(floors):
        return False
    rooms = floors[i]["rooms"]
    if i == 0:
        enough = MIN_ROOMS <= len(rooms) <= MAX_ROOMS
    else:
        enough = len(rooms) == len(floors[0]["rooms"])
    return enough and has_bathroom(floors[i])


def complete_floors(floors: Floors) -> int:
    """Complete floors counted from the ground up (a floor above an incomplete one cannot exist)."""
    count = 0
    while count < len(floors) and is_complete(floors, count):
        count += 1
    return count


def refusal(floors: Floors, kind: str, i: int) -> Optional[str]:
    """Why `kind` may not be built on floor index i (0-based), naming the code; None if it may."""
    n = i + 1
    if not 0 <= i < MAX_FLOORS:
        return f"A mansion has floors 1 to {MAX_FLOORS}; there is no floor {n}."
    floor = floors[i] if i < len(floors) else new_floor()
    below = n - 1
    if i > 0 and not is_complete(floors, i - 1):
        return (f"Floors go up in order: floor {n} cannot be started until floor {below} is complete "
                f"({_needs(floors, i - 1)}).")
    if i > 0 and (i - 1 >= len(floors) or floors[i - 1]["stairs"] is None):
        return f"Floor {below} needs its staircase before anything is built on floor {n}."
    if deck.is_staircase(kind):
        if floor["stairs"] is not None:
            return f"Floor {n} already has its staircase; a floor has exactly one."
        return None
    top = top_room_floor(floors)
    if i < top:
        return f"Floor {top + 1} has rooms, so floor {n} takes no more rooms: floors go up in order."
    cap = capacity(floors, i)
    if len(floor["rooms"]) >= cap:
        if i == 0:
            return f"Floor 1 has {MAX_ROOMS} rooms, the most a floor may have."
        return f"Floor {n} already has {cap} rooms: every floor has as many rooms as the first."
    if len(floor["rooms"]) + 1 == cap and not has_bathroom(floor) and not deck.is_bathroom(kind):
        return f"Every floor needs a bathroom: the last room of floor {n} must be one."
    return None


def _needs(floors: Floors, i: int) -> str:
    """What floor i still lacks to be complete, in words."""
    rooms = floors[i]["rooms"] if i < len(floors) else []
    least = MIN_ROOMS if i == 0 else len(floors[0]["rooms"])
    missing = []
    if len(rooms) < least:
        missing.append(f"it has {len(rooms)} of {'at least ' if i == 0 else ''}{least} rooms")
    if not any(deck.is_bathroom(k) for k in rooms):
        missing.append("it has no bathroom")
    return " and ".join(missing) or "it is complete"


def places(floors: Floors, kind: str) -> List[int]:
    """Every floor index where `kind` may be built now (at most two: the top floor or the next)."""
    top = max(top_room_floor(floors), 0)
    return [i for i in (top, top + 1) if refusal(floors, kind, i) is None]


def add(floors: Floors, kind: str, i: int) -> None:
    """Build `kind` on floor index i (already checked)."""
    while len(floors) <= i:
        floors.append(new_floor())
    if deck.is_staircase(kind):
        floors[i]["stairs"] = kind
    else:
        floors[i]["rooms"].append(kind)


def floor_status(floors: Floors) -> List[dict]:
    """Each floor as the board shows it: rooms, staircase, target size, bathroom, complete."""
    fixed = floor_size(floors)
    out = []
    for i, floor in enumerate(floors):
        out.append({
            "floor": i + 1,
            "rooms": list(floor["rooms"]),
            "stairs": floor["stairs"],
            "size": fixed if fixed is not None else (None if i == 0 else len(floors[0]["rooms"])),
            "min_rooms": MIN_ROOMS if i == 0 else len(floors[0]["rooms"]),
            "max_rooms": capacity(floors, i),
            "bathroom": has_bathroom(floor),
            "complete": is_complete(floors, i),
        })
    return out


def bedrooms(floors: Floors) -> int:
    return sum(1 for f in floors for k in f["rooms"] if deck.is_bedroom(k))


def built(floors: Floors) -> List[str]:
    """Every card in the mansion."""
    return [k for f in floors for k in f["rooms"] + ([f["stairs"]] if f["stairs"] else [])]
