"""Mansion (Dave Dobson, 2010) for 2 to 4 players.

Builders bid coins in secret for wood, marble, plumbing and plans, then build
rooms and staircases from the plans in hand within the building codes, trading
with each other as they like; after 20 turns the most elaborate mansion wins.
Rules as implemented, and every reading of an open point, are in
docs/rules/mansion.md.

The package: constants and deck (the 80-card plans deck as data) at the bottom;
codes (building codes), auction (income, awards, pick order), trade, knowledge
(who knows which plans), scoring, view, refusals and policy (a greedy player)
above them; and this module, the rules, on top.
"""
from __future__ import annotations

import copy
from typing import List, Optional

from ...game import Action, Game, State, log, share, winners_line
from ...rng import Rng, Seed
from . import auction, codes, deck, knowledge, trade
from .constants import (ACCEPT, ANSWERING, AREA_LABELS, AREAS, BID, BIDDING, BUILD, BUILD_OPTIONS, BUILDING,
                        DECLINE, DISPLAY_SIZE, DONE, HAND_SIZE, MATERIALS, MAX_PROPOSALS, OVER, PICK, PICKING,
                        PROPOSE, START_MATERIALS, SUPPLY_EACH, TOKENS, TURNS)
from .refusals import explain_refusal
from .scoring import estimated_scores, score_floors, winners
from .view import make_view, resample_state
from .ending import ending_text


def bid_form(coins: int) -> dict:
    """The secret bid as a form: four areas, each 0 to the coins held, the total at most the coins."""
    return {
        "type": BID, "title": "Your bids", "fixed": {},
        "fields": [{"name": a, "label": AREA_LABELS[a], "kind": "count", "min": 0, "max": coins} for a in AREAS],
        "totals": [{"fields": list(AREAS), "at_most": coins, "label": "your coins",
                    "message": "Your bids total {total} coins but you hold {limit}."}],
    }


def sample_bids(coins: int) -> List[Action]:
    """A few concrete bids (no bid, all on one area, even splits): the listed moves of the bid form."""
    splits = [(0, 0, 0, 0)]
    if coins > 0:
        splits += [tuple(coins if k == j else 0 for k in range(4)) for j in range(4)]
    if coins >= 3:
        third = coins // 3
        splits.append((third, third, third, 0))
    if coins >= 4:
        quarter = coins // 4
        splits += [(quarter,) * 4, (1, 1, 1, 1)]
    unique = list(dict.fromkeys(splits))
    return [dict(zip(AREAS, split), type=BID) for split in unique]


