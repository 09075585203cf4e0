"""The headless harness's virtual clock (tests/adversary/README.md, "Time"): a run's outcome never depends on the
machine's speed (issue 42, item 6).

The same seeded tables are played twice at once: quietly, one table at a time, and perturbed, all at once with every
engine reply, channel delivery and WebCrypto result held back a random real time (0-200 ms now and then, 0-1 ms
otherwise) while a busy loop keeps blocking node (tests/adversary/perturb.mjs).  Each must end exactly the same:
the same verdicts, the same seats disconnected, the same moves in the host's ledger, the same host log and
messages, the same virtual time.  The tables: the silent guest handed to a bot by the turn timer
(test_adversarial_harness.py, which once failed on a loaded machine with the other guest handed over), the fuzz cases
that once stalled under load (rejoin-proof-replayed, guest-illegal-reveal), and a few fuzz seeds.

PARLOUR_CLOCK_PERTURB replaces the perturbation (e.g. "delay=200,rate=1,busy=20,seed=3"; see perturb.mjs).  One
strong enough to keep a table past its wall-time limit (90 s for a fuzz run) ends it by that guard, the one thing a
run leaves to real time.
"""
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
ADVERSARY = ROOT / "tests" / "adversary"
REGISTER = ADVERSARY / "register.mjs"
SCRIPT = ADVERSARY / "same-outcome.mjs"

ITEMS = [
    {"table": {"game": "kings-progress", "seats": ["remote", "bot", "remote"], "seed": "silent:3", "scenario": "guest-silent"}},
    {"case": "rejoin-proof-replayed"},
    {"case": "guest-illegal-reveal"},
    # fuzz seeds: one honest-looking, one whose verdict once changed between two quiet runs of the fuzz, and others
    {"seed": "kings-progress/1/17"},
    {"seed": "kings-progress/1/154"},
    {"seed": "kings-cottage/1/166"},
    {"seed": "kings-cottage/1/5"},
    {"seed": "castles/1/26"},
]


def node() -> str:
    path = shutil.which("node")
    if not path:
        pytest.fail("node (20.6 or later) is needed to run the headless network harness (tests/adversary/).")
    return path


def start(concurrency: int, perturb: str | None):
    env = {**os.environ, "PARLOUR_PYTHON": os.environ.get("PARLOUR_PYTHON", sys.executable)}
    env.pop("PARLOUR_HARNESS_PERTURB", None)
    if perturb:
        env["PARLOUR_HARNESS_PERTURB"] = perturb
    spec = json.dumps({"items": ITEMS, "concurrency": concurrency})
    return subprocess.Popen([node(), "--import", str(REGISTER), str(SCRIPT), spec], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def collect(proc) -> dict:
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, out[-3000:] + err[-3000:]
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    results = {r["index"]: r for r in lines if "index" in r}
    assert len(results) == len(ITEMS), out[-3000:] + err[-3000:]
    for r in results.values():
        assert "error" not in r, r["error"]
    return {"results": results, "summary": next(r for r in lines if r.get("summary"))}


@pytest.fixture(scope="module")
def played():
    perturb = os.environ.get("PARLOUR_CLOCK_PERTURB") or f"delay=200,rate=0.05,busy=5,seed={random.randrange(1, 2**31)}"
    t0 = time.perf_counter()
    quiet, shaken = start(1, None), start(len(ITEMS), perturb)
    out = {"quiet": collect(quiet), "perturbed": collect(shaken), "perturb": perturb}
    print(f"\nclock: {len(ITEMS)} tables, quiet and perturbed ({perturb}), in {time.perf_counter() - t0:.1f} s "
          f"(quiet {out['quiet']['summary']['seconds']:.1f} s, perturbed {out['perturbed']['summary']['seconds']:.1f} s)")
    return out


def label(item: dict) -> str:
    return item.get("case") or item.get("seed") or item["table"]["seed"]


@pytest.mark.parametrize("index", range(len(ITEMS)), ids=[label(i) for i in ITEMS])
def test_adversarial_clock_same_outcome_quiet_or_perturbed(played, index):
    quiet = played["quiet"]["results"][index]
    shaken = played["perturbed"]["results"][index]
    fields = [k for k in quiet if k not in ("index", "item")]
    differ = [k for k in fields if quiet[k] != shaken.get(k)]
    assert not differ, "\n".join(
        [f"{label(ITEMS[index])}: {differ} differ under {played['perturb']}"]
        + [f"  {k}:\n    quiet     {json.dumps(quiet[k])[:700]}\n    perturbed {json.dumps(shaken.get(k))[:700]}" for k in differ])


def test_adversarial_clock_nothing_untracked_or_thrown(played):
    """No run reported an error: among them, async-audit.mjs's report of asynchronous work the clock cannot see."""
    for mode in ("quiet", "perturbed"):
        for r in played[mode]["results"].values():
            assert not r["errors"], (mode, label(r["item"]), r["errors"][:3])


def test_adversarial_clock_the_silent_guest_is_the_one_handed_to_a_bot(played):
    """The first table is the one that failed under load: the guest that falls silent (seat 1) is handed to a bot."""
    r = played["quiet"]["results"][0]
    assert r["stopped"] is None and r["disconnected"] == [0], r
    assert r["verdicts"]["0"] is None and r["verdicts"]["2"]["ok"], r["verdicts"]


def test_adversarial_clock_the_perturbation_was_real(played):
    """The perturbed process really held things back and was really busy (not a quiet run under another name)."""
    p = played["perturbed"]["summary"]["perturbation"]
    assert p["on"] and p["delayMs"] > 0 and p["busyMs"] > 0, p


def test_adversarial_clock_waits_for_and_reports_a_devices_own_node_timer():
    """The guard (async-audit.mjs): a device that starts asynchronous work the run does not know of (here a node timer,
    which the product never does: its timers are virtual) holds the clock until it has run, and the run says so."""
    script = """
import { setTimeout as nodeTimeout } from "node:timers";
import { Run } from "./tests/adversary/runtime.mjs";
const run = new Run({ seed: "audit" });
const dev = run.device("guest1");
let seen = null;
dev.enter(() => {
  setTimeout(() => {}, 5000);                                    // a virtual timer: the clock's next stop
  nodeTimeout(() => { seen = Date.now() - run.epoch; }, 30);     // real work the run does not know of
});
await run.until(() => run.clock >= 5000, "the virtual timer");
run.close();
console.log(JSON.stringify({ seen, errors: run.errors }));
"""
    env = {**os.environ, "PARLOUR_PYTHON": os.environ.get("PARLOUR_PYTHON", sys.executable)}
    env.pop("PARLOUR_HARNESS_AUDIT", None)
    out = subprocess.run([node(), "--import", str(REGISTER), "--input-type=module", "-e", script], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-3000:]
    r = json.loads(out.stdout.strip().splitlines()[-1])
    assert r["seen"] == 0, r  # the clock stayed at 0 until the node timer had run
    assert any("cannot see a Timeout made by guest1" in e for e in r["errors"]), r
