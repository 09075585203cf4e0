"""Learn by playing in WebKit (issue 45): The King's Progress's guided first game, clicked through to its
hand-over by the Chromium suite's own lesson clicks (tests/e2e/lesson_clicks.py), each a real WebDriver click."""
from lesson_clicks import lesson_phase, open_lesson, play_lesson_through, step_text
from parlour import lessons
from webkit_checks import READY_MS, assert_clean


def test_webkit_lesson_played_to_its_hand_over(wk_page, webkit_site, artifacts):
    script = lessons.lesson("kings-progress")
    open_lesson(wk_page, webkit_site.url, "kings-progress", timeout=READY_MS)
    said = play_lesson_through(wk_page)
    assert len(said) == len(lessons.learner_steps(script)), said
    assert lesson_phase(wk_page) == "lesson-over"
    assert step_text(wk_page) == script["outro"]
    wk_page.screenshot(str(artifacts / "webkit-lesson-kings-progress-end.png"))
    assert_clean(wk_page, webkit_site)
