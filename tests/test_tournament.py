"""Tournaments decide by counts (parlour.tournament): parallel games give the same figures as one process,
and each rate comes with what tells how it was won (ties, games nobody scored in)."""
from parlour.tournament import win_share, wilson


def test_parallel_processes_give_the_same_figures_as_one():
    one = win_share("kings-progress", "random", "random", 2, 12, seed="t-par")
    two = win_share("kings-progress", "random", "random", 2, 12, seed="t-par", processes=2)
    assert one == two


def test_shared_wins_and_all_zero_games_are_counted():
    """Two random King's Cottage players mostly complete no room: every profit 0, and the win is shared."""
    share = win_share("kings-cottage", "random", "random", 2, 10, seed="t-zero")
    assert share["all_zero_share"] > 0.3
    assert share["shared_share"] >= share["all_zero_share"]  # every all-zero game is a shared win
    assert share["wins"] <= share["games"]


def test_the_interval_narrows_with_games():
    low10, high10 = wilson(5, 10)
    low100, high100 = wilson(50, 100)
    assert high100 - low100 < (high10 - low10) / 2
    assert low100 < 0.5 < high100


def test_the_bench_plays_only_the_pairings_asked_and_hands_over_each_as_it_is_played():
    """`bench --bots --pairings=`: a stopped run of hours keeps every pairing it finished, and each rate says
    how many games it stands on."""
    import pathlib
    import sys

    import pytest

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bench"))
    from tournaments import tournament_figures

    from parlour import games

    game = games.get("kings-progress")
    handed = []
    out = tournament_figures(game, 2, processes=1, pairings=["easy-vs-random", "random-draws"], done=handed.append)
    assert [sorted(k.rsplit(".", 1)[-1] for k in figures) for figures in handed] == [
        ["win_rate_vs_random", "win_rate_vs_random_games", "win_rate_vs_random_interval95",
         "win_rate_vs_random_shared_share"],
        ["random_2p_shared_win_share"]]
    assert out["bots.kings-progress.easy.win_rate_vs_random_games"] == 2
    assert not any("hard" in key or "medium" in key or key.endswith("tournament_games") for key in out)
    with pytest.raises(ValueError, match="no pairing called hard-vs-nobody"):
        tournament_figures(game, 2, pairings=["hard-vs-nobody"])
