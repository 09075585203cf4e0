"""King's Cottage rules, one test per rule (docs/rules/kings-cottage.md), and random play.

Positions are built by editing plain JSON states: tiles are taken out of their
piles and put on the board, coins taken out of the bag and put in rooms.
"""
import copy
import json
import re

import pytest

from parlour.errors import IllegalAction
from parlour.game import canonical
from parlour.games import kings_cottage as kc
from parlour.games.kings_cottage import board
from parlour.rng import Rng, seed_to_state

G = kc.GAME
ZERO = {"type": "invest", "crowns": 0, "arms": 0, "suns": 0, "moons": 0}
STOP = {"type": "stop"}


# ----- building positions ---------------------------------------------------------

def started(players=2, seed=0):
    """A game past the investments (everyone stakes nothing)."""
    state = G.setup(players, seed)
    for seat in range(players):
        state = G.apply(state, seat, ZERO)
    return state


def put_room(state, story, x, y, suit, rank, stairs=None, status="open"):
    if rank in state["piles"][suit]:
        state["piles"][suit].remove(rank)
    room = board.new_room(suit, rank, story, x, y, stairs)
    room["state"] = status
    state["rooms"].append(room)
    return len(state["rooms"]) - 1


def take_coin(state, suit, rank, up="suit", known=()):
    bag = state["bag"]
    coin = bag.pop(next(i for i, c in enumerate(bag) if (c["suit"], c["rank"]) == (suit, rank)))
    coin.update({"id": state["next_coin"], "up": up, "known": sorted(known)})
    state["next_coin"] += 1
    return coin


def put_coin(state, room, suit, rank, up="suit", known=()):
    coin = take_coin(state, suit, rank, up, known)
    state["rooms"][room]["coins"].append(coin)
    return coin["id"]


def add_month(state, suit, coin_suit=None, coin_rank=None, known=()):
    state["piles"][suit].remove(0)
    coin = None if coin_suit is None else take_coin(state, coin_suit, coin_rank, None, known)
    state["months"].append({"suit": suit, "coin": coin})
    return None if coin is None else coin["id"]


def moving(state, points):
    state.update({"phase": "move", "points": points, "die": points})
    return state


def placing(state, suit, rank):
    state["piles"][suit].remove(rank)
    state.update({"phase": "place_tile", "pending_tile": {"suit": suit, "rank": rank}})
    return state


def with_next(state, bound, value):
    """The state with an rng whose next draw below `bound` is `value` (to fix a die roll)."""
    for k in range(1000):
        if Rng(seed_to_state(k)).below(bound) == value:
            out = copy.deepcopy(state)
            out["rng"] = seed_to_state(k)
            return out
    raise AssertionError("no such seed")


def act(state, action, seat=None):
    return G.apply(state, G.to_move(state)[0] if seat is None else seat, action)


def refused(state, action, seat=None):
    seat = G.to_move(state)[0] if seat is None else seat
    before = canonical(state)
    with pytest.raises(IllegalAction) as err:
        G.apply(state, seat, action)
    assert canonical(state) == before
    return str(err.value)


def of_type(state, kind, seat=None):
    seat = G.to_move(state)[0] if seat is None else seat
    return [a for a in G.legal_actions(state, seat) if a["type"] == kind]


def block(state, cells, suit="suns"):
    """First-story rooms of `suit` (ranks 2 up) on the given cells; returns their indices."""
    out = []
    for (x, y), rank in zip(cells, [2, 3, 4, 5]):
        out.append(put_room(state, 1, x, y, suit, rank))
    return out


# ----- setup ------------------------------------------------------------------------

def test_setup_the_ace_of_crowns_is_the_first_entrance():
    s = G.setup(3, 1)
    assert [(r["suit"], r["rank"], r["story"], r["x"], r["y"]) for r in s["rooms"]] == [("crowns", 1, 1, 0, 0)]
    assert G.view(s, 0)["board"]["rooms"][0]["entrance"] is True


def test_setup_the_other_23_tiles_form_four_piles_by_suit():
    s = G.setup(2, 1)
    assert G.view(s, 0)["piles"] == {"crowns": 5, "arms": 6, "suns": 6, "moons": 6}
    assert s["piles"]["crowns"] == [0, 2, 3, 4, 5]


def test_setup_all_24_coins_go_into_the_bag():
    s = G.setup(4, 1)
    assert len(s["bag"]) == 24 and G.view(s, None)["bag"] == 24
    assert {(c["suit"], c["rank"]) for c in s["bag"]} == {(s_, r) for s_ in kc.HOUSES for r in range(6)}


