"""King's Cottage in numbers and names: the houses, the special ranks, the months, the phase titles.

The bottom of the package: the board, scoring, views, refusals and rules all
read these, and this module imports nothing of the game.
"""
from __future__ import annotations

#: The craft houses in the order of the rules' score sheet.
HOUSES = ["crowns", "arms", "suns", "moons"]
NULL = 0
ACE = 1

MONTHS_TO_KING = 2
MONTHS_TO_END = 4
DIE_FACES = 6  # null, ace, 2, 3, 4, 5: the face is the number of movement points
FIRST_ENTRANCE = {"suit": "crowns", "rank": ACE}

PHASE_TITLES = {
    "invest": "Secret investments",
    "turn": "Add a tile, add a coin or roll the die",
    "forced_tile": "A null was rolled: add a tile",
    "place_tile": "Place the tile",
    "place_coin": "Bring the furnishing in",
    "place_king": "The King arrives",
    "move": "Move furnishings or the King",
    "swap": "The King swaps a furnishing",
    "over": "Game over",
}
