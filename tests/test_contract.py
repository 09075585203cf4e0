"""The engine contract, checked by random play (tests/contract_play.py holds the checks): the piecepack games (The King's Progress, King's Cottage, Castles)."""
import pytest

from contract_play import cases, play_keeping_the_contract


@pytest.mark.parametrize("game_id, players, options, states, full_states", cases(["kings-progress", "kings-cottage", "castles"]))
def test_random_play_keeps_the_contract(game_id, players, options, states, full_states):
    play_keeping_the_contract(game_id, players, options, states, full_states)
