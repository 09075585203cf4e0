"""parlour.trust.fairness.verify_fair: a guest's own end-of-game check, against honest and dishonest hosts.

Each dishonest host below was reproduced against the old check (issue 15) and passed it
as "Verified fair"; each must now fail at the step named, and a guest that cheats must be
named as the guest."""
import hashlib
import json

import pytest

from p2p_sim import SimTable, b64, forfeit_illegal, forfeit_to_bot
from parlour import api
from parlour.trust.fairness import derive_seed, verify_fair


def check(table, seat):
    return verify_fair({"mine": table.mines[seat], "fair": table.fair()})


def failed_step(outcome):
    return next((s for s in outcome["steps"] if not s["ok"]), None)


@pytest.mark.parametrize("game_id,kinds", [
    ("kings-progress", ["human", "remote", "remote"]),
    ("kings-cottage", ["human", "remote", "bot"]),
    ("castles", ["remote", "bot"]),
])
def test_p2p_honest_host_is_verified_fair(game_id, kinds):
    table = SimTable(game_id, kinds, seed=3).play()
    for seat in table.mines:
        outcome = check(table, seat)
        assert outcome["verified"], failed_step(outcome)
        assert len(outcome["steps"]) >= 8


def test_p2p_verify_fair_is_reachable_through_the_facade():
    table = SimTable("kings-progress", ["human", "remote"], seed=4).play()
    reply = json.loads(api.handle(json.dumps({"op": "verify_fair", "mine": table.mines[1], "fair": table.fair()})))
    assert reply["ok"] and reply["steps"] and all(s["ok"] for s in reply["steps"])


def test_p2p_host_cannot_list_bytes_for_its_own_seat():
    """Grinding through the host's own seat: bytes (and a seal signed by the host) for a seat that is the host's own."""
    table = SimTable("kings-progress", ["human", "remote"], seed=5).play()
    extra = b"\x07" * 32
    seal = {"hash": hashlib.sha256(extra).hexdigest(), "key": table.host_key}
    seal["sig"] = table.sign(None, {"what": "seal", "seat": 0, "hash": seal["hash"]})
    mine = dict(table.mines[1], dealt=dict(table.dealt(), seals={**table.dealt()["seals"], "0": seal},
                                           bytes={**table.dealt()["bytes"], "0": b64(extra)}), deal_list=None)
    fair = dict(table.fair(), seals=mine["dealt"]["seals"])
    fair["entropy"][0] = b64(extra)
    fair["seed"] = derive_seed(table.secret, [extra, table.entropy[1]])
    outcome = verify_fair({"mine": mine, "fair": fair})
    assert failed_step(outcome)["name"] == "only the guests' seats have random bytes in the seed"
    assert failed_step(outcome)["blame"] == "host"


def test_p2p_host_cannot_swap_a_guests_bytes_after_the_seals():
    table = SimTable("kings-progress", ["human", "remote", "remote"], seed=6).play()
    fair = table.fair()
    fair["entropy"][2] = b64(b"\x01" * 32)
    outcome = verify_fair({"mine": table.mines[1], "fair": fair})
    assert failed_step(outcome)["name"] == "the deal at the end is the one the game started with"
    # and a deal shown at the start with the swapped bytes is caught against the seal
    mine = dict(table.mines[1], dealt=dict(table.dealt(), bytes={**table.dealt()["bytes"], "2": fair["entropy"][2]}))
    outcome = verify_fair({"mine": mine, "fair": fair})
    assert "sealed before anyone revealed" in failed_step(outcome)["name"]


