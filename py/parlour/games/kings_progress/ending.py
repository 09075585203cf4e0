"""Why a game of The King's Progress ended, and why its winner won (the result screen's sentences)."""
from __future__ import annotations

from ...ending import highest, names


def ending_text(state: dict) -> str:
    result = state["result"]
    winners, scores, how = result["winners"], result["scores"], result["detail"]["decided_by"]
    played = len(state["finished_games"])
    ended = ("After the King's progress of round 6 every coin was turned up and every city scored "
             "(tile × coin, doubled where the King stands, plus the vetoes left).")
    if played > 1:
        ended += f" Both games of the match are over: each total adds the {played} games."
    if how == "highest score":
        return f"{ended} {highest(winners, scores, 'total')}"
    top = max(scores)
    level = [s for s, v in enumerate(scores) if v == top]
    if how == "draw":
        return (f"{ended} {names(level)} tie on {top} and on every tie-break "
                f"(single city, the King's city, vetoes left), so they share the win.")
    return f"{ended} {names(level)} tie on {top}; the tie is broken by the {how}: {names(winners)} wins."
