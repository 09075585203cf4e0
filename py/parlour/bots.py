"""Bots written once against the engine contract, so they play every game.

The random bot picks uniformly among the legal actions; for a game with forms
(docs/ARCHITECTURE.md, "Forms") it fills in a random form half of the time, so
random play reaches the whole space of bids and trades.  Games without forms
get exactly the same choices as before forms existed (no extra draws).  The
heuristic bot asks the game's own `heuristic_action(state, seat, rng)` when it
has one (a greedy player, also used for playouts), and plays randomly otherwise.
The careless bot is that greedy player with a share of random moves (Medium in
King's Cottage).  The lookahead bot (parlour.rollouts) compares that greedy player's best few
moves by playing each out from determinizations: Hard in Mansion and 169.
Randomness is seeded from the table's seed, the move number and the seat, so a
game with bots replays exactly.
"""
from __future__ import annotations

from typing import Any, Dict

from . import rollouts
from .game import sample_form
from .rng import Rng


def bot_rng(table_seed: Any, ply: int, seat: int) -> Rng:
    return Rng.from_seed(f"bot:{table_seed}:{ply}:{seat}")


def random_action(game, state: Dict[str, Any], seat: int, rng: Rng) -> Dict[str, Any]:
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action to choose from")
    forms = game.forms(state, seat)
    if forms and rng.below(2) == 0:
        form = forms[rng.below(len(forms))]
        try:
            action = sample_form(form, rng)
        except ValueError:  # a form nothing can fill in now: fall back on the list
            action = None
        if action is not None and game.form_refusal(state, seat, action, forms) is None:
            return action
    return legal[rng.below(len(legal))]


def heuristic_action(game, state: Dict[str, Any], seat: int, rng: Rng) -> Dict[str, Any]:
    """The game's own greedy choice when it offers one, else a random legal move."""
    own = getattr(game, "heuristic_action", None)
    if own is None:
        return random_action(game, state, seat, rng)
    return own(state, seat, rng)


#: how often the careless player plays a random legal move instead of the greedy one, in moves per hundred,
#: unless the game sets its own (`careless_per_hundred`)
CARELESS_PER_HUNDRED = 25


def careless_per_hundred(game) -> int:
    return int(getattr(game, "careless_per_hundred", CARELESS_PER_HUNDRED))


def careless_action(game, state: Dict[str, Any], seat: int, rng: Rng) -> Dict[str, Any]:
    """The greedy player, who now and then plays a random legal move instead: a level between greedy and
    random play that still plays the game's plan (a search with too few imagined games to see a plan
    plays worse than random in places, and unevenly).  Seeded by `rng` like every bot."""
    if rng.below(100) < careless_per_hundred(game):
        return random_action(game, state, seat, rng)
    return heuristic_action(game, state, seat, rng)


def lookahead_action(game, state: Dict[str, Any], seat: int, rng: Rng) -> Dict[str, Any]:
    """The greedy player's best few moves compared by playing each out from determinizations
    (parlour.rollouts), within the game's count budget (`lookahead`)."""
    return rollouts.choose(game, state, seat, rng)[0]


BOTS = {"random": random_action, "heuristic": heuristic_action, "careless": careless_action,
        "lookahead": lookahead_action}
