"""Why a Castles move is refused, in words a player understands.

Kept apart from the rules: `Game.apply` already refuses anything that is not a
legal action; this module only finds the most helpful reason to give.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ... import piecepack as pp
from ...game import describe
from .constants import MAX_ARMIES_PER_TILE, PILE_NAMES
from .map import FIRST_PLACE, by_place, coins_at, neighbours
from .piles import pile_for

HINTS = {
    "castle": "build your castle on a tile of your own suit that has no castle",
    "army": "deploy one of your armies on a tile holding fewer than four armies",
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _place(action: Dict[str, Any]) -> Optional[Tuple[int, int]]:
    x, y = action.get("x"), action.get("y")
    return (x, y) if _whole(x) and _whole(y) else None


def explain_refusal(state: Dict[str, Any], seat: int, action: Dict[str, Any]) -> str:
    phase, kind = state["phase"], action.get("type")
    if phase == "map":
        return _map_refusal(state, seat, action)
    if kind != {"castle": "castle", "army": "deploy"}[phase]:
        return f"It is time to {HINTS[phase]}."
    place = _place(action)
    if place is None:
        return "Choose a square of the map: x and y must be whole numbers."
    tile = by_place(state["tiles"]).get(place)
    if tile is None:
        return "There is no tile there."
    tile_name = pp.name(tile, "tile")
    if phase == "castle":
        suit = pp.SUIT_NAMES[pp.SUITS[seat]]
        if tile["suit"] != pp.SUITS[seat]:
            return f"Your castle must stand on {pp.article(suit)} tile; {tile_name} is not yours."
        return f"That move is not allowed now: {describe(action)}."
    rank = action.get("rank")
    if not _whole(rank) or rank not in pp.RANKS:
        return f"There is no army of rank {describe(rank)}; ranks run from 0 (null) to 5."
    if pp.find(state["coins"][seat], pp.SUITS[seat], rank) < 0:
        return f"Your {pp.RANK_NAMES[rank]} army is already on the map."
    if coins_at(state["armies"], place) >= MAX_ARMIES_PER_TILE:
        return f"{tile_name.capitalize()} already holds {MAX_ARMIES_PER_TILE} armies, the most a tile can take."
    return f"That move is not allowed now: {describe(action)}."


def _map_refusal(state: Dict[str, Any], seat: int, action: Dict[str, Any]) -> str:
    kind = action.get("type")
    terrain = state["options"]["terrain"]
    held = state["held"]
    pile_name = PILE_NAMES[terrain]
    if held is not None:
        if kind != "place":
            return f"You hold {pp.name(held, 'tile')}; lay it on the map first."
        place = _place(action)
        if place is None:
            return "Choose a square of the map: x and y must be whole numbers."
        tiles = by_place(state["tiles"])
        if place in tiles:
            return f"{pp.name(tiles[place], 'tile').capitalize()} already lies there."
        if not tiles and place != FIRST_PLACE:
            return f"The first tile of the map goes on the centre square {FIRST_PLACE}."
        if tiles and not any(n in tiles for n in neighbours(*place)):
            return "A tile must share an edge with a tile already on the map."
        return f"That move is not allowed now: {describe(action)}."
    if kind == "place":
        return f"Take a tile first: draw from {pile_name}" + (" or take a proper tile." if terrain == "standard" else ".")
    if kind == "draw":
        if not pile_for(state, seat):
            return f"{pile_name.capitalize()} is empty; lay a proper tile instead."
        return f"That move is not allowed now: {describe(action)}."
    if kind == "take_proper":
        if terrain != "standard":
            return f"There are no proper tiles in the {terrain} terrain game; draw from {pile_name}."
        owner = action.get("owner")
        if not _whole(owner) or not 0 <= owner < state["players"]:
            return f"There is no seat {describe(owner)} at this table."
        if state["proper"][owner] is None:
            return "Your proper tile is already on the map." if owner == seat else \
                f"{{p{owner}}}'s proper tile is already on the map."
        if owner != seat and pile_for(state, seat):
            return "You may take another seat's proper tile only once the resource pile is empty."
        return f"That move is not allowed now: {describe(action)}."
    how = "draw a tile from " + pile_name + (" or take a proper tile" if terrain == "standard" else "")
    return f"The map is still being laid: {how}, then lay it next to a tile already on the map."
