"""The moves a look-ahead compares in Mansion (parlour.rollouts), and the likelier worlds it plays them in.

`candidate_actions` starts from the greedy player's own choice (policy.py) and
adds the alternatives that player never weighs against it: other splits of
the same coins (everything, or nothing, on plans; the savings spent or kept;
the most needed material alone), the other plans on display, the other builds
and stopping, the other answer to a trade.  `likely_world` redraws the sealed
bids a determinization draws uniformly (view.resample_state) as the greedy
player would have bid from the hand the determinization dealt: opponents who
bid for what they need are a better forecast than random splits.
"""
from __future__ import annotations

from typing import List

from ...game import Action, State
from ...rng import Rng
from . import deck, policy
from .constants import ANSWERING, BIDDING, BUILDING, DONE, MATERIALS, PICK, PICKING

#: how much of the greedy player's savings a "keep" bid leaves unspent, and a "spend" bid adds
SAVINGS_SHARE = 2


def _bids(state: State, seat: int, rng: Rng) -> List[Action]:
    """The greedy bid, then other splits of the coins: all on plans, nothing on plans, every coin,
    fewer coins, and the most needed material alone."""
    weights, spend = policy.bid_weights(state, seat)
    coins = state["seats"][seat]["coins"]
    out = [policy.split_bid(spend, weights, rng)]
    no_plans = dict(weights, plans=0.0)
    only_plans = {area: (1.0 if area == "plans" else 0.0) for area in weights}
    out.append(policy.split_bid(spend, no_plans, rng))
    out.append(policy.split_bid(coins, weights, rng))
    if state["display"]:
        out.append(policy.split_bid(min(coins, max(1, spend // SAVINGS_SHARE)), only_plans, rng))
    out.append(policy.split_bid(spend // SAVINGS_SHARE, weights, rng))
    neediest = max(MATERIALS, key=lambda m: (weights[m], -MATERIALS.index(m)))
    out.append(policy.split_bid(spend, {area: (1.0 if area == neediest else 0.0) for area in weights}, rng))
    return out


def _picks(state: State, seat: int) -> List[Action]:
    me = state["seats"][seat]
    kinds = sorted(dict.fromkeys(state["display"]),
                   key=lambda k: (-policy.plan_value(k, me["floors"], me["hand"], me), deck.KIND_ORDER.index(k)))
    return [{"type": PICK, "plan": k} for k in kinds]


def _building(game, state: State, seat: int, rng: Rng) -> List[Action]:
    """The greedy choice, then every build by its worth, then stopping."""
    me = state["seats"][seat]
    out = [policy.choose(game, state, seat, rng)]
    builds = game.builds(state, seat)
    worth = [policy.build_value(me["floors"], b["plan"], b["floor"] - 1, state["turn"]) for b in builds]
    for i in sorted(range(len(builds)), key=lambda i: (-worth[i], i)):
        out.append(builds[i])
    out.append({"type": DONE})
    return out


def candidate_actions(game, state: State, seat: int, rng: Rng, k: int) -> List[Action]:
    """Up to k moves for parlour.rollouts to compare, the greedy player's choice first."""
    phase = state["phase"]
    if phase == BIDDING:
        found = _bids(state, seat, rng)
    elif phase == PICKING:
        first = policy.pick(state, seat)
        found = [first] + _picks(state, seat)
    elif phase == ANSWERING:
        first = policy.answer(state, seat)
        found = [first] + [a for a in game.legal_actions(state, seat) if a != first]
    elif phase == BUILDING:
        found = _building(game, state, seat, rng)
    else:
        found = game.legal_actions(state, seat)
    out: List[Action] = []
    for action in found:
        if action not in out:
            out.append(action)
    return out[:k]


def likely_world(state: State, seat: int, rng: Rng) -> None:
    """Replace the sealed bids of the other seats (drawn at random by `determinize`) with the bids
    the greedy player would make from the hands this world dealt them.  In place."""
    if state["phase"] != BIDDING:
        return
    for other, sealed in enumerate(state["bids"]):
        if other != seat and sealed is not None:
            bid = policy.bid(state, other, rng)
            state["bids"][other] = {area: bid[area] for area in bid if area != "type"}
