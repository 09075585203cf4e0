"""The headless network harness (tests/adversary/): the real host and guest tables (js/tables/,
js/net/) run under node with the CPython engine, an in-memory network and a hook on every message.

- tests/adversary/engine_server.py answers exactly as parlour.api.handle does in the browser's
  worker, with one set of tables per device;
- honest tables of every game end with every guest's verdict "Verified fair";
- a host whose `fair` message has one move replaced is caught by the guest and blamed.

The harness's speed is not a test: `run.mjs --summary` prints runs per second and CPU seconds
(tests/adversary/README.md), and the fuzz prints the same for its whole run.
"""
import json
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
ADVERSARY = ROOT / "tests" / "adversary"
REGISTER = ADVERSARY / "register.mjs"

#: Cheap honest tables of every game: 2-3 seats, at least one guest, bots at a cheap level.
HONEST = {
    "kings-progress": {"seats": ["human", "bot", "remote"], "botLevel": "easy"},
    "kings-cottage": {"seats": ["remote", "bot"], "botLevel": "easy"},
    "castles": {"seats": ["human", "remote"], "botLevel": "random"},
    "one-six-nine": {"seats": ["remote", "bot"], "botLevel": "random"},
    "mansion": {"seats": ["human", "remote"], "botLevel": "random"},
}


def node() -> str:
    path = shutil.which("node")
    if not path:
        pytest.fail("node (20.6 or later) is needed to run the headless network harness (tests/adversary/).")
    return path


