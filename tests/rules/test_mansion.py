"""Mansion rules, one test per rule (docs/rules/mansion.md), on small positions edited as plain JSON."""
import json

import pytest

from parlour import bots
from parlour.errors import IllegalAction
from parlour.game import canonical, sample_form
from parlour.games import mansion as mn
from parlour.games.mansion import codes, trade
from parlour.rng import Rng

G = mn.GAME
NO_BID = {"type": "bid", "wood": 0, "marble": 0, "plumbing": 0, "plans": 0}


def bid(wood=0, marble=0, plumbing=0, plans=0):
    return {"type": "bid", "wood": wood, "marble": marble, "plumbing": plumbing, "plans": plans}


def fresh(players=2, seed=0, options=None, first=0):
    state = G.setup(players, seed, options)
    state["first"] = first
    return state


def building(players=2, seed=0, options=None, first=0):
    """A game in its first building phase (nobody bid)."""
    state = fresh(players, seed, options, first)
    for seat in range(players):
        state = G.apply(state, seat, NO_BID)
    assert state["phase"] == "build" and state["current"] == first
    return state


def floors(*rows, stairs=()):
    """floors(["bathroom", "kitchen", "study"], [...], stairs=("staircase",))"""
    out = [{"rooms": list(r), "stairs": None} for r in rows]
    for i, s in enumerate(stairs):
        out[i]["stairs"] = s
    return out


def refused(state, seat, action, *words):
    before = canonical(state)
    with pytest.raises(IllegalAction) as caught:
        G.apply(state, seat, action)
    assert canonical(state) == before
    for word in words:
        assert word in str(caught.value), str(caught.value)
    return str(caught.value)


# ----- setup and supply -------------------------------------------------------------

def test_setup_deals_five_plans_four_on_display_and_five_of_each_material():
    state = G.setup(4, 3)
    assert [len(s["hand"]) for s in state["seats"]] == [5] * 4
    assert len(state["display"]) == 4 and len(state["deck"]) == 80 - 20 - 4
    assert all(s[m] == 5 for s in state["seats"] for m in ("wood", "marble", "plumbing"))
    assert state["supply"] == {"coins": 30 - 20, "wood": 10, "marble": 10, "plumbing": 10}
    assert [s["coins"] for s in state["seats"]] == [5] * 4  # turn 1 income


def test_the_deck_has_80_cards_and_every_kind_is_listed():
    assert len(mn.new_deck()) == 80
    assert sum(k["copies"] for k in mn.deck_list()) == 80
    assert G.view(G.setup(2, 1), 0)["plans"] == mn.deck_list()


def test_nothing_is_created_beyond_the_supply():
    state, seed = G.setup(3, 9), 9
    ply = 0
    while not G.is_over(state):
        seat = G.to_move(state)[0]
        state = G.apply(state, seat, bots.random_action(G, state, seat, bots.bot_rng(seed, ply, seat)))
        ply += 1
        for token in ("coins", "wood", "marble", "plumbing"):
            held = sum(s[token] for s in state["seats"]) + state["supply"][token]
            assert held == 30 and state["supply"][token] >= 0


def test_income_is_paid_from_the_starting_player_clockwise_while_the_pile_lasts():
    state = building(3, first=1)
    state["supply"]["coins"] = 7
    for seat in (1, 2, 0):
        state = G.apply(state, seat, {"type": "done"})
    # turn 2: the starting player has moved on to seat 2, who is paid first
    assert state["first"] == 2 and state["turn"] == 2
    assert [s["coins"] for s in state["seats"]] == [5 + 2, 5 + 0, 5 + 5]
    assert state["supply"]["coins"] == 0


# ----- bidding -------------------------------------------------------------------------

def test_material_awards_four_players_with_the_rules_tie_example():
    assert mn.material_awards([4, 2, 2, 1], 4) == [4, 3, 3, 1]
    assert mn.material_awards([1, 2, 3, 4], 4) == [1, 2, 3, 4]


def test_material_awards_three_and_two_players():
    assert mn.material_awards([5, 3, 1], 3) == [4, 3, 1]
    assert mn.material_awards([3, 3, 1], 3) == [4, 4, 1]
    assert mn.material_awards([2, 1], 2) == [4, 1]
    assert mn.material_awards([2, 2], 2) == [4, 4]