def test_p2p_host_cannot_replace_a_guests_move():
    table = SimTable("kings-progress", ["human", "remote"], seed=7)
    replaced = []

    def choose(t, seat):
        return None

    table.play(choose)
    fair = table.fair()
    # Find a guest move with another legal choice and play that one instead, keeping the game consistent:
    # the host would then send views of its own game, so replay from scratch with the swap.
    step = next(i for i, a in enumerate(fair["actions"]) if a["seat"] == 1)
    rebuilt = SimTable("kings-progress", ["human", "remote"], seed=7)
    for i, entry in enumerate(fair["actions"]):
        seat, action = entry["seat"], entry["action"]
        if i == step:
            others = [a for a in rebuilt.game.legal_actions(rebuilt.state, seat) if a != action]
            if others:
                action = others[0]
                replaced.append(i)
        if rebuilt.game.is_over(rebuilt.state):
            break
        try:
            rebuilt.play_person(seat, action, sent=False)
        except Exception:
            break
    assert replaced
    # the guest's record: what it really sent, with the views the dishonest host showed it
    mine = dict(rebuilt.mines[1], sent=table.mines[1]["sent"][:1])
    fair2 = rebuilt.fair()
    outcome = verify_fair({"mine": mine, "fair": fair2})
    assert failed_step(outcome)["name"].startswith("every move you sent was played as sent")


def test_p2p_host_cannot_play_a_move_the_guest_never_sent():
    table = SimTable("kings-progress", ["human", "remote"], seed=8).play()
    mine = dict(table.mines[1], sent=table.mines[1]["sent"][:-1])
    outcome = verify_fair({"mine": mine, "fair": table.fair()})
    assert "you never sent it" in failed_step(outcome)["detail"]


def test_p2p_unlisted_bot_moves_fail_the_check():
    table = SimTable("kings-progress", ["bot", "remote"], seed=9).play()
    fair = table.fair()
    fair["bots"] = fair["bots"][1:]
    outcome = verify_fair({"mine": table.mines[1], "fair": fair})
    assert failed_step(outcome)["name"] == "every move by a bot is listed and checked"


def test_p2p_replaced_bot_move_fails_the_check():
    table = SimTable("kings-progress", ["bot", "remote"], seed=10).play()
    fair = table.fair()
    # a bot step whose move the host swaps for another legal one (replayable because we rebuild)
    rebuilt = SimTable("kings-progress", ["bot", "remote"], seed=10)
    swapped = False
    for i, entry in enumerate(fair["actions"]):
        seat, action = entry["seat"], entry["action"]
        if not swapped and seat == 0:
            others = [a for a in rebuilt.game.legal_actions(rebuilt.state, 0) if a != action]
            if others:
                action, swapped = others[-1], True
        if rebuilt.game.is_over(rebuilt.state):
            break
        try:
            if seat == 0:
                rebuilt.apply(seat, action, by_bot=True)
            else:
                rebuilt.play_person(seat, action, sent=False)
        except Exception:
            break
    assert swapped
    mine = dict(rebuilt.mines[1], sent=[])
    outcome = verify_fair({"mine": mine, "fair": rebuilt.fair()})
    assert failed_step(outcome)["name"] == "every bot move is the bot's own choice"


def test_p2p_bot_choices_in_secret_rounds_are_listed_and_checked():
    table = SimTable("kings-cottage", ["remote", "bot", "bot"], seed=11).play()
    fair = table.fair()
    round_bots = [b for b in fair["bots"] if b["ply"] != b["step"]]
    assert round_bots, "King's Cottage investments by bots are chosen at the round's opening"
    assert check(table, 0)["verified"]
    fair["bots"] = [b for b in fair["bots"] if b not in round_bots[:1]]
    outcome = verify_fair({"mine": table.mines[0], "fair": fair})
    assert failed_step(outcome)["name"] == "every move by a bot is listed and checked"


def test_p2p_illegal_reveal_forfeits_and_blames_the_guest():
    bogus = {"type": "bogus"}
    done = []

    def hook(t, info):
        if not done and 1 in info["sealed"]:
            forfeit_illegal(t, info, 1, bogus)
            done.append(info["version"])

    table = SimTable("kings-cottage", ["human", "remote", "remote"], seed=12).play(round_hook=hook)
    assert done
    outcome = check(table, 2)
    assert outcome["verified"], failed_step(outcome)
    # said as what the record shows (a reveal signed with seat 2's key), never as blame: only the table code tells that
    # key is really seat 2's player
    assert any("{p1} (seat 2)" in n and "breaks the rules" in n for n in outcome["notes"])
    assert not any("fault" in n for n in outcome["notes"])
    # the cheating guest's own check also passes: its move was refused by the rules, openly
    assert check(table, 1)["verified"]


