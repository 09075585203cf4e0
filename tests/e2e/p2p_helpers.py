"""Helpers for network-play tests: separate Chromium browsers (not tabs) that meet
through the real invite link and answer code, with no ICE servers."""
import json
import os
import pathlib
import random
import time
from contextlib import contextmanager

from chromium_args import P2P_ARGS
from clicking import FORM, fill_form, start_game
from parlour.rng import Rng
from tabs import STILL, WITHOUT_SERVICE_WORKER, new_tab

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "artifacts"
PHASE = "document.querySelector('#table')?.dataset.phase || ''"


#: This worker's launched browsers that no test holds now (see `launch`).
IDLE_BROWSERS: list = []


class LentBrowser:
    """A Chromium process lent to one test, used as the browser itself.  `close()` closes every context the test
    made in it (each context is a device's own storage, cache and tabs, gone with it) and gives the process back, so
    the next test's devices skip a launch (about 1.5 CPU-seconds each, and a network test starts two or three)."""

    def __init__(self, browser):
        self._browser = browser
        self._lent = True

    def __getattr__(self, name):
        return getattr(self._browser, name)

    def close(self):
        if not self._lent:
            return
        self._lent = False
        browser = self._browser
        for context in list(browser.contexts) if browser.is_connected() else []:
            try:
                context.close()
            except Exception:  # closing as the browser goes: it is not given back
                pass
        if browser.is_connected() and not browser.contexts:
            IDLE_BROWSERS.append(browser)


def launch(p):
    """One more browser, as another device: a separate Chromium process, from those a test gave back (`LentBrowser`)
    if one is idle, else launched.  Nothing of an earlier test's devices is left in it: contexts close with the test."""
    while IDLE_BROWSERS:
        browser = IDLE_BROWSERS.pop()
        if browser.is_connected():
            return LentBrowser(browser)
    return LentBrowser(p.chromium.launch(executable_path=os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium"),
                                         args=P2P_ARGS))


def new_page(browser, service_worker=False, motion=False):
    """A tab in a new context of `browser` (the service worker only with `service_worker`, moves sliding only with
    `motion`: tabs.py); `page.errors` lists its uncaught errors."""
    return new_tab(browser.new_context(viewport={"width": 1300, "height": 950},
                                       **({} if service_worker else WITHOUT_SERVICE_WORKER), **({} if motion else STILL)))


def host_table(page, url, game_id, seats, names=None, query="botDelay=0&ice="):
    """Open the lobby with no ICE servers and start a hosted table; seats: human/bot/remote."""
    start_game(page, url, game_id, seats, query=query, names=names)
    page.wait_for_selector(".p2p-host")


def invite_link(host, seat, timeout=30_000):
    box = host.locator(f".p2p-seat[data-seat='{seat}'] textarea.invite-link")
    box.wait_for(timeout=timeout)
    return box.input_value()


def guest_answer(guest, link, name, timeout=90_000):
    """Open the invite link, give a name, return the answer code shown."""
    guest.goto("about:blank")
    guest.goto(link)
    guest.wait_for_selector("#join-name", timeout=timeout)
    guest.fill("#join-name", name)
    guest.click("#join-go")
    code = guest.locator("textarea.answer-code")
    code.wait_for(timeout=timeout)
    return code.input_value()


def paste_answer(host, seat, code):
    block = host.locator(f".p2p-seat[data-seat='{seat}']")
    block.locator(".answer-input").fill(code)
    block.locator(".answer-connect").click()


def hosted_pair(p, url, guest_name="Gus", game_id="kings-progress", with_bot=False, service_worker=False,
                before_hosting=None):
    """Two browsers: Hana hosts `game_id` on one (seat 3 a bot, Robo, `with_bot`), the guest joins seat 2 from the other.
    `before_hosting(host)` runs on the host's tab before it opens the site."""
    browsers = [launch(p) for _ in range(2)]
    host, guest = (new_page(b, service_worker) for b in browsers)
    if before_hosting:
        before_hosting(host)
    seats, names = ["human", "remote"], ["Hana", "guest"]
    if with_bot:
        seats, names = seats + ["bot"], names + ["Robo"]
    host_table(host, url, game_id, seats, names=names)
    connect(host, guest, 1, guest_name)
    return browsers, host, guest


