"""169's lobby levels and self-harming drops (issue 26 item 10: the bot dropped Pits on its own Bureaucrat
and Monster).  Hard's short list (`policy.ranked`) already left such drops out; Easy and Medium search
(parlour.search) weighs only the game's `sensible_actions`, which leaves them out too."""
from __future__ import annotations

import pytest

from parlour import games
from parlour.bots import bot_rng
from parlour.games.one_six_nine.constants import BUREAUCRAT, CASTLE, MONSTER, PIT, WALL
from parlour.levels import bot
from parlour.search import ismcts, weighed_actions

from test_one_six_nine import GAME, position

#: our Bureaucrat on (4, 6), our Monster on (6, 4), and a hand of a 4 and a 6: every drop crushes one of them
OWN_CREATURES = [(BUREAUCRAT, 0, 4, 6), (MONSTER, 0, 6, 4)]


class EveryLegalMove:
    """169 as the search saw it before the hook: every legal move weighed."""

    def __getattr__(self, name: str):
        if name == "sensible_actions":
            raise AttributeError(name)
        return getattr(GAME, name)


def own_creatures_position() -> dict:
    return position(OWN_CREATURES, hands=[[4, 6], [1, 2]], gold=[9, 9], for_sale=[PIT, WALL])


def test_a_search_over_every_legal_move_drops_a_wall_on_its_own_monster():
    """The position matters: Medium's budget over every legal move crushed its own creature here."""
    state = own_creatures_position()
    horizon = GAME.playout_plies
    chosen = [ismcts(EveryLegalMove(), state, 0, bot_rng("sink", k, 0), GAME.bot_iterations["medium"], None,
                     horizon)[0] for k in range(4)]
    assert any(action["type"] == "buy" for action in chosen), chosen


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_level_drops_a_tile_on_its_own_creature_for_nothing(level):
    state = own_creatures_position()
    for k in range(4):
        assert bot(level)(GAME, state, 0, bot_rng("sink", k, 0)) == {"type": "pass"}


def test_the_search_still_weighs_a_pit_that_sinks_its_own_bureaucrat_with_an_enemy_castle():
    state = position([(CASTLE, 1, 4, 6), (BUREAUCRAT, 0, 4, 6)], hands=[[4, 6], [1, 2]], gold=[9, 9],
                     for_sale=[PIT])
    assert {"type": "buy", "tile": PIT, "square": [4, 6]} in weighed_actions(GAME, state, 0)


def test_self_harming_drops_are_left_out_only_when_buying():
    state = position(OWN_CREATURES, phase="move")
    assert weighed_actions(GAME, state, 0) == GAME.legal_actions(state, 0)


def test_only_169_leaves_moves_out_of_the_search_so_other_games_bots_replay_unchanged():
    assert [g for g in games.ids() if hasattr(games.get(g), "sensible_actions")] == ["one-six-nine"]
