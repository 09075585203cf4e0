"""A guest's end-of-game check of a network table (docs/p2p.md, "Fair dealing", and its claims table).

The host runs the engine, so only a check the guest makes itself can say the
game was fair, and the verdict rests only on what this guest's own record
proves or on a signature it verified.  At the end the host sends everything
it claims happened (its secret, the seed, the action log, every sealed
choice's reveal, which moves bots made and who held each seat when); the
guest's page sends that with its own record (the deal it was shown, the
commitments and views it saw, what it sent and whether the host received it,
each link's span) to `verify_fair`, which replays the game with this device's
own engine and names the first check that fails, and whom it points at.

Two stages.  The first checks everything but searching the bots' moves again;
with `defer_bots` it lists those searched moves (`pending`) for the second
stage, which the page runs over parallel workers (parlour.trust.replay
`recheck_bots`, js/net/bot-recheck.js).  Without it everything is checked here.

The verdict's kind: "fair" (this device's own bytes are in the seed and
every check holds: only then "Verified fair"), or a weaker one that says
why ("late", "unseeded", "partial", "watching": parlour.trust.deal).

Pure functions over plain JSON, so that dishonest hosts can be played in
CPython tests.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from .. import games
from ..errors import BadRequest, ParlourError
from ..game import canonical
from .checks import Steps, commitment_for, derive_seed, is_int
from .deal import check_deal
from .own_moves import check_held, check_own_moves, check_replaced, refused_acts
from .replay import bot_names, bot_plies, replay, searched
from .rounds import check_sealed
from .seats import (Timeline, bot_level_wrong, check_signatures, control_timeline, held_windows, seat_rules_broken,
                    shown_everything)
from .signatures import verify as verify_signature
from .statements import context_of, fields


def verify_fair(message: dict) -> dict:
    """Check a finished network game from one guest's side.

    message = {"mine": what this guest kept, "fair": what the host revealed,
    "defer_bots": bool} (shapes in docs/p2p.md).  Returns {"verified" (every
    check of this stage holds), "kind", "reason", "steps": [{name, ok, detail,
    blame}], "notes": [sentences about handovers and forfeits], "pending": [bot
    moves left for the second stage], "ending"}.
    """
    mine, fair = message.get("mine"), message.get("fair")
    if not isinstance(mine, dict) or not isinstance(fair, dict):
        raise BadRequest("verify_fair needs 'mine' and 'fair' objects.")
    steps = Steps()
    notes: List[str] = []
    out: Dict[str, Any] = {"ending": "", "kind": "failed", "reason": "", "pending": []}
    try:
        _verify(mine, fair, bool(message.get("defer_bots")), steps, notes, out)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        steps.check("the host's end-of-game message is readable", False, f"it is malformed ({exc})")
    verified = steps.ok()
    if not verified:
        out.update(kind="failed", reason="", pending=[])
    return {"verified": verified, "kind": out["kind"], "reason": out["reason"], "steps": steps.steps, "notes": notes,
            "pending": out["pending"], "ending": out["ending"] if verified else ""}


def _seating(mine: dict, players: int) -> List[dict]:
    """The seats as the welcome announced them: {kind: human|bot|remote, level} each, fixed for the table."""
    seating = mine["seating"]
    if not (isinstance(seating, list) and len(seating) == players
            and all(isinstance(s, dict) and s.get("kind") in ("human", "bot", "remote") for s in seating)):
        raise ValueError("your record of the table's seats is not readable")
    return seating


def _table_problem(mine: dict) -> Optional[str]:
    """Why the table the welcome described is not one this device's engine can set up (its game, players, options)."""
    try:
        games.get(mine["game"]).setup(mine["players"], "probe", mine.get("options") or {})
    except ParlourError as exc:
        return f"the welcome describes a table this game cannot have ({exc})"
    return None