def test_no_bid_means_no_reward():
    assert mn.material_awards([0, 3, 0, 1], 4) == [0, 4, 0, 3]
    assert mn.material_awards([0, 0], 2) == [0, 0]


def test_a_tie_past_the_schedule_gets_nothing_more():
    assert mn.material_awards([2, 1, 1, 1], 4) == [4, 3, 3, 3]
    assert mn.material_awards([1, 1, 1, 1], 4) == [4, 4, 4, 4]


def test_bids_are_secret_until_everyone_has_bid():
    state = fresh(3)
    state = G.apply(state, 1, bid(wood=2, plans=1))
    assert G.to_move(state) == [0, 2]
    assert G.view(state, 0)["seats"][1]["bid"] is None and G.view(state, 0)["seats"][1]["bid_placed"]
    assert G.view(state, 1)["seats"][1]["bid"]["wood"] == 2
    assert "2" not in json.dumps(G.view(state, None)["log"][-1])
    for seat in (0, 2):
        sample = G.determinize(state, seat, 5)
        assert G.view(sample, seat) == G.view(state, seat)


def test_a_bid_over_your_coins_is_refused_naming_the_limit():
    state = fresh(2)
    state["seats"][0]["coins"] = 12
    refused(state, 0, bid(wood=5, marble=5, plumbing=4), "Your bids total 14 coins but you hold 12.")
    refused(state, 0, bid(wood=13), "Wood", "0 to 12")
    refused(state, 0, bid(wood=True), "whole number")
    refused(state, 0, dict(bid(), extra=1), "no part called")
    assert G.apply(state, 0, bid(wood=3, marble=4, plumbing=1, plans=4))["bids"][0]["plans"] == 4


def test_coins_bid_go_back_to_the_pile_won_or_not():
    state = fresh(2)
    supply = state["supply"]["coins"]
    state = G.apply(state, 0, bid(wood=2, plans=1))
    state = G.apply(state, 1, bid(wood=3))
    assert state["supply"]["coins"] == supply + 6
    assert [s["coins"] for s in state["seats"]] == [2, 2]
    assert state["seats"][1]["wood"] == 5 + 4 and state["seats"][0]["wood"] == 5 + 1


def test_awards_in_short_supply_are_paid_in_rank_order_while_the_pile_lasts():
    state = fresh(4, first=2)
    state["supply"]["marble"] = 5
    for seat, amount in enumerate([1, 3, 1, 2]):
        state = G.apply(state, seat, bid(marble=amount))
    got = [s["marble"] - 5 for s in state["seats"]]
    # owed 2(tie at 3rd), 4, 2, 3: seat 1 takes 4, seat 3 takes the last 1; the tied seats get none
    assert got == [0, 4, 0, 1] and state["supply"]["marble"] == 0


def test_tied_awards_in_short_supply_go_first_to_the_seat_nearest_the_starting_player():
    state = fresh(3, first=2)
    state["supply"]["wood"] = 6
    for seat in range(3):
        state = G.apply(state, seat, bid(wood=1))
    assert [s["wood"] - 5 for s in state["seats"]] == [2, 0, 4]


def test_plans_are_picked_by_bid_then_nearness_to_the_starting_player_clockwise():
    state = fresh(4, first=2)
    for seat, amount in enumerate([2, 1, 0, 2]):
        state = G.apply(state, seat, bid(plans=amount))
    assert state["phase"] == "pick" and state["pickers"] == [3, 0, 1]
    assert G.to_move(state) == [3]
    kind = state["display"][0]
    state = G.apply(state, 3, {"type": "pick", "plan": kind})
    assert kind in state["seats"][3]["hand"] and G.to_move(state) == [0]
    assert kind in G.view(state, 1)["seats"][3]["known"]  # everyone saw it taken


def test_the_display_is_refilled_to_four_after_the_picks():
    state = fresh(2)
    deck_before = list(state["deck"])
    state = G.apply(state, 0, bid(plans=1))
    state = G.apply(state, 1, NO_BID)
    state = G.apply(state, 0, {"type": "pick", "plan": state["display"][0]})
    assert len(state["display"]) == 4 and state["deck"] == deck_before[1:]


def test_with_the_deck_empty_the_display_shrinks_and_late_pickers_get_nothing():
    state = fresh(2)
    state["deck"] = []
    state["display"] = ["study"]
    state = G.apply(state, 0, bid(plans=1))
    state = G.apply(state, 1, bid(plans=2))
    state = G.apply(state, 1, {"type": "pick", "plan": "study"})
    assert state["phase"] == "build" and state["display"] == []
    assert state["auction"]["picks"] == [{"seat": 1, "plan": "study"}, {"seat": 0, "plan": None}]
    assert state["deck_out_turn"] == 1


