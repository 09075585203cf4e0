"""Every title's guided first game ("Learn by playing", parlour.lessons) plays through the real engine.

A lesson is a script of moves; if a rules change makes one of them illegal, or
hands the turn to another seat, the lesson would stall in the browser.  These
tests replay every script and fail with the step's number instead.
"""
import copy

import pytest

from parlour import api, games, lessons
from parlour.errors import BadRequest
from parlour.game import canonical


@pytest.mark.parametrize("game_id", games.ids())
def test_every_lesson_plays_through_the_real_engine(game_id):
    script = lessons.lesson(game_id)
    state = lessons.check(script)
    # the lesson hands over before the game ends: its table stops after the last step (js/tables/lesson-table.js)
    assert not games.get(game_id).is_over(state), f"{game_id}: the game is over at the lesson's end"


@pytest.mark.parametrize("game_id", games.ids())
def test_a_lesson_covers_its_game_in_about_five_minutes(game_id):
    script = lessons.lesson(game_id)
    learner = lessons.learner_steps(script)
    assert 5 <= len(learner) <= 24, f"{game_id}: {len(learner)} learner steps"
    assert lessons.estimated_seconds(script) <= lessons.MAX_LESSON_S


@pytest.mark.parametrize("game_id", games.ids())
def test_a_lesson_is_against_one_tutor_bot_at_most_four_seats(game_id):
    script = lessons.lesson(game_id)
    game = games.get(game_id)
    assert game.min_players <= script["players"] <= game.max_players
    assert len(set(script["names"])) == script["players"], "every seat has its own name"


def test_a_scripted_move_made_illegal_is_named_by_its_step():
    script = copy.deepcopy(lessons.lesson("kings-progress"))
    learner_at = lessons.learner_steps(script)[0]
    script["steps"][learner_at]["action"] = {"type": "no-such-move"}
    with pytest.raises(BadRequest, match=rf"Step {learner_at + 1} .*not a legal move"):
        lessons.check(script)


def test_a_move_by_the_wrong_seat_is_named_by_its_step():
    script = copy.deepcopy(lessons.lesson("kings-progress"))  # its first move is one seat's alone
    first = script["steps"][0]
    first["seat"] = (first["seat"] + 1) % script["players"]
    with pytest.raises(BadRequest, match=r"Step 1 .*is not to move"):
        lessons.check(script)


def test_when_both_seats_move_at_once_the_tutor_s_step_comes_first():
    """The table lets its bots move first when several seats are to move (js/tables/local-table.js)."""
    script = copy.deepcopy(lessons.lesson("kings-cottage"))  # both seats stake at once
    steps = script["steps"]
    assert steps[0]["seat"] != script["learner"] and steps[1]["seat"] == script["learner"]
    steps[0], steps[1] = steps[1], steps[0]
    with pytest.raises(BadRequest, match=r"Step 1 .*tutor moves first"):
        lessons.check(script)


def test_a_learner_step_must_say_what_to_do():
    script = copy.deepcopy(lessons.lesson("castles"))
    script["steps"][lessons.learner_steps(script)[0]]["say"] = " "
    with pytest.raises(BadRequest, match="says nothing"):
        lessons.check(script)


def test_the_facade_hands_the_page_a_lesson_and_refuses_an_unknown_game():
    reply = api.handle('{"op": "lesson", "game": "mansion"}')
    assert '"ok":true' in reply and '"steps"' in reply
    refused = api.handle('{"op": "lesson", "game": "chess"}')
    assert '"ok": false' in refused and "No game called" in refused
