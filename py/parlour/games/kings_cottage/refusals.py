"""Why a King's Cottage move is refused, in words a player understands.

Kept apart from the rules: `Game.apply` already refuses anything that is not a
legal action; this module only finds the most helpful reason to give.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ... import piecepack as pp
from ...game import describe
from ...wording import count
from . import board
from .constants import ACE, HOUSES
from .scoring import split_problem

Action = Dict[str, Any]


def _hints(state: Dict[str, Any]) -> Dict[str, tuple]:
    points = state["points"]
    return {
        "invest": ({"invest"}, "choose your secret investments: a whole number from -3 to 3 for each house, "
                               "adding up to zero"),
        "turn": ({"draw_tile", "draw_coin", "roll"}, "it is your turn: add a tile (pick a pile), "
                                                     "add a coin (draw from the bag) or roll the die"),
        "forced_tile": ({"draw_tile"}, "you rolled a null, so you must add a tile: pick a pile"),
        "place_tile": ({"place_tile"}, "place the tile you turned up"),
        "place_coin": ({"place_coin"}, "bring the coin you drew in at an entrance (an ace), "
                                       "suit side or value side up"),
        "place_king": ({"place_king"}, "put the King on an entrance (an ace)"),
        "move": ({"move_coin", "move_king", "stop"},
                 f"move a furnishing or the King one room ({points} point{'s' if points != 1 else ''} left), or stop"),
        "swap": ({"swap"}, "the King is in the room you completed: swap one of its furnishings with a coin "
                           "from the King's collection"),
    }


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _room(state: Dict[str, Any], index: Any) -> Optional[dict]:
    rooms = state["rooms"]
    return rooms[index] if _int(index) and 0 <= index < len(rooms) else None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _name(room: dict) -> str:
    return pp.name(room) + (" entrance" if room["rank"] == ACE else "")


def explain_refusal(game, state: Dict[str, Any], seat: int, action: Action) -> str:
    phase, kind = state["phase"], action.get("type")
    allowed, hint = _hints(state)[phase]
    if kind not in allowed:
        return hint[0].upper() + hint[1:] + "."
    reason = {
        "invest": lambda: split_problem(action),
        "draw_tile": lambda: _pile_problem(state, action),
        "draw_coin": lambda: "The bag is empty and there are no scored coins to refill it; "
                             "add a tile or roll the die instead.",
        "place_tile": lambda: _placement_problem(state, action),
        "place_coin": lambda: _entrance_problem(state, action.get("room"), "Furnishings come in")
        or "Choose which face of the coin is up: \"suit\" or \"value\".",
        "place_king": lambda: _entrance_problem(state, action.get("room"), "The King arrives"),
        "move_coin": lambda: _coin_step_problem(state, action),
        "move_king": lambda: _king_step_problem(state, action),
        "swap": lambda: _swap_problem(state, action),
    }.get(kind, lambda: "")()
    return reason or f"That move is not allowed now: {describe(action)}."


def _pile_problem(state: Dict[str, Any], action: Action) -> str:
    suit = action.get("suit")
    if suit not in HOUSES:
        return f"There is no pile called {describe(suit)}; the piles are Crowns, Arms, Suns and Moons."
    if not state["piles"][suit]:
        return f"The {pp.SUIT_NAMES[suit]} pile is empty; pick another pile."
    return ""


def _entrance_problem(state: Dict[str, Any], index: Any, who: str) -> str:
    room = _room(state, index)
    if room is None:
        return f"There is no room {describe(index)} in the cottage."
    if room["rank"] != ACE:
        return f"{who} only at an entrance (an ace); {_name(room)} is not one."
    return ""


def _placement_problem(state: Dict[str, Any], action: Action) -> str:
    rooms, tile = state["rooms"], state["pending_tile"]
    story, x, y = action.get("story"), action.get("x"), action.get("y")
    if story not in (1, 2) or isinstance(story, bool):
        return "A tile goes on the first story (story 1) or the second (story 2); there is no third story."
    if not (_int(x) and _int(y)):
        return "Give the place as whole-number grid coordinates x and y."
    lower, upper = board.lower_map(rooms), board.upper_map(rooms)
    if story == 1:
        if "stairs" in action:
            return "Only a second-story tile has a stairwell; leave it out for the first story."
        if (x, y) in lower:
            return f"{_cap(_name(rooms[lower[(x, y)]]))} is already there."
        return "A first-story room must share an edge with a room already built."
    if tile["rank"] == ACE:
        return "An entrance (an ace) may not go on the second story."
    if (x, y) in upper:
        return f"{_cap(_name(rooms[upper[(x, y)]]))} is already centred there."
    below = [lower.get(cell) for cell in board.cells_under((x, y))]
    for corner, i in zip(board.CORNERS, below):
        if i is None:
            return ("A second-story room must sit square over the point where four first-story rooms meet; "
                    f"there is no room under its {corner} quarter.")
    for i in below:
        if rooms[i]["rank"] == ACE:
            return f"A second-story room may not cover any part of an entrance ({_name(rooms[i])})."
    buried = board.gone_after((x, y), lower, upper)
    if state["king"] in buried:
        return "That would cover the King's room completely; move the King out first or build elsewhere."
    stairs = action.get("stairs")
    if stairs not in board.CORNERS:
        return ("Say which room below holds the stairwell, by the quarter of the tile over it: "
                "\"nw\", \"ne\", \"sw\" or \"se\".")
    target = below[board.CORNERS.index(stairs)]
    if target in buried:
        return (f"The stairwell cannot lead down to {_name(rooms[target])}: this tile would cover that room "
                "completely.")
    return ""


def _locate(state: Dict[str, Any], coin_id: Any) -> Optional[int]:
    for i, room in enumerate(state["rooms"]):
        if any(c["id"] == coin_id for c in room["coins"]):
            return i
    return None


def _step_problem(state: Dict[str, Any], source: int, to: Any, mover: str) -> str:
    rooms = state["rooms"]
    target = _room(state, to)
    if target is None:
        return f"There is no room {describe(to)} in the cottage."
    if target["state"] == board.GONE:
        return f"{_cap(_name(target))} is completely covered and no longer part of the cottage."
    if to == source:
        return f"{'The King is' if mover == 'king' else 'That furnishing is'} already in {_name(target)}."
    if to not in board.neighbours(rooms).get(source, []):
        return (f"{_cap(_name(target))} is not one step from {_name(rooms[source])}: a step goes to a room "
                "sharing an edge on the same story, or up or down a stairwell.")
    if mover == "coin" and target["state"] == board.COMPLETED:
        return f"Furnishings may not enter a completed room ({_name(target)}); only the King may."
    if mover == "coin" and not board.has_space(target):
        size = target["rank"]
        return f"{_cap(_name(target))} is full: a room of size {size} holds at most {count(size, 'furnishing')}."
    return ""


def _coin_step_problem(state: Dict[str, Any], action: Action) -> str:
    coin_id = action.get("coin")
    source = _locate(state, coin_id) if _int(coin_id) else None
    if source is None:
        return f"There is no furnishing #{describe(coin_id)} in the cottage."
    if source == state["king"]:
        return f"Furnishing #{coin_id} is in the King's room and may not leave while he is there."
    return _step_problem(state, source, action.get("to"), "coin")


def _king_step_problem(state: Dict[str, Any], action: Action) -> str:
    if state["king"] is None:
        return "The King has not arrived yet; he comes after the second month (Null tile)."
    return _step_problem(state, state["king"], action.get("to"), "king")


def _ids(items: List[int]) -> str:
    return ", ".join(f"#{i}" for i in items)


def _swap_problem(state: Dict[str, Any], action: Action) -> str:
    room = state["rooms"][state["swap_room"]]
    inside = [c["id"] for c in room["coins"]]
    collection = [m["coin"]["id"] for m in state["months"] if m["coin"] is not None]
    if action.get("coin") not in inside:
        return f"Furnishing {describe(action.get('coin'))} is not in the completed room; choose one of {_ids(inside)}."
    if action.get("with") not in collection:
        return f"Coin {describe(action.get('with'))} is not in the King's collection; choose one of {_ids(collection)}."
    return ""
