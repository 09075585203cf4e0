"""Guided first games ("Learn by playing"): each title's lesson script, loaded and checked.

A lesson is plain data beside its game's rules (`parlour/games/<game>/lesson.py`,
its `LESSON`): a seeded setup and the whole sequence of moves, the learner's
and the tutor bot's, each learner move with the words that say what to do and
why.  The page plays it on a normal table (js/tables/lesson-table.js): the
tutor's moves come from the script, the learner's move must be the scripted
one, which the board points at as it points at a hint.

Because the moves are replayed through the real engine, `check` is what keeps a
lesson honest: a rules change that makes a scripted move illegal, or moves a
turn to another seat, fails tests/test_lessons.py with the step's number.
"""
from __future__ import annotations

import importlib
from typing import Any, Dict, List

from . import games
from .errors import BadRequest, ParlourError
from .game import canonical

#: The most a learner's step may say (characters): one short paragraph, read beside the board.
MAX_SAY_CHARS = 420
#: Reading speed and time per move behind the five-minute promise (words a second, seconds a move).
WORDS_PER_S = 3.0
SECONDS_PER_MOVE = 8.0
#: What a lesson may take by that estimate (the issue: "at most about 5 minutes").
MAX_LESSON_S = 300.0


def lesson(game_id: str) -> Dict[str, Any]:
    """The lesson of `game_id` as the page uses it (plain JSON)."""
    game = games.get(game_id)
    module = importlib.import_module(f"{games.__name__}.{games.MODULES[game_id]}.lesson")
    script = dict(module.LESSON)
    script["game"] = game.id
    return script


def learner_steps(script: Dict[str, Any]) -> List[int]:
    """The indexes of the steps the learner plays."""
    return [i for i, step in enumerate(script["steps"]) if step["seat"] == script["learner"]]


def estimated_seconds(script: Dict[str, Any]) -> float:
    """How long a newcomer takes: reading every text, plus a few seconds a learner's move."""
    texts = [script["intro"], script["outro"], *(s.get("say", "") for s in script["steps"])]
    words = sum(len(t.split()) for t in texts)
    return words / WORDS_PER_S + SECONDS_PER_MOVE * len(learner_steps(script))


def offered(game, state: dict, seat: int, action: Any) -> bool:
    """Whether the board offers `action` to `seat`: one of its listed moves, or a form's (a bid) the
    engine accepts."""
    if canonical(action) in {canonical(a) for a in game.legal_actions(state, seat)}:
        return True
    kinds = {form.get("type") for form in game.forms(state, seat)}
    if not isinstance(action, dict) or action.get("type") not in kinds:
        return False
    try:
        game.apply(state, seat, action)
    except ParlourError:
        return False
    return True


def check(script: Dict[str, Any]) -> dict:
    """Play the script through the real engine; return the state after its last step.

    Raises BadRequest naming the step when a move is not the mover's, is not
    legal there, or the texts break the lesson's own limits."""
    game = games.get(script["game"])
    players, learner = script["players"], script["learner"]
    if not 0 <= learner < players:
        raise BadRequest(f"The learner's seat {learner} is not at a {players}-seat table.")
    if len(script["names"]) != players:
        raise BadRequest(f"The lesson names {len(script['names'])} seats for {players} players.")
    for name in ("intro", "outro"):
        if not script.get(name, "").strip():
            raise BadRequest(f"The lesson has no {name}.")
    state = game.setup(players, script["seed"], script.get("options", {}))
    for number, step in enumerate(script["steps"], start=1):
        seat, action, say = step["seat"], step["action"], step.get("say", "")
        where = f"Step {number} ({canonical(action)})"
        if game.is_over(state):
            raise BadRequest(f"{where}: the game is already over.")
        movers = game.to_move(state)
        if seat not in movers:
            raise BadRequest(f"{where}: seat {seat} is not to move (to move: {movers}).")
        if seat == learner and len(movers) > 1:
            # the table lets its bots move first when several seats move at once (js/tables/local-table.js)
            raise BadRequest(f"{where}: the tutor moves first when both are to move; its step comes before this one.")
        if not offered(game, state, seat, action):
            raise BadRequest(f"{where}: not a legal move for seat {seat} there.")
        if seat == learner and not say.strip():
            raise BadRequest(f"{where}: the learner's step says nothing.")
        if seat != learner and say:
            raise BadRequest(f"{where}: only the learner's steps speak (say it at the learner's next step).")
        if len(say) > MAX_SAY_CHARS:
            raise BadRequest(f"{where}: {len(say)} characters to read; the most is {MAX_SAY_CHARS}.")
        try:
            state = game.apply(state, seat, action)
        except ParlourError as exc:
            raise BadRequest(f"{where}: {exc}") from None
    if estimated_seconds(script) > MAX_LESSON_S:
        raise BadRequest(f"The lesson would take about {estimated_seconds(script):.0f} s; the most is {MAX_LESSON_S:.0f}.")
    return state
