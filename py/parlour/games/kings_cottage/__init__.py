"""King's Cottage: the game object and the names its tests use.

Inside: constants.py (houses, ranks, months, phase titles) at the bottom;
board.py (the cottage's geometry), coins.py (hidden coin faces), scoring.py
(pure scoring), view.py (views and determinize) and refusals.py (why a move
is refused) above it; rules.py (the game) on top.  Nothing here imports
another game.
"""
from .constants import ACE, HOUSES, MONTHS_TO_END, MONTHS_TO_KING, NULL, PHASE_TITLES
from .rules import GAME, KingsCottage
from .scoring import SPLITS, profits, score_room, split_dict, winners

__all__ = [
    "ACE", "GAME", "HOUSES", "KingsCottage", "MONTHS_TO_END", "MONTHS_TO_KING", "NULL", "PHASE_TITLES",
    "SPLITS", "profits", "score_room", "split_dict", "winners",
]
