"""169 in numbers and names: the tile set, costs, creature powers, card ranks, limits, titles.

The bottom of the package: every other module reads these, and this module
imports nothing of the game.  Readings of the open points are in
docs/rules/one-six-nine.md.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

#: The board is 13 by 13: a square is named by two card ranks, Ace (1) to King (13).
BOARD_SIZE = 13
#: "It's a Small World": only cards Ace to 9 are dealt, so placing keeps to the 9x9 corner.
SMALL_WORLD_TOP = 9
#: Every rank appears once per suit in a standard deck; suits play no part, so the deck keeps ranks.
SUITS_PER_RANK = 4

START_GOLD = 5
UPKEEP_GOLD = 1
BASE_CARDS = 2
#: Squares a creature may walk in one move; steps onto a Road are free.
MOVE_ALLOWANCE = 3
FARM_PAYOUT = 3
#: Tiles in front of each seat: the number of seats plus this.
OFFER_EXTRA = 3
#: (12 // N) + 1 castles win.
CASTLE_BASE = 12

WALL = "wall"
FARM = "farm"
PIT = "pit"
THIEF = "thief"
MONSTER = "monster"
HERO = "hero"
BUREAUCRAT = "bureaucrat"
ROAD = "road"
MINE = "mine"
CASTLE = "castle"

#: (kind, how many, cost in gold): the text's list, 56 tiles in all (see the rules doc on "60").
TILE_SET: List[Tuple[str, int, int]] = [
    (WALL, 8, 0),
    (FARM, 4, 1),
    (PIT, 4, 2),
    (THIEF, 4, 3),
    (MONSTER, 4, 3),
    (HERO, 4, 3),
    (BUREAUCRAT, 4, 3),
    (ROAD, 4, 3),
    (MINE, 8, 4),
    (CASTLE, 12, 6),
]
COST: Dict[str, int] = {kind: cost for kind, _, cost in TILE_SET}
#: Tile id -> kind; ids are fixed so a tile keeps its identity from pile to board and back.
TILE_KINDS: List[str] = [kind for kind, count, _ in TILE_SET for _ in range(count)]
TILE_COUNT = len(TILE_KINDS)

CREATURES = (THIEF, MONSTER, HERO, BUREAUCRAT)
#: What a Thief steals, a Monster destroys and a Bureaucrat doubles (the text's definition).
PROPERTIES = (ROAD, MINE, CASTLE)
#: Tiles that lie flat on a square; a creature may stand on any of them but a Wall.
FLAT = (WALL, FARM, ROAD, MINE, CASTLE)
#: Squares no creature may enter or cross.
BLOCKING = (WALL, PIT)
#: Who kills whom when one creature ends its move on an enemy creature of another kind.
#: Every pair of different kinds has exactly one killer (tests check this).
KILLS: Dict[str, Tuple[str, ...]] = {
    THIEF: (BUREAUCRAT,),
    MONSTER: (THIEF, BUREAUCRAT),
    HERO: (MONSTER, THIEF),
    BUREAUCRAT: (HERO,),
}

TITLES: Dict[str, str] = {
    WALL: "Wall", FARM: "Farm", PIT: "Pit", THIEF: "Thief", MONSTER: "Monster", HERO: "Hero",
    BUREAUCRAT: "Bureaucrat", ROAD: "Road", MINE: "Gold Mine", CASTLE: "Castle",
}
RANK_NAMES: Dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"}

PHASE_TITLES = {
    "buy": "Buying tiles",
    "move": "Moving creatures",
    "over": "Game over",
}

#: The added ending: the game stops after this turn (most castles then wins).
LAST_TURN_CHOICES = ["20", "30", "40", "60"]
LAST_TURN_DEFAULT = "30"
SWITCH = ["off", "on"]


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def title(kind: str) -> str:
    return TITLES[kind]


def with_article(name: str) -> str:
    """'a Thief', 'a Gold Mine': the indefinite article for a name."""
    return ("an " if name[0] in "AEIOU" else "a ") + name


def article(kind: str) -> str:
    """A tile kind's title with its article."""
    return with_article(TITLES[kind])