class Mansion(Game):
    id = "mansion"
    title = "Mansion"
    #: the lobby's card (op_games, games.json): a one-line pitch, a typical length, what sets the game apart
    pitch = "Bid in secret for wood, marble, plumbing and room plans, then build the grandest mansion in town."
    length = "45–75 minutes"
    special = ("Sealed bids every turn, real building codes (a bathroom on every floor, a staircase to go up) "
               "and open trading between builders.")
    min_players = 2
    max_players = 4
    options: dict = {
        "builds": {"label": "Builds per turn", "choices": list(BUILD_OPTIONS), "default": "one",
                   "help": "One build per building turn (the default), or as many as you can pay for."},
    }

    # `apply` copies only the containers `_apply` edits (hands, floors, trade answers,
    # picks, knowledge entries) and shares the rest: bids, terms and finished picks
    # are never edited once made.
    copy_plan = {
        "options": share, "result": share,
        "supply": dict, "bids": list, "deck": list, "display": list, "pickers": list, "offered": list,
        "seats": lambda seats: [dict(s, hand=list(s["hand"]), floors=[dict(f, rooms=list(f["rooms"]))
                                                                      for f in s["floors"]]) for s in seats],
        "known": lambda known: [dict(entry) for entry in known],
        "auction": lambda auction: None if auction is None else dict(auction, picks=list(auction["picks"])),
        "trade": lambda t: None if t is None else dict(t, waiting=list(t["waiting"]), accepted=list(t["accepted"])),
    }

    # --- setup ---
    def _setup(self, state: State, rng: Rng) -> None:
        n = state["players"]
        cards = deck.new_deck()
        rng.shuffle(cards)
        seats = []
        for _ in range(n):
            hand, cards = cards[:HAND_SIZE], cards[HAND_SIZE:]
            seats.append({"coins": 0, "wood": START_MATERIALS, "marble": START_MATERIALS,
                          "plumbing": START_MATERIALS, "hand": deck.sort_kinds(hand), "floors": []})
        display, cards = cards[:DISPLAY_SIZE], cards[DISPLAY_SIZE:]
        first = rng.below(n)
        supply = {"coins": SUPPLY_EACH}
        supply.update({m: SUPPLY_EACH - START_MATERIALS * n for m in MATERIALS})
        state.update({
            "turn": 1, "phase": BIDDING, "first": first, "supply": supply, "seats": seats,
            "deck": cards, "display": display, "bids": [None] * n, "auction": None, "pickers": [],
            "current": first, "built": 0, "proposals": 0, "offered": [], "trade": None,
            "known": knowledge.new_known(n), "deck_out_turn": None, "result": None,
        })
        log(state, f"Each builder is dealt {HAND_SIZE} secret plans and {START_MATERIALS} wood, marble and "
                   f"plumbing. {{p{first}}} is the starting player.")
        self._start_turn(state)

    def _start_turn(self, state: State) -> None:
        """Income, then secret bids.  The starting player passes clockwise each turn after the first
        (docs/rules/mansion.md: with a fixed one, the first seat won two games in three)."""
        n = state["players"]
        if state["turn"] > 1:
            state["first"] = (state["first"] + 1) % n
        paid, state["supply"]["coins"] = auction.pay_income(state["first"], n, state["supply"]["coins"])
        for seat, coins in enumerate(paid):
            state["seats"][seat]["coins"] += coins
        state.update({"phase": BIDDING, "bids": [None] * n, "trade": None})
        short = "" if all(c == paid[0] for c in paid) else " (the coin pile ran short)"
        log(state, f"Turn {state['turn']} of {TURNS}: {{p{state['first']}}} is the starting player; "
                   f"income paid{short}; everyone bids in secret.")

    # --- contract: reading ---
    def to_move(self, state: State) -> List[int]:
        phase = state["phase"]
        if phase == BIDDING:
            return [s for s, b in enumerate(state["bids"]) if b is None]
        if phase == PICKING:
            return [state["pickers"][0]]
        if phase == BUILDING:
            return [state["current"]]
        if phase == ANSWERING:
            return [state["trade"]["waiting"][0]]
        return []

    def legal_actions(self, state: State, seat: int) -> List[Action]:
        if seat not in self.to_move(state):
            return []
        phase, me = state["phase"], state["seats"][seat]
        if phase == BIDDING:
            return sample_bids(me["coins"])
        if phase == PICKING:
            return [{"type": PICK, "plan": k} for k in deck.sort_kinds(list(dict.fromkeys(state["display"])))]
        if phase == ANSWERING:
            t = state["trade"]
            able = trade.can_give(state, t["terms"], t["by"], seat) is None
            return ([{"type": ACCEPT}] if able else []) + [{"type": DECLINE}]
        actions = self.builds(state, seat)
        if state["proposals"] < MAX_PROPOSALS:
            offered = state.get("offered", [])  # one offer to each player a turn
            actions += [a for a in trade.sample_swaps(state, seat)
                        if trade.offered_again(a, seat, offered, state["players"]) is None]
        actions.append({"type": DONE})
        return actions

    def builds(self, state: State, seat: int) -> List[Action]:
        """Every build `seat` may make now: a plan in hand it can pay for, on each floor the codes allow."""
        if state["options"]["builds"] == "one" and state["built"] >= 1:
            return []
        me = state["seats"][seat]
        out = []
        for kind in deck.sort_kinds(list(dict.fromkeys(me["hand"]))):
            if all(me[m] >= c for m, c in deck.cost(kind).items()):
                out += [{"type": BUILD, "plan": kind, "floor": i + 1} for i in codes.places(me["floors"], kind)]
        return out

    def forms(self, state: State, seat: int) -> List[dict]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == BIDDING:
            return [bid_form(state["seats"][seat]["coins"])]
        if state["phase"] == BUILDING and state["proposals"] < MAX_PROPOSALS:
            form = trade.proposal_form(state, seat, state.get("offered", []))
            return [form] if form["fields"] else []
        return []

    def form_refusal(self, state: State, seat: int, action: Action, forms: Optional[List[dict]] = None) -> Optional[str]:
        """A proposal naming a player already offered a trade this turn is refused by name (one offer
        to each player per building turn), before the form's own limits are checked."""
        if action.get("type") == PROPOSE and state["phase"] == BUILDING:
            if trade.offered_again(action, seat, state.get("offered", []), state["players"]) is not None:
                return explain_refusal(self, state, seat, action)
        return super().form_refusal(state, seat, action, forms)

    #: bots cut simulated games off after this many moves and score them with `evaluate`
    #: (a whole game is hundreds of moves: full playouts left Hard at 15 s a move natively)
    playout_plies = 30
    bot_iterations = {"easy": 10, "medium": 60}

    #: Hard compares the greedy player's best few moves by playing each out (parlour.rollouts): the tree
    #: search lost to that greedy player at a second's budget (6 games of 6), this beats it (docs/rules)
    level_bots = {"hard": "lookahead"}
    #: Hard's budget, in counts: candidates compared, rollouts shared among them, moves per rollout,
    #: points a win outright is worth beyond the margin, points another move must beat the greedy one by
    lookahead = {"candidates": 5, "rollouts": 60, "plies": 30, "win_bonus": 20.0, "margin": 1.0}

    def evaluate(self, state: State) -> List[float]:
        return estimated_scores(state)

    def heuristic_action(self, state: State, seat: int, rng: Rng) -> Action:
        """A greedy player's move (parlour.games.mansion.policy): deterministic given rng, fast."""
        from .policy import choose
        return choose(self, state, seat, rng)

    def lookahead_evaluate(self, state: State) -> List[float]:
        """Hard's judge of a rollout's last position: floors on their way count (outlook.py)."""
        from .outlook import outlook
        return outlook(state)

    def candidate_actions(self, state: State, seat: int, rng: Rng, k: int) -> List[Action]:
        """The greedy move and its nearest rivals, for Hard's look-ahead (candidates.py, parlour.rollouts)."""
        from .candidates import candidate_actions
        return candidate_actions(self, state, seat, rng, k)

    def likely_world(self, state: State, seat: int, rng: Rng) -> None:
        """A determinization's random sealed bids redrawn as the greedy player bids (candidates.py)."""
        from .candidates import likely_world
        likely_world(state, seat, rng)

    # --- contract: moving ---
    def _apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        kind = action["type"]
        if kind == BID:
            self._bid(state, seat, action)
        elif kind == PICK:
            self._pick(state, seat, action["plan"])
        elif kind == BUILD:
            self._build(state, seat, action["plan"], action["floor"] - 1)
        elif kind == PROPOSE:
            self._propose(state, seat, action)
        elif kind == ACCEPT:
            self._accept(state, seat)
        elif kind == DECLINE:
            state["trade"] = None
            state["phase"] = BUILDING
            log(state, f"{{p{seat}}} declines: the trade is off.")
        elif kind == DONE:
            log(state, f"{{p{seat}}} is done building." if state["built"] else f"{{p{seat}}} builds nothing this turn.")
            self._next_builder(state, seat)

    def _bid(self, state: State, seat: int, action: Action) -> None:
        bid = {a: action[a] for a in AREAS}
        state["bids"][seat] = bid
        mine = ", ".join(f"{AREA_LABELS[a].lower()} {bid[a]}" for a in AREAS)
        log(state, f"{{p{seat}}} has placed a bid.", {seat: f"You bid {mine}."})
        if all(b is not None for b in state["bids"]):
            self._resolve(state)

    def _resolve(self, state: State) -> None:
        """Reveal the bids, pay the material awards, return every coin bid, and line up the plan picks."""
        bids, first, seats = state["bids"], state["first"], state["seats"]
        shown = "; ".join(f"{{p{s}}} " + "/".join(str(b[a]) for a in AREAS) for s, b in enumerate(bids))
        log(state, f"Bids revealed (wood/marble/plumbing/plans): {shown}.")
        for seat, bid in enumerate(bids):
            spent = sum(bid.values())
            seats[seat]["coins"] -= spent
            state["supply"]["coins"] += spent
        materials = auction.resolve_materials(bids, first, state["supply"], MATERIALS)
        for material, outcome in materials.items():
            for seat, got in enumerate(outcome["paid"]):
                seats[seat][material] += got
            got = [f"{{p{s}}} {g}" for s, g in enumerate(outcome["paid"]) if outcome["bids"][s] > 0]
            short = " (the pile ran short)" if outcome["paid"] != outcome["owed"] else ""
            if got:
                log(state, f"{material.capitalize()}: {', '.join(got)}{short}.")
        plan_bids = [b["plans"] for b in bids]
        pickers = auction.payment_order(plan_bids, first)
        state["auction"] = {"turn": state["turn"], "bids": copy.deepcopy(bids), "materials": materials,
                            "pick_order": list(pickers), "picks": []}
        state["bids"] = [None] * state["players"]
        state["pickers"] = pickers
        self._after_pick(state)

    def _pick(self, state: State, seat: int, kind: str) -> None:
        state["display"].remove(kind)
        me = state["seats"][seat]
        me["hand"] = deck.sort_kinds(me["hand"] + [kind])
        knowledge.learn(state["known"], seat, None, [kind], new_cards=True)
        state["auction"]["picks"].append({"seat": seat, "plan": kind})
        state["pickers"].pop(0)
        log(state, f"{{p{seat}}} takes the {deck.label(kind).lower()} plan from the display.")
        self._after_pick(state)

    def _after_pick(self, state: State) -> None:
        """Next picker, or (display empty or no pickers left) refill the display and start building."""
        if state["pickers"] and state["display"]:
            state["phase"] = PICKING
            return
        for seat in state["pickers"]:
            state["auction"]["picks"].append({"seat": seat, "plan": None})
            log(state, f"The display is empty: {{p{seat}}} gets no plan.")
        state["pickers"] = []
        while len(state["display"]) < DISPLAY_SIZE and state["deck"]:
            state["display"].append(state["deck"].pop(0))
        if not state["deck"] and state["deck_out_turn"] is None:
            state["deck_out_turn"] = state["turn"]
            log(state, "The plans deck is used up: the display is no longer refilled.")
        state.update({"phase": BUILDING, "current": state["first"], "built": 0, "proposals": 0, "offered": []})

    def _build(self, state: State, seat: int, kind: str, floor: int) -> None:
        me = state["seats"][seat]
        for material, count in deck.cost(kind).items():
            me[material] -= count
            state["supply"][material] += count
        me["hand"].remove(kind)
        knowledge.cards_leave(state["known"], seat, [kind], None)
        complete_before = codes.complete_floors(me["floors"])
        codes.add(me["floors"], kind, floor)
        state["built"] += 1
        done = codes.complete_floors(me["floors"]) > complete_before
        log(state, f"{{p{seat}}} builds {deck.a_label(kind)} on floor {floor + 1}"
                   f"{f', completing floor {floor + 1}' if done else ''}.")

    def _propose(self, state: State, seat: int, action: Action) -> None:
        n = state["players"]
        terms = {k: (sorted(v, key=deck.KIND_ORDER.index) if isinstance(v, list) else v)
                 for k, v in action.items() if k != "type"}
        named = trade.parties(terms, seat, n)
        state["proposals"] += 1
        state["offered"] = state.get("offered", []) + named  # one offer to each player per building turn
        for s in named:
            knowledge.learn(state["known"], seat, s, terms[trade.give_key(s, "plans")], new_cards=False)
        state["trade"] = {"by": seat, "terms": terms, "parties": named, "waiting": list(named), "accepted": []}
        state["phase"] = ANSWERING
        private = {v: trade.describe(terms, seat, n, v, named) + "." for v in [seat] + named}
        log(state, f"{{p{seat}}} proposes a trade: {trade.describe(terms, seat, n, None, named)}.",
            {v: f"{{p{seat}}} proposes a trade: {text}" for v, text in private.items()})

    def _accept(self, state: State, seat: int) -> None:
        t = state["trade"]
        knowledge.learn(state["known"], seat, t["by"], t["terms"][trade.get_key(seat, "plans")], new_cards=False)
        t["accepted"].append(seat)
        t["waiting"].pop(0)
        log(state, f"{{p{seat}}} accepts.")
        if t["waiting"]:
            return
        proposer, terms = t["by"], t["terms"]
        for s in t["parties"]:
            gives = {i: terms[trade.give_key(s, i)] for i in trade.ITEMS}
            gets = {i: terms[trade.get_key(s, i)] for i in trade.ITEMS}
            trade.move_goods(state, proposer, s, gives)
            knowledge.cards_leave(state["known"], proposer, gives["plans"], [proposer, s])
            knowledge.learn(state["known"], s, proposer, gives["plans"], new_cards=True)
            trade.move_goods(state, s, proposer, gets)
            knowledge.cards_leave(state["known"], s, gets["plans"], [proposer, s])
            knowledge.learn(state["known"], proposer, s, gets["plans"], new_cards=True)
        state["trade"] = None
        state["phase"] = BUILDING
        log(state, "Everyone named has accepted: the trade is made.")

    def _next_builder(self, state: State, seat: int) -> None:
        n = state["players"]
        nxt = (seat + 1) % n
        if nxt != state["first"]:
            state.update({"current": nxt, "built": 0, "proposals": 0, "offered": []})
            return
        if state["turn"] >= TURNS:
            self._finish(state)
            return
        state["turn"] += 1
        self._start_turn(state)

    def _finish(self, state: State) -> None:
        state["phase"] = OVER
        terms = [score_floors(s["floors"]) for s in state["seats"]]
        totals = [t["total"] for t in terms]
        best = winners(totals)
        state["result"] = {
            "scores": totals, "winners": best,
            "detail": {"terms": terms,
                       "decided_by": "highest total" if len(best) == 1 else "shared win (tied totals)"},
        }
        for s, t in enumerate(terms):
            log(state, f"{{p{s}}}: {t['cards']} for cards, {t['bedroom_bonus']} bedroom bonus "
                       f"({_count(t['bedrooms'], 'bedroom')}), {t['floor_bonus']} floor bonus "
                       f"({_count(t['complete_floors'], 'complete floor')}): {t['total']}.")
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


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


GAME = Mansion()