def test_p2p_host_cannot_claim_a_legal_reveal_was_illegal():
    done = []

    def hook(t, info):
        if not done and 1 in info["sealed"]:
            legal_choice = info["sealed"][1]["action"]
            forfeit_illegal(t, info, 1, legal_choice)
            done.append(True)

    table = SimTable("kings-cottage", ["human", "remote", "remote"], seed=13).play(round_hook=hook)
    outcome = check(table, 2)
    assert failed_step(outcome)["name"] == "every forfeited choice was really against the rules"
    assert failed_step(outcome)["blame"] == "host"


def test_p2p_missing_reveal_handed_to_bot_is_named_not_failed():
    """The guest stalled: it sealed and never revealed, and the host handed its seat to a bot."""
    done = []

    def hook(t, info):
        if not done and 1 in info["sealed"]:
            forfeit_to_bot(t, info, 1)
            t.mines[1]["sent"] = [s for s in t.mines[1]["sent"] if not (s["version"] == info["version"] and s["kind"] == "reveal")]
            done.append(True)

    table = SimTable("kings-cottage", ["human", "remote", "remote"], seed=14).play(round_hook=hook)
    outcome = check(table, 2)
    assert outcome["verified"], failed_step(outcome)
    assert any("handed {p1} (seat 2) to a bot" in n for n in outcome["notes"])
    outcome = check(table, 1)
    assert outcome["verified"], failed_step(outcome)
    assert any("handed your seat to a bot" in n for n in outcome["notes"])


def test_p2p_forge_a_reveal_never_acknowledged_then_replaced_by_a_bot_is_the_hosts_doing():
    """Issue 42, N2: the host never acknowledges the guest's reveal and hands the seat to a bot for the round: an honest
    host handles everything a guest sent before its bye reply, so the bot's choice in place of a sent reveal is the host's."""
    done = []

    def hook(t, info):
        if not done and 1 in info["sealed"]:
            c = forfeit_to_bot(t, info, 1)
            if c["replacement"] == c["action"]:
                return
            for s in t.mines[1]["sent"]:
                if s["version"] == info["version"] and s["kind"] == "reveal":
                    s["received"] = False  # never acknowledged
            done.append(True)

    table = SimTable("kings-cottage", ["human", "remote", "remote"], seed=14).play(round_hook=hook)
    assert done
    outcome = check(table, 1)
    assert failed_step(outcome)["name"] == "no move or reveal you sent was replaced by a bot's"
    assert failed_step(outcome)["blame"] == "host"
    assert check(table, 2)["verified"]  # the witness cannot tell: only the victim's own record shows the reveal was sent


def test_p2p_host_cannot_override_a_received_reveal_with_a_bot():
    done = []

    def hook(t, info):
        if not done and 1 in info["sealed"]:
            c = forfeit_to_bot(t, info, 1)
            replacement = [a for a in t.game.legal_actions(t.state, 1) if a != c["action"]]
            done.append(replacement)

    table = SimTable("kings-cottage", ["human", "remote", "remote"], seed=15).play(round_hook=hook)
    outcome = check(table, 1)
    # the guest's reveal was received, so the host had to play it (unless it matched the bot's by chance)
    assert not outcome["verified"]
    assert failed_step(outcome)["name"].startswith("every move you sent was played")


def test_p2p_timeline_must_match_what_the_guest_was_shown():
    table = SimTable("kings-progress", ["human", "remote", "remote"], seed=16).play()
    fair = table.fair()
    fair["control"].append({"version": 1, "seat": 2, "kind": "bot"})  # never shown to anyone
    outcome = verify_fair({"mine": table.mines[1], "fair": fair})
    assert failed_step(outcome)["name"] == "every seat was played by whom you were shown"