def test_setup_the_first_player_is_drawn_at_random():
    firsts = {G.setup(3, seed)["first"] for seed in range(40)}
    assert firsts == {0, 1, 2}
    s = started(3, 5)
    assert G.to_move(s) == [s["first"]]


def test_investment_is_a_simultaneous_secret_choice_by_every_seat():
    s = G.setup(3, 2)
    assert G.to_move(s) == [0, 1, 2]
    s = G.apply(s, 1, ZERO)
    assert G.to_move(s) == [0, 2]
    assert "not your turn" in refused(s, ZERO, seat=1)
    s = G.apply(G.apply(s, 2, ZERO), 0, ZERO)
    assert s["phase"] == "turn" and G.to_move(s) == [s["first"]]


def test_investments_range_from_minus_3_to_3_and_sum_to_zero():
    s = G.setup(2, 2)
    splits = G.legal_actions(s, 0)
    assert len(splits) == 231
    assert all(sum(a[h] for h in kc.HOUSES) == 0 and all(-3 <= a[h] <= 3 for h in kc.HOUSES) for a in splits)
    assert "add up to zero" in refused(s, dict(ZERO, crowns=1), seat=0)
    assert "from -3 to 3" in refused(s, dict(ZERO, crowns=4, arms=-4), seat=0)


def test_investments_stay_hidden_from_other_seats_until_the_end():
    s = G.setup(2, 3)
    mine = {"type": "invest", "crowns": -3, "arms": 0, "suns": 0, "moons": 3}
    s = G.apply(s, 0, mine)
    assert G.view(s, 0)["investments"][0] == {"crowns": -3, "arms": 0, "suns": 0, "moons": 3}
    assert G.view(s, 1)["investments"] == [None, None]
    assert G.view(s, None)["investments"] == [None, None]
    assert G.view(s, 1)["invested"] == [True, False]
    assert all("-3" not in line["text"] for line in G.view(s, 1)["log"])
    s = G.apply(s, 1, ZERO)
    s["piles"]["crowns"].remove(0)
    for suit in ("arms", "suns", "moons"):
        add_month(s, suit)
    s["piles"]["crowns"] = [0]
    s = act(s, {"type": "draw_tile", "suit": "crowns"})
    assert G.view(s, 1)["investments"][0] == {"crowns": -3, "arms": 0, "suns": 0, "moons": 3}


# ----- the turn ----------------------------------------------------------------------

def test_a_turn_is_one_of_add_a_tile_add_a_coin_or_roll_the_die():
    s = started(2, 4)
    kinds = [a["type"] for a in G.legal_actions(s, G.to_move(s)[0])]
    assert kinds == ["draw_tile"] * 4 + ["draw_coin", "roll"]
    assert G.legal_actions(s, 1 - G.to_move(s)[0]) == []
    assert "add a tile" in refused(s, STOP)


def test_add_a_tile_turns_up_a_tile_from_the_chosen_pile():
    s = started(2, 4)
    s["piles"]["moons"] = [3]
    s = act(s, {"type": "draw_tile", "suit": "moons"})
    assert s["phase"] == "place_tile" and s["pending_tile"] == {"suit": "moons", "rank": 3}
    assert G.view(s, 1)["pending_tile"] == {"suit": "moons", "rank": 3}
    assert G.view(s, 0)["piles"]["moons"] == 0


def test_an_empty_pile_cannot_be_picked():
    s = started(2, 4)
    s["piles"]["arms"] = []
    assert {"type": "draw_tile", "suit": "arms"} not in G.legal_actions(s, G.to_move(s)[0])
    assert "pile is empty" in refused(s, {"type": "draw_tile", "suit": "arms"})


# ----- placing tiles ---------------------------------------------------------------------

def test_a_first_story_tile_must_share_an_edge_with_a_first_story_tile():
    s = placing(started(), "suns", 3)
    spots = [(a["x"], a["y"]) for a in of_type(s, "place_tile") if a["story"] == 1]
    assert spots == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert "share an edge" in refused(s, {"type": "place_tile", "story": 1, "x": 1, "y": 1})
    s = act(s, {"type": "place_tile", "story": 1, "x": 1, "y": 0})
    assert (s["rooms"][1]["x"], s["rooms"][1]["y"], s["rooms"][1]["story"]) == (1, 0, 1)
    assert s["phase"] == "turn" and s["pending_tile"] is None


def test_a_first_story_tile_cannot_go_where_a_tile_already_is():
    s = placing(started(), "suns", 3)
    assert "already there" in refused(s, {"type": "place_tile", "story": 1, "x": 0, "y": 0})


