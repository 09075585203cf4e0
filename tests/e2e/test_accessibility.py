"""An automated accessibility audit (axe-core, the WCAG 2.x A and AA rules and axe's best practices) of
the lobby and of every title's table in every phase it reaches: each phase of the game, the privacy
screen between two people, Castles' round screen, a form being filled, the Rules dialog and the result.

axe-core is the pinned npm package `python3 build.py test` fetches (build.ensure_axe, PARLOUR_AXE).  The
site's Content-Security-Policy forbids inline scripts and eval, so `add_script_tag` would be refused;
the library's text is handed to Playwright's `evaluate`, which runs over the DevTools protocol that
the policy does not govern (tests/e2e/csp_waits.py), so the real policy stays on.

To be quick, one browser context per title and size plays a seeded game of two people on this
device through the table's own `onAction` (the path a click takes) instead of clicking, and audits
only when a phase shows for the first time.  Once it has seen every phase a native game of the same
seats shows, it opens a game a few moves from its end (tests/e2e/positions.py) and plays that to its
result, instead of playing the long middle that shows nothing new.
"""
from __future__ import annotations

import os
import pathlib
import time

import pytest

from clicking import start_game, wait_settled
from parlour import games
from parlour.simulate import play_random
from positions import near_the_end, open_position
from tabs import DESKTOP, LOBBY, PHONE, new_tab

TITLES = ["kings-progress", "kings-cottage", "castles", "mansion", "one-six-nine"]
SIZES = {"desktop": DESKTOP, "phone": PHONE}
#: who sits at the table: two people on a desktop (the privacy screen, a trade offered to a person); on a phone a
#: person and a random bot, which plays without hand-overs, so the phone's game takes half the time
SEATS = {"desktop": ["human", "human"], "phone": ["human", "bot"]}
#: the rule sets audited: WCAG 2.0-2.2 levels A and AA, and axe's best practices (heading order, ...)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
#: the titles whose boards stop play to show a moment (a scored Castles round: js/tables/interlude.js)
INTERLUDES = {"castles"}
#: moves left in the game opened near its end
LEFT = 8
#: moves a seeded game may take before the audit calls it stuck (the longest random 2-seat game is shorter)
MAX_MOVES = 1500
#: nodes quoted per failed rule in an assertion message
QUOTED = 3

#: Play seeded random legal moves through the table until a phase not yet audited shows (or the game ends).
#: A phase is the table's (move, privacy, interlude, over) with, at a move, the game's own phase and
#: whether a form is open.  Privacy screens and round screens are passed as a person would pass them.
DRIVE = """async ({seen, seed, maxMoves}) => {
  let state = seed >>> 0;
  const below = (n) => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return state % n; };
  const settled = ['move', 'privacy', 'interlude', 'over', 'stalled'];
  const settle = async () => {
    for (let i = 0; i < 6000; i++) {
      const phase = document.querySelector('[data-phase]')?.dataset.phase;
      if (settled.includes(phase)) return phase;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the table never settled');
  };
  for (let moves = 0; moves < maxMoves; moves++) {
    const phase = await settle();
    const table = window.parlour.table;
    const snap = phase === 'move' ? table.liveSnap : null;
    const key = snap ? `move:${snap.view.phase}${snap.forms?.length ? ':form' : ''}` : phase;
    if (!seen.includes(key) || phase === 'over' || phase === 'stalled') return {key, seed: state, moves};
    if (phase === 'privacy') { document.getElementById('reveal').click(); await new Promise((r) => setTimeout(r, 20)); continue; }
    if (phase === 'interlude') { document.getElementById('interlude-continue').click(); await new Promise((r) => setTimeout(r, 20)); continue; }
    table.onAction(snap.legal[below(snap.legal.length)]); // not awaited: a hand-over waits in it for the next person
  }
  throw new Error(`no new phase and no end after ${maxMoves} moves`);
}"""

#: axe's findings on the page, each rule with the nodes that break it
AUDIT = """async (tags) => {
  const result = await window.axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map((v) => ({rule: v.id, help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\\n').slice(1, 2).join('').trim()}`)}));
}"""


@pytest.fixture(scope="module")
def axe_source():
    path = os.environ.get("PARLOUR_AXE")
    if not path:
        pytest.fail("PARLOUR_AXE is not set: run the tests with `python3 build.py test`, which fetches axe-core.")
    return pathlib.Path(path).read_text(encoding="utf-8")


