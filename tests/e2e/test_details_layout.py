"""Layout details a new player trips on, checked by the boxes the browser lays out.

- The result dialog on a phone (390x844): its buttons show without scrolling
  inside the dialog (a footer stuck to its bottom edge, still there when the
  rest scrolls), its headline shows, and no table is cut off sideways.
- The King's Progress on a 1280x800 desktop: the person's reserve (and the
  pass button) shows without scrolling in every phase, whatever the bar above
  the board holds, at 2, 3 and 4 players.
- King's Cottage on a 1280x800 desktop: the newest line of the move log shows
  without scrolling the page.
- Castles' scored map: no two score tags overlap, on a finished game's board
  (desktop and phone) and on a map made to crowd them (four castles side by
  side with wide numbers).
- "Pass (no veto)" keeps clear of its border.
Screenshots go to artifacts/details-*.png.
"""
from __future__ import annotations

import time

import pytest

from clicking import LEGAL, start_game, wait_settled
from parlour.rng import Rng
from positions import near_the_end, open_position
from tabs import DESKTOP, PHONE

FOLD = 800
#: after a move, the page settles its layout in the next frame (the board and the log fit the window then)
NEXT_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: pairs of boxes that share more than half a pixel each way
OVERLAPS = """(boxes) => {
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (x > 0.5 && y > 0.5) out.push([i, j, x, y]);
  }
  return out;
}"""
TAG_BOXES = "(root) => [...root.querySelectorAll('.score-tag rect')].map((r) => r.getBoundingClientRect().toJSON())"


def bots_play_to_the_end(page, limit_s=300):
    """A table of bots only plays itself to its result; a scored Castles round waits for someone to go on."""
    deadline = time.time() + limit_s
    while time.time() < deadline:
        phase = wait_settled(page, timeout=limit_s * 1000)
        if phase == "over":
            page.locator("#result").wait_for()
            return
        if phase == "interlude":
            page.locator("#interlude-continue").click()
            continue
        raise AssertionError(f"a table of bots stopped in phase {phase!r}")
    raise AssertionError("the bots did not finish the game")


@pytest.mark.parametrize("game, seats", [("castles", 4), ("kings-progress", 2), ("mansion", 3)])
def test_the_result_dialog_on_a_phone_shows_its_buttons_and_fits(shared_tab, site_url, artifacts, game, seats):
    page = shared_tab(PHONE)
    open_position(page, site_url, game, ["bot"] * seats, 7, near_the_end(game, seats, 7), in_app=True)
    bots_play_to_the_end(page)
    page.evaluate(NEXT_FRAMES)
    dialog = page.locator("#result")
    fit = dialog.evaluate("""(d) => {
      const box = d.getBoundingClientRect().toJSON();
      const buttons = [...d.querySelectorAll('.dialog-buttons button')].map((b) => b.getBoundingClientRect().toJSON());
      const tables = [...d.querySelectorAll('table')].map((t) => t.getBoundingClientRect().toJSON());
      return { box, buttons, tables, headline: d.querySelector('h2').getBoundingClientRect().toJSON(),
               scrollWidth: d.scrollWidth, clientWidth: d.clientWidth, scrolls: d.scrollHeight > d.clientHeight };
    }""")
    box = fit["box"]
    assert box["left"] >= 0 and box["right"] <= 390 and box["top"] >= 0 and box["bottom"] <= 844, fit
    assert fit["scrollWidth"] <= fit["clientWidth"], f"the dialog scrolls sideways: {fit}"
    for table in fit["tables"]:
        assert table["left"] >= box["left"] - 0.5 and table["right"] <= box["right"] + 0.5, f"a table is cut off sideways: {fit}"
    assert fit["headline"]["top"] >= box["top"] and fit["headline"]["bottom"] <= box["bottom"], "the headline is scrolled away"
    for button in fit["buttons"]:
        assert box["top"] <= button["top"] and button["bottom"] <= box["bottom"] and button["height"] >= 40, (
            f"a button of the dialog is out of sight until its content is scrolled: {fit}")
    page.screenshot(path=str(artifacts / f"details-phone-result-{game}.png"))
    # scrolled to its end, the buttons stay where they were
    if fit["scrolls"]:
        dialog.evaluate("(d) => { d.scrollTop = d.scrollHeight; }")
        page.evaluate(NEXT_FRAMES)
        after = dialog.evaluate("(d) => [...d.querySelectorAll('.dialog-buttons button')].map((b) => b.getBoundingClientRect().toJSON())")
        moved = [abs(a["top"] - b["top"]) for a, b in zip(after, fit["buttons"])]
        assert max(moved) <= 1.5, f"the buttons move when the dialog scrolls: {after} {fit['buttons']}"
    assert not page.errors, page.errors


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kings_progress_shows_the_reserve_above_the_fold_in_every_phase(context_for, site_url, artifacts, players):
    page = context_for(DESKTOP)
    start_game(page, site_url, "kings-progress", ["human"] + ["bot"] * (players - 1), query=f"botDelay=0&seed={players}")
    rng = Rng.from_seed(f"fold:{players}")
    phases, worst = set(), 0.0
    for _ in range(45):
        if wait_settled(page) != "move":
            break
        page.evaluate(NEXT_FRAMES)
        status = page.locator(".status").inner_text()
        bottoms = page.evaluate("""() => [...document.querySelectorAll('#board .hand [data-piece], #board .hand [data-target]')]
          .map((e) => e.getBoundingClientRect().bottom)""")
        assert bottoms, f"{status}: no reserve drawn"
        assert page.evaluate("window.scrollY") == 0
        assert max(bottoms) <= FOLD, f"{status}: the reserve reaches {max(bottoms):.0f} px, below the fold"
        phases.add(status.split(" · ")[1])
        if max(bottoms) > worst:
            worst = max(bottoms)
            page.screenshot(path=str(artifacts / f"details-desktop-kings-progress-{players}.png"))
        choices = page.locator(LEGAL)
        choices.nth(rng.below(choices.count())).click()
    assert {"City phase", "Investment phase"} <= phases, phases
    assert not page.errors, page.errors


