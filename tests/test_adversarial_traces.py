"""Issue 42, item 5(a): deviant traces, in the manner of Beurdouche et al., "A Messy State of the Union" (IEEE S&P 2015).

tests/adversary/traces.mjs takes the guest's state diagram (tests/adversary/trace-states.mjs) and, for every state, the
host's message there skipped, repeated (the same number, a fresh number, replayed later), sent early, sent late, and
each of its fields replaced by another well-formed value; it runs every one of those alone (depth 1) and every pair of
message-level deviations over the states that decide the guest's record of the deal or its seat (depth 2, the bound in
traces.mjs PAIR_KINDS), each through the real host and guest tables (fuzz.mjs fuzzOne, nothing random), judged by the
fuzzer's invariant and by the trace judge:

    no honest guest is "Verified fair" for a game other than the host's real one with its own bytes in the seed;
    "Moves verified" only for the real moves; a failure always names the host (the one deviating); no note blames
    anyone; and a changed value the guest took in, that its verdict rests on, never leaves it "Verified fair".

Product bugs the traces found are kept as named cases (tests/adversary/trace-cases.mjs), each tested to hold now;
a bug found and not yet fixed goes in TRACE_BUGS with an xfail(strict=True) test on its case, and the traces tolerate
a violation only when it matches one of them.  Replay a run with
    node --import ./tests/adversary/register.mjs tests/adversary/traces.mjs --one '<id>'
Environment: PARLOUR_TRACE_JOBS (2), PARLOUR_TRACE_DEPTH (2).
"""
import json
import os
import subprocess
import time

import pytest

from test_adversarial_fuzz import REGISTER, ROOT, env, node

TRACES = ROOT / "tests" / "adversary" / "traces.mjs"
JOBS = os.environ.get("PARLOUR_TRACE_JOBS", "2")
DEPTH = os.environ.get("PARLOUR_TRACE_DEPTH", "2")

#: Product bugs the traces found that are not fixed yet: the name traces.mjs tags a violation with -> its named case.
#: None is open (the four found are fixed; their cases are in PINNED below).
TRACE_BUGS: dict = {}


def trace_node(*args, timeout=1200):
    """The traces' lines.  53 s on a quiet machine and 160 s beside the suite's browsers here; a CI run once passed
    600 s, so the limit is generous, and running out of it says how far the runs had got and which were slowest."""
    try:
        proc = subprocess.run([node(), "--import", str(REGISTER), str(TRACES), *args], cwd=ROOT, capture_output=True,
                              text=True, timeout=timeout, env=env())
    except subprocess.TimeoutExpired as err:
        out = err.stdout.decode() if isinstance(err.stdout, bytes) else (err.stdout or "")
        lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        slow = sorted((r.get("ms", 0), r.get("id")) for r in lines)[-5:]
        errors = err.stderr.decode() if isinstance(err.stderr, bytes) else (err.stderr or "")
        raise AssertionError(f"traces ran out of {timeout} s after {len(lines)} runs (load {os.getloadavg()}); slowest {slow}; "
                             f"stderr {errors[-2000:]}") from None
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


