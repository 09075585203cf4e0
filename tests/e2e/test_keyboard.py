"""Keyboard and screen readers: a whole game played with the keyboard only, every clickable piece
and place of every board a named button with a focus ring, the arrow keys across a board's pieces and
places as across a chessboard, dialogs and the privacy screen that keep the focus inside and give it
back, forms that stay usable, and a move log that is a live region."""
import re

from parlour.rng import Rng

from clicking import LEGAL, wait_python, wait_settled
from keyboard import Keyboard
from tabs import PHONE

GAMES = ["kings-progress", "kings-cottage", "castles", "one-six-nine", "mansion"]

# Every clickable piece or place: a button with a name.  Pieces a click passes through (pointer-events: none,
# King's Cottage's furnishings inside a room that is a destination) are not clickable, so no tab stop either.
BUTTONS = """() => [...document.querySelectorAll(%r)]
  .filter((el) => getComputedStyle(el).pointerEvents !== "none")
  .map((el) => {
    const native = el.tagName === "BUTTON";
    return {
      key: el.getAttribute("data-piece") || el.getAttribute("data-target"),
      tag: el.tagName.toLowerCase(),
      // a square of 169's grid is one tab stop for the whole grid, the arrow keys move between its squares
      // (roving tabindex, js/games/one-six-nine/keys.js): counted as a stop when the grid has exactly one
      tabindex: native ? (el.disabled ? -1 : el.tabIndex)
        : el.closest("svg.osn-grid") && el.closest("svg.osn-grid").querySelectorAll("[tabindex='0']").length === 1 ? 0
        : Number(el.getAttribute("tabindex")),
      role: native ? "button" : el.getAttribute("role"),
      name: (el.getAttribute("aria-label") || (native ? el.textContent : "") || "").trim(),
    };
  })""" % LEGAL

# The focus ring of the focused element: its outline (HTML) or the drawn ring around it (SVG).
RING = """() => {
  const el = document.activeElement;
  if (!(el instanceof SVGElement)) {
    const style = getComputedStyle(el);
    return {kind: "outline", style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor,
            halo: style.boxShadow};
  }
  let svg = el.ownerSVGElement;
  while (svg.ownerSVGElement) svg = svg.ownerSVGElement;
  const line = svg.querySelector(":scope > .focus-ring .focus-ring-line");
  const halo = svg.querySelector(":scope > .focus-ring .focus-ring-halo");
  if (!line || !halo) return {kind: "ring", missing: true};
  const a = el.getBoundingClientRect(), r = line.getBoundingClientRect();
  return {kind: "ring", style: getComputedStyle(line).stroke, halo: getComputedStyle(halo).stroke,
          width: parseFloat(getComputedStyle(line).strokeWidth), haloWidth: parseFloat(getComputedStyle(halo).strokeWidth),
          encloses: r.left <= a.left && r.top <= a.top && r.right >= a.right && r.bottom >= a.bottom};
}"""


def start_with_keyboard(page, url, game_id, query="botDelay=0&seed=7", people=1):
    """Choose the game, `people` persons in the first seats and bots playing at random in the others,
    then Start, all with the keyboard."""
    keys = Keyboard(page)
    page.goto(f"{url}?{query}")
    page.wait_for_selector(f"[data-game='{game_id}']")
    # the game cards are a radio group: Tab to the chosen one, the arrow keys move the choice
    keys.tab_to("[role=radiogroup] [role=radio][aria-checked='true']")
    chosen = f"[data-game='{game_id}'][aria-checked='true']"
    for _ in range(page.locator("[role=radiogroup] [role=radio]").count()):
        if page.locator(chosen).count():
            break
        keys.press("ArrowRight")
    page.wait_for_selector(chosen)
    seats = page.locator(".seat-row").count()
    for seat in range(1, people):
        kind = f".seat-row[data-seat='{seat}'] .seat-kind"
        keys.tab_to(kind)
        keys.press("p")  # Person on this device
        page.wait_for_function("(s) => document.querySelector(s)?.value === 'human'", arg=kind)
    for seat in range(people, seats):
        level = f".seat-row[data-seat='{seat}'] .seat-level"
        keys.tab_to(level)
        keys.press("r")  # type-ahead in the closed menu: Random
        page.wait_for_function("(s) => document.querySelector(s)?.value === 'random'", arg=level)
    kinds = page.locator(".seat-kind").evaluate_all("els => els.map(e => e.value)")
    assert kinds == ["human"] * people + ["bot"] * (seats - people), kinds
    wait_python(page)
    keys.tab_to("#start")
    keys.press("Enter")
    return keys, seats


