"""The JSON facade the browser worker calls: one function, a JSON string in and out.

Tables live here, on the Python side, so the page never holds a full state it
does not need.  Every applied action bumps the table's version; a move sent
against an older version is refused as stale (as in boardgame.io), which keeps
double clicks, slow bots and late network messages from landing twice.

Replies are {"ok": true, ...} or {"ok": false, "error": message, "kind": name};
an unexpected Python exception is reported the same way, so the interface
can show it and carry on.
"""
from __future__ import annotations

import json
import traceback
from typing import Any, Callable, Dict, Optional

from . import bots, games, records
from .errors import BadRequest, ParlourError
from .game import canonical

MAX_REQUEST_BYTES = 1_000_000

_tables: Dict[str, dict] = {}
_counter = [0]


def handle(request: str) -> str:
    """Answer one request; never raises."""
    try:
        if not isinstance(request, str) or len(request) > MAX_REQUEST_BYTES:
            raise BadRequest("Request too large or not text.")
        try:
            message = json.loads(request)
        except ValueError as exc:
            raise BadRequest(f"Request is not valid JSON: {exc}") from None
        if not isinstance(message, dict) or message.get("op") not in OPS:
            raise BadRequest(f"Unknown request {str(message)[:80]!r}.")
        reply = OPS[message["op"]](message)
        reply["ok"] = True
        return json.dumps(reply, separators=(",", ":"))
    except ParlourError as exc:
        return json.dumps({"ok": False, "kind": type(exc).__name__, "error": str(exc)})
    except Exception as exc:  # a bug: report it readably, keep the worker alive
        return json.dumps({
            "ok": False, "kind": "InternalError",
            "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc(limit=8),
        })


def _field(message: dict, name: str, kinds: tuple, optional: bool = False) -> Any:
    value = message.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise BadRequest(f"Field {name!r} is missing or has the wrong type.")
    return value


def _seat(message: dict, table: dict, spectator_ok: bool = False) -> Optional[int]:
    seat = message.get("seat")
    if seat is None and spectator_ok:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table["players"]:
        raise BadRequest(f"No seat {seat!r} at this table.")
    return seat


def _table(message: dict) -> dict:
    table = _tables.get(message.get("table"))
    if table is None:
        raise BadRequest("No such table (it may have been closed).")
    return table


def _open(table: dict) -> str:
    """Keep a table under a fresh id."""
    _counter[0] += 1
    table_id = f"t{_counter[0]}"
    _tables[table_id] = table
    return table_id


def op_games(message: dict) -> dict:
    return {"games": [
        {"id": g.id, "title": g.title, "min_players": g.min_players,
         "max_players": g.max_players, "options": g.options}
        for g in games.all_games()
    ]}


def op_new(message: dict) -> dict:
    """Open a table; with `actions`, replay them (to resume a saved game)."""
    game = games.get(_field(message, "game", (str,)))
    players = _field(message, "players", (int,))
    seed = _field(message, "seed", (int, str))
    options = _field(message, "options", (dict,), optional=True) or {}
    state = game.setup(players, seed, options)
    table = {"game": game, "players": players, "seed": seed, "options": state["options"],
             "state": state, "actions": []}
    for step, entry in enumerate(_field(message, "actions", (list,), optional=True) or []):
        if not isinstance(entry, dict):
            raise BadRequest(f"Saved action {step + 1} is not an object.")
        try:
            table["state"] = game.apply(table["state"], entry.get("seat"), entry.get("action"))
        except ParlourError as exc:
            raise BadRequest(f"Saved action {step + 1} does not replay: {exc}") from None
        table["actions"].append({"seat": entry["seat"], "action": entry["action"]})
    return {"table": _open(table), "version": len(table["actions"]), "options": state["options"]}


def op_view(message: dict) -> dict:
    table = _table(message)
    seat = _seat(message, table, spectator_ok=True)
    return _snapshot(table, seat, with_legal=message.get("legal", True) is not False)


def _snapshot(table: dict, seat: Optional[int], with_legal: bool = True) -> dict:
    """A seat's view; with_legal=False skips its legal moves (a board drawn while others move)."""
    game, state = table["game"], table["state"]
    return dict(_status(table), view=game.view(state, seat),
                legal=game.legal_actions(state, seat) if with_legal and seat is not None else [])


