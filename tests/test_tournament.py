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
