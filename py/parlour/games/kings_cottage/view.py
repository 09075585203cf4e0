"""What each seat sees of a King's Cottage state, and a state consistent with only that.

The view is plain data a renderer draws from alone: every room with its box in
grid units, the cells it lies over, its stairwell and state; coins showing only
the faces the viewer may see.  `resample_state` redeals exactly what the seat
does not know (hidden coin faces, other seats' investments), so that
`view(resample_state(s, seat, k), seat) == view(s, seat)` for every seed k.
"""
from __future__ import annotations

import copy
from typing import Optional

from ...game import State, clone_state, forget_private_log, log_for
from ...rng import Rng, Seed, seed_to_state
from . import board, coins
from .constants import HOUSES, MONTHS_TO_END, MONTHS_TO_KING, PHASE_TITLES
from .scoring import SPLITS, split_dict


def make_view(game, state: State, seat: Optional[int]) -> dict:
    over = state["phase"] == "over"
    rooms = state["rooms"]
    lower, upper = board.lower_map(rooms), board.upper_map(rooms)
    adj = board.neighbours(rooms)
    room_views = []
    for i, room in enumerate(rooms):
        entrance = board.is_entrance(room)
        room_views.append(dict({
            "id": i,
            "story": room["story"],
            "x": room["x"],
            "y": room["y"],
            "suit": room["suit"],
            "rank": room["rank"],
            "entrance": entrance,
            "capacity": None if entrance else room["rank"],
            "state": room["state"],
            "can_complete": board.can_complete(rooms, i, upper),
            "coins": [coins.seen(c, seat) for c in room["coins"]],
            "king": state["king"] == i,
            "neighbours": adj.get(i, []),
        }, **board.shape(rooms, i, upper, lower)))
    pending = state["pending_coin"]
    return {
        "game": game.id,
        "seat": seat,
        "players": state["players"],
        "phase": state["phase"],
        "phase_title": PHASE_TITLES[state["phase"]],
        "to_move": game.to_move(state),
        "current": None if state["phase"] in ("invest", "over") else state["current"],
        "first": state["first"],
        "investments": [copy.deepcopy(stakes) if over or s == seat else None
                        for s, stakes in enumerate(state["investments"])],
        "invested": [stakes is not None for stakes in state["investments"]],
        "houses_order": list(HOUSES),
        "board": {"rooms": room_views, "extent": board.extent(rooms)},
        "king": state["king"],
        "piles": {h: len(state["piles"][h]) for h in HOUSES},
        "bag": len(state["bag"]),
        "scored": [coins.seen(c, seat, public=True) for c in state["scored"]],
        "months": [{"month": k + 1, "suit": m["suit"],
                    "coin": None if m["coin"] is None else coins.seen(m["coin"], seat)}
                   for k, m in enumerate(state["months"])],
        "months_to_king": MONTHS_TO_KING,
        "months_to_end": MONTHS_TO_END,
        "houses": dict(state["houses"]),
        "die": state["die"],
        "points": state["points"],
        "pending_tile": copy.deepcopy(state["pending_tile"]),
        "pending_coin": None if pending is None else coins.seen(pending, seat),
        "swap_room": state["swap_room"],
        "result": copy.deepcopy(state["result"]),
        "log": log_for(state, seat),
    }


def resample_state(state: State, seat: Optional[int], seed: Seed) -> State:
    """A state `seat` cannot tell from this one: unknown coin faces and others' stakes redealt."""
    out = clone_state(state)  # the log is shared: forget_private_log replaces entries, never edits them
    rng = Rng(seed_to_state(seed))
    coins.resample(coins.every_coin(out), seat, rng)
    coins.sort_bag(out["bag"])
    if out["phase"] != "over":
        for s, stakes in enumerate(out["investments"]):
            if stakes is not None and s != seat:
                out["investments"][s] = split_dict(rng.choice(SPLITS))
    forget_private_log(out, seat)
    out["rng"] = rng.hex()
    return out
