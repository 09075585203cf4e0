"""What each seat sees of a King's Progress state, and a state consistent with only that.

`resample_state` redeals exactly what the seat does not know (face-down
coins, the reserves' hidden values), so that
`view(resample_state(s, seat, k), seat) == view(s, seat)` for every seed k.
"""
from __future__ import annotations

import copy
from typing import Optional

from ... import piecepack as pp
from ...game import State, clone_state, forget_private_log, log_for
from ...rng import Rng, Seed, seed_to_state
from .constants import PHASE_TITLES, ROUNDS


def make_view(game, state: State, seat: Optional[int]) -> dict:
    """What `seat` sees: city tiles face up, coins only to the seats that know them (all at the end)."""
    over = state["phase"] == "over"
    kingdoms = []
    for kingdom in state["kingdoms"]:
        kingdoms.append({
            "king": kingdom["king"],
            "cities": [
                {"tile": pp.shown(c["tile"], seat, public=True),
                 "coin": None if c["coin"] is None else pp.shown(c["coin"], seat, over)}
                for c in kingdom["cities"]
            ],
        })
    pending = state["pending"]
    return {
        "game": game.id,
        "seat": seat,
        "players": state["players"],
        "options": dict(state["options"]),
        "game_no": state["game_no"],
        "games_in_match": state["games_in_match"],
        "round": state["round"],
        "rounds": ROUNDS,
        "phase": state["phase"],
        "phase_title": PHASE_TITLES[state["phase"]],
        "chancellor": state["chancellor"],
        "to_move": game.to_move(state),
        "order": list(state["order"]),
        "kingdoms": kingdoms,
        "reserves": [
            {"tiles": pp.shown_group(r["tiles"], seat), "coins": pp.shown_group(r["coins"], seat, over)}
            for r in state["reserves"]
        ],
        "vetoes": list(state["vetoes"]),
        "expanded": list(state["expanded"]),
        "pending": None if pending is None else {
            "city": pending["city"], "coin": pp.shown(pending["coin"], seat)},
        "finished_games": state["finished_games"] and [
            {"game_no": g["game_no"], "lines": copy.deepcopy(g["lines"])} for g in state["finished_games"]],
        "result": copy.deepcopy(state["result"]),
        "log": log_for(state, seat),
    }

def resample_state(state: State, seat: Optional[int], seed: Seed) -> State:
    """A state `seat` cannot tell from this one: every value it has not seen redealt."""
    out = clone_state(state)
    rng = Rng(seed_to_state(seed))
    # Only values the view can hide are resampled: city tiles lie face up and
    # every coin is turned up once the game is over, so those stay put (a
    # spectator knows no piece, so `known` alone would reshuffle them too).
    over = out["phase"] == "over"
    tiles, coins = [], []
    for kingdom in out["kingdoms"]:
        for city in kingdom["cities"]:
            if city["coin"] is not None and not over:
                coins.append(city["coin"])
    for res in out["reserves"]:
        tiles.extend(res["tiles"])
        if not over:
            coins.extend(res["coins"])
    if out["pending"] is not None:
        coins.append(out["pending"]["coin"])
    pp.reshuffle_hidden({"tile": tiles, "coin": coins}, seat, rng)
    forget_private_log(out, seat)
    out["rng"] = rng.hex()
    return out
