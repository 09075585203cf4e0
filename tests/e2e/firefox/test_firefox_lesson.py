"""Learn by playing in Firefox (issue 45): King's Cottage's guided first game (its stakes in a form, then the
board), clicked through to its hand-over by the Chromium suite's own lesson clicks (tests/e2e/lesson_clicks.py)."""
from firefox_play import assert_clean
from lesson_clicks import lesson_phase, open_lesson, play_lesson_through, step_text
from parlour import lessons


def test_firefox_lesson_played_to_its_hand_over(ff_page, site_url, artifacts):
    script = lessons.lesson("kings-cottage")
    open_lesson(ff_page, site_url, "kings-cottage", timeout=120_000)
    said = play_lesson_through(ff_page)
    assert len(said) == len(lessons.learner_steps(script)), said
    assert lesson_phase(ff_page) == "lesson-over"
    assert step_text(ff_page) == script["outro"]
    ff_page.screenshot(str(artifacts / "firefox-lesson-kings-cottage-end.png"))
    assert_clean(ff_page)
