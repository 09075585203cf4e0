"""Let's Make a Deal: trades of tokens and plans held now, proposed and answered in turn.

Design (docs/rules/mansion.md, "Trading"): in the building phase the seat whose
turn it is may propose a trade, at most MAX_PROPOSALS times a turn.  A proposal
names, for each other seat, what the proposer gives it and what it gives the
proposer (coins, wood, marble, plumbing and plans by kind), so trades between
three or four seats go through the proposer.  Every seat it names answers in
turn, clockwise from the proposer; the trade happens only if all accept, and
one refusal calls it off.  Each other seat may be named in one proposal per
building turn (so a bot never offers a person a second trade, nor the one just
declined, in a turn).  Only what is held now can be named, so no promise of
future goods can be expressed.  A plan's kind is seen only by the proposer and
the seat it goes to or comes from; the others see "a plan".

The proposal is a form (fields give<s>_<item>, get<s>_<item>); `legal_actions`
lists a few one-for-one material swaps so generic tools can trade too.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence

from . import deck
from .constants import MATERIALS, PROPOSE, TOKENS

ITEMS = TOKENS + ("plans",)


def give_key(seat: int, item: str) -> str:
    return f"give{seat}_{item}"


def get_key(seat: int, item: str) -> str:
    return f"get{seat}_{item}"


def others(seat: int, n: int) -> List[int]:
    """The other seats, clockwise from `seat`."""
    return [(seat + k) % n for k in range(1, n)]


def empty_terms(seat: int, n: int) -> Dict[str, object]:
    terms: Dict[str, object] = {}
    for s in others(seat, n):
        for item in ITEMS:
            terms[give_key(s, item)] = [] if item == "plans" else 0
            terms[get_key(s, item)] = [] if item == "plans" else 0
    return terms


def _hand_pool(hand: List[str]) -> dict:
    kinds = deck.sort_kinds(list(dict.fromkeys(hand)))
    return {"name": "hand", "label": "your plans", "choices": kinds, "counts": [hand.count(k) for k in kinds]}


def proposal_form(state: dict, seat: int, offered: Sequence[int] = ()) -> dict:
    """The trade form for `seat`: every field's range from what is held now (all public but hands).

    Players already `offered` a trade this building turn get no section: their fields are fixed at
    nothing (one offer to each player per turn), so a form with no fields left offers no trade."""
    n = state["players"]
    me = state["seats"][seat]
    fields: List[dict] = []
    fixed: Dict[str, object] = {}
    for s in others(seat, n):
        if s in offered:
            fixed.update({key(s, item): ([] if item == "plans" else 0) for key in (give_key, get_key) for item in ITEMS})
            continue
        them = state["seats"][s]
        group = f"{{p{s}}}"
        for item in TOKENS:
            fields.append({"name": give_key(s, item), "label": f"You give {group} {item}", "group": group,
                           "kind": "count", "min": 0, "max": me[item]})
        fields.append({"name": give_key(s, "plans"), "label": f"Plans you give {group}", "group": group,
                       "kind": "pick", "pool": "hand", "min": 0, "max": len(me["hand"])})
        for item in TOKENS:
            fields.append({"name": get_key(s, item), "label": f"{group} gives you {item}", "group": group,
                           "kind": "count", "min": 0, "max": them[item]})
        size = len(them["hand"])
        fields.append({"name": get_key(s, "plans"), "label": f"Plans {group} gives you", "group": group,
                       "kind": "pick", "choices": list(deck.KIND_ORDER),
                       "counts": [min(deck.KINDS[k]["copies"], size) for k in deck.KIND_ORDER],
                       "min": 0, "max": size})
    open_seats = [s for s in others(seat, n) if s not in offered]
    totals = [{"fields": [give_key(s, item) for s in open_seats], "at_most": me[item],
               "label": f"your {item}", "message": f"You would give {{total}} {item} but you hold {{limit}}."}
              for item in TOKENS]
    totals.append({"fields": [f["name"] for f in fields], "at_least": 1, "label": "the trade",
                   "message_least": "Name something to give or to get: the trade is empty."})
    return {"type": PROPOSE, "title": "Propose a trade", "fixed": fixed, "fields": fields, "totals": totals,
            "pools": [_hand_pool(me["hand"])]}


def sample_swaps(state: dict, seat: int) -> List[dict]:
    """A small listed set of proposals: with each other seat, one of the material you hold most
    for one of a different material it holds most (the form describes every other trade)."""
    n = state["players"]
    me = state["seats"][seat]
    out = []
    mine = max(MATERIALS, key=lambda m: me[m])
    if me[mine] == 0:
        return out
    for s in others(seat, n):
        them = state["seats"][s]
        theirs = max((m for m in MATERIALS if m != mine), key=lambda m: them[m])
        if them[theirs] > 0:
            terms = empty_terms(seat, n)
            terms[give_key(s, mine)] = 1
            terms[get_key(s, theirs)] = 1
            out.append(dict(terms, type=PROPOSE))
    return out


def offered_again(action: dict, seat: int, offered: Sequence[int], n: int) -> Optional[int]:
    """The first of the players `offered` a trade this turn that `action` names again, or None.
    Read by truth value only, so a malformed field never raises here (the form refuses it after)."""
    for s in others(seat, n):
        if s in offered and any(action.get(give_key(s, i)) or action.get(get_key(s, i)) for i in ITEMS):
            return s
    return None


def parties(terms: dict, seat: int, n: int) -> List[int]:
    """The seats a proposal names (something goes to or comes from them), clockwise from the proposer."""
    return [s for s in others(seat, n)
            if any(terms[give_key(s, i)] or terms[get_key(s, i)] for i in ITEMS)]


def can_give(state: dict, terms: dict, proposer: int, seat: int) -> Optional[str]:
    """Why `seat` could not hand over its part now, or None."""
    mine = state["seats"][seat]
    for item in TOKENS:
        if mine[item] < terms[get_key(seat, item)]:
            return f"You hold {mine[item]} {item}, not the {terms[get_key(seat, item)]} asked for."
    hand = list(mine["hand"])
    for kind in terms[get_key(seat, "plans")]:
        if kind not in hand:
            return f"You have no {deck.label(kind).lower()} plan to give."
        hand.remove(kind)
    return None


def sees_plans(viewer: Optional[int], proposer: int, seat: int, over: bool = False) -> bool:
    """May `viewer` see the kinds of plans passing between the proposer and `seat`?"""
    return viewer is not None and viewer in (proposer, seat)


def describe(terms: dict, proposer: int, n: int, viewer: Optional[int], named: Optional[List[int]] = None) -> str:
    """The proposal in words, as `viewer` may read it (`named`: its `parties`, when known already)."""
    parts = []
    for s in parties(terms, proposer, n) if named is None else named:
        shown = sees_plans(viewer, proposer, s)
        gives = _goods(terms, give_key, s, shown)
        gets = _goods(terms, get_key, s, shown)
        parts.append(f"{{p{proposer}}} gives {{p{s}}} {gives} for {gets}")
    return "; ".join(parts)


def _goods(terms: dict, key, s: int, shown: bool) -> str:
    bits = []
    for i in TOKENS:
        amount = terms[key(s, i)]
        if amount:
            bits.append(f"{amount} {i}")
    plans = terms[key(s, "plans")]
    if plans:
        if shown:
            bits.append(", ".join(deck.a_label(k) for k in plans) + (" plan" if len(plans) == 1 else " plans"))
        else:
            bits.append(f"{len(plans)} plan{'s' if len(plans) != 1 else ''}")
    return " and ".join(bits) if bits else "nothing"


def terms_view(trade: Optional[dict], n: int, viewer: Optional[int]) -> Optional[dict]:
    """A pending trade as `viewer` may see it (plan kinds hidden from seats not party to them)."""
    if trade is None:
        return None
    proposer, terms = trade["by"], trade["terms"]
    rows = []
    for s in trade["parties"]:
        shown = sees_plans(viewer, proposer, s)
        row = {"seat": s}
        for side, key in (("gets", give_key), ("gives", get_key)):  # what seat s gets, and gives, in it
            goods = {i: terms[key(s, i)] for i in TOKENS}
            plans = terms[key(s, "plans")]
            goods["plans"] = list(plans) if shown else None
            goods["plan_count"] = len(plans)
            row[side] = goods
        rows.append(row)
    return {"by": proposer, "parties": list(trade["parties"]), "waiting": list(trade["waiting"]),
            "accepted": list(trade["accepted"]), "with": rows,
            "text": describe(terms, proposer, n, viewer)}


def move_goods(state: dict, giver: int, taker: int, goods: Dict[str, object]) -> None:
    """Tokens and plans from one seat to another (plans by kind; the caller keeps knowledge)."""
    a, b = state["seats"][giver], state["seats"][taker]
    for item in TOKENS:
        a[item] -= goods[item]
        b[item] += goods[item]
    for kind in goods["plans"]:
        a["hand"].remove(kind)
        b["hand"].append(kind)
    b["hand"] = deck.sort_kinds(b["hand"])