def legal_choices(page):
    """The elements a click could play now (a place once a piece is picked up), as the clicking tests choose."""
    selected = page.locator("#board [data-piece].selected").count()
    targets = page.locator("#board [data-target].legal")
    return targets if selected and targets.count() else page.locator(LEGAL)


def test_a_whole_game_of_the_kings_progress_with_the_keyboard_only(page, site_url, artifacts):
    keys, seats = start_with_keyboard(page, site_url, "kings-progress")
    assert seats == 3
    rng = Rng.from_seed(3)
    actions = 0
    log = None
    while (phase := wait_settled(page, 120_000)) != "over":
        assert phase == "move", phase
        if log is None:
            page.evaluate("window.__log = document.querySelector('.log')")
            log = page.locator(".log li").count()
        choices = legal_choices(page)
        count = choices.count()
        assert count, "a person is to move but nothing on the board can be pressed"
        choices.nth(rng.below(count)).evaluate("el => el.setAttribute('data-kbd-goal', '')")
        keys.tab_to("[data-kbd-goal]")
        assert page.evaluate("document.activeElement.matches(':focus-visible')")
        keys.press("Enter" if rng.below(2) else "Space")
        actions += 1
        assert actions < 300, "the game does not end"
    result = page.locator("#result")
    result.wait_for()
    assert re.search(r"wins!|share the win", result.inner_text())
    assert result.locator(".result-ending").inner_text().endswith(".")  # why it ended, in a sentence
    # the move log is one polite live region that grew line by line (nothing was rebuilt in one piece)
    assert page.evaluate("document.querySelector('.log') === window.__log")
    assert page.locator(".log").get_attribute("aria-live") == "polite"
    assert page.locator(".log li").count() > log
    # the result dialog holds the focus: Tab and Shift+Tab go round its buttons only
    inside = "document.getElementById('result').contains(document.activeElement)"
    page.wait_for_function(inside)
    for key in ["Tab"] * 5 + ["Shift+Tab"] * 5:
        keys.press(key)
        assert page.evaluate(inside), f"{key} left the result dialog for {keys.active()}"
    assert page.locator(".table-bar").get_attribute("inert") == ""
    page.screenshot(path=str(artifacts / "keyboard-kings-progress-result.png"))
    keys.tab_to("#result .dialog-buttons button:first-child")  # See the board
    keys.press("Enter")
    page.wait_for_function("document.querySelector('#result').closest('.overlay').hidden")
    assert page.locator("#table [inert]").count() == 0  # the table is back in reach
    print(f"keyboard game: {actions} presses on pieces and places, {keys.presses} keys in all")
    assert not page.errors, page.errors


# The words each board gives its first clickable pieces and places (one of them at least).
FIRST_NAMES = {
    "kings-progress": r"^(Suns|Moons|Crowns|Arms) \S+ tile, in your reserve$",
    "kings-cottage": r"^The (Suns|Moons|Crowns|Arms) pile: \d+ face-down tiles$",
    "castles": r"pile: \d+ tiles?, face down",
    "one-six-nine": r"\d+ gold",
    "mansion": r"\((plans on display|in your hand)\)$",
}


def first_board_turn(page, keys, wanted):
    """Play on with the keyboard (a form sent as it stands, else the first button pressed) until the board
    offers pieces or places one of which is named as `wanted` says (a trade to answer comes first in Mansion)."""
    for _ in range(30):
        phase = wait_settled(page, 120_000)
        assert phase == "move", phase
        buttons = page.evaluate(BUTTONS)
        if any(re.search(wanted, b["name"]) for b in buttons):
            return
        submit = "#board form [type=submit]:not(:disabled)"
        if page.locator(submit).count():
            keys.tab_to(submit)
        else:
            assert buttons, "neither a piece nor a form to send"
            keys.tab_to(LEGAL)
        keys.press("Enter")
    raise AssertionError(f"the board never offered a piece or a place named {wanted!r}")


