"""The numbered breaks of issue 23, reproduced against a guest's own end check (parlour.trust.fairness).

Each dishonest host here passed the previous check as "Verified fair", or made it blame an
honest party.  Now each fails at a named step with the host to blame, and no honest guest is
ever blamed.  The guest's side of the same breaks (what it refuses to send, and when) is
tested in tests/test_guest_protocol_adversarial.py; the seeded fuzzer over the real host and
guest code is tests/test_adversarial_fuzz.py.
"""
import copy

import pytest

from p2p_sim import SKIP, SimTable, forfeit_to_bot
from p256_signer import new_key
from parlour.trust.fairness import commitment_for, verify_fair


def outcome_of(table, seat, fair=None, mine=None):
    return verify_fair({"mine": mine or table.mines[seat], "fair": fair or table.fair()})


def failed(outcome):
    return next((s for s in outcome["steps"] if not s["ok"]), None)


def first_step_of(table, seat, kind="act"):
    return next(s["version"] for s in table.mines[seat]["sent"] if s["kind"] == kind)


class Hijack:
    """Plays the game, but at `at` the host plays `seat`'s move itself under a handover listed as `kind`,
    after a false refusal of the guest's own move, and hands the seat straight back; the guest is
    never shown the change (its events show itself holding the seat throughout)."""

    def __init__(self, seat, at, kind):
        self.seat, self.at, self.kind, self.done = seat, at, kind, False

    def __call__(self, table, seat):
        if seat != self.seat or table.version < self.at or self.done:
            return None
        self.done = True
        legal = table.game.legal_actions(table.state, seat)
        sent, other = legal[0], legal[-1]
        table.mines[seat]["sent"].append({"kind": "act", "version": table.version, "action": sent,
                                          "received": True, "refused": True})  # the false refusal
        table.control.append({"version": table.version, "seat": seat, "kind": self.kind})
        if self.kind == "bot":
            table.apply(seat, table.bot_choice(seat), by_bot=True)
        else:
            table.apply(seat, other, sig=table.sign(None, {"what": "act", "seat": seat, "version": table.version - 0,
                                                            "action": other}))
        table.control.append({"version": table.version, "seat": seat, "kind": "remote"})
        return SKIP


def test_forge_3_one_move_handover_to_the_hosts_person_is_refused():
    table = SimTable("kings-progress", ["human", "remote"], seed=31).play(Hijack(1, 4, "human"))
    outcome = outcome_of(table, 1)
    assert failed(outcome)["name"] == "every seat changed hands only as the table's seating allows"
    assert failed(outcome)["blame"] == "host"


def test_forge_3_one_move_handover_to_a_bot_behind_the_guests_back_is_refused():
    table = SimTable("kings-progress", ["human", "remote"], seed=32).play(Hijack(1, 4, "bot"))
    outcome = outcome_of(table, 1)
    assert failed(outcome)["name"] == "every move in your seat while you held it was yours"
    assert failed(outcome)["blame"] == "host"


class RefuseThenHandOver:
    """At `at` the host falsely refuses the guest's legal move, closes its link as an honest handover does (bye), plays
    the bot's seeded choice in the seat, and lets the guest back on a new link: every step looks like a handover of a
    stalled seat, but the guest's own record holds a move the rules allowed, refused, and replaced."""

    def __init__(self, seat, at):
        self.seat, self.at, self.done = seat, at, False

    def __call__(self, table, seat):
        if seat != self.seat or table.version < self.at or self.done:
            return None
        bot = table.bot_choice(seat)
        sent = next((a for a in table.game.legal_actions(table.state, seat) if a != bot), None)
        if sent is None:
            return None
        self.done = True
        table.track(seat, "act", table.version, sent, received=True, refused=True)  # the false refusal
        table.hand_over(seat, "bot")
        table.apply(seat, bot, by_bot=True)
        table.hand_over(seat, "remote")
        return SKIP


