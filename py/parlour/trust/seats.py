"""Who held each seat, with which key, and what a guest may hold the host to about it.

Part of a guest's end-of-game check (parlour.trust.fairness).  The host lists two
timelines: `control` (who played a seat from a move on: the host's person,
a bot, or a guest) and `keys` (the public key of the guest holding a seat).
Neither is taken on trust: every event the guest was sent showed the
holders and keys at its version, so a timeline that never had what a guest
was shown fails; and while a link of the guest's held its seat, every move
there was its own, whatever the timelines say (`held_windows`).

Seat rules fixed when the table opened (the `seating` of the welcome): a seat
the host's person sat in stays the host's, a lobby bot stays a bot, and a
guest's seat is only ever the guest's (some device's key) or a bot's.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence

from ..game import canonical
from .statements import Context, fields

KINDS = ("human", "bot", "remote")


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Timeline:
    """A host's list of {version, seat, <field>} changes; an entry at v holds from the move at step v on.

    An event the guest saw at version v may show the values before or after
    any change listed at v.
    """

    def __init__(self, entries: Any, players: int, field: str, valid, start: Sequence[Any]):
        if not isinstance(entries, list):
            raise ValueError(f"the seat timeline ({field}) is not a list")
        last = 0
        for e in entries:
            if not (isinstance(e, dict) and _int(e.get("version")) and _int(e.get("seat"))
                    and 0 <= e["seat"] < players and valid(e.get(field)) and e["version"] >= last):
                raise ValueError(f"the seat timeline entry {str(e)[:60]} is not well-formed")
            last = e["version"]
        self.entries = entries
        self.players = players
        self.field = field
        self.start = list(start)

    def at(self, seat: int, step: int) -> Any:
        """Who (or which key) played `seat`'s move at `step`."""
        value = self.start[seat]
        for e in self.entries:
            if e["version"] > step:
                break
            if e["seat"] == seat:
                value = e[self.field]
        return value

    def shown_at(self, version: int) -> List[List[Any]]:
        """Every list of values an event at `version` may have shown."""
        values = list(self.start)
        options: List[List[Any]] = []
        for e in self.entries:
            if e["version"] > version:
                break
            if e["version"] == version:
                options.append(list(values))
            values[e["seat"]] = e[self.field]
        options.append(list(values))
        return options

    def changes(self, seat: Optional[int] = None) -> List[dict]:
        """Entries that change something (the first listing of a seat's start value is not a change)."""
        values = list(self.start)
        out = []
        for e in self.entries:
            if values[e["seat"]] != e[self.field] and (seat is None or e["seat"] == seat):
                out.append(e)
            values[e["seat"]] = e[self.field]
        return out


def control_timeline(entries: Any, seating: List[dict], players: int) -> Timeline:
    """The `control` list, read from the seating the welcome announced (entries that restate it change nothing)."""
    return Timeline(entries, players, "kind", lambda k: k in KINDS, [s["kind"] for s in seating])


def seat_rules_broken(control: Timeline, seating: List[dict]) -> Optional[str]:
    """The first change the seating forbids: only a guest's seat changes hands, and only between guest and bot."""
    for e in control.entries:
        lobby = seating[e["seat"]]["kind"]
        if lobby != "remote" and e["kind"] != lobby:
            return f"at move {e['version'] + 1} seat {e['seat'] + 1} is listed as {e['kind']}, but it was the host's {lobby} seat"
        if lobby == "remote" and e["kind"] not in ("remote", "bot"):
            return (f"at move {e['version'] + 1} seat {e['seat'] + 1}, a guest's seat, is listed as played by the host's person; "
                    "a guest's seat only ever goes to a bot")
    return None


def shown_everything(seen: Any, timeline: Timeline) -> Optional[str]:
    """Every [version, values] the guest was shown must be one the timeline had at that version."""
    for entry in seen or []:
        version, values = entry[0], entry[1]
        if list(values) not in timeline.shown_at(version):
            return f"at move {version} you were shown {', '.join(str(v) for v in values)}, which the host's timeline never had"
    return None


