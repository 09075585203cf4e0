"""King's Cottage's greedy advisor (policy.py): it plays to its stakes, legally, without peeking,
and it makes the Hard bot (a search with its playouts) beat random play."""
from __future__ import annotations

import itertools

from parlour import bots
from parlour.game import canonical
from parlour.games.kings_cottage import GAME, HOUSES, policy
from parlour.games.kings_cottage.board import new_room
from parlour.games.kings_cottage.scoring import score_room
from parlour.rng import Rng
from parlour.tournament import win_share

#: seat 0 backs Moons (+3) and Arms (+1), bets against Crowns (-3) and Suns (-1)
STAKES = {"crowns": -3, "arms": 1, "suns": -1, "moons": 3}
OTHER = {"crowns": 3, "arms": -1, "suns": 1, "moons": -3}


def coin(ident: int, suit: str, rank: int, up: str = "suit", known=(0,)) -> dict:
    return {"id": ident, "suit": suit, "rank": rank, "up": up, "known": list(known)}


def position(rooms, phase="move", points=0, king=None, **extra) -> dict:
    """Seat 0 to move in a 2-player game with the stakes above, on the rooms given."""
    state = GAME.setup(2, "policy-positions")
    state = GAME.apply(state, 0, dict({"type": "invest"}, **STAKES))
    state = GAME.apply(state, 1, dict({"type": "invest"}, **OTHER))
    state.update({"rooms": rooms, "phase": phase, "points": points, "king": king, "current": 0, "next_coin": 20})
    state.update(extra)
    return state


def entrance(*coins) -> dict:
    return dict(new_room("crowns", 1, 1, 0, 0), coins=list(coins))


def room(suit: str, rank: int, x: int, *coins) -> dict:
    return dict(new_room(suit, rank, 1, x, 0), coins=list(coins))


def choose(state: dict, seed: int = 1) -> dict:
    action = GAME.heuristic_action(state, state["current"], Rng.from_seed(seed))
    legal = [canonical(a) for a in GAME.legal_actions(state, state["current"])]
    assert canonical(action) in legal, action
    return action


def test_it_completes_a_room_that_pays_a_house_it_backs():
    state = position([entrance(coin(1, "moons", 4)), room("moons", 2, 1, coin(2, "moons", 3))], points=1)
    assert choose(state) == {"type": "move_coin", "coin": 1, "to": 1}


def test_it_does_not_complete_a_room_that_pays_a_house_it_bets_against_when_it_may_stop():
    state = position([entrance(coin(1, "crowns", 4)), room("moons", 2, 1, coin(2, "crowns", 3))], points=1)
    assert choose(state) == {"type": "stop"}


def test_it_carries_in_the_null_of_a_house_it_bets_against_rather_than_let_the_room_pay_it():
    rooms = [entrance(coin(1, "moons", 2), coin(3, "crowns", 0)), room("suns", 2, 1, coin(2, "crowns", 5))]
    assert choose(position(rooms, points=1)) == {"type": "move_coin", "coin": 3, "to": 1}


def test_it_walks_the_king_in_first_when_his_bonus_pays():
    rooms = [entrance(coin(1, "moons", 4)), room("moons", 2, 1, coin(2, "moons", 3)), room("suns", 3, 2)]
    state = position(rooms, points=2, king=2)
    assert choose(state) == {"type": "move_king", "to": 1}
    state = GAME.apply(state, 0, {"type": "move_king", "to": 1})
    assert choose(state) == {"type": "move_coin", "coin": 1, "to": 1}


def test_it_adds_a_coin_face_up_the_way_that_helps():
    """Suit up when it wants the coin scored (its backers will carry it in), value up when not;
    the Null of a house it bets against goes suit up, looking like that house's furniture."""
    rooms = [entrance(), room("suns", 3, 1, coin(2, "crowns", 5, known=(0, 1)))]
    for pending, up in [(coin(5, "moons", 5), "suit"), (coin(5, "crowns", 4), "value"),
                        (coin(5, "crowns", 0), "suit"), (coin(5, "moons", 0), "value")]:
        state = position(rooms, phase="place_coin", pending_coin=pending)
        assert choose(state) == {"type": "place_coin", "room": 0, "up": up}, pending


