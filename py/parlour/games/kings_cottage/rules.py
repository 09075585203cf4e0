"""King's Cottage (Jonathan C. Dietrich, 2003) for 2 to 4 players.

Advisors secretly stake the four craft houses, then take turns building the
King's cottage from piecepack tiles (two stories), bringing in furnishings
(coins) and moving them about; a room that fills up scores for the houses of
its furnishings.  The fourth Null tile (month) ends the game, and profits are
stakes times house earnings.  Rules as implemented, and every reading of an
open point, are in docs/rules/kings-cottage.md.

The package: constants (houses, ranks, months, phase titles) at the bottom;
board (geometry), coins (hidden faces), scoring (pure scoring), view (views
and determinize) and refusals (why a move is refused) above it; and this
module, the rules, on top.
"""
from __future__ import annotations

from typing import List, Optional

from ... import piecepack as pp
from ...game import Action, Game, State, clone, log, share, winners_line
from ...rng import Rng, Seed
from . import board, coins, policy
from .constants import ACE, DIE_FACES, FIRST_ENTRANCE, HOUSES, MONTHS_TO_END, MONTHS_TO_KING, NULL
from .refusals import explain_refusal
from .scoring import SPLITS, profits, score_room, split_dict, winners
from .view import make_view, resample_state
from .ending import ending_text


def cap(text: str) -> str:
    """Capitalise the first letter only (str.capitalize would lower 'Arms')."""
    return text[:1].upper() + text[1:]


def room_name(room: dict) -> str:
    """'the 3 of Crowns', 'the ace of Crowns entrance'."""
    return pp.name(room) + (" entrance" if room["rank"] == ACE else "")


#: The 231 investment moves, made once: `legal_actions` hands out copies.
INVESTMENTS: List[Action] = [dict({"type": "invest"}, **split_dict(split)) for split in SPLITS]
_INVESTMENT_AT = {tuple(split): k for k, split in enumerate(SPLITS)}  # stakes in HOUSES order -> index


