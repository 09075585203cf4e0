"""A greedy Mansion player: the game's `heuristic_action`, for bots and for playouts.

It looks a few builds ahead from its own hand (within the building codes),
bids for the materials those builds lack and for plans when its hand runs
thin or lacks a bathroom or staircase, picks the most useful plan on display,
builds whatever adds most (points, bonuses, progress towards a complete
floor), proposes a trade for a material it is short of, and accepts a trade
only when its holdings are worth more afterwards.  Deterministic given rng,
and cheap: no search, a handful of code checks per decision.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ...game import Action, clone
from ...rng import Rng
from . import codes, deck, trade
from .constants import (ACCEPT, ANSWERING, AREAS, BID, BIDDING, BUILD, BUILDING, DECLINE, DONE, FLOOR_BONUS,
                        MATERIALS, PICK, PICKING, PROPOSE, TURNS)
from .scoring import bedroom_bonus

LOOKAHEAD = 3
#: Floors the bot aims for hold this many rooms (the fewest builds per floor bonus).
TARGET_ROOMS = 3


def choose(game, state: dict, seat: int, rng: Rng) -> Action:
    phase = state["phase"]
    if phase == BIDDING:
        return bid(state, seat, rng)
    if phase == PICKING:
        return pick(state, seat)
    if phase == ANSWERING:
        return answer(state, seat)
    if phase == BUILDING:
        return build_turn(game, state, seat)
    raise ValueError("no move to choose: the game is over")


# ----- judging plans --------------------------------------------------------------

def build_value(floors: List[dict], kind: str, floor: int, turn: int) -> float:
    """What building `kind` on floor index `floor` is worth now: points, bonuses gained, progress."""
    after = clone(floors)
    codes.add(after, kind, floor)
    done_before, done_after = codes.complete_floors(floors), codes.complete_floors(after)
    value = deck.points(kind) + sum(FLOOR_BONUS[done_before:done_after])
    value += bedroom_bonus(codes.bedrooms(after)) - bedroom_bonus(codes.bedrooms(floors))
    top = floors[floor] if floor < len(floors) else codes.new_floor()
    if deck.is_staircase(kind):
        value += 8 if codes.is_complete(floors, floor) else 3
    else:
        if deck.is_bathroom(kind) and not codes.has_bathroom(top):
            value += 6
        if floor == 0 and len(top["rooms"]) >= TARGET_ROOMS:
            value -= 6 if turn < TURNS - 1 else 0  # a bigger first floor makes every floor bigger
        value += 2
    return value


def lookahead(floors: List[dict], hand: List[str], turn: int) -> List[Tuple[str, int]]:
    """The next few builds from `hand` the bot would make, ignoring materials."""
    floors = clone(floors)
    hand = list(hand)
    plan = []
    for _ in range(LOOKAHEAD):
        best = None
        for kind in dict.fromkeys(hand):
            for i in codes.places(floors, kind):
                value = build_value(floors, kind, i, turn) - 0.3 * sum(deck.cost(kind).values())
                if best is None or value > best[0]:
                    best = (value, kind, i)
        if best is None:
            break
        _, kind, i = best
        codes.add(floors, kind, i)
        hand.remove(kind)
        plan.append((kind, i))
    return plan


def demand(plan: List[Tuple[str, int]]) -> Dict[str, int]:
    need = {m: 0 for m in MATERIALS}
    for kind, _ in plan:
        for m, c in deck.cost(kind).items():
            need[m] += c
    return need


def missing_roles(floors: List[dict], hand: List[str]) -> Dict[str, bool]:
    """Does the bot lack a bathroom or staircase plan for its working floor?"""
    top = max(codes.top_room_floor(floors), 0)
    floor = floors[top] if top < len(floors) else codes.new_floor()
    return {
        "bathroom": not codes.has_bathroom(floor) and not any(deck.is_bathroom(k) for k in hand),
        "staircase": floor["stairs"] is None and not any(deck.is_staircase(k) for k in hand),
    }


def plan_value(kind: str, floors: List[dict], hand: List[str], me: dict) -> float:
    """How much the bot wants one more plan of `kind`."""
    lacking = missing_roles(floors, hand)
    value = 1.0 + deck.points(kind) / 2 - 0.15 * sum(deck.cost(kind).values())
    if deck.is_bathroom(kind) and lacking["bathroom"]:
        value += 5
    if deck.is_staircase(kind) and lacking["staircase"]:
        value += 4
    if deck.is_bedroom(kind):
        value += 1.5
    if deck.is_staircase(kind) and not lacking["staircase"]:
        value -= 2
    if all(me[m] >= c for m, c in deck.cost(kind).items()):
        value += 1
    return value


# ----- the moves --------------------------------------------------------------

def bid(state: dict, seat: int, rng: Rng) -> Action:
    """Coins on each area in proportion to need: materials the next builds lack, plans when short."""
    weights, budget = bid_weights(state, seat)
    return split_bid(budget, weights, rng)


def bid_weights(state: dict, seat: int) -> Tuple[Dict[str, float], int]:
    """How much the bot wants each area (materials its next builds lack, plans when short), and the
    coins it means to spend (about half of any savings, all of them in the last two turns)."""
    me = state["seats"][seat]
    coins = me["coins"]
    plan = lookahead(me["floors"], me["hand"], state["turn"])
    need = demand(plan)
    weights = {m: max(0, need[m] - me[m]) + 0.6 for m in MATERIALS}
    lacking = missing_roles(me["floors"], me["hand"])
    plans = 0.3
    if state["display"]:
        plans += 1.5 * (len(plan) < LOOKAHEAD) + 2 * lacking["bathroom"] + 1.5 * lacking["staircase"]
        plans += 0.5 * (len(me["hand"]) < 4)
    else:
        plans = 0.0
    weights["plans"] = plans
    if state["turn"] >= TURNS:
        weights["plans"] = 0.0
    budget = coins if state["turn"] >= TURNS - 1 else min(coins, 5 + (coins - 5) // 2)
    return weights, budget


def split_bid(budget: int, weights: Dict[str, float], rng: Rng) -> Action:
    """`budget` coins over the areas in proportion to `weights`, the odd coins to the largest remainders."""
    total = 0.0
    for area in AREAS:  # added one by one: sum() of floats is compensated since Python 3.12
        total += weights[area]
    raw = {a: budget * weights[a] / total if total else 0 for a in AREAS}
    out = {a: int(raw[a]) for a in AREAS}
    left = budget - sum(out.values())
    order = sorted(AREAS, key=lambda a: (-(raw[a] - out[a]), rng.below(1000)))
    for a in order[:left]:
        out[a] += 1
    return dict(out, type=BID)


def pick(state: dict, seat: int) -> Action:
    me = state["seats"][seat]
    best = max(dict.fromkeys(state["display"]),
               key=lambda k: (plan_value(k, me["floors"], me["hand"], me), -deck.KIND_ORDER.index(k)))
    return {"type": PICK, "plan": best}


def holdings_value(me: dict, hand: List[str], tokens: Dict[str, int], turn: int) -> float:
    """What a seat's materials, coins and plans are worth to it (for judging trades)."""
    plan = lookahead(me["floors"], hand, turn)
    need = demand(plan)
    value = 0.5 * tokens["coins"]
    for m in MATERIALS:
        value += 1.5 * min(tokens[m], need[m]) + 0.35 * max(0, tokens[m] - need[m])
    wanted = 0.0
    for k in hand:  # added one by one: sum() of floats is compensated since Python 3.12
        wanted += max(0.0, plan_value(k, me["floors"], hand, me))
    value += wanted * 0.8
    return value


