"""Castles (Santiago Eximeno, 2003) for 2 to 4 players.

Each seat owns a suit: six tiles, six coins (its armies) and a pawn (its
castle).  A round lays a new map tile by tile, then each seat builds its castle
and deploys its armies face down; the round is scored when the last army is
down.  A game is as many rounds as seats, each started by the seat to the right
of the last starter.  Rules as implemented, and every reading of an open point,
are in docs/rules/castles.md.
"""
from __future__ import annotations

import copy
import json
from typing import List, Optional

from .. import piecepack as pp
from ..errors import IllegalAction
from ..game import Action, Game, State, forget_private_log, log, log_for
from ..rng import Rng, Seed, seed_to_state
from .castles_map import bounds, by_place, coins_at, frontier, reading_order
from .castles_scoring import army_value, score_seat  # noqa: F401  (part of this module's interface)

TERRAINS = ["standard", "random", "suit"]
#: Most armies (of any seats together) one tile may hold: the text's "Each tile has a 4 army".
MAX_ARMIES_PER_TILE = 4
PHASE_TITLES = {
    "map": "Laying the map",
    "castle": "Building castles",
    "army": "Deploying armies",
    "over": "Game over",
}
PILE_NAMES = {"standard": "the resource pile", "random": "the resource pile", "suit": "your own pile"}


