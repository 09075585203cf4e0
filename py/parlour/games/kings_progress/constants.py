"""The King's Progress in numbers and names: rounds, vetoes, phases and their titles.

The bottom of the package: the rules, the views and the refusals all read
these, and this module imports nothing of the game.
"""
from __future__ import annotations

ROUNDS = 6
START_VETOES = 5
PHASES = ["city", "city_veto", "invest", "invest_veto", "king"]
PHASE_TITLES = {
    "city": "City phase",
    "city_veto": "City veto phase",
    "invest": "Investment phase",
    "invest_veto": "Investment veto phase",
    "king": "The King's progress",
    "over": "Game over",
}
