"""The Rules dialog (js/common/rules.js): every game's rules, built from docs/rules/<game-id>.md into
rules/<game-id>.html, read from the lobby, the table on this device and the replay viewer with the
network off (the service worker's cache), and from a hosting and a joining table."""
import json
import os
import pathlib
import re

import pytest
from p2p_helpers import hosted_pair
from tabs import DESKTOP, PHONE, PLAIN
from test_offline import reload_offline

ROOT = pathlib.Path(__file__).resolve().parents[2]
DIST = pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))
DIALOG = "#rules[data-ready]"


def catalogue():
    return json.loads((DIST / "games.json").read_text())


def headings(game_id):
    """The title (the doc's first line) and its first section heading, as plain text."""
    lines = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8").splitlines()
    plain = lambda line: re.sub(r"[*_`]", "", line.split(" ", 1)[1]).strip()
    return plain(lines[0]), plain(next(line for line in lines if line.startswith("## ")))


def check_rules(page, where, game_id, close="escape"):
    """Open the Rules dialog from the button in `where`, check it shows this game's rules, close it."""
    button = page.locator(f"{where} .rules-button[data-rules='{game_id}']")
    button.click()
    dialog = page.locator(DIALOG)
    dialog.wait_for(timeout=15_000)
    title, section = headings(game_id)
    article = dialog.locator(f"article.rules[data-game='{game_id}']")
    assert article.locator("h1").inner_text() == title
    assert section in article.locator("h2").all_inner_texts()
    assert dialog.get_attribute("aria-labelledby") == "rules-title"
    assert page.locator("main").get_attribute("inert") == ""  # the page behind is out of reach
    body = dialog.locator(".rules-body")
    assert body.evaluate("b => b.scrollHeight > b.clientHeight + 100")  # long: it scrolls inside the dialog
    if close == "escape":
        page.keyboard.press("Escape")
    else:
        page.click("#rules-close")
    assert page.locator("#rules").count() == 0
    assert page.locator("main").get_attribute("inert") is None
    assert page.evaluate("document.activeElement?.dataset.rules") == game_id  # focus back on the button


def record_file(tmp_path, game):
    """A record of a game with no moves yet, for the replay viewer."""
    path = tmp_path / f"{game['id']}.parlour.json"
    path.write_text(json.dumps({
        "format": "parlour-record", "format_version": 1, "game": game["id"], "seed": 1, "options": {},
        "seats": [{"name": f"P{i + 1}", "kind": "human"} for i in range(game["min_players"])],
        "actions": [], "result": None,
    }))
    return path


@pytest.mark.service_worker
def test_rules_of_every_game_from_lobby_table_and_replay_offline(page, site_url, artifacts, tmp_path):
    reload_offline(page, site_url)
    games = catalogue()
    assert games
    for n, game in enumerate(games):
        gid = game["id"]
        # the lobby: the chosen game's Rules button
        page.click(f"[data-game='{gid}']")
        check_rules(page, ".lobby-rules", gid)
        # a table on this device: one person, bots in the other seats
        page.select_option("#players", str(game["min_players"]))
        for seat in range(1, game["min_players"]):
            page.select_option(f".seat-row[data-seat='{seat}'] .seat-kind", "bot")
            page.select_option(f".seat-row[data-seat='{seat}'] .seat-level", "random")
        page.click("#start")
        page.locator("#table .table-bar .rules-button").wait_for()
        if n == 0:
            page.click(f"#table .rules-button[data-rules='{gid}']")
            page.locator(DIALOG).wait_for()
            page.screenshot(path=str(artifacts / "rules-dialog-1400.png"))
            page.keyboard.press("End")  # the text has focus: keys scroll it
            page.wait_for_function("(b => b.scrollTop > 0 && b.scrollTop + b.clientHeight >= b.scrollHeight - 2)"
                                   "(document.querySelector('#rules .rules-body'))")
            page.screenshot(path=str(artifacts / "rules-dialog-1400-end.png"))
            page.keyboard.press("Escape")
        check_rules(page, "#table", gid, close="button")
        page.click("#table .leave")
        # the replay viewer
        page.locator("#open-record").set_input_files(str(record_file(tmp_path, game)))
        page.wait_for_selector("[data-replay-step='0']")
        check_rules(page, "#table", gid)
        page.click("#table .leave")
        page.wait_for_selector(".lobby-rules")
    assert not page.errors


