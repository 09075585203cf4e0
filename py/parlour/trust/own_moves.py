"""This guest's own seat, held to this guest's own record (part of parlour.trust.fairness).

Three rules, each resting on what this device sent and saw, never on the
host's timelines alone:

- every move it sent that the host received was played as sent, and nothing
  else was played for it while the host's timelines say its key held the seat;
- while one of its links held the seat (`held_windows`), every move played
  there was one it sent: a handover behind its back, or at a link's first
  event, has no way through;
- a move or reveal it sent is never replaced by a bot's through a handover:
  an honest host handles everything a guest sent before its `bye` reply and
  hands the seat over only then (js/tables/host-guests.js), so a bot's move
  in place of one that was sent, or one the host refused although the rules
  allow it, is the host's doing.
"""
from __future__ import annotations

from typing import Callable, Dict, List

from ..game import canonical
from .checks import Steps
from .seats import Timeline, played_while_held

OWN = "every move you sent was played as sent, and nothing else was played for you"
HELD = "every move in your seat while you held it was yours"
REPLACED = "no move or reveal you sent was replaced by a bot's"


def round_steps(actions: List[dict], openings: List[int], seat: int, opening: int) -> List[int]:
    """The steps at which `seat` moved in the secret round that opened at `opening`."""
    return [k for k in range(opening, len(actions)) if k < len(openings) and openings[k] == opening and actions[k]["seat"] == seat]


class _Sent:
    """What this guest sent, indexed once by (kind, version): the moves it sent for each position, canonically spelt.

    Every step of a long game asks "did it send this?", so the list is spelt once, not once per step."""

    def __init__(self, sent: List[dict]):
        self.by: Dict[tuple, set] = {}
        for s in sent:
            if s.get("kind") in ("act", "reveal"):
                self.by.setdefault((s["kind"], s.get("version")), set()).add(canonical(s.get("action")))

    def sent_for(self, step: int, action, openings: List[int]) -> bool:
        """Did this guest send `action` for the move at `step` (a move at its version, or a reveal of its round)?"""
        want = canonical(action)
        opening = openings[step] if step < len(openings) else step
        return want in self.by.get(("act", step), ()) or want in self.by.get(("reveal", opening), ())


def check_own_moves(mine: dict, actions: List[dict], control: Timeline, plies: Dict[int, int], forfeits: List[dict],
                    me: int, players: int, mine_at: Callable[[int], bool], openings: List[int], steps: Steps) -> bool:
    sent: List[dict] = mine.get("sent") or []
    for s in sent:
        if s.get("kind") not in ("act", "reveal") or not s.get("received") or (s.get("refused") and s["kind"] == "act"):
            continue
        v, action = s["version"], s["action"]
        if s["kind"] == "act":
            ok = 0 <= v < len(actions) and actions[v]["seat"] == me and canonical(actions[v].get("action")) == canonical(action)
        else:  # a reveal the host received stands: played, or refused by the rules for everyone to check
            ok = any(canonical(actions[k].get("action")) == canonical(action) for k in round_steps(actions, openings, me, v)) \
                or any(f["seat"] == me and f["version"] == v and f["reason"] == "illegal" for f in forfeits)
        if not steps.check(OWN, ok, f"your move at move {v + 1} was received by the host but not played as you sent it"):
            return False
    index = _Sent(sent)
    for step, entry in enumerate(actions):
        if entry["seat"] != me or step in plies or control.at(me, step) != "remote" or not mine_at(step):
            continue
        if not steps.check(OWN, index.sent_for(step, entry.get("action"), openings),
                           f"move {step + 1} was played for your seat, but you never sent it"):
            return False
    return True


def check_held(mine: dict, actions: List[dict], forfeits: List[dict], illegal_ok: Callable[[dict], bool],
               me: int, windows: List[tuple], openings: List[int], steps: Steps) -> bool:
    """While a link of this guest held its seat, every move there was its own (or the bot's for a reveal the rules refused)."""
    index = _Sent(mine.get("sent") or [])
    for step, entry in enumerate(actions):
        if entry["seat"] != me or not played_while_held(step, windows):
            continue
        if index.sent_for(step, entry.get("action"), openings):
            continue
        opening = openings[step] if step < len(openings) else step
        forfeit = next((f for f in forfeits if f["seat"] == me and f["version"] == opening and f["reason"] == "illegal"), None)
        if forfeit and illegal_ok(forfeit):
            continue
        steps.check(HELD, False, f"move {step + 1} was played in your seat while you were connected and holding it, "
                                 "and you never sent it")
        return False
    steps.check(HELD, True)
    return True


def check_replaced(mine: dict, actions: List[dict], plies: Dict[int, int], forfeits: List[dict], me: int,
                   openings: List[int], legal_refused: Dict[int, bool], steps: Steps) -> bool:
    """No move or reveal this guest sent was replaced by a bot's through a handover.

    `legal_refused[i]`: the i-th sent message was a move the host refused although the rules allow it there.
    """
    sent: List[dict] = mine.get("sent") or []
    index = _Sent(sent)
    for i, s in enumerate(sent):
        kind, v = s.get("kind"), s.get("version")
        if kind == "act":
            if s.get("refused") and not legal_refused.get(i):
                continue  # refused by the rules (or a late move): nothing of it was to be played
            if not (isinstance(v, int) and 0 <= v < len(actions)) or actions[v]["seat"] != me or openings[v] != v:
                continue
            if v in plies and not index.sent_for(v, actions[v].get("action"), openings):
                steps.check(REPLACED, False, f"your move at move {v + 1} was replaced by a bot's: the host handed your seat "
                                             "to a bot instead of playing the move you had sent")
                return False
        elif kind == "reveal" and isinstance(v, int):
            if any(f["seat"] == me and f["version"] == v and f["reason"] == "illegal" for f in forfeits):
                continue  # the rules refused it, for everyone to check
            for k in round_steps(actions, openings, me, v):
                if k in plies and canonical(actions[k].get("action")) != canonical(s.get("action")):
                    steps.check(REPLACED, False, f"your sealed choice in the round at move {v + 1} was replaced by a bot's "
                                                 "after you had sent its reveal")
                    return False
    steps.check(REPLACED, True)
    return True


def refused_acts(mine: dict) -> List[tuple]:
    """(index in `sent`, claim) for every move of this guest's the host refused: was it against the rules there?"""
    out = []
    for i, s in enumerate(mine.get("sent") or []):
        if s.get("kind") == "act" and s.get("refused") and isinstance(s.get("version"), int):
            out.append((i, {"seat": mine.get("seat"), "version": s["version"], "action": s.get("action")}))
    return out


__all__ = ["check_own_moves", "check_held", "check_replaced", "refused_acts", "round_steps"]
