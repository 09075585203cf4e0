"""The JSON facade the browser worker calls: one function, a JSON string in and out.

Tables live here, on the Python side, so the page never holds a full state it
does not need.  Every applied action bumps the table's version; a move sent
against an older version is refused as stale (as in boardgame.io), which keeps
double clicks, slow bots and late network messages from landing twice.

Replies are {"ok": true, ...} or {"ok": false, "error": message, "kind": name};
an unexpected Python exception is reported the same way, so the interface
can show it and carry on.  Every op checks its whole request before it changes
anything, so a refused request leaves every table as it was.
"""
from __future__ import annotations

import hashlib
import json
import re
import reprlib
import traceback
from typing import Any, Callable, Dict, Optional

from . import bots, games, levels, records
from .errors import BadRequest, IllegalAction, ParlourError
from .game import canonical
from .undo import undo_refusal

#: Characters in one request: any record the page accepts (records.MAX_RECORD_BYTES)
#: fits in an open_record request, with room for the request around it.
MAX_REQUEST_BYTES = records.MAX_RECORD_BYTES + 1_000
#: Deepest nesting of [] and {} a request may have.  Real requests need under 10
#: (a record's result detail is the deepest); json.loads on deeply nested text
#: overflows the WebAssembly stack in Pyodide, which kills the worker.
MAX_NESTING = 64
#: Longest error message sent back: messages may quote what was sent.
MAX_ERROR_CHARS = 1_000
#: States kept per table, the last ones before each move: for taking a move back and for
#: stepping back through the last moves (older ones are replayed from the start).
KEPT_STATES = 32

_tables: Dict[str, dict] = {}
_counter = [0]


def handle(request: str) -> str:
    """Answer one request; never raises."""
    try:
        message = _parse(request)
        op = message.get("op")
        if not isinstance(op, str) or op not in OPS:
            raise BadRequest(f"Unknown request {_show(op)}.")
        reply = OPS[op](message)
        reply["ok"] = True
        return json.dumps(reply, separators=(",", ":"))
    except ParlourError as exc:
        return json.dumps({"ok": False, "kind": type(exc).__name__, "error": str(exc)[:MAX_ERROR_CHARS]})
    except Exception as exc:  # a bug: report it readably, keep the worker alive
        return json.dumps({
            "ok": False, "kind": "InternalError",
            "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc(limit=8),
        })


def _parse(request: Any) -> dict:
    """The request as an object; size and nesting are checked before json.loads ever sees it."""
    if not isinstance(request, str):
        raise BadRequest("The request is not text.")
    if len(request) > MAX_REQUEST_BYTES:
        raise BadRequest(f"The request is too large ({len(request):,} characters; the most is {MAX_REQUEST_BYTES:,}).")
    if request.count("[") + request.count("{") > MAX_NESTING:  # only then can it be nested too deeply
        check_nesting(request, MAX_NESTING)
    try:
        message = json.loads(request, parse_constant=_no_constant)
    except ValueError as exc:
        raise BadRequest(f"The request is not valid JSON: {exc}") from None
    if not isinstance(message, dict):
        raise BadRequest("The request is not a JSON object.")
    return message


def _no_constant(name: str) -> Any:
    """NaN and Infinity are not JSON; json.loads accepts them unless told not to."""
    raise BadRequest(f"The request is not valid JSON: {name} is not a number JSON allows.")


# Bytes json.loads skips, or reads only inside strings: every byte but [ ] { } and ".
_NOT_STRUCTURE = bytes(sorted(set(range(256)) - set(b'[]{}"')))
_ONE_KIND = bytes.maketrans(b"{}", b"[]")
_QUOTED = re.compile(rb'"[^"]*"')


