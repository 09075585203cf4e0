"""Rules tests for The King's Progress, one rule per test, from small inline positions.

Positions are reached by driving the engine from `setup` with plain default moves
(lowest legal choice, pass every veto, move every King), and where a rule needs
an unusual position the state is patched by hand before the move under test.
Rules as implemented: docs/rules/kings-progress.md.
"""
from __future__ import annotations

import copy

import pytest

from parlour import games
from parlour.errors import BadOptions, IllegalAction
from parlour.game import canonical
from parlour.games.kings_progress import ROUNDS, kingdom_score, rank_seats, score_seat
from parlour.piecepack import SUITS

G = games.get("kings-progress")


# ----- helpers -------------------------------------------------------------------

def new_game(players: int = 2, first: int = 0, match: str = "single") -> dict:
    """A fresh game whose (seeded, random) first chancellor is `first`."""
    for seed in range(200):
        state = G.setup(players, seed, {"match": match})
        if state["first_chancellor"] == first:
            return state
    raise AssertionError("no seed gives that first chancellor")


def mover(state: dict) -> int:
    movers = G.to_move(state)
    assert len(movers) == 1
    return movers[0]


def play(state: dict, action: dict, seat: int = None) -> dict:
    return G.apply(state, mover(state) if seat is None else seat, action)


def default_move(state: dict) -> dict:
    """Pass every veto, move every King, else the first (lowest) legal action."""
    seat = mover(state)
    legal = G.legal_actions(state, seat)
    for preferred in ({"type": "pass"}, {"type": "move_king"}):
        if preferred in legal:
            return G.apply(state, seat, preferred)
    return G.apply(state, seat, legal[0])


def varied_move(state: dict) -> dict:
    """A fixed but uneven choice among the legal actions, for positions that should differ."""
    seat = mover(state)
    legal = G.legal_actions(state, seat)
    return G.apply(state, seat, legal[state["ply"] * 7 % len(legal)])


def advance(state: dict, until, move=default_move) -> dict:
    """`move` (default moves) until `until(state)` holds (checked before each move)."""
    for _ in range(2000):
        if until(state):
            return state
        assert not G.is_over(state), "game ended before the position was reached"
        state = move(state)
    raise AssertionError("position never reached")


def at(phase: str, rnd: int):
    return lambda s: s["phase"] == phase and s["round"] == rnd


def to_phase(state: dict, phase: str, rnd: int) -> dict:
    return advance(state, at(phase, rnd))


def finish(state: dict) -> dict:
    return advance(state, G.is_over)


def movers_of_phase(state: dict) -> list:
    """Seats in the order they act in the current phase, playing default moves."""
    phase, rnd, seats = state["phase"], state["round"], []
    while state["phase"] == phase and state["round"] == rnd:
        if state["pending"] is None:
            seats.append(mover(state))
        state = default_move(state)
    return seats


def phases_of_round(state: dict, rnd: int) -> list:
    """The phases in which some seat is asked to move during round `rnd`."""
    state = advance(state, lambda s: s["round"] == rnd)
    seen = []
    while not G.is_over(state) and state["round"] == rnd:
        if not seen or seen[-1] != state["phase"]:
            seen.append(state["phase"])
        state = default_move(state)
    return seen


def refusal(state: dict, action, seat: int = None) -> str:
    """The message of the IllegalAction the move raises; the state must be left alone."""
    before = canonical(state)
    with pytest.raises(IllegalAction) as caught:
        play(state, action, seat)
    assert canonical(state) == before
    return str(caught.value)


def veto_city_actions(state: dict, seat: int) -> list:
    return [a for a in G.legal_actions(state, seat) if a["type"] == "veto_city"]


def coin_at(state: dict, kingdom: int, city: int) -> dict:
    return state["kingdoms"][kingdom]["cities"][city]["coin"]


def seen_coin(state: dict, seat, kingdom: int, city: int):
    return G.view(state, seat)["kingdoms"][kingdom]["cities"][city]["coin"]


# ----- setup -----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_each_seat_six_tiles_six_coins_of_its_suit_and_five_vetoes(players):
    state = G.setup(players, 1)
    assert state["vetoes"] == [5] * players
    for seat, reserve in enumerate(state["reserves"]):
        assert sorted((p["suit"], p["rank"]) for p in reserve["tiles"]) == [(SUITS[seat], r) for r in range(6)]
        assert sorted((p["suit"], p["rank"]) for p in reserve["coins"]) == [(SUITS[seat], r) for r in range(6)]
    assert all(k == {"cities": [], "king": -1} for k in state["kingdoms"])
    assert (state["phase"], state["round"]) == ("city", 1)


