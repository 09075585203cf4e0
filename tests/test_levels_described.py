"""The lobby's line for each bot level says what that level really does in that game (parlour.levels.describe):
its budget of imagined games, how they are played out, and how far, read from the same attributes the bot uses."""
import pytest

from parlour import bots, games, levels


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_each_searching_levels_line_states_its_real_budget_and_playouts(game_id):
    game = games.get(game_id)
    for level in ("easy", "medium", "hard"):
        line = levels.describe(game, level)
        plain = (getattr(game, "level_bots", None) or {}).get(level)
        if plain:  # the level is one of the plain bots: its own line
            assert line and line == levels.PLAIN_DESCRIPTIONS.get(plain, line).format(
                careless=bots.careless_per_hundred(game))
            if plain == "careless":  # the share it states is the share it plays
                assert f"about {bots.careless_per_hundred(game)} times in a hundred" in line, line
            continue
        assert f"{levels.iterations(game, level)} imagined game" in line, line
        greedy = getattr(game, "heuristic_action", None) is not None and level in getattr(
            game, "greedy_playout_levels", levels.GREEDY_PLAYOUT_LEVELS)
        assert ("greedy player" in line) == greedy, line
        horizon = getattr(game, "playout_plies", None)
        assert (f"{horizon} moves ahead" in line) if horizon else ("to the end of the game" in line), line


def test_random_is_described_as_random_everywhere():
    for game in games.all_games():
        assert "at random" in levels.describe(game, "random")