# ----- building codes ------------------------------------------------------------------

def test_code_1_a_floor_holds_at_most_five_rooms_and_one_staircase():
    f = floors(["bathroom", "study", "study", "kitchen", "library"], stairs=("staircase",))
    assert "5 rooms, the most" in codes.refusal(f, "study", 0)
    assert "already has its staircase" in codes.refusal(f, "grand_staircase", 0)


def test_code_2_floors_above_the_first_have_as_many_rooms_as_the_first():
    f = floors(["bathroom", "study", "kitchen"], ["bathroom", "study", "library"], stairs=("staircase",))
    assert "as many rooms as the first" in codes.refusal(f, "study", 1)


def test_code_3_a_floor_starts_only_when_the_one_below_is_complete():
    f = floors(["study", "kitchen", "library"], stairs=("staircase",))
    assert "cannot be started until floor 1 is complete" in codes.refusal(f, "bedroom", 1)
    assert codes.places(f, "bedroom") == [0]


def test_code_3_once_a_floor_has_a_room_the_floors_below_take_no_more():
    f = floors(["bathroom", "study", "kitchen"], ["bedroom"], stairs=("staircase",))
    assert "takes no more rooms" in codes.refusal(f, "library", 0)
    assert codes.places(f, "library") == [1]


def test_code_3_the_first_floor_may_grow_until_the_second_has_a_room():
    f = floors(["bathroom", "study", "kitchen"], [], stairs=("staircase", "staircase"))
    assert codes.places(f, "library") == [0, 1]


def test_code_4_the_room_that_fills_a_floor_must_be_a_bathroom_if_it_has_none():
    f = floors(["study", "kitchen", "library", "bedroom"])
    assert "needs a bathroom" in codes.refusal(f, "study", 0)
    assert codes.refusal(f, "bathroom", 0) is None
    upper = floors(["bathroom", "study", "kitchen"], ["study", "kitchen"], stairs=("staircase",))
    assert "needs a bathroom" in codes.refusal(upper, "library", 1)
    assert codes.places(upper, "marble_bath") == [1]


def test_code_5_a_floor_below_another_needs_its_staircase_first():
    f = floors(["bathroom", "study", "kitchen"])
    assert "needs its staircase" in codes.refusal(f, "library", 1)
    assert codes.places(f, "staircase") == [0]
    assert codes.is_complete(f, 0)  # the top floor needs no staircase to be complete


def test_a_build_the_codes_refuse_says_which_code():
    state = building()
    me = state["seats"][0]
    me["hand"] = ["study"]
    me["floors"] = floors(["study", "kitchen", "library", "bedroom"])
    refused(state, 0, {"type": "build", "plan": "study", "floor": 1}, "needs a bathroom")
    refused(state, 0, {"type": "build", "plan": "study", "floor": 2}, "cannot be started")
    refused(state, 0, {"type": "build", "plan": "ballroom", "floor": 1}, "no ballroom plan")


def test_building_pays_the_cost_back_to_the_supply():
    state = building()
    state["seats"][0]["hand"] = ["ballroom"]
    supply = dict(state["supply"])
    state = G.apply(state, 0, {"type": "build", "plan": "ballroom", "floor": 1})
    me = state["seats"][0]
    assert (me["wood"], me["marble"], me["plumbing"]) == (3, 1, 5)
    assert state["supply"]["wood"] == supply["wood"] + 2 and state["supply"]["marble"] == supply["marble"] + 4
    assert me["floors"] == floors(["ballroom"]) and me["hand"] == []


def test_a_plan_you_cannot_pay_for_is_refused_with_what_is_missing():
    state = building()
    state["seats"][0]["hand"] = ["ballroom"]
    state["seats"][0]["marble"] = 1
    refused(state, 0, {"type": "build", "plan": "ballroom", "floor": 1}, "3 more marble")


def test_one_build_per_building_turn_by_default():
    state = building()
    state["seats"][0]["hand"] = ["study", "study"]
    state = G.apply(state, 0, {"type": "build", "plan": "study", "floor": 1})
    refused(state, 0, {"type": "build", "plan": "study", "floor": 1}, "already built this turn")