def test_first_chancellor_is_drawn_by_the_seeded_generator():
    assert G.setup(3, "abc")["first_chancellor"] == G.setup(3, "abc")["first_chancellor"]
    assert {G.setup(3, seed)["first_chancellor"] for seed in range(40)} == {0, 1, 2}


def test_player_count_outside_two_to_four_refused():
    for players in (1, 5):
        with pytest.raises(BadOptions, match="2 to 4 players"):
            G.setup(players, 1)


# ----- turn order ------------------------------------------------------------------

def test_city_phase_starts_with_first_chancellor_and_passes_left():
    assert movers_of_phase(new_game(3, first=1)) == [1, 2, 0]


def test_city_veto_phase_starts_with_first_chancellor():
    state = to_phase(new_game(3, first=1), "city_veto", 1)
    assert movers_of_phase(state) == [1, 2, 0]


def test_investment_phase_starts_left_of_first_chancellor():
    state = to_phase(new_game(3, first=1), "invest", 1)
    assert movers_of_phase(state) == [2, 0, 1]


def test_investment_veto_phase_starts_left_of_first_chancellor():
    state = to_phase(new_game(3, first=1), "invest_veto", 1)
    assert movers_of_phase(state) == [2, 0, 1]


def test_kings_progress_phase_starts_with_first_chancellor():
    state = to_phase(new_game(3, first=1), "king", 2)
    assert state["chancellor"] == 2
    assert movers_of_phase(state) == [2, 0, 1]


def test_first_chancellor_passes_left_each_round():
    state, chancellors = new_game(4, first=3), []
    for rnd in range(1, ROUNDS + 1):
        state = to_phase(state, "city", rnd)
        chancellors.append(state["chancellor"])
    assert chancellors == [3, 0, 1, 2, 3, 0]


def test_left_of_the_last_seat_is_seat_zero():
    state = to_phase(new_game(2, first=1), "invest", 1)
    assert movers_of_phase(state) == [0, 1]


def test_round_has_five_phases_in_order():
    assert phases_of_round(new_game(2), 2) == ["city", "city_veto", "invest", "invest_veto", "king"]


def test_round_one_kings_progress_needs_no_move():
    assert phases_of_round(new_game(2), 1) == ["city", "city_veto", "invest", "invest_veto"]


def test_last_round_has_no_veto_phases():
    assert phases_of_round(new_game(3), ROUNDS) == ["city", "invest", "king"]


def test_game_lasts_six_rounds_and_places_every_piece():
    state = finish(new_game(3))
    for kingdom in state["kingdoms"]:
        assert len(kingdom["cities"]) == ROUNDS
        assert all(city["coin"] is not None for city in kingdom["cities"])
    assert all(r == {"tiles": [], "coins": []} for r in state["reserves"])
    assert G.to_move(state) == [] and state["round"] == ROUNDS


# ----- city phase --------------------------------------------------------------------

def test_city_phase_one_tile_per_kingdom():
    state = new_game(3, first=0)
    state = play(state, {"type": "place_city", "kingdom": 2, "suit": "suns", "rank": 3})
    assert state["expanded"] == [2]
    assert all(a["kingdom"] != 2 for a in G.legal_actions(state, 1))
    assert "already grown" in refusal(state, {"type": "place_city", "kingdom": 2, "suit": "moons", "rank": 3})


def test_city_phase_every_kingdom_grows_by_one():
    state = to_phase(new_game(4), "city_veto", 1)
    assert [len(k["cities"]) for k in state["kingdoms"]] == [1, 1, 1, 1]


def test_city_tile_may_go_into_any_kingdom_including_ones_own():
    state = new_game(2, first=0)
    assert {a["kingdom"] for a in G.legal_actions(state, 0)} == {0, 1}
    state = play(state, {"type": "place_city", "kingdom": 0, "suit": "suns", "rank": 4})
    assert state["kingdoms"][0]["cities"][0]["tile"]["rank"] == 4


def test_city_tile_appended_at_outer_end():
    state = to_phase(new_game(2, first=0), "city", 2)
    before = [c["tile"] for c in state["kingdoms"][1]["cities"]]
    tile = G.legal_actions(state, mover(state))[-1]
    assert tile["kingdom"] == 1
    state = play(state, tile)
    cities = state["kingdoms"][1]["cities"]
    assert [c["tile"] for c in cities[:-1]] == before
    assert (cities[-1]["tile"]["suit"], cities[-1]["tile"]["rank"], cities[-1]["coin"]) == (tile["suit"], tile["rank"], None)


