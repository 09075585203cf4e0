"""Replaying a network game to check it: the one replay every fairness check uses
(parlour.trust.fairness), and the `replay_check` op.

Only the registry, the contract and the bots are used, never a game's internals.
"""
from __future__ import annotations

import hashlib
import reprlib
from typing import Any, Dict, Iterable, List, Optional

from .. import bots, games, levels
from ..errors import BadRequest, ParlourError
from ..game import canonical

def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def bot_plies(entries: Iterable[Any]) -> Dict[int, int]:
    """{step: ply} from a `bots` list: a step's move was chosen by a bot at position `ply`.

    A plain number n means step n chosen at ply n (a bot's ordinary turn); in a
    secret round a bot chooses at the round's opening position, so its ply is
    earlier than the step at which the move is played.
    """
    plies: Dict[int, int] = {}
    for entry in entries or []:
        if _is_int(entry):
            plies[entry] = entry
        elif isinstance(entry, dict) and _is_int(entry.get("step")) and _is_int(entry.get("ply")):
            plies[entry["step"]] = entry["ply"]
        else:
            raise BadRequest(f"Bot listing {str(entry)[:60]!r} is not a step.")
    return plies


def bot_names(entries: Iterable[Any]) -> Dict[int, str]:
    """{step: the bot that chose it} from a `bots` list; entries that name none were the random bot's."""
    names: Dict[int, str] = {}
    for entry in entries or []:
        name = entry.get("bot", "random") if isinstance(entry, dict) else "random"
        if not isinstance(name, str) or levels.bot(name) is None:
            raise BadRequest(f"Bot listing {str(entry)[:60]!r} names no bot Parlour has.")
        step = entry["step"] if isinstance(entry, dict) else entry
        names[step] = name
    return names


def replay(game, players: int, seed: Any, options: dict, actions: List[Any], seat: Optional[int],
           versions: Iterable[int] = (), plies: Optional[Dict[int, int]] = None,
           illegal: Iterable[dict] = (), names: Optional[Dict[int, str]] = None) -> dict:
    """Replay `actions` from the seed; the one replay every fairness check uses.

    Returns {"hashes": {version: sha256 of seat's view}, "result", "over",
    "failed": {step, error} | None, "bot_mismatch": first step whose listed
    bot move is not the bot's own choice, or None, "illegal": [bool] (for each
    claim {seat, version, action}: is that move really refused at that
    position?), "openings": for each step, the position its choice was made
    at (the step itself, or the opening of the secret round it belongs to)}.
    A move that does not replay stops the replay.
    """
    wanted = {v for v in versions if _is_int(v)}
    plies = plies or {}
    claims = list(illegal)
    refused = [False] * len(claims)
    by_ply: Dict[int, List[int]] = {}
    for step, ply in plies.items():
        by_ply.setdefault(ply, []).append(step)
    expected: Dict[int, Any] = {}
    bot_mismatch: Optional[int] = None
    failed = None
    state = game.setup(players, seed, options or {})
    hashes: Dict[str, str] = {}

    def at_position(version: int) -> None:
        """Everything asked of the position after `version` moves."""
        if version in wanted:
            hashes[str(version)] = hashlib.sha256(canonical(game.view(state, seat)).encode()).hexdigest()
        for step in by_ply.get(version, []):
            mover = actions[step].get("seat") if 0 <= step < len(actions) and isinstance(actions[step], dict) else None
            try:
                choose = levels.bot((names or {}).get(step, "random"))
                expected[step] = canonical(choose(game, state, mover, bots.bot_rng(seed, version, mover)))
            except (ValueError, ParlourError, TypeError):
                expected[step] = None
        for k, claim in enumerate(claims):
            if claim.get("version") == version:
                try:
                    game.apply(state, claim.get("seat"), claim.get("action"))
                except ParlourError:
                    refused[k] = True

    at_position(0)
    openings: List[int] = []
    round_open, round_left = 0, set()
    for step, entry in enumerate(actions):
        if not isinstance(entry, dict):
            failed = {"step": step, "error": "not an object"}
            break
        # where this move's choice was made: its own position, or a secret round's opening one
        mover = entry.get("seat")
        if mover in round_left:
            round_left.discard(mover)
        else:
            movers = game.to_move(state)
            round_open, round_left = step, (set(movers) - {mover} if len(movers) > 1 else set())
        openings.append(round_open)
        if step in plies and bot_mismatch is None:
            if plies[step] > step or expected.get(step) is None or expected[step] != canonical(entry.get("action")):
                bot_mismatch = step
        try:
            state = game.apply(state, entry.get("seat"), entry.get("action"))
        except ParlourError as exc:
            failed = {"step": step, "error": str(exc)}
            break
        at_position(step + 1)
    over = game.is_over(state)
    return {"hashes": hashes, "result": game.result(state) if over else None, "over": over,
            "ending": game.ending(state) if over else "",
            "failed": failed, "bot_mismatch": bot_mismatch, "illegal": refused, "openings": openings}


def replay_check(message: dict) -> dict:
    """Replay seed + actions; hash `seat`'s view after each listed version (see `replay`).

    Every field is checked first, so a malformed request is refused as such
    rather than failing half way through the replay.
    """
    game_id = _need(message, "game", str)
    if game_id not in games.ids():
        raise BadRequest(f"No game called {reprlib.repr(game_id)}.")
    game = games.get(game_id)
    players = _need(message, "players", int)
    seed = _need(message, "seed", str)
    actions = _need(message, "actions", list)
    options = _optional(message, "options", dict) or {}
    versions = _optional(message, "versions", list) or []
    steps = _optional(message, "bot_steps", list) or []
    seat = message.get("seat")
    if seat is not None and (not _is_int(seat) or not 0 <= seat < players):
        raise BadRequest(f"No seat {reprlib.repr(seat)} at this table.")
    return replay(game, players, seed, options, actions, seat, versions, bot_plies(steps), names=bot_names(steps))


def _need(message: dict, name: str, kind: type) -> Any:
    value = message.get(name)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise BadRequest(f"Field {name!r} is missing or has the wrong type.")
    return value


def _optional(message: dict, name: str, kind: type) -> Any:
    """message[name] when present and not null, else None; the wrong type is refused."""
    return None if message.get(name) is None else _need(message, name, kind)


__all__: List[str] = ["replay", "replay_check", "bot_plies", "bot_names"]
