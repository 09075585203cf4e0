"""Playing against the search bots through the board: a whole game against a Hard bot, with the
page answering while the bot thinks (the search runs in the worker, never on the page's thread)."""
import re

from clicking import click_randomly, start_game, wait_settled

#: Watches the table's bot turns from inside the page: each time a bot starts thinking (`data-thinking` set),
#: frames are counted until it stops, with the status line each frame showed.  A search on the page's own thread
#: would hold every frame until the move was made; in the worker, frames come mid-thought.  Watched in the page,
#: not sampled over Playwright's round trips, so a quick machine's short thinks are seen too.
WATCH_THINKING = """() => {
  const table = document.querySelector('#table');
  const seen = window.__thinking = { thinks: 0, frames: 0, statuses: [] };
  const frame = () => {
    if (table.dataset.thinking === undefined) return;
    seen.frames++;
    const status = document.querySelector('.thinking')?.textContent ?? '';
    if (!seen.statuses.includes(status)) seen.statuses.push(status);
    requestAnimationFrame(frame);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.oldValue !== null) continue;  // a think ended (or changed hands)
      seen.thinks++;
      requestAnimationFrame(frame);
    }
  }).observe(table, { attributes: true, attributeFilter: ['data-thinking'], attributeOldValue: true });
}"""

#: how many moves the bot (seat 1) has made in the saved game
BOT_MOVES = "parlour.table.saved.actions.filter((a) => a.seat === 1).length"


def test_a_whole_game_against_a_hard_bot_keeps_the_page_responsive(page, site_url, artifacts):
    start_game(page, site_url, "kings-progress", ["human", "bot:hard"], query="botDelay=0&seed=31")
    page.wait_for_selector(".kp-board")
    wait_settled(page)  # a person to move: no bot is thinking as the watch starts
    page.evaluate(WATCH_THINKING)
    bot_moves_before = page.evaluate(BOT_MOVES)
    clicks = 0
    while clicks < 400:
        if wait_settled(page) == "over":
            break
        clicks += click_randomly(page, seed=clicks + 1, max_clicks=1)
    assert wait_settled(page) == "over"
    page.locator("#result").wait_for()
    assert re.search(r"wins!|draw", page.locator("#result").inner_text())
    seats = page.evaluate("parlour.table.saved.seats")  # what the saved game and its record keep
    assert seats[1] == {"kind": "bot", "name": "Ada", "level": "hard"}, seats
    seen = page.evaluate("window.__thinking")
    bot_moves = page.evaluate(BOT_MOVES) - bot_moves_before
    assert seen["thinks"] == bot_moves > 0, f"the page showed the bot thinking {seen['thinks']} times for {bot_moves} moves"
    assert seen["statuses"] and all(s.endswith("is thinking…") for s in seen["statuses"]), seen["statuses"]
    assert seen["frames"] > 0, "no frame came while the bot was thinking: the search holds the page's thread"
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
