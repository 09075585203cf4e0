"""Issue 23's acceptance test: the seeded dishonest-peer fuzzer over the real host and guest code.

tests/adversary/fuzz.mjs plays thousands of network tables headless (the real js/tables/ and
js/net/ under node, the CPython engine; tests/adversary/README.md), each with one dishonest party
chosen by its seed (the host, mostly, or one guest) deviating at random on the wire and, for the
host, at the source, and checks the invariant on every run:

1. no honest party is blamed: at an honest host's table no honest guest's verdict fails (a breach
   included), and no note calls anyone at fault (in a star only the table code tells who a key is);
2. every "Verified fair" is true, and so is every "Moves verified": the seed and moves that guest checked are the host's real game,
   every move in its seat while its key held it is one it chose (recorded at the click), every
   bot move of the host's real ledger is the seeded choice of the level fixed when the table opened,
   at its own position (tests/adversary/oracle.py, in CPython, not trusting the ledger), and a
   "Verified fair" seed holds the bytes that guest drew for the table;
3. with a dishonest host every honest guest is verified (and 2 holds), fails blaming the host, or stalled.

Then each numbered reproduction of issue 23 (and a few more attacks) runs as a named case
(tests/adversary/fuzz-cases.mjs) with its own expected outcome.  Product bugs found and not yet
fixed are listed in KNOWN, each pinned by an xfail(strict=True) case; the fuzz tolerates a
violation only when it matches one of them exactly.

A failing run prints its seed, game, dishonest party and deviations; replay it with
    node --import ./tests/adversary/register.mjs tests/adversary/fuzz.mjs --one '<seed>'
Environment: PARLOUR_FUZZ_RUNS (default 1200: the deviant traces and the scripted strategies now cover the
deviations by design; the suite's adversarial share stays under 8 minutes), PARLOUR_FUZZ_SEED (default 1), PARLOUR_FUZZ_JOBS (2).
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
ADVERSARY = ROOT / "tests" / "adversary"
REGISTER = ADVERSARY / "register.mjs"
FUZZ = ADVERSARY / "fuzz.mjs"

RUNS = int(os.environ.get("PARLOUR_FUZZ_RUNS", "1200"))
SEED = os.environ.get("PARLOUR_FUZZ_SEED", "1")
JOBS = int(os.environ.get("PARLOUR_FUZZ_JOBS", "2"))
GAMES = ("kings-progress", "kings-cottage", "castles", "one-six-nine", "mansion")

#: Product bugs the fuzzer found that are not fixed yet, each pinned by an xfail(strict=True) case below.  A
#: violation counts as "known" only when it matches its bug exactly (fuzz.mjs tagKnown); any other fails the fuzz.
KNOWN: dict = {}  # none open; fixed: "forfeit-takeover" and "deal-without" (their cases below now pass)


def node() -> str:
    path = shutil.which("node")
    if not path:
        pytest.fail("node (20.6 or later) is needed to run the headless network harness (tests/adversary/).")
    return path


def env():
    return {**os.environ, "PARLOUR_HARNESS_FAST_ECDSA": "1", "PARLOUR_PYTHON": os.environ.get("PARLOUR_PYTHON", sys.executable)}


def replay_line(run: dict) -> str:
    what = f"--case {run['case']}" if run.get("case") else f"--one '{run['seed']}'"
    return f"node --import ./tests/adversary/register.mjs tests/adversary/fuzz.mjs {what}"


def explain(run: dict) -> str:
    keep = {k: run.get(k) for k in ("seed", "game", "seats", "levels", "dishonest", "rate", "source", "illegal", "outcomes",
                                     "violations", "deviations", "handovers", "stopped", "errors")}
    keep["verdicts"] = run.get("verdicts")
    keep["log"] = (run.get("log") or [])[:40]
    keep["replay"] = replay_line(run)
    return json.dumps(keep, indent=1)[:12000]


# ----------------------------------------------------------------- the fuzz

@pytest.fixture(scope="module")
def fuzz():
    t0 = time.perf_counter()
    load = os.getloadavg()[0]  # the five-minute figure holds on an otherwise idle machine
    proc = subprocess.run([node(), "--import", str(REGISTER), str(FUZZ), "--runs", str(RUNS), "--seed", SEED,
                           "--jobs", str(JOBS)], cwd=ROOT, capture_output=True, text=True, timeout=1800, env=env())
    wall = time.perf_counter() - t0
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    summary = next(r for r in lines if r.get("summary"))
    runs = [r for r in lines if not r.get("summary")]
    print(f"\nfuzz: {len(runs)} runs in {wall:.1f} s wall ({len(runs) / wall:.2f} runs/s; load before {load:.2f}), "
          f"CPU node {summary['cpu']['node']} s + engine {summary['cpu']['engine']} s")
    for game, g in summary["games"].items():
        print(f"  {game}: {g['runs']} runs, {g['msPerRun']} ms a table, {g['runsPerSecond']} runs/s of the wall it took; "
              f"verdicts ok {g['ok']}, failed (host) {g['failedHost']}, breach {g['breach']}, none {g['none']}; "
              f"runs with a stalled guest {g['stalledRuns']}")
    return {"runs": runs, "summary": summary, "wall": wall, "load": load}


def test_adversarial_fuzz_plays_every_game(fuzz):
    runs = fuzz["runs"]
    assert len(runs) >= RUNS
    per = {g: sum(1 for r in runs if r["game"] == g) for g in GAMES}
    assert all(per[g] > 0 for g in GAMES), per
    hosts = sum(1 for r in runs if r.get("dishonest") == "host")
    assert hosts > len(runs) / 2, "the host is the dishonest party in most runs"
    assert any(isinstance(r.get("dishonest"), int) for r in runs), "some runs have a dishonest guest"
    assert any(r.get("source") for r in runs), "some hosts deviate at the source"
    # the deviations were really made: runs with each kind (the rarest, such as a guest's commitments, vary by seed)
    kinds = {}
    for r in runs:
        for k in (r.get("kinds") or r.get("deviations") or {}):
            kinds[k] = kinds.get(k, 0) + 1
    print("\nruns with each deviation:", dict(sorted(kinds.items(), key=lambda kv: -kv[1])))
    for k in ("drop", "omit", "duplicate", "swap", "reorder-raw", "replay-same", "replay-fresh", "odd", "ev.version", "ev.kinds",
              "ev.keys", "ev.view", "ev.hash", "ev.deal.sealed", "welcome.commitment", "welcome-again.same", "welcome-again.other",
              "error.false-refusal", "fair.tamper", "act.action-legal", "sig.garbage", "click.illegal", "src.level-shopping",
              "src.refusal-handover-hidden", "src.refusal-handover-shown", "src.welcome-after-seal", "src.reveal-refusal-bot-closed"):
        assert kinds.get(k), (k, sorted(kinds))


def test_adversarial_fuzz_invariant_holds_on_every_run(fuzz):
    broken = [r for r in fuzz["runs"] if any(not v.get("known") for v in r.get("violations") or [])]
    known = {}
    for r in fuzz["runs"]:
        for v in r.get("violations") or []:
            if v.get("known"):
                known.setdefault(v["known"], set()).add(r["seed"])
    for bug, seeds in known.items():
        print(f"\nknown product bug {bug!r}: {len(seeds)} runs, e.g. {sorted(seeds)[:3]}")
    assert set(known) <= set(KNOWN), known
    assert not broken, "\n\n".join(explain(r) for r in broken[:5])


def test_adversarial_fuzz_nothing_threw(fuzz):
    """No exception in the product's tables or the harness on any run (a dishonest peer must only ever be refused)."""
    threw = [r for r in fuzz["runs"] if r.get("errors")]
    assert not threw, "\n\n".join(f"{r['seed']}: {r.get('errorText')}" for r in threw[:5])


