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
           illegal: Iterable[dict] = (), names: Optional[Dict[int, str]] = None, deferred: Iterable[int] = ()) -> dict:
    """Replay `actions` from the seed; the one replay every fairness check uses.

    Returns {"hashes": {version: sha256 of seat's view}, "result", "over",
    "failed": {step, error} | None, "bot_mismatch": first step whose listed
    bot move is not the bot's own choice, or None, "illegal": [bool] (for each
    claim {seat, version, action}: is that move really refused at that
    position?), "openings": for each step, the position its choice was made
    at (the step itself, or the opening of the secret round it belongs to)}.
    `deferred` bot steps are not searched again here (a guest's second stage
    does that over parallel workers, `recheck_bots`); only their plies are held
    to their steps.  A move that does not replay stops the replay.
    """
    wanted = {v for v in versions if _is_int(v)}
    plies = plies or {}
    later = set(deferred)
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
            if step in later:
                continue
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
            if plies[step] > step or (step not in later and (expected.get(step) is None
                                                             or expected[step] != canonical(entry.get("action")))):
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


def _game_log(message: dict) -> tuple:
    """(game, players, seed, options, actions) of a request about a played game, every field checked first, so a
    malformed request is refused as such rather than failing half way through a replay."""
    game_id = _need(message, "game", str)
    if game_id not in games.ids():
        raise BadRequest(f"No game called {reprlib.repr(game_id)}.")
    return (games.get(game_id), _need(message, "players", int), _need(message, "seed", str),
            _optional(message, "options", dict) or {}, _need(message, "actions", list))


def replay_check(message: dict) -> dict:
    """Replay seed + actions; hash `seat`'s view after each listed version (see `replay`)."""
    game, players, seed, options, actions = _game_log(message)
    versions = _optional(message, "versions", list) or []
    steps = _optional(message, "bot_steps", list) or []
    seat = message.get("seat")
    if seat is not None and (not _is_int(seat) or not 0 <= seat < players):
        raise BadRequest(f"No seat {reprlib.repr(seat)} at this table.")
    return replay(game, players, seed, options, actions, seat, versions, bot_plies(steps), names=bot_names(steps))


#: the positions of the last game a worker searched bots in again: a guest's second stage sends one bot move
#: (or a few) per request, so the game is replayed once per worker, not once per move
_POSITIONS: Dict[str, Any] = {"key": None, "states": {}}


def _position(game, players: int, seed: Any, options: dict, actions: List[Any], ply: int) -> Any:
    """The state after `ply` moves, from the nearest position this worker kept for the same game."""
    key = hashlib.sha256(canonical({"g": game.id, "p": players, "s": seed, "o": options, "a": actions}).encode()).hexdigest()
    if _POSITIONS["key"] != key:
        _POSITIONS.update(key=key, states={0: game.setup(players, seed, options or {})})
    states: Dict[int, Any] = _POSITIONS["states"]
    start = max(k for k in states if k <= ply)
    state = states[start]
    for step in range(start, ply):
        state = game.apply(state, actions[step].get("seat"), actions[step].get("action"))
    states[ply] = state
    return state


def recheck_bots(message: dict) -> dict:
    """Search listed bot moves again, each at its own position with its own level: the second stage of a
    guest's end check (js/net/bot-recheck.js runs it over parallel workers).

    message: {game, players, seed, options, actions, checks: [{step, ply, bot}]}; the moves must have replayed
    already (the first stage).  Returns {"results": [{step, ok}]}: ok when the bot's own seeded choice at
    `ply` is the move played at `step`.
    """
    game, players, seed, options, actions = _game_log(message)
    checks = _need(message, "checks", list)
    results = []
    for check in checks:
        step, ply, name = (check.get("step"), check.get("ply"), check.get("bot")) if isinstance(check, dict) else (None, None, None)
        choose = levels.bot(name) if isinstance(name, str) else None
        if not (_is_int(step) and _is_int(ply) and 0 <= ply <= step < len(actions) and choose is not None
                and isinstance(actions[step], dict)):
            raise BadRequest(f"Bot check {reprlib.repr(check)} is not a listed bot move.")
        mover = actions[step].get("seat")
        try:
            state = _position(game, players, seed, options, actions, ply)
            expected = canonical(choose(game, state, mover, bots.bot_rng(seed, ply, mover)))
        except (ValueError, ParlourError, TypeError):
            expected = None
        results.append({"step": step, "ok": expected is not None and expected == canonical(actions[step].get("action"))})
    return {"results": results}


def searched(game, name: str) -> bool:
    """Does the bot called `name` search in this game (its choice costs as much as the bot's own thinking)?

    Such moves are checked in a guest's second stage; every other bot's choice (random, greedy) is cheap and
    checked with the rest of the game."""
    plain = (getattr(game, "level_bots", None) or {}).get(name)
    if plain is not None:
        return plain == "lookahead"
    return name in levels.LEVELS or name == "lookahead"


def _need(message: dict, name: str, kind: type) -> Any:
    value = message.get(name)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise BadRequest(f"Field {name!r} is missing or has the wrong type.")
    return value


def _optional(message: dict, name: str, kind: type) -> Any:
    """message[name] when present and not null, else None; the wrong type is refused."""
    return None if message.get(name) is None else _need(message, name, kind)


__all__: List[str] = ["replay", "replay_check", "recheck_bots", "searched", "bot_plies", "bot_names"]