def test_it_invests_in_a_concentrated_split_and_the_order_comes_from_rng():
    state = GAME.setup(3, "policy-invest")
    seen = set()
    for seed in range(12):
        action = choose(dict(state, current=0), seed)
        stakes = tuple(action[h] for h in HOUSES)
        assert sorted(stakes) == sorted(policy.INVEST_TEMPLATE) and sum(stakes) == 0
        seen.add(stakes)
    assert len(seen) > 3


def test_when_behind_with_one_month_left_it_draws_from_a_pile_whose_null_is_gone():
    months = [{"suit": s, "coin": None} for s in ("crowns", "arms", "moons")]
    piles = {"crowns": [], "arms": [3], "suns": [0, 2], "moons": []}
    state = position([entrance(), room("moons", 2, 1)], phase="forced_tile", months=months, piles=piles)
    assert choose(state) == {"type": "draw_tile", "suit": "arms"}
    ahead = dict(state, houses={"crowns": 0, "arms": 0, "suns": 0, "moons": 60})
    assert choose(ahead) == {"type": "draw_tile", "suit": "suns"}


def test_room_value_is_the_scoring_weighted_by_the_stakes():
    coins = [("moons", 3), ("crowns", 4), ("moons", 0), ("suns", 5), ("arms", 1)]
    for size in range(2, 6):
        for picked in itertools.combinations(coins, size):
            for king in (False, True):
                scores = score_room(size, "suns", picked, king)
                expected = sum(STAKES[h] * p for h, p in scores.items())
                assert policy.room_value(size, "suns", list(picked), king, STAKES) == expected


def _positions(players: int, games: int):
    """Positions of seeded random games, with the seat to move."""
    for k in range(games):
        state = GAME.setup(players, f"policy-random:{k}")
        rng = Rng.from_seed(f"policy-random:{players}:{k}")
        ply = 0
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            yield state, seat
            state = GAME.apply(state, seat, bots.random_action(GAME, state, seat, rng))
            ply += 1


def test_it_always_plays_a_legal_move_the_same_for_the_same_rng():
    checked = 0
    for players in (2, 3, 4):
        for state, seat in _positions(players, 12):
            action = GAME.heuristic_action(state, seat, Rng.from_seed(checked))
            legal = [canonical(a) for a in GAME.legal_actions(state, seat)]
            assert canonical(action) in legal, (state["phase"], action)
            assert GAME.heuristic_action(state, seat, Rng.from_seed(checked)) == action
            checked += 1
    assert checked > 1000


def test_it_does_not_peek_its_move_is_the_same_whatever_it_cannot_see():
    """A determinization from the seat redeals what it cannot see (hidden faces, others' stakes,
    the bag): the table's choice must not change."""
    checked = 0
    for players in (2, 4):
        for n, (state, seat) in enumerate(_positions(players, 10)):
            if n % 3:
                continue
            action = GAME.heuristic_action(state, seat, Rng.from_seed(n))
            for k in (1, 2):
                other = GAME.determinize(state, seat, k)
                assert GAME.heuristic_action(other, seat, Rng.from_seed(n)) == action, state["phase"]
            checked += 1
    assert checked > 100


def test_greedy_play_fills_rooms_where_random_play_does_not():
    filled = {"greedy": 0, "random": 0}
    for k in range(10):
        for name in filled:
            state = GAME.setup(2, f"policy-fill:{k}")
            ply = 0
            while not GAME.is_over(state):
                seat = GAME.to_move(state)[0]
                rng = bots.bot_rng(f"policy-fill:{k}", ply, seat)
                if name == "greedy":
                    action = GAME.heuristic_action(state, seat, rng)
                else:
                    action = bots.random_action(GAME, state, seat, rng)
                state = GAME.apply(state, seat, action)
                ply += 1
            filled[name] += sum(1 for r in state["rooms"] if r["state"] == "completed")
    assert filled["greedy"] >= 2 * filled["random"] + 10, filled


def test_the_hard_bot_beats_random_play():
    """Eight seeded two-seat games, Hard moving first and second in turn: it wins clearly more than half."""
    out = win_share("kings-cottage", "hard", "random", 2, 8, seed="kc-policy-test")
    assert out["wins"] >= 6, out
