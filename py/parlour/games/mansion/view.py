"""What each seat sees of a Mansion state, and a state consistent with only that.

Hidden: other seats' hands (only their size and the cards the viewer knows of),
the deck's order and contents, bids until all are revealed, and the kinds of
plans in a trade the viewer is not party to.  `resample_state` redeals exactly
those, so that `view(resample_state(s, seat, k), seat) == view(s, seat)`.
"""
from __future__ import annotations

from typing import Dict, List, Optional

from ...game import State, clone, clone_state, forget_private_log, log_for
from ...rng import Rng, Seed, seed_to_state
from . import codes, deck, knowledge, trade
from .constants import AREAS, BUILDING, MAX_PROPOSALS, OVER, PHASE_TITLES, TOKENS, TURNS
from .refusals import build_notes
from .scoring import score_floors


PLANS = deck.deck_list()


def make_view(game, state: State, seat: Optional[int]) -> dict:
    n = state["players"]
    over = state["phase"] == OVER
    seats = []
    for s, me in enumerate(state["seats"]):
        own = seat == s or over
        seats.append(dict(
            {t: me[t] for t in TOKENS},
            hand_count=len(me["hand"]),
            hand=list(me["hand"]) if own else None,
            known=None if own else knowledge.known_by(state["known"], s, seat),
            floors=codes.floor_status(me["floors"]),
            score=score_floors(me["floors"]),
            bid_placed=state["bids"][s] is not None,
            bid=clone(state["bids"][s]) if seat == s else None,
        ))
    building = state["phase"] == BUILDING
    one = state["options"]["builds"] == "one"
    return {
        "game": game.id,
        "seat": seat,
        "players": n,
        "options": dict(state["options"]),
        "phase": state["phase"],
        "phase_title": PHASE_TITLES[state["phase"]],
        "turn": state["turn"],
        "turns": TURNS,
        "first": state["first"],
        "to_move": game.to_move(state),
        "current": state["current"] if building or state["phase"] == "answer" else None,
        "builds_left": (max(0, 1 - state["built"]) if one else None) if building else 0,
        # one offer to each other player a turn, at most MAX_PROPOSALS in all
        "proposals_left": (min(MAX_PROPOSALS - state["proposals"], n - 1 - len(set(state.get("offered", []))))
                           if building else 0),
        "offered": list(state.get("offered", [])) if building else [],  # offered a trade this building turn
        "supply": dict(state["supply"]),
        "deck_count": len(state["deck"]),
        "deck_out_turn": state["deck_out_turn"],
        "display": list(state["display"]),
        "pickers": list(state["pickers"]),
        "seats": seats,
        "areas": list(AREAS),
        "auction": clone(state["auction"]),
        "trade": trade.terms_view(state["trade"], n, seat),
        "plans": clone(PLANS),
        "build_notes": (build_notes(game, state, seat)
                        if building and seat is not None and state["current"] == seat else None),
        "result": clone(state["result"]),
        "log": log_for(state, seat),
    }


def _take(pool: List[str], kinds: List[str]) -> None:
    for k in kinds:
        pool.remove(k)


def resample_state(state: State, seat: Optional[int], seed: Seed) -> State:
    """A state `seat` cannot tell from this one: unknown plans, the deck and unrevealed bids redealt."""
    out = clone_state(state)
    rng = Rng(seed_to_state(seed))
    n = out["players"]
    if out["phase"] != OVER:
        hidden: Dict[int, int] = {}
        fixed: Dict[int, List[str]] = {}
        pool = list(out["deck"])
        for s, me in enumerate(out["seats"]):
            if s == seat:
                continue
            keep = []
            hand = list(me["hand"])
            for k in knowledge.known_by(out["known"], s, seat):
                if k in hand:  # always, knowledge being a true lower bound
                    hand.remove(k)
                    keep.append(k)
            fixed[s] = keep
            hidden[s] = len(hand)
            pool += hand
        pool = deck.sort_kinds(pool)
        rng.shuffle(pool)
        for s in fixed:
            dealt, pool = pool[:hidden[s]], pool[hidden[s]:]
            out["seats"][s]["hand"] = deck.sort_kinds(fixed[s] + dealt)
        out["deck"] = pool
        for s, bid in enumerate(out["bids"]):
            if bid is not None and s != seat:
                out["bids"][s] = _random_bid(out["seats"][s]["coins"], rng)
        _resample_trade(out, seat, rng)
    for entry in out["known"]:  # others' private knowledge is not the viewer's to keep
        for key in [k for k in entry if k not in (knowledge.EVERYONE, str(seat))]:
            del entry[key]
    forget_private_log(out, seat)
    out["rng"] = rng.hex()
    return out


def _random_bid(coins: int, rng: Rng) -> Dict[str, int]:
    bid = {}
    left = coins
    for area in AREAS:
        bid[area] = rng.below(left + 1)
        left -= bid[area]
    return bid


def _resample_trade(state: State, seat: Optional[int], rng: Rng) -> None:
    """Plan kinds in a pending trade that `seat` cannot see are redrawn from the (redealt) hands."""
    t = state["trade"]
    if t is None:
        return
    proposer, terms = t["by"], t["terms"]
    spare = list(state["seats"][proposer]["hand"])
    for s in t["parties"]:
        if trade.sees_plans(seat, proposer, s):
            _take(spare, [k for k in terms[trade.give_key(s, "plans")] if k in spare])
    for s in t["parties"]:
        if trade.sees_plans(seat, proposer, s):
            continue
        for key, source in ((trade.give_key(s, "plans"), spare), (trade.get_key(s, "plans"), None)):
            count = len(terms[key])
            if not count:
                continue
            bag = list(source) if source is not None else list(state["seats"][s]["hand"])
            rng.shuffle(bag)
            drawn = bag[:count]
            while len(drawn) < count:
                drawn.append(deck.KIND_ORDER[rng.below(len(deck.KIND_ORDER))])
            if source is not None:
                _take(source, drawn)
            terms[key] = deck.sort_kinds(drawn)