def check_ring(page, keys, selector, game_id, kind):
    keys.tab_to(selector)
    ring = page.evaluate(RING)
    where = f"{game_id} {kind} {keys.active()}"
    if ring["kind"] == "ring":
        assert not ring.get("missing"), f"no focus ring drawn around {where}"
        assert ring["style"] != "none" and ring["width"] >= 3 and ring["haloWidth"] > ring["width"], (where, ring)
        assert ring["style"] != ring["halo"], (where, ring)  # dark on light: seen on felt and parchment
        assert ring["encloses"], (where, ring)
    else:
        assert ring["style"] not in ("none", "") and ring["width"] >= 3, (where, ring)
        assert "255, 255, 255" in ring["halo"], (where, ring)  # the white halo around the dark line
    return ring


KINDS = """(s) => [...document.querySelectorAll(s)].filter((el) => el.tabIndex >= 0)
  .map((el) => el instanceof SVGElement ? "svg" : el.tagName === "BUTTON" ? "button" : "div")"""


def check_each_kind(page, keys, game_id, artifacts, moment, selector=LEGAL):
    """Tab to the first clickable element of each kind (SVG, native button, div) and check its focus ring."""
    kinds = page.evaluate(KINDS, selector)
    assert kinds, f"nothing to press in {game_id} ({moment})"
    for kind in sorted(set(kinds)):
        n = kinds.index(kind)
        page.evaluate(f"(s) => [...document.querySelectorAll(s)].filter(el => el.tabIndex >= 0)[{n}]"
                      ".setAttribute('data-kbd-goal', '')", selector)
        check_ring(page, keys, "[data-kbd-goal]", game_id, kind)
        page.screenshot(path=str(artifacts / f"keyboard-focus-{game_id}-{moment}-{kind}.png"))
        page.evaluate("document.querySelector('[data-kbd-goal]').removeAttribute('data-kbd-goal')")


def test_every_clickable_piece_and_place_is_a_named_button_with_a_focus_ring(page, site_url, artifacts):
    page.set_viewport_size({"width": 1280, "height": 800})
    measured = {}
    for game_id in GAMES:
        keys, _ = start_with_keyboard(page, site_url, game_id, query="botDelay=0&seed=5")
        first_board_turn(page, keys, FIRST_NAMES[game_id])
        buttons = page.evaluate(BUTTONS)
        for b in buttons:
            assert b["tabindex"] == 0 and b["role"] == "button" and len(b["name"]) >= 3, (game_id, b)
        # the keyboard reaches each of them
        reachable = page.evaluate("(s) => [...document.querySelectorAll(s)].filter(el => (el.tabIndex >= 0 || el.closest('svg.osn-grid')) && !el.closest('[inert]')).length",
                                  LEGAL)
        assert reachable == len(buttons), (game_id, reachable, len(buttons))
        check_each_kind(page, keys, game_id, artifacts, "first")
        measured[game_id] = len(buttons)
        # a piece that is picked up says so, keeps the focus, and its places are buttons with a ring too
        pickable = "#board [data-piece].legal[aria-pressed='false']"
        if page.locator(pickable).count():
            keys.tab_to(pickable)
            picked = page.evaluate("document.activeElement.getAttribute('data-piece')")
            keys.press("Enter")
            assert page.locator(f"#board [data-piece='{picked}'][aria-pressed='true']").count(), keys.active()
            # 169: a tile chosen in the row for sale sends the focus on to the first square it lights
            going = "#board .osn-grid .sq.legal" if picked.startswith("shop:") else f"[data-piece='{picked}']"
            assert keys.on(going), keys.active()
            for b in page.evaluate(BUTTONS):
                assert b["tabindex"] == 0 and b["role"] == "button" and len(b["name"]) >= 3, (game_id, b)
            check_each_kind(page, keys, game_id, artifacts, "place", "#board [data-target].legal")
    print("tab stops on the board at its first turn:", measured)
    assert not page.errors, page.errors


def press_around(page, keys, inside, presses=6):
    """Tab and Shift+Tab several times: the focus must stay inside `inside` (a JS expression)."""
    for key in ["Tab"] * presses + ["Shift+Tab"] * presses:
        keys.press(key)
        assert page.evaluate(inside), f"{key} left the dialog for {keys.active()}"


