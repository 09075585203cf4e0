"""Firefox for the pytest tests: Debian's firefox-esr driven over WebDriver BiDi by
firefox_bridge.mjs (puppeteer-core under node), one JSON line each way per request.

Playwright cannot drive a stock Firefox and Debian ships no geckodriver; Firefox's
own BiDi endpoint is what puppeteer-core talks to.  This module is the Python face
of that bridge: a `FirefoxBrowser` with pages that know the few things the tests
do (open, ask, wait, click, type, choose, screenshot, play one random click)."""
from __future__ import annotations

import json
import os
import pathlib
import select
import shutil
import subprocess
import time
from typing import Any, Optional

HERE = pathlib.Path(__file__).resolve().parent
BRIDGE = HERE / "firefox_bridge.mjs"
#: puppeteer-core, installed from package-lock.json by `python3 build.py test` (npm ci)
CLIENT = HERE / "node_modules" / "puppeteer-core" / "package.json"
DEFAULT_FIREFOX = "/usr/bin/firefox-esr"
#: seconds the bridge may take beyond a request's own time limit before we call it hung
SLACK_S = 60
#: a request with no time limit of its own (a click, a question) answers within this
PLAIN_REQUEST_S = 120


class FirefoxError(RuntimeError):
    """The bridge answered a request with an error (its message is Firefox's or puppeteer's)."""


def missing_reason() -> Optional[str]:
    """Why Firefox tests cannot run here, or None when they can."""
    told = os.environ.get("PARLOUR_FIREFOX_MISSING")
    if told:
        return told
    firefox = firefox_path()
    if not pathlib.Path(firefox).exists():
        return (f"Firefox is not installed at {firefox}: run `python3 build.py test` (it installs Debian's "
                "firefox-esr when run as root) or set PARLOUR_FIREFOX to a Firefox binary.")
    if not shutil.which("node"):
        return "node is not installed: the Firefox tests drive Firefox from node (puppeteer-core)."
    if not CLIENT.exists():
        return (f"puppeteer-core is not installed in {HERE / 'node_modules'}: run `python3 build.py test` "
                "(it runs npm ci there).")
    return None


def firefox_path() -> str:
    return os.environ.get("PARLOUR_FIREFOX", DEFAULT_FIREFOX)


class FirefoxBrowser:
    """One Firefox process and the node bridge that drives it."""

    def __init__(self, log_path: pathlib.Path, prefs: Optional[dict] = None):
        self.log = open(log_path, "ab")
        self.proc = subprocess.Popen(["node", str(BRIDGE), firefox_path()], cwd=HERE, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.log)
        self.next_id = 0
        self.version = self.call("launch", timeout_s=PLAIN_REQUEST_S, prefs=prefs or {})

    def call(self, op: str, timeout_s: float = PLAIN_REQUEST_S, **args: Any) -> Any:
        """Send one request and wait for its answer; a hung or dead bridge is an error, not a hang."""
        self.next_id += 1
        request = json.dumps({"id": self.next_id, "op": op, "args": args}) + "\n"
        if self.proc.poll() is not None:
            raise FirefoxError(f"the Firefox bridge has exited ({self.proc.returncode}); see {self.log.name}")
        self.proc.stdin.write(request.encode())
        self.proc.stdin.flush()
        deadline = time.monotonic() + timeout_s
        while True:
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise FirefoxError(f"Firefox did not answer {op} within {timeout_s:.0f} s")
            line = self.proc.stdout.readline()
            if not line:
                raise FirefoxError(f"the Firefox bridge exited during {op}; see {self.log.name}")
            answer = json.loads(line)
            if answer.get("id") != self.next_id:
                continue  # the late answer to a request we gave up on
            if not answer["ok"]:
                raise FirefoxError(f"{op} failed in Firefox: {answer['error']}")
            return answer["value"]

    def new_page(self, width: int = 1300, height: int = 950) -> "FirefoxPage":
        """A page in a browser context of its own (its own storage, caches and service workers)."""
        return FirefoxPage(self, self.call("newPage", width=width, height=height))

    def close(self) -> None:
        try:
            if self.proc.poll() is None:
                self.call("quit", timeout_s=30)
        except FirefoxError:
            pass
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait(timeout=30)
            self.log.close()


class FirefoxPage:
    """One tab.  Method names follow Playwright's where they do the same thing."""

    def __init__(self, browser: FirefoxBrowser, page_id: int):
        self.browser = browser
        self.id = page_id

    def _call(self, op: str, timeout_s: float = PLAIN_REQUEST_S, **args: Any) -> Any:
        return self.browser.call(op, timeout_s=timeout_s, page=self.id, **args)

    def goto(self, url: str, timeout: int = 60_000) -> str:
        return self._call("goto", timeout / 1000 + SLACK_S, url=url, timeout=timeout)

    def reload(self, timeout: int = 60_000) -> str:
        return self._call("reload", timeout / 1000 + SLACK_S, timeout=timeout)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a promise is awaited)."""
        return self._call("evaluate", expression=expression)

    def wait_for_function(self, expression: str, timeout: int = 30_000) -> Any:
        """Wait until `expression` is truthy in the page; returns its value."""
        return self._call("waitFor", timeout / 1000 + SLACK_S, expression=expression, timeout=timeout)

    def wait_for_selector(self, selector: str, timeout: int = 30_000) -> None:
        self.wait_for_function(f"document.querySelector({json.dumps(selector)}) !== null", timeout)

    def count(self, selector: str) -> int:
        return self.evaluate(f"document.querySelectorAll({json.dumps(selector)}).length")

    def text(self, selector: str) -> str:
        return self.evaluate(f"document.querySelector({json.dumps(selector)})?.innerText ?? ''")

    def value(self, selector: str) -> str:
        return self.evaluate(f"document.querySelector({json.dumps(selector)})?.value ?? ''")

    def click(self, selector: str, nth: int = 0) -> None:
        """A real mouse click at the middle of the element (scrolled into view first)."""
        self._call("click", selector=selector, nth=nth)

    def hover(self, selector: str, nth: int = 0) -> None:
        """A real mouse move to the middle of the element (scrolled into view first)."""
        self._call("hover", selector=selector, nth=nth)

    def fill(self, selector: str, value: str) -> None:
        """Type `value` into a field in place of what it held."""
        self._call("fill", selector=selector, value=value)

    def select_option(self, selector: str, value: str) -> None:
        self._call("select", selector=selector, value=value)

    def screenshot(self, path: str, full_page: bool = False) -> None:
        self._call("screenshot", path=path, fullPage=full_page)

    def set_offline(self, offline: bool) -> None:
        self._call("setOffline", offline=offline)

    def seed(self, seed: int) -> None:
        """Seed the random choices of `step` (each page starts from its own number)."""
        self._call("seed", seed=seed)

    def step(self, settle_ms: int = 60_000) -> dict:
        """One random click of a person at the table (firefox_clicks.mjs); see randomStep there."""
        return self._call("step", settle_ms / 1000 + SLACK_S, settleMs=settle_ms)

    @property
    def errors(self) -> list:
        """Uncaught errors in the page so far."""
        return self._call("problems")["errors"]

    @property
    def violations(self) -> list:
        """Content-Security-Policy violations the document reported so far."""
        return self._call("problems")["violations"]

    def close(self) -> None:
        self._call("closePage")