def test_adversarial_fuzz_dishonest_hosts_are_caught_or_stalled(fuzz):
    """Invariant 3, counted: with a dishonest host, honest guests end verified, failing on the host, or with no verdict."""
    outcomes = [o for r in fuzz["runs"] if r.get("dishonest") == "host" for o in (r.get("outcomes") or {}).values()]
    assert outcomes
    # "moves:<kind>": a weaker verdict ("Moves verified; ..."), never "Verified fair", where this guest's own bytes are
    # not in the seed or a seat was dealt out (the host could have chosen)
    allowed = {"ok", "failed:host", "breach", "none"}
    assert {o for o in outcomes if not o.startswith("moves:")} <= allowed, set(outcomes) - allowed
    # the fuzz is not vacuous: hosts are caught, and many tables still end verified
    assert outcomes.count("failed:host") + outcomes.count("breach") > len(outcomes) / 10
    assert outcomes.count("ok") > len(outcomes) / 10


def test_adversarial_fuzz_fits_in_five_minutes(fuzz):
    """The fuzz's wall time, printed (1,200 runs by default; 2,000 took under 4.5 minutes on this 2-core machine
    when otherwise idle, the named cases seconds more); a figure, measured only when the load average was below 1.5
    as it started."""
    print(f"\nfuzz wall time {fuzz['wall']:.1f} s for {len(fuzz['runs'])} runs (load {fuzz['load']:.2f} as it started)")
    # a figure, not a timed assertion (the handbook: time figures belong to the bench, from a quiet machine)
    assert len(fuzz["runs"]) >= RUNS


