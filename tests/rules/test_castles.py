"""Rules tests for Castles: each test is named after the rule it checks (docs/rules/castles.md)."""
from __future__ import annotations

import functools
import json
from typing import Callable, Optional

import pytest

from parlour import piecepack as pp
from parlour.bots import random_action
from parlour.errors import BadOptions, IllegalAction
from parlour.game import canonical
from parlour.games import castles
from parlour.games.castles.scoring import castle_bonus
from parlour.games.castles.map import by_place
from parlour.rng import Rng

GAME = castles.GAME
SUNS, MOONS, CROWNS = "suns", "moons", "crowns"
NULL, ACE = 0, 1


# ----- driving a game ------------------------------------------------------------

def first_legal(state: dict, seat: int) -> dict:
    return GAME.legal_actions(state, seat)[0]


def play(state: dict, until: Callable[[dict], bool], choose: Callable[[dict, int], dict] = first_legal) -> dict:
    """Play moves chosen by `choose` until `until(state)` holds (or the game ends)."""
    while not until(state) and not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, choose(state, seat))
    return state


def prefer(kind: str) -> Callable[[dict, int], dict]:
    """A chooser that takes the first legal move of `kind` when there is one."""
    def choose(state: dict, seat: int) -> dict:
        legal = GAME.legal_actions(state, seat)
        return next((a for a in legal if a["type"] == kind), legal[0])
    return choose


def mover(state: dict) -> int:
    return GAME.to_move(state)[0]


def refusal(state: dict, action: dict, seat: Optional[int] = None) -> str:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, mover(state) if seat is None else seat, action)
    return str(caught.value)


def phase_is(name: str) -> Callable[[dict], bool]:
    return lambda s: s["phase"] == name


# ----- building finished maps for scoring ----------------------------------------

def board(tiles, castles_at, armies=()) -> dict:
    """tiles: (x, y, suit, rank); castles_at: (x, y) or None per seat; armies: (x, y, seat, rank)."""
    return {
        "tiles": [{"x": x, "y": y, "suit": s, "rank": r} for x, y, s, r in tiles],
        "castles": [None if c is None else {"x": c[0], "y": c[1]} for c in castles_at],
        "armies": [{"x": x, "y": y, "seat": s, "rank": r} for x, y, s, r in armies],
    }


# Seat 0 (Suns) has its castle at (0, 0); seats 1 (Moons) and 2 (Crowns) have
# theirs far away on plain tiles, so only seat 0's bonus can come into play
# unless a case says otherwise.
FAR = [(9, 9, MOONS, 3), (-9, -9, CROWNS, 3)]
CASTLES3 = [(0, 0), (9, 9), (-9, -9)]


# ----- army values ---------------------------------------------------------------

# Row: coin rank; column: tile rank (null, ace, 2, 3, 4, 5).
ARMY_VALUES = {
    0: [1, 1, 1, 1, 1, 1],   # a null army is always 1
    1: [1, 6, 2, 3, 4, 5],   # an ace army: 1 on null, 6 on ace, else the tile's number
    2: [2, 2, 2, 2, 2, 2],
    3: [3, 3, 3, 3, 3, 3],
    4: [4, 4, 4, 4, 4, 4],
    5: [5, 5, 5, 5, 5, 5],
}


@pytest.mark.parametrize("coin,tile", [(c, t) for c in pp.RANKS for t in pp.RANKS])
def test_army_value_for_every_coin_on_every_tile(coin, tile):
    assert castles.army_value(coin, tile) == ARMY_VALUES[coin][tile]


def test_ace_castle_bonus_adds_one_to_own_armies_on_the_four_adjacent_tiles():
    b = board([(0, 0, SUNS, ACE), (1, 0, MOONS, 2), (0, -1, MOONS, 3), (-1, 0, MOONS, 4), (0, 1, MOONS, 5),
               (1, 1, MOONS, 0), (2, 0, CROWNS, 2)] + FAR,
              CASTLES3,
              [(1, 0, 0, 2), (0, -1, 0, 2), (-1, 0, 0, 2), (0, 1, 0, 2),
               (0, 0, 0, 2), (1, 1, 0, 2), (2, 0, 0, 2), (1, 0, 1, 2)])
    tiles = by_place(b["tiles"])
    bonuses = [castle_bonus(b, tiles, a) for a in b["armies"]]
    # four neighbours get it; the castle's own tile, a diagonal, a square two away and another seat's army do not
    assert bonuses == [1, 1, 1, 1, 0, 0, 0, 0]