def test_the_any_option_allows_every_build_you_can_pay_for():
    state = building(options={"builds": "any"})
    state["seats"][0]["hand"] = ["study", "study"]
    state = G.apply(state, 0, {"type": "build", "plan": "study", "floor": 1})
    state = G.apply(state, 0, {"type": "build", "plan": "study", "floor": 1})
    assert state["seats"][0]["floors"][0]["rooms"] == ["study", "study"]


def test_building_goes_round_from_the_starting_player_then_a_new_turn_begins():
    state = building(3, first=1)
    assert G.to_move(state) == [1]
    state = G.apply(state, 1, {"type": "done"})
    state = G.apply(state, 2, {"type": "done"})
    state = G.apply(state, 0, {"type": "done"})
    assert state["turn"] == 2 and state["phase"] == "bid" and G.to_move(state) == [0, 1, 2]


# ----- scoring -------------------------------------------------------------------------

def test_bedroom_bonus_10_30_60_and_five_or_more_stay_at_60():
    assert [mn.bedroom_bonus(k) for k in range(7)] == [0, 0, 10, 30, 60, 60, 60]


def test_floor_bonuses_add_up_and_a_partial_floor_scores_only_its_rooms():
    assert [mn.floor_bonus(k) for k in range(6)] == [0, 10, 30, 60, 100, 150]
    f = floors(["bathroom", "bedroom", "bedroom"], ["bathroom", "kitchen"], stairs=("staircase",))
    terms = mn.score_floors(f)
    assert terms == {"cards": 3 + 4 + 4 + 3 + 6 + 2, "bedrooms": 2, "bedroom_bonus": 10, "complete_floors": 1,
                     "floor_bonus": 10, "total": 22 + 10 + 10}


def test_after_turn_20_the_game_ends_with_every_term_and_ties_share_the_win():
    state = building(2)
    state["turn"] = 20
    state["seats"][0]["floors"] = floors(["study"])
    state["seats"][1]["floors"] = floors(["study"])
    state = G.apply(state, 0, {"type": "done"})
    state = G.apply(state, 1, {"type": "done"})
    result = G.result(state)
    assert G.is_over(state) and result["scores"] == [2, 2] and result["winners"] == [0, 1]
    assert result["detail"]["terms"][0]["cards"] == 2 and "shared" in result["detail"]["decided_by"]


# ----- trading -------------------------------------------------------------------------

def proposal(proposer, n, **parts):
    terms = trade.empty_terms(proposer, n)
    terms.update(parts)
    return dict(terms, type="propose")


def test_a_trade_happens_when_every_named_seat_accepts():
    state = building(3)
    state["seats"][0]["hand"] = ["study", "bathroom"]
    state["seats"][2]["hand"] = ["kitchen"]
    offer = proposal(0, 3, give1_wood=2, get1_marble=1, give2_plans=["bathroom"], get2_plans=["kitchen"])
    state = G.apply(state, 0, offer)
    assert state["phase"] == "answer" and G.to_move(state) == [1]
    state = G.apply(state, 1, {"type": "accept"})
    assert G.to_move(state) == [2]
    state = G.apply(state, 2, {"type": "accept"})
    seats = state["seats"]
    assert (seats[0]["wood"], seats[0]["marble"], seats[1]["wood"], seats[1]["marble"]) == (3, 6, 7, 4)
    assert seats[0]["hand"] == ["kitchen", "study"] and seats[2]["hand"] == ["bathroom"]
    assert state["phase"] == "build" and G.to_move(state) == [0]


def test_one_refusal_calls_the_trade_off():
    state = building(3)
    before = canonical(state["seats"])
    state = G.apply(state, 0, proposal(0, 3, give1_wood=1, get2_marble=1))
    state = G.apply(state, 1, {"type": "accept"})
    state = G.apply(state, 2, {"type": "decline"})
    assert canonical(state["seats"]) == before and state["trade"] is None and state["proposals"] == 1


def test_a_seat_without_the_plan_asked_for_can_only_decline():
    state = building(2)
    state["seats"][1]["hand"] = ["study"]
    state = G.apply(state, 0, proposal(0, 2, give1_coins=1, get1_plans=["ballroom"]))
    assert G.legal_actions(state, 1) == [{"type": "decline"}]
    refused(state, 1, {"type": "accept"}, "no ballroom plan")