# ----------------------------------------------------------------- the numbered reproductions of issue 23

@pytest.fixture(scope="module")
def cases():
    proc = subprocess.run([node(), "--import", str(REGISTER), str(FUZZ), "--case", "all", "--concurrency", "3"], cwd=ROOT,
                          capture_output=True, text=True, timeout=900, env=env())
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    out = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            if "case" in r:
                out[r["case"]] = r
    return out


def case(cases, name):
    r = cases[name]
    assert "error" not in r, r.get("error")
    return r


def verdict(r, seat):
    return r["verdicts"][str(seat)]


def test_adversarial_issue23_1_second_welcome_after_the_seal_is_a_breach(cases):
    r = case(cases, "welcome-after-seal")
    assert not r["violations"], explain(r)
    v = verdict(r, 0)
    assert v and not v["ok"] and v["blame"] == "host" and v["step"] == "the host keeps to the protocol", explain(r)
    assert "second welcome" in v["detail"]


def test_adversarial_issue23_2_reveal_before_every_commitment_is_a_breach(cases):
    r = case(cases, "reveal-before-commit")
    assert not r["violations"], explain(r)
    breached = [v for v in r["verdicts"].values() if v and not v["ok"]]
    assert breached and all(v["blame"] == "host" for v in breached), explain(r)
    assert any("before every seat of the round had committed" in v["detail"] for v in breached), explain(r)


def test_adversarial_issue23_3_false_refusal_and_hidden_one_move_handover_blames_the_host(cases):
    r = case(cases, "refusal-handover-hidden")
    assert not r["violations"], explain(r)
    v = verdict(r, 1)
    assert v and not v["ok"] and v["blame"] == "host", explain(r)
    assert v["step"] == "every move in your seat while you held it was yours", explain(r)


def test_adversarial_issue23_3_a_handover_shown_while_the_link_is_open_is_a_breach(cases):
    """Issue 42, 2: an event showing the guest's own seat held by a bot while its link stays open ends the table with
    the host named (an honest host closes the link first, with bye)."""
    r = case(cases, "refusal-handover-shown")
    assert not r["violations"], explain(r)
    v = verdict(r, 1)
    assert v and not v["ok"] and v["blame"] == "host" and v["step"] == "the host keeps to the protocol", explain(r)
    assert "gave your seat to a bot" in v["detail"], explain(r)


def test_adversarial_issue23_4_bot_level_shopping_blames_the_host(cases):
    r = case(cases, "level-shopping")
    assert not r["violations"], explain(r)
    v = verdict(r, 1)
    assert v and not v["ok"] and v["blame"] == "host", explain(r)
    assert v["step"] in ("every bot move was chosen at its seat's level, at its own position", "every bot move is the bot's own choice")


def test_adversarial_issue23_4_ply_shopping_blames_the_host(cases):
    r = case(cases, "ply-shopping")
    assert not r["violations"], explain(r)
    v = verdict(r, 0)
    assert v and not v["ok"] and v["blame"] == "host", explain(r)


def test_adversarial_issue23_5_a_guests_odd_reveal_is_refused_at_the_link(cases):
    r = case(cases, "guest-odd-reveal")
    assert not r["violations"], explain(r)
    assert r["oddSent"] >= 3 and r["hostRefusals"] >= 3, explain(r)
    for seat in (0, 1):
        assert verdict(r, seat) and verdict(r, seat)["ok"], explain(r)


