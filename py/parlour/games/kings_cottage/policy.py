"""A greedy King's Cottage advisor: the game's `heuristic_action`, for the plain bot and for playouts.

It plays to its own stakes.  It completes the room that pays its houses most
within the movement points it has (bringing the King along for his +2 when
that pays, carrying in a Null of a house it bets against to zero that house),
never completes a room that costs it profit, rolls when the die is likely to
give such a completion, adds a coin when the cottage lacks furniture and a
tile when it lacks rooms (from the pile of a house it backs, and from a pile
whose Null is gone when it is behind and wants the game to go on), and turns
up the last Null when it is ahead.

It reads only what `seat` may know: its own stakes, the faces it has seen
(an unseen value counts as GUESS_RANK, an unseen maker counts for no house),
pile contents and earnings, never the bag or other seats' stakes.  So the
same function serves at the table (on the true state) and inside the search
(on determinized states), and it needs no determinization of its own.
Deterministic given rng; integers throughout (Pyodide replays every move).
"""
from __future__ import annotations

import bisect
from typing import Dict, List, Optional, Sequence, Tuple

from ...game import Action
from ...rng import Rng
from . import board
from .constants import ACE, HOUSES, MONTHS_TO_END, NULL
from .scoring import KING_BONUS, SPLITS, score_room, split_dict

Guess = Tuple[Optional[str], int]  # (maker or None when unseen, value)
Stakes = Dict[str, int]

#: what an unseen value counts as (the values null..5 average 2.5; a hidden Null can zero a house)
GUESS_RANK = 2
#: the stakes it invests, in some order of the houses (against random play, 200 games each: +3 +3 -3 -3
#: won 0.95 at 2 seats and 0.67 at 4; +3 +1 -1 -3 0.90 and 0.53; +3 -1 -1 -1 0.86 and 0.48)
INVEST_TEMPLATE = (3, 3, -3, -3)
#: chance (percent) that a room still needing this many furnishings is completed before the end
COMPLETION_ODDS = {1: 60, 2: 35, 3: 20, 4: 10, 5: 5}
#: a furnishing not yet in a room that can score counts (value + 1) times this room size, at these odds (percent)
LOOSE_ROOM_SIZE, LOOSE_ODDS = 3, 10
#: worth of a tile (in profit points) while the cottage has fewer open rooms than this
ROOMS_WANTED = 3
TILE_WORTH, TILE_WORTH_LATER = 6, 2
#: worth of a coin while the open rooms lack more furnishings than lie about
COIN_WORTH, COIN_WORTH_LATER = 15, 1
#: what the game ending (or a month passing) on a draw is worth when ahead, and costs when behind
LAST_MONTH_STAKE = 400
MONTH_STAKE = 6
FAR = 99
DIE_POINTS = (1, 2, 3, 4, 5)
DIE_SIDES = 6


def choose(state: dict, seat: int, rng: Rng) -> Action:
    """The greedy move for `seat` in `state`, from what that seat may know."""
    phase = state["phase"]
    stakes = state["investments"][seat]
    if phase == "invest":
        return invest(rng)
    if phase in ("turn", "forced_tile"):
        return turn(state, seat, stakes)
    if phase == "place_tile":
        return place_tile(state, seat, stakes)
    if phase == "place_coin":
        return place_coin(state, seat, stakes)
    if phase == "place_king":
        return place_king(state, seat, stakes)
    if phase == "move":
        return move(state, seat, stakes)
    if phase == "swap":
        return swap(state, seat, stakes)
    raise ValueError("no move to choose: the game is over")


# ----- what a seat knows of a room ---------------------------------------------------

def guess(coin: dict, seat: int) -> Guess:
    """The coin as `seat` may value it: both faces if seen, else the face that is up."""
    if seat in coin["known"]:
        return coin["suit"], coin["rank"]
    if coin["up"] == "suit":
        return coin["suit"], GUESS_RANK
    if coin["up"] == "value":
        return None, coin["rank"]
    return None, GUESS_RANK


