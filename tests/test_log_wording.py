"""The move log in each seat's own words (parlour/wording.py), and counts with their nouns.

One rule for every game: in a seat's view its own doings read "You …" and its
things "your …", everyone else's go by name.  Whole random games of every game
at every player count check that a seat's view never names the seat itself,
and that every word after a name is a verb the rule knows (or one that stays as
it is), so a new log line cannot come out half turned ("You invests").
"""
from __future__ import annotations

import re
from typing import Optional

import pytest

from parlour import games
from parlour.game import log_for
from parlour.rng import Rng
from parlour.wording import UNCHANGED, VERBS, as_seen_by, count

#: A name and the lowercase word after it.
NAME_THEN_WORD = re.compile(r"\{p(\d+)\} ([a-z]+)\b")
#: "You invests", "You veto … and looks": a verb left in the third person after "you" (in the same clause).
THIRD_PERSON_AFTER_YOU = re.compile(r"\b[Yy]ou (?:[^.;:]* and )?([a-z]+s)\b")


@pytest.mark.parametrize("text, seat, expected", [
    ("{p0} builds the 5 tile of Suns as city 1 of {p1}'s kingdom.", 0, "You build the 5 tile of Suns as city 1 of {p1}'s kingdom."),
    ("{p0} builds the 5 tile of Suns as city 1 of {p1}'s kingdom.", 1, "{p0} builds the 5 tile of Suns as city 1 of your kingdom."),
    ("{p0} builds the 5 tile of Suns as city 1 of {p1}'s kingdom.", None, "{p0} builds the 5 tile of Suns as city 1 of {p1}'s kingdom."),
    ("{p0} builds the 5 tile of Suns as city 1 of {p1}'s kingdom.", 2, "{p0} builds the 5 tile of Suns as city 1 of {p1}'s kingdom."),
    ("You invest the 5 coin of Moons in city 1 of {p1}'s kingdom.", 1, "You invest the 5 coin of Moons in city 1 of your kingdom."),
    ("{p0}'s King moves on to city 1.", 0, "Your King moves on to city 1."),
    ("Round 1: {p0} is first chancellor.", 0, "Round 1: you are first chancellor."),
    ("Everyone has invested. {p1} moves first.", 1, "Everyone has invested. You move first."),
    ("{p1} lays their proper tile, the 3 tile of Moons, on the map.", 1, "You lay your proper tile, the 3 tile of Moons, on the map."),
    ("{p0} vetoes city 1 (the 3 tile of Moons) and builds the 4 tile of Suns instead.", 0,
     "You veto city 1 (the 3 tile of Moons) and build the 4 tile of Suns instead."),
    ("{p1} buys a Farm for 1 gold and drops it on (10, J); the Farm pays 3 gold.", 1,
     "You buy a Farm for 1 gold and drop it on (10, J); the Farm pays 3 gold."),
    # a possessive subject keeps its verbs: the Bureaucrat doubles, not "you"
    ("{p0}'s Bureaucrat moves from (J, 7) to (8, 7) and doubles their Gold Mine.", 0,
     "Your Bureaucrat moves from (J, 7) to (8, 7) and doubles your Gold Mine."),
    ("{p1}'s Hero moves from (Q, 6) to (J, 7), where {p0}'s Bureaucrat kills it.", 1,
     "Your Hero moves from (Q, 6) to (J, 7), where {p0}'s Bureaucrat kills it."),
    ("{p1} proposes a trade: {p1} gives {p0} 1 marble for 1 plumbing.", 0,
     "{p1} proposes a trade: {p1} gives you 1 marble for 1 plumbing."),
    ("{p1} proposes a trade: {p1} gives {p0} 1 marble for 1 plumbing.", 1,
     "You propose a trade: you give {p0} 1 marble for 1 plumbing."),
    ("{p0} and {p1} share the win.", 1, "{p0} and you share the win."),
    ("{p0} and {p1} share the win.", 0, "You and {p1} share the win."),
    ("{p1} does not veto.", 1, "You do not veto."),
    ("{p1} has chosen their investments.", 1, "You have chosen your investments."),
    ("Scoring: {p0} 53, {p1} 36.", 1, "Scoring: {p0} 53, you 36."),
    # "their" before the reader is named is somebody else's
    ("Everyone chooses their investments in secret; {p0} will move first.", 0,
     "Everyone chooses their investments in secret; you will move first."),
    ("Turn 30 was the last: {p0} wins with 3 castles.", 0, "Turn 30 was the last: you win with 3 castles."),
])
def test_a_line_in_a_seats_own_words(text, seat, expected):
    assert as_seen_by(text, seat) == expected


