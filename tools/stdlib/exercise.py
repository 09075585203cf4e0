"""Run inside Pyodide (tools/stdlib/exercise.mjs): everything Parlour asks of Python's standard library.

Why: the site ships only the standard library modules Parlour imports (build.py, tools/stdlib/trim.py), and
that list is found by running Parlour, not written by hand.  This plays a seeded whole game of every title
through parlour.api as the page does (new, view, a bot's choice, act, undo, records, replays, hashes, a
refused request), then imports every module of the wheel and every module any of its files names in an
import statement (so a module imported only on a path no game took, say a network check, is in too).

Ends with the expression the runner reads: the standard library files the loaded modules came from (sys.modules),
and the modules the wheel names that were not found, as JSON.
"""
import ast
import importlib
import json
import pkgutil
import sys
import zipfile

import parlour
from parlour import api, games

SEED = "stdlib-trace"


def call(request: dict) -> dict:
    """One request through the facade as the worker sends it (a JSON string in and out).  The facade never
    raises: a bug, such as an import of a module the trimmed library lacks, comes back as an InternalError."""
    reply = json.loads(api.handle(json.dumps(request)))
    if reply.get("kind") == "InternalError":
        raise RuntimeError(f"{request['op']}: {reply['error']}\n{reply.get('trace', '')}")
    return reply


def stdlib_files() -> list:
    """The standard library zip's files that the modules loaded so far came from (the runner calls this)."""
    archive = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
    found = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or getattr(module, "__file__", None)
        if isinstance(origin, str) and origin.startswith(archive):
            found.add(origin[len(archive):])
    return sorted(found)


def play_whole_game(game_id: str, players: int) -> None:
    """A seeded game to its end through the facade, with every level's bot asked once and a move undone."""
    table = call({"op": "new", "game": game_id, "players": players, "seed": SEED})["table"]
    asked = set()
    for step in range(100_000):
        status = call({"op": "status", "table": table})
        if status["over"]:
            break
        call({"op": "view", "table": table, "seat": 0, "legal": True, "hash": True})
        seat = status["to_move"][0]
        level = next((lv for lv in ("easy", "medium", "hard") if lv not in asked), "random")
        asked.add(level)
        bot = call({"op": "bot", "table": table, "seat": seat, "bot": level})
        if "action" not in bot:
            raise RuntimeError(f"{game_id}: the bot chose no move: {bot}")
        version = bot["version"]
        call({"op": "check", "table": table, "seat": seat, "action": bot["action"]})
        call({"op": "act", "table": table, "seat": seat, "action": bot["action"], "version": version, "view": 0})
        if step == 3:
            call({"op": "can_undo", "table": table, "seat": seat})
            call({"op": "undo", "table": table, "seat": seat, "version": version + 1})
    record = call({"op": "record", "table": table})
    call({"op": "state_hash", "table": table})
    call({"op": "view_at", "table": table, "seat": 0, "step": 1})
    call({"op": "view_back", "table": table, "seat": 0, "steps": 1, "previous": True})
    call({"op": "open_record", "record": record["record"]})
    call({"op": "link_primer", "game": game_id, "players": players, "seat": 0})
    call({"op": "replay_check", **record["record"], "seat": 0})
    call({"op": "close", "table": table})


def every_title() -> None:
    call({"op": "games"})
    call({"op": "nonsense"})  # a refused request: the facade's error path
    for game in games.all_games():
        play_whole_game(game.id, max(game.min_players, min(3, game.max_players)))
    call({"op": "simulate", "game": games.all_games()[0].id, "players": 2, "seconds": 0.05})


def named_in_the_wheel() -> set:
    """Every module an import statement of the wheel names (top level or inside a function)."""
    wheel = next(p for p in sys.path if p.endswith(".zip") and "parlour" in p)
    names = set()
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if not name.endswith(".py"):
                continue
            for node in ast.walk(ast.parse(zf.read(name))):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module)
    return {n for n in names if n.split(".")[0] != "parlour"}


def import_everything() -> list:
    """Import every parlour module and every module the wheel names; returns the names not found (segno
    comes later, from micropip)."""
    for module in pkgutil.walk_packages(parlour.__path__, "parlour."):
        importlib.import_module(module.name)
    missing = []
    for name in sorted(named_in_the_wheel()):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as err:
            missing.append(err.name or name)
    return missing


every_title()
not_found = import_everything()
try:
    raise ValueError("a traceback, as an error reaching JavaScript formats one")
except ValueError:
    import traceback
    traceback.format_exc()
json.dumps({"not_found": not_found, "files": stdlib_files()})
