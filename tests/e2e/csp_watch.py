"""Watching pages for Content-Security-Policy violations and page errors (docs/security.md).

The page reports a violation as a `securitypolicyviolation` event, which an
init script (run before the site's own scripts, on every navigation) records.
Python's worker is governed by the policy its own response carries, and its
violations fire in the worker, not the page; Chromium also logs every
violation, the worker's included, to the page's console, so the console is
watched too.  Page errors count as problems as well: a blocked script or
`eval` usually shows up as one.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import List

from p2p_helpers import launch
from parlour import games
from parlour.simulate import play_random

#: records every violation in window.__cspViolations (shadow roots' violations are composed: they reach the document)
WATCH_SCRIPT = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`
    + (e.sample ? ` (${e.sample})` : ''));
}, true);
"""
#: how Chromium's console words a violation, page or worker (lower case: WebAssembly's says "Content Security policy")
CONSOLE_MARKS = ("content security policy", "content-security-policy")
TAKE_VIOLATIONS = "() => (window.__cspViolations || []).splice(0)"


class PolicyWatch:
    """Everything a page reported against the policy, and its errors, since the last check."""

    def __init__(self, page) -> None:
        self.page = page
        self.console: List[str] = []
        self.errors: List[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _console(self, message) -> None:
        if any(mark in message.text.lower() for mark in CONSOLE_MARKS):
            self.console.append(f"console {message.type}: {message.text}")

    def problems(self) -> List[str]:
        """Take what was reported so far (call before every navigation: a new document starts afresh)."""
        found = self.page.evaluate(TAKE_VIOLATIONS) + self.console + self.errors
        del self.console[:], self.errors[:]  # in place: page.errors is the same list
        return found

    def check(self, where: str) -> None:
        found = self.problems()
        if found:
            raise AssertionError(f"{where}: {len(found)} problem(s): " + "\n".join(found[:20]))


def watched_page(browser, **context_options):
    """A new context and page with the watcher installed; `page.watch` is its PolicyWatch."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **context_options})
    context.add_init_script(WATCH_SCRIPT)
    page = context.new_page()
    page.watch = PolicyWatch(page)
    page.errors = page.watch.errors  # what tests/e2e/p2p_helpers.py reads
    return page


@contextmanager
def watched_devices(pw, count: int = 2):
    """`count` separate browsers, as devices that meet over the network, with one watched page each
    (host first); the browsers close when the `with` block ends, failing or not."""
    browsers = [launch(pw) for _ in range(count)]
    try:
        yield [watched_page(b, viewport={"width": 1300, "height": 950}) for b in browsers]
    finally:
        for browser in browsers:
            browser.close()


def record_of(game_id: str, players: int, seed: int, names: List[str], title: str = "") -> dict:
    """A finished game as a record file (docs/records.md): seeded random moves, played natively."""
    game = games.get(game_id)
    state, actions = play_random(game_id, players, seed)
    return {
        "format": "parlour-record", "format_version": 1, "game": game_id, "title": title or game.title,
        "players": players, "seed": seed, "options": {}, "seats": [{"name": n, "kind": "human"} for n in names],
        "actions": actions, "result": game.result(state), "app": "Parlour tests",
    }
