"""Why a Mansion move is refused, in words a player understands.

`Game.apply` already refuses anything that is neither a listed move nor fits a
form; this module only finds the most helpful reason, naming the building code
or the limit a move would break.
"""
from __future__ import annotations

from typing import Any, Dict, Optional

from ...game import describe
from . import codes, deck, trade
from .constants import (ACCEPT, ANSWERING, BID, BIDDING, BUILD, BUILDING, DECLINE, DONE, MATERIALS,
                        MAX_PROPOSALS, PICK, PICKING, PROPOSE)

WHAT_NOW = {
    BIDDING: "Everyone is bidding: set your four bids (wood, marble, plumbing, plans) and seal them.",
    PICKING: "Pick one of the plans on display.",
    BUILDING: "You may build, propose a trade, or end your building turn (done).",
    ANSWERING: "A trade is on the table: accept or decline it.",
}
KINDS_BY_PHASE = {BIDDING: {BID}, PICKING: {PICK}, BUILDING: {BUILD, PROPOSE, DONE}, ANSWERING: {ACCEPT, DECLINE}}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: The fields each listed kind of move carries besides its type (a proposal's are its form's).
FIELDS = {PICK: ("plan",), BUILD: ("plan", "floor"), ACCEPT: (), DECLINE: (), DONE: ()}
SHAPES = {
    PICK: "A pick names one plan on display, by its name: {\"type\": \"pick\", \"plan\": \"kitchen\"}.",
    BUILD: "A build names one plan in hand, by its name, and a floor from 1 up: "
           "{\"type\": \"build\", \"plan\": \"kitchen\", \"floor\": 1}.",
}


def shape_refusal(action: Dict[str, Any]) -> Optional[str]:
    """Why a pick, build or answer is not even shaped like one (a field missing, extra, or of the
    wrong kind: a list or an object where a plan's name goes), or None.  Checked before anything
    looks a value up, so a malformed move from a peer or a record is refused, never a crash."""
    kind = action.get("type")
    if kind not in FIELDS:
        return None
    wanted = FIELDS[kind]
    if set(action) != {"type", *wanted}:
        extra = sorted(str(k) for k in set(action) - {"type", *wanted})
        missing = [k for k in wanted if k not in action]
        what = f"lacks {' and '.join(missing)}" if missing else f"also has {extra[0]!r}, which this move does not take"
        return SHAPES.get(kind, f"{kind.capitalize()} takes nothing else: {{\"type\": \"{kind}\"}}.") \
            + f" This one {what}."
    plan = action.get("plan")
    if "plan" in wanted and not isinstance(plan, str):
        return f"{SHAPES[kind]} The plan given is {_kind_of(plan)}, not a name."
    if "plan" in wanted and plan not in deck.KINDS:
        return f"There is no plan called {_name(plan)}; the deck list shows every kind."
    floor = action.get("floor")
    if "floor" in wanted and (not _whole(floor) or floor < 1):
        return f"The floor must be a whole number, from 1 (the ground floor) up, not {_name(floor)}."
    return None


def _kind_of(value: Any) -> str:
    """A malformed value described by its kind, as a player reading a refusal would say it."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    return f"the number {value!r}" if isinstance(value, (int, float)) else repr(value)[:40]


def explain_refusal(game, state: Dict[str, Any], seat: int, action: Dict[str, Any]) -> str:
    phase, kind = state["phase"], action.get("type")
    if kind not in KINDS_BY_PHASE.get(phase, set()):
        return f"{describe(action)} is not a move now. {WHAT_NOW.get(phase, '')}".strip()
    malformed = shape_refusal(action)
    if malformed:
        return malformed
    if kind == PICK:
        plan = action["plan"]
        if plan not in state["display"]:
            return f"There is no {_name(plan)} plan on display."
    if kind == BUILD:
        return _build_refusal(game, state, seat, action)
    if kind == PROPOSE and state["proposals"] >= MAX_PROPOSALS:
        return f"You have made {MAX_PROPOSALS} trade proposals this turn, the most allowed."
    if kind == PROPOSE:
        offered = state.get("offered", [])
        again = trade.offered_again(action, seat, offered, state["players"])
        if again is not None:
            return (f"You have already offered {{p{again}}} a trade this turn: one offer to each "
                    f"player per building turn.")
        if len(set(offered)) >= state["players"] - 1:
            return "You have offered every other player a trade this turn: one offer to each player per building turn."
    if kind == ACCEPT:
        t = state["trade"]
        why = trade.can_give(state, t["terms"], t["by"], seat)
        if why:
            return f"You cannot accept: {why}"
    return f"That move is not allowed now: {describe(action)}."


def _name(plan: Any) -> str:
    return deck.label(plan).lower() if isinstance(plan, str) and plan in deck.KINDS else repr(plan)[:40]


def _build_refusal(game, state: Dict[str, Any], seat: int, action: Dict[str, Any]) -> str:
    malformed = shape_refusal(action)
    if malformed:
        return malformed
    plan, floor = action["plan"], action["floor"]
    me = state["seats"][seat]
    if plan not in me["hand"]:
        return f"You have no {_name(plan)} plan in hand."
    if state["options"]["builds"] == "one" and state["built"] >= 1:
        return "You have already built this turn: one build per building turn at this table."
    cost = deck.cost(plan)
    short = [f"{cost[m] - me[m]} more {m}" for m in MATERIALS if me[m] < cost[m]]
    if short:
        price = ", ".join(f"{cost[m]} {m}" for m in MATERIALS if cost[m])
        return f"{deck.label(plan)} costs {price}; you need {' and '.join(short)}."
    why = codes.refusal(me["floors"], plan, floor - 1)
    if why:
        return why
    return f"That build is not allowed now: {describe(action)}."


def build_notes(game, state: Dict[str, Any], seat: int) -> Dict[str, Dict[str, Any]]:
    """For each plan kind in `seat`'s hand: the floors it may be built on now, or why it may not.

    The board marks unbuildable cards with the reason, so the player need not
    try a build to learn which code or cost stands in the way.
    """
    me = state["seats"][seat]
    floors_for: Dict[str, list] = {}
    for action in game.builds(state, seat):
        floors_for.setdefault(action["plan"], []).append(action["floor"])
    top = max(codes.top_room_floor(me["floors"]), 0)
    # the floor a player would think of: the top one, or the next once the top is complete
    aim = top + 1 if codes.is_complete(me["floors"], top) else top
    notes = {}
    for kind in dict.fromkeys(me["hand"]):
        if kind in floors_for:
            notes[kind] = {"floors": floors_for[kind], "why": None}
        else:
            why = _build_refusal(game, state, seat, {"type": BUILD, "plan": kind, "floor": aim + 1})
            notes[kind] = {"floors": [], "why": why}
    return notes