def play(tables, concurrency: int = 1, timeout: int = 600) -> list:
    """Play tables with tests/adversary/play.mjs; one result dict per table (in order), then the summary."""
    spec = json.dumps({"tables": tables, "concurrency": concurrency})
    run = subprocess.run([node(), "--import", str(REGISTER), str(ADVERSARY / "play.mjs"), spec], cwd=ROOT,
                         capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    results = sorted((r for r in lines if not r.get("summary")), key=lambda r: r["index"])
    summary = next(r for r in lines if r.get("summary"))
    assert len(results) == len(tables), run.stdout[-4000:] + run.stderr[-4000:]
    return results + [summary]


def explain(result: dict) -> str:
    keep = {k: result.get(k) for k in ("game", "seats", "stopped", "over", "moves", "errors", "consoleErrors", "leaks")}
    keep["verdicts"] = {s: v and {k: v[k] for k in ("ok", "failedStep", "blame", "detail", "fair", "text")}
                        for s, v in result["verdicts"].items()}
    return json.dumps(keep, indent=1)[:6000]


# ----------------------------------------------------------------- the engine process

def test_adversarial_engine_server_replies_as_the_worker():
    """Same reply text as parlour.api.handle for success and for refusals; each device has its own tables."""
    sys.path.insert(0, str(ROOT / "py"))
    requests = [
        ("a", {"op": "new", "game": "kings-progress", "players": 2, "seed": "abc"}),
        ("a", {"op": "view", "table": "t1", "seat": 0}),
        ("b", {"op": "view", "table": "t1", "seat": 0}),  # another device: no such table
        ("a", {"op": "act", "table": "t1", "seat": 0, "version": 5, "action": {"type": "x"}}),
        ("a", {"op": "nonsense"}),
        ("b", {"op": "new", "game": "castles", "players": 3, "seed": 7}),
        ("b", {"op": "status", "table": "t1"}),
    ]
    lines = [json.dumps({"id": i, "device": d, "request": json.dumps(r, separators=(",", ":"))})
             for i, (d, r) in enumerate(requests)]
    lines.append(json.dumps({"id": 99, "device": "a", "op": "status", "msg": {"table": "t1"}}))
    out = subprocess.run([sys.executable, str(ADVERSARY / "engine_server.py")], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    replies = {r["id"]: r["reply"] for r in map(json.loads, out.stdout.splitlines())}
    # the same requests in one process per device, as two browser workers would answer them
    api_a, api_b = _fresh_api(), _fresh_api()
    for i, (d, r) in enumerate(requests):
        expected = json.loads((api_a if d == "a" else api_b).handle(json.dumps(r, separators=(",", ":"))))
        if "trace" in expected:
            expected.pop("trace")
            replies[i].pop("trace", None)
        assert replies[i] == expected, (i, r)
    assert replies[0]["ok"] and replies[1]["ok"] and replies[99]["ok"]
    assert replies[2] == {"ok": False, "kind": "BadRequest", "error": "No such table (it may have been closed)."}
    assert replies[3]["ok"] is False and replies[3]["kind"] == "BadRequest"
    assert replies[4]["ok"] is False and replies[4]["kind"] == "BadRequest"


def _fresh_api():
    import importlib.util

    from parlour import api
    spec = importlib.util.spec_from_file_location("parlour.api", api.__file__)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "parlour"
    spec.loader.exec_module(module)
    return module


# ----------------------------------------------------------------- honest tables

@pytest.fixture(scope="module")
def honest_results():
    tables = [{"game": g, "seed": f"honest:{g}", **setup} for g, setup in HONEST.items()]
    t0 = time.perf_counter()
    results = play(tables, concurrency=2)
    summary = results.pop()
    print(f"\nhonest tables: {len(tables)} in {time.perf_counter() - t0:.1f} s "
          f"(node {summary['cpu']['node']:.1f} s CPU, engine {summary['cpu']['engine']:.1f} s CPU)")
    return {r["game"]: r for r in results}


@pytest.mark.parametrize("game", list(HONEST))
def test_adversarial_honest_table_is_verified_fair(honest_results, game):
    r = honest_results[game]
    assert r["stopped"] is None, explain(r)
    assert r["over"] and r["moves"] > 0, explain(r)
    remote = [i for i, kind in enumerate(HONEST[game]["seats"]) if kind == "remote"]
    assert sorted(map(int, r["verdicts"])) == remote
    for seat, v in r["verdicts"].items():
        assert v is not None, explain(r)
        assert v["ok"] and v["fair"] == "ok" and v["text"].startswith("Verified fair"), explain(r)
    assert r["errors"] == [] and r["leaks"] == 0, explain(r)
    # heartbeats run on the virtual clock: nobody is ever "away" in a game played at full speed
    assert r["hostLog"]["away"] == 0 and r["disconnected"] == [], explain(r)
    # the people clicked through the same path a click takes, and the bots played on the host
    assert r["clicks"]["guest"] > 0
    assert r["messages"]["toGuests"].get("fair") == len(remote)


# ----------------------------------------------------------------- a dishonest host

def test_adversarial_tampered_fair_message_is_blamed_on_the_host():
    """The host's `fair` message arrives with one move replaced (intercept hook): the guest's check fails, blaming the host."""
    tables = [
        {"game": "kings-progress", "seats": ["human", "bot", "remote"], "seed": "tamper:1", "scenario": "tamper-fair"},
        {"game": "castles", "seats": ["remote", "remote"], "seed": "tamper:2", "scenario": "tamper-fair"},
    ]
    results = play(tables)[:-1]
    for r in results:
        assert r["stopped"] is None, explain(r)
        assert r["verdicts"], explain(r)
        for v in r["verdicts"].values():
            assert v is not None and v["ok"] is False, explain(r)
            assert v["blame"] == "host" and v["fair"] == "failed", explain(r)
            assert "The host's device is responsible" in v["text"], explain(r)


def test_adversarial_duplicated_messages_change_nothing():
    """Every message on every link delivered twice: the copies are refused by sequence number, the game is fair."""
    r = play([{"game": "kings-progress", "seats": ["remote", "bot", "remote"], "seed": "dup", "scenario": "duplicate-all"}])[0]
    assert r["stopped"] is None, explain(r)
    assert all(v and v["ok"] for v in r["verdicts"].values()), explain(r)
    assert r["hostRefusals"] > 0


def test_adversarial_silent_guest_is_handed_to_a_bot_by_the_turn_timer():
    """A guest whose messages stop arriving goes "away" (heartbeats, virtual time) and the turn timer
    hands its seat to a bot; the other guest still verifies the game, with a note naming the handover."""
    r = play([{"game": "kings-progress", "seats": ["remote", "bot", "remote"], "seed": "silent:3",
               "scenario": "guest-silent"}])[0]
    assert r["stopped"] is None, explain(r)
    assert r["hostLog"]["away"] >= 1 and r["hostLog"]["toBot"] >= 1, explain(r)
    assert r["disconnected"] == [0] and r["verdicts"]["0"] is None, explain(r)
    other = r["verdicts"]["2"]
    assert other["ok"], explain(r)
    assert any("to a bot" in note for note in other["notes"]), explain(r)
