"""Options tied to player counts (`choice_players`) and the lobby card's words, as the catalogue serves them.

One declaration in each game's option metadata says at which player counts a
choice is allowed: the engine (`Game.resolve_options`) refuses it elsewhere,
and the lobby offers it only there, reading the same declaration from the
catalogue (`games` op, written to dist/games.json).  The lobby side is
tests/e2e/test_lobby.py.
"""
import pytest

from parlour import api, games
from parlour.errors import BadOptions


def catalogue():
    return {g["id"]: g for g in api.op_games({})["games"]}


def declared():
    """(game, option name, choice, allowed counts) for every choice tied to player counts."""
    return [(game, name, choice, counts)
            for game in games.all_games()
            for name, spec in game.options.items()
            for choice, counts in spec.get("choice_players", {}).items()]


def test_the_two_game_match_and_the_walled_garden_are_declared():
    served = catalogue()
    assert served["kings-progress"]["options"]["match"]["choice_players"] == {"two-games": [4]}
    assert served["one-six-nine"]["options"]["walled_garden"]["choice_players"] == {"on": [2]}


@pytest.mark.parametrize("game, name, choice, counts", declared(), ids=lambda v: getattr(v, "id", str(v)))
def test_declarations_name_real_choices_and_counts_and_leave_the_default_open(game, name, choice, counts):
    spec = game.options[name]
    assert choice in spec["choices"] and choice != spec["default"]
    assert counts and all(game.min_players <= n <= game.max_players for n in counts)


@pytest.mark.parametrize("game, name, choice, counts", declared(), ids=lambda v: getattr(v, "id", str(v)))
def test_engine_refuses_a_choice_where_the_catalogue_does_not_offer_it(game, name, choice, counts):
    offered = catalogue()[game.id]["options"][name]["choice_players"][choice]
    assert offered == counts  # the lobby reads exactly what the engine checks
    for players in range(game.min_players, game.max_players + 1):
        if players in offered:
            state = game.setup(players, 7, {name: choice})
            assert state["options"][name] == choice
        else:
            with pytest.raises(BadOptions, match=f"{spec_label(game, name)}.*players only"):
                game.setup(players, 7, {name: choice})


def spec_label(game, name):
    return game.options[name]["label"]


@pytest.mark.parametrize("players", [2, 3])
def test_two_game_match_is_refused_in_words_below_four_players(players):
    with pytest.raises(BadOptions, match="Match “two-games” is for four players only."):
        games.get("kings-progress").setup(players, 1, {"match": "two-games"})


def test_every_default_is_allowed_at_every_player_count():
    for game in games.all_games():
        for players in range(game.min_players, game.max_players + 1):
            resolved = game.resolve_options(players, {})
            assert resolved == {name: spec["default"] for name, spec in game.options.items()}


def test_every_game_has_the_words_of_its_lobby_card():
    for game_id, entry in catalogue().items():
        for field in ("pitch", "length", "special"):
            text = entry[field]
            assert isinstance(text, str) and text.strip(), f"{game_id} has no {field}"
            assert "\n" not in text and len(text) <= 200, f"{game_id}'s {field} is not one short line"
        assert "minute" in entry["length"]