def test_ace_castle_bonus_needs_the_castle_on_an_ace_tile():
    for rank in (NULL, 2, 3, 4, 5):
        b = board([(0, 0, SUNS, rank), (1, 0, MOONS, 2)] + FAR, CASTLES3, [(1, 0, 0, 2)])
        assert castle_bonus(b, by_place(b["tiles"]), b["armies"][0]) == 0


# ----- scoring, table-driven over every branch of score_seat ---------------------

SCORING_CASES = [
    # (rule, tiles, castles, armies, seat, expected (kind, points) terms, total)
    ("castle on a null tile gives 0; empty squares next to it give no term",
     [(0, 0, SUNS, NULL)], [(0, 0)], [], 0,
     [("castle_tile", 0), ("castle_armies", 0)], 0),
    ("castle on an ace tile gives 1",
     [(0, 0, SUNS, ACE)], [(0, 0)], [], 0,
     [("castle_tile", 1), ("castle_armies", 0)], 1),
    ("castle on a numbered tile gives its number",
     [(0, 0, SUNS, 5)], [(0, 0)], [], 0,
     [("castle_tile", 5), ("castle_armies", 0)], 5),
    ("own armies on the castle tile add their values",
     [(0, 0, SUNS, 2)] + FAR, CASTLES3, [(0, 0, 0, 3), (0, 0, 0, NULL)], 0,
     [("castle_tile", 2), ("castle_armies", 4)], 6),
    ("enemy armies on the castle tile subtract, all enemies summed",
     [(0, 0, SUNS, 2)] + FAR, CASTLES3, [(0, 0, 0, 3), (0, 0, 1, 2), (0, 0, 2, 4)], 0,
     [("castle_tile", 2), ("castle_armies", -3)], -1),
    ("an ace army on the castle's ace tile is worth 6 and gets no castle bonus there",
     [(0, 0, SUNS, ACE)] + FAR, CASTLES3, [(0, 0, 0, ACE)], 0,
     [("castle_tile", 1), ("castle_armies", 6)], 7),
    ("own tile next to the castle with no armies is controlled (0 to 0) and adds its value",
     [(0, 0, SUNS, 2), (1, 0, SUNS, 4)], [(0, 0)], [], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("own_tile", 4)], 6),
    ("own tile held by stronger own armies adds its value",
     [(0, 0, SUNS, 2), (1, 0, SUNS, 4)] + FAR, CASTLES3, [(1, 0, 0, 3), (1, 0, 1, 2)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("own_tile", 4)], 6),
    ("own tile on a tie stays controlled and adds its value",
     [(0, 0, SUNS, 2), (1, 0, SUNS, 4)] + FAR, CASTLES3, [(1, 0, 0, 3), (1, 0, 1, 3)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("own_tile", 4)], 6),
    ("own tile lost to a stronger enemy adds nothing",
     [(0, 0, SUNS, 2), (1, 0, SUNS, 4)] + FAR, CASTLES3, [(1, 0, 0, 2), (1, 0, 1, 3)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("own_tile", 0)], 2),
    ("own tile lost to two enemies summed, though each alone is weaker",
     [(0, 0, SUNS, 2), (1, 0, SUNS, 4)] + FAR, CASTLES3, [(1, 0, 0, 4), (1, 0, 1, 2), (1, 0, 2, 3)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("own_tile", 0)], 2),
    ("enemy tile with no armies is controlled (0 to 0) and costs nothing",
     [(0, 0, SUNS, 2), (0, 1, MOONS, 5)], [(0, 0)], [], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("enemy_tile", 0)], 2),
    ("enemy tile held on a tie costs nothing",
     [(0, 0, SUNS, 2), (0, 1, MOONS, 5)] + FAR, CASTLES3, [(0, 1, 0, 2), (0, 1, 1, 2)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("enemy_tile", 0)], 2),
    ("enemy tile not controlled subtracts its value",
     [(0, 0, SUNS, 2), (0, 1, MOONS, 5)] + FAR, CASTLES3, [(0, 1, 1, 2)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("enemy_tile", -5)], -3),
    ("a third seat's tile counts as an enemy tile too",
     [(0, 0, SUNS, 2), (-1, 0, CROWNS, 3)] + FAR, CASTLES3, [(-1, 0, 2, NULL)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("enemy_tile", -3)], -1),
    ("an enemy ace tile next to the castle costs 1 when lost",
     [(0, 0, SUNS, 2), (0, -1, MOONS, ACE)] + FAR, CASTLES3, [(0, -1, 1, 2)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("enemy_tile", -1)], 1),
    ("the ace-castle bonus turns a lost enemy tile into a tie the seat keeps",
     [(0, 0, SUNS, ACE), (1, 0, MOONS, 3)] + FAR, CASTLES3, [(1, 0, 0, NULL), (1, 0, 1, 2)], 0,
     [("castle_tile", 1), ("castle_armies", 0), ("enemy_tile", 0)], 1),
    ("without an ace castle the same armies lose that tile",
     [(0, 0, SUNS, 2), (1, 0, MOONS, 3)] + FAR, CASTLES3, [(1, 0, 0, NULL), (1, 0, 1, 2)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("enemy_tile", -3)], -1),
    ("an enemy's ace-castle bonus counts for the enemy's armies next to that castle",
     [(0, 0, SUNS, 2), (1, 0, SUNS, 4), (2, 0, MOONS, ACE), (-9, -9, CROWNS, 3)],
     [(0, 0), (2, 0), (-9, -9)], [(1, 0, 0, 3), (1, 0, 1, 3)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("own_tile", 0)], 2),
    ("ace armies take the tile's number in the fight for control",
     [(0, 0, SUNS, 2), (1, 0, SUNS, 5)] + FAR, CASTLES3, [(1, 0, 0, ACE), (1, 0, 1, 4)], 0,
     [("castle_tile", 2), ("castle_armies", 0), ("own_tile", 5)], 7),
    ("all four neighbours score, in the order north, east, south, west",
     [(0, 0, SUNS, 3), (0, -1, SUNS, 2), (1, 0, MOONS, 4), (0, 1, SUNS, 5), (-1, 0, CROWNS, 2),
      (1, 1, MOONS, 5)] + FAR,
     CASTLES3, [(0, -1, 1, 2), (1, 0, 1, 3), (0, 1, 0, 2), (-1, 0, 2, 2), (-1, 0, 0, 2), (1, 1, 1, 5)], 0,
     [("castle_tile", 3), ("castle_armies", 0), ("own_tile", 0), ("enemy_tile", -4), ("own_tile", 5),
      ("enemy_tile", 0)], 4),
    ("another seat is scored from its own castle and suit",
     [(9, 9, MOONS, 3), (9, 10, SUNS, 4), (10, 9, MOONS, 2), (0, 0, SUNS, 2), (-9, -9, CROWNS, 3)],
     CASTLES3, [(9, 10, 0, 2), (9, 9, 0, 5), (9, 9, 1, 4)], 1,
     [("castle_tile", 3), ("castle_armies", -1), ("own_tile", 2), ("enemy_tile", -4)], 0),
]


