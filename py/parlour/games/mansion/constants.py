"""Mansion's fixed numbers and names, at the bottom of the package (imports nothing)."""
from __future__ import annotations

from typing import Dict, List, Tuple

#: Building materials, in the order they are shown and bid on.
MATERIALS: Tuple[str, ...] = ("wood", "marble", "plumbing")
#: The four areas of a bid board.
AREAS: Tuple[str, ...] = ("wood", "marble", "plumbing", "plans")
#: Every kind of token, with the whole supply of each (nothing is made beyond it).
TOKENS: Tuple[str, ...] = ("coins", "wood", "marble", "plumbing")
SUPPLY_EACH = 30
AREA_LABELS: Dict[str, str] = {"wood": "Wood", "marble": "Marble", "plumbing": "Plumbing", "plans": "Plans",
                               "coins": "Coins"}

TURNS = 20
INCOME = 5
START_MATERIALS = 5
HAND_SIZE = 5
DISPLAY_SIZE = 4

#: Material awards by rank, per number of players (a tie takes its rank's value and skips the next).
AWARDS: Dict[int, Tuple[int, ...]] = {2: (4, 1), 3: (4, 3, 1), 4: (4, 3, 2, 1)}

MAX_FLOORS = 5
MIN_ROOMS = 3
MAX_ROOMS = 5
#: Bonus for each complete floor, from the ground floor up (they add up).
FLOOR_BONUS: Tuple[int, ...] = (10, 20, 30, 40, 50)
#: Bedroom bonus by number of bedrooms built; 5 or more score as 4 (docs/rules/mansion.md).
BEDROOM_BONUS: Dict[int, int] = {0: 0, 1: 0, 2: 10, 3: 30, 4: 60}
MAX_BEDROOM_BONUS = 60

#: Trade proposals a seat may make in one building turn (keeps every game finite).
MAX_PROPOSALS = 2

# Action types (plain strings in plain JSON actions).
BID = "bid"
PICK = "pick"
BUILD = "build"
PROPOSE = "propose"
ACCEPT = "accept"
DECLINE = "decline"
DONE = "done"

# Phases.
BIDDING = "bid"
PICKING = "pick"
BUILDING = "build"
ANSWERING = "answer"
OVER = "over"
PHASE_TITLES: Dict[str, str] = {
    BIDDING: "Bidding: everyone bids in secret",
    PICKING: "Plans: the bidders pick from the display",
    BUILDING: "Building",
    ANSWERING: "A trade is on the table",
    OVER: "The mansions are finished",
}

#: Option: how many builds a seat may make in one building turn.
BUILD_OPTIONS: List[str] = ["one", "any"]