def test_kings_cottage_shows_the_newest_log_line_above_the_fold(context_for, site_url, artifacts):
    page = context_for(DESKTOP)
    start_game(page, site_url, "kings-cottage", ["human", "bot", "bot"], query="botDelay=0&seed=7")
    rng = Rng.from_seed("cottage-log")
    checked = 0
    for _ in range(40):
        phase = wait_settled(page)
        if phase != "move":
            break
        page.evaluate(NEXT_FRAMES)
        seen = page.evaluate("""() => {
          const log = document.querySelector('.log'), last = log.lastElementChild;
          return { log: log.getBoundingClientRect().toJSON(), last: last ? last.getBoundingClientRect().toJSON() : null,
                   lines: log.children.length, scrollY: window.scrollY };
        }""")
        if seen["last"]:
            assert seen["scrollY"] == 0
            assert seen["last"]["bottom"] <= FOLD, f"the newest log line ends at {seen['last']['bottom']:.0f} px: {seen}"
            assert seen["log"]["top"] - 1 <= seen["last"]["top"] and seen["last"]["bottom"] <= seen["log"]["bottom"] + 1, (
                f"the newest line is scrolled out of the log's box: {seen}")
            checked += 1
        if not act_in_cottage(page, rng):
            break
    assert checked >= 10
    page.screenshot(path=str(artifacts / "details-desktop-kings-cottage-log.png"))
    assert not page.errors, page.errors


def act_in_cottage(page, rng) -> bool:
    """One move in King's Cottage: the secret investments (one house up, another down), or a piece or place."""
    form = page.locator("#kc-invest")
    if form.count():
        houses = form.locator(".kc-stake").evaluate_all("els => els.map((e) => e.dataset.house)")
        form.locator(f".kc-stake[data-house='{houses[0]}'] label:has(input[value='1'])").click()
        form.locator(f".kc-stake[data-house='{houses[1]}'] label:has(input[value='-1'])").click()
        page.locator("#kc-invest-submit").click()
        return True
    selected = page.locator("#board [data-piece].selected").count()
    targets = page.locator("#board [data-target].legal")
    choices = targets if selected and targets.count() else page.locator(LEGAL)
    if not choices.count():
        return False
    choices.nth(rng.below(choices.count())).click()
    return True


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_castles_score_tags_never_overlap_on_a_finished_board(shared_tab, site_url, artifacts, where):
    page = shared_tab(DESKTOP if where == "desktop" else PHONE)
    open_position(page, site_url, "castles", ["bot"] * 4, 7, near_the_end("castles", 4, 7), in_app=True)
    bots_play_to_the_end(page)
    page.locator("#result button", has_text="See the board").click()
    page.locator("#result").wait_for(state="hidden")
    board = page.locator("#board svg.castles-map.scored").first
    boxes = board.evaluate(TAG_BOXES)
    assert len(boxes) >= 4 * 4, "every seat's castle tile, armies and neighbours have tags"
    assert not page.evaluate(OVERLAPS, boxes), page.evaluate(OVERLAPS, boxes)
    page.screenshot(path=str(artifacts / f"details-{where}-castles-tags.png"), full_page=True)
    assert not page.errors, page.errors