def test_p2p_a_lobby_seat_never_changes_hands():
    table = SimTable("kings-progress", ["bot", "remote"], seed=16).play()
    fair = table.fair()
    fair["control"][0] = {"version": 0, "seat": 0, "kind": "human"}
    outcome = verify_fair({"mine": table.mines[1], "fair": fair})
    assert failed_step(outcome)["name"] == "every seat changed hands only as the table's seating allows"


def test_p2p_malformed_fair_message_fails_cleanly():
    table = SimTable("kings-progress", ["human", "remote"], seed=17).play()
    for broken in ({"secret": 5}, {"actions": "x"}, {"control": [{"seat": 0}]}, {"entropy": None}):
        fair = dict(table.fair(), **broken)
        outcome = verify_fair({"mine": table.mines[1], "fair": fair})
        assert not outcome["verified"]


def test_p2p_seed_commitment_hash_is_sha256_of_the_bytes():
    table = SimTable("kings-progress", ["human", "remote"], seed=18)
    sealed = table.mines[1]["deal_list"]["1"]
    assert sealed == hashlib.sha256(table.entropy[1]).hexdigest()


def test_p2p_forge_searched_bot_moves_wait_for_stage_two_and_are_searched_again_there():
    """Stage one lists the searching bots' moves (Easy here) instead of searching them; `recheck_bots` searches each
    again at its own position and finds a move that is not the bot's own choice."""
    table = SimTable("kings-progress", ["bot", "remote"], seed=19, level="easy").play()
    first = verify_fair({"mine": table.mines[1], "fair": table.fair(), "defer_bots": True})
    assert first["verified"] and first["kind"] == "fair", failed_step(first)
    assert first["pending"] and {p["bot"] for p in first["pending"]} == {"easy"}
    assert [p["step"] for p in first["pending"]] == [b["step"] for b in table.fair()["bots"]]
    job = {"op": "recheck_bots", "game": "kings-progress", "players": 2, "seed": table.seed, "options": {},
           "actions": table.fair()["actions"], "checks": first["pending"][:3]}
    reply = json.loads(api.handle(json.dumps(job)))
    assert reply["ok"] and [r["ok"] for r in reply["results"]] == [True, True, True]
    # a bot move swapped for another legal one: searched again, it is not the bot's choice
    step = first["pending"][0]["step"]
    rebuilt = SimTable("kings-progress", ["bot", "remote"], seed=19, level="easy")
    for i, entry in enumerate(table.fair()["actions"][:step + 1]):
        action = entry["action"]
        if i == step:
            action = next(a for a in rebuilt.game.legal_actions(rebuilt.state, 0) if a != action)
        rebuilt.state = rebuilt.game.apply(rebuilt.state, entry["seat"], action)
        rebuilt.actions.append({"seat": entry["seat"], "action": action})
    reply = json.loads(api.handle(json.dumps(dict(job, actions=rebuilt.actions, checks=[first["pending"][0]]))))
    assert reply["results"] == [{"step": step, "ok": False}]
    # the cheap bots' moves are checked in stage one: nothing waits
    cheap = SimTable("kings-progress", ["bot", "remote"], seed=19).play()
    assert verify_fair({"mine": cheap.mines[1], "fair": cheap.fair(), "defer_bots": True})["pending"] == []


def test_p2p_forge_a_bot_listed_at_a_later_position_fails_stage_one_even_when_deferred():
    table = SimTable("kings-progress", ["bot", "remote"], seed=20, level="easy").play()
    fair = table.fair()
    fair["bots"][1]["ply"] = fair["bots"][1]["step"] + 1
    outcome = verify_fair({"mine": table.mines[1], "fair": fair, "defer_bots": True})
    assert not outcome["verified"] and failed_step(outcome)["blame"] == "host"
