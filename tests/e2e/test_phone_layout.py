"""Every game's table on a phone (390x844, touch), played by tapping through several phases.

At every settled position: nothing is wider than the screen (no sideways scrolling), every
piece or place to tap and every button is at least 40x40 px and lies on the screen, and no
two of them overlap (one inside the other, such as a King on its city, is not an overlap).
Things scrolled out of view inside a box of their own (169's board pans sideways within its
frame) count only for the part that shows.  Also: the privacy screen and the result dialog
fit the phone, and on a 1280x800 desktop The King's Progress shows the person's own pieces
without scrolling.  Screenshots go to artifacts/phone-<game>-<what>.png."""
import re

import pytest

from clicking import LEGAL, start_game, wait_settled
from positions import near_the_end, open_position
from parlour.rng import Rng
from tabs import PHONE, PLAIN

WIDTH = PHONE["viewport"]["width"]
MIN_TARGET = 40

# Every control a person may tap: legal pieces and places, buttons, and what stands for a button
# (an element the board made one, a summary, a choice in a radio group).
MEASURE = """(minTarget) => {
  const width = document.documentElement.clientWidth;
  const CONTROLS = "#board [data-piece].legal, #board [data-target].legal, button, [role=button], summary, select, "
    + "input[type=text], input[type=number], label:has(> input[type=radio])";
  const describe = (e) => {
    const bits = [e.tagName.toLowerCase()];
    if (e.id) bits.push("#" + e.id);
    for (const a of ["data-piece", "data-target"]) if (e.hasAttribute(a)) bits.push(`[${a}=${e.getAttribute(a)}]`);
    const text = (e.getAttribute("aria-label") || e.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 30);
    return bits.join("") + (text ? ` "${text}"` : "");
  };
  /** The part of an element's box that shows: cut by every ancestor that clips (a scrolling box). */
  const shown = (e) => {
    let r = e.getBoundingClientRect();
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const c = a.getBoundingClientRect();
      box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top), right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
    }
    return box;
  };
  const items = [];
  for (const e of document.querySelectorAll(CONTROLS)) {
    if (e.closest("[hidden], [inert]")) continue;
    // not drawn: display none, hidden, or inside a closed <details> (whose content keeps stale boxes)
    if (!e.checkVisibility({ visibilityProperty: true })) continue;
    if (getComputedStyle(e).pointerEvents === "none") continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const box = shown(e);
    if (box.right - box.left <= 0 || box.bottom - box.top <= 0) continue;  // scrolled out of its frame
    items.push({ e, name: describe(e), w: r.width, h: r.height, box });
  }
  const small = items.filter((i) => i.w < minTarget - 0.5 || i.h < minTarget - 0.5)
    .map((i) => `${i.name} ${i.w.toFixed(1)}x${i.h.toFixed(1)}`);
  const outside = items.filter((i) => i.box.left < -0.5 || i.box.right > width + 0.5)
    .map((i) => `${i.name} x ${i.box.left.toFixed(1)}..${i.box.right.toFixed(1)}`);
  const overlaps = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i], b = items[j];
      if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (x > 1 && y > 1) overlaps.push(`${a.name} / ${b.name} (${x.toFixed(1)}x${y.toFixed(1)})`);
    }
  }
  const sizes = items.map((i) => Math.min(i.w, i.h));
  return {
    scrollWidth: document.documentElement.scrollWidth, count: items.length,
    smallest: sizes.length ? Math.min(...sizes) : null, small, outside, overlaps,
    board: document.querySelector("#board")?.getBoundingClientRect().height ?? 0,
  };
}"""


def check_fits(page, where):
    """Assert that the page fits the phone and its controls are big enough, on the screen and apart."""
    m = page.evaluate(MEASURE, MIN_TARGET)
    assert m["scrollWidth"] <= WIDTH, f"{where}: the page is {m['scrollWidth']} px wide"
    assert not m["outside"], f"{where}: controls off the screen sideways: {m['outside']}"
    assert not m["small"], f"{where}: controls smaller than {MIN_TARGET} px: {m['small']}"
    assert not m["overlaps"], f"{where}: controls overlap: {m['overlaps']}"
    return m


