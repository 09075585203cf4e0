"""169 in Chromium, played through the board by clicking: buys (a tile in the row for sale, then a
lit square its cards name), creature moves (a creature, then a lit square, with what the move does
previewed on the board and in a list beside it), passes, all the way to the result screen."""
import json
import re
import statistics
import time

import pytest

from clicking import start_game, wait_settled
from parlour.rng import Rng
from tabs import WITHOUT_SERVICE_WORKER


ENGINE_VIEW = """async (seat) => {
  const t = window.parlour.table;
  return await t.engine.call('view', {table: t.table, seat, legal: true});
}"""
ENGINE_STATUS = """async () => {
  const t = window.parlour.table;
  return await t.engine.call('status', {table: t.table});
}"""
CREATURES = ("thief", "monster", "hero", "bureaucrat")


def attr_all(page, selector, name):
    return page.locator(selector).evaluate_all(f"els => els.map((e) => e.getAttribute('{name}'))")


def lit_squares(page):
    return set(attr_all(page, "#board .osn-grid .sq.legal", "data-target"))


def selected_piece(page):
    chosen = page.locator("#board [data-piece].selected")
    return chosen.first.get_attribute("data-piece") if chosen.count() else None


def choose(page, piece):
    """Click a piece unless it is already chosen (the board chooses the only piece that can move)."""
    if selected_piece(page) != piece:
        page.locator(f"#board [data-piece='{piece}'].legal").first.click()
    assert selected_piece(page) == piece


def click_square(page, key):
    page.locator(f"#board .osn-grid .sq[data-target='{key}']").click()


def buy(page, rng, check, shot=None):
    """Choose a kind in the row for sale (a Castle when one can be bought), then a lit square."""
    kinds = sorted({p[5:] for p in attr_all(page, "#board .shop-tile.legal", "data-piece")})
    kind = "castle" if "castle" in kinds and rng.below(3) else kinds[rng.below(len(kinds))]
    choose(page, f"shop:{kind}")
    lit = lit_squares(page)
    assert lit, "a tile that can be bought lights its squares"
    if check:
        # the lit squares are exactly the engine's legal buys of that kind
        snap = page.evaluate(ENGINE_VIEW, 0)
        legal, hand = snap["legal"], snap["view"]["hand"]
        want = {f"sq:{a['square'][0]}:{a['square'][1]}" for a in legal if a["type"] == "buy" and a["tile"] == kind}
        assert lit == want, (kind, lit ^ want)
        # every lit square names the two cards it spends, in the player's hand
        for key in lit:
            x, y = map(int, key.split(":")[1:])
            assert x in hand and y in hand and (x != y or hand.count(x) >= 2), (key, hand)
    pick = sorted(lit)[rng.below(len(lit))]
    if shot:
        # pointing at a lit square lifts the two cards a buy there spends, and shows a ghost of the tile
        x, y = map(int, pick.split(":")[1:])
        lifted, info = hover_square(page, pick)
        assert lifted == sorted([x, y]), (pick, lifted)
        assert "and drop it here" in info, info
        page.screenshot(path=str(shot))
    click_square(page, pick)
    return kind


def move(page, rng, check):
    """Choose a creature, check the previews against the view's move_effects, then a lit square
    (one that does something, most of the time)."""
    pieces = sorted(set(attr_all(page, "#board .osn-grid [data-piece^='cr:'].legal", "data-piece")))
    piece = pieces[rng.below(len(pieces))]
    choose(page, piece)
    lit = lit_squares(page)
    assert lit, "a creature that can move lights its squares"
    previews = dict(zip(attr_all(page, "#board .osn-grid .sq.legal:has(.preview)", "data-target"),
                        attr_all(page, "#board .osn-grid .sq.legal .preview", "data-effect")))
    assert page.locator("#board .move-choice").count() == len(previews), "the list beside the board has every preview"
    if check:
        snap = page.evaluate(ENGINE_VIEW, 0)
        fx, fy = map(int, piece.split(":")[1:])
        want = {f"sq:{e['to'][0]}:{e['to'][1]}": " ".join(e["effects"])
                for e in snap["view"]["move_effects"] if e["from"] == [fx, fy]}
        assert previews == want, (piece, previews, want)
        moves = {f"sq:{a['to'][0]}:{a['to'][1]}" for a in snap["legal"] if a["type"] == "move" and a["from"] == [fx, fy]}
        assert lit == moves, (piece, lit ^ moves)
    keys = sorted(previews) if previews and rng.below(4) else sorted(lit)
    click_square(page, keys[rng.below(len(keys))])
    return previews


