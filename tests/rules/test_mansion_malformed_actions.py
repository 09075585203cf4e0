"""Malformed Mansion moves are refused with a message, never a crash (issue 26, item 17).

A `pick` or `build` whose plan was a list or an object raised TypeError inside
the engine (a network replay then raised instead of reporting the step).  Every
field of every Mansion move is tried here with each wrong kind of value: a
list, an object, a string, a negative number, a fraction, a boolean, null, the
field missing, and a field too many; each must be refused with IllegalAction,
leave the state as it was, and say what a move of that kind looks like.
"""
import pytest

from parlour import bots
from parlour.errors import IllegalAction
from parlour.game import canonical
from parlour.games import mansion as mn
from parlour.games.mansion import trade

G = mn.GAME
MISSING = object()
WRONG_VALUES = [["kitchen"], [1], {"plan": "kitchen"}, {}, "x", "", -1, 0, 1.5, True, None, 10 ** 30, MISSING]


def reach(phase, players=2):
    """A seeded game played by the greedy bots until `phase` (bid, pick, build, answer) is to move."""
    state = G.setup(players, "malformed")
    while state["phase"] != phase:
        seat = G.to_move(state)[0]
        action = G.heuristic_action(state, seat, bots.bot_rng("malformed", state["ply"], seat))
        if phase == "answer" and state["phase"] == "build":
            action = dict(trade.empty_terms(seat, players), type="propose", **{f"give{(seat + 1) % players}_coins": 0,
                                                                               f"get{(seat + 1) % players}_wood": 1})
        state = G.apply(state, seat, action)
    return state


def well_formed(state, seat):
    """One well-formed move of each kind the phase allows, to spoil a field at a time."""
    phase = state["phase"]
    if phase == "bid":
        return [{"type": "bid", "wood": 1, "marble": 0, "plumbing": 0, "plans": 0}]
    if phase == "pick":
        return [{"type": "pick", "plan": state["display"][0]}]
    if phase == "answer":
        return [{"type": "accept"}, {"type": "decline"}]
    hand = state["seats"][seat]["hand"]
    return [{"type": "build", "plan": hand[0], "floor": 1}, {"type": "done"},
            dict(trade.empty_terms(seat, state["players"]), type="propose", give1_wood=1)]


def spoilt(action):
    """Every copy of `action` with one field replaced by a wrong value, or one field too many."""
    for field in [k for k in action if k != "type"]:
        for value in WRONG_VALUES:
            bad = dict(action)
            if value is MISSING:
                del bad[field]
            else:
                bad[field] = value
            if bad != action:
                yield field, value, bad
    yield "extra", "extra", dict(action, extra=1)


@pytest.mark.parametrize("phase", ["bid", "pick", "build", "answer"])
def test_every_malformed_field_of_every_move_is_refused_with_a_message(phase):
    state = reach(phase)
    seat = G.to_move(state)[0]
    before = canonical(state)
    tried = 0
    for action in well_formed(state, seat):
        for field, value, bad in spoilt(action):
            try:
                G.apply(state, seat, bad)
            except IllegalAction as refusal:
                assert str(refusal), (field, value)
            else:  # only a whole count (a bid of 0 wood) or a list of plans a trade may name can stand
                plans = field.endswith("_plans") and isinstance(value, list) and all(type(k) is str for k in value)
                assert (type(value) is int and value >= 0) or plans, f"{bad} was accepted"
            tried += 1
    assert canonical(state) == before and tried >= len(well_formed(state, seat))


@pytest.mark.parametrize("plan,words", [
    (["kitchen"], "The plan given is a list, not a name"),
    ({"kind": "kitchen"}, "The plan given is an object, not a name"),
    (7, "The plan given is the number 7, not a name"),
    (None, "The plan given is null, not a name"),
    ("attic", "There is no plan called 'attic'"),
])
def test_a_pick_or_build_whose_plan_is_not_a_plan_name_is_refused_saying_so(plan, words):
    picking, building = reach("pick"), reach("build")
    for state, action in ((picking, {"type": "pick", "plan": plan}),
                          (building, {"type": "build", "plan": plan, "floor": 1})):
        with pytest.raises(IllegalAction, match=words.replace("(", r"\(")):
            G.apply(state, G.to_move(state)[0], action)


@pytest.mark.parametrize("floor", [-1, 0, "1", [1], {"n": 1}, 1.0, True])
def test_a_build_on_a_floor_that_is_not_a_whole_number_from_1_is_refused(floor):
    state = reach("build")
    seat = G.to_move(state)[0]
    plan = state["seats"][seat]["hand"][0]
    with pytest.raises(IllegalAction, match="The floor must be a whole number, from 1"):
        G.apply(state, seat, {"type": "build", "plan": plan, "floor": floor})


def test_a_move_missing_a_field_or_carrying_one_too_many_says_what_the_move_looks_like():
    picking, building = reach("pick"), reach("build")
    with pytest.raises(IllegalAction, match="A pick names one plan on display.*This one lacks plan"):
        G.apply(picking, G.to_move(picking)[0], {"type": "pick"})
    with pytest.raises(IllegalAction, match="A build names .*This one lacks floor"):
        G.apply(building, G.to_move(building)[0], {"type": "build", "plan": "kitchen"})
    with pytest.raises(IllegalAction, match="Done takes nothing else.*also has 'plan'"):
        G.apply(building, G.to_move(building)[0], {"type": "done", "plan": "kitchen"})


def test_a_network_replay_reports_the_step_of_a_pick_whose_plan_is_a_list():
    from parlour.trust import replay as p2p
    bid = {"type": "bid", "wood": 0, "marble": 0, "plumbing": 0}
    actions = [{"seat": 0, "action": dict(bid, plans=1)}, {"seat": 1, "action": dict(bid, plans=0)},
               {"seat": 0, "action": {"type": "pick", "plan": ["kitchen"]}}]
    out = p2p.replay(G, 2, "replay", {}, actions, 0)
    assert out["failed"]["step"] == 2 and "The plan given is a list" in out["failed"]["error"], out["failed"]