def check_nesting(text: str, limit: int) -> None:
    """Refuse text nested more than `limit` deep in [] and {}, without parsing it.

    Why not just parse: json.loads recurses once per level, and in Pyodide a few
    thousand levels overflow the WebAssembly stack, a crash no except can catch.
    Only C-speed bytes operations are used (about 4 ms for a 1 MB request in
    CPython).  Escaped backslashes and quotes go first, then every byte but
    brackets and quotes, then the strings (brackets in them are text); what is
    left is brackets only, and each pass of removing the innermost "[]" pairs
    peels off one level.  Exact for valid JSON; for invalid JSON it can only
    refuse text json.loads would have refused anyway.
    """
    data = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    data = data.translate(None, _NOT_STRUCTURE).replace(b'""', b"")  # an empty string, or two strings joined
    if b'"' in data:
        data = _QUOTED.sub(b"", data)
    data = data.translate(_ONE_KIND)
    too_deep = BadRequest(f"The request is nested too deeply (more than {limit} levels).")
    if b"[" * (limit + 1) in data:
        raise too_deep
    for _ in range(limit):
        if not data:
            return
        peeled = data.replace(b"[]", b"")
        if len(peeled) == len(data):
            raise BadRequest("The request is not valid JSON: its brackets do not match.")
        data = peeled
    if data:
        raise too_deep


def _show(value: Any) -> str:
    """A short rendering of something a request sent, for a message (it may be huge)."""
    return reprlib.repr(value)


def _field(message: dict, name: str, kinds: tuple, optional: bool = False) -> Any:
    """message[name] if it is one of `kinds` (true and false are not numbers here)."""
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
        raise BadRequest(f"No seat {_show(seat)} at this table.")
    return seat


def _table(message: dict) -> dict:
    table_id = message.get("table")
    table = _tables.get(table_id) if isinstance(table_id, str) else None
    if table is None:
        raise BadRequest("No such table (it may have been closed).")
    return table


def _game(message: dict):
    """The game named by message["game"]; checked here so a long name is not quoted whole."""
    game_id = message.get("game")
    if not isinstance(game_id, str) or game_id not in games.ids():
        raise BadRequest(f"No game called {_show(game_id)}; known games: {', '.join(games.ids())}.")
    return games.get(game_id)


def _open(table: dict) -> str:
    """Keep a table under a fresh id."""
    _counter[0] += 1
    table_id = f"t{_counter[0]}"
    _tables[table_id] = table
    return table_id


def op_games(message: dict) -> dict:
    """The catalogue (also written to dist/games.json at build time, so the lobby needs no Python).

    `pitch`, `length` and `special` are the lobby card's lines; an option's
    `choice_players` says at which player counts a choice may be offered."""
    return {"games": [
        {"id": g.id, "title": g.title, "min_players": g.min_players,
         "max_players": g.max_players, "options": g.options,
         "pitch": getattr(g, "pitch", ""), "length": getattr(g, "length", ""), "special": getattr(g, "special", ""),
         "bot_levels": [{"id": name, "help": levels.describe(g, name), "iterations": levels.iterations(g, name)}
                        for name in levels.DESCRIPTIONS]}
        for g in games.all_games()
    ]}


def op_new(message: dict) -> dict:
    """Open a table; with `actions`, replay them (to resume a saved game)."""
    game = _game(message)
    players = _field(message, "players", (int,))
    seed = _field(message, "seed", (int, str))
    options = _field(message, "options", (dict,), optional=True) or {}
    saved = _field(message, "actions", (list,), optional=True) or []
    for step, entry in enumerate(saved):
        if not isinstance(entry, dict):
            raise BadRequest(f"Saved action {step + 1} is not an object.")
    state = game.setup(players, seed, options)
    table = {"game": game, "players": players, "seed": seed, "options": state["options"],
             "state": state, "actions": []}
    kept: list = []
    for step, entry in enumerate(saved):
        try:
            after = game.apply(table["state"], entry.get("seat"), entry.get("action"))
        except ParlourError as exc:
            raise BadRequest(f"Saved action {step + 1} does not replay: {exc}") from None
        kept.append(table["state"])
        del kept[:-KEPT_STATES]
        table["state"] = after
        table["actions"].append({"seat": entry["seat"], "action": entry["action"]})
    table["before"] = kept
    return {"table": _open(table), "version": len(table["actions"]), "options": state["options"]}


