"""Why a game of Castles ended, and why its winner won (the result screen's sentences)."""
from __future__ import annotations

from ...ending import highest


def ending_text(state: dict) -> str:
    result = state["result"]
    rounds = len(state["finished"])
    ended = (f"All {rounds} rounds are played (each seat started one), and each total adds "
             "every round's score.")
    return f"{ended} {highest(result['winners'], result['scores'], 'total')}"