def test_a_second_story_tile_is_centred_where_four_first_story_tiles_meet():
    s = started()
    block(s, [(1, 0), (2, 0), (1, 1)])
    s = placing(s, "moons", 4)
    assert [a for a in of_type(s, "place_tile") if a["story"] == 2] == []
    assert "four first-story rooms meet" in refused(
        s, {"type": "place_tile", "story": 2, "x": 2, "y": 1, "stairs": "nw"})
    put_room(s, 1, 2, 1, "arms", 2)
    upstairs = [(a["x"], a["y"], a["stairs"]) for a in of_type(s, "place_tile") if a["story"] == 2]
    assert upstairs == [(2, 1, "nw"), (2, 1, "ne"), (2, 1, "sw"), (2, 1, "se")]


def test_a_second_story_tile_never_covers_any_part_of_an_entrance():
    s = started()
    block(s, [(1, 0), (0, 1), (1, 1)])
    s = placing(s, "moons", 4)
    assert [a for a in of_type(s, "place_tile") if a["story"] == 2] == []
    assert "entrance" in refused(s, {"type": "place_tile", "story": 2, "x": 1, "y": 1, "stairs": "se"})


def test_aces_never_go_on_the_second_story():
    s = started()
    block(s, [(1, 0), (2, 0), (1, 1), (2, 1)])
    s = placing(s, "arms", 1)
    assert all(a["story"] == 1 for a in of_type(s, "place_tile"))
    assert "may not go on the second story" in refused(
        s, {"type": "place_tile", "story": 2, "x": 2, "y": 1, "stairs": "nw"})


def test_there_is_no_third_story():
    s = started()
    block(s, [(1, 0), (2, 0), (1, 1), (2, 1)])
    s = placing(s, "arms", 3)
    assert "no third story" in refused(s, {"type": "place_tile", "story": 3, "x": 2, "y": 1})


def test_the_stairwell_names_one_of_the_four_rooms_below_and_only_it_connects():
    s = started()
    nw, ne, sw, se = block(s, [(1, 0), (2, 0), (1, 1), (2, 1)])
    s = placing(s, "moons", 4)
    assert "stairwell" in refused(s, {"type": "place_tile", "story": 2, "x": 2, "y": 1, "stairs": "up"})
    s = act(s, {"type": "place_tile", "story": 2, "x": 2, "y": 1, "stairs": "se"})
    upper = len(s["rooms"]) - 1
    room = G.view(s, 0)["board"]["rooms"][upper]
    assert room["stairs"] == {"dir": "se", "cell": [2, 1], "room": se}
    assert room["box"] == [1.5, 0.5, 2.5, 1.5] and room["cells"] == [[1, 0], [2, 0], [1, 1], [2, 1]]
    adj = board.neighbours(s["rooms"])
    assert adj[upper] == [se] and upper in adj[se] and upper not in adj[nw]


def test_second_story_rooms_sharing_an_edge_connect():
    s = started()
    block(s, [(1, 0), (2, 0), (3, 0), (1, 1)], "suns")
    block(s, [(2, 1), (3, 1)], "arms")
    a = put_room(s, 2, 2, 1, "moons", 2, "nw")
    b = put_room(s, 2, 3, 1, "moons", 3, "se")
    assert b in board.neighbours(s["rooms"])[a] and a in board.neighbours(s["rooms"])[b]


def test_a_partly_covered_room_keeps_its_furnishings_and_never_completes():
    s = started()
    two_suns = block(s, [(1, 0), (2, 0), (1, 1), (2, 1)])[0]
    coin = put_coin(s, two_suns, "arms", 4)
    s = placing(s, "moons", 4)
    s = act(s, {"type": "place_tile", "story": 2, "x": 2, "y": 1, "stairs": "ne"})
    view_room = G.view(s, 0)["board"]["rooms"][two_suns]
    assert [c["id"] for c in view_room["coins"]] == [coin]
    assert view_room["covered"] == ["se"] and view_room["can_complete"] is False
    second = put_coin(s, 0, "moons", 3)
    s = act(moving(s, 3), {"type": "move_coin", "coin": second, "to": two_suns})
    assert len(s["rooms"][two_suns]["coins"]) == 2 and s["rooms"][two_suns]["state"] == "open"
    assert s["phase"] == "move" and s["points"] == 2


def test_a_room_holds_no_more_furnishings_than_its_size():
    s = started()
    two = put_room(s, 1, 1, 0, "suns", 2)
    put_coin(s, two, "arms", 4)
    put_coin(s, two, "arms", 5)
    extra = put_coin(s, 0, "moons", 3)
    s = moving(s, 2)
    assert not [a for a in of_type(s, "move_coin") if a["to"] == two]
    assert "is full" in refused(s, {"type": "move_coin", "coin": extra, "to": two})


