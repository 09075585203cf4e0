"""Playing a guided first game ("Learn by playing") the way a learner does: clicking what the lesson points at.

A lesson marks its step's move on the board as a hint does (`.hinted`): the
piece, then the place; a move made in a form (a bid, an investment) is filled
in for the learner, who sends it.  Shared by the lesson tests of every browser.
"""
import json
import time

#: a lesson's table is on screen (js/tables/lesson-table.js marks its root)
LESSON_SHOWN = "document.querySelector('#table[data-lesson]') !== null"
#: what a lesson's table can wait for: the learner's move, a moment to see (a scored round), its end
LESSON_SETTLED = ("['move', 'interlude', 'lesson-over', 'over', 'stalled']"
                  ".includes(document.querySelector('#table')?.dataset.phase)")
HINTED_PIECE = "#board [data-piece].hinted.legal:not(.selected)"
HINTED_PLACE = "#board [data-target].hinted.legal"
#: a form's send button: the platform's form (js/board/form.js), King's Cottage's stakes (its own form)
FORM_SUBMIT = "#board form.parlour-form .form-submit, #board #kc-invest-submit"


def js(selector):
    """A selector as a JavaScript string literal."""
    return json.dumps(selector)


def count(page, selector):
    return page.evaluate(f"document.querySelectorAll({js(selector)}).length")


def open_lesson(page, url, game_id, query="botDelay=0", timeout=90_000):
    """Open the lobby, choose the game's card and press its "Learn by playing"."""
    page.goto(f"{url}?{query}")
    page.wait_for_selector(f".game-card[data-game='{game_id}']")
    page.click(f".game-card[data-game='{game_id}']")  # on a phone only the chosen card shows its button
    page.click(f".game-card-slot[data-card-for='{game_id}'] .learn")
    page.wait_for_function(LESSON_SHOWN, timeout=timeout)


def lesson_phase(page, timeout=60_000):
    page.wait_for_function(LESSON_SETTLED, timeout=timeout)
    return page.evaluate("document.querySelector('#table').dataset.phase")


def step_text(page):
    return page.evaluate("document.querySelector('.lesson-panel .lesson-say').textContent")


def step_count(page):
    return page.evaluate("document.querySelector('.lesson-panel .lesson-step-count').textContent")


def moves_logged(page):
    return count(page, ".log li")


def play_pointed_move(page):
    """Click the move the lesson points at: its piece (if any) then its place, or send its filled form.
    Only clicks and page reads every driver has (Playwright, tests/e2e/webkit, tests/e2e/firefox)."""
    played, counter = moves_logged(page), step_count(page)
    deadline = time.time() + 30
    while time.time() < deadline:
        if page.evaluate("document.querySelector('#table').dataset.phase") != "move":
            return
        if step_count(page) != counter or moves_logged(page) != played:
            return
        for selector in (HINTED_PIECE, HINTED_PLACE, FORM_SUBMIT):
            if count(page, selector):
                page.click(selector)
                break
        else:
            raise AssertionError(f"the lesson points at nothing ({counter}: {step_text(page)!r})")
        time.sleep(0.15)
    raise AssertionError(f"the pointed move was not played ({counter})")


def play_lesson_through(page):
    """Play the lesson to its hand-over; returns the texts of its steps, in order."""
    said = []
    for _ in range(200):
        phase = lesson_phase(page)
        if phase == "lesson-over":
            return said
        if phase in ("over", "stalled"):
            raise AssertionError(f"the lesson ended in phase {phase!r} before its last step")
        if phase == "interlude":
            page.click("#interlude-continue")
            continue
        text = step_text(page)
        if not said or said[-1] != text:
            said.append(text)
        play_pointed_move(page)
    raise AssertionError("the lesson did not end in 200 moves")