class KingsCottage(Game):
    id = "kings-cottage"
    title = "King's Cottage"
    #: the lobby's card (op_games, games.json): a one-line pitch, a typical length, what sets the game apart
    pitch = "Build the King's cottage room by room and push the furniture about until rooms fill up and pay their makers."
    length = "20–30 minutes"
    special = ("Before building starts you bet in secret for or against each of the four craft houses, "
               "so the best builder at the table may be quietly ruining the house it builds for.")
    #: search iterations per bot move (parlour.levels)
    bot_iterations = {"easy": 6}  # Medium and Hard play the advisor (level_bots)
    #: random playouts almost never fill a room (most games ended 0-0), so every level plays greedy ones
    greedy_playout_levels = ("easy", "medium", "hard")
    #: imagined games are cut off after this many moves and judged by `evaluate` (a whole one is ~140)
    playout_plies = 25
    #: Hard is the greedy advisor (policy.py): the search, whose imagined rivals play as well as it does,
    #: found every move about as good as a shared 0-0 and let games end so (60 iterations: 0.61 of 14
    #: games against random play, 10 of them 0-0); the advisor won 0.955 of 100 and beat Medium 0.84 of 40
    #: Medium is that advisor with a random move a third of the time (parlour.bots.careless_action): the search
    #: Medium let 44 % of 100 games against random play end 0-0 and won only 0.68 of them, below Easy's 0.75;
    #: the careless advisor won 0.795 of 100 against random play (0-0 in 10 %) and lost 0.685 of 100 to Hard
    level_bots = {"medium": "careless", "hard": "heuristic"}
    careless_per_hundred = 33
    #: the searching levels try the advisor's move first and keep it on ties: over a few dozen stakes or
    #: furniture moves their budget otherwise never met it, and Medium fell back to the first legal move
    search_prior = True
    min_players = 2
    max_players = 4
    options: dict = {}

    # `apply` copies the containers `_apply` edits, and every coin it may edit (a coin's
    # `known` list is only ever replaced); coins in the bag are copied when drawn.
    copy_plan = {
        "options": share, "result": share, "pending_tile": share,
        "investments": list, "bag": list, "houses": dict,
        "piles": lambda piles: {suit: list(pile) for suit, pile in piles.items()},
        "rooms": lambda rooms: [dict(room, coins=[dict(c) for c in room["coins"]]) for room in rooms],
        "scored": lambda scored: [dict(c) for c in scored],
        "months": lambda months: [dict(m, coin=None if m["coin"] is None else dict(m["coin"])) for m in months],
        "pending_coin": lambda coin: None if coin is None else dict(coin),
    }

    # --- setup ---
    def _setup(self, state: State, rng: Rng) -> None:
        n = state["players"]
        first = rng.below(n)
        state.update({
            "phase": "invest",
            "investments": [None] * n,
            "first": first,
            "current": first,
            "rooms": [board.new_room(FIRST_ENTRANCE["suit"], ACE, 1, 0, 0)],
            "king": None,
            # A pile's contents are public (every drawn tile is shown); its order is
            # not kept at all: each draw takes a random tile of the pile.
            "piles": {s: [r for r in pp.RANKS if (s, r) != (FIRST_ENTRANCE["suit"], ACE)] for s in HOUSES},
            "bag": coins.new_bag(),
            "scored": [],
            "months": [],
            "houses": {h: 0 for h in HOUSES},
            "die": None,
            "points": 0,
            "pending_tile": None,
            "pending_coin": None,
            "swap_room": None,
            "next_coin": 1,
            "result": None,
        })
        log(state, f"The ace of Crowns is the first entrance. Everyone chooses their investments in secret; "
                   f"{{p{first}}} will move first.")

    # --- contract: reading ---
    def to_move(self, state: State) -> List[int]:
        if state["phase"] == "over":
            return []
        if state["phase"] == "invest":
            return [s for s, stakes in enumerate(state["investments"]) if stakes is None]
        return [state["current"]]

    def legal_actions(self, state: State, seat: int) -> List[Action]:
        if seat not in self.to_move(state):
            return []
        phase, rooms = state["phase"], state["rooms"]
        if phase == "invest":
            return [dict(invest) for invest in INVESTMENTS]
        if phase in ("turn", "forced_tile"):
            actions = [{"type": "draw_tile", "suit": s} for s in HOUSES if state["piles"][s]]
            if phase == "turn":
                if state["bag"]:
                    actions.append({"type": "draw_coin"})
                actions.append({"type": "roll"})
            return actions
        if phase == "place_tile":
            return self._placements(state)
        entrances = [i for i, r in enumerate(rooms) if board.is_entrance(r)]
        if phase == "place_coin":
            return [{"type": "place_coin", "room": i, "up": side} for i in entrances for side in coins.SIDES]
        if phase == "place_king":
            return [{"type": "place_king", "room": i} for i in entrances]
        if phase == "move":
            return self._steps(state)
        if phase == "swap":
            room = rooms[state["swap_room"]]
            return [{"type": "swap", "coin": c["id"], "with": m["coin"]["id"]}
                    for c in room["coins"] for m in state["months"] if m["coin"] is not None]
        return []

    def _placements(self, state: State, story: Optional[int] = None) -> List[Action]:
        """Every place for the tile in hand (`story`: on that story only, the same as filtering)."""
        rooms = state["rooms"]
        actions: List[Action] = []
        if story is None or story == 1:
            actions += [{"type": "place_tile", "story": 1, "x": x, "y": y}
                        for x, y in board.first_story_spots(rooms)]
        if state["pending_tile"]["rank"] != ACE and (story is None or story == 2):
            actions += [{"type": "place_tile", "story": 2, "x": x, "y": y, "stairs": stairs}
                        for x, y, stairs in board.second_story_spots(rooms, state["king"])]
        return actions

    def _candidates(self, state: State, seat: int, action: Action) -> Optional[List[Action]]:
        """`apply`'s shortcut (Game._candidates): the one investment asked for (not all 231), or the
        places on one story."""
        kind, phase = action.get("type"), state["phase"]
        if seat not in self.to_move(state):
            return None
        if kind == "invest" and phase == "invest":
            stakes = tuple(action.get(h) for h in HOUSES)
            at = _INVESTMENT_AT.get(stakes) if all(type(v) is int for v in stakes) else None
            return None if at is None else [dict(INVESTMENTS[at])]
        if kind == "place_tile" and phase == "place_tile" and action.get("story") in (1, 2):
            return self._placements(state, action["story"])
        return None

    def _steps(self, state: State) -> List[Action]:
        """Every single step: furnishings (not out of the King's room, never into a
        completed or full room), then the King (anywhere connected), then stopping."""
        rooms, king = state["rooms"], state["king"]
        adj = board.neighbours(rooms)
        actions: List[Action] = []
        for i, room in enumerate(rooms):
            if not room["coins"] or i == king or i not in adj:
                continue
            targets = [j for j in adj[i] if rooms[j]["state"] == board.OPEN and board.has_space(rooms[j])]
            actions += [{"type": "move_coin", "coin": c["id"], "to": j} for c in room["coins"] for j in targets]
        if king is not None:
            actions += [{"type": "move_king", "to": j} for j in adj[king]]
        actions.append({"type": "stop"})
        return actions

    def heuristic_action(self, state: State, seat: int, rng: Rng) -> Action:
        """The greedy advisor's move (policy.py): reads only what `seat` may know, deterministic given rng."""
        return policy.choose(state, seat, rng)

    def evaluate(self, state: State) -> List[float]:
        """Each seat's estimated final profit, for cut-off playouts (parlour.search.playout)."""
        return policy.estimated_profits(state)

    # --- contract: moving ---
    def _apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        kind = action["type"]
        if kind == "invest":
            self._invest(state, seat, action)
        elif kind == "draw_tile":
            self._draw_tile(state, seat, action["suit"], rng)
        elif kind == "place_tile":
            self._place_tile(state, seat, action)
        elif kind == "draw_coin":
            coin = coins.draw(state, seat, rng)
            state["pending_coin"] = coin
            state["phase"] = "place_coin"
            log(state, f"{{p{seat}}} draws a coin from the bag.",
                {seat: f"You draw {pp.name(coin)} from the bag."})
        elif kind == "place_coin":
            self._place_coin(state, seat, action)
        elif kind == "place_king":
            state["king"] = action["room"]
            log(state, f"{{p{seat}}} brings the King in at {room_name(state['rooms'][action['room']])}.")
            self._end_turn(state)
        elif kind == "roll":
            self._roll(state, seat, rng)
        elif kind == "move_coin":
            self._move_coin(state, seat, action)
        elif kind == "move_king":
            state["king"] = action["to"]
            log(state, f"{{p{seat}}} moves the King to {room_name(state['rooms'][action['to']])}.")
            self._spend_point(state)
        elif kind == "stop":
            log(state, f"{{p{seat}}} stops, giving up {self._points_text(state['points'])}.")
            self._end_turn(state)
        elif kind == "swap":
            self._swap(state, seat, action)
        self._refill(state)

    def _invest(self, state: State, seat: int, action: Action) -> None:
        stakes = {h: action[h] for h in HOUSES}
        state["investments"][seat] = stakes
        mine = ", ".join(f"{pp.SUIT_NAMES[h]} {stakes[h]:+d}" for h in HOUSES)
        log(state, f"{{p{seat}}} has chosen their investments.", {seat: f"You invest: {mine}."})
        if all(s is not None for s in state["investments"]):
            state["phase"] = "turn"
            state["current"] = state["first"]
            log(state, f"Everyone has invested. {{p{state['first']}}} moves first.")

    def _draw_tile(self, state: State, seat: int, suit: str, rng: Rng) -> None:
        pile = state["piles"][suit]
        rank = pile.pop(rng.below(len(pile)))
        tile = {"suit": suit, "rank": rank}
        if rank == NULL:
            self._month(state, seat, suit, rng)
            return
        state["pending_tile"] = tile
        state["phase"] = "place_tile"
        log(state, f"{{p{seat}}} turns up {pp.name(tile)} from the {pp.SUIT_NAMES[suit]} pile.")

    def _month(self, state: State, seat: int, suit: str, rng: Rng) -> None:
        """A Null tile: a month passes and the King takes a secret coin; he arrives
        after the second month, and the fourth ends the game."""
        months = state["months"]
        months.append({"suit": suit, "coin": None})
        count = len(months)
        if count == MONTHS_TO_END:
            log(state, f"{{p{seat}}} turns up the null of {pp.SUIT_NAMES[suit]}: the fourth month is over "
                       f"and the cottage is finished.")
            self._finish(state)
            return
        coin = coins.draw(state, seat, rng)
        months[-1]["coin"] = coin
        null = f"the null of {pp.SUIT_NAMES[suit]}: month {count} has passed."
        if coin is None:
            log(state, f"{{p{seat}}} turns up {null} The bag is empty, so the King picks nothing this month.")
        else:
            log(state, f"{{p{seat}}} turns up {null} The King picks a coin from the bag that only {{p{seat}}} sees.",
                {seat: f"You turn up {null} The King picks {pp.name(coin)} from the bag; only you saw it."})
        if count == MONTHS_TO_KING:
            state["phase"] = "place_king"
            log(state, f"The King is coming: {{p{seat}}} chooses the entrance he arrives at.")
        else:
            self._end_turn(state)

    def _place_tile(self, state: State, seat: int, action: Action) -> None:
        rooms, tile = state["rooms"], state["pending_tile"]
        x, y, story = action["x"], action["y"], action["story"]
        buried: List[int] = []
        if story == 2:
            buried = board.gone_after((x, y), board.lower_map(rooms), board.upper_map(rooms))
        rooms.append(board.new_room(tile["suit"], tile["rank"], story, x, y, action.get("stairs")))
        state["pending_tile"] = None
        if story == 1:
            log(state, f"{{p{seat}}} builds {room_name(tile)} on the first story.")
        else:
            down = rooms[board.stairs_room(rooms, len(rooms) - 1)]
            log(state, f"{{p{seat}}} builds {pp.name(tile)} on the second story, "
                       f"with its stairwell down to {room_name(down)}.")
        for i in buried:
            self._bury(state, i)
        self._end_turn(state)

    def _bury(self, state: State, index: int) -> None:
        """A first-story room covered on all four corners is gone; its furnishings join the scored coins."""
        room = state["rooms"][index]
        room["state"] = board.GONE
        lost = room["coins"]
        room["coins"] = []
        for coin in lost:
            coins.reveal(coin, state["players"])
            state["scored"].append(coin)
        what = f"; its furnishings ({', '.join(pp.name(c) for c in lost)}) are set aside" if lost else ""
        log(state, f"{cap(room_name(room))} is now completely covered and gone{what}.")

    def _place_coin(self, state: State, seat: int, action: Action) -> None:
        coin = state["pending_coin"]
        coin["up"] = action["up"]
        room = state["rooms"][action["room"]]
        room["coins"].append(coin)
        state["pending_coin"] = None
        log(state, f"{{p{seat}}} brings in {coins.describe_public(coin)} at {room_name(room)}.",
            {seat: f"You bring in {coins.describe_full(coin)} at {room_name(room)}."})
        self._end_turn(state)

    def _roll(self, state: State, seat: int, rng: Rng) -> None:
        face = rng.below(DIE_FACES)
        state["die"] = face
        if face == NULL:
            state["phase"] = "forced_tile"
            log(state, f"{{p{seat}}} rolls a null and must add a tile.")
            return
        state["points"] = face
        state["phase"] = "move"
        log(state, f"{{p{seat}}} rolls {pp.article(pp.RANK_NAMES[face])}: {self._points_text(face)}.")

    @staticmethod
    def _points_text(points: int) -> str:
        return f"{points} movement point{'s' if points != 1 else ''}"

    def _move_coin(self, state: State, seat: int, action: Action) -> None:
        rooms = state["rooms"]
        source = next(r for r in rooms if any(c["id"] == action["coin"] for c in r["coins"]))
        coin = next(c for c in source["coins"] if c["id"] == action["coin"])
        source["coins"].remove(coin)
        target = rooms[action["to"]]
        target["coins"].append(coin)
        log(state, f"{{p{seat}}} moves {coins.describe_public(coin)} from {room_name(source)} to {room_name(target)}.")
        if len(target["coins"]) == target["rank"] and board.can_complete(rooms, action["to"]):
            self._complete(state, seat, action["to"])
        else:
            self._spend_point(state)

    def _spend_point(self, state: State) -> None:
        state["points"] -= 1
        if state["points"] == 0:
            self._end_turn(state)

    def _complete(self, state: State, seat: int, index: int) -> None:
        """A full room: remaining points are lost; with the King there, his swap comes first."""
        room = state["rooms"][index]
        state["points"] = 0
        if state["king"] == index and any(m["coin"] is not None for m in state["months"]):
            state["phase"] = "swap"
            state["swap_room"] = index
            log(state, f"{cap(room_name(room))} is full and the King is there: "
                       f"{{p{seat}}} must swap one of its furnishings with one from the King's collection.")
            return
        self._score(state, index)
        self._end_turn(state)

    def _swap(self, state: State, seat: int, action: Action) -> None:
        room = state["rooms"][state["swap_room"]]
        k = next(i for i, c in enumerate(room["coins"]) if c["id"] == action["coin"])
        month = next(i for i, m in enumerate(state["months"])
                     if m["coin"] is not None and m["coin"]["id"] == action["with"])
        taken, given = room["coins"][k], state["months"][month]["coin"]
        room["coins"][k] = given
        state["months"][month]["coin"] = taken
        coins.learn(taken, seat)
        swapped = f"{coins.describe_public(taken)} (#{taken['id']}) for the King's coin from month {month + 1}."
        log(state, f"{{p{seat}}} swaps out {swapped}",
            {seat: f"You swap out {swapped} The furnishing taken out is {pp.name(taken)}."})
        self._score(state, state["swap_room"])
        state["swap_room"] = None
        self._end_turn(state)

    def _score(self, state: State, index: int) -> None:
        """Everyone sees the room's furnishings; the houses score; Nulls go back in the bag, the rest aside."""
        room = state["rooms"][index]
        king_here = state["king"] == index
        for coin in room["coins"]:
            coins.reveal(coin, state["players"])
        points = score_room(room["rank"], room["suit"], [(c["suit"], c["rank"]) for c in room["coins"]], king_here)
        for house, p in points.items():
            state["houses"][house] += p
        listing = ", ".join(pp.name(c) for c in room["coins"])
        sums = ", ".join(f"{pp.SUIT_NAMES[h]} {p}" for h, p in points.items())
        log(state, f"{cap(room_name(room))} is complete{' with the King' if king_here else ''} "
                   f"({listing}): {sums}.")
        room["state"] = board.COMPLETED
        for coin in room["coins"]:
            if coin["rank"] == NULL:
                coins.to_bag(state, coin)
            else:
                state["scored"].append(coin)
        room["coins"] = []

    def _refill(self, state: State) -> None:
        if state["bag"] or not state["scored"] or state["phase"] == "over":
            return
        count = len(state["scored"])
        for coin in state["scored"]:
            coins.to_bag(state, coin)
        state["scored"] = []
        log(state, f"The bag is empty: the {count} scored coin{'s go' if count != 1 else ' goes'} back into it.")

    def _end_turn(self, state: State) -> None:
        state["current"] = (state["current"] + 1) % state["players"]
        state["phase"] = "turn"
        state["points"] = 0

    def _finish(self, state: State) -> None:
        state["phase"] = "over"
        state["points"] = 0
        gains = profits(state["houses"], state["investments"])
        best = winners(gains)
        state["result"] = {
            "scores": gains,
            "winners": best,
            "detail": {"houses": dict(state["houses"]), "investments": clone(state["investments"]),
                       "decided_by": "highest profit" if len(best) == 1 else "shared win (tied profit)"},
        }
        houses = ", ".join(f"{pp.SUIT_NAMES[h]} {state['houses'][h]}" for h in HOUSES)
        log(state, f"House earnings: {houses}. Profits: "
            + ", ".join(f"{{p{s}}} {g:+d}" for s, g in enumerate(gains)) + ".")
        log(state, f"{winners_line(best)}.")

    def explain(self, state: State, seat: int, action: Action) -> str:
        return explain_refusal(self, state, seat, action)

    # --- views ---
    def ending(self, state: State) -> str:
        return ending_text(state)

    def view(self, state: State, seat: Optional[int]) -> dict:
        return make_view(self, state, seat)

    def determinize(self, state: State, seat: Optional[int], seed: Seed) -> State:
        return resample_state(state, seat, seed)


GAME = KingsCottage()