@pytest.mark.parametrize("rule,tiles,castles_at,armies,seat,terms,total", SCORING_CASES,
                         ids=[c[0] for c in SCORING_CASES])
def test_score_seat(rule, tiles, castles_at, armies, seat, terms, total):
    line = castles.score_seat(board(tiles, castles_at, armies), seat)
    assert [(t["kind"], t["points"]) for t in line["terms"]] == terms
    assert line["total"] == total == sum(t["points"] for t in line["terms"])
    assert line["seat"] == seat


def test_score_terms_carry_their_square_and_the_control_figures():
    line = castles.score_seat(board([(0, 0, SUNS, 2), (1, 0, MOONS, 4)] + FAR, CASTLES3,
                                    [(1, 0, 0, 2), (1, 0, 1, 3)]), 0)
    neighbour = line["terms"][2]
    assert neighbour == {"kind": "enemy_tile", "x": 1, "y": 0, "suit": MOONS, "tile": 4,
                         "own": 2, "enemy": 3, "controlled": False, "points": -4}
    assert line["terms"][0] == {"kind": "castle_tile", "x": 0, "y": 0, "suit": SUNS, "tile": 2, "points": 2}


def test_control_is_lost_only_to_strictly_stronger_enemies_so_ties_keep_it():
    from parlour.games.castles.scoring import controls
    assert controls(0, 0) and controls(3, 3) and controls(4, 3)
    assert not controls(2, 3)


def test_tied_totals_share_the_win():
    assert castles.winners([5, 7, 7]) == [1, 2]
    assert castles.winners([9, 7, 7]) == [0]
    assert castles.winners([-2, -2]) == [0, 1]


# ----- setup and options ---------------------------------------------------------

def test_game_is_for_two_to_four_players_with_three_terrains():
    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players) == ("castles", "Castles", 2, 4)
    assert GAME.options["terrain"]["choices"] == ["standard", "random", "suit"]
    for n in (1, 5):
        with pytest.raises(BadOptions):
            GAME.setup(n, 1)
    with pytest.raises(BadOptions):
        GAME.setup(2, 1, {"terrain": "mountains"})


