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
        self.game_id = game_id
        self.private: Dict[int, int] = {}
        self.key_of: Dict[int, str] = {}
        for s, k in enumerate(kinds):
            if k == "remote":
                self.private[s], self.key_of[s] = new_key(seed * 1000 + s + 1)
        self.secret = bytes(self.rng.randrange(256) for _ in range(32))
        self.commitment = hashlib.sha256(self.secret).hexdigest()
        self.entropy: List[Optional[bytes]] = [bytes(self.rng.randrange(256) for _ in range(32)) if k == "remote" else None
                                               for k in kinds]
        sealed = {str(s): hashlib.sha256(e).hexdigest() for s, e in enumerate(self.entropy) if e is not None}
        self.seals = {s: {"hash": h, "key": self.key_of[int(s)], "sig": self.sign(int(s), {"what": "seal", "seat": int(s), "hash": h})}
                      for s, h in sealed.items()}
        self.seed = derive_seed(self.secret, self.entropy)
        self.state = self.game.setup(self.players, self.seed, self.options)
        self.actions: List[dict] = []
        self.bots: List[dict] = []
        self.reveals: List[dict] = []
        self.forfeits: List[dict] = []
        self.control = [{"version": 0, "seat": s, "kind": k} for s, k in enumerate(kinds)]
        self.keys = [{"version": 0, "seat": s, "key": k} for s, k in sorted(self.key_of.items())]
        self.mines: Dict[int, dict] = {s: {
            "table": self.table, "commitment": self.commitment, "seat": s,
            "seating": self.seating, "fallback": self.fallback, "host_key": self.host_key,
            "entropy": b64(self.entropy[s]), "sealed": sealed[str(s)], "deal_list": dict(sealed), "dealt": self.dealt(),
            "my_keys": [self.key_of[s]], "views": {}, "commits": [], "revealed_rounds": [],
            "sent": [{"kind": "seal", "version": None, "action": None, "link": 1, "n": 1, "received": True, "refused": False},
                     {"kind": "unseal", "version": None, "action": None, "link": 1, "n": 2, "received": True, "refused": False}],
            "kinds_seen": [], "keys_seen": [], "links": [{"link": 1, "first": None, "held": None, "last": None, "bye": None, "started": False,
                       "deal": {"waited": True, "open": True, "outOfDeal": False}}],
            "first_game": 0, "game": game_id, "players": self.players, "options": self.options, "result": None,
        } for s in range(self.players) if kinds[s] == "remote"}
        #: the link each guest is connected on now (None: closed, waiting for a rejoin)
        self.open: Dict[int, Optional[dict]] = {s: m["links"][0] for s, m in self.mines.items()}
        #: spectators' records (seat None), watching from the start
        self.watchers: List[dict] = []
        self.observe()

    def spectate(self) -> dict:
        """A spectator joins at the start: its record, kept as a guest's with no seat (no bytes, nothing sent)."""
        watcher = {k: v for k, v in next(iter(self.mines.values())).items()}
        watcher.update(seat=None, entropy=None, sealed=None, deal_list=dict(watcher["deal_list"]), my_keys=[], sent=[],
                       views={}, commits=[], revealed_rounds=[], kinds_seen=[], keys_seen=[],
                       links=[{"link": 1, "first": None, "held": None, "last": None, "bye": None, "started": False, "deal": None}])
        self.watchers.append(watcher)
        self.observe()
        return watcher

    def dealt(self) -> dict:
        """The whole deal as every guest is sent it when the game starts (js/net/deal.js `record`)."""
        return {"commitment": self.commitment, "seals": {s: dict(v) for s, v in self.seals.items()},
                "bytes": {str(s): b64(e) for s, e in enumerate(self.entropy) if e is not None}}

    @property
    def version(self) -> int:
        return len(self.actions)

    def sign(self, seat: Optional[int], fields: dict) -> str:
        """The signature a seat's device makes (None: the host's own key), over the table's signing context."""
        private = self.host_private if seat is None or seat not in self.private else self.private[seat]
        return sign(private, dict(fields, table=self.table, game=self.game_id, host_key=self.host_key, deal=self.commitment))

    def current_keys(self) -> List[Optional[str]]:
        keys: List[Optional[str]] = [None] * self.players
        for k in self.keys:
            keys[k["seat"]] = k["key"]
        return keys

    def observe(self) -> None:
        """An event to every connected guest: its view's hash, who holds each seat and with which key, its link's span."""
        keys = self.current_keys()
        for mine in self.watchers:
            mine["views"][str(self.version)] = view_hash(self.game, self.state, None)
            for field, values in (("kinds_seen", list(self.kinds)), ("keys_seen", keys)):
                if not mine[field] or mine[field][-1] != [self.version, values]:
                    mine[field].append([self.version, values])
            link = mine["links"][0]
            link["first"] = self.version if link["first"] is None else link["first"]
            link["last"] = self.version
        for s, mine in self.mines.items():
            link = self.open.get(s)
            if link is None:
                continue
            mine["views"][str(self.version)] = view_hash(self.game, self.state, s)
            for field, values in (("kinds_seen", list(self.kinds)), ("keys_seen", keys)):
                seen = [self.version, values]
                if not mine[field] or mine[field][-1] != seen:
                    mine[field].append(seen)
            if link["first"] is None:
                link["first"] = self.version
            link["last"] = self.version
            if link["held"] is None and self.kinds[s] == "remote" and keys[s] in mine["my_keys"]:
                link["held"] = self.version

    def redeal(self, without: int, asked: bool = False) -> None:
        """The deal as made without `without`'s bytes (it sealed, and they never came): every guest's record of it, and
        the game set up again from that seed.  `asked`: its seal stays in the final list (dealt out), else it left the
        list before it was final."""
        self.entropy[without] = None
        if not asked:
            self.seals.pop(str(without), None)
        self.seed = derive_seed(self.secret, self.entropy)
        self.state = self.game.setup(self.players, self.seed, self.options)
        for s, mine in self.mines.items():
            mine.update(dealt=self.dealt(), views={}, kinds_seen=[], keys_seen=[])
            mine["deal_list"] = {k: v["hash"] for k, v in self.seals.items()} if s != without or asked else None
        self.mines[without]["entropy"] = None
        self.mines[without]["sent"] = [x for x in self.mines[without]["sent"] if x["kind"] != "unseal"]
        for link in self.mines[without]["links"]:  # what its link recorded of the game set up before is void
            link.update(first=None, held=None, last=None)

    def reconnect(self, seat: int, bye: bool = True) -> None:
        """The guest's link closes (with the host's bye, or dropped) and it comes back on a new one."""
        mine = self.mines[seat]
        old = self.open.get(seat)
        if old is not None and bye:
            old["bye"] = len(mine["sent"])
        link = {"link": len(mine["links"]) + 1, "first": None, "held": None, "last": None, "bye": None, "started": True,
                "deal": None}
        mine["links"].append(link)
        self.open[seat] = link

    def hand_over(self, seat: int, kind: str) -> None:
        """The host hands a guest's seat to a bot (closing its link first, with bye, as handToBot does) or back (a rejoin)."""
        if seat in self.mines:
            mine = self.mines[seat]
            if kind == "bot" and self.open.get(seat) is not None:
                self.open[seat]["bye"] = 0
                self.open[seat] = None
            elif kind == "remote" and self.open.get(seat) is None:
                link = {"link": len(mine["links"]) + 1, "first": None, "held": None, "last": None, "bye": None,
                        "started": True, "deal": None}
                mine["links"].append(link)
                self.open[seat] = link
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
            self.track(seat, "act", self.version, action)
        sig = self.sign(seat if self.kinds[seat] == "remote" else None,
                        {"what": "act", "seat": seat, "version": self.version, "action": action})
        self.apply(seat, action, sig=sig)

    def track(self, seat: int, kind: str, version: int, action, received: bool = True, refused: bool = False) -> dict:
        """A message the guest at `seat` sent on its open link, as its record keeps it."""
        mine = self.mines[seat]
        link = self.open.get(seat) or mine["links"][-1]
        entry = {"kind": kind, "version": version, "action": action, "link": link["link"],
                 "n": len(mine["sent"]) + 1, "received": received, "refused": refused}
        mine["sent"].append(entry)
        return entry

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
        for mine in [*self.mines.values(), *self.watchers]:
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
                self.track(seat, "reveal", rv, c["action"])
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
                "keys": [dict(k) for k in self.keys], "forfeits": [dict(f) for f in self.forfeits]}


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
