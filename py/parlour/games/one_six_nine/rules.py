"""169 (2010) for 2 to 4 players: a 13x13 world of coordinate cards, tiles, creatures and castles.

A turn: upkeep gold, coordinate cards, then buying (only the first player's
row of tiles is for sale; each bought tile is dropped at once on a square two
of the buyer's cards name), then moving creatures one at a time round the
table, then the first player's row is replaced and the token passes left.  The
first seat to control (12 // N) + 1 castles wins at once; the added ending
stops the game after a set turn.  Every reading of an open point is in
docs/rules/one-six-nine.md.

The package: constants at the bottom; board (squares, drops), cards (deck and
hands), movement (reach and effects), scoring (control, income, winners)
above it; view (what each seat sees, determinize), refusals (why a move is
refused) and policy (the greedy bot) above those; this module on top.
"""
from __future__ import annotations

from typing import List, Optional

from ...game import Action, Game, State, log, share, winners_line
from ...rng import Rng, Seed
from ...wording import count
from . import cards
from .board import cells, drop, drop_problem, on_own_side, square_name
from .constants import (COST, FARM, FARM_PAYOUT, LAST_TURN_CHOICES, LAST_TURN_DEFAULT, OFFER_EXTRA, PIT,
                        START_GOLD, SWITCH, TILE_COUNT, TILE_KINDS, article, rank_name, title)
from .movement import can_move, destinations, make_move
from .policy import choose, ranked, sensible
from .refusals import explain_refusal
from .skips import why_no_buy, why_no_move, without_creatures
from .scoring import cards_due, castle_counts, castles_to_win, estimated_scores, final_winners, reached, upkeep_gold
from .view import make_view, resample_state
from .ending import ending_text


def for_sale(state: State) -> List[int]:
    """The tile ids in front of the first player: the only ones for sale this turn."""
    return state["offers"][state["first"]]


def kinds_for_sale(state: State) -> List[str]:
    """The kinds in the row for sale, each once, in row order: tiles of one kind are alike,
    so a buy names the kind and takes the first such tile."""
    out: List[str] = []
    for tile_id in for_sale(state):
        if TILE_KINDS[tile_id] not in out:
            out.append(TILE_KINDS[tile_id])
    return out


def may_place(state: State, seat: int, kind: str, square: tuple, grid: Optional[dict] = None) -> bool:
    """Whether `seat` may drop a `kind` tile on `square` (drop rules and the Walled Garden)."""
    if state["options"]["walled_garden"] == "on" and kind != PIT and not on_own_side(seat, *square):
        return False
    grid = cells(state["board"]) if grid is None else grid
    cell = grid.get(square)
    return cell is None or drop_problem(kind, cell) is None  # anything may drop on an empty square


def may_try_buy(state: State, seat: int) -> bool:
    """What everyone can see about whether `seat` could still buy: buys left, a tile it can afford."""
    offer = for_sale(state)
    if state["buys_left"][seat] <= 0 or not offer:
        return False
    return state["gold"][seat] >= min(COST[TILE_KINDS[t]] for t in offer)


def buy_actions(state: State, seat: int, only: Optional[tuple] = None) -> List[Action]:
    """Every tile the seat can afford, on every square its cards name where that tile may go
    (`only`: just the buys of that (kind, square), the same as filtering the whole list)."""
    if state["buys_left"][seat] <= 0:
        return []
    squares = cards.named_squares(state["hands"][seat])
    if only is not None:
        squares = [square for square in squares if square == only[1]]
    grid = cells(state["board"]) if squares else {}
    out: List[Action] = []
    for kind in kinds_for_sale(state):
        if COST[kind] > state["gold"][seat] or (only is not None and kind != only[0]):
            continue
        for square in squares:
            if may_place(state, seat, kind, square, grid):
                out.append({"type": "buy", "tile": kind, "square": [square[0], square[1]]})
    return out


def move_actions(state: State, seat: int, only: Optional[tuple] = None) -> List[Action]:
    """Every move of a creature of `seat` (`only`: of the one on that square)."""
    return [{"type": "move", "from": [a[0], a[1]], "to": [b[0], b[1]]}
            for a, b in destinations(state["board"], seat, state["moved"], only)]


