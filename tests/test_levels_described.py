"""The lobby's line for each bot level says what that level really does in that game (parlour.levels.describe):
its budget of imagined games, how they are played out, and how far, read from the same attributes the bot uses."""
import pytest

from parlour import bots, games, levels, rollouts


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_each_searching_levels_line_states_its_real_budget_and_playouts(game_id):
    game = games.get(game_id)
    for level in ("easy", "medium", "hard"):
        line = levels.describe(game, level)
        plain = (getattr(game, "level_bots", None) or {}).get(level)
        if plain:  # the level is one of the plain bots: its own line
            assert line and "{" not in line, line
            if plain == "careless":  # the share it states is the share it plays
                assert f"about {bots.careless_per_hundred(game)} times in a hundred" in line, line
            if plain == "lookahead":  # the counts it states are the ones it plays with
                assert_lookahead_line_is_its_budget(game, line)
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


def assert_lookahead_line_is_its_budget(game, line):
    seats = range(game.min_players, game.max_players + 1)
    played = set()
    for players in seats:
        settings = rollouts.budget(game, players)
        assert f"up to {settings['candidates']} of its best moves" in line, line
        assert f"{settings['plies']} moves ahead" in line, line
        played.add(sum(fresh for fresh, _ in rollouts.halving(settings["candidates"], settings["rollouts"])))
    stated = f"{min(played)} to {max(played)} deals" if len(played) > 1 else f"{min(played)} deals"
    assert stated in line, line


def test_hard_in_169_plays_out_seven_deals_and_mansion_twenty_one():
    """The halving plan the lobby's line is read from is the one the look-ahead plays: 5 candidates on 20
    rollouts get 1 + 2 + 4 deals (5, then 3, then 2 candidates: 19 rollouts); on 60, 4 + 6 + 11."""
    assert rollouts.halving(5, 20) == [(1, 5), (2, 3), (4, 2)]
    assert rollouts.halving(5, 60) == [(4, 5), (6, 3), (11, 2)]
    assert rollouts.deals(games.get("one-six-nine"), 2) == 7
    assert "on 7 deals" in levels.describe(games.get("one-six-nine"), "hard")
    assert "on 21 deals" in levels.describe(games.get("mansion"), "hard")