def _after(me: dict, gives: Dict[str, object], gets: Dict[str, object]) -> Tuple[List[str], Dict[str, int]]:
    hand = list(me["hand"])
    for k in gives["plans"]:
        hand.remove(k)
    hand += list(gets["plans"])
    tokens = {t: me[t] - gives[t] + gets[t] for t in ("coins",) + MATERIALS}
    return hand, tokens


def answer(state: dict, seat: int) -> Action:
    """Accept only a trade that leaves the bot's holdings worth more to it."""
    t = state["trade"]
    if trade.can_give(state, t["terms"], t["by"], seat) is not None:
        return {"type": DECLINE}
    me = state["seats"][seat]
    terms = t["terms"]
    gives = {i: terms[trade.get_key(seat, i)] for i in trade.ITEMS}
    gets = {i: terms[trade.give_key(seat, i)] for i in trade.ITEMS}
    before = holdings_value(me, me["hand"], {k: me[k] for k in ("coins",) + MATERIALS}, state["turn"])
    hand, tokens = _after(me, gives, gets)
    after = holdings_value(me, hand, tokens, state["turn"])
    return {"type": ACCEPT} if after > before + 0.2 else {"type": DECLINE}


def build_turn(game, state: dict, seat: int) -> Action:
    me = state["seats"][seat]
    if state["proposals"] == 0:
        offer = propose(state, seat)
        if offer is not None:
            return offer
    best: Optional[Tuple[float, Action]] = None
    for action in game.builds(state, seat):
        value = build_value(me["floors"], action["plan"], action["floor"] - 1, state["turn"])
        if best is None or value > best[0]:
            best = (value, action)
    if best is not None and best[0] > 0:
        return best[1]
    return {"type": DONE}


def propose(state: dict, seat: int) -> Optional[Action]:
    """One material the next build lacks, for one more of a material the bot has to spare."""
    me = state["seats"][seat]
    plan = lookahead(me["floors"], me["hand"], state["turn"])
    if not plan:
        return None
    kind = plan[0][0]
    short = {m: deck.cost(kind)[m] - me[m] for m in MATERIALS if deck.cost(kind)[m] > me[m]}
    if not short or sum(short.values()) > 2:
        return None
    need = demand(plan)
    spare = {m: me[m] - need[m] for m in MATERIALS if me[m] - need[m] > 0 and m not in short}
    if not spare:
        return None
    n = state["players"]
    terms = trade.empty_terms(seat, n)
    giving = max(spare, key=lambda m: (spare[m], m))
    if spare[giving] < sum(short.values()) + len(short):
        return None
    for m, count in sorted(short.items()):
        partner = max(trade.others(seat, n), key=lambda s: (state["seats"][s][m], -s))
        if state["seats"][partner][m] < count + 2:
            return None
        terms[trade.get_key(partner, m)] += count
        terms[trade.give_key(partner, giving)] += count + 1
    return dict(terms, type=PROPOSE)
