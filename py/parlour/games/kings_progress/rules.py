"""The King's Progress (Phillip Lerche, 2002) for 2 to 4 players.

Each seat is a chancellor steering its King outwards through a kingdom of six
cities.  A round has five phases (city, city veto, investment, investment veto,
King's progress); six rounds make a game.  Rules as implemented, and every
reading of an open point, are in docs/rules/kings-progress.md.

The package: constants (rounds, phases and their titles), scoring (pure),
view (what each seat sees, and determinize), refusals (why a move is refused)
and this module, the rules, which uses them all.
"""
from __future__ import annotations

from typing import List, Optional

from ... import piecepack as pp
from ...game import Action, Game, State, copy_json, log, share
from ...rng import Rng, Seed
from .constants import ROUNDS, START_VETOES
from .refusals import explain_refusal
from .scoring import rank_seats, score_seat
from .view import make_view, resample_state
from .ending import ending_text


class KingsProgress(Game):
    id = "kings-progress"
    title = "The King's Progress"
    #: the lobby's card (op_games, games.json): a one-line pitch, a typical length, what sets the game apart
    pitch = "Hide coins under the cities of every kingdom, then walk your King out to the richest one."
    length = "15–25 minutes"
    special = ("You build in your rivals' kingdoms as much as your own, and five vetoes let you undo "
               "what they did to yours: every coin is a bluff until the King reaches it.")
    #: search iterations per bot move (parlour.levels): Hard keeps about a second a move in Pyodide
    bot_iterations = {"easy": 12, "medium": 80, "hard": 250}
    #: `determinize` (view.resample_state) starts from a whole copy of the state (Game.determinize_copies)
    determinize_copies = True
    min_players = 2
    max_players = 4
    options = {
        "match": {
            "label": "Match",
            "choices": ["single", "two-games"],
            "default": "single",
            "help": "Four players may play two games with scores added, so everyone is first chancellor three times.",
            "choice_players": {"two-games": [4]},
        }
    }

    # `apply` copies the lists and dicts `_apply` edits and shares every piece:
    # a piece that changes (a player learns a coin) is replaced by a new dict.
    copy_plan = {
        "options": share, "result": share, "pending": share,
        "finished_games": list, "vetoes": list, "order": list, "expanded": list,
        "reserves": lambda reserves: [dict(r, tiles=list(r["tiles"]), coins=list(r["coins"])) for r in reserves],
        "kingdoms": lambda kingdoms: [dict(k, cities=[dict(c) for c in k["cities"]]) for k in kingdoms],
    }

    # --- setup ---
    def _setup(self, state: State, rng: Rng) -> None:
        n = state["players"]
        state["games_in_match"] = 2 if state["options"]["match"] == "two-games" else 1
        state["finished_games"] = []
        state["result"] = None
        self._new_game(state, rng.below(n))

    def _new_game(self, state: State, first: int) -> None:
        n = state["players"]
        suits = pp.SUITS[:n]
        state.update({
            "game_no": len(state["finished_games"]) + 1,
            "first_chancellor": first,
            "round": 1,
            "chancellor": first,
            "kingdoms": [{"cities": [], "king": -1} for _ in range(n)],
            "reserves": [
                {"tiles": [pp.make(s, r, [i]) for r in pp.RANKS], "coins": [pp.make(s, r, [i]) for r in pp.RANKS]}
                for i, s in enumerate(suits)
            ],
            "vetoes": [START_VETOES] * n,
            "expanded": [],
            "pending": None,
        })
        log(state, f"Game {state['game_no']}, round 1: {{p{first}}} is first chancellor." if state["games_in_match"] > 1
            else f"Round 1: {{p{first}}} is first chancellor.")
        self._start_phase(state, "city")

    # --- turn order ---
    def _start_phase(self, state: State, phase: str) -> None:
        n, c = state["players"], state["chancellor"]
        start = c if phase in ("city", "city_veto", "king") else (c + 1) % n
        state["phase"] = phase
        state["order"] = [(start + i) % n for i in range(n)]
        state["turn"] = 0
        state["expanded"] = []
        self._settle(state)

    def _settle(self, state: State) -> None:
        """Skip seats with nothing to decide, make forced King moves, and roll phases on."""
        while state["phase"] != "over":
            if state["turn"] >= len(state["order"]):
                self._end_phase(state)
                continue
            seat = state["order"][state["turn"]]
            if state["phase"] == "king" and (state["round"] == 1 or state["vetoes"][seat] == 0):
                self._move_king(state, seat, forced=True)
                state["turn"] += 1
                continue
            if state["phase"] in ("city_veto", "invest_veto") and state["pending"] is None:
                if not self._veto_targets(state, seat):
                    state["turn"] += 1
                    continue
            return

    def _end_phase(self, state: State) -> None:
        phase, last = state["phase"], state["round"] == ROUNDS
        if phase == "city":
            self._start_phase(state, "invest" if last else "city_veto")
        elif phase == "city_veto":
            self._start_phase(state, "invest")
        elif phase == "invest":
            self._start_phase(state, "king" if last else "invest_veto")
        elif phase == "invest_veto":
            self._start_phase(state, "king")
        elif last:
            self._end_game(state)
        else:
            state["round"] += 1
            state["chancellor"] = (state["chancellor"] + 1) % state["players"]
            log(state, f"Round {state['round']}: {{p{state['chancellor']}}} is first chancellor.")
            self._start_phase(state, "city")

    def _end_game(self, state: State) -> None:
        n = state["players"]
        for kingdom in state["kingdoms"]:
            for city in kingdom["cities"]:
                city["coin"] = dict(city["coin"], known=list(range(n)))
        lines = [score_seat(state["kingdoms"][s], state["vetoes"][s]) for s in range(n)]
        state["finished_games"].append({
            "game_no": state["game_no"],
            "first_chancellor": state["first_chancellor"],
            "kingdoms": copy_json(state["kingdoms"]),  # copied in C: every bot playout ends here
            "lines": lines,
        })
        log(state, "Scoring: " + ", ".join(f"{{p{s}}} {lines[s]['total']}" for s in range(n)) + ".")
        if len(state["finished_games"]) < state["games_in_match"]:
            self._new_game(state, (state["first_chancellor"] + 2) % n)
            return
        state["phase"] = "over"
        state["order"], state["turn"] = [], 0
        totals = [sum(g["lines"][s]["total"] for g in state["finished_games"]) for s in range(n)]
        winners, decided_by = rank_seats(totals, state["finished_games"][-1]["lines"])
        state["result"] = {
            "scores": totals,
            "winners": winners,
            "detail": {"decided_by": decided_by, "games": [g["lines"] for g in state["finished_games"]]},
        }
        names = " and ".join(f"{{p{w}}}" for w in winners)
        log(state, f"{names} {'win' if len(winners) > 1 else 'wins'} ({decided_by}).")

    # --- contract: reading ---
    def to_move(self, state: State) -> List[int]:
        if state["phase"] == "over":
            return []
        return [state["order"][state["turn"]]]

    def legal_actions(self, state: State, seat: int) -> List[Action]:
        if seat not in self.to_move(state):
            return []
        phase, res = state["phase"], state["reserves"][seat]
        if phase == "city":
            tiles = _sorted(res["tiles"])  # sorted once, not once per kingdom
            return [
                {"type": "place_city", "kingdom": k, "suit": t["suit"], "rank": t["rank"]}
                for k in range(state["players"]) if k not in state["expanded"]
                for t in tiles
            ]
        if phase == "invest":
            coins = _sorted(res["coins"])  # sorted once, not once per city
            return [
                {"type": "invest", "kingdom": k, "city": i, "suit": c["suit"], "rank": c["rank"]}
                for k, kingdom in enumerate(state["kingdoms"])
                for i, city in enumerate(kingdom["cities"]) if city["coin"] is None
                for c in coins
            ]
        if phase == "city_veto":
            tiles = _sorted(res["tiles"])
            return [
                {"type": "veto_city", "city": i, "suit": t["suit"], "rank": t["rank"]}
                for i in self._veto_targets(state, seat) for t in tiles
            ] + [{"type": "pass"}]
        if phase == "invest_veto":
            if state["pending"] is not None:
                return [{"type": "replace_coin", "suit": c["suit"], "rank": c["rank"]} for c in _sorted(res["coins"])]
            return [{"type": "veto_investment", "city": i} for i in self._veto_targets(state, seat)] + [{"type": "pass"}]
        return [{"type": "move_king"}, {"type": "veto_king"}]

    def _veto_targets(self, state: State, seat: int) -> List[int]:
        """Cities of `seat`'s own kingdom it could veto now (never the King's city)."""
        if state["vetoes"][seat] == 0:
            return []
        kingdom = state["kingdoms"][seat]
        kind = "tiles" if state["phase"] == "city_veto" else "coins"
        if not state["reserves"][seat][kind]:
            return []
        return [
            i for i, city in enumerate(kingdom["cities"])
            if i != kingdom["king"] and (state["phase"] == "city_veto" or city["coin"] is not None)
        ]

    # --- contract: moving ---
    def _apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        kind = action["type"]
        res = state["reserves"][seat]
        n = state["players"]
        if kind == "place_city":
            k = action["kingdom"]
            tile = dict(res["tiles"].pop(pp.find(res["tiles"], action["suit"], action["rank"])), known=list(range(n)))
            state["kingdoms"][k]["cities"].append({"tile": tile, "coin": None})
            state["expanded"].append(k)
            where = len(state["kingdoms"][k]["cities"])
            log(state, f"{{p{seat}}} builds {pp.name(tile, 'tile')} as city {where} of {{p{k}}}'s kingdom.")
        elif kind == "veto_city":
            city = state["kingdoms"][seat]["cities"][action["city"]]
            new = dict(res["tiles"].pop(pp.find(res["tiles"], action["suit"], action["rank"])), known=list(range(n)))
            old, city["tile"] = city["tile"], new
            res["tiles"].append(old)
            self._spend_veto(state, seat)
            log(state, f"{{p{seat}}} vetoes city {action['city'] + 1} ({pp.name(old, 'tile')}) and builds {pp.name(new, 'tile')} instead.")
        elif kind == "invest":
            coin = pp.learned(res["coins"].pop(pp.find(res["coins"], action["suit"], action["rank"])), [seat])
            state["kingdoms"][action["kingdom"]]["cities"][action["city"]]["coin"] = coin
            public = f"{{p{seat}}} invests {pp.article(pp.SUIT_NAMES[coin['suit']])} coin in city {action['city'] + 1} of {{p{action['kingdom']}}}'s kingdom."
            private = f"You invest {pp.name(coin, 'coin')} in city {action['city'] + 1} of {{p{action['kingdom']}}}'s kingdom."
            log(state, public, {seat: private})
        elif kind == "veto_investment":
            city = state["kingdoms"][seat]["cities"][action["city"]]
            coin, city["coin"] = pp.learned(city["coin"], [seat]), None
            state["pending"] = {"city": action["city"], "coin": coin}
            self._spend_veto(state, seat)
            log(state, f"{{p{seat}}} vetoes the investment in city {action['city'] + 1} and looks at the coin.",
                {seat: f"You veto the investment in city {action['city'] + 1}: it is {pp.name(coin, 'coin')}."})
            return  # the same seat now chooses the replacement
        elif kind == "replace_coin":
            pending = state["pending"]
            coin = res["coins"].pop(pp.find(res["coins"], action["suit"], action["rank"]))
            state["kingdoms"][seat]["cities"][pending["city"]]["coin"] = coin
            res["coins"].append(pending["coin"])
            state["pending"] = None
            log(state, f"{{p{seat}}} puts {pp.article(pp.SUIT_NAMES[coin['suit']])} coin from their reserve there.",
                {seat: f"You put {pp.name(coin, 'coin')} there."})
        elif kind == "pass":
            log(state, f"{{p{seat}}} does not veto.")
        elif kind == "move_king":
            self._move_king(state, seat, forced=False)
        elif kind == "veto_king":
            self._spend_veto(state, seat)
            log(state, f"{{p{seat}}} vetoes the King's progress; the King stays.")
        state["turn"] += 1
        self._settle(state)

    def _spend_veto(self, state: State, seat: int) -> None:
        state["vetoes"][seat] -= 1

    def _move_king(self, state: State, seat: int, forced: bool) -> None:
        kingdom = state["kingdoms"][seat]
        kingdom["king"] += 1
        city = kingdom["cities"][kingdom["king"]]
        where = f"city {kingdom['king'] + 1}"
        coin = city["coin"] = pp.learned(city["coin"], [seat])
        why = " (no vetoes left)" if forced and state["round"] > 1 else ""
        log(state, f"{{p{seat}}}'s King moves on to {where}{why}.",
            {seat: f"Your King moves on to {where}{why}; the coin there is {pp.name(coin, 'coin')}."})

    def explain(self, state: State, seat: int, action: Action) -> str:
        return explain_refusal(self, state, seat, action)

    # --- views ---
    def ending(self, state: State) -> str:
        return ending_text(state)

    def view(self, state: State, seat: Optional[int]) -> dict:
        return make_view(self, state, seat)

    def determinize(self, state: State, seat: Optional[int], seed: Seed) -> State:
        return resample_state(state, seat, seed)


_SUIT_ORDER = {suit: i for i, suit in enumerate(pp.SUITS)}


def _sorted(pieces: List[dict]) -> List[dict]:
    return sorted(pieces, key=lambda p: (_SUIT_ORDER[p["suit"]], p["rank"]))


GAME = KingsProgress()
