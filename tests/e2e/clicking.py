"""Playing through the board the way a person does: clicking highlighted pieces and places."""
import time

from parlour.rng import Rng
from tabs import LOBBY

LEGAL = "#board [data-piece].legal, #board [data-target].legal"
#: the moves of each saved game on this device (read from IndexedDB, as the lobby does; the connection is closed after)
SAVED_MOVES = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('parlour');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const get = open.result.transaction('games').objectStore('games').getAll();
    get.onsuccess = () => { open.result.close(); resolve(get.result.map(g => g.actions)); };
  };
})"""
#: how many moves each saved game on this device holds
SAVED_ACTIONS = f"() => ({SAVED_MOVES})().then((games) => games.map((actions) => actions.length))"
#: phases in which the table waits for a person; "interlude": a moment to see before play goes on (a Castles round scored)
#: a table is shown: it marks its phase on #table, and leaving takes the mark away
TABLE_SHOWN = "document.querySelector('#table[data-phase]') !== null"
SETTLED = "['move', 'privacy', 'interlude', 'over', 'stalled'].includes(document.querySelector('[data-phase]')?.dataset.phase)"


def wait_settled(page, timeout=60_000):
    """Wait until the table waits for a person (or shows the result, or has stopped on an error)."""
    page.wait_for_function(SETTLED, timeout=timeout)
    return page.evaluate("document.querySelector('[data-phase]').dataset.phase")


def wait_python(page, timeout=90_000):
    page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=timeout)


def start_game(page, url, game_id, seats, query="botDelay=0&seed=11", options=None, names=None, in_app=False):
    """Open the lobby, choose the game and seats ("human"/"bot"/"remote", optionally named), and start.

    A plain "bot" plays random moves (fast, for tests of the table); "bot:hard" etc. picks a level.
    `in_app`: when the tab already shows Parlour at this address, start from its lobby as a player does
    (leaving the table shown, `leave_table`) instead of loading the page again, which starts Python
    again (about 2.5 CPU-s of browser)."""
    here = in_app and page.url.split("#", 1)[0] == f"{url}?{query}"
    if here and page.evaluate(TABLE_SHOWN):
        leave_table(page)
    elif not (here and page.evaluate(LOBBY)):
        page.goto(f"{url}?{query}")
    page.wait_for_selector(f"[data-game='{game_id}']")
    page.click(f"[data-game='{game_id}']")
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        kind, _, level = kind.partition(":")
        page.select_option(f".seat-row[data-seat='{i}'] .seat-kind", kind)
        if kind == "bot":
            page.select_option(f".seat-row[data-seat='{i}'] .seat-level", level or "random")
        if names:
            page.fill(f".seat-row[data-seat='{i}'] input[type=text]", names[i])
    for name, value in (options or {}).items():
        page.select_option(f"#opt-{name}", value)
    page.click("#start")
    if in_app:  # the table left before took its phase mark with it: wait for the new table's
        page.wait_for_function(TABLE_SHOWN)


def leave_table(page, tries=5):
    """Back to the lobby from a table by its own buttons, as a player does: the result's "Back to the lobby",
    the hand-over screen's leave button, or the table bar's "Leave game"; a scored round's screen (an
    interlude) is passed with its Continue first."""
    for _ in range(tries):
        phase = wait_settled(page)
        if page.locator("#interlude-continue:visible").count():
            page.click("#interlude-continue")
            continue
        button = next((b for b in ("#result button.primary", "#privacy-leave", "#table .leave")
                       if page.locator(f"{b}:visible").count()), None)
        if button is None:
            raise AssertionError(f"no button back to the lobby shows at this table (phase {phase!r})")
        page.click(button)
        break
    else:
        raise AssertionError(f"still at a scored round's screen after {tries} Continues: no way back to the lobby")
    page.wait_for_function(f"!({TABLE_SHOWN}) && {LOBBY}")


def play_until_over(page, seed=1, max_clicks=2000, on_privacy=None, timeout_s=600):
    """Click random legal pieces and places until the result screen shows; returns clicks made."""
    clicks = click_randomly(page, seed, max_clicks, on_privacy, timeout_s)
    if wait_settled(page) != "over":
        raise AssertionError(f"no result screen after {clicks} clicks")
    page.locator("#result").wait_for()
    return clicks


def click_randomly(page, seed=1, max_clicks=2000, on_privacy=None, timeout_s=600):
    """Click random legal pieces and places until the game ends or `max_clicks` are made."""
    rng = Rng.from_seed(seed)
    clicks = 0
    deadline = time.time() + timeout_s
    while time.time() < deadline and clicks < max_clicks:
        phase = wait_settled(page)
        if phase in ("over", "stalled"):
            return clicks
        if phase == "privacy":
            if on_privacy:
                on_privacy(page)
            page.click("#reveal")
            continue
        if phase == "interlude":
            page.click("#interlude-continue")
            continue
        if fill_form(page, rng):
            clicks += 1
            continue
        selected = page.locator("#board [data-piece].selected").count()
        targets = page.locator("#board [data-target].legal")
        choices = targets if selected and targets.count() else page.locator(LEGAL)
        count = choices.count()
        if count == 0:
            raise AssertionError("a person is to move but nothing on the board is highlighted")
        choices.nth(rng.below(count)).click(timeout=5000)
        clicks += 1
    wait_settled(page)
    return clicks


FORM = "#board form.parlour-form"


def fill_form(page, rng, steps=4):
    """A form a game drew with the platform's form (js/board/form.js): a few random steppers, then send.

    Returns False when no form is open.  A form that still cannot be sent (an
    empty trade) is cancelled, so the caller clicks something else."""
    form = page.locator(FORM)
    if not form.count():
        return False
    for _ in range(rng.below(steps + 1)):
        plus = form.locator("button.form-step[data-step='+1']:not([disabled])")
        if plus.count():
            plus.nth(rng.below(plus.count())).click()
    submit = form.locator(".form-submit")
    if submit.is_disabled():
        cancel = form.locator(".form-cancel")
        if cancel.count():
            cancel.click()
            return False
        raise AssertionError(f"the form cannot be sent: {form.locator('.form-problem').inner_text()}")
    submit.click()
    return True