def room_value(rank: int, suit: str, guesses: Sequence[Guess], king_here: bool, stakes: Stakes) -> int:
    """The profit the stakes make if the room scored with these furnishings (scoring.score_room, weighted)."""
    total = 0
    for house in HOUSES:
        stake = stakes[house]
        if stake == 0:
            continue
        count = subtotal = 0
        zeroed = False
        for maker, value in guesses:
            if maker == house:
                count += 1
                subtotal += value
                zeroed = zeroed or value == NULL
        if count == 0 or zeroed:
            continue
        if house == suit:
            subtotal += count
        if king_here:
            subtotal += KING_BONUS
        total += stake * subtotal * rank
    return total


class Layout:
    """What the tiles alone decide (not the furniture): which rooms connect, which can still complete."""

    __slots__ = ("adj", "upper", "lower", "scorable")

    def __init__(self, rooms: List[dict]):
        self.adj = board.neighbours(rooms)
        self.upper = board.upper_map(rooms)
        self.lower = board.lower_map(rooms)
        self.scorable = frozenset(i for i in range(len(rooms)) if board.can_complete(rooms, i, self.upper))


_LAYOUTS: Dict[tuple, Layout] = {}
_LAYOUTS_MAX = 4096


def layout(rooms: List[dict]) -> Layout:
    """The rooms' Layout, remembered by their tiles and states (playouts ask again at every move)."""
    key = tuple((r["x"], r["y"], r["story"], r["stairs"], r["state"], r["rank"]) for r in rooms)
    found = _LAYOUTS.get(key)
    if found is None:
        if len(_LAYOUTS) >= _LAYOUTS_MAX:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = Layout(rooms)
    return found


def completable(rooms: List[dict], lay: Layout) -> List[int]:
    """Open rooms that can still fill up and score."""
    return [i for i in sorted(lay.scorable) if len(rooms[i]["coins"]) < rooms[i]["rank"]]


def _passable(rooms: List[dict], i: int, king: Optional[int], lay: Layout) -> bool:
    """A furnishing can pass through: open, room to spare, not the King's (it could not leave), not filled by it."""
    room = rooms[i]
    if room["state"] != board.OPEN or i == king:
        return False
    if room["rank"] == ACE:
        return True
    return len(room["coins"]) + 1 < room["rank"] or (len(room["coins"]) < room["rank"] and i not in lay.scorable)


def _distances(adj: Dict[int, List[int]], target: int, may_enter, may_pass) -> Dict[int, int]:
    """Breadth-first steps from each room to `target`: a room is reached only if `may_enter`, and the walk
    goes on through it only if `may_pass`."""
    dist = {target: 0}
    frontier = [target]
    while frontier:
        nxt = []
        for here in frontier:
            for there in adj.get(here, ()):
                if there in dist or not may_enter(there):
                    continue
                dist[there] = dist[here] + 1
                if may_pass(there):
                    nxt.append(there)
        frontier = nxt
    return dist


def coin_distances(rooms: List[dict], king: Optional[int], lay: Layout, target: int) -> Dict[int, int]:
    """Steps a furnishing in each room needs to reach `target` (rooms it can start from only)."""
    return _distances(lay.adj, target, lambda r: r != king and rooms[r]["state"] == board.OPEN,
                      lambda r: _passable(rooms, r, king, lay))


def steps_between(adj: Dict[int, List[int]], target: int) -> Dict[int, int]:
    """Steps the King needs from each room to `target` (he walks anywhere connected)."""
    return _distances(adj, target, lambda r: True, lambda r: True)


# ----- plans: filling one room -------------------------------------------------------

