"""Why a game of Mansion ended, and why its winner won (the result screen's sentences)."""
from __future__ import annotations

from ...ending import highest
from .constants import TURNS


def ending_text(state: dict) -> str:
    result = state["result"]
    ended = (f"The building phase of turn {TURNS}, the last, is over, so every mansion was scored: "
             "the points on its cards, the bedroom bonus and the bonus for complete floors.")
    return f"{ended} {highest(result['winners'], result['scores'], 'total')}"
