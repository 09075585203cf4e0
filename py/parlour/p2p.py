"""What network play needs from Python, beside the engine: replaying a game to
check it (fair dealing) and drawing QR codes (with segno, installed lazily).

Only the registry, the contract and the bots are used, never a game's internals.
"""
from __future__ import annotations

import hashlib
from typing import Any, Dict, List

from . import bots, games
from .errors import BadRequest, ParlourError
from .game import canonical


def replay_check(message: dict) -> dict:
    """Replay seed + actions; hash `seat`'s view after each listed version.

    Returns {"hashes": {version: sha256}, "result", "failed": {step, error} | None,
    "bot_mismatch": step | None}.  A move that does not replay stops the replay.
    """
    game = games.get(_need(message, "game", str))
    players = _need(message, "players", int)
    seed = _need(message, "seed", str)
    actions = _need(message, "actions", list)
    seat = message.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise BadRequest(f"No seat {seat!r} at this table.")
    wanted = {v for v in message.get("versions") or [] if isinstance(v, int) and not isinstance(v, bool)}
    bot_steps = {v for v in message.get("bot_steps") or [] if isinstance(v, int) and not isinstance(v, bool)}
    state = game.setup(players, seed, message.get("options") or {})
    hashes: Dict[str, str] = {}
    failed = None
    bot_mismatch = None

    def record(version: int) -> None:
        if version in wanted:
            hashes[str(version)] = hashlib.sha256(canonical(game.view(state, seat)).encode()).hexdigest()

    record(0)
    for step, entry in enumerate(actions):
        if not isinstance(entry, dict):
            failed = {"step": step, "error": "not an object"}
            break
        if step in bot_steps and bot_mismatch is None:
            rng = bots.bot_rng(seed, step, entry.get("seat"))
            try:
                chosen = bots.random_action(game, state, entry.get("seat"), rng)
            except (ValueError, ParlourError, TypeError):
                chosen = None
            if chosen is None or canonical(chosen) != canonical(entry.get("action")):
                bot_mismatch = step
        try:
            state = game.apply(state, entry.get("seat"), entry.get("action"))
        except ParlourError as exc:
            failed = {"step": step, "error": str(exc)}
            break
        record(step + 1)
    over = game.is_over(state)
    return {"hashes": hashes, "result": game.result(state) if over else None, "over": over,
            "failed": failed, "bot_mismatch": bot_mismatch}


def qr_svg(message: dict) -> dict:
    """An SVG QR code for `text` (segno must be installed; the worker does it on first use)."""
    import segno  # installed by micropip from the wheel vendored in the build

    text = _need(message, "text", str)
    if len(text) > 1500:
        raise BadRequest("Too much text for a QR code.")
    qr = segno.make(text, error="l", micro=False)
    style = {"scale": 4, "border": 3, "dark": "#2e2418", "light": "#ffffff"}
    return {"svg": qr.svg_inline(**style), "uri": qr.svg_data_uri(**style), "version": qr.version,
            "modules": qr.symbol_size(scale=1, border=0)[0]}


def _need(message: dict, name: str, kind: type) -> Any:
    value = message.get(name)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise BadRequest(f"Field {name!r} is missing or has the wrong type.")
    return value


OPS = {"replay_check": replay_check, "qr_svg": qr_svg}
__all__: List[str] = ["replay_check", "qr_svg", "OPS"]