def test_privacy_screen_and_rules_keep_the_focus_and_give_it_back(page, site_url, artifacts):
    keys, _ = start_with_keyboard(page, site_url, "kings-progress", query="botDelay=0&seed=4", people=2)
    # the Rules dialog: opened from the table bar, Tab stays inside, Escape gives the focus back to the button
    assert wait_settled(page, 120_000) in ("move", "privacy")
    if wait_settled(page) == "privacy":
        keys.tab_to("#reveal")
        keys.press("Enter")
        assert wait_settled(page) == "move"
    keys.tab_to("#table .table-bar .rules-button")
    keys.press("Enter")
    page.locator("#rules[data-ready]").wait_for()
    press_around(page, keys, "document.getElementById('rules').contains(document.activeElement)")
    keys.press("Escape")
    assert page.locator("#rules").count() == 0
    assert keys.on("#table .table-bar .rules-button")
    # play with the keyboard until the device is passed: the privacy screen takes the focus and holds it
    rng = Rng.from_seed(9)
    for _ in range(40):
        if wait_settled(page) == "privacy":
            break
        choices = legal_choices(page)
        choices.nth(rng.below(choices.count())).evaluate("el => el.setAttribute('data-kbd-goal', '')")
        keys.tab_to("[data-kbd-goal]")
        keys.press("Enter")
    else:
        raise AssertionError("the device was never passed")
    page.wait_for_function("document.activeElement?.id === 'reveal'")
    assert page.locator("#table .table-bar").get_attribute("inert") == ""
    assert page.locator(".privacy").get_attribute("aria-labelledby")
    press_around(page, keys, "document.querySelector('.privacy').contains(document.activeElement)")
    keys.tab_to("#reveal")
    page.screenshot(path=str(artifacts / "keyboard-privacy-screen.png"))
    keys.press("Space")
    # the next person's board: the focus waits on one of their pieces, and the table is in reach again
    assert wait_settled(page) == "move"
    page.wait_for_function(f"document.activeElement?.matches({LEGAL!r})")
    assert page.locator("#table [inert]").count() == 0
    assert not page.errors, page.errors


def test_mansion_bid_form_and_deck_list_with_the_keyboard(page, site_url, artifacts):
    keys, _ = start_with_keyboard(page, site_url, "mansion", query="botDelay=0&seed=3")
    assert wait_settled(page, 120_000) == "move"
    form = page.locator("#mn-bid")
    form.wait_for()
    # a stepper pressed to its limit leaves the focus in its row, not on the page
    plus = "#mn-bid [data-field='wood'] [data-step='+1']"
    keys.tab_to(plus)
    ring = page.evaluate(RING)
    assert ring["style"] != "none" and ring["width"] >= 3, ring
    for _ in range(30):
        if page.locator(plus).is_disabled():
            break
        keys.press("Enter")
    assert page.locator(plus).is_disabled()
    assert keys.on("#mn-bid [data-field='wood'] button"), keys.active()
    assert page.locator("#mn-bid [data-value='wood']").get_attribute("aria-live") == "polite"
    wood = int(page.locator("#mn-bid [data-value='wood']").inner_text())
    assert wood > 0
    page.screenshot(path=str(artifacts / "keyboard-mansion-bid-form.png"))
    # the deck list: a dialog over the page that holds the focus and gives it back to its button
    keys.tab_to(".mn-deck-button")
    opener = page.evaluate("document.activeElement.closest('section, .seats-panel')?.className")
    keys.press("Enter")
    page.locator("#mn-deck-list").wait_for()
    assert page.locator("main").get_attribute("inert") == ""
    press_around(page, keys, "document.getElementById('mn-deck-list').contains(document.activeElement)")
    page.screenshot(path=str(artifacts / "keyboard-mansion-deck-list.png"))
    keys.press("Escape")
    assert page.locator("#mn-deck-list").count() == 0
    assert page.locator("main").get_attribute("inert") is None
    assert keys.on(".mn-deck-button")
    assert page.evaluate("document.activeElement.closest('section, .seats-panel')?.className") == opener
    # the bid is still set and goes in with the keyboard
    assert int(page.locator("#mn-bid [data-value='wood']").inner_text()) == wood
    keys.tab_to("#mn-bid .form-submit")
    keys.press("Enter")
    page.wait_for_selector(".log li:has-text('You bid')", timeout=60_000)
    assert not page.errors, page.errors