def test_forge_2_a_false_refusal_then_a_bot_handover_names_the_host():
    """Issue 42, 2: the host refuses the guest's move, hands the seat to a bot (closing the link properly) for that move,
    and gives the seat back.  The move it refused was legal there, and a bot's was played in its place."""
    table = SimTable("kings-progress", ["human", "remote"], seed=36).play(RefuseThenHandOver(1, 4))
    outcome = outcome_of(table, 1)
    assert failed(outcome)["name"] == "no move or reveal you sent was replaced by a bot's"
    assert failed(outcome)["blame"] == "host"


def test_forge_3_a_handover_the_guest_was_shown_is_named_not_failed():
    """The honest version: the host closes the guest's link, hands the seat to a bot, and later gives it back."""
    table = SimTable("kings-progress", ["human", "remote"], seed=33)
    turns = [0]

    def choose(t, seat):
        if seat == 1:
            turns[0] += 1
            if turns[0] == 3:
                t.hand_over(1, "bot")
                t.apply(1, t.bot_choice(1), by_bot=True)
                t.hand_over(1, "remote")  # it rejoins (its new link's events show it holding the seat again)
                return SKIP
        return None

    table.play(choose)
    assert turns[0] >= 3
    outcome = outcome_of(table, 1)
    assert outcome["verified"], failed(outcome)
    assert any("handed your seat to a bot" in n for n in outcome["notes"])


def test_forge_4_bot_level_shopping_is_refused():
    table = SimTable("kings-progress", ["bot", "remote"], seed=34).play()
    fair = table.fair()
    fair["bots"][2]["bot"] = "easy"  # whichever level's seeded choice the host liked better
    outcome = outcome_of(table, 1, fair)
    assert failed(outcome)["name"] == "every bot move was chosen at its seat's level, at its own position"


def test_forge_4_ply_shopping_is_refused():
    table = SimTable("castles", ["bot", "remote"], seed=35).play()
    fair = table.fair()
    late = next(b for b in fair["bots"] if b["step"] >= 4)
    late["ply"] = late["step"] - 2  # an earlier position whose choice is still legal
    outcome = outcome_of(table, 1, fair)
    assert failed(outcome)["name"] == "every bot move was chosen at its seat's level, at its own position"


def test_forge_2_a_choice_sealed_after_seeing_the_guests_is_caught():
    """The host reads the guest's reveal, then seals the opposite for its own seat."""
    done = []

    def hook(t, info):
        if done or 1 not in info["sealed"] or 0 not in info["sealed"]:
            return
        legal = t.game.legal_actions(t.state, 0)
        other = next((a for a in legal if a != info["sealed"][0]["action"]), None)
        if other is None:
            return
        nonce = "ab" * 16
        info["sealed"][0].update(action=other, nonce=nonce, hash=commitment_for(other, nonce))
        for mine in t.mines.values():  # what the events showed afterwards; the guest's reveal-time record keeps the old one
            for c in mine["commits"]:
                if c["seat"] == 0 and c["version"] == info["version"]:
                    c["hash"] = info["sealed"][0]["hash"]
        done.append(True)

    table = SimTable("kings-cottage", ["human", "remote"], seed=36).play(round_hook=hook)
    assert done
    outcome = outcome_of(table, 1)
    assert failed(outcome)["name"] == "nobody sealed a choice after seeing yours"
    assert failed(outcome)["blame"] == "host"


def test_forge_6_false_refusal_of_a_valid_reveal_blames_the_host_and_nobody_else():
    done = []

    def hook(t, info):
        if not done and 1 in info["sealed"]:
            forfeit_to_bot(t, info, 1)  # the host refused the reveal it received, then handed the seat over
            done.append(True)

    table = SimTable("kings-cottage", ["human", "remote", "remote"], seed=37).play(round_hook=hook)
    assert done
    victim = outcome_of(table, 1)
    assert failed(victim)["name"].startswith("every move you sent was played") and failed(victim)["blame"] == "host"
    other = outcome_of(table, 2)
    assert other["verified"], failed(other)
    assert not any("never came" in n for n in other["notes"]), "the honest guest is not said to have failed to reveal"