def test_rules_dialog_on_a_phone(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.goto(site_url)
    page.click("[data-game='kings-progress']")
    page.click(".lobby-rules .rules-button")
    dialog = page.locator(DIALOG)
    dialog.wait_for()
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] >= 0 and box["y"] + box["height"] <= 844
    close = page.locator("#rules-close").bounding_box()
    assert close["y"] + close["height"] <= 844  # Close stays on screen however long the text
    page.screenshot(path=str(artifacts / "rules-dialog-390.png"))
    page.locator("#rules table").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "rules-dialog-390-table.png"))
    # a wide table scrolls sideways inside itself; the page does not
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click("#rules-close")
    assert page.locator("#rules").count() == 0
    context.close()


def test_rules_at_a_hosting_and_a_joining_table(pw, site_url):
    browsers, host, guest = hosted_pair(pw, site_url)
    try:
        check_rules(host, "#table", "kings-progress")
        check_rules(guest, "#table", "kings-progress", close="button")
        assert not host.errors and not guest.errors
    finally:
        for b in browsers:
            b.close()


def test_rules_html_is_cleaned_before_it_is_shown(page, site_url):
    """Markdown lets raw HTML through: scripts, handlers, javascript: links and ids never reach the page."""
    page.goto(site_url)
    out = page.evaluate("""async () => {
      const { cleanRules } = await import('./js/common/rules.js');
      window.ran = 0;
      const text = '<article class="rules" data-game="x" onclick="ran++"><h1 id="board">T</h1>'
        + '<script>ran++</script><img src="x.png" onerror="ran++"><a href=" JavaScript:ran++">a</a>'
        + '<svg><script>ran++</script></svg><iframe srcdoc="<script>parent.ran++</script>"></iframe>'
        + '<p style="position:fixed">p</p><table><tr><td align="center" style="text-align: center;">c</td></tr></table></article>';
      const holder = document.createElement('div');
      holder.append(cleanRules(text));
      document.body.append(holder);
      await new Promise((r) => setTimeout(r, 200));
      holder.querySelector('a').click();
      holder.querySelector('article').click();
      const html = holder.innerHTML;
      holder.remove();
      return { html, ran: window.ran };
    }""")
    html = out["html"]
    assert out["ran"] == 0
    for bad in ("<script", "onclick", "onerror", "javascript", "<svg", "<iframe", 'id="board"', "position:fixed"):
        assert bad not in html.lower(), bad
    assert '<h1>T</h1>' in html and '<td align="center">' in html and 'class="rules"' in html  # no style attribute


@pytest.mark.parametrize("size, options", [("1280", DESKTOP), ("390", PHONE)])
def test_every_titles_rules_read_whole_with_their_pictures(context_for, site_url, artifacts, size, options):
    """Each title's dialog at desktop and phone size: every picture loads under the site's policy and fits,
    nothing is wider than the dialog, no policy violation; a screenshot of its top and of its first picture."""
    page = context_for(options)
    page.add_init_script("window.violations = [];"
                         "document.addEventListener('securitypolicyviolation', e => window.violations.push("
                         "e.violatedDirective + ' ' + e.blockedURI));")
    page.goto(site_url)
    width = options["viewport"]["width"]
    for game in catalogue():
        gid = game["id"]
        page.click(f"[data-game='{gid}']")
        page.click(f".lobby-rules .rules-button[data-rules='{gid}']")
        dialog = page.locator(DIALOG)
        dialog.wait_for(timeout=15_000)
        body = dialog.locator(".rules-body")
        pictures = body.locator("img")
        assert pictures.count() >= 1, f"{gid}: no picture in its rules"
        page.wait_for_function("[...document.querySelectorAll('#rules img')].every(i => i.complete)")
        for n in range(pictures.count()):
            picture = pictures.nth(n)
            assert picture.evaluate("i => i.naturalWidth") > 0, f"{gid}: picture {n} did not load"
            assert picture.get_attribute("alt"), f"{gid}: picture {n} has no alt text"
            assert picture.evaluate("(i) => i.getBoundingClientRect().right <= "
                                    "i.closest('.rules-body').getBoundingClientRect().right + 1"), gid
        assert body.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{gid}: the text is wider than the dialog"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        box = dialog.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        page.screenshot(path=str(artifacts / f"rules-{gid}-{size}.png"))
        pictures.first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"rules-{gid}-{size}-picture.png"))
        page.keyboard.press("Escape")
        assert page.locator("#rules").count() == 0
    assert page.evaluate("window.violations") == []
    assert not page.errors
