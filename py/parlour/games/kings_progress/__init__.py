"""The King's Progress: the game object and the names its tests use.

Inside: constants.py (rounds, phases, titles) at the bottom; scoring.py (pure
scoring); view.py (views and determinize); refusals.py (why a move is
refused); rules.py (the game) on top.  Nothing here imports another game.
"""
from .constants import PHASE_TITLES, PHASES, ROUNDS, START_VETOES
from .rules import GAME, KingsProgress
from .scoring import TIEBREAKS, city_score, kingdom_score, rank_seats, score_seat

__all__ = [
    "GAME", "KingsProgress", "PHASES", "PHASE_TITLES", "ROUNDS", "START_VETOES",
    "TIEBREAKS", "city_score", "kingdom_score", "rank_seats", "score_seat",
]