# The arrow keys across a board (js/board/arrows.js).  Where the focus is and every piece or place it may go to,
# as centres on the screen.
SPOTS = """(s) => {
  const at = (el) => { const b = el.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
  const key = (el) => el.getAttribute("data-piece") || el.getAttribute("data-target");
  const all = [...document.querySelectorAll(s)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length);
  all.forEach((el, i) => el.setAttribute("data-spot", i));
  const a = document.activeElement;
  return {spots: all.map((el) => ({n: all.indexOf(el), key: key(el), at: at(el)})), on: all.indexOf(a),
          focus: a && a.matches(s) ? {key: key(a), at: at(a)} : null};
}"""
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def press_arrow(page, keys, key):
    """Press an arrow on a focused piece or place and check where the focus went: to a clickable piece or place
    ahead in that direction on the screen, with none ahead nearer both along it and to the side; or nowhere,
    when nothing lies ahead.  Returns whether the focus moved."""
    before = page.evaluate(SPOTS, LEGAL)
    assert before["focus"], f"the focus is not on a piece or place but on {keys.active()}"
    dx, dy = ARROWS[key]
    (fx, fy) = before["focus"]["at"]

    def offsets(spot):
        x, y = spot["at"]
        return (x - fx) * dx + (y - fy) * dy, abs((x - fx) * dy - (y - fy) * dx)

    keys.press(key)
    after = page.evaluate("(s) => document.activeElement.matches(s) ? Number(document.activeElement.dataset.spot ?? -1) : -2",
                          LEGAL)
    assert after != -2, f"{key} took the focus off the board's pieces and places, to {keys.active()}"
    if after == before["on"]:
        return False
    went = before["spots"][after]
    ahead, side = offsets(went)
    assert ahead > 0, f"{key} went the other way: {before['focus']} to {went}"
    better = [s for s in before["spots"] if s["n"] not in (after, before["on"])
              and (a := offsets(s))[0] > 0 and a[0] <= ahead and a[1] <= side and a < (ahead, side)]
    assert not better, f"{key} from {before['focus']} went to {went}, past nearer {better}"
    return True


def arrow_to(page, keys, goal, limit=40):
    """Go to the piece or place `goal` (a selector) with the arrow keys alone: each press towards it along the
    axis it is furthest off, the other axis when that one leads nowhere."""
    for _ in range(limit):
        if keys.on(goal):
            return
        where = page.evaluate("""(s) => { const at = (el) => { const b = el.getBoundingClientRect();
            return [b.left + b.width / 2, b.top + b.height / 2]; };
          const [gx, gy] = at(document.querySelector(s)), [fx, fy] = at(document.activeElement);
          return [gx - fx, gy - fy]; }""", goal)
        ddx, ddy = where
        horizontal = ["ArrowRight" if ddx > 0 else "ArrowLeft"] if ddx else []
        vertical = ["ArrowDown" if ddy > 0 else "ArrowUp"] if ddy else []
        tries = horizontal + vertical if abs(ddx) >= abs(ddy) else vertical + horizontal
        if not any(press_arrow(page, keys, key) for key in tries):
            raise AssertionError(f"the arrows lead no nearer to {goal} than {keys.active()}")
    raise AssertionError(f"{limit} arrows did not reach {goal}; the focus is on {keys.active()}")


