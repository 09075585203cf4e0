"""A network table played in CPython the way js/tables/host-table.js and guest-table.js play it:
the host's `fair` message and each guest's record, for parlour.fairness.verify_fair.

Tests then bend the host's claims (or a guest's reveal) and check that the guest's check
catches it and names who is to blame.  The protocol steps mirrored here are documented in
docs/p2p.md; keep the two in step.
"""
from __future__ import annotations

import base64
import hashlib
import random
from typing import Callable, Dict, List, Optional

from parlour import bots, games
from parlour.fairness import commitment_for, derive_seed
from parlour.game import canonical


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def view_hash(game, state, seat) -> str:
    return hashlib.sha256(canonical(game.view(state, seat)).encode()).hexdigest()


class SimTable:
    """kinds: per seat 'human' (the host's person), 'bot' (on the host) or 'remote' (a guest)."""

    def __init__(self, game_id: str, kinds: List[str], seed: int = 1, options: Optional[dict] = None):
        self.game = games.get(game_id)
        self.kinds = list(kinds)
        self.players = len(kinds)
        self.rng = random.Random(seed)
        self.options = options or {}
        self.secret = bytes(self.rng.randrange(256) for _ in range(32))
        self.entropy: List[Optional[bytes]] = [bytes(self.rng.randrange(256) for _ in range(32)) if k == "remote" else None
                                               for k in kinds]
        sealed = {str(s): hashlib.sha256(e).hexdigest() for s, e in enumerate(self.entropy) if e is not None}
        self.seed = derive_seed(self.secret, self.entropy)
        self.state = self.game.setup(self.players, self.seed, self.options)
        self.actions: List[dict] = []
        self.bots: List[dict] = []
        self.reveals: List[dict] = []
        self.forfeits: List[dict] = []
        self.control = [{"version": 0, "seat": s, "kind": k} for s, k in enumerate(kinds)]
        self.mines: Dict[int, dict] = {s: {
            "commitment": hashlib.sha256(self.secret).hexdigest(), "seat": s, "entropy": b64(self.entropy[s]),
            "entropy_commits": dict(sealed), "views": {}, "commits": [], "sent": [], "kinds_seen": [],
            "game": game_id, "players": self.players, "options": self.options, "result": None, "joined_at": 0,
        } for s in range(self.players) if kinds[s] == "remote"}
        self.observe()

    @property
    def version(self) -> int:
        return len(self.actions)

    def observe(self) -> None:
        """An event to every guest: its view's hash and who holds each seat."""
        for s, mine in self.mines.items():
            mine["views"][str(self.version)] = view_hash(self.game, self.state, s)
            seen = [self.version, list(self.kinds)]
            if not mine["kinds_seen"] or mine["kinds_seen"][-1] != seen:
                mine["kinds_seen"].append(seen)

    def hand_over(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind
        self.control.append({"version": self.version, "seat": seat, "kind": kind})
        self.observe()

    def person_choice(self, seat: int) -> dict:
        legal = self.game.legal_actions(self.state, seat)
        return legal[self.rng.randrange(len(legal))]

    def bot_choice(self, seat: int) -> dict:
        return bots.random_action(self.game, self.state, seat, bots.bot_rng(self.seed, self.version, seat))

    def apply(self, seat: int, action: dict, by_bot: bool = False, ply: Optional[int] = None) -> None:
        if by_bot:
            self.bots.append({"step": self.version, "ply": self.version if ply is None else ply})
        self.state = self.game.apply(self.state, seat, action)
        self.actions.append({"seat": seat, "action": action})
        self.observe()

    def play(self, choose: Optional[Callable[["SimTable", int], Optional[dict]]] = None,
             round_hook: Optional[Callable[["SimTable", dict], None]] = None, limit: int = 3000) -> "SimTable":
        """Play to the end.  `choose(table, seat)` may pick a guest's move (None: a random legal one)."""
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
            action = (choose and choose(self, seat)) or self.person_choice(seat)
            if seat in self.mines:
                self.mines[seat]["sent"].append({"kind": "act", "version": self.version, "action": action,
                                                 "received": True, "refused": False})
            self.apply(seat, action)
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
        round_info = {"version": rv, "sealed": sealed}
        if round_hook:
            round_hook(self, round_info)
        for seat in sorted(sealed):
            c = sealed[seat]
            if c.get("forfeit"):
                self.forfeits.append(dict(c["forfeit"], step=self.version))
                self.apply(seat, c["replacement"], by_bot=True, ply=rv)
                continue
            self.reveals.append({"seat": seat, "version": rv, "action": c["action"], "nonce": c["nonce"]})
            self.apply(seat, c["action"], by_bot=c["bot"], ply=rv if c["bot"] else None)

    def fair(self) -> dict:
        """The host's message at the end."""
        return {"secret": b64(self.secret), "seed": self.seed,
                "entropy": [b64(e) if e is not None else None for e in self.entropy],
                "actions": [dict(a) for a in self.actions], "reveals": [dict(r) for r in self.reveals],
                "bots": [dict(b) for b in self.bots], "control": [dict(c) for c in self.control],
                "forfeits": [dict(f) for f in self.forfeits]}


def forfeit_illegal(table: SimTable, info: dict, seat: int, bogus: dict) -> None:
    """Seat `seat` sealed and revealed `bogus`; the host forfeits it to the bot's choice."""
    nonce = f"{table.rng.getrandbits(128):032x}"
    c = {"action": bogus, "nonce": nonce, "hash": commitment_for(bogus, nonce), "bot": False}
    info["sealed"][seat] = c
    for mine in table.mines.values():
        for entry in mine["commits"]:
            if entry["seat"] == seat and entry["version"] == info["version"]:
                entry["hash"] = c["hash"]
    if seat in table.mines:
        for s in table.mines[seat]["sent"]:
            if s["kind"] == "reveal" and s["version"] == info["version"]:
                s["action"] = bogus
    c["forfeit"] = {"seat": seat, "version": info["version"], "reason": "illegal", "action": bogus, "nonce": nonce}
    c["replacement"] = bots.random_action(table.game, table.state, seat, bots.bot_rng(table.seed, info["version"], seat))


def forfeit_to_bot(table: SimTable, info: dict, seat: int) -> dict:
    """The host hands `seat` to a bot after it sealed its choice: the bot's choice replaces it.  Returns the sealed choice."""
    c = info["sealed"][seat]
    table.hand_over(seat, "bot")
    c["forfeit"] = {"seat": seat, "version": info["version"], "reason": "bot"}
    c["replacement"] = bots.random_action(table.game, table.state, seat, bots.bot_rng(table.seed, info["version"], seat))
    return c