def test_adversarial_issue23_6_false_refusal_of_a_valid_reveal_then_a_bot_blames_only_the_host(cases):
    r = case(cases, "reveal-refusal-bot-open")
    assert not r["violations"], explain(r)
    victim, other = verdict(r, 0), verdict(r, 1)
    assert victim and not victim["ok"] and victim["blame"] == "host", explain(r)
    assert other and other["ok"], explain(r)
    assert not any("fault" in n or "never came" in n for n in other["notes"]), explain(r)


def test_adversarial_issue23_6_the_same_with_the_victims_link_closed(cases):
    r = case(cases, "reveal-refusal-bot-closed")
    assert not r["violations"], explain(r)
    assert verdict(r, 0) is None  # its link closed: no `fair` reaches it
    other = verdict(r, 1)
    assert other and other["ok"] and not any("fault" in n for n in other["notes"]), explain(r)


def test_adversarial_issue23_7_junk_first_event_999999_records_nothing(cases):
    r = case(cases, "junk-999999")
    assert not r["violations"], explain(r)
    assert verdict(r, 0)["ok"], explain(r)


def test_adversarial_issue23_7_a_junk_event_with_a_right_hash_never_verifies(cases):
    r = case(cases, "junk-999999-right-hash")
    assert not r["violations"], explain(r)
    v = verdict(r, 0)
    assert v is None or (not v["ok"] and v["blame"] == "host"), explain(r)


def test_adversarial_issue23_8_a_rejoin_proof_replayed_at_another_invite_is_refused(cases):
    r = case(cases, "rejoin-proof-replayed")
    assert not r["violations"], explain(r)
    info = r.get("info") or {}
    assert r.get("refusedLine"), explain(r)  # the replayed proof was refused at the first host's rejoin invite
    assert info.get("thiefFailure") != "welcomed", info
    assert verdict(r, 0)["ok"], explain(r)  # the seat's own device rejoined and verified


def test_adversarial_issue23_9_handed_to_a_bot_before_the_deal_then_rejoined_verifies_its_moves(cases):
    """Seat 2 went to a bot as it sealed and came back mid-game: nobody is blamed, its moves verify, and no verdict says
    "Verified fair" about what no record proves: seat 2's bytes are not in the seed ("unseeded"); if its seal had
    made the final list before it left, the others' verdicts say it was dealt out ("partial")."""
    r = case(cases, "handed-before-deal-rejoined")
    assert not r["violations"], explain(r)
    assert r["rejoinedAt"] is not None, explain(r)
    assert verdict(r, 2)["kind"] == "unseeded" and not verdict(r, 2)["step"], explain(r)
    assert verdict(r, 1)["kind"] in ("fair", "partial") and not verdict(r, 1)["step"], explain(r)


def test_adversarial_issue23_9_a_seat_back_before_the_start_is_dealt_in_again(cases):
    """Every guest at the table before the game starts takes part in its deal (its state machine holds the host to
    that): a seat taken back before the start joins the open list again, or the deal is made again."""
    r = case(cases, "handed-before-deal-back-before-start")
    assert not r["violations"], explain(r)
    assert r["back"] and not r["back"]["started"] and 2 in r["back"]["seats"], (r["back"], explain(r))
    for seat in (1, 2):
        v = verdict(r, seat)
        assert v and v["ok"] and v["kind"] == "fair", explain(r)


def test_adversarial_issue23_9_a_seat_taken_back_as_the_game_starts_is_told_why_its_bytes_are_not_in(cases):
    """The game started without the seat (handed to a bot before the deal), taken back at the start: no honest party is
    blamed, and seat 2's verdict says from its own record why its bytes are not in the seed."""
    r = case(cases, "handed-before-deal-back-at-start")
    assert not r["violations"], explain(r)
    v = verdict(r, 2)
    assert v and not v["step"] and v["kind"] in ("fair", "unseeded"), explain(r)
    assert verdict(r, 1) and not verdict(r, 1)["step"], explain(r)


