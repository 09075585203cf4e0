"""Sealed choices in secret rounds, as a guest's end check sees them (part of parlour.trust.fairness).

Every commitment this guest saw was revealed as committed and played, or
forfeited: because the seat's signed reveal broke the rules (checked here
against the rules and the signature of the key that held the seat), or
because the host handed the seat to a bot before its reveal came.  Nobody
sealed a choice after seeing this guest's: the commitments it held when it
revealed are the ones that were played.

Nothing here calls another guest at fault.  In a star the host alone shows a
guest who the others are, so "seat 2 revealed a choice the rules refuse" is
said as what the record shows (a reveal signed with the key for seat 2 that
the table code covers), never as blame: only the table code, compared by the
people, tells that key is really seat 2's player.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional

from ..game import canonical
from .checks import Steps, commitment_for
from .own_moves import round_steps
from .seats import Timeline


def played_in_round(actions: List[dict], openings: List[int], seat: int, version: int, action) -> bool:
    """Was `action` played by `seat` in the round that opened at `version`?"""
    want = canonical(action)
    return any(canonical(actions[k].get("action")) == want for k in round_steps(actions, openings, seat, version))


def outcome(reveals: List[dict], forfeits: List[dict], seat: int, version: int, hsh: str) -> Optional[str]:
    """How a sealed choice ended: 'revealed', 'illegal' (revealed and refused by the rules), 'bot', or None."""
    if any(r.get("seat") == seat and r.get("version") == version and isinstance(r.get("nonce"), str)
           and commitment_for(r.get("action"), r["nonce"]) == hsh for r in reveals):
        return "revealed"
    forfeit = next((f for f in forfeits if f["seat"] == seat and f["version"] == version), None)
    if forfeit and forfeit["reason"] == "illegal" and isinstance(forfeit.get("nonce"), str) \
            and commitment_for(forfeit.get("action"), forfeit["nonce"]) == hsh:
        return "illegal"
    return "bot" if forfeit and forfeit["reason"] == "bot" else None


def check_sealed(mine: dict, fair: dict, actions: List[dict], openings: List[int], control: Timeline,
                 plies: Dict[int, int], forfeits: List[dict], illegal: List[bool], steps: Steps, notes: List[str],
                 me: Optional[int], signed_reveal: Callable[[dict], bool]) -> bool:
    claims = [f for f in forfeits if f["reason"] == "illegal"]
    sent_reveals = [s for s in mine.get("sent") or [] if s.get("kind") == "reveal"]
    for f in claims:  # nobody's choice is said to break the rules unless they signed it (this guest knows its own)
        if f["seat"] == me:
            ok = any(s.get("version") == f["version"] and canonical(s.get("action")) == canonical(f.get("action"))
                     for s in sent_reveals)
            detail = (f"the host says you revealed a choice the rules refuse in the round at move {f['version'] + 1}, "
                      "but you never sent that choice")
        else:
            ok = signed_reveal(f)
            detail = (f"the host says seat {f['seat'] + 1} revealed a choice the rules refuse in the round at move "
                      f"{f['version'] + 1}, but that reveal does not carry the signature of seat {f['seat'] + 1}'s key")
        if not steps.check("every choice said to break the rules was revealed and signed by its player", ok, detail):
            return False
    for f, really in zip(claims, illegal):
        if not steps.check("every forfeited choice was really against the rules", really,
                           f"the host says seat {f['seat'] + 1}'s choice at move {f['version'] + 1} broke the rules, "
                           "but the rules allow it"):
            return False
    reveals: List[dict] = fair.get("reveals") or []
    # The commitments this guest held when it revealed its own: nobody may have sealed anything else after seeing it.
    for r in mine.get("revealed_rounds") or []:
        for seat_key, hsh in (r.get("commits") or {}).items():
            seat = int(seat_key)
            if seat == me:
                continue
            if not steps.check("nobody sealed a choice after seeing yours", outcome(reveals, forfeits, seat, r["version"], hsh) is not None,
                               f"in the round at move {r['version'] + 1} seat {seat + 1}'s choice is not the one it had "
                               "sealed when you revealed yours"):
                return False
    for c in mine.get("commits") or []:
        seat, version, hsh = c["seat"], c["version"], c["hash"]
        name = "every sealed choice was revealed as committed and played, or forfeited"
        how = outcome(reveals, forfeits, seat, version, hsh)
        if how == "revealed":
            reveal = next(r for r in reveals if r.get("seat") == seat and r.get("version") == version
                          and isinstance(r.get("nonce"), str) and commitment_for(r.get("action"), r["nonce"]) == hsh)
            if not steps.check(name, played_in_round(actions, openings, seat, version, reveal["action"]),
                               f"seat {seat + 1}'s revealed choice in the round at move {version + 1} is not the move played"):
                return False
            continue
        if how == "illegal":
            if seat == me:
                notes.append(f"You revealed a choice the rules refuse in the secret round at move {version + 1}; "
                             "a bot chose for your seat instead.")
            else:
                notes.append(f"{{p{seat}}} (seat {seat + 1}): the choice revealed for this seat in the secret round at move "
                             f"{version + 1} breaks the rules, so a bot chose for the seat (the reveal is signed with the key "
                             "for that seat that your table code covers).")
            continue
        forfeit = next((f for f in forfeits if f["seat"] == seat and f["version"] == version), None)
        if how == "bot" and forfeit and control.at(seat, forfeit["step"]) == "bot" and forfeit["step"] in plies:
            if seat != me:  # whether its reveal was sent, only that player's own device can tell
                notes.append(f"{{p{seat}}}'s sealed choice in the round at move {version + 1} was not played: the host handed "
                             "the seat to a bot before playing it, and the bot chose instead.")
            continue
        steps.check(name, False, f"seat {seat + 1}'s sealed choice at move {version + 1}: no reveal matches the "
                                 "commitment and nothing forfeited it")
        return False
    return True