class Castles(Game):
    id = "castles"
    title = "Castles"
    min_players = 2
    max_players = 4
    options = {
        "terrain": {
            "label": "Terrain",
            "choices": TERRAINS,
            "default": "standard",
            "help": "standard: each seat keeps one secret proper tile and the rest form one pile; "
                    "random: one pile of every tile, no proper tiles; suit: each seat draws only from its own pile.",
        }
    }

    # --- setup ---
    def _setup(self, state: State, rng: Rng) -> None:
        n = state["players"]
        first = rng.below(n)  # the text's die roll for the first starter
        state.update({"rounds": n, "first_starter": first, "scores": [0] * n, "finished": [], "result": None})
        self._new_round(state, rng, 1, first)

    def _new_round(self, state: State, rng: Rng, number: int, starter: int) -> None:
        """Lay out a fresh round: every tile back in a pile or a hand, every coin back in reserve."""
        n, terrain = state["players"], state["options"]["terrain"]
        suits = pp.SUITS[:n]
        proper: List[Optional[dict]] = [None] * n
        if terrain == "suit":
            piles = []
            for suit in suits:
                own = [pp.make(suit, r, []) for r in pp.RANKS]
                rng.shuffle(own)
                piles.append(own)
        else:
            pile: List[dict] = []
            for seat, suit in enumerate(suits):
                own = [pp.make(suit, r, []) for r in pp.RANKS]
                if terrain == "standard":
                    rng.shuffle(own)
                    proper[seat] = own.pop()
                    pp.learn(proper[seat], [seat])
                pile.extend(own)
            rng.shuffle(pile)
            piles = [pile]
        state.update({
            "round": number,
            "starter": starter,
            "phase": "map",
            "turn": 0,
            "piles": piles,
            "proper": proper,
            "held": None,
            "tiles": [],
            "castles": [None] * n,
            "armies": [],
            "coins": [[pp.make(suit, r, [seat]) for r in pp.RANKS] for seat, suit in enumerate(suits)],
        })
        log(state, f"Round {number} of {n}: {{p{starter}}} starts.")
        if terrain == "standard":
            log(state, "Each seat sets aside a proper tile in secret.",
                {s: f"Your proper tile is {pp.name(proper[s], 'tile')}." for s in range(n)})

    # --- contract: reading ---
    def to_move(self, state: State) -> List[int]:
        if state["phase"] == "over":
            return []
        return [(state["starter"] + state["turn"]) % state["players"]]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def result(self, state: State) -> dict:
        if state["result"] is None:
            raise IllegalAction("The game is not over yet.")
        return copy.deepcopy(state["result"])

    def legal_actions(self, state: State, seat: int) -> List[Action]:
        if seat not in self.to_move(state):
            return []
        phase = state["phase"]
        if phase == "map":
            if state["held"] is not None:
                return [{"type": "place", "x": x, "y": y} for x, y in frontier(state["tiles"])]
            actions: List[Action] = [{"type": "draw"}] if pile_for(state, seat) else []
            return actions + [{"type": "take_proper", "owner": k} for k in proper_owners(state, seat)]
        if phase == "castle":
            return [{"type": "castle", "x": x, "y": y} for x, y in castle_places(state, seat)]
        places = [p for p in map_places(state) if coins_at(state["armies"], p) < MAX_ARMIES_PER_TILE]
        ranks = sorted(c["rank"] for c in state["coins"][seat])
        return [{"type": "deploy", "rank": r, "x": x, "y": y} for r in ranks for x, y in places]

    # --- contract: moving ---
    def _apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        kind = action["type"]
        if kind == "draw":
            tile = pile_for(state, seat).pop()
            state["held"] = {"suit": tile["suit"], "rank": tile["rank"], "source": "pile", "owner": None}
            return  # the same seat now places it
        if kind == "take_proper":
            owner = action["owner"]
            tile, state["proper"][owner] = state["proper"][owner], None
            state["held"] = {"suit": tile["suit"], "rank": tile["rank"], "source": "proper", "owner": owner}
            return
        if kind == "place":
            self._place(state, seat, action)
        elif kind == "castle":
            tile = by_place(state["tiles"])[(action["x"], action["y"])]
            state["castles"][seat] = {"x": action["x"], "y": action["y"]}
            log(state, f"{{p{seat}}} builds a castle on {pp.name(tile, 'tile')}.")
        elif kind == "deploy":
            self._deploy(state, seat, action)
        state["turn"] += 1
        self._advance(state, rng)

    def _place(self, state: State, seat: int, action: Action) -> None:
        held, state["held"] = state["held"], None
        state["tiles"].append({"x": action["x"], "y": action["y"], "suit": held["suit"], "rank": held["rank"]})
        tile = pp.name(held, "tile")
        if held["source"] == "pile":
            where = "their pile" if state["options"]["terrain"] == "suit" else "the pile"
            log(state, f"{{p{seat}}} draws {tile} from {where} and lays it on the map.")
        elif held["owner"] == seat:
            log(state, f"{{p{seat}}} lays their proper tile, {tile}, on the map.")
        else:
            log(state, f"{{p{seat}}} lays {{p{held['owner']}}}'s proper tile, {tile}, on the map.")

    def _deploy(self, state: State, seat: int, action: Action) -> None:
        coins = state["coins"][seat]
        coin = coins.pop(pp.find(coins, pp.SUITS[seat], action["rank"]))
        state["armies"].append({"seat": seat, "x": action["x"], "y": action["y"],
                                "suit": coin["suit"], "rank": coin["rank"], "known": coin["known"]})
        tile = pp.name(by_place(state["tiles"])[(action["x"], action["y"])], "tile")
        suit = pp.SUIT_NAMES[coin["suit"]]
        log(state, f"{{p{seat}}} deploys {pp.article(suit)} army on {tile}.",
            {seat: f"You deploy your {pp.RANK_NAMES[coin['rank']]} army on {tile}."})

    def _advance(self, state: State, rng: Rng) -> None:
        """Move to the next phase, round or the end once the current phase is complete."""
        n = state["players"]
        phase = state["phase"]
        if phase == "map" and len(state["tiles"]) == n * len(pp.RANKS):
            state["phase"], state["turn"] = "castle", 0
            log(state, "The map is complete: each seat now builds its castle on a tile of its own suit.")
        elif phase == "castle" and all(c is not None for c in state["castles"]):
            state["phase"], state["turn"] = "army", 0
            log(state, "Every castle stands: each seat now deploys its armies one at a time.")
        elif phase == "army" and not any(state["coins"]):
            self._score_round(state, rng)

    def _score_round(self, state: State, rng: Rng) -> None:
        """Turn every army over, score each seat term by term and keep the lines for the board."""
        n = state["players"]
        for army in state["armies"]:
            army["known"] = list(range(n))
        board = {
            "tiles": copy.deepcopy(state["tiles"]),
            "castles": copy.deepcopy(state["castles"]),
            "armies": [{"seat": a["seat"], "x": a["x"], "y": a["y"], "suit": a["suit"], "rank": a["rank"]}
                       for a in state["armies"]],
        }
        lines = [score_seat(board, s) for s in range(n)]
        points = [line["total"] for line in lines]
        for s in range(n):
            state["scores"][s] += points[s]
        state["finished"].append({"round": state["round"], "starter": state["starter"], "map": board,
                                  "lines": lines, "points": points})
        log(state, f"Round {state['round']} scores: " + ", ".join(f"{{p{s}}} {points[s]}" for s in range(n))
            + "; totals: " + ", ".join(f"{{p{s}}} {state['scores'][s]}" for s in range(n)) + ".")
        if state["round"] < state["rounds"]:
            self._new_round(state, rng, state["round"] + 1, (state["starter"] - 1) % n)
            return
        state["phase"], state["turn"] = "over", 0
        best = max(state["scores"])
        won = winners(state["scores"])
        state["result"] = {
            "scores": list(state["scores"]),
            "winners": won,
            "detail": {"decided_by": "highest score" if len(won) == 1 else "shared",
                       "rounds": [f["points"] for f in state["finished"]]},
        }
        names = " and ".join(f"{{p{w}}}" for w in won)
        log(state, f"{names} {'share the win' if len(won) > 1 else 'wins'} with {best}.")

    def explain(self, state: State, seat: int, action: Action) -> str:
        return explain_refusal(state, seat, action)

    # --- views ---
    def view(self, state: State, seat: Optional[int]) -> dict:
        over = state["phase"] == "over"
        n = state["players"]
        terrain = state["options"]["terrain"]
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "options": dict(state["options"]),
            "suits": pp.SUITS[:n],
            "round": state["round"],
            "rounds": state["rounds"],
            "starter": state["starter"],
            "first_starter": state["first_starter"],
            "phase": state["phase"],
            "phase_title": PHASE_TITLES[state["phase"]],
            "to_move": self.to_move(state),
            "map": {
                "tiles": [dict(t) for t in state["tiles"]],
                "castles": [None if c is None else dict(c) for c in state["castles"]],
                "armies": [dict(pp.shown(a, seat, over), seat=a["seat"], x=a["x"], y=a["y"])
                           for a in state["armies"]],
            },
            "bounds": bounds(state["tiles"]),
            "held": None if state["held"] is None else dict(state["held"]),
            "proper": [None if p is None else pp.shown(p, seat) for p in state["proper"]],
            "piles": [{"owner": k if terrain == "suit" else None, "count": len(p)}
                      for k, p in enumerate(state["piles"])],
            "coins": [pp.shown_group(c, seat, over) for c in state["coins"]],
            "max_armies_per_tile": MAX_ARMIES_PER_TILE,
            "scores": list(state["scores"]),
            "finished": _copy_json(state["finished"]),
            "result": _copy_json(state["result"]),
            "log": log_for(state, seat),
        }

    def determinize(self, state: State, seat: Optional[int], seed: Seed) -> State:
        """Resample what `seat` cannot see: others' coins, others' proper tiles and pile order."""
        # Copy only what is resampled or trimmed: the rest (map, finished rounds,
        # untouched log lines) is shared with `state`, as nothing edits a state in
        # place (apply works on a copy), and copying it dominated the cost.
        out = dict(state)
        for key in ("coins", "armies", "proper", "piles"):
            out[key] = copy.deepcopy(state[key])
        rng = Rng(seed_to_state(seed))
        if out["phase"] != "over":  # at the end every army lies face up and no tile is hidden
            coins = [c for reserve in out["coins"] for c in reserve] + out["armies"]
            pp.reshuffle_hidden({"coin": coins}, seat, rng)
            _reshuffle_tiles(out, seat, rng)
        forget_private_log(out, seat)
        out["rng"] = rng.hex()
        return out


