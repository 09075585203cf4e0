"""Two tiny games with known best play, for testing the search (not in the registry).

Race to ten: seats take turns adding 1, 2 or 3 to a running total; whoever
makes it exactly 10 wins.  Leaving the total at 2, 6 (or making 10) wins, so
from 5 the only winning move is +1, and from 0 it is +2.

Sealed bids: both seats bid 0 to 3 in secret (a simultaneous round); the
higher bid wins, equal bids share.  Bidding 3 is never worse, so a searcher
that does not peek at the other's sealed bid must still bid 3.
"""
from __future__ import annotations

from typing import List, Optional

from parlour.game import Game, forget_private_log, log
from parlour.rng import Rng, seed_to_state


class RaceToTen(Game):
    id = "test-race"
    title = "Race to ten"
    min_players = max_players = 2

    def _setup(self, state, rng):
        state.update(total=0, turn=0, winner=None)

    def to_move(self, state) -> List[int]:
        return [] if state["winner"] is not None else [state["turn"] % 2]

    def legal_actions(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return [{"type": "add", "n": n} for n in (1, 2, 3) if state["total"] + n <= 10]

    def _apply(self, state, seat, action, rng):
        state["total"] += action["n"]
        log(state, f"{{p{seat}}} adds {action['n']}.")
        if state["total"] == 10:
            state["winner"] = seat
        state["turn"] += 1

    def view(self, state, seat):
        return {k: v for k, v in state.items() if k != "rng"}

    def determinize(self, state, seat, seed):
        return dict(state, rng=seed_to_state(seed))

    def is_over(self, state):
        return state["winner"] is not None

    def result(self, state):
        w = state["winner"]
        return {"winners": [w], "scores": [1 if s == w else 0 for s in range(2)]}


class SealedBids(Game):
    id = "test-bids"
    title = "Sealed bids"
    min_players = max_players = 2

    def _setup(self, state, rng):
        state.update(bids=[None, None], over=False)

    def to_move(self, state) -> List[int]:
        return [] if state["over"] else [s for s in range(2) if state["bids"][s] is None]

    def legal_actions(self, state, seat):
        return [{"type": "bid", "n": n} for n in range(4)] if seat in self.to_move(state) else []

    def _apply(self, state, seat, action, rng):
        state["bids"][seat] = action["n"]
        if None not in state["bids"]:
            state["over"] = True

    def view(self, state, seat: Optional[int]):
        hidden = not state["over"]
        return {"bids": [b if (not hidden or s == seat) else (None if b is None else "sealed")
                         for s, b in enumerate(state["bids"])]}

    def determinize(self, state, seat, seed):
        rng = Rng(seed_to_state(seed))
        out = dict(state, bids=list(state["bids"]))
        if not state["over"]:
            for s in range(2):
                if s != seat and out["bids"][s] is not None:
                    out["bids"][s] = rng.below(4)
        forget_private_log(out, seat)
        out["rng"] = rng.hex()
        return out

    def is_over(self, state):
        return state["over"]

    def result(self, state):
        a, b = state["bids"]
        winners = [0] if a > b else [1] if b > a else [0, 1]
        return {"winners": winners, "scores": [a, b]}