def test_a_fully_covered_room_is_gone_and_its_furnishings_are_set_aside():
    s = started()
    cells = [(x, y) for y in range(3) for x in range(1, 4)]
    rooms = block(s, cells[:4], "suns") + block(s, cells[4:8], "moons") + block(s, cells[8:], "arms")
    centre = rooms[4]  # cell (2, 1)
    lost = put_coin(s, centre, "crowns", 5, up="value")
    put_room(s, 2, 2, 1, "crowns", 2, "nw")
    put_room(s, 2, 3, 1, "crowns", 3, "ne")
    put_room(s, 2, 2, 2, "crowns", 4, "sw")
    s = placing(s, "arms", 3)
    assert "cannot lead down" in refused(s, {"type": "place_tile", "story": 2, "x": 3, "y": 2, "stairs": "nw"})
    s = act(s, {"type": "place_tile", "story": 2, "x": 3, "y": 2, "stairs": "se"})
    assert s["rooms"][centre]["state"] == "gone" and s["rooms"][centre]["coins"] == []
    assert [(c["id"], c["suit"], c["rank"]) for c in G.view(s, 1)["scored"]] == [(lost, "crowns", 5)]
    assert centre not in board.neighbours(s["rooms"])


def test_a_second_story_tile_may_not_bury_the_kings_room():
    s = started()
    cells = [(x, y) for y in range(3) for x in range(1, 4)]
    rooms = block(s, cells[:4], "suns") + block(s, cells[4:8], "moons") + block(s, cells[8:], "arms")
    put_room(s, 2, 2, 1, "crowns", 2, "nw")
    put_room(s, 2, 3, 1, "crowns", 3, "ne")
    put_room(s, 2, 2, 2, "crowns", 4, "sw")
    s["king"] = rooms[4]
    s = placing(s, "arms", 3)
    assert not [a for a in of_type(s, "place_tile") if (a["story"], a["x"], a["y"]) == (2, 3, 2)]
    assert "King's room" in refused(s, {"type": "place_tile", "story": 2, "x": 3, "y": 2, "stairs": "se"})


# ----- nulls: months and the King ------------------------------------------------------------

def test_a_null_tile_passes_a_month_and_the_king_takes_a_coin_only_the_drawer_sees():
    s = started(3, 1)
    seat = G.to_move(s)[0]
    s["piles"]["arms"] = [0]
    s = act(s, {"type": "draw_tile", "suit": "arms"})
    assert len(s["months"]) == 1 and s["months"][0]["suit"] == "arms"
    coin = s["months"][0]["coin"]
    assert coin["known"] == [seat] and coin["up"] is None and len(s["bag"]) == 23
    mine = G.view(s, seat)["months"][0]["coin"]
    theirs = G.view(s, (seat + 1) % 3)["months"][0]["coin"]
    assert (mine["suit"], mine["rank"], mine["both"]) == (coin["suit"], coin["rank"], True)
    assert (theirs["suit"], theirs["rank"], theirs["both"]) == (None, None, False)
    assert G.to_move(s) == [(seat + 1) % 3]


def test_after_the_second_null_the_drawer_puts_the_king_on_an_entrance():
    s = started(2, 1)
    add_month(s, "suns", "suns", 2, known=[1])
    entrance = put_room(s, 1, 1, 0, "arms", 1)
    put_room(s, 1, 2, 0, "arms", 2)
    s["piles"]["moons"] = [0]
    seat = G.to_move(s)[0]
    s = act(s, {"type": "draw_tile", "suit": "moons"})
    assert s["phase"] == "place_king" and G.to_move(s) == [seat]
    assert G.legal_actions(s, seat) == [{"type": "place_king", "room": 0}, {"type": "place_king", "room": entrance}]
    assert "entrance" in refused(s, {"type": "place_king", "room": entrance + 1})
    s = act(s, {"type": "place_king", "room": entrance})
    assert s["king"] == entrance and G.view(s, 0)["board"]["rooms"][entrance]["king"] is True
    assert G.to_move(s) == [1 - seat]


def test_the_fourth_null_ends_the_game_at_once():
    s = started(2, 1)
    for suit in ("suns", "moons", "arms"):
        add_month(s, suit, suit, 3)
    s["piles"]["crowns"] = [0]
    s = act(s, {"type": "draw_tile", "suit": "crowns"})
    assert G.is_over(s) and G.to_move(s) == [] and len(s["months"]) == 4
    assert s["months"][3]["coin"] is None
    assert G.result(s)["winners"] == [0, 1]


# ----- coins ------------------------------------------------------------------------

