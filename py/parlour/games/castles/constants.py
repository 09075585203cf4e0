"""Castles in numbers and names: terrains, the army limit per tile, phase titles, pile names.

The bottom of the package: the map, scoring, views, refusals and rules all
read these, and this module imports nothing of the game.
"""
from __future__ import annotations

TERRAINS = ["standard", "random", "suit"]
#: Most armies (of any seats together) one tile may hold: the text's "Each tile has a 4 army".
MAX_ARMIES_PER_TILE = 4
PHASE_TITLES = {
    "map": "Laying the map",
    "castle": "Building castles",
    "army": "Deploying armies",
    "over": "Game over",
}
PILE_NAMES = {"standard": "the resource pile", "random": "the resource pile", "suit": "your own pile"}
