"""The engine contract every game follows, and the checks that are the same for all.

A game is an object with a few verbs over plain JSON states (see
docs/ARCHITECTURE.md).  `Game.apply` is written once here: it refuses anything
that is not exactly one of `legal_actions`, so a game cannot accept a move its
own move list does not offer, and it never mutates its input.  A game supplies
`_apply` (mutate a private copy), `explain` (why a refused move is refused, in
the player's words) and the read-only verbs.

A move with numeric or chosen parts (a secret bid, a trade) may instead be
described as a *form* (`Game.forms`): `apply` then also accepts any action that
fits one of the seat's forms, and refuses the rest naming the broken limit
(docs/ARCHITECTURE.md, "Forms").  Games without forms are unaffected.
"""
from __future__ import annotations

import json
import marshal
import reprlib
from typing import Any, Callable, Dict, List, Optional

from .errors import BadOptions, IllegalAction
from .rng import Rng, Seed, seed_to_state
from .wording import as_seen_by

State = Dict[str, Any]
Action = Dict[str, Any]

MAX_ACTION_BYTES = 2000


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(data: Any) -> str:
    """One spelling of a JSON value: sorted keys, no spaces.  Used to compare and hash.

    Exactly `json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`,
    with the encoder made once (json.dumps builds one per call with these options).
    A view's log lines are spelt once each and kept (`_spelt_log`).
    """
    if type(data) is dict and type(data.get("log")) is list:
        return _with_log(data)
    return _CANONICAL.encode(data)


#: Log lines spelt before, by (ply, text): a view carries the whole log, so a guest's end check, which hashes
#: the view after every move, spelt the first line of a game of 300 moves 300 times (most of the hashing's time
#: in Pyodide).  A line {"ply", "text"} is spelt the same wherever it stands.
_LINES: Dict[tuple, str] = {}
_LINES_KEPT = 20_000


def _with_log(data: dict) -> str:
    """`canonical` of a dict holding a `log` list: the other keys spelt as one object split around "log" (keys
    sort as strings), the log's lines from `_spelt_log`."""
    if not all(type(key) is str for key in data):
        return _CANONICAL.encode(data)  # json sorts and spells other keys its own way
    before = _CANONICAL.encode({k: v for k, v in data.items() if k < "log"})
    after = _CANONICAL.encode({k: v for k, v in data.items() if k > "log"})
    log = '"log":[' + ",".join(_spelt_log(data["log"])) + "]"
    return "{" + ",".join(part for part in (before[1:-1], log, after[1:-1]) if part) + "}"


def _spelt_log(lines: List[Any]) -> List[str]:
    if len(_LINES) > _LINES_KEPT:
        _LINES.clear()
    out = []
    for line in lines:
        if type(line) is dict and len(line) == 2 and type(line.get("ply")) is int and type(line.get("text")) is str:
            key = (line["ply"], line["text"])
            text = _LINES.get(key)
            if text is None:
                text = _LINES[key] = _CANONICAL.encode(line)
            out.append(text)
        else:
            out.append(_CANONICAL.encode(line))
    return out


def describe(action: Any) -> str:
    """A short rendering of a refused action for error messages."""
    text = canonical(action) if _is_json(action) else repr(action)[:200]
    return text if len(text) <= 120 else text[:117] + "..."


def clone(value: Any) -> Any:
    """A deep copy of plain JSON data (several times faster than copy.deepcopy)."""
    kind = type(value)
    if kind is dict:
        return {key: clone(item) if type(item) in _NESTED else item for key, item in value.items()}
    if kind is list:
        return [clone(item) if type(item) in _NESTED else item for item in value]
    return value


_NESTED = frozenset((dict, list))  # what `clone` copies; anything else is kept as it is


def copy_json(value: Any) -> Any:
    """A deep copy of a large piece of plain JSON data, such as a whole state.

    A marshal round trip copies in C, about twice as fast as `clone` on a
    state: the same tree (format 2 writes no back-references, so nothing
    becomes shared), the same types, bools and dict key order.  Anything
    marshal cannot write (a subclass, an object) falls back on `clone`.
    """
    try:
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:
        return clone(value)


def clone_state(state: State) -> State:
    """A copy that may be changed freely.  Log entries are never edited once written, so they are shared."""
    log_entries = state.get("log")
    new_state = copy_json({key: value for key, value in state.items() if key != "log"})
    if log_entries is not None:
        new_state["log"] = list(log_entries)
    return new_state