def test_arrow_keys_move_across_the_board_s_squares(page, site_url, artifacts):
    """The King's Progress: the arrows go to the neighbouring tile or place in their direction, Home and End to the
    first and last; several whole turns are played with arrows and Enter alone."""
    page.set_viewport_size({"width": 1280, "height": 800})
    keys, _ = start_with_keyboard(page, site_url, "kings-progress", query="botDelay=0&seed=5")
    assert wait_settled(page, 120_000) == "move"
    keys.tab_to(LEGAL)
    row = page.evaluate(SPOTS, LEGAL)["spots"]
    assert len(row) >= 3 and all(s["key"].startswith("tile:") for s in row), row
    first = row[0]
    keys.tab_to(f"[data-spot='{first['n']}']")
    # the reserve is a row: Right goes to the next tile in it, Left back, Up and Down nowhere (nothing else is lit)
    assert press_arrow(page, keys, "ArrowRight")
    right = page.evaluate(SPOTS, LEGAL)["focus"]
    assert right["at"][0] > first["at"][0] and abs(right["at"][1] - first["at"][1]) < 5, (first, right)
    assert press_arrow(page, keys, "ArrowLeft")
    assert page.evaluate(SPOTS, LEGAL)["focus"]["key"] == first["key"]
    assert not press_arrow(page, keys, "ArrowUp") and not press_arrow(page, keys, "ArrowDown")
    keys.press("End")
    assert keys.on(f"[data-spot='{len(row) - 1}']"), keys.active()
    keys.press("Home")
    assert keys.on(f"[data-spot='0']"), keys.active()
    # whole moves by arrows and Enter: walk to a tile, pick it up, walk to a place for it, put it there
    rng = Rng.from_seed(8)
    log = page.locator(".log li").count()
    for turn in range(4):
        assert wait_settled(page, 60_000) == "move"
        if not keys.on(LEGAL):
            keys.tab_to(LEGAL)
        for _ in range(2):  # the piece, then its place
            choices = legal_choices(page)
            choices.nth(rng.below(choices.count())).evaluate("el => el.setAttribute('data-kbd-goal', '')")
            arrow_to(page, keys, "[data-kbd-goal]")
            assert page.evaluate("document.activeElement.matches(':focus-visible')")
            if turn == 0:
                page.screenshot(path=str(artifacts / "keyboard-arrows-kings-progress.png"))
            keys.press("Enter")
            if page.locator("#board [data-target].legal").count() == 0 or not page.locator("#board [data-piece].selected").count():
                break
        page.wait_for_function("(n) => document.querySelectorAll('.log li').length > n", arg=log)
        log = page.locator(".log li").count()
    print(f"arrows: {keys.presses} keys in all for 4 turns")
    assert not page.errors, page.errors


def start_169_at_a_buy(page, site_url):
    """169 against a bot, played on with Pass to the person's first turn with a tile to buy."""
    keys, _ = start_with_keyboard(page, site_url, "one-six-nine", query="botDelay=0&seed=11")
    for _ in range(30):
        assert wait_settled(page, 120_000) == "move"
        if page.locator("#board .shop-tile.legal").count():
            return keys
        keys.tab_to("#osn-pass")
        keys.press("Enter")
    raise AssertionError("no tile to buy in 30 turns")


FIRST_LIT = "#board .osn-grid .sq.legal"


def test_choosing_a_tile_in_169_sends_the_focus_to_the_first_lit_square(page, site_url, artifacts):
    page.set_viewport_size({"width": 1280, "height": 800})
    keys = start_169_at_a_buy(page, site_url)
    tiles = page.locator("#board .shop-tile.legal")
    assert tiles.count() >= 2
    # by keyboard: Enter on a tile, and the focus (with its ring) is on the first lit square, the grid's one stop
    keys.tab_to("#board .shop-tile.legal")
    keys.press("Enter")
    assert page.locator("#board .shop-tile.selected").count() == 1
    first = page.locator(FIRST_LIT).first.get_attribute("data-target")
    assert page.evaluate("document.activeElement.getAttribute('data-target')") == first, keys.active()
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    assert page.locator("#board .osn-grid [tabindex='0']").count() == 1
    assert page.evaluate(RING).get("encloses"), page.evaluate(RING)
    page.screenshot(path=str(artifacts / "keyboard-169-tile-chosen.png"))
    # Shift+Tab goes back to the row for sale
    keys.press("Shift+Tab")
    assert keys.on("#board .shop-tile, #osn-pass"), keys.active()
    # by click: another tile clicked, and the focus goes on to its first lit square too
    other = page.locator("#board .shop-tile.legal:not(.selected)").first
    other.click()
    page.wait_for_function("document.activeElement?.matches('#board .osn-grid .sq.legal')")
    assert page.evaluate("document.activeElement.getAttribute('data-target')") == page.locator(FIRST_LIT).first.get_attribute("data-target")
    assert not page.errors, page.errors