class Plan:
    """Fill room `room` with `coins` ((id, starting room) pairs), walking the King there first if `king_steps`;
    `value` is the profit it brings over leaving the room to chance, `cost` the steps it takes."""

    __slots__ = ("room", "value", "cost", "coins", "king_steps", "dist", "king_dist")

    def __init__(self, room: int, value: int, cost: int, coins: List[Tuple[int, int]], king_steps: int,
                 dist: Dict[int, int], king_dist: Dict[int, int]):
        self.room, self.value, self.cost, self.coins = room, value, cost, coins
        self.king_steps, self.dist, self.king_dist = king_steps, dist, king_dist

    def first_step(self, rooms: List[dict], king: Optional[int], lay: Layout) -> Action:
        adj = lay.adj
        if self.king_steps:
            there = next(j for j in adj[king] if self.king_dist.get(j, FAR) == self.king_dist[king] - 1)
            return {"type": "move_king", "to": there}
        coin, start = max(self.coins, key=lambda c: (self.dist[c[1]], -c[0]))
        if self.dist[start] == 1:
            there = self.room
        else:
            there = next(j for j in adj[start] if self.dist.get(j, FAR) == self.dist[start] - 1
                         and j != self.room and _passable(rooms, j, king, lay))
        return {"type": "move_coin", "coin": coin, "to": there}


def plan_room(state: dict, seat: int, stakes: Stakes, lay: Layout,
              target: int, budget: int, nearest: bool = False) -> Optional[Plan]:
    """The best way (for the stakes) to fill `target` within `budget` steps, greedily; the cheapest if `nearest`."""
    rooms, king = state["rooms"], state["king"]
    room = rooms[target]
    need = room["rank"] - len(room["coins"])
    if need > budget:  # every furnishing takes a step at least
        return None
    dist = coin_distances(rooms, king, lay, target)
    pool = sorted((dist[i], c["id"], i, guess(c, seat)) for i in dist if i != target for c in rooms[i]["coins"])
    if len(pool) < need:
        return None
    cheapest = 0
    for k in range(need):
        cheapest += pool[k][0]
    if cheapest > budget:
        return None
    have = [guess(c, seat) for c in room["coins"]]
    king_here = king == target
    # what leaving the room as it is is worth (someone may fill it later): a Null that zeroes a
    # house it bets against gains even when the room then pays nothing
    baseline = room_value(room["rank"], room["suit"], have, king_here, stakes) * COMPLETION_ODDS[need] // 100
    king_dist: Dict[int, int] = {}
    king_steps = 0
    if king is not None and not king_here and not nearest:
        king_dist = steps_between(lay.adj, target)
        reach = king_dist.get(king, FAR)
        if cheapest + reach <= budget:
            king_steps, king_here = reach, True
    left = budget - king_steps
    chosen: List[Tuple[int, int]] = []
    spent = 0
    while need:
        rest = 0  # the cheapest `need` furnishings (pool is sorted by distance)
        for k in range(need):
            rest += pool[k][0]
        best, best_key = -1, None
        for k, (d, cid, start, g) in enumerate(pool):
            others = rest - d if k < need else rest - pool[need - 1][0]
            if d + others > left:
                if k >= need:
                    break
                continue
            key = (-d, -cid) if nearest else (room_value(room["rank"], room["suit"], have + [g], king_here, stakes),
                                              -d, -cid)
            if best_key is None or key > best_key:
                best, best_key = k, key
        if best < 0:
            return None
        d, cid, start, g = pool.pop(best)
        chosen.append((cid, start))
        have.append(g)
        left -= d
        spent += d
        need -= 1
    value = room_value(room["rank"], room["suit"], have, king_here, stakes)
    if king_steps:
        without = room_value(room["rank"], room["suit"], have, False, stakes)
        if without >= value:  # the King's +2 does not pay here: leave him be
            king_steps, value = 0, without
    return Plan(target, value - baseline, spent + king_steps, chosen, king_steps, dist, king_dist)


def best_plan(state: dict, seat: int, stakes: Stakes, lay: Layout,
              budget: int) -> Optional[Plan]:
    """The most profitable room to fill within `budget` steps (ties: the cheapest, then the lowest index)."""
    best = None
    for target in completable(state["rooms"], lay):
        plan = plan_room(state, seat, stakes, lay, target, budget)
        if plan is not None and (best is None or (plan.value, -plan.cost) > (best.value, -best.cost)):
            best = plan
    return best


# ----- the turn: a tile, a coin or the die -------------------------------------------

