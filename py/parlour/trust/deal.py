"""The deal, as a guest's end check sees it (docs/p2p.md, "Fair dealing"), and what it makes of the verdict.

The deal is made once per table.  When the game starts every guest is sent
the whole of it (`dealt` in its record: the commitment, every signed seal of
the final list, every guest's bytes), checks it on arrival (js/net/guest-deal.js)
and keeps it.  At the end the host reveals its secret and the seed it played;
everything here is checked again from the guest's own record, so the verdict
does not rest on the state machine having run:

- the secret matches the commitment of the welcome;
- the deal at the end is the deal the game started with;
- only guests' seats have bytes, every seal carries the signature of the key
  it names, every guest's bytes match its seal, and the list is the final one
  this device was asked to reveal against;
- the seed is SHA-256 of the secret and the bytes;
- this device's bytes are in the seed whenever the host received them.

"Verified fair" needs this device's own bytes in the seed (kind "fair").  A
guest whose bytes are not in it gets a weaker verdict that says why, in terms
its own record proves: it joined after the deal ("late": its first game event
came after the first move and its key first held its seat after it), its
bytes never reached the host ("unseeded"), or it watched ("watching").  A seat
of the final list dealt out without its bytes makes the verdict "partial":
the host could have chosen whether to count them.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..game import canonical
from .checks import Steps, b64url, derive_seed, is_int, sha256_hex, seats_text
from .signatures import verify as verify_signature
from .statements import Context, fields

#: what each weaker verdict says after "Moves verified; " (names as {pN}, filled in by the page)
LATE = "the deal was made before you joined"
WATCHING = "you watched this game, so the deal holds no random bytes of yours"
NOT_REACHED = "your random bytes are not in the seed: they never reached the host before the game was dealt"
NOT_ASKED = ("your random bytes are not in the seed: the game was dealt before you were asked for them "
             "(your connection had closed)")
NOT_SEATED = ("your random bytes are not in the seed: the host's device dealt the game before you sat down, "
              "though your first move came at its start")


def _accepted(mine: dict, kind: str) -> bool:
    """Did the host acknowledge a message of this kind from this device, and not refuse it?"""
    return any(s.get("kind") == kind and s.get("received") and not s.get("refused") for s in mine.get("sent") or [])


def _sent(mine: dict, kind: str) -> bool:
    return any(s.get("kind") == kind for s in mine.get("sent") or [])


def check_deal(mine: dict, fair: dict, players: int, me: Optional[int], seating: List[dict], context: Context,
               steps: Steps) -> Optional[Dict[str, str]]:
    """Every check of the deal; returns {kind, reason} (the verdict it allows), or None once a check failed."""
    secret = b64url(fair["secret"])
    if not steps.check("the host's secret matches its commitment", sha256_hex(secret) == mine["commitment"],
                       "SHA-256 of the revealed secret is not the commitment sent when the table opened"):
        return None
    dealt = mine.get("dealt")
    if not steps.check("the host showed you the deal when the game started",
                       isinstance(dealt, dict) and dealt.get("commitment") == mine["commitment"]
                       and isinstance(dealt.get("seals"), dict) and isinstance(dealt.get("bytes"), dict),
                       "your record holds no deal made from the commitment you were welcomed with"):
        return None
    seals: Dict[str, dict] = dealt["seals"]
    listed: Dict[str, str] = dealt["bytes"]
    entropy = fair["entropy"]
    if not isinstance(entropy, list) or len(entropy) != players:
        raise ValueError("the players' bytes are not listed by seat")
    at_end = {str(s): e for s, e in enumerate(entropy) if e is not None}
    if not steps.check("the deal at the end is the one the game started with",
                       canonical(at_end) == canonical(listed) and canonical(fair.get("seals")) == canonical(seals),
                       "the seals or bytes the host reveals at the end are not the ones it showed you when the game started"):
        return None
    foreign = [s for s in seals if not (s.isdigit() and int(s) < players and seating[int(s)].get("kind") == "remote")]
    if not steps.check("only the guests' seats have random bytes in the seed", not foreign,
                       f"the deal lists random bytes for seats {seats_text(foreign)}, which are not guests' seats"):
        return None
    bad = next((s for s in sorted(listed, key=int) if s not in seals or sha256_hex(b64url(listed[s])) != seals[s].get("hash")),
               None)
    if not steps.check("every guest's bytes are the ones it sealed before anyone revealed", bad is None,
                       f"seat {int(bad or 0) + 1}'s bytes do not match the hash it sealed"):
        return None
    forged = next((s for s in sorted(seals, key=int) if not verify_signature(
        seals[s].get("key"), fields(context, "seal", int(s), hash=seals[s].get("hash")), seals[s].get("sig"))), None)
    if not steps.check("every guest's seal carries the signature of the key it names", forged is None,
                       f"seat {int(forged or 0) + 1}'s seal is not signed by the key listed with it"):
        return None
    recorded = mine.get("deal_list")
    if recorded is not None and not steps.check(
            "the deal's seals are the final list you revealed your bytes against",
            canonical(recorded) == canonical({s: v.get("hash") for s, v in seals.items()}),
            f"you revealed against seats {seats_text(recorded)}, the deal lists seats {seats_text(seals)}"):
        return None
    seed = derive_seed(secret, [b64url(listed[str(s)]) if str(s) in listed else None for s in range(players)])
    if not steps.check("the seed is SHA-256 of the secret and the guests' bytes", seed == fair["seed"],
                       f"the host played seed {str(fair['seed'])[:12]}…, the secret and bytes give {seed[:12]}…"):
        return None
    return _my_part(mine, fair, me, seals, listed, steps)


def _my_part(mine: dict, fair: dict, me: Optional[int], seals: Dict[str, dict], listed: Dict[str, str],
             steps: Steps) -> Optional[Dict[str, str]]:
    """Whether this device's own bytes are in the seed, and so which verdict the deal allows."""
    if me is None:
        return {"kind": "watching", "reason": WATCHING}
    mine_in = mine.get("entropy") is not None and listed.get(str(me)) == mine.get("entropy")
    if not mine_in:
        if not steps.check("your random bytes went into the seed", not _accepted(mine, "unseal"),
                           "the host received your random bytes, but the seed was made without them"):
            return None
        # a seat leaves the deal only by going to a bot, which closes its link: the game starting on a link welcomed
        # before it, without asking for this device's bytes, is the host's doing, unless that link's first sight of
        # the deal was a final list without this seat (js/net/guest-deal.js)
        if not steps.check("your random bytes went into the seed", not any(
                isinstance(link, dict) and link.get("started") is False and link.get("first") is not None
                and not (link.get("deal") or {}).get("outOfDeal") for link in mine.get("links") or []),
                "the game started while you were at the table, without the host asking for your random bytes"):
            return None
        my_keys = set(k for k in mine.get("my_keys") or [] if isinstance(k, str))
        first_key = next((e.get("version") for e in fair.get("keys") or []
                          if isinstance(e, dict) and e.get("seat") == me and e.get("key") in my_keys), None)
        first_game = mine.get("first_game")
        late = (mine.get("sealed") is None and is_int(first_game) and first_game > 0
                and is_int(first_key) and first_key > 0)
        if late:
            return {"kind": "late", "reason": LATE}
        if _sent(mine, "unseal"):
            return {"kind": "unseeded", "reason": NOT_REACHED}
        return {"kind": "unseeded", "reason": NOT_ASKED if mine.get("sealed") is not None else NOT_SEATED}
    steps.check("your random bytes went into the seed", True)
    out = [s for s in sorted(seals, key=int) if s not in listed]
    if out:
        who = ", ".join(f"{{p{s}}} (seat {int(s) + 1})" for s in out)
        return {"kind": "partial", "reason": f"{who} sealed random bytes and never revealed them, so the game was dealt without "
                                             "them (the host could have chosen whether to count them)"}
    return {"kind": "fair", "reason": ""}