def test_city_tile_must_come_from_own_reserve():
    state = new_game(2, first=0)
    message = refusal(state, {"type": "place_city", "kingdom": 1, "suit": "moons", "rank": 3})
    assert "The 3 tile of Moons is not in your reserve" in message


def test_city_tile_lies_face_up_for_everyone():
    state = play(new_game(3, first=0), {"type": "place_city", "kingdom": 1, "suit": "suns", "rank": 5})
    for seat in (0, 1, 2, None):
        assert G.view(state, seat)["kingdoms"][1]["cities"][0]["tile"] == {"suit": "suns", "rank": 5}


# ----- investment phase ----------------------------------------------------------------

def test_one_coin_per_city():
    state = to_phase(new_game(2, first=0), "invest", 1)
    seat = mover(state)
    state = play(state, {"type": "invest", "kingdom": 0, "city": 0, "suit": SUITS[seat], "rank": 2})
    other = mover(state)
    assert all((a["kingdom"], a["city"]) != (0, 0) for a in G.legal_actions(state, other))
    message = refusal(state, {"type": "invest", "kingdom": 0, "city": 0, "suit": SUITS[other], "rank": 2})
    assert "already holds a coin" in message


def test_investment_may_go_into_any_kingdom():
    state = to_phase(new_game(3, first=0), "invest", 1)
    assert {a["kingdom"] for a in G.legal_actions(state, mover(state))} == {0, 1, 2}


def test_each_city_gets_its_coin_in_the_investment_phase():
    state = to_phase(new_game(3), "invest_veto", 1)
    assert all(c["coin"] is not None for k in state["kingdoms"] for c in k["cities"])
    assert all(len(r["coins"]) == 5 for r in state["reserves"])


# ----- city veto ----------------------------------------------------------------------

def test_city_veto_only_in_own_kingdom():
    state = to_phase(new_game(3, first=0), "city_veto", 2)
    seat = mover(state)
    assert {a["city"] for a in veto_city_actions(state, seat)} == {1}  # city 0 holds the King
    assert all("kingdom" not in a for a in veto_city_actions(state, seat))


def test_city_veto_replaces_tile_from_vetoers_reserve():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    old = copy.deepcopy(state["kingdoms"][0]["cities"][0]["tile"])
    state = play(state, {"type": "veto_city", "city": 0, "suit": "suns", "rank": 5})
    tile = state["kingdoms"][0]["cities"][0]["tile"]
    assert (tile["suit"], tile["rank"]) == ("suns", 5)
    reserve = [(p["suit"], p["rank"]) for p in state["reserves"][0]["tiles"]]
    assert ("suns", 5) not in reserve
    assert (old["suit"], old["rank"]) in reserve


def test_city_veto_returns_vetoed_tile_to_vetoers_reserve():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    # seat 0 placed its null tile in kingdom 0, seat 1 its null tile in kingdom 1
    state = play(state, {"type": "veto_city", "city": 0, "suit": "suns", "rank": 5})
    assert ("suns", 0) in [(p["suit"], p["rank"]) for p in state["reserves"][0]["tiles"]]
    assert len(state["reserves"][0]["tiles"]) == 5


def test_city_veto_may_use_any_other_reserve_tile():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    offered = {(a["suit"], a["rank"]) for a in veto_city_actions(state, 0)}
    assert offered == {(p["suit"], p["rank"]) for p in state["reserves"][0]["tiles"]}


def test_city_veto_leaves_the_coin_in_place():
    state = to_phase(new_game(2, first=0), "city_veto", 3)  # round 3: seat 0 is first chancellor again
    assert state["kingdoms"][0]["king"] == 1  # city 0, behind the King, holds a coin
    coin = copy.deepcopy(coin_at(state, 0, 0))
    state = play(state, {"type": "veto_city", "city": 0, "suit": "suns", "rank": 5}, seat=0)
    assert coin_at(state, 0, 0) == coin
    assert state["kingdoms"][0]["cities"][0]["tile"]["rank"] == 5


def test_city_veto_costs_one_veto():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    state = play(state, {"type": "veto_city", "city": 0, "suit": "suns", "rank": 5})
    assert state["vetoes"] == [4, 5]


def test_city_veto_is_at_most_one_per_turn():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    state = play(state, {"type": "veto_city", "city": 0, "suit": "suns", "rank": 5})
    assert mover(state) == 1


def test_city_veto_may_be_passed():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    after = play(state, {"type": "pass"})
    assert after["kingdoms"] == state["kingdoms"] and after["vetoes"] == [5, 5]
    assert after["log"][-1]["text"] == "{p0} does not veto."


