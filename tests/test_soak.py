"""The soak (bench/soak.py, `python3 build.py bench --soak`, not in CI) kept from rotting: a few games of
every title keep the contract, a broken contract is counted with its seed and message (assertions and
pytest.raises' own failure alike) and the soak goes on, and its flags read as documented."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import soak  # noqa: E402
from parlour import games  # noqa: E402


class Broken:
    """A real game with one verb replaced, as a broken engine would have it."""

    def __init__(self, game, **verbs) -> None:
        self._game = game
        self.__dict__.update(verbs)

    def __getattr__(self, name):
        return getattr(self._game, name)


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_a_few_games_of_every_title_keep_the_contract(game_id):
    figures = soak.soak_title(games.get(game_id), 2)
    assert figures["games"] == figures["games_asked"] == 2
    assert figures["failures"] == 0 and figures["failed"] == []
    assert figures["states_checked"] >= 2
    assert figures["slowest_seed"] in ("soak:0", "soak:1") and figures["slowest_moves"] > 0
    assert figures["slowest_seconds"] > 0


def test_a_broken_result_is_counted_with_its_seed_and_the_soak_goes_on():
    game = games.get("kings-progress")
    broken = Broken(game, result=lambda state: {**game.result(state), "winners": []})
    figures = soak.soak_title(broken, 3)
    assert figures["games"] == 3 and figures["failures"] == 3
    assert [f["seed"] for f in figures["failed"]] == ["soak:0", "soak:1", "soak:2"]
    assert "somebody must win" in figures["failed"][0]["message"]
    assert "slowest_seed" not in figures  # no game passed


def test_a_move_that_is_not_refused_is_a_failure_too():
    """The full checks use pytest.raises, whose failure is not an Exception: the soak still counts it."""
    game = games.get("kings-progress")

    def apply(state, seat, action):
        if seat not in game.to_move(state):
            return state  # accepts a move from a seat that is not to move
        return game.apply(state, seat, action)

    figures = soak.soak_title(Broken(game, apply=apply), 1)
    assert figures["failures"] == 1
    assert figures["failed"][0]["message"].startswith("Failed:")


def test_a_time_budget_stops_a_title_and_says_how_many_were_played():
    figures = soak.soak_title(games.get("kings-progress"), 5, seconds=0)
    assert figures["games"] == 0 and figures["games_asked"] == 5 and figures["failures"] == 0


def test_the_flags():
    assert soak.soak_count(["--quick"]) is None
    assert soak.soak_count(["--soak"]) == soak.SOAK_GAMES == 10_000
    assert soak.soak_count(["--soak=25"]) == 25
    with pytest.raises(ValueError):
        soak.soak_count(["--soak=0"])
    assert soak.soak_minutes(["--soak", "--soak-minutes=90"]) == 90
    assert soak.soak_minutes(["--soak"]) is None
    with pytest.raises(ValueError):
        soak.soak_minutes(["--soak-minutes=-1"])
    figures = soak.soak_figures(1, only=["kings-cottage"])
    assert set(figures) >= {"soak.kings-cottage.games", "soak.kings-cottage.failures", "soak.kings-cottage.slowest_seed"}
    assert not any(k.startswith("soak.kings-progress.") for k in figures)


def test_each_title_is_handed_over_as_soon_as_it_is_played():
    """A soak of hours writes each title's figures when that title is over, so stopping it keeps them."""
    handed = []
    out = soak.soak_figures(1, only=["castles", "mansion"], title_done=lambda figures: handed.append(dict(figures)))
    assert [sorted({k.split(".")[1] for k in f}) for f in handed] == [["castles"], ["mansion"]]
    assert {k: v for f in handed for k, v in f.items()} == out
    assert handed[0]["soak.castles.games"] == 1 and handed[0]["soak.castles.failures"] == 0