def audit(page, axe_source, where):
    """axe-core's violations on the page as it is now, as readable lines ('' when clean)."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate("() => {" + axe_source + "\n}")  # the library's own text, run over DevTools (CSP allows it)
    found = page.evaluate(AUDIT, TAGS)
    return [f"{where}: {v['rule']} ({v['help']}): " + "; ".join(v["nodes"][:QUOTED]) for v in found]


def audit_dialog(page, axe_source, where, opener, dialog, close):
    """Open a dialog, audit the page with it open, close it."""
    page.click(opener)
    page.locator(dialog).wait_for()
    problems = audit(page, axe_source, where)
    page.keyboard.press("Escape") if close == "escape" else page.click(close)
    return problems


def phases_of(game_id, seats, seed):
    """The phases a seeded native game of these seats shows a person: each move phase (with a form open or not)
    met by a person's seat, the hand-over screen between two people, and the title's interludes."""
    game, kinds = games.get(game_id), [s.partition(":")[0] for s in seats]
    state = game.setup(len(seats), seed, {})
    found = {"privacy"} if kinds.count("human") > 1 else set()
    found |= {"interlude"} if game_id in INTERLUDES else set()
    for move in play_random(game_id, len(seats), seed)[1]:
        for s in game.to_move(state):
            if kinds[s] == "human":
                found.add(f"move:{game.view(state, s)['phase']}{':form' if game.forms(state, s) else ''}")
        state = game.apply(state, move["seat"], move["action"])
    return found


def audit_every_phase(page, axe_source, url, game_id, seats, seed=5):
    """Play a seeded two-seat game of `game_id`, auditing each phase the first time it shows; once every phase a
    native game shows has been, open a game near its end and play that to its result (a phase of the native game
    that this one never shows means playing this one to its end); returns the problems found and the phases
    audited."""
    start_game(page, url, game_id, seats, query=f"botDelay=0&seed={seed}")
    wait_settled(page)
    expected, jumped = phases_of(game_id, seats, seed), False
    seen, problems, state, rules_seen = [], [], seed, False
    while True:
        if not jumped and expected <= set(seen):
            jumped = True
            open_position(page, url, game_id, seats, seed, near_the_end(game_id, len(seats), seed, left=LEFT),
                          in_app=True)
            wait_settled(page)
        step = page.evaluate(DRIVE, {"seen": seen, "seed": state, "maxMoves": MAX_MOVES})
        state = step["seed"]
        key = step["key"]
        seen.append(key)
        problems += audit(page, axe_source, f"{game_id} {key}")
        if key.startswith("move:") and not rules_seen:  # at the first board a person plays on
            rules_seen = True
            rules = f".rules-button[data-rules='{game_id}']:visible"
            problems += audit_dialog(page, axe_source, f"{game_id} Rules dialog", rules, "#rules[data-ready]", "escape")
        if key in ("over", "stalled"):
            break
    assert "over" in seen, f"{game_id}: the game did not end ({seen})"
    page.click("#result button:has-text('See the board')")
    problems += audit(page, axe_source, f"{game_id} finished board")
    return problems, seen


def test_the_lobby_passes_the_accessibility_audit(browser, site_url, axe_source):
    problems = []
    for size, options in SIZES.items():
        context = browser.new_context(**options)
        page = new_tab(context)
        page.goto(f"{site_url}?botDelay=0")
        page.wait_for_function(LOBBY)
        problems += audit(page, axe_source, f"lobby ({size})")
        page.click("[data-game='mansion']")
        problems += audit(page, axe_source, f"lobby, Mansion chosen ({size})")
        page.select_option(".seat-row[data-seat='1'] .seat-kind", "remote")  # how friends on other devices play
        page.wait_for_selector(".how-friends-play")
        problems += audit(page, axe_source, f"lobby, a friend on another device ({size})")
        context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game_id", TITLES)
def test_every_phase_of_a_table_passes_the_accessibility_audit(browser, site_url, axe_source, game_id, size):
    context = browser.new_context(**SIZES[size])
    page = new_tab(context)
    began = time.time()
    problems, seen = audit_every_phase(page, axe_source, site_url, game_id, SEATS[size])
    print(f"\n{game_id} ({size}): {len(seen)} phases audited in {time.time() - began:.1f} s: {', '.join(seen)}")
    context.close()
    assert not page.errors
    assert "privacy" in seen or size == "phone"  # two people on one device: the hand-over screen was audited too
    assert not problems, "\n".join(problems)