def test_city_veto_refused_where_king_stands():
    state = to_phase(new_game(2, first=1), "city_veto", 2)
    assert mover(state) == 0 and state["kingdoms"][0]["king"] == 0
    message = refusal(state, {"type": "veto_city", "city": 0, "suit": "suns", "rank": 5})
    assert "where your King stands" in message


def test_city_veto_refused_with_no_vetoes_left():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    state["vetoes"][0] = 0  # patched: the engine would have skipped this seat
    assert G.legal_actions(state, 0) == [{"type": "pass"}]
    assert "no vetoes left" in refusal(state, {"type": "veto_city", "city": 0, "suit": "suns", "rank": 5})


def test_seat_with_no_vetoes_is_skipped_in_veto_phases():
    state = to_phase(new_game(3, first=0), "city", 2)
    state["vetoes"][1] = 0
    state = to_phase(state, "city_veto", 2)
    assert movers_of_phase(state) == [2, 0]  # order 1, 2, 0 without seat 1
    state = to_phase(state, "invest_veto", 2)
    assert movers_of_phase(state) == [2, 0]  # order 2, 0, 1 without seat 1


def test_seat_with_nothing_to_veto_is_skipped():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    state["kingdoms"][1]["king"] = 0  # patched: seat 1's King on its only city
    state = play(state, {"type": "pass"})
    assert state["phase"] == "invest"


def test_city_behind_the_king_may_be_vetoed():
    state = to_phase(new_game(2, first=0), "city_veto", 3)
    seat = mover(state)
    assert state["kingdoms"][seat]["king"] == 1
    assert {a["city"] for a in veto_city_actions(state, seat)} == {0, 2}


def test_no_city_veto_in_round_six():
    state = to_phase(new_game(2), "city", ROUNDS)
    state = advance(state, lambda s: s["phase"] != "city")
    assert state["phase"] == "invest"


# ----- investment veto -------------------------------------------------------------

def test_investment_veto_is_two_steps():
    state = to_phase(new_game(2, first=0), "invest_veto", 1)
    seat = mover(state)
    assert seat == 1
    state = play(state, {"type": "veto_investment", "city": 0})
    assert G.to_move(state) == [1] and state["phase"] == "invest_veto"
    assert coin_at(state, 1, 0) is None and state["pending"]["city"] == 0
    legal = G.legal_actions(state, 1)
    assert legal and all(a["type"] == "replace_coin" for a in legal)
    state = play(state, legal[-1])
    assert state["pending"] is None and mover(state) == 0
    assert (coin_at(state, 1, 0)["suit"], coin_at(state, 1, 0)["rank"]) == (legal[-1]["suit"], legal[-1]["rank"])


def crossed_investments() -> dict:
    """Three players, round 1, investment veto phase: seat 0 to veto first, and the coin on
    city 1 of kingdom 0 is seat 1's 4 (seat 0 invested in kingdom 1, seat 2 in kingdom 2)."""
    state = to_phase(new_game(3, first=2), "invest", 1)
    for kingdom, rank in ((1, 2), (0, 4), (2, 1)):  # seats 0, 1, 2 in turn
        seat = mover(state)
        state = play(state, {"type": "invest", "kingdom": kingdom, "city": 0, "suit": SUITS[seat], "rank": rank})
    assert state["phase"] == "invest_veto" and mover(state) == 0
    return state


def test_investment_veto_shows_the_coin_to_the_vetoer():
    state = play(crossed_investments(), {"type": "veto_investment", "city": 0})
    assert G.view(state, 0)["pending"]["coin"] == {"suit": "moons", "rank": 4}  # vetoer
    assert G.view(state, 1)["pending"]["coin"] == {"suit": "moons", "rank": 4}  # investor
    for seat in (2, None):
        assert G.view(state, seat)["pending"]["coin"] == {"suit": "moons", "rank": None}
    assert G.view(state, 0)["log"][-1]["text"] == "You veto the investment in city 1: it is the 4 coin of Moons."
    assert G.view(state, 2)["log"][-1]["text"] == "{p0} vetoes the investment in city 1 and looks at the coin."


def test_vetoed_coin_cannot_go_straight_back():
    state = to_phase(new_game(2, first=0), "invest_veto", 1)
    coin = coin_at(state, 1, 0)
    state = play(state, {"type": "veto_investment", "city": 0})
    back = {"type": "replace_coin", "suit": coin["suit"], "rank": coin["rank"]}
    assert back not in G.legal_actions(state, 1)
    assert "cannot go straight back" in refusal(state, back)


