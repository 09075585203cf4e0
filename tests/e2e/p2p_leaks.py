"""The no-leak check: every event a guest received carries exactly the engine's own
view (and legal moves) for that guest's seat, replayed here in CPython from the
seed and log the host revealed at the end; round data carries hashes only; the deal
shown when the game starts carries the commitment, the signed seals and the guests'
bytes (nothing about the seed without the host's secret), never the secret or seed."""
import re

from parlour import games


def assert_no_hidden_values(messages, seat):
    fair = next(m for m in messages if m["t"] == "fair")
    welcome = next(m for m in messages if m["t"] == "welcome")
    game = games.get(welcome["game"])
    states = [game.setup(welcome["players"], fair["seed"], welcome["options"])]
    for entry in fair["actions"]:
        states.append(game.apply(states[-1], entry["seat"], entry["action"]))
    events = [m for m in messages if m["t"] == "ev" and not m.get("waiting")]
    assert events, "no events received"
    allowed = {"t", "n", "ev", "version", "view", "legal", "forms", "to_move", "over", "result", "hash", "round",
               "names", "away", "kinds", "keys", "waiting", "ack", "dealt"}
    for m in events:
        assert set(m) <= allowed, set(m) - allowed
        assert isinstance(m["ack"], int), "ack numbers the guest's own messages, nothing else"
        state = states[m["version"]]
        assert m["view"] == game.view(state, seat), f"event {m['ev']}: the view is not the engine's view for seat {seat}"
        expected_legal = [] if seat is None else game.legal_actions(state, seat)
        assert m["legal"] == expected_legal, f"event {m['ev']}: legal moves differ"
        expected_forms = [] if seat is None else game.forms(state, seat)
        assert m.get("forms", []) == expected_forms, f"event {m['ev']}: forms differ"
        assert m["to_move"] == game.to_move(state)
        if m["result"] is not None:
            assert game.is_over(state) and m["result"] == game.result(state)
        if "dealt" in m:
            dealt = m["dealt"]
            assert set(dealt) == {"commitment", "seals", "bytes"} and dealt["commitment"] == welcome["commitment"]
            assert all(set(s) == {"hash", "sig", "key"} for s in dealt["seals"].values())
            assert all(re.fullmatch(r"[A-Za-z0-9_-]{43}", b) for b in dealt["bytes"].values())
            assert fair["secret"] not in str(dealt) and fair["seed"] not in str(dealt)
        if m["round"]:
            assert set(m["round"]) == {"version", "seats", "committed", "reveal", "revealed"}
            assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in m["round"]["committed"].values())
    for m in messages:
        assert m["t"] in {"welcome", "ev", "error", "fair", "note", "bye"}, m["t"]
        if m["t"] == "ev" and m.get("waiting") and m.get("deal"):
            # before the deal: seals are hashes; nobody's bytes travel until every seal is in
            assert set(m["deal"]) == {"commitment", "seats", "sealed", "reveal"}
            assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in m["deal"]["sealed"].values())
    return len(events)