def test_add_a_coin_the_drawer_sees_both_sides_and_everyone_sees_the_side_put_up():
    s = started(3, 6)
    seat = G.to_move(s)[0]
    other = (seat + 1) % 3
    s = act(s, {"type": "draw_coin"})
    coin = s["pending_coin"]
    assert G.view(s, seat)["pending_coin"]["rank"] == coin["rank"]
    assert G.view(s, other)["pending_coin"] == {"id": coin["id"], "up": None, "suit": None, "rank": None, "both": False}
    s = act(s, {"type": "place_coin", "room": 0, "up": "value"})
    mine, theirs = G.view(s, seat)["board"]["rooms"][0]["coins"][0], G.view(s, other)["board"]["rooms"][0]["coins"][0]
    assert (mine["suit"], mine["rank"], mine["both"]) == (coin["suit"], coin["rank"], True)
    assert (theirs["suit"], theirs["rank"], theirs["both"]) == (None, coin["rank"], False)


def test_a_coin_comes_in_only_at_an_entrance():
    s = started()
    room = put_room(s, 1, 1, 0, "suns", 3)
    s = act(s, {"type": "draw_coin"})
    assert G.legal_actions(s, G.to_move(s)[0]) == [
        {"type": "place_coin", "room": 0, "up": "suit"}, {"type": "place_coin", "room": 0, "up": "value"}]
    assert "entrance" in refused(s, {"type": "place_coin", "room": room, "up": "suit"})
    assert "\"suit\" or \"value\"" in refused(s, {"type": "place_coin", "room": 0, "up": "edge"})


def test_an_empty_bag_is_refilled_with_the_scored_coins():
    s = started(2, 7)
    last = s["bag"][0]
    for coin in s["bag"][1:4]:
        coin.update({"id": 99, "up": "suit", "known": [0, 1]})
    s["scored"] = s["bag"][1:4]
    s["bag"] = [last]
    ids = [c["id"] for c in s["bag"]]
    assert ids == [None]
    s = act(s, {"type": "draw_coin"})
    assert s["scored"] == [] and len(s["bag"]) == 3
    assert all(c["known"] == [] and c["id"] is None and c["up"] is None for c in s["bag"])
    assert (s["pending_coin"]["suit"], s["pending_coin"]["rank"]) == (last["suit"], last["rank"])


# ----- the die and movement ---------------------------------------------------------------

def test_rolling_a_null_forces_adding_a_tile():
    s = with_next(started(), 6, 0)
    s = act(s, {"type": "roll"})
    assert s["phase"] == "forced_tile" and s["die"] == 0
    assert {a["type"] for a in G.legal_actions(s, G.to_move(s)[0])} == {"draw_tile"}
    assert "must add a tile" in refused(s, {"type": "draw_coin"})


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_rolling_ace_to_5_gives_that_many_movement_points(face):
    s = act(with_next(started(), 6, face), {"type": "roll"})
    assert (s["phase"], s["points"], G.view(s, 1)["die"]) == ("move", face, face)


def test_a_step_goes_to_an_edge_adjacent_room_on_the_same_story():
    s = started()
    east = put_room(s, 1, 1, 0, "suns", 3)
    south = put_room(s, 1, 0, 1, "moons", 4)
    diagonal = put_room(s, 1, 1, 1, "arms", 5)
    coin = put_coin(s, 0, "arms", 2)
    s = moving(s, 2)
    assert [a["to"] for a in of_type(s, "move_coin")] == [east, south]
    assert "not one step" in refused(s, {"type": "move_coin", "coin": coin, "to": diagonal})
    s = act(s, {"type": "move_coin", "coin": coin, "to": east})
    s = act(s, {"type": "move_coin", "coin": coin, "to": diagonal})
    assert [c["id"] for c in s["rooms"][diagonal]["coins"]] == [coin]
    assert s["phase"] == "turn" and s["points"] == 0


def test_stairs_are_the_only_way_between_stories():
    s = started()
    nw, ne, sw, se = block(s, [(1, 0), (2, 0), (1, 1), (2, 1)])
    upper = put_room(s, 2, 2, 1, "moons", 5, "nw")
    coin = put_coin(s, nw, "arms", 2)
    other = put_coin(s, se, "arms", 3)
    s = moving(s, 3)
    assert upper in [a["to"] for a in of_type(s, "move_coin") if a["coin"] == coin]
    assert upper not in [a["to"] for a in of_type(s, "move_coin") if a["coin"] == other]
    s = act(s, {"type": "move_coin", "coin": coin, "to": upper})
    assert [a["to"] for a in of_type(s, "move_coin") if a["coin"] == coin] == [nw]


def test_the_player_may_stop_early_and_unspent_points_are_lost():
    s = started()
    seat = G.to_move(s)[0]
    s = act(moving(s, 4), STOP)
    assert s["phase"] == "turn" and s["points"] == 0 and G.to_move(s) == [1 - seat]