def test_vetoed_coin_goes_to_vetoers_reserve():
    state = to_phase(new_game(2, first=0), "invest_veto", 1)
    coin = copy.deepcopy(coin_at(state, 1, 0))
    state = play(state, {"type": "veto_investment", "city": 0})
    state = play(state, G.legal_actions(state, 1)[0])
    assert (coin["suit"], coin["rank"]) in [(c["suit"], c["rank"]) for c in state["reserves"][1]["coins"]]
    assert len(state["reserves"][1]["coins"]) == 5


def test_investment_veto_costs_one_veto():
    state = to_phase(new_game(2, first=0), "invest_veto", 1)
    state = play(state, {"type": "veto_investment", "city": 0})
    assert state["vetoes"] == [5, 4]
    state = play(state, G.legal_actions(state, 1)[0])
    assert state["vetoes"] == [5, 4]


def test_investment_veto_only_in_own_kingdom():
    state = to_phase(new_game(3, first=0), "invest_veto", 2)
    seat = mover(state)
    vetoes = [a for a in G.legal_actions(state, seat) if a["type"] == "veto_investment"]
    assert vetoes == [{"type": "veto_investment", "city": 1}]


def test_investment_veto_refused_where_king_stands():
    state = to_phase(new_game(2, first=0), "invest_veto", 2)
    seat = mover(state)
    assert state["kingdoms"][seat]["king"] == 0
    assert "where your King stands" in refusal(state, {"type": "veto_investment", "city": 0})


def test_investment_veto_waits_for_the_replacement():
    state = to_phase(new_game(2, first=0), "invest_veto", 1)
    state = play(state, {"type": "veto_investment", "city": 0})
    assert "replace the investment" in refusal(state, {"type": "pass"})


def test_no_investment_veto_in_round_six():
    state = to_phase(new_game(2), "invest", ROUNDS)
    state = advance(state, lambda s: s["phase"] != "invest")
    assert state["phase"] == "king" and state["round"] == ROUNDS


# ----- the King's progress -----------------------------------------------------------

def test_round_one_every_king_moves_automatically():
    state = to_phase(new_game(3), "city", 2)
    assert [k["king"] for k in state["kingdoms"]] == [0, 0, 0]
    assert state["vetoes"] == [5, 5, 5]


def test_king_moves_one_city_outwards():
    state = to_phase(new_game(2, first=1), "king", 2)
    state = play(state, {"type": "move_king"})
    assert state["kingdoms"][0]["king"] == 1


def test_king_never_moves_back():
    state, kings = new_game(3), []
    while not G.is_over(state):
        kings.append([k["king"] for k in state["kingdoms"]])
        if state["phase"] == "king":
            assert G.legal_actions(state, mover(state)) == [{"type": "move_king"}, {"type": "veto_king"}]
        state = varied_move(state)
    for before, after in zip(kings, kings[1:]):
        assert all(a - b in (0, 1) for a, b in zip(after, before))


def test_king_veto_keeps_king_and_costs_a_veto():
    state = to_phase(new_game(2, first=1), "king", 2)
    state = play(state, {"type": "veto_king"})
    assert state["kingdoms"][0]["king"] == 0 and state["vetoes"][0] == 4
    assert "the King stays" in state["log"][-1]["text"]


def test_king_moves_automatically_with_no_vetoes_left():
    state = to_phase(new_game(2, first=1), "king", 2)
    state["vetoes"][1] = 0
    state = play(state, {"type": "move_king"})  # seat 0; seat 1 has no choice
    assert state["phase"] == "city" and state["round"] == 3
    assert [k["king"] for k in state["kingdoms"]] == [1, 1]
    assert any("(no vetoes left)" in e["text"] for e in state["log"])


def test_king_may_be_vetoed_in_round_six():
    state = to_phase(new_game(2, first=0), "king", ROUNDS)
    assert {"type": "veto_king"} in G.legal_actions(state, mover(state))


def test_king_owner_learns_the_coin_under_the_king():
    state = to_phase(new_game(3, first=0), "invest", 1)
    # each seat invests in another's kingdom, in turn order: seat 1 -> kingdom 2, 2 -> 0, 0 -> 1
    for kingdom in (2, 0, 1):
        seat = mover(state)
        state = play(state, {"type": "invest", "kingdom": kingdom, "city": 0, "suit": SUITS[seat], "rank": 3})
    stranger = {0: 1, 1: 2, 2: 0}  # kingdom -> the seat that is neither its owner nor its investor
    for owner in range(3):
        assert seen_coin(state, owner, owner, 0)["rank"] is None
    state = to_phase(state, "city", 2)
    for owner in range(3):
        assert seen_coin(state, owner, owner, 0)["rank"] == 3
        assert seen_coin(state, stranger[owner], owner, 0)["rank"] is None
    own_log = [e["text"] for e in G.view(state, 0)["log"]]
    assert "Your King moves on to city 1; the coin there is the 3 coin of Crowns." in own_log
    assert "{p0}'s King moves on to city 1." in [e["text"] for e in G.view(state, 1)["log"]]