def share(value: Any) -> Any:
    """A `Game.copy_plan` entry for a value `_apply` never edits in place (it may put a new one there)."""
    return value


def same_json(a: Any, b: Any) -> bool:
    """Whether two values that compare equal (==) also have one JSON spelling (canonical).

    `==` lets True equal 1, 1.0 equal 1 and 0.0 equal -0.0, and ignores key
    types; canonical JSON does not.  So this checks types all the way down,
    which is far cheaper than serialising both.
    """
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        for key, item in a.items():
            other = b[key]
            if type(key) is not str or not (type(item) in _SCALARS and type(item) is type(other)
                                            or same_json(item, other)):
                return False
        return all(type(key) is str for key in b)
    if kind is list:
        for x, y in zip(a, b):
            if not (type(x) in _SCALARS and type(x) is type(y) or same_json(x, y)):
                return False
        return True
    if kind is float:
        return repr(a) == repr(b)
    return kind in _SCALARS


_SCALARS = frozenset((str, int, bool, type(None)))  # equal values of one of these types are spelt alike


def _plain_json(value: Any) -> bool:
    """Whether `value` is made of JSON's own types only (string keys); False too when it is nested
    too deep to tell, so that the caller takes the slow, serialising path as before."""
    try:
        return same_json(value, value)
    except RecursionError:
        return False


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


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _player_counts(counts: List[int]) -> str:
    """Player counts in words for a refusal: [4] -> "four", [2, 3] -> "two or three"."""
    words = [_NUMBER_WORDS.get(n, str(n)) for n in sorted(counts)]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class Game:
    """Base class: subclasses set the class attributes and the underscored hooks."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4
    #: option name -> {"label", "choices", "default", "help"}, and optionally "choice_players":
    #: {choice: [player counts]} for a choice allowed only at those counts (the lobby offers it
    #: only there, from games.json; resolve_options refuses it elsewhere)
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
            allowed = spec.get("choice_players", {}).get(value)
            if allowed is not None and num_players not in allowed:
                raise BadOptions(f"{spec['label']} “{value}” is for {_player_counts(allowed)} players only.")
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
        legal = self._match(state, seat, action, wanted)
        new_state = self._copy_for_apply(state)
        new_state["ply"] += 1
        rng = Rng(new_state["rng"])
        self._apply(new_state, seat, legal, rng)
        new_state["rng"] = rng.hex()
        return new_state

    def step(self, state: State, seat: int, action: Action) -> None:
        """Play `action` on `state` in place, unchecked: the fast path for search and simulation.

        Only for a state the caller owns and an action from `legal_actions` (or a
        form filling `form_refusal` accepts); it gives exactly the state `apply` would.
        """
        state["ply"] += 1
        rng = Rng(state["rng"])
        self._apply(state, seat, action, rng)
        state["rng"] = rng.hex()

    def _match(self, state: State, seat: int, action: Action, wanted: str) -> Action:
        """The listed move `action` is (the engine's own object, for `_apply`), else a form's copy.

        Equal as canonical JSON, but found without serialising the list: a game's
        `_candidates`, then `==` in C, then a type check of the move found.  Listed
        moves are plain JSON (the contract test checks), so a plain-JSON action
        that `==` finds nowhere is none of them; only one spelt with other types
        (a tuple for a list) is compared by serialising the list, as before.
        """
        narrowed = self._candidates(state, seat, action)
        if narrowed:
            for legal in narrowed:
                if legal == action and same_json(legal, action):
                    return legal
        listed = self.legal_actions(state, seat)
        try:
            found = listed[listed.index(action)]
        except ValueError:
            if _plain_json(action):
                return self._from_form(state, seat, action)
        else:
            if same_json(found, action):
                return found
        for legal in listed:
            if canonical(legal) == wanted:
                return legal
        return self._from_form(state, seat, action)

    def _candidates(self, state: State, seat: int, action: Action) -> Optional[List[Action]]:
        """The few listed moves `action` could be (made by the code that makes the whole list), or None.

        Only `apply`'s shortcut for costly move lists: each must be a listed
        move; when `action` is not among them the whole list is searched.
        """
        return None

    #: How `apply` copies top-level keys that `_apply` edits only in known ways: key ->
    #: function giving a copy it may edit that way (`share`: only ever replaced; `list`:
    #: items appended or replaced, never edited; or a game's own).  Copying whole states
    #: was the largest cost of a move; other keys are still copied deeply.  An edit of a
    #: shared part would change `apply`'s input (tests/test_apply_sharing.py checks).
    copy_plan: Dict[str, Callable[[Any], Any]] = {}

    def _copy_for_apply(self, state: State) -> State:
        """The private copy `apply` hands to `_apply`: `copy_plan` for its keys, a deep copy of the rest."""
        plan = self.copy_plan
        if not plan:
            return clone_state(state)
        new_state = {key: plan[key](value) if key in plan else value
                     for key, value in state.items() if key != "log"}
        deep = {key: value for key, value in new_state.items() if key not in plan and type(value) in _NESTED}
        if deep:  # containers the plan does not name are copied deeply (their keys keep their places)
            new_state.update(copy_json(deep))
        if "log" in state:
            new_state["log"] = list(state["log"])  # last, as clone_state puts it
        return new_state

    def _apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        raise NotImplementedError

    # ----- forms (moves with numeric or chosen parts) --------------------------
    def forms(self, state: State, seat: int) -> List[dict]:
        """The forms `seat` may fill in now (see `form_problem`); most games have none."""
        return []

    def _refuse_form(self, state: State, seat: int, action: Action, form: dict) -> Optional[str]:
        """A game's own check of an action that fits `form` (limits a form cannot say); None if fine."""
        return None

    def form_refusal(self, state: State, seat: int, action: Action,
                     forms: Optional[List[dict]] = None) -> Optional[str]:
        """Why `action` fits none of `seat`'s forms, or None when one of them accepts it.

        `forms` may pass `self.forms(state, seat)` when the caller has it already
        (building a trade form is not cheap).
        """
        if forms is None:
            forms = self.forms(state, seat)
        forms = [f for f in forms if f["type"] == action.get("type")]
        if not forms:
            return self.explain(state, seat, action)
        first = None
        for form in forms:
            problem = form_problem(form, action) or self._refuse_form(state, seat, action, form)
            if problem is None:
                return None
            first = first or problem
        return first

    def _from_form(self, state: State, seat: int, action: Action) -> Action:
        """`action` as a private copy when it fits a form; IllegalAction otherwise."""
        forms = self.forms(state, seat)
        if not forms:
            raise IllegalAction(self.explain(state, seat, action))
        problem = self.form_refusal(state, seat, action, forms)
        if problem is not None:
            raise IllegalAction(problem)
        return clone(action)

    def explain(self, state: State, seat: int, action: Action) -> str:
        """Why `action` is not legal now; games override this with their own wording."""
        kinds = sorted({a["type"] for a in self.legal_actions(state, seat)})
        return f"{describe(action)} is not a legal move now; you may: {', '.join(kinds)}."

    # ----- reading -----------------------------------------------------------
    def view(self, state: State, seat: Optional[int]) -> dict:
        raise NotImplementedError

    def determinize(self, state: State, seat: Optional[int], seed: Seed) -> State:
        raise NotImplementedError

    #: True when `determinize` returns a fresh copy (log entries aside, which nobody edits), sharing nothing
    #: with its input: the search then plays on it without copying it a second time
    determinize_copies: bool = False

    # Every game keeps its `phase` ("over" at the end) and its `result` (None
    # until then) in the state; one that does not overrides these two.
    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def result(self, state: State) -> dict:
        return clone(_stored_result(state))

    def ending(self, state: State) -> str:
        """Once over: a sentence or two saying why the game ended and why the result is what it is
        ({pN} names seat N), for the result screen (parlour.ending has the shared wording)."""
        return ""


def _stored_result(state: State) -> dict:
    if state["result"] is None:
        raise IllegalAction("The game is not over yet.")
    return state["result"]


def read_result(game: Game, state: State) -> dict:
    """`game.result(state)` without its copy, for a caller that only reads it: the searches score the end of
    every playout, and copying a long game's detail (King's Progress: every seat's scoring lines) cost more.
    A game with its own `result` is asked for it."""
    if type(game).result is Game.result:
        return _stored_result(state)
    return game.result(state)


# ----- forms -------------------------------------------------------------------
# A form: {"type", "title", "fixed": {key: value}, "fields": [field], "totals": [total],
# "pools": [pool]}.  An action fits it when its keys are exactly "type", the fixed
# keys and the field names; fixed values are equal; a "count" field holds a whole
# number (not a bool) from "min" to "max"; a "pick" field holds a list of choices,
# from "min" to "max" long, each choice at most its count times (its own "choices"
# and "counts", or a pool's, shared by every field naming that pool); each total
# (the sum of its fields, a pick counting its length) is within "at_least" and
# "at_most".  Messages may be given ("message" on a total: {total}, {limit}).

def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _multiset(choices: List[str], counts: Optional[List[int]]) -> Dict[str, int]:
    out: Dict[str, int] = {}
    for k, choice in enumerate(choices):
        out[choice] = out.get(choice, 0) + (1 if counts is None else counts[k])
    return out


def _amount(value: Any) -> int:
    return len(value) if isinstance(value, list) else value


def form_problem(form: dict, action: Action) -> Optional[str]:
    """Why `action` does not fit `form` (the first broken limit, in words), or None."""
    fixed = form.get("fixed", {})
    fields = form["fields"]
    wanted = {"type", *fixed, *(f["name"] for f in fields)}
    for key in sorted(set(action) - wanted):
        return f"{form['title']} has no part called {reprlib.repr(key)}."
    for key in sorted(wanted - set(action)):
        field = next((f for f in fields if f["name"] == key), None)
        return f"{form['title']}: {field['label'] if field else key} is missing."
    for key, value in fixed.items():
        if canonical(action[key]) != canonical(value):
            return f"{form['title']} is for {key} {describe(value)}, not {describe(action[key])}."
    pools = {p["name"]: _multiset(p["choices"], p.get("counts")) for p in form.get("pools", [])}
    used: Dict[str, Dict[str, int]] = {name: {} for name in pools}
    for field in fields:
        value, label = action[field["name"]], field["label"]
        if field.get("kind", "count") == "count":
            if not _whole(value):
                return f"{label} must be a whole number, not {describe(value)}."
            if not field["min"] <= value <= field["max"]:
                return f"{label} must be from {field['min']} to {field['max']}; {value} is not."
            continue
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f"{label} must be a list of names."
        if not field["min"] <= len(value) <= field["max"]:
            return f"{label} takes {field['min']} to {field['max']}, not {len(value)}."
        pool = field.get("pool")
        have = pools.get(pool) if pool else _multiset(field["choices"], field.get("counts"))
        if have is None:
            return f"{label} names an unknown pool."
        tally = used[pool] if pool else {}
        for choice in value:
            tally[choice] = tally.get(choice, 0) + 1
            if tally[choice] > have.get(choice, 0):
                return (f"{label}: {reprlib.repr(choice)} is not on offer." if choice not in have
                        else f"{label}: only {have[choice]} × {choice} can be chosen.")
    for total in form.get("totals", []):
        amount = sum(_amount(action[name]) for name in total["fields"])
        most, least = total.get("at_most"), total.get("at_least")
        if most is not None and amount > most:
            return total.get("message", "{label}: {total} is more than {limit}.").format(
                total=amount, limit=most, label=total["label"])
        if least is not None and amount < least:
            return total.get("message_least", "{label}: {total} is fewer than {limit}.").format(
                total=amount, limit=least, label=total["label"])
    return None


def sample_form(form: dict, rng: Rng) -> Action:
    """A random action that fits `form` (for bots and tests); ValueError if none can.

    Fields are filled in a random order, each uniformly within what its totals
    and pools still allow; a total's "at_least" is then met one unit at a time.
    Which totals hold each field is worked out once (a trade form has twenty
    fields, and random play fills one at about every other move).
    """
    fields = form["fields"]
    action: Action = dict(form.get("fixed", {}), type=form["type"])
    totals = form.get("totals", [])
    sums = [0] * len(totals)
    left = {p["name"]: _multiset(p["choices"], p.get("counts")) for p in form.get("pools", [])}
    members = [set(total["fields"]) for total in totals]
    within: Dict[str, List[int]] = {}  # field name -> the totals that sum it
    capped: Dict[str, List[tuple]] = {}  # field name -> (total, its at_most) for totals with one
    for field in fields:
        name = field["name"]
        within[name] = [k for k, names in enumerate(members) if name in names]
        capped[name] = [(k, totals[k]["at_most"]) for k in within[name] if totals[k].get("at_most") is not None]

    def room(field: dict, current: int) -> int:
        """How much more `field` may take, given its max and every total it is in."""
        more = field["max"] - current
        for k, most in capped[field["name"]]:
            more = min(more, most - sums[k])
        return max(more, 0)

    own = {f["name"]: _multiset(f["choices"], f.get("counts")) for f in fields
           if f.get("kind", "count") != "count" and not f.get("pool")}  # a pick's own choices, counted once

    def offer(field: dict) -> Dict[str, int]:
        if field.get("pool"):
            return left[field["pool"]]
        have = dict(own[field["name"]])
        for choice in action.get(field["name"], []):
            have[choice] -= 1
        return have

    def add(field: dict, amount: int) -> None:
        """Add `amount` units to `field` (a pick adds random available choices)."""
        name = field["name"]
        if field.get("kind", "count") == "count":
            action[name] = action.get(name, 0) + amount
        else:
            have = offer(field)
            for _ in range(amount):
                bag = sorted(c for c, n in have.items() if n > 0)
                choice = bag[rng.below(len(bag))]
                have[choice] -= 1
                action.setdefault(name, []).append(choice)
        for k in within[name]:
            sums[k] += amount

    def capacity(field: dict) -> int:
        more = room(field, _amount(action.get(field["name"], 0 if field.get("kind", "count") == "count" else [])))
        if more and field.get("kind", "count") == "pick":  # (no room: the pick's offer cannot matter)
            more = min(more, sum(n for n in offer(field).values() if n > 0))
        return more

    order = list(range(len(fields)))
    rng.shuffle(order)
    for k in order:
        field = fields[k]
        action[field["name"]] = 0 if field.get("kind", "count") == "count" else []
    for k in order:  # minimums first, so a later field's minimum is never crowded out
        if fields[k]["min"] > capacity(fields[k]):
            raise ValueError(f"form {form['type']!r} cannot be filled in")
        add(fields[k], fields[k]["min"])
    for k in order:
        more = capacity(fields[k])
        if more:
            add(fields[k], rng.below(more + 1))
    for k, total in enumerate(totals):
        need = (total.get("at_least") or 0) - sums[k]
        while need > 0:
            open_fields = [f for f in fields if f["name"] in members[k] and capacity(f) > 0]
            if not open_fields:
                raise ValueError(f"form {form['type']!r} cannot be filled in")
            add(open_fields[rng.below(len(open_fields))], 1)
            need -= 1
    for field in fields:
        if field.get("kind", "count") == "pick":
            action[field["name"]].sort()
    return action


# ----- the move log -----------------------------------------------------------
# Log lines use {pN} for seat N's name, filled in by the interface.  A line may
# have a private wording for some seats (who saw a hidden value) and a public
# wording for everyone else.

def log(state: State, text: str, private: Optional[Dict[int, str]] = None) -> None:
    entry: Dict[str, Any] = {"ply": state["ply"], "text": text}
    if private:
        entry["private"] = {str(seat): line for seat, line in sorted(private.items())}
    state["log"].append(entry)


def winners_line(winners: List[int]) -> str:
    """"{p0} wins" or "{p0} and {p2} share the win": the end of every game's closing log line."""
    names = " and ".join(f"{{p{w}}}" for w in winners)
    return f"{names} {'share the win' if len(winners) > 1 else 'wins'}"


def log_for(state: State, seat: Optional[int]) -> List[dict]:
    """The log as `seat` may read it, in its own words: its own doings say "You …" (parlour/wording.py).

    Every view copies the whole log (300 lines and more late in a game of 169), so this is written
    for speed: one comprehension, and a seat's wording asked only of the lines that name it.
    """
    log = state["log"]
    if seat is None:  # a spectator reads the public lines as written
        return [{"ply": entry["ply"], "text": entry["text"]} for entry in log]
    key, name = str(seat), f"{{p{seat}}}"
    out = [{"ply": entry["ply"], "text": entry["private"].get(key, entry["text"]) if "private" in entry else entry["text"]}
           for entry in log]
    for line in out:
        if name in line["text"]:
            line["text"] = as_seen_by(line["text"], seat)
    return out


def forget_private_log(state: State, seat: Optional[int]) -> None:
    """Drop other seats' private log lines (used by determinize: they may name hidden values).

    Entries with private lines are replaced, never edited, so `state` may share
    its log list's entries with the state it was copied from.
    """
    key = None if seat is None else str(seat)
    state["log"] = [_private_only_for(entry, key) if "private" in entry else entry for entry in state["log"]]


def _private_only_for(entry: dict, key: Optional[str]) -> dict:
    """A copy of a log entry keeping only `key`'s private line (none for a spectator)."""
    private = entry["private"]
    trimmed = {k: v for k, v in entry.items() if k != "private"}
    if key in private:
        trimmed["private"] = {key: private[key]}
    return trimmed