@contextmanager
def hosted_devices(p, url, guest_name="Gus", game_id="kings-progress", with_bot=False, service_worker=False,
                   before_hosting=None):
    """hosted_pair's (host, guest) pages for a `with` block; both browsers close when it ends, failing or not."""
    browsers, host, guest = hosted_pair(p, url, guest_name, game_id, with_bot, service_worker, before_hosting)
    try:
        yield host, guest
    finally:
        for browser in browsers:
            browser.close()


def connect(host, guest, seat, name, link=None, shots=None):
    """The whole meeting: invite link → guest → answer code → host.  Returns (link, answer code, seconds).
    With `shots` (a folder), screenshots of the invite and the answer screen, QR codes drawn."""
    link = link or invite_link(host, seat)
    if shots:
        host.wait_for_selector(f".p2p-seat[data-seat='{seat}'] .qr[data-ready]", timeout=60_000)
        host.screenshot(path=str(shots / "p2p-host-invite.png"))
    code = guest_answer(guest, link, name)
    if shots:
        guest.wait_for_selector(".answer-slot .qr[data-ready]", timeout=60_000)
        guest.screenshot(path=str(shots / "p2p-guest-answer.png"))
    t0 = time.time()
    paste_answer(host, seat, code)
    try:
        guest.wait_for_selector(".p2p-guest", timeout=30_000)
    except Exception:
        print("host:", host.locator(".p2p-host").inner_text(), host.url)
        print("guest:", guest.locator("#table").inner_text(), guest.url)
        raise
    guest.wait_for_function("document.querySelector('#table')?.dataset.phase !== 'join'")
    host.wait_for_selector(f".p2p-seat[data-seat='{seat}'][data-state='connected']", timeout=30_000)
    return link, code, time.time() - t0


def click_once(page, rng):
    """One click on a highlighted piece or place, as a person would; False if the board changed under us."""
    try:
        if page.locator("#interlude").count():  # a round just scored (Castles): seen, then on to play
            page.click("#interlude-continue", timeout=2000)
            return True
        form = page.locator("#kc-invest")
        if form.count():
            return invest(page, rng)
        if page.locator(FORM).count():
            return fill_form(page, Rng.from_seed(rng.randrange(1 << 30)))
        selected = page.locator("#board [data-piece].selected").count()
        targets = page.locator("#board [data-target].legal")
        choices = targets if selected and targets.count() else page.locator("#board [data-piece].legal, #board [data-target].legal")
        count = choices.count()
        if not count:
            return False
        choices.nth(rng.randrange(count)).click(timeout=2000)
        return True
    except Exception:  # redrawn between counting and clicking: look again
        return False


def play_all(pages, seed=1, timeout_s=300, on_tick=None, through_tables=False, clicks_first=None):
    """Play on whichever page has a move until every page shows the result; returns the moves made.  Each move is a
    click, as a person makes it; with `through_tables` each goes through the table's own action path instead
    (MOVE_THROUGH_TABLE), and with `clicks_first` only the first that many are clicks (the opening, where each
    page's board, forms and waits are clicked) and the rest of the game goes through the tables."""
    rng = random.Random(seed)
    clicks_first = (0 if through_tables else None) if clicks_first is None else clicks_first
    clicks = 0
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        phases = [p.evaluate(PHASE) for p in pages]
        if all(ph == "over" for ph in phases):
            return clicks
        moved = False
        for p, ph in zip(pages, phases):
            clicking = clicks_first is None or clicks < clicks_first
            if ph == "move" and (click_once(p, rng) if clicking else move_through_table(p, rng)):
                clicks += 1
                moved = True
        if on_tick:
            on_tick(clicks)
        if not moved:
            time.sleep(0.05)
    raise AssertionError(f"the game did not end; {stuck_report(pages)}")


def move_through_table(page, rng):
    """One move sent through the table's action path (MOVE_THROUGH_TABLE); a scored round's screen (Castles) is
    passed first, as a person passes it."""
    if page.locator("#interlude").count():
        return click_once(page, rng)
    return page.evaluate(MOVE_THROUGH_TABLE, rng.randrange(1 << 30))


