"""Castles: when a round is scored, the table shows that round's map with its terms and score table and
waits for Continue (the bots too), then the next round starts; the dialog keeps the keyboard inside it."""
import time

from parlour.rng import Rng

from clicking import LEGAL, SAVED_ACTIONS, start_game, wait_settled
from keyboard import Keyboard
from tabs import PLAIN, new_tab

INSIDE = "document.getElementById('interlude')?.contains(document.activeElement)"
#: how long the table is watched for a bot move while the round screen is open (bots move at once otherwise)
WATCH_S = 2.0


def play_to_round_screen(page, seed=3, max_clicks=200):
    """Click random legal pieces and places until the round screen comes up; returns the clicks made."""
    rng = Rng.from_seed(seed)
    for clicks in range(max_clicks):
        phase = wait_settled(page)
        if phase == "interlude":
            return clicks
        assert phase == "move", phase
        selected = page.locator("#board [data-piece].selected").count()
        targets = page.locator("#board [data-target].legal")
        choices = targets if selected and targets.count() else page.locator(LEGAL)
        choices.nth(rng.below(choices.count())).click(timeout=5000)
    raise AssertionError("no round was scored")


def engine_version(page):
    return page.evaluate("window.parlour.table.version")


def test_a_scored_round_waits_for_continue_and_the_bots_wait_too(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    start_game(page, site_url, "castles", ["human", "bot", "bot"], query="botDelay=0&seed=7")
    clicks = play_to_round_screen(page)
    assert clicks >= 12  # six tiles, a castle and six armies of the person's own at least
    dialog = page.locator("#interlude")
    assert dialog.locator("h2").inner_text() == "Round 1 of 3 scored"
    assert dialog.get_attribute("aria-modal") == "true"
    # the round's final map: every army face up, each seat's terms as tags; the table says the same in words
    assert dialog.locator(".castles-map.scored").count() == 1
    armies = dialog.locator(".army title").all_text_contents()
    assert len(armies) == 18 and not [a for a in armies if a.startswith("face-down")], armies
    assert dialog.locator(".score-tag.kind-castle_tile").count() == 3
    rows = dialog.locator(".round-scores tbody tr")
    assert rows.count() == 3
    totals = []
    for i in range(3):
        terms, gold, total = (c.replace("\u2212", "-") for c in rows.nth(i).locator("td").all_inner_texts())
        assert int(terms.rsplit("=", 1)[1]) == int(gold)  # the terms add up to the round's gold
        assert int(total) == int(gold)  # after round 1 the total is that round's gold
        totals.append(f"{total.replace('-', chr(0x2212))} gold")
    assert page.locator(".castles-panel .seat-score").all_inner_texts() == totals  # the table behind agrees
    assert page.locator("#board .castles-map.scored").count() == 0  # the board itself is not the round screen
    page.screenshot(path=str(artifacts / "castles-round-screen-desktop.png"))
    # nobody moves while it is open: not the person (the table is inert) and not the bots
    version, saved = engine_version(page), page.evaluate(SAVED_ACTIONS)
    time.sleep(WATCH_S)
    assert page.evaluate("document.querySelector('#table').dataset.phase") == "interlude"
    assert engine_version(page) == version and page.evaluate(SAVED_ACTIONS) == saved
    assert page.locator("#table .table-bar").get_attribute("inert") == ""
    assert page.locator("#table .table-main").get_attribute("inert") == ""
    # the keyboard stays in the dialog, and Enter on Continue goes on
    keys = Keyboard(page)
    page.wait_for_function(INSIDE)
    for key in ["Tab"] * 4 + ["Shift+Tab"] * 4:
        keys.press(key)
        assert page.evaluate(INSIDE), f"{key} left the round screen for {keys.active()}"
    keys.tab_to("#interlude-continue")
    assert page.locator("#interlude-continue").inner_text() == "Continue to round 2"
    keys.press("Enter")
    dialog.wait_for(state="detached")
    # the next round starts: the bots play on, and the person's next board is round 2's live map
    assert wait_settled(page) == "move"
    assert engine_version(page) >= version
    assert page.locator(".table-bar .status").inner_text().startswith("Round 2 of 3")
    assert page.locator("#board .castles-map.scored").count() == 0
    assert page.locator(".log li", has_text="Round 2 of 3").count() == 1
    assert page.locator("#table [inert]").count() == 0
    assert page.locator(".castles-panel .seat-score").all_inner_texts() == totals
    # the scored round is still there to look at again, from the side panel
    page.locator(".castles-panel .finished-round").first.click()
    assert page.locator("#board .castles-map.scored").count() == 1
    page.locator("#board .next-round").click()
    assert page.locator("#board .castles-map.scored").count() == 0
    assert page.errors == []
    context.close()


def test_the_round_screen_fits_a_phone(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    start_game(page, site_url, "castles", ["human", "bot"], query="botDelay=0&seed=4")
    play_to_round_screen(page, seed=5)
    dialog = page.locator("#interlude")
    fit = dialog.evaluate("""(d) => ({
      right: d.getBoundingClientRect().right, scrollWidth: d.scrollWidth, clientWidth: d.clientWidth,
      page: document.documentElement.scrollWidth,
      map: d.querySelector('.castles-map').getBoundingClientRect().toJSON(),
    })""")
    assert fit["right"] <= 390 and fit["page"] <= 390, fit
    assert fit["scrollWidth"] <= fit["clientWidth"], f"the round screen scrolls sideways: {fit}"
    assert fit["map"]["width"] >= 300 and fit["map"]["height"] >= 150, fit
    # pieces still moving on the board behind (the new round's coins going back to hand) pass under the dialog
    stacking = page.evaluate("""() => [document.querySelector('.motion-layer'), document.querySelector('#interlude').parentElement]
        .map((el) => el && Number(getComputedStyle(el).zIndex))""")
    assert stacking[0] is not None and stacking[0] < stacking[1], stacking
    page.wait_for_timeout(400)  # the moves behind have finished: the picture shows the screen as a person sees it
    page.screenshot(path=str(artifacts / "castles-round-screen-phone.png"))
    button = page.locator("#interlude-continue")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["height"] >= 40, box
    button.tap()
    assert wait_settled(page) == "move"
    assert page.locator(".table-bar .status").inner_text().startswith("Round 2 of 2")
    context.close()


#: every score tag's box and every tile number's box on the round screen's map (CSS px)
TAG_AND_NUMBER_BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {x0: r.left, y0: r.top, x1: r.right, y1: r.bottom, text: e.textContent}; };
  // a number's ink, not its line box (which reaches far above and below a digit): its advance wide, and a digit's
  // height (about 0.72 of the font's size) about where it is drawn; a null's ring as it is
  const glyph = (e) => {
    if (e.tagName !== 'text') return box(e);
    const r = e.getBoundingClientRect(), m = e.getScreenCTM();
    const half = 0.36 * parseFloat(e.getAttribute('font-size')) * m.d;
    return {x0: r.left, x1: r.right, y0: m.f - half, y1: m.f + half, text: e.textContent};
  };
  const map = document.querySelector('#interlude .castles-map');
  return {tags: [...map.querySelectorAll('.score-tag')].map(box),
          numbers: [...map.querySelectorAll('.piece.tile .value')].map(box),
          glyphs: [...map.querySelectorAll('.piece.tile .value')].map(glyph),
          armies: [...map.querySelectorAll('.army .coin-body')].map(box)};
}"""


def overlapping(boxes, others):
    """The pairs of boxes, one of each list, that share some area."""
    return [(a, b) for a in boxes for b in others
            if min(a["x1"], b["x1"]) > max(a["x0"], b["x0"]) and min(a["y1"], b["y1"]) > max(a["y0"], b["y0"])]


def test_score_tags_and_armies_keep_off_the_tile_numbers(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = new_tab(context)
    crossed, covered, tags = [], [], 0
    for seed in (7, 8):  # two maps: castles stand differently
        start_game(page, site_url, "castles", ["human", "bot", "bot"], query=f"botDelay=0&seed={seed}")
        play_to_round_screen(page, seed=seed)
        boxes = page.evaluate(TAG_AND_NUMBER_BOXES)
        tags += len(boxes["tags"])
        assert boxes["numbers"], "no tile numbers on the map"
        crossed += overlapping(boxes["tags"], boxes["numbers"])
        # the armies stand under the numbers (a null's ring too), none over one
        assert len(boxes["armies"]) >= 9, boxes["armies"]
        covered += overlapping(boxes["armies"], boxes["glyphs"])
        page.screenshot(path=str(artifacts / f"castles-round-tags-seed{seed}.png"))
    assert tags >= 2 * 9, tags  # three castles a map, each with a tile, its armies and neighbours' terms
    assert not crossed, crossed
    assert not covered, covered
    context.close()