@pytest.fixture
def phone(shared_tab):
    """A tab in a phone held upright (tabs.PHONE: touch, and reduced motion, so every position is measured at rest),
    the module's one: each test opens its table from the lobby (`in_app`), as a player goes from game to game."""
    return shared_tab(PHONE)


def shot(page, artifacts, game, what, taken):
    """One screenshot of each kind of position, the whole page, the first time it is reached."""
    name = re.sub(r"[^a-z0-9]+", "-", what.lower()).strip("-")
    if name in taken:
        return
    taken.add(name)
    page.screenshot(path=str(artifacts / f"phone-{game}-{name}.png"), full_page=True)


def phase_title(page):
    """The phase part of the status line: "Round 1 of 6 · City phase · your move" → "City phase"."""
    parts = [p.strip() for p in page.locator(".status").inner_text().split("·")]
    rest = [p for p in parts if not re.match(r"(Round|Turn|Game) \d|\d+ of \d+ months|your move|.* to move", p)]
    return rest[0] if rest else parts[0]


# ----- what to tap: each game prefers the taps that reach more of its phases -----

def tap_one(page, rng, groups):
    """Tap a random element of the first non-empty group of selectors."""
    for selector in groups:
        found = page.locator(selector)
        if found.count():
            found.nth(rng.below(found.count())).tap(timeout=5000)
            return True
    return False


def tap_form(page, rng):
    """The platform's form (Mansion's bids and trades): a few steps up, then send it (or cancel)."""
    form = page.locator("#board form.parlour-form")
    if not form.count():
        return False
    for _ in range(rng.below(4)):
        plus = form.locator("button.form-step[data-step='+1']:not([disabled])")
        if plus.count():
            plus.nth(rng.below(plus.count())).tap()
    submit = form.locator(".form-submit")
    if submit.is_disabled():
        form.locator(".form-cancel").tap()
    else:
        submit.tap()
    return True


def tap_investments(page, rng):
    """King's Cottage's secret investments: one house up, another down as much, then send."""
    form = page.locator("#kc-invest")
    if not form.count():
        return False
    houses = form.locator(".kc-stake").evaluate_all("els => els.map((e) => e.dataset.house)")
    up = houses[rng.below(len(houses))]
    down = [h for h in houses if h != up][rng.below(len(houses) - 1)]
    stake = 1 + rng.below(3)
    form.locator(f".kc-stake[data-house='{up}'] label:has(input[value='{stake}'])").tap()
    form.locator(f".kc-stake[data-house='{down}'] label:has(input[value='{-stake}'])").tap()
    page.locator("#kc-invest-submit").tap()
    return True


def tap_board(page, rng, prefer=()):
    """A piece or place: the chosen piece's places when one is chosen, else the preferred kinds first."""
    if page.locator("#board [data-piece].selected").count() and page.locator("#board [data-target].legal").count():
        return tap_one(page, rng, [*[p for p in prefer if "data-target" in p], "#board [data-target].legal"])
    return tap_one(page, rng, [*prefer, LEGAL])


PREFER = {
    # raise a room whenever one may be raised, so the upper floor and its stairs come up
    "kings-cottage": ["#board [data-piece^='spot:'].legal", "#board [data-target^='up:'].legal"],
    "castles": [],
    "kings-progress": [],
    "mansion": ["#board [data-target^='pick:'].legal", "#board [data-piece^='plan:'].legal", "#board [data-target^='floor:'].legal"],
    "one-six-nine": ["#board .shop-tile.legal", "#board [data-piece^='cr:'].legal", "#board .osn-grid [data-target].legal"],
}


