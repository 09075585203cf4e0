"""169's walk (terrain.py), which the rules' `movement.reach` and the greedy player's judging share, and the
judging's shortcuts (policy.py `Walks`, `_JUDGED`).  The walk must stop exactly where the rules let a creature
stop, checked against the rules written out plainly here (`rules_reach`: `blocks` and `step_cost`, cheapest
costs first); each shortcut must give exactly what a fresh judging gives: Hard's choices, and so its measured
strength, rest on it."""
from __future__ import annotations

import heapq
from typing import Dict, List, Set

from parlour.bots import random_action
from parlour.game import clone
from parlour.games import one_six_nine
from parlour.games.one_six_nine import policy
from parlour.games.one_six_nine.board import Square, cells, neighbours
from parlour.games.one_six_nine.constants import CREATURES, MOVE_ALLOWANCE, ROAD, WALL, THIEF
from parlour.games.one_six_nine.movement import make_move, reach
from parlour.games.one_six_nine.terrain import SQUARE_OF, blocks, board_terrain, index, step_cost, terrain, walk
from parlour.rng import Rng

GAME = one_six_nine.GAME


def played_boards(seeds: int, moves: int, players: int = 2) -> List[dict]:
    """States met in seeded random games: boards the rules allow, crowded as games get."""
    out = []
    for n in range(seeds):
        state = GAME.setup(players, f"terrain-{n}", {})
        rng = Rng.from_seed(f"terrain-{n}")
        for m in range(moves):
            if GAME.is_over(state):
                break
            seat = GAME.to_move(state)[0]
            state = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
            if m % 7 == 6:
                out.append(clone(state))
    return out


def rules_reach(grid: Dict, start: Square, seat: int) -> Set[Square]:
    """The rules as written: up to MOVE_ALLOWANCE steps to squares sharing an edge, a Road free, never onto or
    across a square that `blocks`; every square reached (not the start) may be stopped on."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here]:
            continue
        for there in neighbours(here):
            cell = grid.get(there)
            if blocks(cell, seat):
                continue
            cost = spent + step_cost(cell)
            if cost <= MOVE_ALLOWANCE and cost < best.get(there, MOVE_ALLOWANCE + 1):
                best[there] = cost
                heapq.heappush(queue, (cost, there))
    return set(best) - {start}


def test_a_walk_stops_where_the_rules_let_a_creature_stop():
    states = played_boards(seeds=6, moves=160, players=3)
    checked = 0
    for state in states:
        grid = cells(state["board"])
        for owner in range(state["players"]):
            ground = terrain(grid, owner)
            assert board_terrain(state["board"], owner) == ground, owner  # the move lists' terrain
            for square in [(x, y) for x in range(1, 14) for y in range(1, 14)]:
                want = rules_reach(grid, square, owner)
                occupied, reached = walk(ground, index(square))
                assert {SQUARE_OF[i] for i in reached} == want, (square, owner)
                assert reach(grid, square, owner) == want, (square, owner)
                assert {SQUARE_OF[i] for i in occupied} == {s for s in want if s in grid}, (square, owner)
                checked += 1
    assert checked > 10_000


def test_a_walk_goes_free_along_a_road_and_never_through_a_wall():
    board = [{"id": 1, "kind": THIEF, "owner": 0, "x": 5, "y": 5},
             {"id": 2, "kind": ROAD, "owner": 1, "x": 6, "y": 5},
             {"id": 3, "kind": ROAD, "owner": 1, "x": 7, "y": 5},
             {"id": 4, "kind": WALL, "owner": 1, "x": 5, "y": 4}]
    occupied, reached = walk(terrain(cells(board), 0), index((5, 5)))
    squares = {SQUARE_OF[i] for i in reached}
    assert (10, 5) in squares  # two free Road squares, then three steps
    assert (5, 4) not in squares  # the Wall
    assert (5, 3) in squares and (5, 2) not in squares  # round the Wall by the free Road: three steps, not four
    assert {SQUARE_OF[i] for i in occupied} == {(6, 5), (7, 5)}
    assert squares == rules_reach(cells(board), (5, 5), 0) == reach(cells(board), (5, 5), 0)


def test_judging_a_move_from_the_starting_board_scores_as_judging_it_afresh():
    compared = 0
    for state in played_boards(seeds=3, moves=200):
        for seat in range(state["players"]):
            board = state["board"]
            memo = policy.Walks()
            base = policy.evaluate(board, seat, state["players"], memo)
            assert base == policy.evaluate(board, seat, state["players"])
            creatures = [t for t in board if t["kind"] in CREATURES and t["owner"] == seat]
            for tile in creatures:
                frm = (tile["x"], tile["y"])
                for to in reach(cells(board), frm, seat):
                    trial = {"board": list(board), "pile": [], "moved": []}
                    make_move(trial, seat, frm, to)
                    fresh = policy.evaluate(trial["board"], seat, state["players"])
                    assert policy.evaluate(trial["board"], seat, state["players"], memo, {frm, to}) == fresh
                    compared += 1
    assert compared > 1_000


def test_a_board_met_again_gets_the_scores_it_got_before():
    state = next(s for s in played_boards(seeds=4, moves=200) if s["phase"] == "move"
                 and GAME.legal_actions(s, GAME.to_move(s)[0]))
    seat = GAME.to_move(state)[0]
    legal = GAME.legal_actions(state, seat)
    policy._JUDGED.clear()
    first = policy._score_moves(state, seat, legal)
    again = policy._score_moves(state, seat, list(reversed(legal)))
    policy._JUDGED.clear()
    fresh = policy._score_moves(state, seat, legal)
    assert first == fresh and sorted(again, key=lambda p: legal.index(p[0])) == first
    assert len(first) == sum(1 for a in legal if a["type"] == "move")


def test_the_store_of_judged_boards_stays_bounded():
    policy._JUDGED.clear()
    boards = played_boards(seeds=10, moves=200)
    assert len(boards) > policy.JUDGED_BOARDS
    for state in boards:
        policy._judged(state["board"], 0, state["players"])
    assert 0 < len(policy._JUDGED) <= policy.JUDGED_BOARDS
