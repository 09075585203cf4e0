"""Each seat's likely final score, for Hard's look-ahead (parlour.rollouts) to judge a rollout's last position.

`scoring.estimated_scores` counts only what is built in full, and stock at flat
rates: a rollout a few turns long then reads building a bathroom as a loss
(3 points for four materials and a plan worth as much) and stopping early as
safe, though a floor's bonus comes only from building its rooms one by one.
This estimate adds what the greedy player's own judgement adds: a share of
the working floor's bonus for every room already on it (reached only while
enough turns are left to finish it), a staircase on the top complete floor
as the way up; and it counts stock less as the turns run out (materials,
plans and coins left at the end score nothing).
"""
from __future__ import annotations

from typing import List

from . import codes, deck
from .constants import FLOOR_BONUS, MAX_FLOORS, MIN_ROOMS, OVER, TURNS
from .scoring import score_floors

#: share of the working floor's bonus credited per room already built on it (a floor often stalls)
FLOOR_SHARE = 0.5
#: a staircase on the top complete floor: the next floor may start
STAIRS_CREDIT = 3.0
MATERIAL = 0.4
PLAN = 1.5
COIN = 0.2
#: turns over which stock keeps its full worth (fewer left: less chance to build with it)
STOCK_TURNS = 4.0


def _floor_credit(floors: List[dict], turns_left: int) -> float:
    """A share of the working floor's bonus for the rooms on it, if the turns left could finish it."""
    done = codes.complete_floors(floors)
    if done >= MAX_FLOORS:
        return 0.0
    credit = 0.0
    if done > 0 and floors[done - 1]["stairs"] is not None:
        credit += STAIRS_CREDIT
    if done >= len(floors):
        return credit
    rooms = floors[done]["rooms"]
    size = len(floors[0]["rooms"]) if done > 0 else max(MIN_ROOMS, len(rooms))
    if not rooms or size - len(rooms) > turns_left:
        return credit
    bathroom = 1.0 if codes.has_bathroom(floors[done]) else 0.5
    return credit + FLOOR_SHARE * FLOOR_BONUS[done] * len(rooms) / size * bathroom


def outlook(state: dict) -> List[float]:
    """Each seat's score so far, plus credit for a floor on its way and stock that can still be built."""
    if state["phase"] == OVER:
        return [float(score_floors(me["floors"])["total"]) for me in state["seats"]]
    turns_left = TURNS - state["turn"]
    stock_weight = min(1.0, (turns_left + 0.5) / STOCK_TURNS)
    out = []
    for me in state["seats"]:
        value = float(score_floors(me["floors"])["total"]) + _floor_credit(me["floors"], turns_left + 1)
        stock = me["wood"] + me["marble"] + me["plumbing"]
        plans = 0.0
        for kind in me["hand"]:
            plans += PLAN + (0.5 if deck.is_bedroom(kind) else 0.0)
        value += stock_weight * (MATERIAL * stock + plans + COIN * me["coins"])
        out.append(value)
    return out
