"""The Rules dialog in WebKit: every game's rules open from the lobby, and from a game's table, by the
Chromium suite's own check (tests/e2e/test_rules_pages.py check_rules: this game's title and first
section, a modal that scrolls inside, the page behind inert, closed by Escape or its button, focus
back on the button)."""
from clicking import start_game, wait_settled
from test_rules_pages import check_rules
from webkit_checks import assert_clean, wait_ready

GAMES = ["kings-progress", "kings-cottage", "castles", "mansion", "one-six-nine"]


def test_webkit_rules_dialog_shows_each_games_rules(wk_page, webkit_site, artifacts):
    wk_page.goto(f"{webkit_site.url}?botDelay=0")
    wait_ready(wk_page)
    for gid in GAMES:
        wk_page.click(f"[data-game='{gid}']")
        check_rules(wk_page, ".lobby-rules", gid)
    start_game(wk_page, webkit_site.url, "castles", ["human", "bot"], query="botDelay=0&seed=3")
    assert wait_settled(wk_page, timeout=120_000) == "move"
    wk_page.click("#table .rules-button[data-rules='castles']")
    wk_page.locator("#rules[data-ready] article.rules[data-game='castles'] h2").wait_for(timeout=15_000)
    wk_page.screenshot(str(artifacts / "webkit-rules-dialog-1400.png"))
    wk_page.click("#rules-close")
    check_rules(wk_page, "#table", "castles", close="button")
    assert_clean(wk_page, webkit_site)