def test_forge_signed_moves_a_host_cannot_put_words_in_another_guests_mouth():
    """Guest 2's check covers guest 1's moves too: the host cannot list a move guest 1 never signed."""
    table = SimTable("kings-progress", ["human", "remote", "remote"], seed=38)
    swapped = []

    def choose(t, seat):
        if seat == 1 and not swapped and t.version > 3:
            legal = t.game.legal_actions(t.state, 1)
            t.apply(1, legal[-1], sig=t.sign(None, {"what": "act", "seat": 1, "version": t.version, "action": legal[-1]}))
            swapped.append(t.version)
            return SKIP
        return None

    table.play(choose)
    outcome = outcome_of(table, 2)
    assert failed(outcome)["name"] == "every move by another player carries that player's signature"
    assert failed(outcome)["blame"] == "host"


def test_forge_7_a_key_timeline_that_starts_late_is_refused():
    """The old junk event with version 999999 set joined_at; now nothing is taken from an unchecked event:
    a key timeline claiming this guest's key began later (so earlier moves were not its own) fails."""
    table = SimTable("kings-progress", ["human", "remote"], seed=39).play()
    fair = table.fair()
    _, stranger = new_key(999)
    fair["keys"] = [{"version": 0, "seat": 1, "key": stranger}, {"version": 6, "seat": 1, "key": table.key_of[1]}]
    outcome = outcome_of(table, 1, fair)
    assert failed(outcome)["name"] == "every seat's key is the one you were shown"


def _seat_two_out_of_the_deal(seed):
    """A 3-seat table whose seat 2 sealed and was handed to a bot before every seal was in: its link closed with the
    host's bye, and the deal was made without it (it left the open list)."""
    table = SimTable("kings-progress", ["human", "remote", "remote"], seed=seed)
    table.redeal(2)
    table.kinds[2] = "bot"
    table.control[2] = {"version": 0, "seat": 2, "kind": "bot"}
    table.open[2]["bye"] = 1
    table.open[2] = None
    table.observe()
    return table


def test_forge_9_guest_handed_to_a_bot_before_the_deal_then_rejoined_verifies_its_moves():
    """Seat 2 left the deal (handed to a bot before every seal was in) and came back mid-game with its own key: nobody
    is blamed, and seat 2's verdict is the weaker one its record proves (its bytes are not in the seed)."""
    table = _seat_two_out_of_the_deal(40)
    rejoined = []

    def choose(t, seat):
        if not rejoined and t.version >= 5:
            t.reconnect(2)
            t.hand_over(2, "remote")
            rejoined.append(t.version)
        return None

    table.play(choose)
    assert rejoined
    outcome = outcome_of(table, 1)
    assert outcome["verified"] and outcome["kind"] == "fair", failed(outcome)
    outcome = outcome_of(table, 2)
    assert outcome["verified"], failed(outcome)
    assert outcome["kind"] == "unseeded" and "before you were asked for them" in outcome["reason"]


def test_forge_a_new_player_who_joined_mid_game_gets_moves_verified_not_verified_fair():
    """A new player invite for seat 2 at move 5: a fresh key, no seal, its first game event after the first move."""
    table = _seat_two_out_of_the_deal(44)
    late = table.mines[2]
    joined = []

    def choose(t, seat):
        if not joined and t.version >= 5:
            private, fresh = new_key(4242)
            t.private[2], t.key_of[2] = private, fresh
            t.keys.append({"version": t.version, "seat": 2, "key": fresh})
            late.update(my_keys=[fresh], sealed=None, entropy=None, deal_list=None, sent=[], first_game=t.version,
                        links=[{"link": 1, "first": None, "held": None, "last": None, "bye": None}])
            t.open[2] = late["links"][0]
            t.hand_over(2, "remote")
            joined.append(t.version)
        return None

    table.play(choose)
    assert joined
    outcome = outcome_of(table, 2)
    assert outcome["verified"] and outcome["kind"] == "late" and outcome["reason"] == "the deal was made before you joined"
    assert outcome_of(table, 1)["kind"] == "fair"


@pytest.mark.parametrize("value", [1e-7, 0.25, 1.0])
def test_forge_5_a_value_the_two_languages_spell_differently_is_never_hashed(value):
    """A reveal carrying a float has no canonical spelling: the honest host's link refuses it (js/net/link.js);
    a host that lists one anyway cannot make the check hash other bytes than JavaScript did."""
    table = SimTable("kings-cottage", ["human", "remote"], seed=41).play()
    fair = copy.deepcopy(table.fair())
    fair["reveals"][0]["action"]["odd"] = value
    outcome = outcome_of(table, 1, fair)
    assert not outcome["verified"]
    assert failed(outcome)["blame"] == "host"