#: One random legal move of the seat this page plays, sent by the table's own action path (what a click on its board
#: sends: the host's onLocalAction in its queue, the guest's onAction in its queue); waits until the table has taken
#: it (its version moves on, or its phase leaves "move": a sealed choice waits for the others').  False when the page
#: has no move to make now.
MOVE_THROUGH_TABLE = """async (k) => {
  const phase = () => document.querySelector('#table')?.dataset.phase || '';
  if (phase() !== 'move') return false;
  const net = window.parlourNet;
  let legal = [], send, version;
  if (net.host) {
    const t = net.host;
    const snap = await t.engine.call('view', {table: t.table, seat: t.shown});
    if (snap.to_move.includes(t.shown)) legal = snap.legal;
    send = (a) => t.serial(() => t.onLocalAction(a));
    version = () => t.version;
  } else {
    const g = net.guest;
    legal = g.last?.legal ?? [];
    send = (a) => { g.queue = g.queue.then(() => g.onAction(a)); };
    version = () => g.last?.version;
  }
  if (!legal.length || phase() !== 'move') return false;
  const before = version();
  send(legal[k % legal.length]);
  for (let i = 0; i < 1000 && phase() === 'move' && version() === before; i++) await new Promise((r) => setTimeout(r, 10));
  return true;
}"""


def play_all_through_tables(pages, seed=1, timeout_s=300):
    """`play_all` with each move sent through the table's own action path instead of a click: for the tests about
    the protocol, which need a game to its end and not its clicks (each title's network test clicks its opening,
    `clicks_first`, and every title plays a whole game by clicking at a table on one device in each browser)."""
    return play_all(pages, seed, timeout_s, through_tables=True)


def wait_fair(page, timeout=90_000):
    page.wait_for_function("['ok', 'moves', 'failed'].includes(document.querySelector('#fairness')?.dataset.fair)", timeout=timeout)
    return page.locator("#fairness").get_attribute("data-fair"), page.locator("#fairness").inner_text()


def received(page):
    return page.evaluate("window.parlourNet.guest.received")


def invest(page, rng):
    """King's Cottage's secret investments: a stake on one house, the opposite on another."""
    houses = page.locator("#kc-invest fieldset[data-house]").evaluate_all("els => els.map(e => e.dataset.house)")
    a, b = rng.sample(houses, 2)
    k = rng.randint(0, 3)
    page.click(f"#kc-invest fieldset[data-house='{a}'] input[data-stake='{k}']")
    page.click(f"#kc-invest fieldset[data-house='{b}'] input[data-stake='{-k}']")
    page.click("#kc-invest-submit", timeout=2000)
    return True


def play_some(pages, clicks, seed=2, timeout_s=120):
    """Click until `clicks` clicks were made (the game goes on)."""
    rng = random.Random(seed)
    made = 0
    deadline = time.time() + timeout_s
    while made < clicks and time.time() < deadline:
        moved = False
        for p in pages:
            if p.evaluate(PHASE) == "move" and click_once(p, rng):
                made += 1
                moved = True
        if not moved:
            time.sleep(0.05)
    assert made >= clicks, f"only {made} clicks; {stuck_report(pages)}"


def stuck_report(pages) -> str:
    """What each page shows when play stalled (for the failure's message): phase, connection, the host's log;
    each page's picture goes to artifacts/stalled-<n>.png."""
    parts = []
    for i, p in enumerate(pages):
        try:
            p.screenshot(path=str(ARTIFACTS / f"stalled-{i}.png"))
            parts.append(p.evaluate("""() => ({
                phase: document.querySelector('#table')?.dataset.phase,
                connection: document.querySelector('.p2p-connection')?.textContent,
                notice: document.querySelector('.p2p-notice')?.textContent,
                log: [...document.querySelectorAll('.p2p-log li')].slice(-8).map(li => li.textContent),
                legal: document.querySelectorAll('#board .legal').length,
                selected: document.querySelectorAll('#board .selected').length,
                status: document.querySelector('#status, .status')?.textContent })"""))
        except Exception as e:  # the page itself is gone
            parts.append(f"page {i}: {e}")
    return json.dumps(parts)


def host_version(host):
    return host.evaluate("window.parlourNet.host.version")


def guest_version(guest):
    return guest.evaluate("window.parlourNet.guest?.last?.version ?? -1")


def quiet_version(host, guest, timeout_s=20):
    """The host's version once no move is in flight: unchanged for 300 ms and the guest shown the same."""
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        first = host_version(host)
        time.sleep(0.3)
        if host_version(host) == first and guest_version(guest) == first:
            return first
    raise AssertionError("moves kept arriving: the table never went quiet")