def op_view(message: dict) -> dict:
    table = _table(message)
    seat = _seat(message, table, spectator_ok=True)
    with_legal = _field(message, "legal", (bool,), optional=True)
    snapshot = _snapshot(table, seat, with_legal=with_legal is not False)
    if _field(message, "hash", (bool,), optional=True):
        # the view's SHA-256 as a network event carries it: spelled here once, not again in JavaScript
        snapshot["view_hash"] = hashlib.sha256(canonical(snapshot["view"]).encode()).hexdigest()
    return snapshot


def _snapshot(table: dict, seat: Optional[int], with_legal: bool = True) -> dict:
    """A seat's view; with_legal=False skips its legal moves (a board drawn while others move).

    `forms` are the seat's forms (moves with numeric or chosen parts, such as a
    bid) beside its listed moves, for the board to draw; [] for most games.
    """
    game, state = table["game"], table["state"]
    asked = with_legal and seat is not None
    return dict(_status(table), view=game.view(state, seat),
                legal=game.legal_actions(state, seat) if asked else [],
                forms=game.forms(state, seat) if asked else [])


def _current_version(message: dict, table: dict, what: str) -> None:
    """Refuse a request made on an older position than the table's (stale or doubled)."""
    version = _field(message, "version", (int,))
    if version != len(table["actions"]):
        raise BadRequest(f"That {what} was made on an old position (version {_show(version)}, "
                         f"now {len(table['actions'])}).")


#: no board asked with the reply (None is a spectator's board)
_NO_VIEW = object()


def _viewer(message: dict, table: dict) -> Any:
    """The seat whose board comes back with the reply (`view`), checked; _NO_VIEW when none is asked."""
    return _seat({"seat": message["view"]}, table, spectator_ok=True) if "view" in message else _NO_VIEW


def _reply(table: dict, viewer: Any) -> dict:
    """The table's status and, when asked, the board to draw next in the same round trip (saves a frame)."""
    reply = _status(table)
    if viewer is not _NO_VIEW:
        reply["snapshot"] = dict(_snapshot(table, viewer), seat=viewer)
    return reply


def op_act(message: dict) -> dict:
    """Play one move; every field is checked before the table changes."""
    table = _table(message)
    seat = _seat(message, table)
    _current_version(message, table, "move")
    viewer = _viewer(message, table)
    action = message.get("action")
    before = table["state"]
    table["state"] = table["game"].apply(before, seat, action)  # refuses, changing nothing
    table["actions"].append({"seat": seat, "action": action})
    kept = table.setdefault("before", [])
    kept.append(before)
    del kept[:-KEPT_STATES]
    return _reply(table, viewer)


def _state_at(table: dict, step: int) -> dict:
    """The state after the table's first `step` actions: the current one, a kept one (the last
    KEPT_STATES, or a record's history), or replayed from the seed (the engine is deterministic)."""
    history = table.get("history")
    if history is not None:
        return history[step]
    played = len(table["actions"])
    if step == played:
        return table["state"]
    kept = table.get("before") or []
    if played - step <= len(kept):
        return kept[step - played]
    game = table["game"]
    state = game.setup(table["players"], table["seed"], table["options"])
    for entry in table["actions"][:step]:
        state = game.apply(state, entry["seat"], entry["action"])
    return state


def _previous_state(table: dict) -> dict:
    """The state before the table's last move (kept, or replayed from the start)."""
    return _state_at(table, len(table["actions"]) - 1)


def _undo_refusal(table: dict, seat: int) -> Optional[str]:
    """Why `seat` may not take back the table's last move now (None: it may); see parlour.undo."""
    if table.get("history") is not None:
        return "A replay cannot be changed."
    if not table["actions"]:
        return "No move has been made yet."
    if table["actions"][-1]["seat"] != seat:
        return "Only your own last move can be taken back, and only before anyone else moves."
    last = table["actions"][-1]["action"]
    return undo_refusal(table["game"], _previous_state(table), seat, last)