def test_only_what_is_held_now_can_be_offered():
    state = building(2)
    state["seats"][0]["hand"] = ["study"]
    refused(state, 0, proposal(0, 2, give1_wood=6), "0 to 5")
    refused(state, 0, proposal(0, 2, give1_plans=["bathroom"]), "not on offer")
    refused(state, 0, proposal(0, 2, get1_marble=6), "0 to 5")
    refused(state, 0, proposal(0, 2), "the trade is empty")


def test_proposals_are_limited_per_building_turn():
    state = building(4)
    for partner in range(1, 1 + mn.MAX_PROPOSALS):
        state = G.apply(state, 0, proposal(0, 4, **{f"give{partner}_wood": 1}))
        state = G.apply(state, partner, {"type": "decline"})
    assert not G.forms(state, 0) and all(a["type"] != "propose" for a in G.legal_actions(state, 0))
    refused(state, 0, proposal(0, 4, give3_wood=1), "proposals this turn")


def test_plans_in_a_trade_are_seen_only_by_the_seats_they_pass_between():
    state = building(3)
    state["seats"][0]["hand"] = ["ballroom"]
    state = G.apply(state, 0, proposal(0, 3, give1_plans=["ballroom"], get2_wood=1))
    for seat in (0, 1):
        rows = {r["seat"]: r for r in G.view(state, seat)["trade"]["with"]}
        assert rows[1]["gets"]["plans"] == ["ballroom"]
    rows = {r["seat"]: r for r in G.view(state, 2)["trade"]["with"]}
    assert rows[1]["gets"]["plans"] is None and rows[1]["gets"]["plan_count"] == 1
    assert "allroom" not in G.view(state, 2)["log"][-1]["text"]
    sample = G.determinize(state, 2, 1)
    assert G.view(sample, 2) == G.view(state, 2)


def test_a_random_trade_form_sample_is_accepted():
    state = building(4)
    form = next(f for f in G.forms(state, 0) if f["type"] == "propose")
    rng = Rng.from_seed("t")
    for _ in range(20):
        action = sample_form(form, rng)
        assert G.form_refusal(state, 0, action) is None
        G.apply(state, 0, action)


# ----- hidden information ------------------------------------------------------------

def test_determinize_keeps_plans_seen_taken_from_the_display():
    state = fresh(2)
    state = G.apply(state, 0, bid(plans=1))
    state = G.apply(state, 1, NO_BID)
    kind = state["display"][0]
    state = G.apply(state, 0, {"type": "pick", "plan": kind})
    for k in range(10):
        sample = G.determinize(state, 1, k)
        assert kind in sample["seats"][0]["hand"]
        assert sorted(sample["seats"][1]["hand"]) == sorted(state["seats"][1]["hand"])


def test_a_seat_sees_its_own_hand_and_only_counts_of_others():
    view = G.view(G.setup(3, 4), 1)
    assert view["seats"][1]["hand"] is not None
    assert view["seats"][0]["hand"] is None and view["seats"][0]["hand_count"] == 5
    assert "deck" not in view and view["deck_count"] == 80 - 15 - 4


# ----- bots --------------------------------------------------------------------------

def test_the_heuristic_bot_plays_whole_games_within_the_rules():
    for players in (2, 4):
        state = G.setup(players, f"bot{players}")
        ply = 0
        while not G.is_over(state):
            seat = G.to_move(state)[0]
            state = G.apply(state, seat, G.heuristic_action(state, seat, bots.bot_rng("h", ply, seat)))
            ply += 1
        assert max(G.result(state)["detail"]["terms"][s]["complete_floors"] for s in range(players)) >= 3


def test_the_heuristic_bot_accepts_a_trade_only_when_it_helps():
    state = building(2)
    state["seats"][1].update({"hand": ["ballroom"], "marble": 1, "wood": 5})
    good = G.apply(state, 0, proposal(0, 2, give1_marble=3, get1_coins=1))
    assert G.heuristic_action(good, 1, Rng.from_seed("a")) == {"type": "accept"}
    bad = G.apply(state, 0, proposal(0, 2, get1_wood=3, give1_coins=1))
    assert G.heuristic_action(bad, 1, Rng.from_seed("a")) == {"type": "decline"}


def test_the_heuristic_bid_fits_the_bid_form():
    state = fresh(3)
    for seat in range(3):
        action = G.heuristic_action(state, seat, Rng.from_seed(seat))
        assert G.form_refusal(state, seat, action) is None
