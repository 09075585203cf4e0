"""The engine contract, checked by random play (tests/contract_play.py holds the checks): 169."""
import pytest

from contract_play import cases, play_keeping_the_contract


@pytest.mark.parametrize("game_id, players, options, states, full_states", cases(["one-six-nine"]))
def test_random_play_keeps_the_contract(game_id, players, options, states, full_states):
    play_keeping_the_contract(game_id, players, options, states, full_states)