@pytest.mark.parametrize("n", [2, 3, 4])
def test_standard_setup_gives_each_seat_a_secret_proper_tile_of_its_suit_and_piles_the_rest(n):
    s = GAME.setup(n, 11)
    assert [p["suit"] for p in s["proper"]] == pp.SUITS[:n]
    assert [p["known"] for p in s["proper"]] == [[k] for k in range(n)]
    assert len(s["piles"]) == 1 and len(s["piles"][0]) == 5 * n
    assert all(t["known"] == [] for t in s["piles"][0])
    every = sorted((t["suit"], t["rank"]) for t in s["piles"][0] + s["proper"])
    assert every == sorted((suit, r) for suit in pp.SUITS[:n] for r in pp.RANKS)
    assert [len(c) for c in s["coins"]] == [6] * n
    assert s["rounds"] == n and s["round"] == 1 and s["phase"] == "map"


def test_random_terrain_has_no_proper_tiles_and_one_pile_of_every_tile():
    s = GAME.setup(3, 4, {"terrain": "random"})
    assert s["proper"] == [None, None, None]
    assert len(s["piles"]) == 1 and len(s["piles"][0]) == 18
    assert GAME.legal_actions(s, mover(s)) == [{"type": "draw"}]
    assert refusal(s, {"type": "take_proper", "owner": mover(s)}) == \
        "There are no proper tiles in the random terrain game; draw from the resource pile."
    s = play(s, phase_is("castle"))
    assert len(s["tiles"]) == 18


def test_suit_terrain_has_each_seat_draw_only_its_own_tiles():
    s = GAME.setup(3, 4, {"terrain": "suit"})
    assert s["proper"] == [None, None, None]
    assert [sorted(t["rank"] for t in pile) for pile in s["piles"]] == [pp.RANKS] * 3
    assert [{t["suit"] for t in pile} for pile in s["piles"]] == [{suit} for suit in pp.SUITS[:3]]
    while s["phase"] == "map":
        seat = mover(s)
        s = GAME.apply(s, seat, {"type": "draw"})
        assert s["held"]["suit"] == pp.SUITS[seat]
        s = GAME.apply(s, seat, first_legal(s, seat))
    assert len(s["tiles"]) == 18
    assert GAME.view(s, None)["piles"] == [{"owner": k, "count": 0} for k in range(3)]


