"""Issue 42, item 5(b) and (c): coherent dishonest hosts, each a scripted multi-step strategy played through the real
host and guest code (tests/adversary/strategies.mjs, under node with the CPython engine), judged by the fuzzer's
invariant on every run and, for the forks, by the judge across runs (tests/adversary/fork-judge.mjs):

    no honest device shows "Verified fair" for a game other than an honest run of its own inputs with its own
    bytes in the seed, unless its table code differs from another honest device's; and no honest party is ever
    blamed.

Each strategy is one that made an honest guest's screen say "Verified fair" (or blamed an honest host) before the
verdict rested only on the guest's own record.  Replay one with
    node --import ./tests/adversary/register.mjs tests/adversary/strategies.mjs <name>
"""
import json
import os
import subprocess
import sys

import pytest

from test_adversarial_fuzz import REGISTER, ROOT, env, node

STRATEGIES = ROOT / "tests" / "adversary" / "strategies.mjs"


@pytest.fixture(scope="module")
def runs():
    proc = subprocess.run([node(), "--import", str(REGISTER), str(STRATEGIES), "all"], cwd=ROOT, capture_output=True,
                          text=True, timeout=900, env=env())
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    out = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            out[r["strategy"]] = r
    return out


def run_of(runs, name):
    r = runs[name]
    assert "error" not in r, r.get("error")
    for part in (r, r.get("a"), r.get("b")):
        if part:
            assert not part.get("violations"), json.dumps(part.get("violations"), indent=1)[:4000]
            assert not part.get("errors"), part.get("errors")
    return r


def verdict(r, seat):
    return r["verdicts"][str(seat)]


def test_adversarial_two_forks_with_ghost_keys_show_different_table_codes(runs):
    """The host runs a game for Ann with a ghost of Bob and a game for Bob with a ghost of Ann (same table id, host key
    and commitment).  Each fork may verify on its own, but the two honest guests' table codes differ, so comparing
    them shows the fork; and nobody honest is blamed."""
    r = run_of(runs, "forks-with-ghost-keys")
    forks = r["forks"]
    assert not forks["violations"], forks
    assert forks["differ"], forks["codes"]
    assert all(code for code in forks["codes"].values()), forks


def test_adversarial_forks_with_a_ghosts_illegal_reveal_blame_no_honest_guest(runs):
    """In Bob's fork of King's Cottage the ghost of Ann reveals a choice the rules refuse: Bob's verdict says what its
    record shows (a reveal signed with the key its table code covers) and never calls Ann at fault."""
    r = run_of(runs, "forks-with-ghost-keys-illegal-reveal")
    assert not r["forks"]["violations"], r["forks"]
    assert r["forks"]["differ"], r["forks"]["codes"]
    bob = verdict(r["b"], 1)
    assert bob is not None
    assert any("breaks the rules" in n for n in bob["notes"]), bob
    assert not any("fault" in n for n in bob["notes"]), bob


def test_adversarial_a_redeal_until_a_chosen_seed_ends_the_table_naming_the_host(runs):
    """Issue 42, 1: the host announces "the deal is made again" until the seed suits it.  The deal is made once: the
    first announcement ends every guest's table with the host named, and no seed of its choosing is ever played."""
    r = run_of(runs, "redeal-until-chosen-seed")
    assert r["info"]["attempts"] == 1, r["info"]
    for seat in (0, 1):
        v = verdict(r, seat)
        assert v and not v["ok"] and v["blame"] == "host" and v["step"] == "the host keeps to the protocol", v
        assert "commitment changed" in v["detail"]
    assert r["moves"] == 0


def test_adversarial_a_later_deal_round_mid_game_ends_the_table_naming_the_host(runs):
    """Issue 42, A: at move 7 the host sends a waiting event with a later deal round and a new commitment on the open
    link: the guest's record of the deal cannot change once it saw the game, so the table ends with the host named."""
    r = run_of(runs, "later-deal-round-mid-game")
    for seat in (0, 1):
        v = verdict(r, seat)
        assert v and not v["ok"] and v["blame"] == "host", v
        assert "after the game had started" in v["detail"], v


