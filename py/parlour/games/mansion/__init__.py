"""Mansion: the game object and the names its tests use.

Inside: constants.py (numbers, names, phases) and deck.py (the 80-card plans
deck as data) at the bottom; codes.py (building codes), auction.py (income,
awards, pick order), trade.py (proposals), knowledge.py (who knows which
plans), scoring.py, view.py (views and determinize), refusals.py (why a move is
refused) and policy.py (a greedy player) above them; rules.py (the game) on
top.  Nothing here imports another game.
"""
from .auction import material_awards, payment_order
from .codes import complete_floors, is_complete, places
from .constants import AWARDS, MAX_PROPOSALS, TURNS
from .deck import KINDS, KIND_ORDER, deck_list, new_deck
from .rules import GAME, Mansion, bid_form, sample_bids
from .scoring import bedroom_bonus, floor_bonus, score_floors, winners

__all__ = [
    "AWARDS", "GAME", "KINDS", "KIND_ORDER", "MAX_PROPOSALS", "Mansion", "TURNS", "bedroom_bonus", "bid_form",
    "complete_floors", "deck_list", "floor_bonus", "is_complete", "material_awards", "new_deck", "payment_order",
    "places", "sample_bids", "score_floors", "winners",
]
