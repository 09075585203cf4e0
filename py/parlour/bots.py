"""Bots written once against the engine contract, so they play every game.

The random bot picks uniformly among the legal actions.  Its randomness is
seeded from the table's seed, the move number and the seat, so a game with bots
replays exactly.
"""
from __future__ import annotations

from typing import Any, Dict

from .rng import Rng


def bot_rng(table_seed: Any, ply: int, seat: int) -> Rng:
    return Rng.from_seed(f"bot:{table_seed}:{ply}:{seat}")


def random_action(game, state: Dict[str, Any], seat: int, rng: Rng) -> Dict[str, Any]:
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action to choose from")
    return legal[rng.below(len(legal))]


BOTS = {"random": random_action}