def _verify(mine: dict, fair: dict, defer: bool, steps: Steps, notes: List[str], out: Dict[str, Any]) -> None:
    problem = _table_problem(mine)
    if not steps.check("the table is one this game can have", problem is None, problem or ""):
        return
    game = games.get(mine["game"])
    players: int = mine["players"]
    me: Optional[int] = mine.get("seat")
    seating = _seating(mine, players)
    fallback: str = mine["fallback"]
    context = context_of(mine)
    actions: List[dict] = fair["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, dict) and is_int(a.get("seat")) for a in actions):
        raise ValueError("the action log is not a list of moves")
    my_keys = [k for k in mine.get("my_keys") or [] if isinstance(k, str)]

    # 1. The deal, and what it makes of the verdict.
    verdict = check_deal(mine, fair, players, me, seating, context, steps)
    if verdict is None:
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

    # 3. Replay everything with this device's engine; searched bot moves wait for the second stage when deferred.
    plies = bot_plies(fair["bots"])
    names = bot_names(fair["bots"])
    later = sorted(s for s in plies if defer and searched(game, names.get(s, "random")))
    forfeits: List[dict] = fair.get("forfeits") or []
    for f in forfeits:
        if not (is_int(f.get("seat")) and is_int(f.get("version")) and is_int(f.get("step")) and f.get("reason") in ("illegal", "bot")):
            raise ValueError("a forfeit is not well-formed")
    claims = [{"seat": f["seat"], "version": f["version"], "action": f.get("action")}
              for f in forfeits if f["reason"] == "illegal"]
    refused = refused_acts(mine) if me is not None else []
    views: Dict[str, str] = mine.get("views") or {}
    versions = [int(v) for v in views]
    result = replay(game, players, fair["seed"], mine.get("options") or {}, actions, me, versions, plies,
                    claims + [c for _, c in refused], names=names, deferred=later)
    failed = result["failed"]
    if not steps.check("every move replays", failed is None,
                       f"move {failed['step'] + 1 if failed else 0}: {failed['error'] if failed else ''}"):
        return
    openings: List[int] = result["openings"]
    illegal = result["illegal"][:len(claims)]
    legal_refused = {i: not against for (i, _), against in zip(refused, result["illegal"][len(claims):])}
    reveals: List[dict] = fair.get("reveals") or []
    mine_at = (lambda step: me is not None and keys.at(me, step) in my_keys)
    # this guest's own moves are held to its own record (step 6); moves in its seat by another device are checked as anyone's
    own = (lambda step, entry: entry["seat"] == me and mine_at(step))
    unsigned = check_signatures(actions, reveals, openings, control, keys, context, own, verify_signature, plies)
    if not steps.check("every move by another player carries that player's signature", unsigned is None, unsigned or ""):
        return

    # 4. Bots: every move a bot held is listed, at its seat's level and the exact position it chose at, and is its choice.
    if not _check_bots(actions, control, plies, names, forfeits, openings, seating, fallback, result, steps):
        return
    bad_view = next((v for v in sorted(versions) if result["hashes"].get(str(v)) != views[str(v)]), None)
    if not steps.check("every view you were sent matches the replay", bad_view is None,
                       f"the view you were sent after move {bad_view} is not the replay's"):
        return

    # 5. Sealed choices: each commitment was revealed and played, or forfeited by the rules.
    def signed_reveal(f: dict) -> bool:
        """Did the seat itself sign the reveal a forfeit holds against it (its key then, or the host's for its people)?"""
        holder = control.at(f["seat"], f["version"])
        key = keys.at(f["seat"], f["version"]) if holder == "remote" else context["host_key"]
        return verify_signature(key, fields(context, "reveal", f["seat"], version=f["version"], action=f.get("action"),
                                            nonce=f.get("nonce")), f.get("sig"))

    if not check_sealed(mine, fair, actions, openings, control, plies, forfeits, illegal, steps, notes, me, signed_reveal):
        return

    # 6. This guest's own seat, held to its own record.
    if me is not None:
        truly_illegal = {(f["seat"], f["version"]): really for f, really in zip([f for f in forfeits if f["reason"] == "illegal"], illegal)}
        if not check_own_moves(mine, actions, control, plies, forfeits, me, players, mine_at, openings, steps):
            return
        own_illegal = (lambda f: truly_illegal.get((f["seat"], f["version"]), False) and any(
            s.get("kind") == "reveal" and s.get("version") == f["version"] and canonical(s.get("action")) == canonical(f.get("action"))
            for s in mine.get("sent") or []))
        if not check_held(mine, actions, forfeits, own_illegal, me, held_windows(mine.get("links")), openings, steps):
            return
        if not check_replaced(mine, actions, plies, forfeits, me, openings, legal_refused, steps):
            return

    if mine.get("result") is not None and not steps.check(
            "the result is the replay's", canonical(result["result"]) == canonical(mine["result"]),
            "the result you were shown is not the replay's"):
        return
    _notes(control, keys, me, my_keys, notes)
    out.update(kind=verdict["kind"], reason=verdict["reason"], ending=result.get("ending") or "",
               pending=[{"step": s, "ply": plies[s], "bot": names.get(s, "random"), "seat": actions[s]["seat"]} for s in later])


def _check_bots(actions: List[dict], control: Timeline, plies: Dict[int, int], names: Dict[int, str], forfeits: List[dict],
                openings: List[int], seating: List[dict], fallback: str, result: dict, steps: Steps) -> bool:
    name = "every move by a bot is listed and checked"
    for step, entry in enumerate(actions):
        holder = control.at(entry["seat"], step)
        forfeit = next((f for f in forfeits if f["seat"] == entry["seat"] and f["step"] == step), None)
        if holder == "bot" and step not in plies:
            return steps.check(name, False, f"move {step + 1} was played while a bot held seat {entry['seat'] + 1}, "
                                            "but is not listed as the bot's")
        # a person's seat takes a bot's choice only when its revealed choice broke the rules ("bot" forfeits need a handover)
        if step in plies and holder != "bot" and not (forfeit and forfeit["reason"] == "illegal" and plies[step] == forfeit["version"]):
            return steps.check(name, False, f"move {step + 1} is listed as a bot's, but a person held seat {entry['seat'] + 1} "
                                            "and no choice of theirs broke the rules")
    wrong_level = bot_level_wrong(plies, names, openings, actions, seating, fallback)
    if not steps.check("every bot move was chosen at its seat's level, at its own position", wrong_level is None,
                       wrong_level or ""):
        return False
    mismatch = result["bot_mismatch"]
    return steps.check("every bot move is the bot's own choice", mismatch is None,
                       f"move {(mismatch or 0) + 1} is not what the bot chooses there")


def _notes(control: Timeline, keys: Timeline, me: Optional[int], my_keys: List[str], notes: List[str]) -> None:
    """Every handover, said as it happened (the host's documented powers: a bot for a stalled seat, a new player)."""
    for e in control.changes():
        who = "your seat" if e["seat"] == me else f"{{p{e['seat']}}} (seat {e['seat'] + 1})"
        notes.append(f"The host handed {who} to a bot at move {e['version'] + 1}." if e["kind"] == "bot"
                     else f"A player took {who} back at move {e['version'] + 1}.")
    if me is not None:
        for e in keys.changes(me)[1:]:
            if e["key"] not in my_keys:
                notes.append(f"At move {e['version'] + 1} the host gave your seat to another device (a new player invite).")


__all__: Tuple[str, ...] = ("verify_fair", "commitment_for", "derive_seed")
