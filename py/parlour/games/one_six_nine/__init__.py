"""169: the game object and the names its tests use.

Inside: constants.py (tiles, costs, powers, ranks, titles) at the bottom;
board.py (squares and what may be dropped on what), cards.py (the deck and
hands), movement.py (reach and what happens where a creature stops) and
scoring.py (control, income, winners) above it; view.py (views and
determinize), refusals.py (why a move is refused) and policy.py (the greedy
bot) above those; rules.py (the game) on top.  Nothing here imports another
game.
"""
from .constants import COST, KILLS, TILE_COUNT, TILE_KINDS, TILE_SET
from .movement import fight, reach
from .rules import GAME, OneSixNine
from .scoring import castles_of, castles_to_win, final_winners

__all__ = [
    "COST", "GAME", "KILLS", "OneSixNine", "TILE_COUNT", "TILE_KINDS", "TILE_SET",
    "castles_of", "castles_to_win", "fight", "final_winners", "reach",
]