def _pair(value: object) -> Optional[tuple]:
    """A square named in an action as a tuple (for `_candidates`), or None when it names none."""
    return tuple(value) if isinstance(value, (list, tuple)) and len(value) == 2 else None


class OneSixNine(Game):
    id = "one-six-nine"
    title = "169"
    #: the lobby's card (op_games, games.json): a one-line pitch, a typical length, what sets the game apart
    pitch = "Buy tiles and drop them on a 13 by 13 grid, on the square two cards from your hand spell out."
    length = "30–60 minutes"
    special = ("Heroes, Monsters, Thieves and Bureaucrats roam the board stealing and smashing, "
               "while you race to hold enough Castles to win.")
    min_players = 2
    max_players = 4
    options = {
        "last_turn": {
            "label": "Last turn",
            "choices": LAST_TURN_CHOICES,
            "default": LAST_TURN_DEFAULT,
            "help": "The original rules end the game only when someone holds enough castles; here it also ends "
                    "after this turn, "
                    "and the seat with the most castles (then the most gold) wins.",
        },
        "walled_garden": {
            "label": "Walled Garden",
            "choices": SWITCH,
            "default": "off",
            "help": "Two players: the diagonal (A, A) to (K, K) is a property line, and each seat places "
                    "tiles only on its own side or on the line; Pits go anywhere.",
            "choice_players": {"on": [2]},
        },
        "small_world": {
            "label": "It's a Small World",
            "choices": SWITCH,
            "default": "off",
            "help": "Coordinate cards 10 to King are set aside, so tiles are placed in the 9x9 corner.",
        },
    }

    # `apply` copies the lists `_apply` edits and shares the tiles on the board: a tile
    # that moves or changes hands is replaced by a new dict (board.replace_tile).
    copy_plan = {
        "options": share, "result": share,
        "gold": list, "deck": list, "discard": list, "pile": list, "out": list, "buys_left": list,
        "moved": list, "board": list,
        "hands": lambda hands: [list(hand) for hand in hands],
        "offers": lambda offers: [list(row) for row in offers],
    }

    # --- setup ---
    def _setup(self, state: State, rng: Rng) -> None:
        n = state["players"]
        pile = list(range(TILE_COUNT))
        rng.shuffle(pile)
        offers = []
        for _ in range(n):
            offers.append(sorted(pile[-(n + OFFER_EXTRA):]))
            del pile[-(n + OFFER_EXTRA):]
        first = rng.below(n)
        state.update({
            "turn": 0,
            "first": first,
            "phase": "buy",
            "current": first,
            "gold": [START_GOLD] * n,
            "deck": cards.new_deck(state["options"], rng),
            "discard": [],
            "hands": [[] for _ in range(n)],
            "pile": pile,
            "offers": offers,
            "board": [],
            "out": [False] * n,
            "buys_left": [0] * n,
            "moved": [],
            "result": None,
        })
        log(state, f"Each seat takes {START_GOLD} gold; {{p{first}}} holds the first-player token. "
                   f"{castles_to_win(n)} castles win.")
        self._start_turn(state, rng)

    # --- contract: reading ---
    def to_move(self, state: State) -> List[int]:
        return [] if state["phase"] == "over" else [state["current"]]

    def legal_actions(self, state: State, seat: int) -> List[Action]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "buy":
            return buy_actions(state, seat) + [{"type": "pass"}]
        return move_actions(state, seat) + [{"type": "pass"}]

    def _candidates(self, state: State, seat: int, action: Action) -> Optional[List[Action]]:
        """`apply`'s shortcut (Game._candidates): the listed moves of one creature, or of one tile on one
        square, instead of every creature's every reach and every buy."""
        kind = action.get("type")
        if seat not in self.to_move(state):
            return None
        if kind == "pass":
            return [{"type": "pass"}]  # listed in both phases
        if kind == "move" and state["phase"] == "move":
            start = _pair(action.get("from"))
            return None if start is None else move_actions(state, seat, start)
        if kind == "buy" and state["phase"] == "buy":
            square = _pair(action.get("square"))
            return None if square is None else buy_actions(state, seat, (action.get("tile"), square))
        return None

    def explain(self, state: State, seat: int, action: Action) -> str:
        return explain_refusal(state, seat, action)

    def ending(self, state: State) -> str:
        return ending_text(state)

    def view(self, state: State, seat: Optional[int]) -> dict:
        return make_view(self, state, seat)

    def determinize(self, state: State, seat: Optional[int], seed: Seed) -> State:
        return resample_state(state, seat, seed)

    #: bots cut simulated games off after this many moves and score them with `evaluate`
    #: (full playouts left Medium at 9 s and Hard at 4 minutes a move natively)
    playout_plies = 12
    bot_iterations = {"easy": 8, "medium": 60}

    #: Hard compares the greedy player's best few moves by playing each out (parlour.rollouts): the tree
    #: search lost to that greedy player at a second's budget (6 games of 6), this beats it (docs/rules)
    level_bots = {"hard": "lookahead"}
    #: Hard's budget, in counts: candidates compared, rollouts shared among them, moves per rollout,
    #: points a win outright is worth beyond the margin, points another move must beat the greedy one by
    lookahead = {"candidates": 5, "rollouts": 20, "plies": 12, "win_bonus": 50.0, "margin": 0.0}

    def evaluate(self, state: State) -> List[float]:
        return estimated_scores(state)

    def heuristic_action(self, state: State, seat: int, rng: Rng) -> Action:
        """The greedy bot (policy.py): buys castles and mines, protects them, hunts with creatures."""
        return choose(state, seat, self.legal_actions(state, seat), rng)

    def sensible_actions(self, state: State, seat: int, legal: List[Action]) -> List[Action]:
        """The moves Easy's and Medium's search weigh (parlour.search): `legal` less the drops that destroy
        one's own tile or creature for no more than passing gains (policy.sensible)."""
        return sensible(state, seat, legal)

    def candidate_actions(self, state: State, seat: int, rng: Rng, k: int) -> List[Action]:
        """The greedy move, passing, and the next best by the greedy score, for Hard's look-ahead
        (parlour.rollouts)."""
        return ranked(state, seat, self.legal_actions(state, seat), rng, k)

    # --- contract: moving ---
    def _apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        kind, phase = action["type"], state["phase"]
        if kind == "pass":
            state["out"][seat] = True
            log(state, f"{{p{seat}}} stops {'buying' if phase == 'buy' else 'moving'} for this turn.")
        elif kind == "buy":
            self._buy(state, seat, action)
        else:
            log(state, make_move(state, seat, tuple(action["from"]), tuple(action["to"])))
        if kind != "pass" and self._check_win(state):
            return
        if phase == "buy":
            self._next_buyer(state, seat, rng)
        else:
            self._next_mover(state, seat, rng)

    def _buy(self, state: State, seat: int, action: Action) -> None:
        x, y = action["square"]
        row, kind = for_sale(state), action["tile"]
        tile_id = row.pop(next(k for k, t in enumerate(row) if TILE_KINDS[t] == kind))
        state["gold"][seat] -= COST[kind]
        state["buys_left"][seat] -= 1
        cards.spend(state, seat, x, y)
        victims = drop(state, tile_id, kind, seat, (x, y))
        text = f"{{p{seat}}} buys {article(kind)} for {COST[kind]} gold and drops it on {square_name(x, y)}"
        if victims:
            text += ", destroying " + " and ".join(f"{{p{v['owner']}}}'s {title(v['kind'])}" for v in victims)
        if kind == FARM:
            state["gold"][seat] += FARM_PAYOUT
            text += f"; the Farm pays {FARM_PAYOUT} gold"
        log(state, text + ".")

    def _check_win(self, state: State) -> bool:
        """Checked after every buy and every move: reaching the castle count ends the game at once."""
        counts = castle_counts(state["board"], state["players"])
        won = reached(counts, castles_to_win(state["players"]))
        if not won:
            return False
        self._finish(state, won, "castles")
        return True

    # --- turn order ---
    def _start_turn(self, state: State, rng: Rng) -> None:
        """Upkeep, coordinate cards, then buying from the first player."""
        n, first = state["players"], state["first"]
        state["turn"] += 1
        gold = []
        for seat in range(n):
            amount = upkeep_gold(state["board"], seat)
            state["gold"][seat] += amount
            gold.append(f"{{p{seat}}} +{amount}")
        log(state, f"Turn {state['turn']}: {{p{first}}} holds the first-player token. Upkeep: {', '.join(gold)} gold.")
        counts, private = [], {}
        for k in range(n):
            seat = (first + k) % n
            drawn = cards.deal(state, seat, cards_due(state["board"], seat))
            counts.append(f"{{p{seat}}} {len(drawn)}")
            private[seat] = "You draw " + (", ".join(rank_name(r) for r in drawn) if drawn else "no card") + "."
        log(state, f"Coordinate cards drawn: {', '.join(counts)}.", private)
        state["buys_left"] = [cards.buy_limit(hand) for hand in state["hands"]]
        state["phase"], state["out"] = "buy", [False] * n
        self._next_buyer(state, first - 1, rng)

    def _next_buyer(self, state: State, after: int, rng: Rng) -> None:
        """The next seat to the left still buying; seats that visibly cannot buy drop out."""
        n = state["players"]
        for k in range(1, n + 1):
            seat = (after + k) % n
            if state["out"][seat]:
                continue
            if may_try_buy(state, seat):
                state["current"] = seat
                return
            state["out"][seat] = True
            skipped = why_no_buy(state, seat)
            if skipped:
                log(state, skipped)
        self._start_moving(state, rng)

    def _start_moving(self, state: State, rng: Rng) -> None:
        n = state["players"]
        state["phase"], state["out"], state["moved"] = "move", [False] * n, []
        idle = without_creatures(state["board"], n)
        if idle:
            log(state, idle)
        self._next_mover(state, state["first"] - 1, rng)

    def _next_mover(self, state: State, after: int, rng: Rng) -> None:
        """The next seat to the left with a creature that has not moved and can; none left ends the turn."""
        n = state["players"]
        for k in range(1, n + 1):
            seat = (after + k) % n
            if state["out"][seat]:
                continue
            if can_move(state["board"], seat, state["moved"]):
                state["current"] = seat
                return
            state["out"][seat] = True
            blocked = why_no_move(state["board"], seat, state["moved"])
            if blocked:
                log(state, blocked)
        self._end_turn(state, rng)

    def _end_turn(self, state: State, rng: Rng) -> None:
        """Replenish the first player's row, shuffle the discards and unspent cards into the deck, pass the token."""
        n, first = state["players"], state["first"]
        state["pile"].extend(state["offers"][first])
        rng.shuffle(state["pile"])
        count = min(n + OFFER_EXTRA, len(state["pile"]))
        state["offers"][first] = sorted(state["pile"][len(state["pile"]) - count:])
        del state["pile"][len(state["pile"]) - count:]
        given = cards.return_cards(state, rng)
        if any(given):
            back = ", ".join(f"{{p{seat}}} {amount}" for seat, amount in enumerate(given) if amount)
            log(state, f"Unspent coordinate cards go back into the deck: {back}.")
        state["first"] = (first + 1) % n
        if state["turn"] >= int(state["options"]["last_turn"]):
            counts = castle_counts(state["board"], n)
            self._finish(state, final_winners(counts, state["gold"]), "last turn")
            return
        self._start_turn(state, rng)

    def _finish(self, state: State, winners: List[int], how: str) -> None:
        n = state["players"]
        counts = castle_counts(state["board"], n)
        state["phase"], state["current"] = "over", None
        state["result"] = {
            "scores": counts,
            "winners": winners,
            "detail": {"decided_by": how, "turn": state["turn"], "castles_to_win": castles_to_win(n),
                       "gold": list(state["gold"])},
        }
        if how == "castles":
            names = " and ".join(f"{{p{w}}}" for w in winners)
            verb = "share the win" if len(winners) > 1 else "wins"
            log(state, f"{names} {'control' if len(winners) > 1 else 'controls'} {counts[winners[0]]} castles "
                       f"and {verb}.")
        else:
            log(state, f"Turn {state['turn']} was the last: {winners_line(winners)} with {count(counts[winners[0]], 'castle')}.")


GAME = OneSixNine()