def test_first_round_starter_comes_from_the_seed_and_turns_pass_to_the_next_seat():
    starters = {GAME.setup(4, seed)["starter"] for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    s = GAME.setup(3, 8)
    first = s["starter"]
    order = []
    for _ in range(3):
        order.append(mover(s))
        s = play(s, lambda t, ply=s["ply"]: t["ply"] == ply + 2)  # a draw and a place
    assert order == [first, (first + 1) % 3, (first + 2) % 3]


# ----- the map -------------------------------------------------------------------

def test_the_first_tile_goes_on_the_centre_square():
    s = GAME.apply(GAME.setup(2, 1), mover(GAME.setup(2, 1)), {"type": "draw"})
    assert GAME.legal_actions(s, mover(s)) == [{"type": "place", "x": 0, "y": 0}]
    assert refusal(s, {"type": "place", "x": 3, "y": 1}) == "The first tile of the map goes on the centre square (0, 0)."


def test_a_tile_must_share_an_edge_with_the_map_which_grows_any_way():
    s = GAME.setup(2, 1)
    s = play(s, lambda t: len(t["tiles"]) == 1, prefer("draw"))
    s = GAME.apply(s, mover(s), {"type": "draw"})
    places = [(a["x"], a["y"]) for a in GAME.legal_actions(s, mover(s))]
    assert places == [(0, -1), (-1, 0), (1, 0), (0, 1)]
    assert refusal(s, {"type": "place", "x": 1, "y": 1}) == "A tile must share an edge with a tile already on the map."
    assert refusal(s, {"type": "place", "x": 0, "y": 0}).endswith("already lies there.")
    assert refusal(s, {"type": "draw"}).startswith("You hold the ")
    s = GAME.apply(s, mover(s), {"type": "place", "x": -1, "y": 0})
    assert GAME.view(s, 0)["bounds"] == {"min_x": -1, "max_x": 0, "min_y": 0, "max_y": 0}


def test_a_drawn_tile_is_turned_up_for_everyone_and_placed_by_the_same_seat():
    s = GAME.setup(3, 2)
    seat = mover(s)
    top = s["piles"][0][-1]
    s = GAME.apply(s, seat, {"type": "draw"})
    assert mover(s) == seat
    for who in (None, 0, 1, 2):
        assert GAME.view(s, who)["held"] == {"suit": top["suit"], "rank": top["rank"], "source": "pile", "owner": None}
    assert refusal(GAME.setup(3, 2), {"type": "place", "x": 0, "y": 0}) == \
        "Take a tile first: draw from the resource pile or take a proper tile."


def test_a_seat_may_lay_its_own_proper_tile_while_the_pile_lasts_but_not_another_seats():
    s = GAME.setup(3, 5)
    seat = mover(s)
    assert GAME.legal_actions(s, seat) == [{"type": "draw"}, {"type": "take_proper", "owner": seat}]
    other = (seat + 1) % 3
    assert refusal(s, {"type": "take_proper", "owner": other}) == \
        "You may take another seat's proper tile only once the resource pile is empty."
    own = s["proper"][seat]
    s = GAME.apply(s, seat, {"type": "take_proper", "owner": seat})
    s = GAME.apply(s, seat, first_legal(s, seat))
    assert s["proper"][seat] is None and (s["tiles"][0]["suit"], s["tiles"][0]["rank"]) == (own["suit"], own["rank"])
    s = play(s, lambda t: mover(t) == seat and t["held"] is None)
    assert GAME.legal_actions(s, seat) == [{"type": "draw"}]
    assert refusal(s, {"type": "take_proper", "owner": seat}) == "Your proper tile is already on the map."


def test_proper_tiles_of_any_seat_may_be_laid_once_the_pile_runs_out():
    s = play(GAME.setup(3, 6), lambda t: not t["piles"][0] and t["held"] is None, prefer("draw"))
    assert len(s["tiles"]) == 15 and all(p is not None for p in s["proper"])
    seat = mover(s)
    assert GAME.legal_actions(s, seat) == [{"type": "take_proper", "owner": k} for k in range(3)]
    assert refusal(s, {"type": "draw"}) == "The resource pile is empty; lay a proper tile instead."
    other = (seat + 1) % 3
    hidden = s["proper"][other]
    s = GAME.apply(s, seat, {"type": "take_proper", "owner": other})
    assert s["held"] == {"suit": hidden["suit"], "rank": hidden["rank"], "source": "proper", "owner": other}
    s = GAME.apply(s, seat, first_legal(s, seat))
    assert "{p%d}'s proper tile" % other in s["log"][-1]["text"]
    now = mover(s)
    expected = "Your proper tile" if now == other else "{p%d}'s proper tile" % other
    assert refusal(s, {"type": "take_proper", "owner": other}) == expected + " is already on the map."
    s = play(s, phase_is("castle"))
    assert len(s["tiles"]) == 18 and s["proper"] == [None] * 3


def test_the_map_phase_ends_when_every_tile_is_down():
    for n in (2, 3, 4):
        s = play(GAME.setup(n, n), phase_is("castle"))
        assert len(s["tiles"]) == 6 * n and len({(t["x"], t["y"]) for t in s["tiles"]}) == 6 * n
        assert s["turn"] == 0 and mover(s) == s["starter"]


# ----- castles -------------------------------------------------------------------

def test_a_castle_goes_on_a_tile_of_the_seats_own_suit():
    s = play(GAME.setup(3, 7), phase_is("castle"))
    seat = mover(s)
    tiles = by_place(s["tiles"])
    places = [(a["x"], a["y"]) for a in GAME.legal_actions(s, seat)]
    assert len(places) == 6 and all(tiles[p]["suit"] == pp.SUITS[seat] for p in places)
    foreign = next(t for t in s["tiles"] if t["suit"] != pp.SUITS[seat])
    assert refusal(s, {"type": "castle", "x": foreign["x"], "y": foreign["y"]}).startswith("Your castle must stand on ")
    assert refusal(s, {"type": "castle", "x": 50, "y": 50}) == "There is no tile there."
    assert refusal(s, {"type": "deploy", "rank": 2, "x": 0, "y": 0}).startswith("It is time to build your castle")


def test_each_seat_builds_one_castle_in_turn_then_armies_follow():
    s = play(GAME.setup(3, 7), phase_is("castle"))
    order = []
    while s["phase"] == "castle":
        order.append(mover(s))
        s = GAME.apply(s, mover(s), first_legal(s, mover(s)))
    assert sorted(order) == [0, 1, 2] and order[0] == s["starter"]
    assert all(c is not None for c in s["castles"]) and s["phase"] == "army"
    assert len({(c["x"], c["y"]) for c in s["castles"]}) == 3


# ----- armies --------------------------------------------------------------------

def test_a_tile_holds_at_most_four_armies():
    s = play(GAME.setup(3, 9), phase_is("army"))
    first = castles.map_places(s)[0]
    s = play(s, lambda t: len(t["armies"]) == 4)  # first legal always picks the first square
    assert all((a["x"], a["y"]) == first for a in s["armies"])
    seat = mover(s)
    legal = GAME.legal_actions(s, seat)
    assert all((a["x"], a["y"]) != first for a in legal)
    rank = s["coins"][seat][0]["rank"]
    tile = pp.name(by_place(s["tiles"])[first], "tile")
    assert refusal(s, {"type": "deploy", "rank": rank, "x": first[0], "y": first[1]}) == \
        f"{tile.capitalize()} already holds 4 armies, the most a tile can take."


def test_armies_go_down_one_at_a_time_until_all_are_placed():
    s = play(GAME.setup(2, 9), phase_is("army"))
    seat = mover(s)
    assert len(GAME.legal_actions(s, seat)) == 6 * 12
    s = GAME.apply(s, seat, {"type": "deploy", "rank": 3, "x": s["tiles"][0]["x"], "y": s["tiles"][0]["y"]})
    assert [c["rank"] for c in s["coins"][seat]] == [0, 1, 2, 4, 5] and mover(s) != seat
    assert refusal(s, {"type": "deploy", "rank": 3, "x": 0, "y": 0}, seat=seat).startswith("It is not your turn")
    s = play(s, lambda t: mover(t) == seat)
    assert refusal(s, {"type": "deploy", "rank": 3, "x": 0, "y": 0}) == "Your 3 army is already on the map."
    assert refusal(s, {"type": "deploy", "rank": 9, "x": 0, "y": 0}).startswith("There is no army of rank 9")


# ----- rounds --------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_rounds_equal_seats_each_starting_to_the_right_and_scores_add_up(n):
    s = GAME.setup(n, 100 + n)
    first = s["starter"]
    rng = Rng.from_seed("rotation")
    s = play(s, lambda t: False, lambda t, seat: random_action(GAME, t, seat, rng))
    starters = [f["starter"] for f in s["finished"]]
    assert starters == [(first - i) % n for i in range(n)]
    assert [f["round"] for f in s["finished"]] == list(range(1, n + 1))
    assert s["scores"] == [sum(f["points"][k] for f in s["finished"]) for k in range(n)]
    assert GAME.result(s)["scores"] == s["scores"]
    assert GAME.result(s)["detail"]["rounds"] == [f["points"] for f in s["finished"]]


def test_each_round_lays_a_new_map():
    s = play(GAME.setup(2, 3), lambda t: t["round"] == 2)
    assert s["tiles"] == [] and s["armies"] == [] and s["castles"] == [None, None]
    assert [len(c) for c in s["coins"]] == [6, 6] and len(s["piles"][0]) == 10
    assert s["phase"] == "map" and mover(s) == (s["finished"][0]["starter"] - 1) % 2
    assert len(s["finished"][0]["map"]["tiles"]) == 12


def test_round_scoring_keeps_every_seats_terms_with_the_revealed_map():
    s = play(GAME.setup(3, 12), lambda t: t["round"] == 2)
    done = s["finished"][0]
    assert [line["seat"] for line in done["lines"]] == [0, 1, 2]
    assert done["points"] == [line["total"] for line in done["lines"]]
    assert done["lines"] == [castles.score_seat(done["map"], k) for k in range(3)]
    assert len(done["map"]["armies"]) == 18 and all(a["rank"] in pp.RANKS for a in done["map"]["armies"])
    assert GAME.view(s, None)["finished"] == s["finished"]


def test_result_is_refused_before_the_end():
    with pytest.raises(IllegalAction):
        GAME.result(GAME.setup(2, 1))


# ----- hidden information --------------------------------------------------------

def scribble(value) -> None:
    """Change every dict and list inside `value`, to show what a view shares with its state."""
    if isinstance(value, dict):
        for item in list(value.values()):
            scribble(item)
        value["scribbled"] = True
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")


def test_a_view_shares_nothing_with_the_state():
    armies = play(GAME.setup(2, 24), lambda t: t["round"] == 2 and t["phase"] == "army" and len(t["armies"]) == 3)
    holding = play(GAME.setup(2, 25), lambda t: t["held"] is not None and len(t["tiles"]) > 1)
    for s in (armies, holding):
        before = canonical(s)
        for who in (0, 1, None):
            scribble(GAME.view(s, who))
        assert canonical(s) == before


def test_proper_tiles_are_known_only_to_their_owner_until_laid():
    s = GAME.setup(3, 21)
    for seat in range(3):
        shown = GAME.view(s, seat)["proper"]
        for k in range(3):
            expected = s["proper"][k]["rank"] if k == seat else None
            assert shown[k] == {"suit": pp.SUITS[k], "rank": expected}
    assert all(p["rank"] is None for p in GAME.view(s, None)["proper"])
    log_for_others = [e["text"] for e in GAME.view(s, 1)["log"]]
    assert f"Your proper tile is {pp.name(s['proper'][1], 'tile')}." in log_for_others
    assert not any(pp.name(s["proper"][0], "tile") in line for line in log_for_others)


def test_the_pile_shows_only_its_size():
    s = GAME.setup(2, 21)
    assert GAME.view(s, 0)["piles"] == [{"owner": None, "count": 10}]


def test_army_values_are_known_only_to_their_owner_until_the_round_is_scored():
    s = play(GAME.setup(2, 22), phase_is("army"))
    s = play(s, lambda t: len(t["armies"]) == 2)
    owner = s["armies"][0]["seat"]
    other = 1 - owner
    assert GAME.view(s, owner)["map"]["armies"][0]["rank"] == s["armies"][0]["rank"]
    assert GAME.view(s, other)["map"]["armies"][0]["rank"] is None
    assert GAME.view(s, None)["map"]["armies"][0]["rank"] is None
    assert all(c["rank"] is None for c in GAME.view(s, other)["coins"][owner])
    assert [c["rank"] for c in GAME.view(s, owner)["coins"][owner]] == sorted(
        c["rank"] for c in s["coins"][owner])
    entry = next(i for i, e in enumerate(s["log"]) if " army on " in e["text"])
    assert GAME.view(s, other)["log"][entry]["text"] == s["log"][entry]["text"]
    assert "army on" in s["log"][entry]["text"] and "your" not in s["log"][entry]["text"]
    assert GAME.view(s, owner)["log"][entry]["text"].startswith("You deploy your ")
    s = play(s, lambda t: t["round"] == 2)
    assert all(a["rank"] is not None for a in GAME.view(s, other)["finished"][0]["map"]["armies"])


def test_the_last_rounds_armies_stay_face_up_when_the_game_is_over():
    s = play(GAME.setup(2, 23), lambda t: False)
    assert GAME.is_over(s)
    assert all(a["rank"] is not None for a in GAME.view(s, None)["map"]["armies"])
    assert GAME.view(s, None)["map"] == s["finished"][-1]["map"]
    assert GAME.determinize(s, None, 1)["armies"] == s["armies"]


def test_determinize_resamples_others_proper_tiles_within_their_suit_and_keeps_ones_own():
    s = GAME.setup(3, 31)
    others = set()
    for k in range(30):
        d = GAME.determinize(s, 0, k)
        assert d["proper"][0] == s["proper"][0]
        assert [p["suit"] for p in d["proper"]] == pp.SUITS[:3]
        assert [p["known"] for p in d["proper"]] == [[0], [1], [2]]
        everything = sorted((t["suit"], t["rank"]) for t in d["piles"][0] + d["proper"])
        assert everything == sorted((t["suit"], t["rank"]) for t in s["piles"][0] + s["proper"])
        others.add((d["proper"][1]["rank"], d["proper"][2]["rank"]))
        assert GAME.view(d, 0) == GAME.view(s, 0)
    assert len(others) > 5


def test_determinize_resamples_others_armies_and_pile_order_but_not_ones_own():
    s = play(GAME.setup(2, 32), phase_is("army"))
    s = play(s, lambda t: len(t["armies"]) == 4)
    before = canonical(s)
    orders, ranks = set(), set()
    for k in range(20):
        d = GAME.determinize(s, 0, k)
        assert canonical(s) == before
        assert [a for a in d["armies"] if a["seat"] == 0] == [a for a in s["armies"] if a["seat"] == 0]
        assert d["coins"][0] == s["coins"][0]
        ranks.add(tuple(a["rank"] for a in d["armies"] if a["seat"] == 1))
        assert GAME.view(d, 0) == GAME.view(s, 0)
    assert len(ranks) > 3
    s = GAME.setup(2, 33)
    for k in range(10):
        orders.add(tuple((t["suit"], t["rank"]) for t in GAME.determinize(s, 1, k)["piles"][0]))
    assert len(orders) == 10


# ----- refusals speak to the player ----------------------------------------------

@functools.lru_cache(maxsize=None)
def position(name: str) -> str:
    """A few positions to refuse moves in, kept as JSON so no test can change them."""
    if name == "start":
        s = GAME.setup(3, 5)
    elif name == "suit start":
        s = GAME.setup(3, 5, {"terrain": "suit"})
    elif name == "holding":
        s = GAME.apply(GAME.setup(3, 5), mover(GAME.setup(3, 5)), {"type": "draw"})
    else:
        s = play(GAME.setup(3, 5), phase_is(name))
    return json.dumps(s)


def own_tile(s: dict) -> dict:
    return next(t for t in s["tiles"] if t["suit"] == pp.SUITS[mover(s)])


REFUSALS = [
    ("a castle cannot be built while the map is being laid", "start", lambda s: {"type": "castle", "x": 0, "y": 0},
     "The map is still being laid: draw a tile from the resource pile or take a proper tile, "
     "then lay it next to a tile already on the map."),
    ("in the suit terrain each seat draws from its own pile", "suit start", lambda s: {"type": "deploy"},
     "The map is still being laid: draw a tile from your own pile, then lay it next to a tile already on the map."),
    ("a place needs a tile in hand in the suit terrain too", "suit start", lambda s: {"type": "place", "x": 0, "y": 0},
     "Take a tile first: draw from your own pile."),
    ("a draw with extra fields is refused as it stands", "start", lambda s: {"type": "draw", "extra": 1},
     'That move is not allowed now: {"extra":1,"type":"draw"}.'),
    ("a proper tile must belong to a seat at the table", "start", lambda s: {"type": "take_proper", "owner": 7},
     "There is no seat 7 at this table."),
    ("a proper tile owner must be a seat number", "start", lambda s: {"type": "take_proper", "owner": "me"},
     'There is no seat "me" at this table.'),
    ("taking one's own proper tile with extra fields is refused as it stands", "start",
     lambda s: {"type": "take_proper", "owner": mover(s), "x": 0},
     None),
    ("a tile goes on a whole-numbered square", "holding", lambda s: {"type": "place", "x": "a", "y": 0},
     "Choose a square of the map: x and y must be whole numbers."),
    ("laying on a good square with extra fields is refused as it stands", "holding",
     lambda s: {"type": "place", "x": 0, "y": 0, "face": "up"}, None),
    ("a castle goes on a whole-numbered square", "castle", lambda s: {"type": "castle", "x": None, "y": 0},
     "Choose a square of the map: x and y must be whole numbers."),
    ("a castle on one's own tile with extra fields is refused as it stands", "castle",
     lambda s: {"type": "castle", "x": own_tile(s)["x"], "y": own_tile(s)["y"], "pawn": 1}, None),
    ("armies are deployed, not castles, once castles stand", "army", lambda s: {"type": "castle", "x": 0, "y": 0},
     "It is time to deploy one of your armies on a tile holding fewer than four armies."),
    ("an army rank is a number from 0 to 5", "army", lambda s: {"type": "deploy", "rank": True, "x": 0, "y": 0},
     "There is no army of rank true; ranks run from 0 (null) to 5."),
    ("a good deployment with extra fields is refused as it stands", "army",
     lambda s: {"type": "deploy", "rank": 2, "x": 0, "y": 0, "face": "down"}, None),
]


@pytest.mark.parametrize("rule,where,make,message", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusals_explain_themselves(rule, where, make, message):
    s = json.loads(position(where))
    action = make(s)
    expected = message or f"That move is not allowed now: {canonical(action)}."
    assert refusal(s, action) == expected


# ----- random play over many seeds -----------------------------------------------

def check_action_shape(action: dict) -> None:
    assert isinstance(action["type"], str)
    assert all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in action.values())


SMOKE_SEEDS = {2: 10, 3: 5, 4: 3}  # per terrain; bigger tables take longer per game


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("terrain", castles.TERRAINS)
def test_random_games_end_round_trip_through_json_and_leak_nothing(n, terrain):
    for seed in range(SMOKE_SEEDS[n]):
        s = GAME.setup(n, f"smoke-{seed}", {"terrain": terrain})
        rng = Rng.from_seed(f"bot-{n}-{terrain}-{seed}")
        steps = 0
        while not GAME.is_over(s):
            assert json.loads(json.dumps(s)) == s
            movers = GAME.to_move(s)
            assert len(movers) == 1
            seat = movers[0]
            legal = GAME.legal_actions(s, seat)
            assert legal and GAME.legal_actions(s, (seat + 1) % n) == []
            if steps % 11 == 0:
                assert len({canonical(a) for a in legal}) == len(legal)
                for action in legal:
                    check_action_shape(action)
                for who in list(range(n)) + [None]:
                    assert GAME.view(GAME.determinize(s, who, steps), who) == GAME.view(s, who)
            s = GAME.apply(s, seat, legal[rng.below(len(legal))])
            steps += 1
        per_round = 2 * 6 * n + n + 6 * n  # take and lay each tile, one castle each, six armies each
        assert steps == n * per_round
        result = GAME.result(s)
        assert result["winners"] == castles.winners(result["scores"])
        assert len(s["finished"]) == n and GAME.to_move(s) == []
        for who in list(range(n)) + [None]:
            assert GAME.view(GAME.determinize(s, who, 5), who) == GAME.view(s, who)
        assert json.loads(json.dumps(GAME.view(s, None))) == GAME.view(s, None)
