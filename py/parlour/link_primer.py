"""A correspondence link's primer (js/net/link-primer.js): what a seat is shown over a seeded game of random
moves, as text both devices make alike and put in the host's links' compression dictionary.

Why a whole game and not its first position: the first link of each phase (Mansion's first trade, a King's
Cottage stake round, 169's shop) carries legal moves and forms the seat has never been sent, with nothing
earlier to be the change from.  Their labels, names and layout are the same in every game of the title; only
numbers and pieces differ.  So the primer holds the seat's first board and, for each kind of turn met in the
game (which moves and forms it offers), the first turn of that kind.  Seeded (parlour.rng through the random
bot), it is the same text in CPython and in Pyodide, so both devices make the same primer without sending it.
"""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

from . import bots, games
from .game import canonical

#: Any fixed seed: changing it changes every primer (links made across the change no longer unpack).
PRIMER_SEED = "parlour link primer"
#: Characters of the primer: deflate reaches back 32 KB, and the link's own recent messages need room too.
PRIMER_CHARS = 20_000
#: The longest text one kind of turn adds (its end is kept); the first board is kept whole.
TURN_CHARS = 4_000
#: Moves played at most: every title has met its kinds of turn, or filled PRIMER_CHARS, well before (checked
#: for every title at 2 to 4 seats), and a phone makes the primer in a fraction of a second.
MAX_MOVES = 150


def _kind_of_turn(legal: List[Any], forms: List[Any]) -> Tuple:
    """Which kinds of moves and forms a turn offers: its move types and its forms' types and field names."""
    moves = sorted({str(a.get("type")) for a in legal if isinstance(a, dict)})
    offered = sorted(canonical([f.get("type"), sorted(str(x.get("name")) for x in f.get("fields", []) if isinstance(x, dict))])
                     for f in forms if isinstance(f, dict))
    return tuple(moves), tuple(offered)


def link_primer(game_id: str, players: int, options: Optional[dict], seat: int) -> str:
    """The primer's text for `seat` at a table of `game_id` (see the module's docstring)."""
    game = games.get(game_id)
    state = game.setup(players, PRIMER_SEED, options)
    first = canonical({"view": game.view(state, seat), "legal": game.legal_actions(state, seat) if seat in game.to_move(state) else [],
                       "forms": game.forms(state, seat) if seat in game.to_move(state) else []})
    turns: List[str] = []
    seen = set()
    moves = 0
    while not game.is_over(state) and moves < MAX_MOVES:
        movers = game.to_move(state)
        if seat in movers:
            legal, forms = game.legal_actions(state, seat), game.forms(state, seat)
            kind = _kind_of_turn(legal, forms)
            if kind not in seen:
                seen.add(kind)
                turns.append(canonical({"legal": legal, "forms": forms})[-TURN_CHARS:])
        mover = movers[0]
        action = bots.random_action(game, state, mover, bots.bot_rng(PRIMER_SEED, moves, mover))
        state = game.apply(state, mover, action)
        moves += 1
    room = PRIMER_CHARS - len(first)
    kept: List[str] = []
    for text in turns:  # the earliest kinds first: every game meets them
        if len(text) + 1 > room:
            break
        kept.append(text)
        room -= len(text) + 1
    return "\n".join([*kept, first])[-PRIMER_CHARS:]
