"""A network table played in CPython the way js/tables/host-table.js and guest-table.js play it:
the host's `fair` message and each guest's record (js/net/guest-protocol.js `record()`), for
parlour.trust.fairness.verify_fair.

Tests then bend the host's claims (or a guest's reveal) and check that the guest's check
catches it and names who is to blame.  The protocol steps mirrored here are documented in
docs/p2p.md; keep the two in step.  Every guest signs its moves, seals and reveals with its
own key (tests/p256_signer.py), the host signs its own people's.
"""
from __future__ import annotations

import base64
import hashlib
import random
from typing import Callable, Dict, List, Optional

from p256_signer import new_key, sign
from parlour import bots, games, levels
from parlour.trust.fairness import commitment_for, derive_seed
from parlour.game import canonical

#: the level of the sim's bots (a cheap one: the check replays every bot move)
SIM_LEVEL = "random"
#: what a chooser answers when it played the turn itself
SKIP = "skip"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def view_hash(game, state, seat) -> str:
    return hashlib.sha256(canonical(game.view(state, seat)).encode()).hexdigest()


class SimTable:
    """kinds: per seat 'human' (the host's person), 'bot' (on the host) or 'remote' (a guest)."""

    def __init__(self, game_id: str, kinds: List[str], seed: int = 1, options: Optional[dict] = None,
                 level: str = SIM_LEVEL):
        self.level = level
        self.game = games.get(game_id)
        self.kinds = list(kinds)
        self.players = len(kinds)
        self.rng = random.Random(seed)
        self.options = options or {}
        self.table = f"{self.rng.getrandbits(64):016x}"
        self.seating = [{"kind": k, "level": level if k == "bot" else None} for k in kinds]
        self.fallback = level
        self.host_private, self.host_key = new_key(seed * 1000)
        self.private: Dict[int, int] = {}
        self.key_of: Dict[int, str] = {}
        for s, k in enumerate(kinds):
            if k == "remote":
                self.private[s], self.key_of[s] = new_key(seed * 1000 + s + 1)
        self.secret = bytes(self.rng.randrange(256) for _ in range(32))
        self.entropy: List[Optional[bytes]] = [bytes(self.rng.randrange(256) for _ in range(32)) if k == "remote" else None
                                               for k in kinds]
        sealed = {str(s): hashlib.sha256(e).hexdigest() for s, e in enumerate(self.entropy) if e is not None}
        self.seals = {s: {"hash": h, "sig": self.sign(int(s), {"what": "seal", "seat": int(s), "hash": h})}
                      for s, h in sealed.items()}
        self.seed = derive_seed(self.secret, self.entropy)
        self.state = self.game.setup(self.players, self.seed, self.options)
        self.actions: List[dict] = []
        self.bots: List[dict] = []
        self.reveals: List[dict] = []
        self.forfeits: List[dict] = []
        self.dropped: List[int] = []  # seats handed to a bot before every seal was in (js/net/deal.js)
        self.control = [{"version": 0, "seat": s, "kind": k} for s, k in enumerate(kinds)]
        self.keys = [{"version": 0, "seat": s, "key": k} for s, k in sorted(self.key_of.items())]
        self.mines: Dict[int, dict] = {s: {
            "table": self.table, "commitment": hashlib.sha256(self.secret).hexdigest(), "seat": s,
            "seating": self.seating, "fallback": self.fallback, "host_key": self.host_key,
            "entropy": b64(self.entropy[s]), "sealed": sealed[str(s)], "entropy_commits": dict(sealed), "my_keys": [self.key_of[s]],
            "views": {}, "commits": [], "revealed_rounds": [], "sent": [], "kinds_seen": [], "keys_seen": [],
            "spans": [[0, 0]], "game": game_id, "players": self.players, "options": self.options, "result": None,
        } for s in range(self.players) if kinds[s] == "remote"}
        self.observe()

    @property
    def version(self) -> int:
        return len(self.actions)

    def sign(self, seat: Optional[int], fields: dict) -> str:
        """The signature a seat's device makes (None: the host's own key)."""
        private = self.host_private if seat is None or seat not in self.private else self.private[seat]
        return sign(private, dict(fields, table=self.table))

    def current_keys(self) -> List[Optional[str]]:
        keys: List[Optional[str]] = [None] * self.players
        for k in self.keys:
            keys[k["seat"]] = k["key"]
        return keys

    def observe(self) -> None:
        """An event to every guest: its view's hash, who holds each seat and with which key, its link's span."""
        for s, mine in self.mines.items():
            mine["views"][str(self.version)] = view_hash(self.game, self.state, s)
            for field, values in (("kinds_seen", list(self.kinds)), ("keys_seen", self.current_keys())):
                seen = [self.version, values]
                if not mine[field] or mine[field][-1] != seen:
                    mine[field].append(seen)
            mine["spans"][-1][1] = self.version

    def hand_over(self, seat: int, kind: str) -> None:
        """The host hands a guest's seat to a bot (closing its link first, as handToBot does) or back."""
        if kind == "bot" and seat in self.mines:
            self.mines[seat]["spans"].append([self.version, self.version])  # a later link, if any
        self.kinds[seat] = kind
        self.control.append({"version": self.version, "seat": seat, "kind": kind})
        self.observe()

    def person_choice(self, seat: int) -> dict:
        legal = self.game.legal_actions(self.state, seat)
        return legal[self.rng.randrange(len(legal))]

    def bot_choice(self, seat: int, version: Optional[int] = None) -> dict:
        at = self.version if version is None else version
        choose = levels.bot(self.level)
        return choose(self.game, self.state, seat, bots.bot_rng(self.seed, at, seat))

    def apply(self, seat: int, action: dict, by_bot: bool = False, ply: Optional[int] = None, sig: Optional[str] = None) -> None:
        self.state = self.game.apply(self.state, seat, action)
        if by_bot:
            self.bots.append({"step": self.version, "ply": self.version if ply is None else ply, "bot": self.level})
        entry = {"seat": seat, "action": action}
        if sig:
            entry["sig"] = sig
        self.actions.append(entry)
        self.observe()

    def play_person(self, seat: int, action: dict, sent: bool = True) -> None:
        """A person's move, signed by its device (a guest records it as sent)."""
        if seat in self.mines and sent:
            self.mines[seat]["sent"].append({"kind": "act", "version": self.version, "action": action,
                                             "received": True, "refused": False})
        sig = self.sign(seat if self.kinds[seat] == "remote" else None,
                        {"what": "act", "seat": seat, "version": self.version, "action": action})
        self.apply(seat, action, sig=sig)

    def play(self, choose: Optional[Callable[["SimTable", int], Optional[dict]]] = None,
             round_hook: Optional[Callable[["SimTable", dict], None]] = None, limit: int = 3000) -> "SimTable":
        """Play to the end.  `choose(table, seat)` may pick a person's move (None: a random legal one), or
        answer SKIP when it played that turn itself (a dishonest host's doing, in the tests)."""
        for _ in range(limit):
            if self.game.is_over(self.state):
                break
            movers = self.game.to_move(self.state)
            if len(movers) > 1:
                self.play_round(movers, choose, round_hook)
                continue
            seat = movers[0]
            if self.kinds[seat] == "bot":
                self.apply(seat, self.bot_choice(seat), by_bot=True)
                continue
            chosen = choose(self, seat) if choose else None
            if chosen is SKIP:
                continue
            self.play_person(seat, chosen or self.person_choice(seat))
        over = self.game.is_over(self.state)
        for mine in self.mines.values():
            mine["result"] = self.game.result(self.state) if over else None
        return self

    def play_round(self, movers, choose, round_hook) -> None:
        """Commit, then reveal, then play in seat order (host-table.js runRound)."""
        rv = self.version
        sealed: Dict[int, dict] = {}
        for seat in sorted(movers):
            by_bot = self.kinds[seat] == "bot"
            action = self.bot_choice(seat) if by_bot else ((choose and choose(self, seat)) or self.person_choice(seat))
            nonce = f"{self.rng.getrandbits(128):032x}"
            sealed[seat] = {"action": action, "nonce": nonce, "hash": commitment_for(action, nonce), "bot": by_bot}
        for mine in self.mines.values():
            mine["commits"].extend({"seat": s, "version": rv, "hash": c["hash"]} for s, c in sealed.items())
        for seat, c in sealed.items():
            if seat in self.mines:
                self.mines[seat]["sent"].append({"kind": "reveal", "version": rv, "action": c["action"],
                                                 "received": True, "refused": False})
                self.mines[seat]["revealed_rounds"].append(
                    {"version": rv, "commits": {str(s): x["hash"] for s, x in sealed.items()}})
        round_info = {"version": rv, "sealed": sealed}
        if round_hook:
            round_hook(self, round_info)
        for seat in sorted(sealed):
            c = sealed[seat]
            if c.get("forfeit"):
                self.forfeits.append(dict(c["forfeit"], step=self.version))
                self.apply(seat, c["replacement"], by_bot=True, ply=rv)
                continue
            reveal = {"seat": seat, "version": rv, "action": c["action"], "nonce": c["nonce"]}
            if not c["bot"]:
                reveal["sig"] = self.sign(seat if self.kinds[seat] == "remote" else None,
                                          {"what": "reveal", "seat": seat, "version": rv, "action": c["action"],
                                           "nonce": c["nonce"]})
            self.reveals.append(reveal)
            self.apply(seat, c["action"], by_bot=c["bot"], ply=rv if c["bot"] else None)

    def fair(self) -> dict:
        """The host's message at the end."""
        return {"secret": b64(self.secret), "seed": self.seed,
                "entropy": [b64(e) if e is not None else None for e in self.entropy],
                "seals": {s: dict(v) for s, v in self.seals.items()},
                "actions": [dict(a) for a in self.actions], "reveals": [dict(r) for r in self.reveals],
                "bots": [dict(b) for b in self.bots], "control": [dict(c) for c in self.control],
                "keys": [dict(k) for k in self.keys], "forfeits": [dict(f) for f in self.forfeits],
                "dropped": list(self.dropped)}


