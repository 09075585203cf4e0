"""Game records: the file a finished or unfinished game is saved, shared and replayed as.

A record holds what it takes to rebuild every position (the engine is
deterministic): game id, options, seed, seats and the list of applied
actions, plus the result so a reader without an engine knows who won.  It is
checked here, outside any game, by replaying it: a record whose actions do not
replay, or whose stated result differs from the replay's, is refused with a
message naming the first thing wrong.  The format is documented in
docs/records.md.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from . import games, levels
from .errors import ParlourError
from .game import canonical, describe

FORMAT = "parlour-record"
FORMAT_VERSION = 1
#: The largest record Parlour reads, in bytes of its JSON text (as a file, and as
#: the page sends it to the engine).  The one limit: js/store/records.js mirrors
#: it, and the facade's request limit (api.MAX_REQUEST_BYTES) is sized from it.
MAX_RECORD_BYTES = 1_000_000
MAX_ACTIONS = 20_000
MAX_NAME = 40
SEAT_KINDS = ("human", "bot", "remote")
#: what a bot seat may name as its level (parlour.levels); records from before levels name none
BOT_LEVELS = tuple(levels.names())


class BadRecord(ParlourError):
    """A record that is malformed, hand-edited into an impossible game, or from another program."""


def _need(record: dict, key: str, kinds: tuple, what: str) -> Any:
    value = record.get(key)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise BadRecord(f"The record's {key!r} is missing or is not {what}.")
    return value


def _seats(record: dict, players_hint: Optional[int]) -> List[dict]:
    seats = _need(record, "seats", (list,), "a list of seats")
    if players_hint is not None and len(seats) != players_hint:
        raise BadRecord(f"The record lists {len(seats)} seats but says {players_hint} players.")
    out = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise BadRecord(f"Seat {i + 1} of the record has no name.")
        kind = seat.get("kind", "human")
        if kind not in SEAT_KINDS:
            raise BadRecord(f"Seat {i + 1} of the record is of an unknown kind {str(kind)[:20]!r}.")
        entry = {"name": seat["name"][:MAX_NAME], "kind": kind}
        level = seat.get("level")
        if level is not None:
            if kind != "bot" or level not in BOT_LEVELS:
                raise BadRecord(f"Seat {i + 1} of the record names an unknown bot level {str(level)[:20]!r}.")
            entry["level"] = level
        out.append(entry)
    return out


def replay(record: Any) -> Dict[str, Any]:
    """Check a record by replaying it; return {"record": normalised record, "states": every state}.

    Raises BadRecord with a message a person understands when anything is wrong.
    """
    if not isinstance(record, dict):
        raise BadRecord("This is not a Parlour game record (it is not a JSON object).")
    if record.get("format") != FORMAT:
        raise BadRecord(f"This is not a Parlour game record (its \"format\" is not {FORMAT!r}).")
    version = record.get("format_version")
    # exactly the number 1: Python takes true (and 1.0) for 1, a record reader must not
    if isinstance(version, bool) or not isinstance(version, int) or version != FORMAT_VERSION:
        raise BadRecord(f"This record's format version {describe(version)[:12]} is not one this Parlour reads "
                        f"(it reads version {FORMAT_VERSION}).")
    game_id = _need(record, "game", (str,), "a game id")
    if game_id not in games.ids():
        raise BadRecord(f"The record is of a game this Parlour does not know: {game_id[:40]!r}.")
    game = games.get(game_id)
    seed = _need(record, "seed", (int, str), "a number or text")
    options = record.get("options") or {}
    if not isinstance(options, dict):
        raise BadRecord("The record's options are not an object.")
    players = record.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise BadRecord("The record's player count is not a number.")
    seats = _seats(record, players)
    actions = _need(record, "actions", (list,), "a list of moves")
    if len(actions) > MAX_ACTIONS:
        raise BadRecord(f"The record has {len(actions)} moves, more than any real game ({MAX_ACTIONS}).")
    try:
        state = game.setup(len(seats), seed, options)
    except ParlourError as exc:
        raise BadRecord(f"The record's game cannot be set up: {exc}") from None
    states = [state]
    kept = []
    for step, entry in enumerate(actions, start=1):
        if not isinstance(entry, dict) or "action" not in entry:
            raise BadRecord(f"Move {step} of the record is not a move.")
        seat, action = entry.get("seat"), entry.get("action")
        try:
            state = game.apply(state, seat, action)
        except ParlourError as exc:
            raise BadRecord(f"Move {step} of the record does not replay: {exc}") from None
        states.append(state)
        kept.append({"seat": seat, "action": action})
    over = game.is_over(state)
    result = game.result(state) if over else None
    stated = record.get("result")
    if stated is not None and (result is None or canonical(stated) != canonical(result)):
        raise BadRecord("The record's result is not what its moves lead to: it has been edited.")
    normal = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "game": game_id, "title": game.title,
        "players": len(seats), "seed": seed, "options": state["options"], "seats": seats,
        "actions": kept, "result": result,
    }
    for key in ("created", "updated", "app"):
        if isinstance(record.get(key), str):
            normal[key] = record[key][:64]
    return {"record": normal, "states": states}


def make(game_id: str, seed: Any, options: dict, seats: List[dict], actions: List[dict],
         result: Optional[dict], **extra: str) -> Dict[str, Any]:
    """A record in the documented shape (used by tests and tools; the app writes the same keys)."""
    record = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "game": game_id, "players": len(seats),
        "seed": seed, "options": options, "seats": seats, "actions": actions, "result": result,
    }
    record.update(extra)
    return record
