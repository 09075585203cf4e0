"""The primer of correspondence links (py/parlour/link_primer.py, js/net/link-primer.js): the same text every
time for a table's title, options, player count and seat, so two devices make it alike without sending it; it
holds the seat's first board and its later kinds of turn; and the engine's facade checks what it is asked."""
import json

import pytest

from parlour import api, games
from parlour.link_primer import PRIMER_CHARS, link_primer


def call(**message):
    return json.loads(api.handle(json.dumps(message)))


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_link_primer_is_the_same_text_every_time_and_holds_the_first_board(game_id):
    game = games.get(game_id)
    players = game.min_players
    first = link_primer(game_id, players, None, 0)
    assert first == link_primer(game_id, players, None, 0)
    assert 0 < len(first) <= PRIMER_CHARS
    state = game.setup(players, "parlour link primer", None)
    last = json.loads(first.split("\n")[-1])
    assert last["view"] == game.view(state, 0)
    assert link_primer(game_id, players, None, 1) != first  # another seat sees another board


def test_link_primer_holds_mansions_trade_forms_the_first_board_lacks():
    primer = link_primer("mansion", 4, None, 2)
    assert '"Your bids"' in primer and "gives you" in primer


def test_link_primer_request_is_checked_by_the_facade():
    reply = call(op="link_primer", game="kings-cottage", players=3, seat=2)
    assert reply["ok"] and reply["primer"] == link_primer("kings-cottage", 3, {}, 2)
    assert "not at a table" in call(op="link_primer", game="kings-cottage", players=3, seat=3)["error"]
    assert not call(op="link_primer", game="kings-cottage", players=9, seat=0)["ok"]
    assert not call(op="link_primer", game="no-such-game", players=2, seat=0)["ok"]