def test_a_furnishing_may_not_leave_the_kings_room():
    s = started()
    put_room(s, 1, 1, 0, "suns", 3)
    coin = put_coin(s, 0, "arms", 2)
    s["king"] = 0
    s = moving(s, 3)
    assert of_type(s, "move_coin") == []
    assert "King's room" in refused(s, {"type": "move_coin", "coin": coin, "to": 1})
    s = act(s, {"type": "move_king", "to": 1})
    assert [a["to"] for a in of_type(s, "move_coin")] == [1]


def test_a_furnishing_may_not_enter_a_completed_room_but_the_king_may():
    s = started()
    done = put_room(s, 1, 1, 0, "suns", 3, status="completed")
    beyond = put_room(s, 1, 2, 0, "moons", 4)
    coin = put_coin(s, 0, "arms", 2)
    s["king"] = beyond
    s = moving(s, 3)
    assert of_type(s, "move_coin") == []
    assert "completed room" in refused(s, {"type": "move_coin", "coin": coin, "to": done})
    s = act(s, {"type": "move_king", "to": done})
    s = act(s, {"type": "move_king", "to": 0})
    assert s["king"] == 0 and s["points"] == 1


def test_the_king_cannot_move_before_he_arrives():
    s = moving(started(), 2)
    assert of_type(s, "move_king") == []
    assert "not arrived" in refused(s, {"type": "move_king", "to": 0})


# ----- completion and scoring in play ---------------------------------------------------------

def test_a_room_completes_when_it_holds_as_many_furnishings_as_its_size_and_remaining_points_are_lost():
    # The rules' first example, played: a 5 of Crowns moves into the 3 of Crowns.
    s = started(2, 1)
    seat = G.to_move(s)[0]
    room = put_room(s, 1, 1, 0, "crowns", 3)
    put_coin(s, room, "crowns", 1)
    put_coin(s, room, "moons", 2, up="value")
    five = put_coin(s, 0, "crowns", 5, up="value", known=[seat])
    s = act(moving(s, 3), {"type": "move_coin", "coin": five, "to": room})
    assert s["houses"] == {"crowns": 24, "arms": 0, "suns": 0, "moons": 6}
    assert s["rooms"][room]["state"] == "completed" and s["rooms"][room]["coins"] == []
    assert s["phase"] == "turn" and s["points"] == 0 and G.to_move(s) == [1 - seat]
    assert sorted((c["suit"], c["rank"]) for c in G.view(s, None)["scored"]) == [
        ("crowns", 1), ("crowns", 5), ("moons", 2)]


def test_entrances_hold_any_number_of_furnishings_and_never_complete():
    s = started()
    for rank in range(6):
        put_coin(s, 0, "suns", rank)
    s = act(s, {"type": "draw_coin"})
    s = act(s, {"type": "place_coin", "room": 0, "up": "suit"})
    assert len(s["rooms"][0]["coins"]) == 7 and s["rooms"][0]["state"] == "open"
    assert G.view(s, 0)["board"]["rooms"][0]["capacity"] is None


def test_with_the_king_present_the_completer_swaps_a_furnishing_with_his_collection_before_scoring():
    # The rules' second example, played: the King, then a Sun coin, into the 5 of Suns;
    # an Arms coin is swapped for the King's Null of Suns.
    s = started(3, 2)
    seat = G.to_move(s)[0]
    room = put_room(s, 1, 1, 0, "suns", 5)
    put_coin(s, room, "suns", 3)
    put_coin(s, room, "moons", 2, up="value")
    put_coin(s, room, "arms", 4)
    ace_of_arms = put_coin(s, room, "arms", 1)
    five = put_coin(s, 0, "suns", 5)
    null_suns = add_month(s, "moons", "suns", 0, known=[(seat + 1) % 3])
    add_month(s, "arms", "crowns", 3, known=[seat])
    s["king"] = 0
    s = moving(s, 2)
    assert "King's room" in refused(s, {"type": "move_coin", "coin": five, "to": room})
    s = act(s, {"type": "move_king", "to": room})
    s = act(s, {"type": "move_coin", "coin": five, "to": room})
    assert s["phase"] == "swap" and s["swap_room"] == room and s["points"] == 0
    assert len(G.legal_actions(s, seat)) == 10
    assert "not in the completed room" in refused(s, {"type": "swap", "coin": 999, "with": null_suns})
    s = act(s, {"type": "swap", "coin": ace_of_arms, "with": null_suns})
    assert s["houses"] == {"crowns": 0, "arms": 30, "suns": 0, "moons": 20}
    taken = s["months"][0]["coin"]
    assert (taken["id"], taken["suit"], taken["rank"]) == (ace_of_arms, "arms", 1)
    assert seat in taken["known"]
    assert G.view(s, seat)["months"][0]["coin"]["rank"] == 1
    assert G.view(s, (seat + 2) % 3)["months"][0]["coin"]["rank"] is None
    assert s["phase"] == "turn" and G.to_move(s) == [(seat + 1) % 3]