def roll_worth(state: dict, seat: int, stakes: Stakes, lay: Layout) -> int:
    """The profit a roll is expected to bring, times DIE_SIDES: the best room each face lets it fill."""
    options: List[Tuple[int, int]] = []  # (cost, value) of the best and the cheapest filling of each room
    for target in completable(state["rooms"], lay):
        for nearest in (False, True):
            plan = plan_room(state, seat, stakes, lay, target, DIE_POINTS[-1], nearest)
            if plan is not None and plan.value > 0:
                options.append((plan.cost, plan.value))
    total = 0
    for points in DIE_POINTS:
        total += max([v for c, v in options if c <= points], default=0)
    return total


def ahead(state: dict, stakes: Stakes) -> bool:
    """Whether it would likely win if the game ended now, as far as it can tell: its profit beats a
    rival with stakes unknown to it (a sample of all splits) often enough that it beats every rival
    at least half the time."""
    houses = state["houses"]
    mine = 0
    for h in HOUSES:
        mine += stakes[h] * houses[h]
    if mine <= 0:
        return False
    earnings = tuple(houses[h] for h in HOUSES)
    rivals = _RIVALS.get(earnings)
    if rivals is None:
        if len(_RIVALS) >= _LAYOUTS_MAX:
            _RIVALS.clear()
        rivals = _RIVALS[earnings] = sorted(sum(s * e for s, e in zip(split, earnings)) for split in _SPREAD)
    beaten = bisect.bisect_left(rivals, mine) + bisect.bisect_right(rivals, mine)  # in halves: ties count half
    others = state["players"] - 1
    return 2 * beaten ** others >= (2 * len(rivals)) ** others


#: a sample of stakes for judging who is ahead (every 7th split: cheap, and even over the houses)
_SPREAD = SPLITS[::7]
#: the profits of _SPREAD for each set of earnings, sorted
_RIVALS: Dict[Tuple[int, ...], List[int]] = {}


def tile_worth(state: dict, suit: str, stakes: Stakes, open_rooms: int, is_ahead: bool) -> int:
    """A tile from the `suit` pile: a room if the cottage needs one, its house's bonus, and the clock."""
    rooms = state["rooms"]
    pile = state["piles"][suit]
    worth = TILE_WORTH if open_rooms < ROOMS_WANTED else TILE_WORTH_LATER
    worth += stakes[suit]
    if NULL in pile:
        months_left = MONTHS_TO_END - len(state["months"])
        stake = LAST_MONTH_STAKE if months_left == 1 else MONTH_STAKE
        worth += (stake if is_ahead else -stake) // len(pile)
    return worth


def coin_worth(state: dict, lay: Layout) -> int:
    """A coin is worth more while the rooms lack furniture that is not already about."""
    rooms, king = state["rooms"], state["king"]
    wanted = 0
    for i in completable(rooms, lay):
        wanted += rooms[i]["rank"] - len(rooms[i]["coins"])
    loose = 0
    for i, r in enumerate(rooms):
        if r["state"] == board.OPEN and i != king and i not in lay.scorable:
            loose += len(r["coins"])
    return COIN_WORTH if loose < wanted or loose < 2 else COIN_WORTH_LATER


def turn(state: dict, seat: int, stakes: Stakes) -> Action:
    rooms = state["rooms"]
    lay = layout(rooms)
    is_ahead = ahead(state, stakes)
    open_rooms = len(completable(rooms, lay))
    tiles = [(tile_worth(state, s, stakes, open_rooms, is_ahead), s) for s in HOUSES if state["piles"][s]]
    best_tile = max(tiles, key=lambda t: (t[0], -HOUSES.index(t[1])), default=None)
    if state["phase"] == "forced_tile":
        return {"type": "draw_tile", "suit": best_tile[1]}
    options: List[Tuple[int, int, Action]] = []  # (worth times DIE_SIDES, order, action)
    if best_tile is not None:
        options.append((best_tile[0] * DIE_SIDES, 0, {"type": "draw_tile", "suit": best_tile[1]}))
    if state["bag"]:
        options.append((coin_worth(state, lay) * DIE_SIDES, 1, {"type": "draw_coin"}))
    roll = roll_worth(state, seat, stakes, lay) + (best_tile[0] if best_tile is not None else 0)
    options.append((roll, 2, {"type": "roll"}))
    return max(options, key=lambda o: (o[0], -o[1]))[2]