# ----- scoring -------------------------------------------------------------------------

def test_scoring_example_from_the_rules_text():
    assert kingdom_score([(2, 0), (1, 2), (3, 2), (5, 2), (3, 4), (3, 5)], 4, 2) == 59


def test_city_score_is_doubled_under_the_king():
    assert kingdom_score([(3, 4)], 0, 0) == 24
    assert kingdom_score([(3, 4)], None, 0) == 12


def test_vetoes_left_are_added_to_the_score():
    assert kingdom_score([(1, 1)], None, 3) == 4


def test_scoring_line_gives_tie_break_figures():
    pairs = [(2, 0), (1, 2), (3, 2), (5, 2), (3, 4), (3, 5)]
    kingdom = {"king": 4, "cities": [{"tile": {"rank": t}, "coin": {"rank": c}} for t, c in pairs]}
    line = score_seat(kingdom, 2)
    assert (line["kingdom"], line["total"], line["best_city"], line["king_city"]) == (57, 59, 24, 24)
    assert [c["score"] for c in line["cities"]] == [0, 2, 6, 10, 24, 15]


def test_final_scores_are_the_kingdom_scores_plus_vetoes():
    state = finish(new_game(3))
    result = G.result(state)
    for seat, kingdom in enumerate(state["kingdoms"]):
        pairs = [(c["tile"]["rank"], c["coin"]["rank"]) for c in kingdom["cities"]]
        assert result["scores"][seat] == kingdom_score(pairs, kingdom["king"], state["vetoes"][seat])
    assert result["winners"] == rank_seats(result["scores"], result["detail"]["games"][-1])[0]


def line(best=0, king=0, vetoes=0):
    return {"best_city": best, "king_city": king, "vetoes": vetoes}


def test_highest_score_wins():
    assert rank_seats([40, 41, 39], [line(30), line(), line()]) == ([1], "highest score")


def test_tie_broken_by_highest_single_city():
    assert rank_seats([40, 40, 39], [line(20, 30, 5), line(24, 0, 0), line(50)]) == ([1], "highest single city")


def test_tie_broken_by_the_kings_city_score():
    decider = [line(24, 10, 5), line(24, 12, 0)]
    assert rank_seats([40, 40], decider) == ([1], "highest city with the King")


def test_tie_broken_by_most_vetoes_left():
    decider = [line(24, 12, 3), line(24, 12, 1), line(24, 12, 4)]
    assert rank_seats([40, 40, 40], decider) == ([2], "most vetoes left")


def test_full_tie_is_a_draw():
    decider = [line(24, 12, 3), line(24, 12, 3), line(24, 12, 4)]
    assert rank_seats([40, 40, 39], decider) == ([0, 1], "draw")


def test_all_coins_turned_up_at_the_end():
    state = finish(new_game(3))
    for seat in (0, 1, 2, None):
        for kingdom in G.view(state, seat)["kingdoms"]:
            assert all(c["coin"]["rank"] is not None and c["tile"]["rank"] is not None for c in kingdom["cities"])


# ----- the four-player two-game match -------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_two_game_match_refused_for_fewer_than_four(players):
    with pytest.raises(BadOptions, match="four players"):
        G.setup(players, 1, {"match": "two-games"})


def test_two_game_match_second_game_starts_two_seats_on():
    state = new_game(4, first=3, match="two-games")
    chancellors = []
    while not G.is_over(state):
        if state["phase"] == "city" and not state["expanded"] and G.to_move(state) == [state["chancellor"]]:
            if not chancellors or chancellors[-1] != (state["game_no"], state["round"], state["chancellor"]):
                chancellors.append((state["game_no"], state["round"], state["chancellor"]))
        state = default_move(state)
    assert [c for g, _, c in chancellors if g == 1] == [3, 0, 1, 2, 3, 0]
    assert [c for g, _, c in chancellors if g == 2] == [1, 2, 3, 0, 1, 2]
    assert sorted(c for _, _, c in chancellors) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_two_game_match_second_game_is_fresh():
    state = new_game(4, first=0, match="two-games")
    state = advance(state, lambda s: s["game_no"] == 2)
    assert state["vetoes"] == [5] * 4 and state["round"] == 1 and state["first_chancellor"] == 2
    assert all(len(r["tiles"]) == 6 and len(r["coins"]) == 6 for r in state["reserves"])
    assert len(state["finished_games"]) == 1 and not G.is_over(state)