def op_act(message: dict) -> dict:
    table = _table(message)
    seat = _seat(message, table)
    version = _field(message, "version", (int,))
    if version != len(table["actions"]):
        raise BadRequest(f"That move was made on an old position (version {version}, now {len(table['actions'])}).")
    action = message.get("action")
    table["state"] = table["game"].apply(table["state"], seat, action)
    table["actions"].append({"seat": seat, "action": action})
    reply = _status(table)
    if "view" in message:  # the board to draw next, in the same round trip (saves a frame per move)
        viewer = _seat({"seat": message["view"]}, table, spectator_ok=True)
        reply["snapshot"] = dict(_snapshot(table, viewer), seat=viewer)
    return reply


def _turn(game, state: dict) -> dict:
    """Who is to move and, once over, the result: the part of every reply that says where a game stands."""
    over = game.is_over(state)
    return {"to_move": game.to_move(state), "over": over, "result": game.result(state) if over else None}


def _status(table: dict) -> dict:
    return dict(_turn(table["game"], table["state"]), version=len(table["actions"]))


def op_status(message: dict) -> dict:
    """Whose turn it is and whether the game is over, without computing any view."""
    return _status(_table(message))


def op_bot(message: dict) -> dict:
    """Choose (not play) a move for a bot seat."""
    table = _table(message)
    seat = _seat(message, table)
    kind = message.get("bot", "random")
    if kind not in bots.BOTS:
        raise BadRequest(f"No bot called {kind!r}.")
    rng = bots.bot_rng(table["seed"], len(table["actions"]), seat)
    action = bots.BOTS[kind](table["game"], table["state"], seat, rng)
    return {"action": action, "version": len(table["actions"])}


def op_record(message: dict) -> dict:
    table = _table(message)
    game = table["game"]
    over = game.is_over(table["state"])
    return {"record": {
        "game": game.id, "players": table["players"], "seed": table["seed"], "options": table["options"],
        "actions": table["actions"], "result": game.result(table["state"]) if over else None,
    }}


def op_state_hash(message: dict) -> dict:
    import hashlib
    table = _table(message)
    return {"sha256": hashlib.sha256(canonical(table["state"]).encode()).hexdigest()}


def op_open_record(message: dict) -> dict:
    """Check a saved or imported record by replaying it, and open it as a table for the replay viewer."""
    checked = records.replay(message.get("record"))
    record = checked["record"]
    table = {"game": games.get(record["game"]), "players": record["players"], "seed": record["seed"],
             "options": record["options"], "state": checked["states"][-1], "actions": record["actions"],
             "history": checked["states"]}
    return {"table": _open(table), "steps": len(record["actions"]), "record": record}


def op_view_at(message: dict) -> dict:
    """A seat's view after the first `step` actions of a record opened with open_record."""
    table = _table(message)
    history = table.get("history")
    if history is None:
        raise BadRequest("This table was not opened as a record.")
    step = _field(message, "step", (int,))
    if not 0 <= step < len(history):
        raise BadRequest(f"No step {step}: the record has steps 0 to {len(history) - 1}.")
    seat = _seat(message, table, spectator_ok=True)
    game, state = table["game"], history[step]
    return dict(_turn(game, state), step=step, view=game.view(state, seat),
                last=table["actions"][step - 1] if step else None)


def op_simulate(message: dict) -> dict:
    """Random games for the benchmark: how fast this Python plays a game."""
    from .simulate import games_per_second
    game_id = _field(message, "game", (str,))
    games.get(game_id)
    players = _field(message, "players", (int,))
    seconds = min(float(_field(message, "seconds", (int, float))), 30.0)
    return games_per_second(game_id, players, seconds)


def op_close(message: dict) -> dict:
    _tables.pop(message.get("table"), None)
    return {}


OPS: Dict[str, Callable[[dict], dict]] = {
    "games": op_games, "new": op_new, "view": op_view, "act": op_act, "bot": op_bot,
    "record": op_record, "state_hash": op_state_hash, "close": op_close,
    "open_record": op_open_record, "view_at": op_view_at, "simulate": op_simulate,
    "status": op_status,
}


# ----- network play (js/net/): replay checks and QR codes, in parlour.p2p -----

def op_replay_check(message: dict) -> dict:
    """Replay a finished network game and hash one seat's views (fair-dealing check)."""
    from . import p2p
    return p2p.replay_check(message)


def op_qr_svg(message: dict) -> dict:
    """An invite or answer code as an SVG QR code (segno)."""
    from . import p2p
    return p2p.qr_svg(message)


OPS.update({"replay_check": op_replay_check, "qr_svg": op_qr_svg})
