"""What a signature at a network table covers: one definition, shared with js/net/keys.js `messageFields`.

Every seal, bytes, move, commitment and reveal is signed over the table, the
game, the host's key and the deal (the commitment to the host's secret, fixed
when the table opens), the signer's seat and, for a move, its version.  So a
signature made for one table, game, host or deal is worth nothing at another,
and a host cannot carry a signed move from one fork of a table into another.
"""
from __future__ import annotations

from typing import Any, Dict

Context = Dict[str, Any]


def context_of(mine: dict) -> Context:
    """The signing context of a guest's table, from its own record (its welcome's facts)."""
    return {"table": mine["table"], "game": mine["game"], "host_key": mine["host_key"], "deal": mine["commitment"]}


def fields(context: Context, what: str, seat: Any, **rest: Any) -> Dict[str, Any]:
    """The signed fields of one statement, e.g. fields(ctx, "act", 1, version=4, action=...)."""
    return {**context, "what": what, "seat": seat, **rest}