def op_can_undo(message: dict) -> dict:
    """Whether `seat` may take back the last move (the table offers Undo only then), and why not."""
    table = _table(message)
    refusal = _undo_refusal(table, _seat(message, table))
    return {"undo": refusal is None, "reason": refusal, "version": len(table["actions"])}


def op_undo(message: dict) -> dict:
    """Take back `seat`'s own last move (tables on one device only: never offered at a network table)."""
    table = _table(message)
    seat = _seat(message, table)
    _current_version(message, table, "undo")
    viewer = _viewer(message, table)
    refusal = _undo_refusal(table, seat)
    if refusal is not None:
        raise IllegalAction(refusal)
    table["state"] = _previous_state(table)
    table["actions"].pop()
    if table.get("before"):
        table["before"].pop()
    return _reply(table, viewer)


def _turn(game, state: dict) -> dict:
    """Who is to move and, once over, the result: the part of every reply that says where a game stands."""
    over = game.is_over(state)
    reply = {"to_move": game.to_move(state), "over": over, "result": game.result(state) if over else None}
    if over:
        reply["ending"] = game.ending(state)
    return reply


def _status(table: dict) -> dict:
    return dict(_turn(table["game"], table["state"]), version=len(table["actions"]))


def op_status(message: dict) -> dict:
    """Whose turn it is and whether the game is over, without computing any view."""
    return _status(_table(message))


def op_bot(message: dict) -> dict:
    """Choose (not play) a move for a bot seat."""
    table = _table(message)
    seat = _seat(message, table)
    kind = _field(message, "bot", (str,), optional=True)
    kind = "random" if kind is None else kind
    choose = levels.bot(kind)
    if choose is None:
        raise BadRequest(f"No bot called {_show(kind)}; there are {', '.join(levels.names())}.")
    game, state = table["game"], table["state"]
    # Only a seat to move has moves (the contract test checks it), so ask nothing else of the bot.
    if game.is_over(state):
        raise IllegalAction(f"The game is over: {{p{seat}}} has no move to make.")
    movers = game.to_move(state)
    if seat not in movers:
        waiting = " and ".join(f"{{p{s}}}" for s in movers)
        raise IllegalAction(f"{{p{seat}}} has no move to make now: waiting for {waiting}.")
    rng = bots.bot_rng(table["seed"], len(table["actions"]), seat)
    action = choose(game, state, seat, rng)
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
    """A seat's view after the first `step` actions of a record opened with open_record.

    A record of a game that is not over answers only the public view (seat None), whoever asks: such a
    record may be opened on another device while the game goes on, and a seat's view would show hidden
    pieces (a bot's hand) to whoever holds the file.  The replay viewer offers no seat then either."""
    table = _table(message)
    history = table.get("history")
    if history is None:
        raise BadRequest("This table was not opened as a record.")
    step = _field(message, "step", (int,))
    if not 0 <= step < len(history):
        raise BadRequest(f"No step {step}: the record has steps 0 to {len(history) - 1}.")
    seat = _seat(message, table, spectator_ok=True)
    game, state = table["game"], history[step]
    if seat is not None and not game.is_over(history[-1]):
        raise BadRequest("This game is not over: its record shows only what every player may see, "
                         "so no seat's own view can be opened.")
    return dict(_turn(game, state), step=step, view=game.view(state, seat),
                last=table["actions"][step - 1] if step else None)


def op_view_back(message: dict) -> dict:
    """A seat's view `steps` moves before now, for stepping back through the last moves at a table.

    Looking back is never playing: no legal moves, nothing changes.  `mover` is
    the seat whose move led to that position (None at the start), never the move
    itself: an action may hold what the seat was not shown (a coin's value).
    With `previous`, also the view one move earlier, so the board can show that
    move being made.  Views are the seat's own, so nothing leaks that the seat
    did not see at the time.
    """
    table = _table(message)
    seat = _seat(message, table, spectator_ok=True)
    steps = _field(message, "steps", (int,))
    played = len(table["actions"])
    if not 0 <= steps <= played:
        raise BadRequest(f"Cannot step back {_show(steps)} moves: the table has {played}.")
    previous = _field(message, "previous", (bool,), optional=True)
    game, step = table["game"], played - steps
    state = _state_at(table, step)
    reply = {"steps": steps, "step": step, "version": played, "view": game.view(state, seat),
             "mover": table["actions"][step - 1]["seat"] if step else None}
    if previous:
        reply["previous"] = game.view(_state_at(table, step - 1), seat) if step else None
    return reply