def test_adversarial_issue23_10_a_lost_commitment_is_sent_again_and_accepted(cases):
    """Found by this harness: the commitment went again with the old link's signature and the host refused it
    ("That message is not signed with your seat's key."), so the round never completed; it is now signed with
    the rejoined link's key (js/net/guest-protocol.js)."""
    r = case(cases, "commit-lost-rejoin")
    assert not r["violations"], explain(r)
    assert len(r["commits"]) >= 2 and len(set(r["commits"])) == 1, r["commits"]  # the same commitment, sent again
    assert verdict(r, 0) and verdict(r, 0)["ok"], explain(r)


def test_adversarial_a_guests_signed_illegal_reveal_is_its_own_fault(cases):
    r = case(cases, "guest-illegal-reveal")
    assert not r["violations"], explain(r)
    v = verdict(r, 0)
    assert v and v["ok"], explain(r)
    # said as what the record shows, never as blame (only the table code tells the key is really seat 2's player)
    assert any("(seat 2)" in n and "breaks the rules" in n for n in v["notes"]), explain(r)
    assert verdict(r, 1)["ok"] and any("You revealed a choice the rules refuse" in n for n in verdict(r, 1)["notes"]), explain(r)


def test_adversarial_an_illegal_reveal_by_the_rounds_first_seat_does_not_blame_the_honest_host(cases):
    """Found by this harness: the forfeited move of the round's first seat was asked for an `act` signature by every
    other guest's check (parlour/fairness_seats.py check_signatures), which then failed on the honest host."""
    r = case(cases, "guest-illegal-reveal-first-seat")
    assert not r["violations"], explain(r)
    v = verdict(r, 1)
    assert v["ok"], explain(r)
    assert any("(seat 1)" in n and "breaks the rules" in n for n in v["notes"]), explain(r)


@pytest.mark.parametrize("name", ["forfeit-takeover", "forfeit-takeover-witness"])
def test_adversarial_a_guests_move_taken_over_under_a_false_forfeit_is_caught(cases, name):
    """Like issue 23, 3 without the handover: the victim's move is falsely refused and the bot's choice played in its
    seat, accounted for by a "bot" forfeit.  Found by this harness (every check passed): a bot's choice now stands in a
    seat a person held only where that person's revealed choice broke the rules (parlour/fairness.py)."""
    r = case(cases, name)
    assert any(e["k"] == "src.forfeit-takeover.played" for e in r["log"]), explain(r)
    victim = 1 if name == "forfeit-takeover" else 0
    v = verdict(r, victim)
    assert v and not v["ok"] and v["blame"] == "host", explain(r)
    assert not [x for x in r["violations"] if not x.get("known")], explain(r)


@pytest.mark.parametrize("name", ["deal-without", "deal-without-one"])
def test_adversarial_a_guest_left_out_of_the_deal_does_not_verify(cases, name):
    """A guest that sealed its bytes as the deal was made and was left out of it must not verify the game as fair.
    Found by this harness: the guest's state machine now fails the host when a deal on the link it sealed on leaves it
    out, and the end check asks for its sealed bytes in the seed unless the host handed its seat to a bot first."""
    r = case(cases, name)
    victim = 0 if name == "deal-without" else 1
    v = verdict(r, victim)
    # never "Verified fair": the host named, or (when the list it showed was already final as the guest arrived, as
    # after a handover it could not see) the weaker verdict that says its bytes are not in the seed
    assert v and not v["ok"] and (v["blame"] == "host" or v["kind"] == "unseeded"), explain(r)
    if name == "deal-without":
        assert v["blame"] == "host", explain(r)
    assert not [x for x in r["violations"] if not x.get("known")], explain(r)


@pytest.mark.parametrize("name", ["frame", "frame-first-seat"])
def test_adversarial_a_host_cannot_frame_an_honest_guest_in_another_guests_eyes(cases, name):
    """Found by this harness: a host that showed a witness a commitment of its own making for the victim's seat and
    forfeited the victim's legal reveal as "illegal" with a matching move and nonce passed the witness's check, whose
    notes called the honest victim at fault.  An illegal forfeit now carries the victim's own signed reveal."""
    r = case(cases, name)
    assert not r["violations"], explain(r)
    for seat, v in r["verdicts"].items():
        assert v and not v["ok"] and v["blame"] == "host", explain(r)
        assert not any("fault" in n for n in v["notes"]), explain(r)
