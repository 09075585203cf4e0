"""Taking back a move: which moves may be undone, decided once for every game.

The policy is Board Game Arena's: a person may take back their own last move
while nobody has acted since and the move revealed nothing hidden.  Whether a
move revealed something is worked out from the contract alone, so no game
needs its own undo code:

- a move that drew on chance (the state's generator moved on: a roll, a draw
  from a shuffled pile) revealed its outcome;
- otherwise, for every seat, imagine the hidden things that seat cannot see
  differently (`determinize`), play the same move there, and compare what the
  seat is shown with what it is really shown.  If the picture differs, the move
  told that seat something it did not know (a face-down tile turned up, the
  last sealed bid opening the round's bids); if the move cannot even be played
  there, it depended on something the seat could not see, which playing it
  showed (a card from a hidden hand laid on the table).

Every probe is seeded, so the answer is the same in CPython and in Pyodide.
"""
from __future__ import annotations

from typing import Any, Dict, Optional

from .errors import ParlourError
from .game import canonical

State = Dict[str, Any]
Action = Dict[str, Any]

#: imagined hidden worlds tried per seat: a reveal between two equally likely
#: outcomes slips through all of them one time in 2**4
PROBES = 4


def undo_refusal(game, before: State, seat: int, action: Action) -> Optional[str]:
    """Why `seat`'s `action` (played on `before`) cannot be taken back, or None when it can."""
    # The log only grows and no rule reads it: comparing the new lines is enough, and
    # dropping the old ones makes every probe several times cheaper in long games.
    before = {**before, "log": []}
    after = game.apply(before, seat, action)
    if game.is_over(after):
        return "The game is over: its result stands."
    if after.get("rng") != before.get("rng"):
        return "That move drew on chance (a roll or a draw), so it cannot be taken back."
    shown: Dict[int, str] = {}
    # the mover first, one probe per seat before the next round: a reveal is usually found at once
    viewers = [seat] + [v for v in range(before["players"]) if v != seat]
    for probe in range(PROBES):
        for viewer in viewers:
            if viewer not in shown:
                shown[viewer] = canonical(game.view(after, viewer))
            world = game.determinize(before, viewer, f"undo:{before.get('ply', 0)}:{viewer}:{probe}")
            try:
                imagined = game.apply(world, seat, action)
            except ParlourError:
                return _revealed(seat, viewer)
            if canonical(game.view(imagined, viewer)) != shown[viewer]:
                return _revealed(seat, viewer)
    return None


def _revealed(seat: int, viewer: int) -> str:
    if viewer == seat:
        return "That move showed you something that was hidden, so it cannot be taken back."
    return f"That move showed {{p{viewer}}} something that was hidden, so it cannot be taken back."