def test_forge_a_host_cannot_frame_an_honest_guest_with_an_illegal_reveal_it_made_up():
    """The host shows a witness a commitment of its own making for guest 1, then forfeits guest 1's choice as
    'illegal' with the matching move and nonce: the witness must not call guest 1 at fault, since guest 1 never
    signed that reveal; the host is named instead."""
    done = []

    def hook(t, info):
        if not done and 1 in info["sealed"]:
            from p2p_sim import forfeit_illegal
            forfeit_illegal(t, info, 1, {"type": "bogus"})
            forged = info["sealed"][1]["forfeit"]
            forged["sig"] = t.sign(None, {"what": "reveal", "seat": 1, "version": info["version"],
                                          "action": forged["action"], "nonce": forged["nonce"]})  # the host's key, not guest 1's
            done.append(True)

    table = SimTable("kings-cottage", ["human", "remote", "remote"], seed=42).play(round_hook=hook)
    assert done
    witness = outcome_of(table, 2)
    assert failed(witness)["name"] == "every choice said to break the rules was revealed and signed by its player"
    assert failed(witness)["blame"] == "host"
    assert not any("guest's fault" in n for n in witness["notes"])


def test_forge_a_forfeited_choice_of_the_rounds_first_seat_needs_no_move_signature():
    """Found by the fuzzer: the bot's replacement for the first seat's forfeited choice was asked for an `act` signature."""
    done = []

    def hook(t, info):
        first = min(info["sealed"])
        if not done and t.kinds[first] == "remote":
            from p2p_sim import forfeit_illegal
            forfeit_illegal(t, info, first, {"type": "bogus"})
            done.append(first)

    table = SimTable("kings-cottage", ["remote", "remote", "human"], seed=43).play(round_hook=hook)
    assert done
    for seat in (0, 1):
        outcome = outcome_of(table, seat)
        assert outcome["verified"], (seat, failed(outcome))


def test_forge_a_guest_left_out_of_the_deal_it_sealed_for_does_not_verify():
    """Found by the fuzzer: a host that never asked for a sealed guest's bytes made the seed from its own secret
    and the others' bytes, and the guest verified the game.  The game started on the very link where the host
    accepted its seal: the host's doing."""
    table = SimTable("kings-progress", ["remote", "bot"], seed=51)
    table.redeal(0)
    table.play()
    outcome = outcome_of(table, 0)
    assert failed(outcome)["name"] == "your random bytes went into the seed"
    assert failed(outcome)["blame"] == "host"


def test_forge_a_seat_that_left_the_deal_by_going_to_a_bot_gets_the_weaker_verdict():
    """The honest version: the seat was handed to a bot before every seal was in (its link closed with the host's
    bye) and came back: its moves verify, and its verdict says its bytes are not in the seed."""
    table = SimTable("kings-progress", ["remote", "bot"], seed=51)
    table.redeal(0)
    table.reconnect(0)
    table.observe()
    table.play()
    outcome = outcome_of(table, 0)
    assert outcome["verified"], failed(outcome)
    assert outcome["kind"] == "unseeded"


def test_forge_dropped_with_no_handover_is_never_verified_fair():
    """Issue 42, D: the guest seals, the host closes its link before asking for its bytes, welcomes it back as if the
    game had started and lists it as dropped, though no bot ever held the seat.  Whatever the host says, the
    guest's own record shows its bytes are not in the seed: never "Verified fair"."""
    table = SimTable("kings-progress", ["remote", "bot"], seed=53)
    table.redeal(0)
    table.reconnect(0, bye=False)
    table.observe()
    table.play()
    outcome = outcome_of(table, 0)
    assert outcome["kind"] != "fair"
    assert outcome["kind"] == "unseeded" or failed(outcome)["blame"] == "host"


