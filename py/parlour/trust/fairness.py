"""A guest's end-of-game check of a network table (docs/p2p.md, "Fair dealing").

The host runs the engine, so only a check the guest makes itself can say the
game was fair.  At the end the host sends everything it claims happened (its
secret, the players' random bytes, the action log, every sealed choice's
reveal, which moves bots made and who held each seat when); the guest's page
sends that together with what it saw itself (commitments, view hashes, the
moves it sent and whether the host received them) to `verify_fair`, which
replays the game with this device's own engine and names the first check that
fails.  A failure says who it points at: a guest that revealed an illegal
choice is named as the guest, not blamed on the host.

Written as pure functions over plain JSON so that dishonest hosts can be
played in CPython tests.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any, Dict, List, Optional, Tuple

from .. import games
from ..errors import BadRequest
from ..game import canonical
from .canonical import canonical as strict_canonical
from .seats import (Timeline, bot_level_wrong, check_signatures, control_timeline, seat_rules_broken,
                             shown_everything, unseen_change_of_mine)
from .replay import bot_names, bot_plies, replay
from .signatures import verify as verify_signature


def sha256_hex(data: Any) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def commitment_for(action: Any, nonce: str) -> str:
    """The hash a seat sends to seal a choice: SHA-256(canonical(action) ":" nonce) (js/net/commit-reveal.js).

    The strict spelling (parlour.trust.canonical): a value JavaScript would spell
    otherwise raises, so the check fails as unreadable instead of hashing other bytes.
    """
    return sha256_hex(f"{strict_canonical(action)}:{nonce}")


def b64url(text: Any) -> bytes:
    """Bytes from unpadded base64url; ValueError when unreadable."""
    if not isinstance(text, str):
        raise ValueError("not text")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("not base64url") from None


def derive_seed(secret: bytes, entropy: List[Optional[bytes]]) -> str:
    """SHA-256(secret ‖ bytes of each contributing seat in seat order), as hex (js/net/fairness.js)."""
    return sha256_hex(secret + b"".join(e for e in entropy if e is not None))


class _Steps:
    """The checks in order; the first failure stops the list."""

    def __init__(self) -> None:
        self.steps: List[dict] = []

    def check(self, name: str, ok: bool, detail: str = "", blame: str = "host") -> bool:
        self.steps.append({"name": name, "ok": bool(ok), "detail": "" if ok else detail,
                           "blame": None if ok else blame})
        return bool(ok)


def verify_fair(message: dict) -> dict:
    """Check a finished network game from one guest's side.

    message = {"mine": what this guest kept, "fair": what the host revealed}
    (shapes in docs/p2p.md).  Returns {"verified", "steps": [{name, ok, detail,
    blame}], "notes": [sentences about handovers and forfeits]}.
    """
    mine, fair = message.get("mine"), message.get("fair")
    if not isinstance(mine, dict) or not isinstance(fair, dict):
        raise BadRequest("verify_fair needs 'mine' and 'fair' objects.")
    steps = _Steps()
    notes: List[str] = []
    ending: List[str] = []
    try:
        _verify(mine, fair, steps, notes, ending)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        steps.check("the host's end-of-game message is readable", False, f"it is malformed ({exc})")
    verified = all(s["ok"] for s in steps.steps)
    # why the game ended, in this device's own words (the replay's), shown only once verified
    return {"verified": verified, "steps": steps.steps, "notes": notes,
            "ending": ending[0] if verified and ending else ""}


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seating(mine: dict, players: int) -> List[dict]:
    """The seats as the welcome announced them: {kind: human|bot|remote, level} each, fixed for the table."""
    seating = mine["seating"]
    if not (isinstance(seating, list) and len(seating) == players
            and all(isinstance(s, dict) and s.get("kind") in ("human", "bot", "remote") for s in seating)):
        raise ValueError("your record of the table's seats is not readable")
    return seating


def _verify(mine: dict, fair: dict, steps: _Steps, notes: List[str], ending: List[str]) -> None:
    game = games.get(mine["game"])
    players: int = mine["players"]
    me: Optional[int] = mine.get("seat")
    table: str = mine["table"]
    seating = _seating(mine, players)
    fallback: str = mine["fallback"]
    actions: List[dict] = fair["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, dict) and _int(a.get("seat")) for a in actions):
        raise ValueError("the action log is not a list of moves")
    my_keys = [k for k in mine.get("my_keys") or [] if isinstance(k, str)]

    if not _check_deal(mine, fair, players, me, table, steps, notes):
        return

    # 2. Who held each seat, with which key: the seating's rules, and what this guest was shown.
    control = control_timeline(fair["control"], seating, players)
    keys = Timeline(fair["keys"], players, "key", lambda k: k is None or isinstance(k, str), [None] * players)
    broken = seat_rules_broken(control, seating)
    if not steps.check("every seat changed hands only as the table's seating allows", broken is None, broken or ""):
        return
    for name, seen, timeline in (("every seat was played by whom you were shown", mine.get("kinds_seen"), control),
                                 ("every seat's key is the one you were shown", mine.get("keys_seen"), keys)):
        wrong = shown_everything(seen, timeline)
        if not steps.check(name, wrong is None, wrong or ""):
            return
    if me is not None:
        for timeline, what in ((control, "who played it"), (keys, "the device that held it")):
            hidden = unseen_change_of_mine(me, mine.get("spans"), mine.get("kinds_seen" if timeline is control else "keys_seen"),
                                           timeline)
            if not steps.check("every change of your seat was shown to you as it happened", hidden is None,
                               f"the host's timeline changes {what} at move {(hidden or {}).get('version', 0) + 1} "
                               "while you were connected, and you were never shown it"):
                return

    # 3. Replay everything with this device's engine.
    plies = bot_plies(fair["bots"])
    names = bot_names(fair["bots"])
    forfeits: List[dict] = fair.get("forfeits") or []
    for f in forfeits:
        if not (_int(f.get("seat")) and _int(f.get("version")) and _int(f.get("step")) and f.get("reason") in ("illegal", "bot")):
            raise ValueError("a forfeit is not well-formed")
    claims = [{"seat": f["seat"], "version": f["version"], "action": f.get("action")}
              for f in forfeits if f["reason"] == "illegal"]
    views: Dict[str, str] = mine.get("views") or {}
    versions = [int(v) for v in views]
    result = replay(game, players, fair["seed"], mine.get("options") or {}, actions, me, versions, plies, claims, names=names)
    if result.get("ending"):
        ending.append(result["ending"])
    failed = result["failed"]
    if not steps.check("every move replays", failed is None,
                       f"move {failed['step'] + 1 if failed else 0}: {failed['error'] if failed else ''}"):
        return
    openings: List[int] = result["openings"]
    reveals: List[dict] = fair.get("reveals") or []
    mine_at = (lambda step: me is not None and keys.at(me, step) in my_keys)
    host_key = mine.get("host_key")
    # this guest's own moves are held to its own record (step 6); moves in its seat by another device are checked as anyone's
    own = (lambda step, entry: entry["seat"] == me and mine_at(step))
    unsigned = check_signatures(actions, reveals, openings, control, keys, table, own, verify_signature, host_key, plies)
    if not steps.check("every move by another player carries that player's signature", unsigned is None, unsigned or ""):
        return

    # 4. Bots: every move a bot held is listed, at its seat's level and the exact position it chose at, and is its choice.
    for step, entry in enumerate(actions):
        holder = control.at(entry["seat"], step)
        forfeit = _forfeit_at(forfeits, entry["seat"], step)
        if holder == "bot" and step not in plies:
            steps.check("every move by a bot is listed and checked", False,
                        f"move {step + 1} was played while a bot held seat {entry['seat'] + 1}, but is not listed as the bot's")
            return
        # a person's seat takes a bot's choice only when its revealed choice broke the rules ("bot" forfeits need a handover)
        if step in plies and holder != "bot" and not (forfeit and forfeit["reason"] == "illegal" and plies[step] == forfeit["version"]):
            steps.check("every move by a bot is listed and checked", False,
                        f"move {step + 1} is listed as a bot's, but a person held seat {entry['seat'] + 1} and no choice of theirs broke the rules")
            return
    wrong_level = bot_level_wrong(plies, names, openings, actions, seating, fallback)
    if not steps.check("every bot move was chosen at its seat's level, at its own position", wrong_level is None,
                       wrong_level or ""):
        return
    mismatch = result["bot_mismatch"]
    if not steps.check("every bot move is the bot's own choice", mismatch is None,
                       f"move {(mismatch or 0) + 1} is not what the bot chooses there"):
        return
    bad_view = next((v for v in sorted(versions) if result["hashes"].get(str(v)) != views[str(v)]), None)
    if not steps.check("every view you were sent matches the replay", bad_view is None,
                       f"the view you were sent after move {bad_view} is not the replay's"):
        return

    # 5. Sealed choices: each commitment was revealed and played, or forfeited by the rules.
    def signed_reveal(f: dict) -> bool:
        """Did the seat itself sign the reveal a forfeit holds against it (its key then, or the host's for its people)?"""
        holder = control.at(f["seat"], f["version"])
        key = keys.at(f["seat"], f["version"]) if holder == "remote" else host_key
        return verify_signature(key, {"what": "reveal", "table": table, "seat": f["seat"], "version": f["version"],
                                      "action": f.get("action"), "nonce": f.get("nonce")}, f.get("sig"))

    if not _check_sealed(mine, fair, actions, control, plies, forfeits, result["illegal"], steps, notes, players, me,
                         signed_reveal):
        return

    # 6. This guest's own moves: every move the host received was played as sent, and nothing else for it.
    if me is not None and not _check_own_moves(mine, actions, control, plies, forfeits, me, players, mine_at, steps):
        return

    if mine.get("result") is not None:
        steps.check("the result is the replay's", canonical(result["result"]) == canonical(mine["result"]),
                    "the result you were shown is not the replay's")
    for e in control.changes():
        who = f"{{p{e['seat']}}} (seat {e['seat'] + 1})"
        notes.append(f"The host handed {who} to a bot at move {e['version'] + 1}." if e["kind"] == "bot"
                     else f"A player took {who} back at move {e['version'] + 1}.")
    if mine.get("deal_round"):
        notes.append(f"The deal was made again {mine['deal_round']} time(s) (a guest left or came back after every seal was in); "
                     "each new deal had a new commitment and fresh bytes from every guest.")
    if me is not None:
        for e in keys.changes(me)[1:]:
            if e["key"] not in my_keys:
                notes.append(f"At move {e['version'] + 1} the host gave your seat to another device (a new player invite).")


def _check_deal(mine: dict, fair: dict, players: int, me: Optional[int], table: str, steps: _Steps,
                notes: List[str]) -> bool:
    """The host's secret, the guests' bytes against the seals this guest recorded, and the seed."""
    secret = b64url(fair["secret"])
    if not steps.check("the host's secret matches its commitment", sha256_hex(secret) == mine["commitment"],
                       "SHA-256 of the revealed secret is not the commitment sent when the table opened"):
        return False
    entropy: List[Any] = fair["entropy"]
    if not isinstance(entropy, list) or len(entropy) != players:
        raise ValueError("the players' bytes are not listed by seat")
    sealed: Optional[Dict[str, str]] = mine.get("entropy_commits")
    if sealed is not None:
        listed = {str(s) for s, e in enumerate(entropy) if e is not None}
        if not steps.check("only the guests' bytes went into the seed", listed == set(sealed),
                           f"bytes are listed for seats {_seats(listed)}, but seats {_seats(sealed)} sealed theirs"):
            return False
        bad = next((s for s in sorted(sealed) if sha256_hex(b64url(entropy[int(s)])) != sealed[s]), None)
        if not steps.check("every guest's bytes are the ones it sealed before anyone revealed", bad is None,
                           f"seat {int(bad or 0) + 1}'s bytes do not match the hash it sealed"):
            return False
        seals = fair.get("seals") or {}
        forged = next((s for s in sorted(sealed) if int(s) != me and not verify_signature(
            _key_at_deal(fair, int(s)), {"what": "seal", "table": table, "seat": int(s), "hash": sealed[s]},
            (seals.get(s) or {}).get("sig"))), None)
        if not steps.check("every guest's seal carries that guest's signature", forged is None,
                           f"seat {int(forged or 0) + 1}'s seal is not signed by that seat's key"):
            return False
    elif me is not None and isinstance(mine.get("sealed"), str) and me in (fair.get("dropped") or []):
        notes.append("Your seat went to a bot before the deal was made, so your random bytes are not in the seed, and this "
                     "device did not see the other players' seals to check their bytes against.")
    else:
        notes.append("You joined after the deal, so the players' random bytes were not checked against their seals.")
    if me is not None and mine.get("entropy") is not None:
        if not steps.check("your random bytes went into the seed", entropy[me] == mine["entropy"],
                           "the bytes listed for your seat are not the ones you sent"):
            return False
    if me is not None and isinstance(mine.get("sealed"), str) and not _sealed_bytes_used(mine["sealed"], entropy[me], fair, me, steps):
        return False
    seed = derive_seed(secret, [b64url(e) if e is not None else None for e in entropy])
    return steps.check("the seed is SHA-256 of the secret and the guests' bytes", seed == fair["seed"],
                       f"the host played seed {str(fair['seed'])[:12]}…, the secret and bytes give {seed[:12]}…")


def _sealed_bytes_used(sealed: str, listed: Any, fair: dict, me: int, steps: _Steps) -> bool:
    """This device sealed bytes for the deal: they are in the seed, or its seat left the deal by going to a bot.

    A seat leaves the deal only when it is handed to a bot before every seal is
    in (that closes its link, so the guest never saw a deal without it: its
    state machine fails the host otherwise, js/net/guest-protocol.js).
    """
    name = "your sealed random bytes went into the seed"
    if listed is None:
        dropped = fair.get("dropped") or []
        return steps.check(name, isinstance(dropped, list) and me in dropped,
                           "the seed was made without the bytes your seat sealed, and the host never handed your seat "
                           "to a bot before the deal")
    return steps.check(name, sha256_hex(b64url(listed)) == sealed,
                       "the bytes listed for your seat do not match the seal you sent")


def _key_at_deal(fair: dict, seat: int) -> Any:
    """The key that held `seat` when the game was dealt (the seals are made before the first move)."""
    key = None
    for e in fair.get("keys") or []:
        if isinstance(e, dict) and e.get("seat") == seat and e.get("version") == 0:
            key = e.get("key")
    return key


def _forfeit_at(forfeits: List[dict], seat: int, step: int) -> Optional[dict]:
    return next((f for f in forfeits if f["seat"] == seat and f["step"] == step), None)


def _seats(keys: Any) -> str:
    return ", ".join(str(int(k) + 1) for k in sorted(keys, key=int)) or "none"


def _played(actions: List[dict], seat: int, version: int, players: int, action: Any) -> bool:
    """Was `action` played by `seat` in the round that opened at `version`?"""
    want = canonical(action)
    return any(a["seat"] == seat and canonical(a.get("action")) == want for a in actions[version:version + players])


def _outcome(reveals: List[dict], forfeits: List[dict], seat: int, version: int, hsh: str) -> Optional[str]:
    """How a sealed choice ended: 'revealed', 'illegal' (revealed and refused by the rules), 'bot', or None."""
    if any(r.get("seat") == seat and r.get("version") == version and isinstance(r.get("nonce"), str)
           and commitment_for(r.get("action"), r["nonce"]) == hsh for r in reveals):
        return "revealed"
    forfeit = next((f for f in forfeits if f["seat"] == seat and f["version"] == version), None)
    if forfeit and forfeit["reason"] == "illegal" and isinstance(forfeit.get("nonce"), str) \
            and commitment_for(forfeit.get("action"), forfeit["nonce"]) == hsh:
        return "illegal"
    return "bot" if forfeit and forfeit["reason"] == "bot" else None


def _check_sealed(mine: dict, fair: dict, actions: List[dict], control: Timeline, plies: Dict[int, int],
                  forfeits: List[dict], illegal: List[bool], steps: _Steps, notes: List[str], players: int,
                  me: Optional[int], signed_reveal) -> bool:
    claims = [f for f in forfeits if f["reason"] == "illegal"]
    sent_reveals = [s for s in mine.get("sent") or [] if s.get("kind") == "reveal"]
    for f in claims:  # nobody is called at fault for a choice they did not sign (this guest knows its own)
        if f["seat"] == me:
            ok = any(s.get("version") == f["version"] and canonical(s.get("action")) == canonical(f.get("action"))
                     for s in sent_reveals)
            detail = (f"the host says you revealed a choice the rules refuse in the round at move {f['version'] + 1}, "
                      "but you never sent that choice")
        else:
            ok = signed_reveal(f)
            detail = (f"the host says seat {f['seat'] + 1} revealed a choice the rules refuse in the round at move "
                      f"{f['version'] + 1}, but that reveal does not carry the player's signature")
        if not steps.check("every choice said to break the rules was revealed and signed by its player", ok, detail):
            return False
    for f, really in zip(claims, illegal):
        if not steps.check("every forfeited choice was really against the rules", really,
                           f"the host says seat {f['seat'] + 1}'s choice at move {f['version']} broke the rules, but the rules allow it"):
            return False
    reveals: List[dict] = fair.get("reveals") or []
    # The commitments this guest held when it revealed its own: nobody may have sealed anything else after seeing it.
    for r in mine.get("revealed_rounds") or []:
        for seat_key, hsh in (r.get("commits") or {}).items():
            seat = int(seat_key)
            if seat == me:
                continue
            how = _outcome(reveals, forfeits, seat, r["version"], hsh)
            if not steps.check("nobody sealed a choice after seeing yours", how is not None,
                               f"in the round at move {r['version'] + 1} seat {seat + 1}'s choice is not the one it had "
                               "sealed when you revealed yours"):
                return False
    for c in mine.get("commits") or []:
        seat, version, hsh = c["seat"], c["version"], c["hash"]
        name = f"seat {seat + 1}'s sealed choice at move {version} was revealed as committed and played"
        how = _outcome(reveals, forfeits, seat, version, hsh)
        if how == "revealed":
            reveal = next(r for r in reveals if r.get("seat") == seat and r.get("version") == version
                          and isinstance(r.get("nonce"), str) and commitment_for(r.get("action"), r["nonce"]) == hsh)
            if not steps.check(name, _played(actions, seat, version, players, reveal["action"]),
                               "the revealed choice is not the move played"):
                return False
            continue
        if how == "illegal":
            notes.append(f"{{p{seat}}} (seat {seat + 1}) revealed a choice the rules refuse in the secret round at move {version + 1}; "
                         "a bot chose for that seat instead (the guest's fault, not the host's).")
            continue
        forfeit = next((f for f in forfeits if f["seat"] == seat and f["version"] == version), None)
        if how == "bot" and forfeit and control.at(seat, forfeit["step"]) == "bot" and forfeit["step"] in plies:
            if seat != me:  # whether its reveal was sent, only that player's own device can tell
                notes.append(f"{{p{seat}}}'s sealed choice in the round at move {version + 1} was not played: the host handed "
                             "the seat to a bot before playing it, and the bot chose instead.")
            continue
        steps.check(name, False, "no reveal matches the commitment and nothing forfeited it")
        return False
    return True


def _check_own_moves(mine: dict, actions: List[dict], control: Timeline, plies: Dict[int, int],
                     forfeits: List[dict], me: int, players: int, mine_at, steps: _Steps) -> bool:
    name = "every move you sent was played as sent, and nothing else was played for you"
    sent: List[dict] = mine.get("sent") or []
    for s in sent:
        if not s.get("received") or (s.get("refused") and s["kind"] == "act"):
            continue
        v, action = s["version"], s["action"]
        if s["kind"] == "act":
            ok = 0 <= v < len(actions) and actions[v]["seat"] == me and canonical(actions[v].get("action")) == canonical(action)
        else:  # a reveal the host received stands: played, or refused by the rules for everyone to check
            ok = _played(actions, me, v, players, action) or any(
                f["seat"] == me and f["version"] == v and f["reason"] == "illegal" for f in forfeits)
        if not steps.check(name, ok, f"your move at move {v + 1} was received by the host but not played as you sent it"):
            return False
    for step, entry in enumerate(actions):
        if entry["seat"] != me or step in plies or control.at(me, step) != "remote" or not mine_at(step):
            continue
        want = canonical(entry.get("action"))
        ok = any(canonical(s["action"]) == want and (
            s["version"] == step if s["kind"] == "act" else s["version"] <= step < s["version"] + players) for s in sent)
        if not steps.check(name, ok, f"move {step + 1} was played for your seat, but you never sent it"):
            return False
    return True


__all__: Tuple[str, ...] = ("verify_fair", "commitment_for", "derive_seed")