def test_two_game_match_adds_scores():
    state = finish(new_game(4, match="two-games"))
    result = G.result(state)
    lines = result["detail"]["games"]
    assert len(lines) == 2
    assert result["scores"] == [lines[0][s]["total"] + lines[1][s]["total"] for s in range(4)]


def test_two_game_match_ties_broken_on_the_second_game():
    state = new_game(4, first=0, match="two-games")
    last = advance(state, lambda s: s["game_no"] == 2 and s["round"] == ROUNDS, varied_move)
    last = advance(last, _is_last_move, varied_move)
    game2 = G.result(default_move(last))["detail"]["games"][1]
    order = sorted(range(4), key=lambda s: game2[s]["best_city"])
    a, b = order[0], order[-1]
    assert game2[a]["best_city"] < game2[b]["best_city"]
    # rig game 1 so that a and b tie on the match total above the others, and a has game 1's best city
    rigged = copy.deepcopy(last)
    first = rigged["finished_games"][0]["lines"]
    for seat in range(4):
        first[seat]["total"] = 1000 - game2[seat]["total"] if seat in (a, b) else 0
    first[a]["best_city"], first[b]["best_city"] = 99, 0
    result = G.result(default_move(rigged))
    assert result["scores"][a] == result["scores"][b] == 1000
    assert result["winners"] == [b] and result["detail"]["decided_by"] == "highest single city"


def _is_last_move(state: dict) -> bool:
    return G.is_over(default_move(state))


# ----- hidden information --------------------------------------------------------------------

def test_seat_sees_its_own_reserve_but_not_others():
    state = G.setup(3, 5)
    view = G.view(state, 1)
    assert all(p["rank"] is not None for kind in ("tiles", "coins") for p in view["reserves"][1][kind])
    for other in (0, 2):
        for kind in ("tiles", "coins"):
            assert [p["rank"] for p in view["reserves"][other][kind]] == [None] * 6


def test_coin_backs_show_the_suit():
    state = G.setup(3, 5)
    assert [p["suit"] for p in G.view(state, 0)["reserves"][2]["coins"]] == ["crowns"] * 6


def test_face_down_coin_seen_only_by_its_placer():
    state = to_phase(new_game(3, first=0), "invest", 1)
    state = play(state, {"type": "invest", "kingdom": 0, "city": 0, "suit": "moons", "rank": 4})
    assert seen_coin(state, 1, 0, 0) == {"suit": "moons", "rank": 4}
    for seat in (0, 2, None):
        assert seen_coin(state, seat, 0, 0) == {"suit": "moons", "rank": None}


def test_private_log_line_names_the_coin_for_its_placer_only():
    state = to_phase(new_game(3, first=0), "invest", 1)
    state = play(state, {"type": "invest", "kingdom": 0, "city": 0, "suit": "moons", "rank": 4})
    assert G.view(state, 1)["log"][-1]["text"] == "You invest the 4 coin of Moons in city 1 of {p0}'s kingdom."
    # seat 0 reads its own kingdom as "your kingdom" (parlour/wording.py)
    assert G.view(state, 0)["log"][-1]["text"] == "{p1} invests a Moons coin in city 1 of your kingdom."
    for seat in (2, None):
        assert G.view(state, seat)["log"][-1]["text"] == "{p1} invests a Moons coin in city 1 of {p0}'s kingdom."


def test_vetoer_keeps_knowing_the_vetoed_coin_in_its_reserve():
    state = play(crossed_investments(), {"type": "veto_investment", "city": 0})
    state = play(state, {"type": "replace_coin", "suit": "suns", "rank": 5})
    assert {"suit": "moons", "rank": 4} in G.view(state, 0)["reserves"][0]["coins"]  # vetoer
    assert {"suit": "moons", "rank": 4} in G.view(state, 1)["reserves"][0]["coins"]  # investor
    assert {"suit": "moons", "rank": 4} not in G.view(state, 2)["reserves"][0]["coins"]
    assert {"suit": "moons", "rank": None} in G.view(state, 2)["reserves"][0]["coins"]


def test_replacement_coin_is_hidden_from_the_original_investor():
    state = play(crossed_investments(), {"type": "veto_investment", "city": 0})
    state = play(state, {"type": "replace_coin", "suit": "suns", "rank": 5})
    assert seen_coin(state, 0, 0, 0) == {"suit": "suns", "rank": 5}
    for seat in (1, 2, None):
        assert seen_coin(state, seat, 0, 0) == {"suit": "suns", "rank": None}