def test_castles_score_tags_never_overlap_on_a_crowded_map(context_for, site_url, artifacts):
    """Four castles side by side (each gap shared by two of them), every term a wide number."""
    page = context_for(DESKTOP)
    page.goto(site_url)
    page.wait_for_selector("[data-game='castles']")
    boxes = page.evaluate("""async () => {
      const { drawMap, boundsOf } = await import(new URL('js/games/castles/map.js', location.href).href);
      const suits = ['suns', 'moons', 'crowns', 'arms'];
      const tiles = [];
      for (let x = -1; x <= 2; x++) for (let y = -1; y <= 2; y++) tiles.push({ x, y, suit: suits[(x + 2 * y + 8) % 4], rank: (x + y + 6) % 6 });
      const castles = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }, { x: 1, y: 1 }];
      const armies = [];
      castles.forEach((c, seat) => { for (let i = 0; i < 4; i++) armies.push({ x: c.x, y: c.y, seat, suit: suits[seat], rank: i }); });
      const wide = [-12, +15, -10, +11, -13, +14];
      const lines = castles.map((c, seat) => {
        const terms = [
          { kind: 'castle_tile', x: c.x, y: c.y, points: 5, suit: suits[seat], tile: 5 },
          { kind: 'castle_armies', x: c.x, y: c.y, points: -10, own: 1, enemy: 3 },
        ];
        [[0, -1], [1, 0], [0, 1], [-1, 0]].forEach(([dx, dy], k) => terms.push({
          kind: k % 2 ? 'own_tile' : 'enemy_tile', x: c.x + dx, y: c.y + dy, points: wide[(seat + k) % wide.length],
          suit: 'suns', tile: 3, own: 1, enemy: 2, controlled: k % 2 === 0,
        }));
        return { seat, terms, total: 0 };
      });
      const map = { tiles, castles, armies };
      const svg = drawMap(map, { bounds: boundsOf(tiles), names: ['Alex', 'Ada', 'Brune', 'Cyril'], viewer: null, secret: false, lines, ring: 0.3 });
      svg.style.width = '900px';
      svg.id = 'crowded';
      document.body.prepend(svg);
      return [...svg.querySelectorAll('.score-tag rect')].map((r) => r.getBoundingClientRect().toJSON());
    }""")
    assert len(boxes) == 4 * 6
    overlaps = page.evaluate(OVERLAPS, boxes)
    page.locator("#crowded").screenshot(path=str(artifacts / "details-castles-crowded-tags.png"))
    assert not overlaps, overlaps


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_the_pass_button_keeps_its_text_clear_of_its_border(shared_tab, site_url, artifacts, where):
    page = shared_tab(DESKTOP if where == "desktop" else PHONE)
    start_game(page, site_url, "kings-progress", ["human", "bot"], query="botDelay=0&seed=4", in_app=True)
    rng = Rng.from_seed("pass")
    for _ in range(40):
        assert wait_settled(page) == "move"
        plaque = page.locator("#board [data-target='pass']")
        if plaque.count():
            break
        selected = page.locator("#board [data-piece].selected").count()
        targets = page.locator("#board [data-target].legal")
        choices = targets if selected and targets.count() else page.locator(LEGAL)
        choices.nth(rng.below(choices.count())).click()
    else:
        raise AssertionError("no veto phase offered a pass")
    rect, text = plaque.evaluate("(g) => [g.querySelector('rect').getBoundingClientRect().toJSON(), g.querySelector('text').getBoundingClientRect().toJSON()]")
    room = min(text["left"] - rect["left"], rect["right"] - text["right"])
    assert room >= 8, f"the text comes within {room:.1f} px of the border: {rect} {text}"
    plaque.screenshot(path=str(artifacts / f"details-{where}-pass.png"))
