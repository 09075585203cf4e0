"""parlour.trust.replay.replay_check: what a guest's fairness check asks of its own engine."""
import hashlib

from parlour import api, bots, games
from parlour.game import canonical
from parlour.trust.replay import replay_check


def random_game(game_id, players, seed, limit=400):
    game = games.get(game_id)
    state = game.setup(players, seed, {})
    actions, bot_steps = [], []
    for step in range(limit):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        action = bots.random_action(game, state, seat, bots.bot_rng(seed, step, seat))
        bot_steps.append(step)
        actions.append({"seat": seat, "action": action})
        state = game.apply(state, seat, action)
    return game, state, actions, bot_steps


def test_p2p_replay_check_hashes_the_seats_views_and_checks_bot_moves():
    game, state, actions, bot_steps = random_game("kings-progress", 3, "ab12")
    n = len(actions)
    reply = replay_check({"game": "kings-progress", "players": 3, "seed": "ab12", "actions": actions,
                          "seat": 1, "versions": [0, n], "bot_steps": bot_steps})
    assert reply["failed"] is None and reply["bot_mismatch"] is None
    assert reply["hashes"][str(n)] == hashlib.sha256(canonical(game.view(state, 1)).encode()).hexdigest()
    assert reply["result"] == game.result(state)


def test_p2p_replay_check_names_the_move_that_does_not_replay():
    _, _, actions, _ = random_game("kings-progress", 2, "cd34")
    actions[5] = actions[0]
    reply = replay_check({"game": "kings-progress", "players": 2, "seed": "cd34", "actions": actions, "seat": 0})
    assert reply["failed"]["step"] <= 5


def test_p2p_replay_check_is_reachable_through_the_facade():
    import json
    reply = json.loads(api.handle(json.dumps({"op": "replay_check", "game": "kings-cottage", "players": 2,
                                              "seed": "x", "actions": [], "seat": None, "versions": [0]})))
    assert reply["ok"] and "0" in reply["hashes"]