def test_adversarial_started_at_move_0_is_never_verified_fair(runs):
    """Issue 42, C: a guest invited before the game is welcomed as if it joined late, never seals, and the seed is made
    without it.  Its first game event came at move 0, so it is not provably late: its verdict is the weaker one that
    says its bytes are not in the seed."""
    r = run_of(runs, "started-at-move-0")
    v = verdict(r, 1)
    assert v and not v["ok"] and v["kind"] == "unseeded" and not v["step"], v
    assert verdict(r, 0)["ok"], verdict(r, 0)


def test_adversarial_dropped_with_no_handover_is_never_verified_fair(runs):
    """Issue 42, D: the guest seals, the host cuts its link before asking for its bytes (no bot ever holds the seat),
    deals without it, welcomes it back as if it came late and lists it as dropped: never "Verified fair"."""
    r = run_of(runs, "dropped-without-handover")
    assert r["info"]["rejoined"] is not None, r["info"]
    v = verdict(r, 1)
    assert v and not v["ok"] and (v["kind"] == "unseeded" or v["blame"] == "host"), v


@pytest.mark.parametrize("name", ["reload-between-seal-and-first-move", "reload-between-reveal-and-first-move"])
def test_adversarial_a_reload_before_the_first_move_blames_nobody(runs, name):
    """Issue 42, E: every party honest; a guest's page reloads after sealing (or after revealing its bytes) and before
    the first move.  Its key survives the reload, so its seal's signature still checks: everyone verifies fair."""
    r = run_of(runs, name)
    assert r["info"]["reloaded"] and not r["info"]["reloaded"]["started"], r["info"]
    for seat in (0, 1):
        v = verdict(r, seat)
        assert v and v["ok"] and v["kind"] == "fair", v


def test_adversarial_a_reload_right_after_a_reveal_counts_the_reveal_and_blames_nobody(runs):
    """Every party honest; a guest's page reloads right after it sent its secret choice, while the choice still waits
    in the host's queue behind the closed link.  The reveal is signed with the seat's key, so the host handles it
    (dropping it would let a bot's choice replace it, and the guest's record would blame an honest host)."""
    r = run_of(runs, "reload-right-after-reveal")
    assert r["info"]["cut"] is not None and r["info"]["counted"], r["info"]
    for seat in (0, 1):
        v = verdict(r, seat)
        assert v and v["ok"] and v["kind"] == "fair" and not v["blame"], v


def test_adversarial_a_one_move_handover_on_a_links_first_event_names_the_host(runs):
    """Issue 42, 2: the host cuts the guest's link on its turn; once the new link's first event shows the guest holding
    its seat, the host plays the bot's choice there and hands the seat back, never showing it."""
    r = run_of(runs, "one-move-handover-on-first-event")
    assert r["info"].get("playedAt") is not None, r["info"]
    v = verdict(r, 1)
    assert v and not v["ok"] and v["blame"] == "host", v
    assert v["step"] in ("every move in your seat while you held it was yours", "no move or reveal you sent was replaced by a bot's"), v


def test_adversarial_a_reveal_never_acknowledged_names_the_host(runs):
    """Issue 42, N2: the host never acknowledges the guest's reveal and hands the seat to a bot for the round, so the
    bot's choice replaces the sealed one: an honest host handles what a guest sent before its bye reply."""
    r = run_of(runs, "reveal-never-acknowledged")
    assert r["info"]["swallowed"] and r["info"]["differs"], r["info"]
    v = verdict(r, 0)
    assert v and not v["ok"] and v["blame"] == "host", v
    assert v["step"] == "no move or reveal you sent was replaced by a bot's", v
    witness = verdict(r, 1)
    assert witness and not any("fault" in n for n in witness["notes"]), witness


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", *os.sys.argv[1:]]))
