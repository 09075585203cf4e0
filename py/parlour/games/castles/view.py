"""What each seat sees of a Castles state, and a state consistent with only that.

`resample_state` redeals exactly what the seat does not know (others' coins,
face-down armies, others' proper tiles, the pile order), so that
`view(resample_state(s, seat, k), seat) == view(s, seat)` for every seed k.
"""
from __future__ import annotations

from typing import Optional

from ... import piecepack as pp
from ...game import State, clone, forget_private_log, log_for
from ...rng import Rng, Seed, seed_to_state
from .constants import MAX_ARMIES_PER_TILE, PHASE_TITLES
from .map import bounds


def make_view(game, state: State, seat: Optional[int]) -> dict:
    """What `seat` sees: the map, face-down armies and proper tiles only to those who know them."""
    over = state["phase"] == "over"
    n = state["players"]
    terrain = state["options"]["terrain"]
    return {
        "game": game.id,
        "seat": seat,
        "players": n,
        "options": dict(state["options"]),
        "suits": pp.SUITS[:n],
        "round": state["round"],
        "rounds": state["rounds"],
        "starter": state["starter"],
        "first_starter": state["first_starter"],
        "phase": state["phase"],
        "phase_title": PHASE_TITLES[state["phase"]],
        "to_move": game.to_move(state),
        "map": {
            "tiles": [dict(t) for t in state["tiles"]],
            "castles": [None if c is None else dict(c) for c in state["castles"]],
            "armies": [dict(pp.shown(a, seat, over), seat=a["seat"], x=a["x"], y=a["y"])
                       for a in state["armies"]],
        },
        "bounds": bounds(state["tiles"]),
        "held": None if state["held"] is None else dict(state["held"]),
        "proper": [None if p is None else pp.shown(p, seat) for p in state["proper"]],
        "piles": [{"owner": k if terrain == "suit" else None, "count": len(p)}
                  for k, p in enumerate(state["piles"])],
        "coins": [pp.shown_group(c, seat, over) for c in state["coins"]],
        "max_armies_per_tile": MAX_ARMIES_PER_TILE,
        "scores": list(state["scores"]),
        "finished": clone(state["finished"]),
        "result": clone(state["result"]),
        "log": log_for(state, seat),
    }

def resample_state(state: State, seat: Optional[int], seed: Seed) -> State:
    """Resample what `seat` cannot see: others' coins, others' proper tiles and pile order."""
    # Copy only what is resampled or trimmed: the rest (map, finished rounds,
    # untouched log lines) is shared with `state`, as nothing edits a state in
    # place (apply works on a copy), and copying it dominated the cost.
    out = dict(state)
    for key in ("coins", "armies", "proper", "piles"):
        out[key] = clone(state[key])  # plain JSON: clone copies it as deepcopy did, several times faster
    rng = Rng(seed_to_state(seed))
    if out["phase"] != "over":  # at the end every army lies face up and no tile is hidden
        coins = [c for reserve in out["coins"] for c in reserve] + out["armies"]
        pp.reshuffle_hidden({"coin": coins}, seat, rng)
        _reshuffle_tiles(out, seat, rng)
    forget_private_log(out, seat)
    out["rng"] = rng.hex()
    return out


def _tile_order(tile: dict) -> tuple:
    return (tile["suit"], tile["rank"], tile.get("known", []))


def _reshuffle_tiles(state: State, seat: Optional[int], rng: Rng) -> None:
    """Resample pile order and the proper tiles `seat` has not seen.

    Every arrangement of the unseen tiles that fits what the seat saw is equally
    likely: a hidden proper tile is one of its owner's unseen tiles, and the
    rest lie in the pile in any order.
    """
    if state["options"]["terrain"] == "suit":
        for pile in state["piles"]:
            pile.sort(key=_tile_order)  # sorted first: the new order must not depend on the true one
            rng.shuffle(pile)
        return
    proper = state["proper"]
    hidden = [k for k, tile in enumerate(proper) if tile is not None and not pp.knows(tile, seat)]
    pool = sorted([(t["suit"], t["rank"]) for t in state["piles"][0]]
                  + [(proper[k]["suit"], proper[k]["rank"]) for k in hidden])  # sorted: independent of the true deal
    for k in hidden:
        mine = [i for i, (suit, _) in enumerate(pool) if suit == pp.SUITS[k]]
        suit, rank = pool.pop(rng.choice(mine))
        proper[k] = pp.make(suit, rank, [k])
    rng.shuffle(pool)
    state["piles"][0] = [pp.make(suit, rank, []) for suit, rank in pool]
