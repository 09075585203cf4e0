"""Why a game of 169 ended, and why its winner won (the result screen's sentences)."""
from __future__ import annotations

from ...ending import names
from ...wording import count


def ending_text(state: dict) -> str:
    result = state["result"]
    winners, counts, detail = result["winners"], result["scores"], result["detail"]
    need, turn, gold = detail["castles_to_win"], detail["turn"], detail["gold"]
    won = counts[winners[0]]
    if detail["decided_by"] == "castles":
        verb = "control" if len(winners) > 1 else "controls"
        return (f"{names(winners)} {verb} {won} castles, the {need} needed to win at once, "
                f"so the game ended on turn {turn}.")
    ended = f"Turn {turn}, the last, is over and nobody reached {need} castles."
    level = [s for s, c in enumerate(counts) if c == won]
    if len(level) == 1:
        return f"{ended} {names(winners)} controls the most castles, {won}."
    if len(winners) == 1:
        return (f"{ended} {names(level)} tie on {count(won, 'castle')}; {names(winners)} has the most gold "
                f"({gold[winners[0]]}) and wins.")
    if len(winners) < len(level):
        return (f"{ended} {names(level)} tie on {count(won, 'castle')}; {names(winners)} also tie on the most gold "
                f"({gold[winners[0]]}) and share the win.")
    return (f"{ended} {names(level)} tie on {count(won, 'castle')} and on "
            f"{gold[winners[0]]} gold, so they share the win.")
