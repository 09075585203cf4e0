"""Castles: the game object and the names its tests use.

Inside: constants.py (terrains, limits, titles, pile names) at the bottom;
map.py (grid geometry), piles.py (where a tile comes from), scoring.py (pure
scoring), view.py (views and determinize) and refusals.py (why a move is
refused) above it; rules.py (the game) on top.  Nothing here imports another
game.
"""
from .constants import MAX_ARMIES_PER_TILE, PHASE_TITLES, PILE_NAMES, TERRAINS
from .map import castle_places, map_places
from .piles import pile_for, proper_owners
from .rules import GAME, Castles
from .scoring import army_value, score_seat, winners

__all__ = [
    "Castles", "GAME", "MAX_ARMIES_PER_TILE", "PHASE_TITLES", "PILE_NAMES", "TERRAINS",
    "army_value", "castle_places", "map_places", "pile_for", "proper_owners", "score_seat", "winners",
]