def test_scored_coins_are_set_aside_except_nulls_which_go_back_into_the_bag():
    s = started()
    room = put_room(s, 1, 1, 0, "moons", 2)
    put_coin(s, room, "moons", 0)
    last = put_coin(s, 0, "moons", 4)
    bag = len(s["bag"])
    s = act(moving(s, 1), {"type": "move_coin", "coin": last, "to": room})
    assert s["houses"]["moons"] == 0
    assert [(c["suit"], c["rank"]) for c in s["scored"]] == [("moons", 4)]
    assert len(s["bag"]) == bag + 1 and any((c["suit"], c["rank"]) == ("moons", 0) for c in s["bag"])


def test_the_king_in_a_completed_room_with_an_empty_collection_still_earns_his_bonus():
    s = started()
    room = put_room(s, 1, 1, 0, "arms", 2)
    put_coin(s, room, "suns", 2)
    last = put_coin(s, 0, "suns", 3)
    s["king"] = room
    s = act(moving(s, 1), {"type": "move_coin", "coin": last, "to": room})
    assert s["houses"]["suns"] == (2 + 3 + 2) * 2


# ----- scoring functions ---------------------------------------------------------------

def test_score_room_first_example():
    assert kc.score_room(3, "crowns", [("crowns", 5), ("crowns", 1), ("moons", 2)], False) == {
        "crowns": 24, "moons": 6}


def test_score_room_second_example_where_the_rules_misprint_arms_as_suns():
    coins = [("suns", 3), ("suns", 5), ("suns", 0), ("moons", 2), ("arms", 4)]
    assert kc.score_room(5, "suns", coins, True) == {"suns": 0, "moons": 20, "arms": 30}


def test_a_suits_null_coin_makes_it_score_nothing():
    assert kc.score_room(4, "arms", [("arms", 0), ("arms", 5), ("suns", 1)], True) == {"arms": 0, "suns": 12}
    assert kc.score_room(3, "suns", [("suns", 5), ("suns", 4), ("moons", 0)], False) == {"suns": 33, "moons": 0}


def test_profits_final_example_where_the_score_table_swaps_suns_and_moons():
    houses = {"crowns": 22, "arms": 15, "suns": 62, "moons": 52}
    stakes = [
        {"crowns": -3, "arms": 0, "suns": 0, "moons": 3},
        {"crowns": -1, "arms": -1, "suns": -1, "moons": 3},
        {"crowns": 1, "arms": 1, "suns": 1, "moons": -3},
        {"crowns": -2, "arms": -1, "suns": 1, "moons": 2},
    ]
    assert kc.profits(houses, stakes) == [90, 57, -57, 107]
    assert kc.winners(kc.profits(houses, stakes)) == [3]


def test_tied_highest_profit_is_a_shared_win():
    s = started(3, 1)
    s["investments"] = [{"crowns": 1, "arms": -1, "suns": 0, "moons": 0},
                        {"crowns": 1, "arms": 0, "suns": -1, "moons": 0},
                        {"crowns": -1, "arms": 1, "suns": 0, "moons": 0}]
    s["houses"] = {"crowns": 10, "arms": 0, "suns": 0, "moons": 4}
    for suit in ("suns", "moons", "arms"):
        add_month(s, suit)
    s["piles"]["crowns"] = [0]
    s = act(s, {"type": "draw_tile", "suit": "crowns"})
    result = G.result(s)
    assert result["scores"] == [10, 10, -10] and result["winners"] == [0, 1]


# ----- hidden information -----------------------------------------------------------------

def test_a_view_shows_a_coins_hidden_side_only_to_seats_that_know_it():
    s = started(3, 1)
    put_coin(s, 0, "suns", 4, up="suit", known=[2])
    put_coin(s, 0, "moons", 5, up="value", known=[])
    views = [G.view(s, seat)["board"]["rooms"][0]["coins"] for seat in (0, 1, 2, None)]
    assert [(c["suit"], c["rank"]) for c in views[0]] == [("suns", None), (None, 5)]
    assert views[0] == views[1] == views[3]
    assert [(c["suit"], c["rank"], c["both"]) for c in views[2]] == [("suns", 4, True), (None, 5, False)]