def test_forge_a_seat_dealt_out_of_the_final_list_makes_every_verdict_partial():
    """A guest sealed, the list was final, its bytes never came, and the host dealt it out with its seal listed (no
    second deal): the others' verdicts say the host could have chosen whether to count those bytes."""
    table = SimTable("kings-progress", ["remote", "remote", "bot"], seed=54)
    table.redeal(1, asked=True)
    table.reconnect(1)
    table.observe()
    table.play()
    outcome = outcome_of(table, 0)
    assert outcome["verified"] and outcome["kind"] == "partial" and "(seat 2) sealed random bytes" in outcome["reason"]


def test_forge_bytes_listed_for_a_sealed_seat_must_match_its_seal():
    table = SimTable("kings-progress", ["remote", "remote"], seed=52).play()
    mine = dict(table.mines[1], entropy=None, deal_list=None)  # it never saw the list nor unsealed
    fair = copy.deepcopy(table.fair())
    fair["entropy"][1] = fair["entropy"][0]
    outcome = outcome_of(table, 1, fair, mine)
    assert not outcome["verified"] and failed(outcome)["blame"] == "host"


class BotForfeitTakeover:
    """The host falsely refuses seat's move at `at`, plays the bot's choice in the seat the guest still holds,
    lists it as a bot move and covers it with a "bot" forfeit; no handover is listed or shown."""

    def __init__(self, seat, at):
        self.seat, self.at, self.done = seat, at, False

    def __call__(self, table, seat):
        if seat != self.seat or table.version < self.at or self.done:
            return None
        self.done = True
        legal = table.game.legal_actions(table.state, seat)
        table.mines[seat]["sent"].append({"kind": "act", "version": table.version, "action": legal[0],
                                          "received": True, "refused": True})  # the false refusal
        version = table.version
        table.forfeits.append({"seat": seat, "version": version, "step": version, "reason": "bot"})
        table.apply(seat, table.bot_choice(seat), by_bot=True)
        return SKIP


@pytest.mark.parametrize("victim,witness", [(1, None), (0, 1)])
def test_forge_a_bot_forfeit_without_a_handover_takes_no_move_from_a_guest(victim, witness):
    """Found by the fuzzer: a "bot" forfeit excused a bot's move in a seat a person held.  A bot's choice stands in a
    person's seat only where that person's revealed choice broke the rules; a "bot" forfeit needs a handover."""
    kinds = ["human", "remote"] if witness is None else ["remote", "remote"]
    table = SimTable("kings-progress", kinds, seed=53).play(BotForfeitTakeover(victim, 3))
    for seat in {victim, witness} - {None}:
        outcome = outcome_of(table, seat)
        assert failed(outcome)["name"] == "every move by a bot is listed and checked", (seat, failed(outcome))
        assert failed(outcome)["blame"] == "host"


def test_forge_an_illegal_forfeit_of_your_own_seat_must_name_a_choice_you_sent():
    """A host cannot say this guest revealed an illegal choice it never sent (its own record of its reveals decides)."""
    done = []

    def hook(t, info):
        if not done and 1 in info["sealed"]:
            from p2p_sim import forfeit_illegal
            real = [s for s in t.mines[1]["sent"] if s["kind"] == "reveal" and s["version"] == info["version"]]
            kept = [dict(s) for s in real]
            forfeit_illegal(t, info, 1, {"type": "bogus"})
            for s, k in zip(real, kept):
                s.update(k)  # the guest's record keeps what it really sent
            done.append(True)

    table = SimTable("kings-cottage", ["human", "remote"], seed=54).play(round_hook=hook)
    assert done
    outcome = outcome_of(table, 1)
    assert failed(outcome)["name"] == "every choice said to break the rules was revealed and signed by its player"
    assert "you never sent that choice" in failed(outcome)["detail"] and failed(outcome)["blame"] == "host"


def test_forge_a_spectator_gets_moves_verified_never_verified_fair():
    """A spectator checks the whole game too, but the deal holds no bytes of its own: "Moves verified; you watched"."""
    table = SimTable("kings-cottage", ["remote", "bot"], seed=55)
    watcher = table.spectate()
    table.play()
    outcome = verify_fair({"mine": watcher, "fair": table.fair()})
    assert outcome["verified"], failed(outcome)
    assert outcome["kind"] == "watching" and "you watched this game" in outcome["reason"]