def op_simulate(message: dict) -> dict:
    """Random games for the benchmark: how fast this Python plays a game (or searches, with `search`)."""
    from .simulate import games_per_second
    game = _game(message)
    players = _field(message, "players", (int,))
    game.resolve_options(players, {})  # refuses a player count the game does not offer
    seconds = _field(message, "seconds", (int, float))
    if not seconds >= 0:
        raise BadRequest("Field 'seconds' must be a number of seconds, 0 or more.")
    if message.get("search"):  # ISMCTS iterations per second instead of random games
        from .simulate import search_iterations_per_second
        return search_iterations_per_second(game.id, players, float(min(seconds, 30)))
    return games_per_second(game.id, players, float(min(seconds, 30)))


def op_link_primer(message: dict) -> dict:
    """A seat's primer for the links of a table played by sending links (parlour.link_primer)."""
    from .link_primer import link_primer
    game = _game(message)
    players = _field(message, "players", (int,))
    options = _field(message, "options", (dict,), optional=True) or {}
    game.resolve_options(players, options)  # refuses a player count or options the game does not offer
    seat = _field(message, "seat", (int,))
    if not 0 <= seat < players:
        raise BadRequest(f"Seat {_show(seat)} is not at a table of {players}.")
    return {"primer": link_primer(game.id, players, options, seat)}


def op_lesson(message: dict) -> dict:
    """A title's guided first game ("Learn by playing"): its script, played by js/tables/lesson-table.js."""
    from .lessons import lesson
    return {"lesson": lesson(_game(message).id)}


def op_close(message: dict) -> dict:
    """Forget a table; closing one already gone is not an error (the page closes on leaving)."""
    table_id = message.get("table")
    if isinstance(table_id, str):
        _tables.pop(table_id, None)
    return {}


OPS: Dict[str, Callable[[dict], dict]] = {
    "games": op_games, "new": op_new, "view": op_view, "act": op_act, "bot": op_bot,
    "record": op_record, "state_hash": op_state_hash, "close": op_close,
    "open_record": op_open_record, "view_at": op_view_at, "simulate": op_simulate,
    "status": op_status, "can_undo": op_can_undo, "undo": op_undo, "view_back": op_view_back,
    "lesson": op_lesson,
}


# ----- network play (js/net/): replay checks (parlour.trust) and QR codes (parlour.qr) -----

def op_replay_check(message: dict) -> dict:
    """Replay a finished network game and hash one seat's views (fair-dealing check)."""
    from .trust import replay
    return replay.replay_check(message)


def op_qr_svg(message: dict) -> dict:
    """An invite or answer code as an SVG QR code (segno)."""
    from . import qr
    return qr.qr_svg(message)


def op_verify_fair(message: dict) -> dict:
    """A guest's end-of-game check of a network table (parlour.trust.fairness)."""
    from .trust import fairness
    return fairness.verify_fair(message)


def op_recheck_bots(message: dict) -> dict:
    """A guest's second stage: listed bot moves searched again, each at its position (parlour.trust.replay)."""
    from .trust import replay
    return replay.recheck_bots(message)


def op_check(message: dict) -> dict:
    """Would `seat` be allowed `action` now?  Changes nothing (the host checks a revealed sealed choice)."""
    table = _table(message)
    seat = _seat(message, table)
    try:
        table["game"].apply(table["state"], seat, message.get("action"))
    except ParlourError as exc:
        return {"legal": False, "error": str(exc)}
    return {"legal": True, "error": None}


OPS.update({"link_primer": op_link_primer, "replay_check": op_replay_check, "qr_svg": op_qr_svg, "verify_fair": op_verify_fair, "check": op_check,
            "recheck_bots": op_recheck_bots})
