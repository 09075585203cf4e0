"""Playwright's `wait_for_function` under the site's Content-Security-Policy.

The page allows no `eval` (docs/security.md).  Playwright evaluates a
`wait_for_function` predicate with `eval` in the page: the first time inside
its own DevTools call (which the policy does not govern), but a plain
expression such as "document.title === 'x'" is evaluated again at every poll,
from the page's own animation frames, and the policy refuses that.  A
function ("() => document.title === 'x'") is evaluated once and then only
called, so it works.

`install()` makes every test's `wait_for_function` hand Playwright a function:
an expression is wrapped in one, and a function expression is called with the
argument, as Playwright would.  So tests keep the site's real policy on (no
`bypass_csp`), and tests/e2e/test_csp_screens.py can count every violation.

It also polls every POLL_MS milliseconds unless a test asks otherwise, not at
every animation frame (Playwright's default).  Asking for a frame makes the
browser draw one: a page waited on for 5 seconds used 0.7 CPU-seconds of the
2 cores polled at every frame, against 0.15 polled every 25 ms and 0.05 left
alone, and the suite spends much of its time waiting (for bots, for Python, for
the other device), while the page it waits on needs those cores.
"""
from __future__ import annotations

from playwright.sync_api import Frame, Page

#: set on the wrapped methods, so install() is idempotent
_MARK = "_parlour_csp_wrapped"
#: how often a wait looks again (ms) when the test does not say
POLL_MS = 25


def as_function(expression: str) -> str:
    """A predicate the page evaluates once: `expression` inside an arrow function.

    If `expression` is itself a function, evaluating it in the body gives the
    function (a closure, no eval), which is then called with the argument."""
    return f"(arg) => {{ const value = (\n{expression}\n); return typeof value === 'function' ? value(arg) : value; }}"


def _wrap(method):
    def wait_for_function(self, expression: str, *args, **kwargs):
        kwargs.setdefault("polling", POLL_MS)
        return method(self, as_function(expression), *args, **kwargs)
    wait_for_function.__doc__ = method.__doc__
    setattr(wait_for_function, _MARK, True)
    return wait_for_function


def install() -> None:
    """Wrap Page.wait_for_function and Frame.wait_for_function (sync API) once."""
    for cls in (Page, Frame):
        if not getattr(cls.wait_for_function, _MARK, False):
            cls.wait_for_function = _wrap(cls.wait_for_function)