def play_and_check(page, artifacts, game, taps, seed=5):
    """Tap through `taps` moves, checking the layout at every settled position; returns what was seen."""
    rng = Rng.from_seed(seed)
    taken, phases, smallest = set(), [], None
    trade_opened = False
    for i in range(taps):
        phase = wait_settled(page)
        if phase in ("over", "stalled"):
            break
        where = f"{game} tap {i}, {page.locator('.status').inner_text()!r}"
        m = check_fits(page, where)
        smallest = m["smallest"] if smallest is None else min(smallest, m["smallest"])
        if phase == "privacy":
            shot(page, artifacts, game, "privacy", taken)
            page.locator("#reveal").tap()
            continue
        if phase == "interlude":  # Castles: a round just scored, on a screen of its own until the person continues
            shot(page, artifacts, game, "scored round", taken)
            if "scored round" not in phases:
                phases.append("scored round")
            page.locator("#interlude-continue").tap()
            continue
        title = phase_title(page)
        if title not in phases:
            phases.append(title)
        chosen = "chosen" if page.locator("#board [data-piece].selected").count() else ""
        shot(page, artifacts, game, f"{title} {chosen}", taken)
        if game == "mansion" and not trade_opened and page.locator("#mn-open-trade").count():
            check_deck_list(page, artifacts, where)
            page.locator("#mn-open-trade").tap()  # the trade form, once: then cancelled or sent like any form
            trade_opened = True
            wait_settled(page)
            check_fits(page, f"{where}, the trade form")
            shot(page, artifacts, game, "trade form", taken)
        if tap_form(page, rng) or tap_investments(page, rng):
            continue
        if not tap_board(page, rng, PREFER[game]):
            raise AssertionError(f"{where}: a person is to move but nothing can be tapped")
    assert not page.errors, page.errors
    return phases, smallest


def check_deck_list(page, artifacts, where):
    """Mansion's list of the whole deck, a dialog over the table: it fits, its table is not cut off."""
    page.locator("#mn-hand .mn-deck-button").tap()
    dialog = page.locator("#mn-deck-list")
    dialog.wait_for()
    check_fits(page, f"{where}, the deck list")
    scroll = dialog.locator(".mn-deck-scroll").evaluate("(s) => [s.scrollWidth, s.clientWidth]")
    assert scroll[0] <= scroll[1], f"the deck list's table is cut off sideways: {scroll}"
    page.screenshot(path=str(artifacts / "phone-mansion-deck-list.png"))
    page.locator("#mn-deck-close").tap()
    dialog.wait_for(state="detached")


@pytest.mark.parametrize("game, seats, taps, at_least", [
    ("kings-progress", ["human", "bot", "bot", "bot"], 30, {"City phase", "City veto phase", "Investment phase", "Investment veto phase"}),
    ("kings-cottage", ["human", "bot", "bot"], 60, {"Secret investments", "Place the tile", "Move furnishings or the King"}),
    ("castles", ["human", "bot", "bot"], 40, {"Laying the map", "Building castles", "Deploying armies", "scored round"}),
    ("mansion", ["human", "bot", "bot"], 24, {"Bidding: everyone bids in secret", "Building"}),
    ("one-six-nine", ["human", "bot"], 30, {"Buying tiles", "Moving creatures"}),
])
def test_every_screen_fits_a_phone(phone, site_url, artifacts, game, seats, taps, at_least):
    start_game(phone, site_url, game, seats, query="botDelay=0&seed=7", in_app=True)
    phases, smallest = play_and_check(phone, artifacts, game, taps)
    missing = {p for p in at_least if not any(p in seen for seen in phases)}
    assert not missing, f"{game}: never reached {missing} (saw {phases})"
    assert smallest >= MIN_TARGET


def test_the_privacy_screen_fits_a_phone(phone, site_url, artifacts):
    start_game(phone, site_url, "kings-progress", ["human", "human"], query="botDelay=0&seed=3", in_app=True)
    rng = Rng.from_seed(1)
    for _ in range(6):
        if wait_settled(phone) == "privacy":
            break
        tap_board(phone, rng)
    assert wait_settled(phone) == "privacy"
    check_fits(phone, "the privacy screen")
    reveal = phone.locator("#reveal").bounding_box()
    assert reveal["x"] >= 0 and reveal["x"] + reveal["width"] <= WIDTH and reveal["y"] + reveal["height"] <= 844
    phone.screenshot(path=str(artifacts / "phone-kings-progress-privacy.png"))