@pytest.mark.motion  # the title's whole game by clicking, as most people see it: moves slide (tests/e2e/tabs.py)
def test_person_plays_a_whole_game_against_two_bots(page, site_url, artifacts):
    start_game(page, site_url, "one-six-nine", ["human", "bot", "bot"], query="botDelay=0&seed=16",
               options={"last_turn": "20"})
    page.wait_for_selector(".osn-grid")
    assert page.locator(".osn-grid .sq").count() == 169
    labels = page.locator(".osn-grid .axis-label[data-axis='col']").evaluate_all(
        "els => els.map((e) => e.querySelector('text').textContent)")
    assert labels == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert page.locator(".osn-grid .axis-label[data-axis='row']").count() == 13
    page.evaluate("window.parlourTimings.moves = []; window.parlourTimings.movesDom = []")
    rng = Rng.from_seed(5)
    counts = {"buy": 0, "move": 0, "pass": 0, "previewed": 0}
    shots = set()
    started, deadline = time.time(), time.time() + 480
    while time.time() < deadline:
        phase = wait_settled(page)
        if phase == "over":
            break
        assert phase == "move", phase
        assert page.locator("#prompt").inner_text().strip()
        status = page.locator(".status").inner_text()
        assert re.match(r"Turn \d+ of 20 ", status), status
        # only the viewer's own cards are drawn, and as many as the engine says
        hand = page.evaluate(ENGINE_VIEW, 0)["view"]["hand"] if counts["buy"] + counts["move"] < 12 else None
        if hand is not None:
            assert page.locator("#board .osn-card").count() == len(hand)
        buying = "Buying tiles" in status
        can_buy = page.locator("#board .shop-tile.legal").count() > 0
        can_move = page.locator("#board .osn-grid [data-piece^='cr:'].legal").count() > 0
        assert page.locator("#osn-pass.legal").count() == 1, "Pass is offered whenever it is the person's go"
        check = counts["buy"] + counts["move"] < 40
        if buying and can_buy and rng.below(10):
            buy(page, rng, check, shot=artifacts / "one-six-nine-desktop-buy.png" if not counts["buy"] else None)
            counts["buy"] += 1
        elif not buying and can_move and rng.below(5):
            if "desktop" not in shots and page.locator("#board .osn-grid [data-piece^='cr:'].legal").count():
                shots.add(shot_move_phase(page, artifacts))
            counts["previewed"] += bool(move(page, rng, check))
            counts["move"] += 1
        else:
            page.click("#osn-pass")
            counts["pass"] += 1
    else:
        raise AssertionError(f"no result after {time.time() - started:.0f} s: {counts}")
    elapsed = time.time() - started
    page.locator("#result").wait_for()
    assert counts["buy"] >= 10 and counts["move"] >= 5 and counts["pass"] >= 5, counts
    # Alex's own view reads Alex's moves as "You …" (py/parlour/wording.py)
    assert page.locator(".log li", has_text=re.compile(r"^You buy ")).count() == counts["buy"]
    assert page.locator(".log li", has_text=re.compile(r"^Your \w+ moves ")).count() == counts["move"]
    check_result(page, players=3)
    page.screenshot(path=str(artifacts / "one-six-nine-result.png"))
    page.click("text=See the board")
    assert page.locator(".osn-panel .osn-seat.winner").count() >= 1
    page.screenshot(path=str(artifacts / "one-six-nine-final-board.png"))
    timings = page.evaluate("window.parlourTimings")
    moves = timings["moves"]
    figures = {
        "seconds": round(elapsed, 1), "person_actions": counts,
        "click_to_board_ms_p50": round(statistics.median(moves), 1),
        "click_to_board_ms_p95": round(sorted(moves)[int(len(moves) * 0.95) - 1], 1),
        "click_to_dom_ms_p50": round(statistics.median(timings["movesDom"]), 1),
    }
    (artifacts / "one-six-nine-e2e-figures.json").write_text(json.dumps(figures, indent=1) + "\n")
    print(figures)
    assert "desktop" in shots
    assert not page.errors, page.errors


def shot_move_phase(page, artifacts):
    """The board in the move phase with a creature chosen and its moves previewed, pointing at one."""
    pieces = attr_all(page, "#board .osn-grid [data-piece^='cr:'].legal", "data-piece")
    best = None
    for piece in pieces:
        choose(page, piece)
        if page.locator("#board .osn-grid .sq.legal .preview").count():
            best = piece
            break
    if best is None:
        return None
    page.locator("#board .osn-grid .sq.legal:has(.preview)").first.hover()
    info = page.locator(".osn-info").inner_text()
    assert re.match(r"\([AJQK2-9]|\(10", info) and "Your " in info, info
    page.screenshot(path=str(artifacts / "one-six-nine-desktop.png"))
    return "desktop"


