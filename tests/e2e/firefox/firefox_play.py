"""Playing in Firefox as a person does, by clicking: the Firefox side of tests/e2e/clicking.py
(start_game, play_until_over), with each random click made by firefox_clicks.mjs."""
from __future__ import annotations

import time
from typing import Optional

from firefox_driver import FirefoxPage

PYTHON_READY = "document.documentElement.dataset.python === 'ready'"
#: Python's start in Firefox on a busy 2-core machine (about 5 s idle) has this long
PYTHON_READY_MS = 90_000


def wait_python(page: FirefoxPage, timeout: int = PYTHON_READY_MS) -> None:
    page.wait_for_function(PYTHON_READY, timeout)


def start_game(page: FirefoxPage, url: str, game_id: str, seats: list, query: str = "botDelay=0&seed=11",
               options: Optional[dict] = None) -> None:
    """Open the lobby, choose the game and seats ("human", "bot", "bot:hard", ...), and start."""
    page.goto(f"{url}?{query}")
    page.wait_for_selector(f"[data-game='{game_id}']")
    page.click(f"[data-game='{game_id}']")
    page.wait_for_selector("#players")
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        kind, _, level = kind.partition(":")
        row = f".seat-row[data-seat='{i}']"
        page.wait_for_selector(f"{row} .seat-kind")
        page.select_option(f"{row} .seat-kind", kind)
        if kind == "bot":
            page.select_option(f"{row} .seat-level", level or "random")
    for name, value in (options or {}).items():
        page.select_option(f"#opt-{name}", value)
    page.click("#start")


def play_until_over(page: FirefoxPage, max_clicks: int = 2000, timeout_s: float = 300) -> int:
    """Click random highlighted pieces and places until the result screen shows; returns clicks made."""
    clicks = 0
    deadline = time.monotonic() + timeout_s
    while clicks < max_clicks:
        if time.monotonic() > deadline:
            raise AssertionError(f"no result within {timeout_s:.0f} s ({clicks} clicks)")
        step = page.step()
        if step["phase"] == "over":
            break
        if step["phase"] == "stalled":
            raise AssertionError(f"the table stopped on an error: {page.text('#table')[:500]}")
        if step.get("nothing") is not None:
            raise AssertionError(f"a person is to move but nothing on the board is highlighted: {step['nothing']}")
        if step["did"]:
            clicks += 1
    else:
        raise AssertionError(f"no result screen after {clicks} clicks")
    page.wait_for_selector("#result")
    return clicks


def assert_clean(page: FirefoxPage) -> None:
    """No uncaught error and no Content-Security-Policy violation on the page.  Firefox reports a
    violation twice: as the document's `securitypolicyviolation` event (the bridge's listener) and in
    its log, as a page error."""
    errors, violations = page.errors, page.violations
    assert not errors, f"page errors in Firefox: {errors}"
    assert not violations, f"Content-Security-Policy violations in Firefox: {violations}"