# ----- helpers (the refusals use some of them) ---------------------------------

def winners(scores: List[int]) -> List[int]:
    """Every seat with the highest total: the text breaks no ties, so tied seats share the win."""
    best = max(scores)
    return [s for s, score in enumerate(scores) if score == best]


def pile_for(state: State, seat: int) -> List[dict]:
    """The pile `seat` draws from: its own in the suit terrain, the shared one otherwise."""
    return state["piles"][seat if state["options"]["terrain"] == "suit" else 0]


def proper_owners(state: State, seat: int) -> List[int]:
    """Whose proper tiles `seat` may take: its own, and anyone's once the pile is empty."""
    proper = state["proper"]
    if pile_for(state, seat):
        return [seat] if proper[seat] is not None else []
    return [k for k, tile in enumerate(proper) if tile is not None]


def map_places(state: State) -> List[tuple]:
    return sorted(by_place(state["tiles"]), key=reading_order)


def castle_places(state: State, seat: int) -> List[tuple]:
    """Tiles of the seat's own suit with no castle yet."""
    tiles = by_place(state["tiles"])
    built = {(c["x"], c["y"]) for c in state["castles"] if c is not None}
    return [p for p in map_places(state) if tiles[p]["suit"] == pp.SUITS[seat] and p not in built]


def _copy_json(value):
    """A deep copy of plain JSON data; much faster than copy.deepcopy on the finished rounds."""
    return json.loads(json.dumps(value))


def _reshuffle_tiles(state: State, seat: Optional[int], rng: Rng) -> None:
    """Resample pile order and the proper tiles `seat` has not seen.

    Every arrangement of the unseen tiles that fits what the seat saw is equally
    likely: a hidden proper tile is one of its owner's unseen tiles, and the
    rest lie in the pile in any order.
    """
    if state["options"]["terrain"] == "suit":
        for pile in state["piles"]:
            rng.shuffle(pile)
        return
    proper = state["proper"]
    hidden = [k for k, tile in enumerate(proper) if tile is not None and not pp.knows(tile, seat)]
    pool = [(t["suit"], t["rank"]) for t in state["piles"][0]] + [(proper[k]["suit"], proper[k]["rank"]) for k in hidden]
    for k in hidden:
        mine = [i for i, (suit, _) in enumerate(pool) if suit == pp.SUITS[k]]
        suit, rank = pool.pop(rng.choice(mine))
        proper[k] = pp.make(suit, rank, [k])
    rng.shuffle(pool)
    state["piles"][0] = [pp.make(suit, rank, []) for suit, rank in pool]


from .castles_refusals import explain_refusal  # noqa: E402  (kept apart: wording only)

GAME = Castles()