@pytest.fixture(scope="module")
def traces():
    t0 = time.perf_counter()
    load = os.getloadavg()[0]
    lines = trace_node("--jobs", JOBS, "--depth", DEPTH)
    wall = time.perf_counter() - t0
    summary = next(r for r in lines if r.get("summary"))
    runs = [r for r in lines if "id" in r and not r.get("summary")]
    print(f"\ntraces: {summary['depth1']} single deviations and {summary['depth2']} pairs in {wall:.1f} s wall "
          f"(load before {load:.2f}); CPU node {summary['cpu']['node']} s + engine {summary['cpu']['engine']} s")
    for depth, counts in summary["outcomes"].items():
        print(f"  depth {depth}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return {"runs": runs, "summary": summary, "wall": wall, "load": load}


def test_adversarial_traces_deviate_every_state_with_every_kind(traces):
    """Coverage: every state of the diagram is deviated with every message-level kind (or the kind is recorded as not
    applying there, with why: nothing comes before a welcome), and with at least one field replacement; every
    deviation run was made (its message came, and the change applied)."""
    s = traces["summary"]
    cells = {}
    for key, kinds in s["coverage"].items():
        state = key.split("/", 1)[1]
        for kind, cell in kinds.items():
            have = cells.setdefault(state, {}).setdefault(kind, [0, 0])
            have[0] += cell["runs"]
            have[1] += cell["applied"]
    na = {(x["state"], x["kind"]): x["why"] for x in s["na"]}
    # a move early or late the host could not make (it waited for the guest's answer) is found by trying it: the run
    # says why it could not be made; every other kind and every field applies wherever it is listed
    odd = [x for x in s["notApplied"] if x["kind"] not in ("early", "late", "late-reply") or not x["why"]]
    assert not odd, odd[:10]
    for x in s["notApplied"]:
        na.setdefault((x["state"], x["kind"]), f"tried: {x['why']}")
    rows = []
    for state in s["states"]:
        got = cells.get(state, {})
        for kind in s["kinds"]:
            if got.get(kind, [0, 0])[1]:
                continue
            assert (state, kind) in na or (state, "*") in na, f"{state} × {kind}: never deviated ({got.get(kind)})"
        fields = sum(v[1] for k, v in got.items() if k.startswith("field:"))
        assert fields, f"{state}: no field replaced"
        rows.append(f"  {state}: {sum(v[0] for v in got.values())} runs, {fields} field replacements; not applicable: "
                    + (", ".join(f"{k} ({why})" for (st, k), why in na.items() if st == state) or "none"))
    print("\n" + "\n".join(rows))


def test_adversarial_traces_invariant_holds_on_every_run(traces):
    """No run breaks the invariant, apart from the violations a known, pinned product bug explains."""
    broken = [v for v in traces["summary"]["violations"] if not v.get("known")]
    known = {}
    for v in traces["summary"]["violations"]:
        if v.get("known"):
            known.setdefault(v["known"], []).append(v["id"])
    for bug, ids in known.items():
        print(f"\nknown product bug {bug!r}: {len(ids)} runs, e.g. {ids[:3]}")
    assert set(known) <= set(TRACE_BUGS), known
    assert not broken, json.dumps(broken[:5], indent=1)[:8000]


def test_adversarial_traces_pair_every_deciding_state(traces):
    """Depth 2 ran: pairs of message-level deviations over the states deciding the guest's record of the deal or its
    seat, on both the first link and the rejoin (bye, a rejoin's welcome and first event)."""
    if DEPTH != "2":
        pytest.skip("PARLOUR_TRACE_DEPTH is not 2")
    pairs = [r for r in traces["runs"] if r["depth"] == 2]
    assert traces["summary"]["depth2"] == len(pairs) > 0
    states = {(r["steps"][0]["state"], r["steps"][1]["state"]) for r in pairs}
    for want in (("welcome", "first-game"), ("waiting-open", "waiting-final"), ("first-game", "fair"), ("bye", "first-game-rejoin")):
        assert want in states, (want, sorted(states))
    assert all(all(s["result"]["applied"] for s in r["steps"][:1]) for r in pairs)


def test_adversarial_traces_catch_hosts_and_still_verify(traces):
    """The traces are not vacuous: many deviations end with the host named, and many (those that change nothing the
    verdict rests on) still end "Verified fair"."""
    counts = traces["summary"]["outcomes"]["1"]
    total = sum(counts.values())
    assert counts.get("host named", 0) > total / 5, counts
    assert counts.get("verified", 0) > total / 5, counts


# ----------------------------------------------------------------- the bugs found, pinned

@pytest.fixture(scope="module")
def cases():
    return {r["case"]: r for r in trace_node("--case", "all", timeout=300)}


def case(cases, name):
    r = cases[name]
    assert "error" not in r, r.get("error")
    return r


#: Each named case of a bug the traces found, with the outcome the product owes (`holds`), all fixed now.
PINNED = [
    # a false view the host replaces at the same version (every event of a secret round) was never checked: the guest
    # kept one view hash per version (js/net/guest-protocol.js now fails the host on two positions at one version)
    pytest.param("view-overwritten-round", id="a-false-view-during-a-secret-round-names-the-host"),
    # the first game event numbered a move ahead: the next event at that number replaced its hash
    pytest.param("view-overwritten-first", id="a-first-event-numbered-a-move-ahead-names-the-host"),
    # options the guest's engine refuses made its end check throw, naming nobody (parlour.trust.fairness now checks
    # the table first, and the welcome's options must be an object)
    pytest.param("options-unchecked", id="options-the-guests-engine-refuses-name-the-host"),
    # js/tables/guest-table.js numbered a link (saved.links ?? 0) + 1 with `links` an object, so every link after the
    # second was '[object Object]1' and an honest refusal on the third blamed the honest host (now `link_count`)
    pytest.param("rejoin-link-numbers", id="a-third-link-keeps-its-own-record-and-an-honest-host-verifies"),
]


@pytest.mark.parametrize("name", PINNED)
def test_adversarial_trace_bug_case_holds(cases, name):
    r = case(cases, name)
    assert r["holds"], json.dumps(r, indent=1)[:3000]