def held_windows(links: Any) -> List[tuple]:
    """[held, last] of each of this guest's links: from the first event that showed it holding its seat to its last.

    While such a link was open and holding (its state machine fails the host the
    moment an event shows the seat held by anyone else, js/net/guest-protocol.js),
    every move played in the seat between those two versions was played in front
    of it: an honest host hands a seat over only after closing the link.
    """
    out = []
    for link in links or []:
        if isinstance(link, dict) and _int(link.get("held")) and _int(link.get("last")):
            out.append((link["held"], link["last"]))
    return out


def played_while_held(step: int, windows: List[tuple]) -> bool:
    return any(held <= step < last for held, last in windows)


def check_signatures(actions: List[dict], reveals: List[dict], openings: List[int], control: Timeline, keys: Timeline,
                     context: Context, own: Callable[[int, dict], bool], verify, plies: Dict[int, int]) -> Optional[str]:
    """Every move a person made, other than this guest's own, carries that person's signature.

    A guest's seat signs with the key it held then; the host's own people sign
    with the host's key for the table.  Moves listed as a bot's (including the
    bot's choice that replaced a forfeited one) carry no signature: they are
    checked against the bot's own seeded choice instead.
    Outside a secret round the move itself is signed ({what: act}); inside one
    the reveal that played it is ({what: reveal}).  This guest's own moves are
    compared with its own record instead (parlour.trust.fairness): `own(step, entry)` says which those are.
    """
    for step, entry in enumerate(actions):
        seat = entry["seat"]
        if own(step, entry):
            continue
        holder = control.at(seat, step)
        if holder == "bot" or step in plies:  # a bot's move (a forfeited choice's too) is checked as the bot's
            continue
        key = keys.at(seat, step) if holder == "remote" else context["host_key"]
        opening = openings[step] if step < len(openings) else step
        if opening == step and not _in_round(reveals, seat, step):
            if not verify(key, fields(context, "act", seat, version=step, action=entry.get("action")), entry.get("sig")):
                return f"move {step + 1} by seat {seat + 1} does not carry that player's signature"
            continue
        reveal = next((r for r in reveals if r.get("seat") == seat and r.get("version") == opening
                       and canonical(r.get("action")) == canonical(entry.get("action"))), None)
        if reveal is None:
            continue  # a forfeited choice: checked as a bot's move
        signed = fields(context, "reveal", seat, version=opening, action=reveal.get("action"), nonce=reveal.get("nonce"))
        if not verify(key, signed, reveal.get("sig")):
            return f"seat {seat + 1}'s revealed choice in the round at move {opening + 1} does not carry that player's signature"
    return None


def _in_round(reveals: List[dict], seat: int, version: int) -> bool:
    return any(r.get("seat") == seat and r.get("version") == version for r in reveals)


def bot_level_wrong(plies: Dict[int, int], names: Dict[int, str], openings: List[int], actions: List[dict],
                    seating: List[dict], fallback: str) -> Optional[str]:
    """Each bot move names the level fixed for its seat when the table opened, and the exact position it chose at."""
    for step, ply in sorted(plies.items()):
        if not 0 <= step < len(actions):
            return f"a bot move is listed at move {step + 1}, which was never played"
        seat = actions[step]["seat"]
        want = seating[seat].get("level") or fallback
        if names.get(step) != want:
            return (f"move {step + 1} is listed as chosen by the {names.get(step)} bot, "
                    f"but seat {seat + 1}'s bot plays at {want}, as announced when the table opened")
        opening = openings[step] if step < len(openings) else step
        if ply != opening:
            return f"move {step + 1} is listed as the bot's choice at move {ply + 1}, but it was chosen at move {opening + 1}"
    return None
