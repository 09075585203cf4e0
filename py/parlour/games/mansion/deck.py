"""The 80-card Plans deck, as data: each kind's cost, points and what it counts as.

The original rules do not list the deck; this is Parlour's design, tuned by
simulation with greedy bots (tests/mansion_tuning.py; the evidence is in
docs/rules/mansion.md).  Cards of one kind are identical, so a card is just its
kind's name everywhere in states and actions.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

from .constants import MATERIALS

STAIRCASE = "staircase"
BATHROOM = "bathroom"
BEDROOM = "bedroom"

# kind: (label, wood, marble, plumbing, points, copies, counts as)
_TABLE: Tuple[Tuple[str, str, int, int, int, int, int, str], ...] = (
    ("staircase", "Staircase", 2, 1, 0, 2, 13, STAIRCASE),
    ("grand_staircase", "Grand staircase", 1, 3, 0, 6, 4, STAIRCASE),
    ("bathroom", "Bathroom", 1, 1, 2, 3, 14, BATHROOM),
    ("marble_bath", "Marble bath", 0, 3, 2, 7, 5, BATHROOM),
    ("bedroom", "Bedroom", 3, 1, 0, 4, 10, BEDROOM),
    ("master_bedroom", "Master bedroom", 2, 3, 1, 8, 3, BEDROOM),
    ("kitchen", "Kitchen", 1, 2, 2, 6, 5, ""),
    ("dining_room", "Dining room", 2, 2, 0, 5, 5, ""),
    ("living_room", "Living room", 3, 1, 0, 4, 5, ""),
    ("library", "Library", 4, 1, 0, 5, 4, ""),
    ("study", "Study", 2, 0, 0, 2, 2, ""),
    ("ballroom", "Ballroom", 2, 4, 0, 10, 3, ""),
    ("conservatory", "Conservatory", 1, 2, 1, 5, 3, ""),
    ("wine_cellar", "Wine cellar", 2, 2, 1, 6, 2, ""),
    ("indoor_pool", "Indoor pool", 0, 3, 3, 10, 2, ""),
)

#: kind -> {"label", "cost": {material: n}, "points", "copies", "staircase", "bathroom", "bedroom"}
KINDS: Dict[str, dict] = {
    kind: {
        "label": label,
        "cost": dict(zip(MATERIALS, (wood, marble, plumbing))),
        "points": points,
        "copies": copies,
        "staircase": role == STAIRCASE,
        "bathroom": role == BATHROOM,
        "bedroom": role == BEDROOM,
    }
    for kind, label, wood, marble, plumbing, points, copies, role in _TABLE
}

#: Kind names in the deck list's order (staircases, bathrooms, bedrooms, the rest).
KIND_ORDER: List[str] = [row[0] for row in _TABLE]
_PLACE: Dict[str, int] = {kind: i for i, kind in enumerate(KIND_ORDER)}  # KIND_ORDER.index, looked up
DECK_SIZE = 80


def new_deck() -> List[str]:
    """The whole deck, unshuffled, one entry per card."""
    return [kind for kind in KIND_ORDER for _ in range(KINDS[kind]["copies"])]


def deck_list() -> List[dict]:
    """The full deck list as the board shows it (a player may read it at any time).

    Compact, as it is in every view: cost is [wood, marble, plumbing]; role is
    "staircase", "bathroom", "bedroom" or "room".
    """
    return [{"kind": kind, "label": KINDS[kind]["label"], "cost": [KINDS[kind]["cost"][m] for m in MATERIALS],
             "points": KINDS[kind]["points"], "copies": KINDS[kind]["copies"], "role": role(kind)}
            for kind in KIND_ORDER]


def role(kind: str) -> str:
    info = KINDS[kind]
    return next((r for r in (STAIRCASE, BATHROOM, BEDROOM) if info[r]), "room")


def label(kind: str) -> str:
    return KINDS[kind]["label"]


def a_label(kind: str) -> str:
    """'a bathroom', 'an indoor pool'."""
    text = KINDS[kind]["label"].lower()
    return ("an " if text[0] in "aeiou" else "a ") + text


def is_staircase(kind: str) -> bool:
    return KINDS[kind]["staircase"]


def is_bathroom(kind: str) -> bool:
    return KINDS[kind]["bathroom"]


def is_bedroom(kind: str) -> bool:
    return KINDS[kind]["bedroom"]


def cost(kind: str) -> Dict[str, int]:
    return KINDS[kind]["cost"]


def points(kind: str) -> int:
    return KINDS[kind]["points"]


def sort_kinds(kinds: List[str]) -> List[str]:
    """Kinds in the deck list's order (hands are kept sorted: their order tells nothing)."""
    return sorted(kinds, key=_PLACE.__getitem__)


if len(new_deck()) != DECK_SIZE:  # a data error, caught on import rather than mid-game
    raise ValueError(f"the plans deck has {len(new_deck())} cards, not {DECK_SIZE}")
