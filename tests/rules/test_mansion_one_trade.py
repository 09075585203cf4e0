"""One trade offer to each player per building turn (issue 26, item 9; docs/rules/mansion.md, Trading).

A bot offered a person about two trades a turn, each a pop-up, and offered again
the one just declined.  The engine now remembers whom the builder has offered a
trade this building turn (`offered`, reset when the next builder starts), leaves
them out of the listed swaps and the trade form, and refuses a second offer by
name; so every bot level, which chooses only among those moves, holds to it.
"""
import pytest

from parlour import bots, levels
from parlour.errors import IllegalAction
from parlour.game import canonical, sample_form
from parlour.games import mansion as mn
from parlour.games.mansion import trade
from parlour.rng import Rng

G = mn.GAME
NO_BID = {"type": "bid", "wood": 0, "marble": 0, "plumbing": 0, "plans": 0}
#: a person's seat in the bot games below: it declines every trade and offers none
PERSON = 0


def building(players):
    state = G.setup(players, "one-trade")
    state["first"] = 0
    for seat in range(players):
        state = G.apply(state, seat, NO_BID)
    return state


def proposal(proposer, n, **parts):
    return dict(trade.empty_terms(proposer, n), type="propose", **parts)


def test_one_trade_offer_to_a_player_per_building_turn_a_second_is_refused_by_name():
    state = building(2)
    state = G.apply(state, 0, proposal(0, 2, give1_wood=1, get1_marble=1))
    state = G.apply(state, 1, {"type": "decline"})
    before = canonical(state)
    for again in (proposal(0, 2, give1_wood=1, get1_marble=1), proposal(0, 2, give1_wood=2, get1_marble=1)):
        with pytest.raises(IllegalAction, match="already offered {p1} a trade this turn"):
            G.apply(state, 0, again)
    assert canonical(state) == before
    assert G.forms(state, 0) == [] and not any(a["type"] == "propose" for a in G.legal_actions(state, 0))


def test_one_trade_offer_per_player_leaves_the_others_open_and_resets_for_the_next_builder():
    state = building(3)
    state = G.apply(state, 0, proposal(0, 3, give1_wood=1))
    state = G.apply(state, 1, {"type": "accept"})
    form = G.forms(state, 0)[0]
    assert {f["group"] for f in form["fields"]} == {"{p2}"} and form["fixed"]["give1_wood"] == 0
    assert all(a["give1_wood"] == 0 and a["get1_marble"] == 0 for a in G.legal_actions(state, 0)
               if a["type"] == "propose")
    assert G.view(state, 2)["offered"] == [1]
    state = G.apply(state, 0, sample_form(form, Rng.from_seed("open")))  # seat 2 may still be offered one
    while G.to_move(state) != [0]:
        state = G.apply(state, G.to_move(state)[0], {"type": "decline"})
    state = G.apply(state, 0, {"type": "done"})
    assert state["current"] == 1 and state["offered"] == [] and G.forms(state, 1)


def play_against_person(level, players, seed, turns):
    """Bots at `level` in every seat but PERSON, who declines every trade and never offers one;
    returns the offers the person got as (turn, proposer, terms) in order."""
    bot = levels.bot(level)
    state = G.setup(players, seed)
    offers = []
    while not G.is_over(state) and state["turn"] <= turns:
        seat = G.to_move(state)[0]
        if seat == PERSON:
            action = G.heuristic_action(state, seat, Rng.from_seed(f"person:{state['ply']}"))
            if state["phase"] == "answer" or action["type"] == "propose":
                action = {"type": "decline" if state["phase"] == "answer" else "done"}
        else:
            action = bot(G, state, seat, bots.bot_rng(seed, state["ply"], seat))
            if action["type"] == "propose" and PERSON in trade.parties(action, seat, players):
                offers.append((state["turn"], seat, canonical({k: v for k, v in action.items() if k != "type"})))
        state = G.apply(state, seat, action)
    return offers


@pytest.mark.parametrize("level,players,turns", [
    ("random", 2, 20), ("random", 4, 20), ("easy", 2, 6), ("easy", 3, 4), ("medium", 2, 2), ("hard", 2, 1),
])
def test_one_trade_a_turn_from_each_bot_at_every_level_and_never_a_declined_one_again(level, players, turns):
    offers = play_against_person(level, players, f"one-trade:{level}:{players}", turns)
    per_turn = [(turn, by) for turn, by, _ in offers]
    assert len(per_turn) == len(set(per_turn)), f"{level} offered the person two trades in one turn: {offers}"
    declined = [(turn, terms) for turn, _, terms in offers]
    assert len(declined) == len(set(declined)), f"{level} repeated a declined trade in one turn"
    if level in ("random", "easy"):  # these levels do offer trades: the check above is not empty
        assert offers