def forfeit_illegal(table: SimTable, info: dict, seat: int, bogus: dict) -> None:
    """Seat `seat` sealed and revealed `bogus`; the host forfeits it to the bot's choice."""
    nonce = f"{table.rng.getrandbits(128):032x}"
    c = {"action": bogus, "nonce": nonce, "hash": commitment_for(bogus, nonce), "bot": False}
    info["sealed"][seat] = c
    for mine in table.mines.values():
        for entry in mine["commits"]:
            if entry["seat"] == seat and entry["version"] == info["version"]:
                entry["hash"] = c["hash"]
        for r in mine["revealed_rounds"]:
            if r["version"] == info["version"]:
                r["commits"][str(seat)] = c["hash"]
    if seat in table.mines:
        for s in table.mines[seat]["sent"]:
            if s["kind"] == "reveal" and s["version"] == info["version"]:
                s["action"] = bogus
    signer = seat if table.kinds[seat] == "remote" else None
    c["forfeit"] = {"seat": seat, "version": info["version"], "reason": "illegal", "action": bogus, "nonce": nonce,
                    "sig": table.sign(signer, {"what": "reveal", "seat": seat, "version": info["version"], "action": bogus,
                                               "nonce": nonce})}
    c["replacement"] = table.bot_choice(seat, info["version"])


def forfeit_to_bot(table: SimTable, info: dict, seat: int) -> dict:
    """The host hands `seat` to a bot after it sealed its choice: the bot's choice replaces it.  Returns the sealed choice."""
    c = info["sealed"][seat]
    table.hand_over(seat, "bot")
    c["forfeit"] = {"seat": seat, "version": info["version"], "reason": "bot"}
    c["replacement"] = table.bot_choice(seat, info["version"])
    return c
