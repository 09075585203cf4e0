"""Learn by playing (issue 45): every title's guided first game played to its end by clicking, in Chromium.

The lesson points at each move (js/tables/lesson-table.js); the learner clicks
it; the tutor's moves come from the script (py/parlour/lessons.py), so the
lesson ends where its script does, and hands over to a whole game against Easy.
"""
import pytest

from lesson_clicks import lesson_phase, open_lesson, play_lesson_through, step_count, step_text
from parlour import games, lessons
from tabs import PHONE, new_tab
from test_accessibility import SIZES, audit, axe_source  # noqa: F401  (axe_source: the audit's fixture)


@pytest.mark.parametrize("game_id", games.ids())
def test_lesson_played_to_its_end_by_clicking(page, site_url, game_id, artifacts):
    open_lesson(page, site_url, game_id)
    script = lessons.lesson(game_id)
    said = play_lesson_through(page)
    learner = [s for s in script["steps"] if s["seat"] == script["learner"]]
    assert len(said) == len(learner), (said, len(learner))
    assert said[0].startswith(script["intro"]) and learner[0]["say"] in said[0]
    assert [s["say"] for s in learner[1:]] == said[1:]
    assert step_text(page) == script["outro"]
    page.screenshot(path=str(artifacts / f"lesson-{game_id}-end.png"))
    # the hand-over: a whole game of the title against the Easy bot, the lesson's panel gone
    page.click(".lesson-play-on")
    page.wait_for_function("document.querySelector('#table[data-phase]') && !document.querySelector('#table[data-lesson]')")
    page.wait_for_function("['move', 'over'].includes(document.querySelector('#table').dataset.phase)", timeout=90_000)
    assert page.locator(".lesson-panel").count() == 0
    assert page.evaluate("location.hash").startswith("#table=")
    assert not page.errors, page.errors


def test_lesson_move_outside_the_script_gets_a_nudge_and_changes_nothing(page, site_url):
    open_lesson(page, site_url, "kings-progress")
    assert lesson_phase(page) == "move"
    counter, text = step_count(page), step_text(page)
    moves = page.evaluate("document.querySelectorAll('.log li').length")
    other = page.locator("#board [data-piece].legal:not(.hinted), #board [data-target].legal:not(.hinted)")
    assert other.count(), "the first step offers no other move to try"
    other.first.click()
    target = page.locator("#board [data-target].legal:not(.hinted)")
    if page.locator("#board [data-piece].selected").count() and target.count():
        target.first.click()
    page.wait_for_selector(".lesson-nudge:not(:empty)")
    assert lesson_phase(page) == "move"
    assert (step_count(page), step_text(page)) == (counter, text)
    assert page.evaluate("document.querySelectorAll('.log li').length") == moves
    assert page.locator("#board .hinted").count(), "the lesson's move is still pointed at"
    assert not page.errors, page.errors


def test_lesson_on_a_phone_announces_its_steps(context_for, site_url, artifacts):
    page = context_for(PHONE)
    open_lesson(page, site_url, "kings-cottage")
    assert lesson_phase(page) == "move"
    live = page.locator(".lesson-panel [aria-live='polite'] .lesson-say")
    assert live.inner_text().strip()
    box = page.locator(".lesson-panel").bounding_box()
    assert box and box["width"] <= 390
    page.screenshot(path=str(artifacts / "lesson-phone.png"))
    assert not page.errors, page.errors


def test_lesson_left_by_back_returns_to_the_lobby(page, site_url):
    open_lesson(page, site_url, "castles")
    lesson_phase(page)
    page.go_back()
    page.wait_for_function("document.documentElement.dataset.lobby === 'ready' && document.getElementById('table').hidden")
    assert page.locator(".game-card[data-game='castles']").get_attribute("aria-checked") == "true"
    assert not page.errors, page.errors


def test_lesson_screens_pass_the_accessibility_audit(browser, site_url, axe_source):
    """A lesson's step, a nudge and its hand-over, on a desktop and a phone: axe-core finds nothing."""
    problems = []
    for size, options in SIZES.items():
        context = browser.new_context(**options)
        page = new_tab(context)
        open_lesson(page, site_url, "kings-progress")
        assert lesson_phase(page) == "move"
        problems += audit(page, axe_source, f"lesson, first step ({size})")
        if size == "desktop":
            play_lesson_through(page)
            problems += audit(page, axe_source, f"lesson, its hand-over ({size})")
        assert not page.errors, page.errors
        context.close()
    assert not problems, "\n".join(problems)
