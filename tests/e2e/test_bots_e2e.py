"""Playing against the search bots through the board: a whole game against a Hard bot, with the
page answering while the bot thinks (the search runs in the worker, never on the page's thread)."""
import re

from clicking import click_randomly, start_game, wait_settled

#: One frame of the page's: whether the bot was thinking when it was asked for and when it came.  A search
#: on the page's own thread would hold every frame until the move was made; in the worker, frames come mid-thought.
PROBE = """() => new Promise((done) => {
  const before = document.querySelector('#table').dataset.thinking ?? null;
  requestAnimationFrame(() => done({before,
    thinking: document.querySelector('#table').dataset.thinking ?? null,
    status: document.querySelector('.thinking')?.textContent ?? ''}));
})"""


def test_a_whole_game_against_a_hard_bot_keeps_the_page_responsive(page, site_url, artifacts):
    start_game(page, site_url, "kings-progress", ["human", "bot:hard"], query="botDelay=0&seed=31")
    page.wait_for_selector(".kp-board")
    seen_thinking = []
    clicks = 0
    while clicks < 400:
        # sample frames while the table is busy (the bot's turn), until a person must move again
        while page.evaluate("document.querySelector('#table').dataset.phase") == "busy":
            sample = page.evaluate(PROBE)
            if sample["thinking"] is not None:
                seen_thinking.append(sample)
        if wait_settled(page) == "over":
            break
        clicks += click_randomly(page, seed=clicks + 1, max_clicks=1)
    assert wait_settled(page) == "over"
    page.locator("#result").wait_for()
    assert re.search(r"wins!|draw", page.locator("#result").inner_text())
    seats = page.evaluate("parlour.table.saved.seats")  # what the saved game and its record keep
    assert seats[1] == {"kind": "bot", "name": "Ada", "level": "hard"}, seats
    assert seen_thinking, "the page never showed the bot thinking"
    assert all("is thinking" in s["status"] for s in seen_thinking)
    mid_thought = [s for s in seen_thinking if s["before"] is not None]
    assert mid_thought, "no frame came while the bot was thinking: the search holds the page's thread"
    page.screenshot(path=str(artifacts / "bots-hard-result.png"))
    assert not page.errors


def test_the_lobby_offers_levels_with_a_line_on_each(page, site_url, artifacts):
    page.goto(f"{site_url}?botDelay=0")
    page.click("[data-game='castles']")
    level = page.locator(".seat-row[data-seat='1'] .seat-level")
    assert level.input_value() == "medium"
    assert level.locator("option").evaluate_all("os => os.map(o => o.value)") == ["random", "easy", "medium", "hard"]
    page.select_option(".seat-row[data-seat='1'] .seat-level", "hard")
    help_line = page.locator(".seat-row[data-seat='1'] .seat-level-help").inner_text()
    assert re.search(r"Plays out \d+ imagined games per move", help_line), help_line  # the real budget, stated
    assert "never peeks" in help_line, help_line
    page.select_option(".seat-row[data-seat='1'] .seat-kind", "human")
    assert page.locator(".seat-row[data-seat='1'] .seat-level").count() == 0
    page.screenshot(path=str(artifacts / "lobby-bot-levels.png"))