def test_vetoed_city_tile_stays_visible_in_the_reserve():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    state = play(state, {"type": "veto_city", "city": 0, "suit": "suns", "rank": 5})
    seen_by_1 = [p for p in G.view(state, 1)["reserves"][0]["tiles"] if p["rank"] is not None]
    assert seen_by_1 == [{"suit": "suns", "rank": 0}]
    assert all(p["rank"] is None for p in G.view(state, None)["reserves"][0]["tiles"])


def test_spectator_sees_only_face_up_values():
    state = to_phase(new_game(3), "city", 3)
    view = G.view(state, None)
    for kingdom in view["kingdoms"]:
        assert all(c["tile"]["rank"] is not None for c in kingdom["cities"])
        assert all(c["coin"] is None or c["coin"]["rank"] is None for c in kingdom["cities"])
    for reserve in view["reserves"]:
        assert all(p["rank"] is None for kind in ("tiles", "coins") for p in reserve[kind])
    assert all("private" not in e for e in view["log"])


def test_spectator_determinization_keeps_face_up_tiles():
    state = to_phase(new_game(3), "invest", 3)
    for k in range(5):
        sample = G.determinize(state, None, k)
        assert sample["kingdoms"] is not state["kingdoms"]
        assert [[c["tile"] for c in kg["cities"]] for kg in sample["kingdoms"]] == \
            [[c["tile"] for c in kg["cities"]] for kg in state["kingdoms"]]
        assert G.view(sample, None) == G.view(state, None)


def test_determinization_keeps_what_the_seat_knows():
    state = to_phase(new_game(3, first=0), "invest_veto", 2)
    for seat in range(3):
        for k in range(3):
            sample = G.determinize(state, seat, k)
            assert G.view(sample, seat) == G.view(state, seat)
            assert sample["reserves"][seat] == state["reserves"][seat]


def test_everything_revealed_when_the_game_is_over():
    state = finish(new_game(2))
    reference = G.view(state, 0)
    assert G.view(state, 1)["kingdoms"] == reference["kingdoms"] == G.view(state, None)["kingdoms"]
    assert G.view(state, None)["result"] == G.result(state)


# ----- refusals read well ----------------------------------------------------------------------

def test_refusal_wrong_turn():
    state = new_game(3, first=0)
    message = refusal(state, {"type": "place_city", "kingdom": 0, "suit": "moons", "rank": 0}, seat=1)
    assert message == "It is not your turn: waiting for {p0}."


def test_refusal_wrong_phase():
    state = new_game(2, first=0)
    assert "It is the city phase (round 1)" in refusal(state, {"type": "pass"})
    state = to_phase(state, "invest_veto", 2)
    assert "investment veto phase (round 2): veto an investment" in refusal(
        state, {"type": "place_city", "kingdom": 0, "suit": "suns", "rank": 0})


def test_refusal_unknown_kingdom():
    state = new_game(2, first=0)
    assert "no kingdom 7" in refusal(state, {"type": "place_city", "kingdom": 7, "suit": "suns", "rank": 0})


def test_refusal_unknown_city():
    state = to_phase(new_game(2, first=0), "city_veto", 1)
    assert "no city 4" in refusal(state, {"type": "veto_city", "city": 3, "suit": "suns", "rank": 5})


def test_refusal_of_a_veto_naming_another_kingdom_is_readable():
    state = to_phase(new_game(2, first=0), "city_veto", 2)
    for kingdom in (1, 7, "x", [0]):
        message = refusal(state, {"type": "veto_city", "kingdom": kingdom, "city": 0, "suit": "suns", "rank": 5})
        assert message


def test_refusal_coin_not_in_reserve():
    state = to_phase(new_game(2, first=0), "invest", 1)
    seat = mover(state)
    other = SUITS[1 - seat]
    message = refusal(state, {"type": "invest", "kingdom": 0, "city": 0, "suit": other, "rank": 2})
    assert f"The 2 coin of {other.capitalize()} is not in your reserve" in message


def test_refusal_after_the_game_is_over():
    state = finish(new_game(2))
    assert "game is over" in refusal(state, {"type": "pass"}, seat=0)


def test_refusal_no_such_seat():
    state = new_game(2)
    assert "no seat 5" in refusal(state, {"type": "pass"}, seat=5)


def test_refusal_malformed_move():
    state = new_game(2)
    assert "must be an object with a 'type'" in refusal(state, ["place_city"])