# ----- building -----------------------------------------------------------------------

def potential(state: dict, seat: int, stakes: Stakes, index: int) -> int:
    """A room's expected worth to the stakes (percent): its score with what is in it, times its odds."""
    room = state["rooms"][index]
    need = room["rank"] - len(room["coins"])
    guesses = [guess(c, seat) for c in room["coins"]]
    odds = COMPLETION_ODDS.get(need, 0)
    return room_value(room["rank"], room["suit"], guesses, state["king"] == index, stakes) * odds


def place_tile(state: dict, seat: int, stakes: Stakes) -> Action:
    """Next to the furniture (entrances first) on the first story; upstairs only to spoil rooms that cost it."""
    rooms = state["rooms"]
    lay = layout(rooms)
    lower, upper = lay.lower, lay.upper
    open_rooms = set(completable(rooms, lay))
    best, best_key = None, None
    for k, action in enumerate(_placements(state)):
        if action["story"] == 1:
            worth = 0
            for dx, dy in board.STEPS:
                i = lower.get((action["x"] + dx, action["y"] + dy))
                if i is None or rooms[i]["state"] == board.GONE:
                    continue
                worth += 300 + 100 * len(rooms[i]["coins"]) if rooms[i]["rank"] == ACE else 100
        else:
            worth = -200
            for cell in board.cells_under((action["x"], action["y"])):
                i = lower[cell]
                if i in open_rooms and not board.covered_corners(cell, upper):
                    worth -= potential(state, seat, stakes, i)
        key = (worth, -k)
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def _placements(state: dict) -> List[Action]:
    """Every place for the tile in hand (the same list as the rules' legal_actions)."""
    rooms = state["rooms"]
    actions: List[Action] = [{"type": "place_tile", "story": 1, "x": x, "y": y}
                             for x, y in board.first_story_spots(rooms)]
    if state["pending_tile"]["rank"] != ACE:
        actions += [{"type": "place_tile", "story": 2, "x": x, "y": y, "stairs": stairs}
                    for x, y, stairs in board.second_story_spots(rooms, state["king"])]
    return actions


def place_coin(state: dict, seat: int, stakes: Stakes) -> Action:
    """Suit up if it wants the coin scored (so the house's backers carry it in), value up if not; at the
    entrance nearest the room it helps most, or where the King traps it, or farthest from the rooms."""
    rooms, king = state["rooms"], state["king"]
    coin = guess(state["pending_coin"], seat)
    lay = layout(rooms)
    entrances = [i for i, r in enumerate(rooms) if r["rank"] == ACE and r["state"] == board.OPEN]
    gain, target = 0, None
    for i in completable(rooms, lay):
        have = [guess(c, seat) for c in rooms[i]["coins"]]
        r = rooms[i]
        delta = room_value(r["rank"], r["suit"], have + [coin], king == i, stakes) \
            - room_value(r["rank"], r["suit"], have, king == i, stakes)
        if delta > gain:
            gain, target = delta, i
    wanted = gain > 0 or (coin[0] is not None and stakes[coin[0]] > 0 and coin[1] != NULL)
    up = "suit" if wanted else "value"
    if target is not None:
        dist = coin_distances(rooms, king, lay, target)
        room = min(entrances, key=lambda e: (dist.get(e, FAR) if e != king else FAR, e))
    elif not wanted and king in entrances:
        room = king
    else:
        near: Dict[int, int] = {}
        for i in completable(rooms, lay):
            for e, d in coin_distances(rooms, king, lay, i).items():
                near[e] = min(near.get(e, FAR), d)
        room = max(entrances, key=lambda e: (near.get(e, FAR), -e)) if not wanted else \
            min(entrances, key=lambda e: (near.get(e, FAR) if e != king else FAR, e))
    return {"type": "place_coin", "room": room, "up": up}