def check_result(page, players):
    result = page.locator("#result")
    assert re.search(r"wins!|share the win", result.inner_text())
    assert result.locator(".result-ending").inner_text().endswith(".")  # why it ended, in a sentence
    engine = page.evaluate(ENGINE_STATUS)["result"]
    rows = result.locator(".osn-result-table tbody tr")
    assert rows.count() == players
    for k in range(players):
        row = rows.nth(k)
        castles = int(row.locator(".term-castles").inner_text())
        doubled = int(row.locator(".term-doubled").inner_text().lstrip("+"))
        assert castles + doubled == int(row.locator(".term-count").inner_text()) == engine["scores"][k]
        assert int(row.locator(".term-gold").inner_text()) == engine["detail"]["gold"][k]
        assert ("winner" in (row.get_attribute("class") or "")) == (k in engine["winners"])
    decided = result.locator(".decided").inner_text()
    assert ("last turn" in decided) == (engine["detail"]["decided_by"] == "last turn"), decided


def test_the_board_fits_a_phone_and_plays_by_tapping(browser, site_url, artifacts):
    context = browser.new_context(**WITHOUT_SERVICE_WORKER, viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    start_game(page, site_url, "one-six-nine", ["human", "bot"], query="botDelay=0&seed=4")
    page.wait_for_selector(".osn-grid")
    rng = Rng.from_seed(2)
    for _ in range(60):
        assert wait_settled(page) == "move"
        if "Moving creatures" in page.locator(".status").inner_text() and page.locator(".osn-grid .sq.legal .preview").count():
            break
        if page.locator("#board .shop-tile.legal").count():
            kinds = sorted({p[5:] for p in attr_all(page, "#board .shop-tile.legal", "data-piece")})
            wanted = [k for k in kinds if k in CREATURES] or kinds
            choose(page, f"shop:{wanted[rng.below(len(wanted))]}")
            lit = sorted(lit_squares(page))
            page.locator(f"#board .osn-grid .sq[data-target='{lit[rng.below(len(lit))]}']").tap()
        elif page.locator("#board .osn-grid [data-piece^='cr:'].legal").count():
            pieces = attr_all(page, "#board .osn-grid [data-piece^='cr:'].legal", "data-piece")
            if selected_piece(page) is None:
                page.locator(f"#board [data-piece='{pieces[0]}']").tap()
            if page.locator(".osn-grid .sq.legal .preview").count():
                break
            lit = sorted(lit_squares(page))
            page.locator(f"#board .osn-grid .sq[data-target='{lit[rng.below(len(lit))]}']").tap()
        else:
            page.locator("#osn-pass").tap()
    # a creature is chosen, so the board is shown close up (squares a finger wide), panning in a frame as wide as the phone
    frame = page.locator(".osn-grid-frame").bounding_box()
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= 390, frame
    assert frame["width"] >= 350, f"the close-up should take the phone's width, not {frame['width']:.0f} px"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "nothing sticks out sideways"
    square = page.locator(".osn-grid .sq").first.bounding_box()
    assert square["width"] >= 40, square
    page.screenshot(path=str(artifacts / "one-six-nine-phone.png"))
    page.screenshot(path=str(artifacts / "one-six-nine-phone-full.png"), full_page=True)
    assert not errors, errors
    context.close()


def test_variants_draw_the_property_line_and_the_small_world(page, site_url):
    start_game(page, site_url, "one-six-nine", ["human", "bot"], query="botDelay=0&seed=9",
               options={"walled_garden": "on", "small_world": "on"})
    page.wait_for_selector(".osn-grid")
    assert wait_settled(page) == "move"
    assert page.locator(".osn-grid .walled-garden .property-line").count() == 1
    assert page.locator(".osn-grid .sq-bg.far").count() == 169 - 81
    assert "Walled Garden" in page.locator(".osn-panel").inner_text()
    for _ in range(30):
        if page.locator("#board .shop-tile.legal").count():
            break
        page.click("#osn-pass")
        assert wait_settled(page) == "move"
    kinds = sorted({p[5:] for p in attr_all(page, "#board .shop-tile.legal", "data-piece")} - {"pit"})
    if kinds:
        choose(page, f"shop:{kinds[0]}")
        for key in lit_squares(page):
            x, y = map(int, key.split(":")[1:])
            assert x <= 9 and y <= 9 and y >= x, key  # seat 0 places in the corner, on its side of the line
    assert not page.errors


#: the cards a pointed-at square lifts and the line it says, read together; null when the board was drawn anew
#: since `hover_square` marked it (a late redraw starts with nothing pointed at, until the pointer moves again)
POINTED = """() => { const board = document.querySelector('#board .osn-board');
  if (!board?.dataset.marked) return null;
  return {lifted: [...board.querySelectorAll('.osn-card.spend')].map((c) => Number(c.dataset.rank)).sort((a, b) => a - b),
          info: board.querySelector('.osn-info')?.textContent.trim() ?? ''}; }"""


def hover_square(page, key, tries=3):
    """Point at a square of 169's grid; (the cards it lifts, the info line).  A redraw of the board between
    pointing and reading (a late one under load) clears what pointing showed: point again at the new board."""
    for _ in range(tries):
        page.mouse.move(0, 0)
        page.evaluate("document.querySelector('#board .osn-board').dataset.marked = '1'")
        page.locator(f"#board .osn-grid .sq[data-target='{key}']").hover()
        if (seen := page.evaluate(POINTED)) is not None:
            return seen["lifted"], seen["info"]
    raise AssertionError(f"the board was drawn anew each of {tries} times {key} was pointed at")


def start_at_a_buy(page, site_url):
    """A seeded 2-seat game against a bot, passed through to the person's first turn with a tile to buy."""
    start_game(page, site_url, "one-six-nine", ["human", "bot"], query="botDelay=0&seed=11")
    page.wait_for_selector(".osn-grid")
    for _ in range(30):
        assert wait_settled(page) == "move"
        if page.locator("#board .shop-tile.legal").count():
            break
        page.click("#osn-pass")


def test_a_buy_can_be_made_with_the_keyboard(page, site_url):
    start_at_a_buy(page, site_url)
    tile = page.locator("#board .shop-tile.legal").first
    kind = tile.get_attribute("data-piece")
    assert selected_piece(page) is None, "no tile is picked for the player unasked"
    tile.focus()
    page.keyboard.press("Enter")
    assert selected_piece(page) == kind
    square = page.locator("#board .osn-grid .sq.legal").first
    key = square.get_attribute("data-target")
    square.focus()
    page.keyboard.press("Enter")
    assert wait_settled(page) in ("move", "over")
    x, y = key.split(":")[1:]
    names = {"1": "A", "11": "J", "12": "Q", "13": "K"}
    where = f"({names.get(x, x)}, {names.get(y, y)})"
    assert page.locator(".log li", has_text=re.compile(rf"^You buy .* on {re.escape(where)}")).count() == 1
    assert not page.errors


def focused_square(page):
    return page.evaluate("document.activeElement?.closest('.osn-grid .sq')?.getAttribute('data-target') ?? null")


def test_the_grid_is_one_tab_stop_after_the_shop_and_arrow_keys_move_between_squares(page, site_url):
    start_at_a_buy(page, site_url)
    page.locator("#board .shop-tile.legal").first.focus()
    page.keyboard.press("Enter")
    lit = sorted(lit_squares(page))
    assert lit
    # Tab order: the row for sale before the board, and the board one stop however many squares are lit
    stops = page.locator("#board [tabindex='0'], #board button:not([disabled])").evaluate_all(
        "els => els.map((e) => e.getAttribute('data-piece') || e.getAttribute('data-target'))")
    grid_stops = [k for k in stops if k and k.startswith(("sq:", "cr:"))]
    assert len(grid_stops) == 1, stops
    assert max(i for i, k in enumerate(stops) if k and k.startswith("shop:")) < stops.index(grid_stops[0]), stops
    # arrows walk the grid square by square, lit or not, and clamp at the edges
    page.locator("#board .osn-grid [tabindex='0']").focus()
    page.keyboard.press("Home")
    page.keyboard.press("PageUp")
    assert focused_square(page) == "sq:1:1"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert focused_square(page) == "sq:1:1"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert focused_square(page) == "sq:2:2"
    assert page.locator("#board .osn-grid [tabindex='0']").count() == 1
    assert page.locator(".osn-info").inner_text().startswith("(2, 2)")
    # walk to a lit square by arrows alone and buy there with Enter
    x, y = map(int, lit[0].split(":")[1:])
    for _ in range(x - 2):
        page.keyboard.press("ArrowRight")
    for _ in range(y - 2):
        page.keyboard.press("ArrowDown")
    assert focused_square(page) == lit[0]
    page.keyboard.press("Enter")
    assert wait_settled(page) in ("move", "over")
    assert page.locator(".log li", has_text=re.compile(r"^You buy ")).count() == 1
    assert not page.errors


def test_the_whole_board_fits_a_1280_by_800_window_while_playing(browser, site_url, artifacts):
    context = browser.new_context(**WITHOUT_SERVICE_WORKER, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    start_game(page, site_url, "one-six-nine", ["human", "bot", "bot"], query="botDelay=0&seed=16")
    page.wait_for_selector(".osn-grid")
    for _ in range(12):
        assert wait_settled(page) == "move"
        page.wait_for_timeout(100)  # the board fits itself a frame after the table is drawn
        grid = page.locator("svg.osn-grid").bounding_box()
        assert grid["y"] + grid["height"] <= 800, f"the bottom row is cut off: {grid}"
        assert grid["width"] >= 340
        page.click("#osn-pass")
    page.screenshot(path=str(artifacts / "one-six-nine-1280x800.png"))
    context.close()