def test_views_never_show_pile_order_or_bag_contents():
    s = started(2, 1)
    text = json.dumps(G.view(s, 0))
    assert '"bag": 24' in text and '"piles": {"crowns": 5' in text
    for seat in (0, 1, None):
        v = G.view(s, seat)
        assert isinstance(v["bag"], int) and all(isinstance(n, int) for n in v["piles"].values())


def test_determinize_redeals_exactly_what_the_seat_does_not_know():
    s = started(3, 1)
    s["investments"][1] = {"crowns": 3, "arms": -3, "suns": 3, "moons": -3}
    mine = put_coin(s, 0, "suns", 4, up="suit", known=[0])
    theirs = put_coin(s, 0, "moons", 5, up="value", known=[1])
    add_month(s, "arms", "crowns", 2, known=[1])
    seen_suits, seen_ranks, stakes = set(), set(), set()
    for k in range(40):
        d = G.determinize(s, 0, k)
        assert G.view(d, 0) == G.view(s, 0)
        coins = {c["id"]: c for c in d["rooms"][0]["coins"]}
        assert (coins[mine]["suit"], coins[mine]["rank"]) == ("suns", 4)
        assert coins[theirs]["rank"] == 5
        seen_suits.add(coins[theirs]["suit"])
        seen_ranks.add(d["months"][0]["coin"]["rank"])
        stakes.add(json.dumps(d["investments"][1], sort_keys=True))
        assert d["investments"][0] == s["investments"][0]
    assert len(seen_suits) > 1 and len(seen_ranks) > 1 and len(stakes) > 1


def test_private_log_lines_stay_with_their_seat():
    s = started(2, 3)
    seat = G.to_move(s)[0]
    s = act(s, {"type": "draw_coin"})
    coin = s["pending_coin"]
    name = f"{['null', 'ace', '2', '3', '4', '5'][coin['rank']]} of"
    assert name in G.view(s, seat)["log"][-1]["text"]
    assert name not in G.view(s, 1 - seat)["log"][-1]["text"]
    kept = [e.get("private", {}) for e in G.determinize(s, 1 - seat, 1)["log"]]
    assert all(list(p) == [str(1 - seat)] for p in kept if p)


# ----- random play ----------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\{p\d\}")


def _scalar_flat(action):
    return isinstance(action.get("type"), str) and all(
        isinstance(v, (str, int)) and not isinstance(v, bool) for v in action.values())


def _check(state, seat_to_act, k):
    n = state["players"]
    assert json.loads(json.dumps(state)) == state
    for seat in list(range(n)) + [None]:
        sample = G.determinize(state, seat, k)
        assert G.view(sample, seat) == G.view(state, seat)
        if seat is not None:
            assert G.legal_actions(sample, seat) == G.legal_actions(state, seat)
    for seat in range(n):
        legal = G.legal_actions(state, seat)
        assert (seat in G.to_move(state)) == bool(legal)
        assert all(_scalar_flat(a) for a in legal)
    for bad in ({"type": "bogus"}, {"type": "move_coin", "coin": -1, "to": 0},
                {"type": "place_tile", "story": 2, "x": 99, "y": 99, "stairs": "nw"}):
        if bad in G.legal_actions(state, seat_to_act):
            continue
        message = refused(state, bad, seat_to_act)
        assert message and "{" not in PLACEHOLDER.sub("", message)


def play(players, seed, eager=False, check=True, limit=5000):
    """One game by random seats; `eager` seats prefer moving furnishings, so rooms fill and score."""
    s = G.setup(players, seed)
    r = Rng.from_seed(f"test-bot:{seed}")
    for ply in range(limit):
        if G.is_over(s):
            return s, ply
        movers = G.to_move(s)
        seat = movers[r.below(len(movers))]
        legal = G.legal_actions(s, seat)
        if eager and r.below(4):
            legal = [a for a in legal if a["type"] in ("move_coin", "roll", "swap", "draw_coin")] or legal
        action = legal[r.below(len(legal))]
        if check:
            _check(s, seat, ply)
        before = canonical(s)
        after = G.apply(s, seat, action)
        assert canonical(s) == before
        s = after
    raise AssertionError(f"game {players}p seed {seed} did not end in {limit} plies")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_ends_keeps_json_and_never_leaks(players):
    for seed in range(3):
        for eager in (False, True):
            s, _ = play(players, seed * 10 + players, eager)
            result = G.result(s)
            assert result["scores"] == kc.profits(s["houses"], s["investments"])
            assert result["winners"] and len(s["months"]) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_over_many_seeds_ends(players):
    scored = 0
    for seed in range(40):
        s, _ = play(players, 1000 + seed, eager=seed % 4 == 3, check=False)
        assert G.is_over(s)
        scored += any(s["houses"].values())
    assert scored > 0