def place_king(state: dict, seat: int, stakes: Stakes) -> Action:
    """The entrance where trapping the furniture (it cannot leave the King's room) helps it most."""
    rooms = state["rooms"]
    best, best_key = None, None
    for i, r in enumerate(rooms):
        if r["rank"] != ACE:
            continue
        worth = 0
        for c in r["coins"]:
            maker, value = guess(c, seat)
            if maker is not None and value != NULL:
                worth -= stakes[maker] * (value + 1)
        key = (worth, -i)
        if best_key is None or key > best_key:
            best, best_key = {"type": "place_king", "room": i}, key
    return best


# ----- moving and the King's swap ------------------------------------------------------

def move(state: dict, seat: int, stakes: Stakes) -> Action:
    """A step of the best room filling the points allow; else a step towards the best one next turn."""
    rooms = state["rooms"]
    lay = layout(rooms)
    plan = best_plan(state, seat, stakes, lay, state["points"])
    if plan is None or plan.value <= 0:
        later = best_plan(state, seat, stakes, lay, state["points"] + DIE_POINTS[-1])
        plan = later if later is not None and later.value > 0 and not later.king_steps else None
    if plan is None:
        return {"type": "stop"}
    return plan.first_step(rooms, state["king"], lay)


def swap(state: dict, seat: int, stakes: Stakes) -> Action:
    """The swap that leaves the room worth most to it (the King's coins valued as it knows them)."""
    room = state["rooms"][state["swap_room"]]
    have = {c["id"]: guess(c, seat) for c in room["coins"]}
    best, best_key = None, None
    for c in room["coins"]:
        for m in state["months"]:
            if m["coin"] is None:
                continue
            after = [g for cid, g in have.items() if cid != c["id"]] + [guess(m["coin"], seat)]
            key = (room_value(room["rank"], room["suit"], after, True, stakes), -c["id"], -m["coin"]["id"])
            if best_key is None or key > best_key:
                best, best_key = {"type": "swap", "coin": c["id"], "with": m["coin"]["id"]}, key
    return best


# ----- investing -----------------------------------------------------------------------

def invest(rng: Rng) -> Action:
    """INVEST_TEMPLATE over the houses in a random order: strong bets for two houses and against two."""
    order = list(range(len(HOUSES)))
    rng.shuffle(order)
    stakes = split_dict([INVEST_TEMPLATE[order[k]] for k in range(len(HOUSES))])
    return dict({"type": "invest"}, **stakes)


# ----- the search's estimate of an unfinished game ---------------------------------------

def estimated_profits(state: dict) -> List[float]:
    """Each seat's profit if the game went on: earnings so far, plus every room that may still
    complete scored with what is in it now, times its odds (COMPLETION_ODDS), plus a little for
    furniture lying about (LOOSE_ODDS).  Reads the whole state: the search calls it on its own
    determinizations.  Without the small terms most cut-off playouts tie at 0 and the search
    cannot tell its moves apart."""
    rooms = state["rooms"]
    lay = layout(rooms)
    earned = {h: 100 * state["houses"][h] for h in HOUSES}
    for i in completable(rooms, lay):
        room = rooms[i]
        odds = COMPLETION_ODDS.get(room["rank"] - len(room["coins"]), 0)
        if not odds or not room["coins"]:
            continue
        coins = [(c["suit"], c["rank"]) for c in room["coins"]]
        for house, points in score_room(room["rank"], room["suit"], coins, state["king"] == i).items():
            earned[house] += points * odds
    scorable = set(completable(rooms, lay))
    for i, room in enumerate(rooms):  # furniture lying about will score somewhere, some day
        if i in scorable or room["state"] != board.OPEN:
            continue
        for c in room["coins"]:
            if c["rank"] != NULL:
                earned[c["suit"]] += (c["rank"] + 1) * LOOSE_ROOM_SIZE * LOOSE_ODDS
    out = []
    for stakes in state["investments"]:
        total = 0
        if stakes is not None:
            for h in HOUSES:
                total += stakes[h] * earned[h]
        out.append(total / 100)
    return out
