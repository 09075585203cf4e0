"""The engine contract every game follows, and the checks that are the same for all.

A game is an object with a few verbs over plain JSON states (see
docs/ARCHITECTURE.md).  `Game.apply` is written once here: it refuses anything
that is not exactly one of `legal_actions`, so a game cannot accept a move its
own move list does not offer, and it never mutates its input.  A game supplies
`_apply` (mutate a private copy), `explain` (why a refused move is refused, in
the player's words) and the read-only verbs.
"""
from __future__ import annotations

import json
import reprlib
from typing import Any, Dict, List, Optional

from .errors import BadOptions, IllegalAction
from .rng import Rng, Seed, seed_to_state

State = Dict[str, Any]
Action = Dict[str, Any]

MAX_ACTION_BYTES = 2000


def canonical(data: Any) -> str:
    """One spelling of a JSON value: sorted keys, no spaces.  Used to compare and hash."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def describe(action: Any) -> str:
    """A short rendering of a refused action for error messages."""
    text = canonical(action) if _is_json(action) else repr(action)[:200]
    return text if len(text) <= 120 else text[:117] + "..."


def clone(value: Any) -> Any:
    """A deep copy of plain JSON data (several times faster than copy.deepcopy)."""
    kind = type(value)
    if kind is dict:
        return {key: clone(item) for key, item in value.items()}
    if kind is list:
        return [clone(item) for item in value]
    return value


def clone_state(state: State) -> State:
    """A copy `_apply` may change freely.  Log entries are never edited once written, so they are shared."""
    log_entries = state.get("log")
    new_state = clone({key: value for key, value in state.items() if key != "log"})
    if log_entries is not None:
        new_state["log"] = list(log_entries)
    return new_state


def _canonical_action(action: Any) -> str:
    """The action's canonical JSON, or IllegalAction when it is not a well-formed move."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(f"A move must be an object with a 'type'; got {describe(action)}.")
    try:
        text = canonical(action)
    except (TypeError, ValueError, RecursionError):
        raise IllegalAction("That move is not well-formed JSON.") from None
    if len(text) > MAX_ACTION_BYTES:
        raise IllegalAction(f"That move is too large ({len(text)} characters).")
    return text


def _is_json(value: Any) -> bool:
    try:
        json.dumps(value, sort_keys=True)
        return True
    except (TypeError, ValueError, RecursionError):
        return False


class Game:
    """Base class: subclasses set the class attributes and the underscored hooks."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4
    #: option name -> {"label", "choices", "default", "help"}
    options: Dict[str, Dict[str, Any]] = {}

    # ----- setup -------------------------------------------------------------
    def resolve_options(self, num_players: int, options: Optional[dict]) -> dict:
        """Fill defaults and refuse unknown options or choices, with a clear message."""
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise BadOptions("The number of players must be a whole number.")
        if not self.min_players <= num_players <= self.max_players:
            raise BadOptions(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {reprlib.repr(num_players)}."
            )
        options = dict(options or {})
        resolved = {}
        for name, spec in self.options.items():
            value = options.pop(name, spec["default"])
            if value not in spec["choices"]:
                raise BadOptions(f"Option {name!r} must be one of {spec['choices']}, not {reprlib.repr(value)}.")
            resolved[name] = value
        if options:
            raise BadOptions(f"{self.title} has no option named {reprlib.repr(sorted(options)[0])}.")
        return resolved

    def setup(self, num_players: int, seed: Seed, options: Optional[dict] = None) -> State:
        opts = self.resolve_options(num_players, options)
        state: State = {
            "game": self.id,
            "players": num_players,
            "options": opts,
            "rng": seed_to_state(seed),
            "ply": 0,
            "log": [],
        }
        rng = Rng(state["rng"])
        self._setup(state, rng)
        state["rng"] = rng.hex()
        return state

    def _setup(self, state: State, rng: Rng) -> None:
        raise NotImplementedError

    # ----- moving ------------------------------------------------------------
    def to_move(self, state: State) -> List[int]:
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> List[Action]:
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action) -> State:
        """The state after `seat` plays `action`; raises IllegalAction and leaves `state` alone."""
        wanted = _canonical_action(action)
        if self.is_over(state):
            raise IllegalAction("The game is over; no more moves can be made.")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["players"]:
            raise IllegalAction(f"There is no seat {reprlib.repr(seat)} at this table.")
        movers = self.to_move(state)
        if seat not in movers:
            waiting = " and ".join(f"{{p{s}}}" for s in movers)
            raise IllegalAction(f"It is not your turn: waiting for {waiting}.")
        for legal in self.legal_actions(state, seat):
            if canonical(legal) == wanted:
                break
        else:
            raise IllegalAction(self.explain(state, seat, action))
        new_state = clone_state(state)
        new_state["ply"] += 1
        rng = Rng(new_state["rng"])
        self._apply(new_state, seat, legal, rng)
        new_state["rng"] = rng.hex()
        return new_state

    def _apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        raise NotImplementedError

    def explain(self, state: State, seat: int, action: Action) -> str:
        """Why `action` is not legal now; games override this with their own wording."""
        kinds = sorted({a["type"] for a in self.legal_actions(state, seat)})
        return f"{describe(action)} is not a legal move now; you may: {', '.join(kinds)}."

    # ----- reading -----------------------------------------------------------
    def view(self, state: State, seat: Optional[int]) -> dict:
        raise NotImplementedError

    def determinize(self, state: State, seat: Optional[int], seed: Seed) -> State:
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def result(self, state: State) -> dict:
        raise NotImplementedError


# ----- the move log -----------------------------------------------------------
# Log lines use {pN} for seat N's name, filled in by the interface.  A line may
# have a private wording for some seats (who saw a hidden value) and a public
# wording for everyone else.

def log(state: State, text: str, private: Optional[Dict[int, str]] = None) -> None:
    entry: Dict[str, Any] = {"ply": state["ply"], "text": text}
    if private:
        entry["private"] = {str(seat): line for seat, line in sorted(private.items())}
    state["log"].append(entry)


def log_for(state: State, seat: Optional[int]) -> List[dict]:
    """The log as `seat` may read it."""
    key = None if seat is None else str(seat)
    out = []
    for entry in state["log"]:
        text = entry.get("private", {}).get(key, entry["text"]) if key is not None else entry["text"]
        out.append({"ply": entry["ply"], "text": text})
    return out


def forget_private_log(state: State, seat: Optional[int]) -> None:
    """Drop other seats' private log lines (used by determinize: they may name hidden values).

    Entries with private lines are replaced, never edited, so `state` may share
    its log list's entries with the state it was copied from.
    """
    key = None if seat is None else str(seat)
    trimmed = []
    for entry in state["log"]:
        private = entry.get("private")
        if private:
            entry = {k: v for k, v in entry.items() if k != "private"}
            if key in private:
                entry["private"] = {key: private[key]}
        trimmed.append(entry)
    state["log"] = trimmed
