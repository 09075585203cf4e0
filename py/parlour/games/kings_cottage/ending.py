"""Why a game of King's Cottage ended, and why its winner won (the result screen's sentences)."""
from __future__ import annotations

from ... import piecepack as pp
from ...ending import highest, signed
from .constants import HOUSES


def ending_text(state: dict) -> str:
    result = state["result"]
    winners, gains, houses = result["winners"], result["scores"], result["detail"]["houses"]
    ended = "The fourth Null tile turned up: the fourth month is over, so the game ended."
    if all(houses[h] == 0 for h in HOUSES):
        return (f"{ended} No room was completed in time, so no house earned anything and every "
                "advisor's profit is 0: everyone shares the win.")
    earned = ", ".join(f"{pp.SUIT_NAMES[h]} {houses[h]}" for h in HOUSES)
    return (f"{ended} The houses earned {earned}; each profit is a player's stakes times those earnings. "
            f"{highest(winners, gains, 'profit', signed)}")