def test_a_169_buy_made_with_arrows_and_enter(page, site_url, artifacts):
    """Arrows across the row for sale (the toolkit's), Enter on a tile, the arrows in the grid to a lit square, Enter."""
    page.set_viewport_size({"width": 1280, "height": 800})
    keys = start_169_at_a_buy(page, site_url)
    keys.tab_to("#board .shop-tile.legal")
    shop = page.locator("#board .shop-tile.legal").count()
    if shop > 1:  # the next tile for sale is to the right or below: an arrow reaches it
        before = page.evaluate(SPOTS, LEGAL)["focus"]
        assert press_arrow(page, keys, "ArrowRight") or press_arrow(page, keys, "ArrowDown")
        assert keys.on("#board .shop-tile.legal"), keys.active()
        assert page.evaluate(SPOTS, LEGAL)["focus"]["at"] != before["at"]
    keys.press("Enter")
    lit = sorted(page.locator(FIRST_LIT).evaluate_all("els => els.map((e) => [+e.dataset.y, +e.dataset.x])"))
    assert keys.on(FIRST_LIT), keys.active()
    # the last lit square, reached by the grid's arrows from the first
    (y0, x0), (y1, x1) = lit[0], lit[-1]
    for _ in range(abs(x1 - x0)):
        keys.press("ArrowRight" if x1 > x0 else "ArrowLeft")
    for _ in range(y1 - y0):
        keys.press("ArrowDown")
    assert page.evaluate("document.activeElement.getAttribute('data-target')") == f"sq:{x1}:{y1}", keys.active()
    log = page.locator(".log li", has_text=re.compile(r"^You buy ")).count()
    keys.press("Enter")
    assert wait_settled(page) in ("move", "over")
    assert page.locator(".log li", has_text=re.compile(r"^You buy ")).count() == log + 1
    assert not page.errors, page.errors


def test_169_on_a_phone_read_by_keyboard_is_shown_close_up(context_for, site_url, artifacts):
    """A phone shows the whole 169 board (squares about 28 px) while nothing on it can be tapped; a square reached
    by keyboard there turns the board to its close-up, the focus on the same square, at least 40 px."""
    page = context_for(PHONE)
    keys = start_169_at_a_buy(page, site_url)
    assert not page.locator(".osn-grid-wrap.zoomed").count(), "only the row for sale can be tapped: the whole board"
    whole = page.locator("#board .osn-grid .sq").first.bounding_box()
    assert whole["width"] < 40, whole  # why the close-up is needed
    # a tap on a square of the whole board does not turn it: the close-up is the keyboard's
    page.locator("#board .osn-grid .sq[data-x='7'][data-y='7']").tap()
    page.wait_for_timeout(300)
    assert not page.locator(".osn-grid-wrap.zoomed").count()
    keys.tab_to("#board .osn-grid [tabindex='0']")
    page.wait_for_selector(".osn-grid-wrap.zoomed")
    spot = page.evaluate("""() => { const a = document.activeElement, r = a.getBoundingClientRect();
      const sq = a.closest('.osn-grid .sq');
      return {square: sq && sq.dataset.x + ':' + sq.dataset.y, w: r.width, h: r.height, visible: a.matches(':focus-visible')}; }""")
    assert spot["square"], keys.active()
    assert min(spot["w"], spot["h"]) >= 40, spot
    assert spot["visible"], "the focus ring shows"
    # the arrows go on across the close-up, each square in sight in its frame
    keys.press("ArrowRight")
    keys.press("ArrowDown")
    moved = page.evaluate("""() => { const a = document.activeElement, sq = a.closest('.osn-grid .sq');
      const f = document.querySelector('.osn-grid-frame').getBoundingClientRect(), r = a.getBoundingClientRect();
      return {square: sq && sq.dataset.x + ':' + sq.dataset.y, inside: r.left >= f.left - 1 && r.right <= f.right + 1
              && r.top >= f.top - 1 && r.bottom <= f.bottom + 1, w: r.width}; }""")
    x, y = map(int, spot["square"].split(":"))
    assert moved["square"] == f"{min(x + 1, 13)}:{min(y + 1, 13)}", moved
    assert moved["inside"] and moved["w"] >= 40, moved
    page.screenshot(path=str(artifacts / "keyboard-169-phone-close-up.png"))
    assert not page.errors, page.errors
