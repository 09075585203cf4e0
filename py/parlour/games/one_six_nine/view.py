"""What each seat sees of a 169 state, and a state consistent with only that.

Public: the board, every row of offered tiles, gold, card counts, the
discards, pile and deck sizes, whose turn it is.  Private: a seat's own
coordinate cards.  Hidden from all: the deck's order and the pile's order.
`resample_state` redeals exactly those, so that
`view(resample_state(s, seat, k), seat) == view(s, seat)` for every seed k.
"""
from __future__ import annotations

from typing import List, Optional

from ...game import State, clone_state, forget_private_log, log_for
from ...rng import Rng, Seed, seed_to_state
from . import cards
from .board import cells
from .constants import BOARD_SIZE, COST, PHASE_TITLES, TILE_KINDS
from .movement import destinations, preview
from .scoring import castle_counts, castles_to_win, doubled_ids


def _offer(tile_ids: List[int]) -> List[str]:
    """A row of tiles as their kinds, in the order a buy action's "tile" index counts them."""
    return [TILE_KINDS[t] for t in tile_ids]


def make_view(game, state: State, seat: Optional[int]) -> dict:
    n = state["players"]
    board = state["board"]
    doubled = doubled_ids(board)
    phase = state["phase"]
    first = state["first"]
    viewer_moves = phase == "move" and seat is not None and state["current"] == seat
    walled = state["options"]["walled_garden"] == "on"
    grid = cells(board) if viewer_moves else {}
    return {
        "game": game.id,
        "seat": seat,
        "players": n,
        "options": dict(state["options"]),
        "phase": phase,
        "phase_title": PHASE_TITLES[phase],
        "turn": state["turn"],
        "last_turn": int(state["options"]["last_turn"]),
        "first": first,
        "to_move": game.to_move(state),
        "size": BOARD_SIZE,
        "top_rank": cards.top_rank(state["options"]),
        "board": [dict(t) for t in board],
        "doubled": doubled,  # ids of properties a Bureaucrat of their owner stands on (they count twice)
        "offers": [_offer(row) for row in state["offers"]],
        "costs": dict(COST),
        "for_sale": first,
        "buying_order": [(first + k) % n for k in range(n)],
        "gold": list(state["gold"]),
        "hand": None if seat is None else list(state["hands"][seat]),
        "hand_counts": [len(h) for h in state["hands"]],
        "deck": len(state["deck"]),
        "discard": list(state["discard"]),
        "pile": len(state["pile"]),
        "castles": castle_counts(board, n),
        "castles_to_win": castles_to_win(n),
        "buys_left": list(state["buys_left"]),
        "out": list(state["out"]),
        "moved": list(state["moved"]),
        # Walled Garden: seat 0 places where row >= column, seat 1 where row <= column (the diagonal is shared)
        "sides": ["row >= column", "row <= column"] if walled else None,
        # the mover's moves that do something (kill, die, steal, destroy, double), for the board to show
        "move_effects": [
            {"from": [a[0], a[1]], "to": [b[0], b[1]], "effects": codes}
            for a, b in destinations(board, seat, state["moved"]) for codes in [preview(grid, seat, a, b)] if codes
        ] if viewer_moves else None,
        "result": None if state["result"] is None else dict(state["result"]),
        "log": log_for(state, seat),
    }


def resample_state(state: State, seat: Optional[int], seed: Seed) -> State:
    """Redeal what `seat` cannot know: others' hands and the deck order, and the pile order."""
    out = clone_state(state)
    rng = Rng(seed_to_state(seed))
    cards.resample(out, seat, rng)
    out["pile"].sort()  # sorted first: the new order must not depend on the true one
    rng.shuffle(out["pile"])
    forget_private_log(out, seat)
    out["rng"] = rng.hex()
    return out
