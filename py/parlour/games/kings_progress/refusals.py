"""Why a King's Progress move is refused, in words a player understands.

Kept apart from the rules: `Game.apply` already refuses anything that is not a
legal action; this module only finds the most helpful reason to give.
"""
from __future__ import annotations

from typing import Any, Dict

from ... import piecepack as pp
from ...game import describe
from .constants import PHASE_TITLES

EXPECTED = {
    "city": ({"place_city"}, "place one of your tiles as the next city of a kingdom not yet grown this phase"),
    "city_veto": ({"veto_city", "pass"}, "veto a city of your own kingdom or pass"),
    "invest": ({"invest"}, "put one of your coins on a city that has no coin"),
    "invest_veto": ({"veto_investment", "pass"}, "veto an investment in your own kingdom or pass"),
    "king": ({"move_king", "veto_king"}, "move your King on or veto its progress"),
}


def _index(value: Any, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _piece(action: Dict[str, Any], kind: str = "") -> str:
    """'the 3 tile of Arms', or the raw fields when they name no piece."""
    suit, rank = action.get("suit"), action.get("rank")
    if suit in pp.SUITS and rank in pp.RANKS and not isinstance(rank, bool):
        return pp.name({"suit": suit, "rank": rank}, kind)
    return f"a {kind or 'piece'} {describe({'suit': suit, 'rank': rank})}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]  # not str.capitalize, which would lower 'Arms'


def explain_refusal(game, state: Dict[str, Any], seat: int, action: Dict[str, Any]) -> str:
    phase, kind = state["phase"], action.get("type")
    n = state["players"]
    res = state["reserves"][seat]
    if phase == "invest_veto" and state["pending"] is not None:
        if kind != "replace_coin":
            return "Choose a coin from your reserve to replace the investment you vetoed."
        if pp.find(res["coins"], action.get("suit"), action.get("rank")) >= 0:
            return f"That move is not allowed now: {describe(action)}."
        return f"You cannot put {_piece(action, 'coin')} there: it is not in your reserve (the vetoed coin cannot go straight back)."
    allowed, hint = EXPECTED[phase]
    if kind not in allowed:
        return f"It is the {game_phase_title(phase)} (round {state['round']}): {hint}."
    if kind in ("veto_city", "veto_investment", "veto_king") and state["vetoes"][seat] == 0:
        return "You have no vetoes left." + (" Your King must move on." if kind == "veto_king" else "")
    if kind in ("place_city", "invest"):
        k = action.get("kingdom")
        if not _index(k, n):
            return f"There is no kingdom {describe(k)} at this table."
        if kind == "place_city" and k in state["expanded"]:
            return f"{{p{k}}}'s kingdom has already grown this phase; choose another kingdom."
    if kind in ("veto_city", "veto_investment", "invest"):
        k = action["kingdom"] if kind == "invest" else seat  # a veto names a city of one's own kingdom
        cities = state["kingdoms"][k]["cities"]
        i = action.get("city")
        if not _index(i, len(cities)):
            return f"That kingdom has no city {describe(i if not isinstance(i, int) else i + 1)}."
        if kind != "invest" and i == state["kingdoms"][k]["king"]:
            return "You cannot veto a city where your King stands."
        if kind == "invest" and cities[i]["coin"] is not None:
            return f"City {i + 1} of {{p{k}}}'s kingdom already holds a coin; each city takes one."
    if kind in ("place_city", "veto_city"):
        if pp.find(res["tiles"], action.get("suit"), action.get("rank")) < 0:
            return f"{_cap(_piece(action, 'tile'))} is not in your reserve."
    if kind == "invest" and pp.find(res["coins"], action.get("suit"), action.get("rank")) < 0:
        return f"{_cap(_piece(action, 'coin'))} is not in your reserve."
    return f"That move is not allowed now: {describe(action)}."


def game_phase_title(phase: str) -> str:
    return PHASE_TITLES[phase].lower().replace("the king's", "King's")
