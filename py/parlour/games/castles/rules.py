"""Castles (Santiago Eximeno, 2003) for 2 to 4 players.

Each seat owns a suit: six tiles, six coins (its armies) and a pawn (its
castle).  A round lays a new map tile by tile, then each seat builds its castle
and deploys its armies face down; the round is scored when the last army is
down.  A game is as many rounds as seats, each started by the seat to the right
of the last starter.  Rules as implemented, and every reading of an open point,
are in docs/rules/castles.md.

The package: constants (terrains, limits, titles, pile names) at the bottom;
map (grid geometry and the squares of a state), piles (where a seat's next
tile comes from), scoring (pure), view (what each seat sees, and
determinize) and refusals (why a move is refused) above it; and this module,
the rules, on top.
"""
from __future__ import annotations

from typing import List, Optional

from ... import piecepack as pp
from ...game import Action, Game, State, clone, log, share, winners_line
from ...rng import Rng, Seed
from .constants import MAX_ARMIES_PER_TILE, TERRAINS
from .map import army_counts, castle_places, frontier, map_places, tile_at
from .piles import pile_for, proper_owners
from .refusals import explain_refusal
from .scoring import score_board, winners
from .view import make_view, resample_state
from .ending import ending_text


class Castles(Game):
    id = "castles"
    title = "Castles"
    #: the lobby's card (op_games, games.json): a one-line pitch, a typical length, what sets the game apart
    pitch = "Lay a map together tile by tile, raise your castle on it, then send armies to hold the land around it."
    length = "20–40 minutes"
    special = ("A round per player, and armies go down face down, so every battle is a bluff: an ace is the weakest army "
               "anywhere but on an ace tile, where it is worth six.")
    #: search iterations per bot move (parlour.levels): Hard keeps about a second a move in Pyodide
    bot_iterations = {"easy": 6, "medium": 30, "hard": 70}
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

    # `apply` copies the lists `_apply` edits and shares the pieces, tiles and finished
    # rounds in them: nothing is edited once placed (armies turned up are new dicts).
    copy_plan = {
        "options": share, "result": share, "held": share,
        "scores": list, "finished": list, "proper": list, "tiles": list, "castles": list, "armies": list,
        "piles": lambda piles: [list(pile) for pile in piles],
        "coins": lambda coins: [list(reserve) for reserve in coins],
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
        return self._deploys(state, seat)

    def _deploys(self, state: State, seat: int, only: Optional[tuple] = None) -> List[Action]:
        """Every army of `seat` onto every tile with room (`only`: just (rank, x, y), the same as filtering)."""
        ranks, places = self._deploy_parts(state, seat)
        if only is not None:
            return [{"type": "deploy", "rank": r, "x": x, "y": y} for r in ranks for x, y in places if (r, x, y) == only]
        return [{"type": "deploy", "rank": r, "x": x, "y": y} for r in ranks for x, y in places]

    @staticmethod
    def _deploy_parts(state: State, seat: int) -> tuple:
        """(the seat's army ranks, sorted; the tiles with room, in reading order): `_deploys` lists every pair."""
        full = {p for p, count in army_counts(state["armies"]).items() if count >= MAX_ARMIES_PER_TILE}
        places = map_places(state)
        if full:
            places = [p for p in places if p not in full]
        return sorted([c["rank"] for c in state["coins"][seat]]), places

    def random_legal(self, state: State, seat: int, rng: Rng) -> Action:
        """`legal_actions(state, seat)[rng.below(len(...))]`, the same move from the same draw, building only that
        move: a random playout (parlour.search) builds every army on every tile (up to 144 moves) for each one it
        plays, most of a Hard move's time."""
        phase = state["phase"]
        if seat not in self.to_move(state) or phase == "map" and state["held"] is None:  # a short list
            legal = self.legal_actions(state, seat)
            return legal[rng.below(len(legal))]
        if phase == "map":
            kind, places = "place", frontier(state["tiles"])
        elif phase == "castle":
            kind, places = "castle", castle_places(state, seat)
        else:
            ranks, places = self._deploy_parts(state, seat)
            i = rng.below(len(ranks) * len(places))
            x, y = places[i % len(places)]
            return {"type": "deploy", "rank": ranks[i // len(places)], "x": x, "y": y}
        x, y = places[rng.below(len(places))]
        return {"type": kind, "x": x, "y": y}

    def _candidates(self, state: State, seat: int, action: Action) -> Optional[List[Action]]:
        """`apply`'s shortcut (Game._candidates): the one deployment asked for, not every army on every tile."""
        if action.get("type") != "deploy" or state["phase"] != "army" or seat not in self.to_move(state):
            return None
        return self._deploys(state, seat, (action.get("rank"), action.get("x"), action.get("y")))

    # --- contract: moving ---
    def _apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        kind = action["type"]
        if kind == "draw":
            tile = pile_for(state, seat).pop()
            state["held"] = {"suit": tile["suit"], "rank": tile["rank"], "source": "pile", "owner": None}
            where = "their pile" if state["options"]["terrain"] == "suit" else "the pile"
            log(state, f"{{p{seat}}} draws {pp.name(tile, 'tile')} from {where}.")
            return  # the same seat now places it
        if kind == "take_proper":
            owner = action["owner"]
            tile, state["proper"][owner] = state["proper"][owner], None
            state["held"] = {"suit": tile["suit"], "rank": tile["rank"], "source": "proper", "owner": owner}
            whose = "their" if owner == seat else f"{{p{owner}}}'s"
            log(state, f"{{p{seat}}} takes {whose} proper tile, {pp.name(tile, 'tile')}.")
            return
        if kind == "place":
            self._place(state, seat, action)
        elif kind == "castle":
            tile = tile_at(state["tiles"], action["x"], action["y"])
            state["castles"][seat] = {"x": action["x"], "y": action["y"]}
            log(state, f"{{p{seat}}} builds a castle on {pp.name(tile, 'tile')}.")
        elif kind == "deploy":
            self._deploy(state, seat, action)
        state["turn"] += 1
        self._advance(state, rng)

    def _place(self, state: State, seat: int, action: Action) -> None:
        held, state["held"] = state["held"], None
        state["tiles"].append({"x": action["x"], "y": action["y"], "suit": held["suit"], "rank": held["rank"]})
        tile = pp.name(held, "tile")  # drawn or taken by the move before, which said so
        if held["source"] == "pile":
            log(state, f"{{p{seat}}} lays {tile} on the map.")
        elif held["owner"] == seat:
            log(state, f"{{p{seat}}} lays their proper tile, {tile}, on the map.")
        else:
            log(state, f"{{p{seat}}} lays {{p{held['owner']}}}'s proper tile, {tile}, on the map.")

    def _deploy(self, state: State, seat: int, action: Action) -> None:
        coins = state["coins"][seat]
        coin = coins.pop(pp.find(coins, pp.SUITS[seat], action["rank"]))
        state["armies"].append({"seat": seat, "x": action["x"], "y": action["y"],
                                "suit": coin["suit"], "rank": coin["rank"], "known": coin["known"]})
        tile = pp.name(tile_at(state["tiles"], action["x"], action["y"]), "tile")
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
        state["armies"] = [dict(army, known=list(range(n))) for army in state["armies"]]
        board = {
            "tiles": clone(state["tiles"]),
            "castles": clone(state["castles"]),
            "armies": [{"seat": a["seat"], "x": a["x"], "y": a["y"], "suit": a["suit"], "rank": a["rank"]}
                       for a in state["armies"]],
        }
        lines = score_board(board)
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
        log(state, f"{winners_line(won)} with {best}.")

    def explain(self, state: State, seat: int, action: Action) -> str:
        return explain_refusal(state, seat, action)

    # --- views ---
    def ending(self, state: State) -> str:
        return ending_text(state)

    def view(self, state: State, seat: Optional[int]) -> dict:
        return make_view(self, state, seat)

    def determinize(self, state: State, seat: Optional[int], seed: Seed) -> State:
        return resample_state(state, seat, seed)


GAME = Castles()