def test_counts_agree_with_their_number():
    assert count(1, "veto", "vetoes") == "1 veto"
    assert count(0, "veto", "vetoes") == "0 vetoes"
    assert count(5, "veto", "vetoes") == "5 vetoes"
    assert count(1, "castle") == "1 castle"
    assert count(3, "castle") == "3 castles"
    assert count(2, "army", "armies") == "2 armies"


def _random_game(game, players: int, seed: int, options: Optional[dict] = None) -> dict:
    state = game.setup(players, seed, options)
    rng = Rng.from_seed(f"log-wording:{game.id}:{players}:{seed}")
    while not game.is_over(state):
        movers = game.to_move(state)
        seat = movers[rng.below(len(movers))]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rng.below(len(legal))])
    return state


CASES = [(game_id, players) for game_id in sorted(games.MODULES)
         for players in range(games.get(game_id).min_players, games.get(game_id).max_players + 1)]


@pytest.mark.parametrize("game_id, players", CASES)
def test_every_seat_reads_its_own_doings_as_you(game_id, players):
    game = games.get(game_id)
    state = _random_game(game, players, seed=players)
    raw = [t for entry in state["log"] for t in [entry["text"], *entry.get("private", {}).values()]]
    unknown = {m.group(2) for text in raw for m in NAME_THEN_WORD.finditer(text)} - set(VERBS) - UNCHANGED
    assert not unknown, f"{game_id}: words after a name that parlour/wording.py does not know: {sorted(unknown)}"
    named_somewhere = set()
    for seat in range(players):
        own = f"{{p{seat}}}"
        lines = [entry["text"] for entry in log_for(state, seat)]
        assert not [line for line in lines if own in line], f"{game_id}: seat {seat}'s view names the seat itself"
        half_turned = [line for line in lines if THIRD_PERSON_AFTER_YOU.search(line)]
        assert not half_turned, f"{game_id}: seat {seat} reads {half_turned[:3]}"
        named_somewhere |= {seat for line in raw if own in line}
    assert named_somewhere == set(range(players)), "every seat is named in its game's log, so the rule was exercised"
    assert [entry["text"] for entry in log_for(state, None)] == [entry["text"] for entry in state["log"]]


#: "1 vetoes": the number one before a plural noun, unless the number belongs to the word before it ("month 1 has passed").
ONE_WITH_PLURAL = re.compile(r"(?<![\w.,/+-])(\w+ )?1 ([a-z]+s)\b")
NUMBERED = {"month", "round", "floor", "turn", "city", "game", "seat", "move", "step"}


def _texts(value) -> list:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def _one_with_plural(texts) -> list:
    return [t for t in texts for m in ONE_WITH_PLURAL.finditer(t) if (m.group(1) or "").strip().lower() not in NUMBERED]


@pytest.mark.parametrize("game_id, players", CASES)
def test_no_count_of_one_with_a_plural_noun(game_id, players):
    game = games.get(game_id)
    state = _random_game(game, players, seed=players + 10)
    texts = [game.ending(state), *_texts(game.result(state))]
    for seat in [*range(players), None]:
        texts += _texts(game.view(state, seat))
    assert not _one_with_plural(texts), _one_with_plural(texts)[:3]


def test_a_169_won_by_a_single_castle_says_castle():
    """A game of 169 that runs to its last turn may be won with one castle: "with 1 castle", "controls the most castles, 1"."""
    game = games.get("one-six-nine")
    for seed in range(40):
        state = _random_game(game, 2, seed, {"last_turn": "20"})
        if game.result(state)["scores"][game.result(state)["winners"][0]] == 1:
            break
    else:
        pytest.fail("no short game of 169 ended with one castle to test the wording on")
    assert state["log"][-1]["text"].endswith(" with 1 castle.")
    assert not _one_with_plural([game.ending(state), state["log"][-1]["text"]])