def test_the_result_dialog_fits_a_phone(phone, site_url, artifacts):
    """A two-player King's Progress (its result table is the widest), opened a few moves from its end, ends in a
    dialog that fits."""
    open_position(phone, site_url, "kings-progress", ["human", "bot"], 2, near_the_end("kings-progress", 2, 2), in_app=True)
    rng = Rng.from_seed(4)
    for _ in range(400):
        phase = wait_settled(phone)
        if phase == "over":
            break
        tap_board(phone, rng)
    assert wait_settled(phone) == "over"
    result = phone.locator("#result")
    result.wait_for()
    check_fits(phone, "the result dialog")
    fit = result.evaluate("""(d) => ({
      dialog: d.getBoundingClientRect().toJSON(), scrollWidth: d.scrollWidth, clientWidth: d.clientWidth,
      tables: [...d.querySelectorAll('table')].map((t) => [t.getBoundingClientRect().right, t.scrollWidth, t.clientWidth]),
    })""")
    assert fit["dialog"]["left"] >= 0 and fit["dialog"]["right"] <= WIDTH, fit
    assert fit["scrollWidth"] <= fit["clientWidth"], f"the dialog scrolls sideways: {fit}"
    for right, scroll, client in fit["tables"]:
        assert right <= fit["dialog"]["right"] and scroll <= client + 1, f"a result table is cut off: {fit}"
    for button in result.locator(".dialog-buttons button").all():
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH and box["height"] >= MIN_TARGET, box
    phone.screenshot(path=str(artifacts / "phone-kings-progress-result.png"))
    assert not phone.errors, phone.errors


def test_kings_progress_shows_the_hand_without_scrolling_on_a_desktop(browser, site_url, artifacts):
    context = browser.new_context(**PLAIN, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    start_game(page, site_url, "kings-progress", ["human", "bot", "bot", "bot"], query="botDelay=0&seed=7")
    assert wait_settled(page) == "move"
    assert page.evaluate("window.scrollY") == 0
    pieces = page.locator(".hand [data-piece]")
    assert pieces.count() >= 6, "the person's tiles and coins"
    for box in (p.bounding_box() for p in pieces.all()):
        assert 0 <= box["y"] and box["y"] + box["height"] <= 800, f"a piece of the hand is below the fold: {box}"
    page.screenshot(path=str(artifacts / "desktop-kings-progress-hand.png"))
    context.close()


#: A newer Parlour in another tab asks for the saved games' database (a higher version): this tab's database
#: module hears `versionchange` and js/ui/updates.js draws its notice, with the class and buttons of the update
#: notice.  Returns the size of the notice's buttons once it shows.
NEWER_DATABASE_ELSEWHERE = """async () => {
  const [{version}] = (await indexedDB.databases()).filter((d) => d.name === 'parlour');
  await new Promise((resolve, reject) => {
    const open = indexedDB.open('parlour', version + 1);
    open.onsuccess = () => { open.result.close(); resolve(); };
    open.onerror = () => reject(open.error);
  });
  for (let i = 0; i < 200 && !document.querySelector('#storage-notice button'); i++) await new Promise((r) => setTimeout(r, 25));
  return [...document.querySelectorAll('#storage-notice button')].map((b) => {
    const box = b.getBoundingClientRect();
    return Math.min(box.width, box.height);
  });
}"""


def test_the_notices_buttons_are_40_px_on_a_phone(context_for, site_url):
    """The notices at the window's corner (an update ready, the saved games taken by a newer Parlour) share one look,
    and their buttons are targets a thumb can hit, as every other control on a phone is (WebKit's phone test met the
    update notice once, its buttons 29 px tall).  A tab of its own: the database is taken from it."""
    phone = context_for(PHONE)
    phone.goto(f"{site_url}?botDelay=0")
    phone.wait_for_function("document.documentElement.dataset.lobby === 'ready'")
    sizes = phone.evaluate(NEWER_DATABASE_ELSEWHERE)
    assert sizes, "no notice came when a newer Parlour asked for the database"
    assert phone.locator("#storage-notice.update-ready").count() == 1
    assert min(sizes) >= MIN_TARGET - 0.5, sizes
