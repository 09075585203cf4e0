"""WebKit for the pytest tests: Debian's WebKitGTK MiniBrowser, driven by its own WebKitWebDriver
over W3C WebDriver (plain HTTP and JSON, urllib only), under an Xvfb of our own.

Why this shape: every browser on an iPhone runs WebKit; Playwright drives only its own patched
WebKit builds and Debian has none of those, but Debian packages WebKitGTK with its WebDriver
(`apt-get install webkit2gtk-driver xvfb`), and classic WebDriver is small enough to speak
directly (sessions, navigate, execute script, element click, screenshot, window size), so the
suite needs no client package at all.

`WebKitPage` speaks the part of Playwright's sync `Page` and `Locator` API that the Chromium
suite's helpers use (tests/e2e/clicking.py `start_game`, `click_randomly`, `play_until_over`,
`wait_settled`; test_phone_layout's `check_fits` and `play_and_check`; test_rules_pages'
`check_rules`; test_saved_games' `board_snapshot`), so WebKit plays by the same code as Chromium
instead of a copy of it.  Every click is a real pointer click at the element's middle after it is
scrolled into view: WebDriver's Element Click for HTML, WebDriver's pointer actions for SVG (see
`Locator.click`).

Classic WebDriver has no init scripts, so the page's errors and Content-Security-Policy
violations are collected by a watcher that every script we run first makes sure is installed
(`WATCH`): an uncaught error before the first script after a navigation is not seen (a page that
fails while loading shows up as a lobby that never gets ready).  Violations are seen from the
first byte all the same: the WebKit tests' server adds a `report-uri` to the policy it sends, so
the browser itself reports each one, its worker's included (see conftest.py)."""
from __future__ import annotations

import base64
import json
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from typing import Any, List, Optional

DEFAULT_DRIVER = "/usr/bin/WebKitWebDriver"
#: in libwebkit2gtk-4.1-0, under the architecture's library folder
DEFAULT_MINIBROWSER = str(next(iter(sorted(pathlib.Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))),
                               "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"))
DEFAULT_XVFB = "/usr/bin/Xvfb"
#: x11-utils' xprop: tests/e2e/webkit/test_webkit_display.py reads the display's root window with it
DEFAULT_XPROP = "/usr/bin/xprop"
#: the W3C name of a web element reference in a JSON answer
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
#: the screen Xvfb gives MiniBrowser's windows: what is off the screen is not drawn, and a full-page
#: screenshot makes the window as tall as the page
SCREEN = "1600x4000x24"
#: the tallest page a full-page screenshot shows (the screen's height, less MiniBrowser's toolbar)
TALLEST = 3900
#: resolves once the page has drawn itself twice (after a resize, before a screenshot)
#: the page's own size, as a window resize reaches it
INNER_SIZE = "[window.innerWidth, window.innerHeight]"
#: seconds a window resize may take to reach the page
RESIZE_S = 5.0
TWO_FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: MiniBrowser's toolbar is wider than a phone: this GTK style (its chrome only; WebKit draws the page's
#: own controls itself) lets its window shrink to a 390 px wide page
CHROME_CSS = "window, window * { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n"
#: how often a wait asks the page again
POLL_S = 0.1
#: an HTTP request to the driver that takes longer than this is a hung browser
REQUEST_S = 180
#: a MiniBrowser starts in about a second; one that has not reached its driver by then never will (the
#: driver waits on a browser that exited at start, e.g. with "cannot open display", for ever)
SESSION_S = 60
#: errors the driver gives while the page is being redrawn under a click: try again until the time is up
RETRY_ERRORS = {"element click intercepted", "element not interactable", "stale element reference", "no such element"}

#: Installed before the first script we run in each document (idempotent): records uncaught errors,
#: unhandled rejections and CSP violations in window.__parlourWatch until the page is asked for them.
#: Not an error here: "ResizeObserver loop completed with undelivered notifications", which the HTML
#: spec reports through the window's `error` event although nothing was thrown; Chromium fires it just
#: as often on the same pages (the move log and The King's Progress board fit themselves from a
#: ResizeObserver on <body>), and the Chromium suite, which counts thrown errors (Playwright's
#: `pageerror`), never sees it.  It is counted in `resize_loops` instead.
WATCH = """if (!window.__parlourWatch) {
  const watch = window.__parlourWatch = { errors: [], violations: [], resizeLoops: 0 };
  window.addEventListener('error', (e) => {
    if (!e.error && /^ResizeObserver loop/.test(e.message)) watch.resizeLoops += 1;
    else watch.errors.push(`${e.message} at ${e.filename}:${e.lineno}`);
  });
  window.addEventListener('unhandledrejection', (e) => watch.errors.push(`unhandled rejection: ${e.reason && e.reason.stack || e.reason}`));
  document.addEventListener('securitypolicyviolation', (e) => watch.violations.push(
    `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || '?'}:${e.lineNumber}`), true);
}
"""
#: null for an HTML element; for an SVG one (scrolled into view), the whole pixel at its middle and whether
#: that point hits it (or something inside it)
POINT = """const e = arguments[0];
if (!(e instanceof SVGElement)) return null;
e.scrollIntoView({block: 'nearest', inline: 'nearest'});
const r = e.getBoundingClientRect(), x = Math.floor(r.left + r.width / 2), y = Math.floor(r.top + r.height / 2);
const at = document.elementFromPoint(x, y);
return {x, y, hit: !!at && (at === e || e.contains(at)), hit_by: at ? at.tagName + (at.id ? '#' + at.id : '') : 'nothing'};"""
#: the elements a Locator's steps name: each step's selector inside the elements of the step before, then its index
RESOLVE = """let found = [document];
for (const [selector, index] of arguments[0]) {
  found = found.flatMap((e) => [...e.querySelectorAll(selector)]);
  if (index !== null) found = found.slice(index, index + 1);
}
return found;"""


class WebKitError(RuntimeError):
    """WebDriver answered with an error (its `error` code and message are in the text)."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code


class TimeoutError(AssertionError):  # noqa: A001 - Playwright names its own the same
    """A wait ran out of time."""


def missing_reason() -> Optional[str]:
    """Why the WebKit tests cannot run here, or None when they can."""
    told = os.environ.get("PARLOUR_WEBKIT_MISSING")
    if told:
        return told
    for what, path, package in (("WebKitWebDriver", driver_path(), "webkit2gtk-driver"),
                                ("MiniBrowser", minibrowser_path(), "webkit2gtk-driver (libwebkit2gtk-4.1-0)"),
                                ("Xvfb", xvfb_path(), "xvfb"), ("xprop", xprop_path(), "x11-utils")):
        if not pathlib.Path(path).exists():
            return (f"{what} is not installed at {path}: run `python3 build.py test` (as root it installs Debian's "
                    f"{package}) or set PARLOUR_WEBKIT_DRIVER / PARLOUR_MINIBROWSER / PARLOUR_XVFB / PARLOUR_XPROP.")
    return None


def driver_path() -> str:
    return os.environ.get("PARLOUR_WEBKIT_DRIVER") or DEFAULT_DRIVER


def minibrowser_path() -> str:
    return os.environ.get("PARLOUR_MINIBROWSER") or DEFAULT_MINIBROWSER


def xvfb_path() -> str:
    return os.environ.get("PARLOUR_XVFB") or shutil.which("Xvfb") or DEFAULT_XVFB


def xprop_path() -> str:
    return os.environ.get("PARLOUR_XPROP") or shutil.which("xprop") or DEFAULT_XPROP


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebKit:
    """An Xvfb display and a WebKitWebDriver on it; `new_session()` starts a MiniBrowser."""

    def __init__(self, log_path: pathlib.Path):
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="parlour-webkit-"))
        (self.home / "config" / "gtk-3.0").mkdir(parents=True)
        (self.home / "config" / "gtk-3.0" / "gtk.css").write_text(CHROME_CSS)
        self.log = open(log_path, "ab")
        self.xvfb = self.driver = None
        try:
            self.display = self._start_xvfb()
            self.port = free_port()
            env = {**os.environ, "DISPLAY": self.display, "XDG_CONFIG_HOME": str(self.home / "config"),
                   "XDG_DATA_HOME": str(self.home / "data"), "XDG_CACHE_HOME": str(self.home / "cache"),
                   "HOME": str(self.home), "NO_AT_BRIDGE": "1", "GTK_A11Y": "none"}
            self.driver = subprocess.Popen([driver_path(), f"--port={self.port}"], stdout=self.log,
                                           stderr=self.log, env=env)
            self.url = f"http://127.0.0.1:{self.port}"
            self._wait_ready()
        except BaseException:
            self.close()
            raise

    def _start_xvfb(self) -> str:
        read, write = os.pipe()
        # -noreset: an X server resets itself when its last client leaves, and refuses the clients that
        # come while it does.  Each test module quits its MiniBrowser (the only client) and starts the
        # next at once, which then failed now and then with "cannot open display"; its session never came.
        self.xvfb = subprocess.Popen([xvfb_path(), "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp",
                                      "-noreset"],
                                     pass_fds=(write,), stdout=self.log, stderr=self.log)
        os.close(write)
        with os.fdopen(read) as pipe:  # Xvfb writes its display number once it accepts clients
            number = pipe.readline().strip()
        if not number:
            raise WebKitError("xvfb", f"Xvfb did not start (exit {self.xvfb.poll()}); see {self.log.name}")
        return f":{number}"

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.driver.poll() is not None:
                raise WebKitError("driver", f"WebKitWebDriver exited ({self.driver.returncode}); see {self.log.name}")
            try:
                with urllib.request.urlopen(f"{self.url}/status", timeout=5) as answer:
                    if json.loads(answer.read())["value"].get("ready"):
                        return
            except (OSError, ValueError):
                pass
            time.sleep(0.2)
        raise WebKitError("driver", f"WebKitWebDriver did not answer on {self.url}; see {self.log.name}")

    def new_session(self, reduced_motion: bool = False) -> "Session":
        """A new MiniBrowser.  `reduced_motion`: it prefers reduced motion (WebKitGTK takes
        `prefers-reduced-motion` from GTK's gtk-enable-animations, read when the browser starts)."""
        settings = self.home / "config" / "gtk-3.0" / "settings.ini"
        settings.write_text(f"[Settings]\ngtk-enable-animations={'false' if reduced_motion else 'true'}\n")
        return Session(self)

    def log_tail(self, lines: int = 20) -> str:
        """The last lines the driver, its browsers and Xvfb wrote (why a session did not start)."""
        self.log.flush()
        return "\n".join(pathlib.Path(self.log.name).read_text(errors="replace").splitlines()[-lines:])

    def close(self) -> None:
        for proc in (self.driver, self.xvfb):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=15)
        self.log.close()
        shutil.rmtree(self.home, ignore_errors=True)


def request(url: str, method: str, body: Optional[dict] = None, timeout: float = REQUEST_S) -> Any:
    """One WebDriver command; its `value`, or WebKitError with the driver's error code."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            return json.loads(answer.read())["value"]
    except urllib.error.HTTPError as err:
        try:
            value = json.loads(err.read())["value"]
        except ValueError:
            raise WebKitError("http", f"{method} {url}: HTTP {err.code}") from err
        raise WebKitError(value.get("error", "unknown error"), value.get("message", "")) from err


class Session:
    """One WebDriver session: one MiniBrowser (its own process, window and storage), until `quit`."""

    def __init__(self, webkit: WebKit):
        capabilities = {"browserName": "MiniBrowser",
                        "webkitgtk:browserOptions": {"binary": minibrowser_path(), "args": ["--automation"]}}
        try:
            answer = request(f"{webkit.url}/session", "POST", {"capabilities": {"alwaysMatch": capabilities}},
                             timeout=SESSION_S)
        except socket.timeout as err:
            raise WebKitError("session not created", f"MiniBrowser did not reach WebKitWebDriver in {SESSION_S} s; "
                              f"the end of {webkit.log.name}:\n{webkit.log_tail()}") from err
        self.id = answer["sessionId"]
        self.version = answer["capabilities"].get("browserVersion", "?")
        self.base = f"{webkit.url}/session/{self.id}"
        self.command("POST", "/timeouts", {"script": REQUEST_S * 1000 - 10_000, "pageLoad": 120_000})

    def command(self, method: str, path: str, body: Optional[dict] = None) -> Any:
        return request(self.base + path, method, body if body is not None or method != "POST" else {})

    def execute(self, script: str, *args: Any) -> Any:
        return self.command("POST", "/execute/sync", {"script": script, "args": list(args)})

    def execute_async(self, script: str, *args: Any) -> Any:
        return self.command("POST", "/execute/async", {"script": script, "args": list(args)})

    def page(self) -> "WebKitPage":
        return WebKitPage(self)

    def quit(self) -> None:
        try:
            self.command("DELETE", "")
        except (WebKitError, OSError):
            pass


class Keyboard:
    """page.keyboard.press for the few keys the tests press (WebDriver's key codes)."""
    KEYS = {"Escape": "\ue00c", "Enter": "\ue007", "Tab": "\ue004", "ArrowLeft": "\ue012", "ArrowRight": "\ue014",
            "ArrowUp": "\ue013", "ArrowDown": "\ue015", "Space": " "}

    def __init__(self, session: Session):
        self.session = session

    def press(self, key: str) -> None:
        code = self.KEYS.get(key, key)
        self.session.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]}]})
        self.session.command("DELETE", "/actions")


class WebKitPage:
    """The session's window, with the names of Playwright's sync Page where it does the same thing."""

    def __init__(self, session: Session):
        self.session = session
        self.keyboard = Keyboard(session)
        #: uncaught errors and CSP violations the page reported (kept across navigations)
        self.errors: List[str] = []
        self.violations: List[str] = []
        #: "ResizeObserver loop completed with undelivered notifications" events (see WATCH)
        self.resize_loops = 0

    # ----- scripts -----------------------------------------------------------------

    def evaluate(self, expression: str, arg: Any = None, elements: Optional[list] = None) -> Any:
        """The value of a JavaScript expression, or of a function expression called with `arg`; a promise is
        awaited.  The expression is part of the script WebDriver runs (the page's policy allows no eval).
        `elements` (WebDriver element references) are `elements` in the expression: WebKit turns only a
        script's own arguments into elements, not references inside an array or object."""
        script = WATCH + f"""const done = arguments[arguments.length - 1], arg = arguments[0];
const elements = Array.prototype.slice.call(arguments, 1, -1);
const take = () => {{ const w = window.__parlourWatch, loops = w.resizeLoops; w.resizeLoops = 0;
  return {{errors: w.errors.splice(0), violations: w.violations.splice(0), resizeLoops: loops}}; }};
Promise.resolve().then(() => {{ const value = (
{expression}
); return typeof value === 'function' ? value(arg) : value; }})
  .then((value) => done({{value, watch: take()}}), (e) => done({{error: String(e && e.stack || e), watch: take()}}));"""
        answer = self.session.execute_async(script, arg, *(elements or []))
        self._keep(answer["watch"])
        if "error" in answer:
            raise WebKitError("javascript error", f"{answer['error']}\nin: {expression[:300]}")
        return answer["value"]

    def _keep(self, watch: dict) -> None:
        self.errors += watch["errors"]
        self.violations += watch["violations"]
        self.resize_loops += watch["resizeLoops"]

    def problems(self) -> dict:
        """What the page reported so far (and what it reports now), leaving none behind."""
        self.evaluate("0")
        found = {"errors": self.errors[:], "violations": self.violations[:]}
        del self.errors[:], self.violations[:]
        return found

    def wait_for_function(self, expression: str, arg: Any = None, timeout: float = 30_000) -> Any:
        """Ask the page `expression` (an expression or a function of `arg`) until it is truthy; its value."""
        deadline = time.monotonic() + timeout / 1000
        last: Any = None
        while True:
            try:
                last = self.evaluate(expression, arg)
                if last:
                    return last
            except WebKitError as err:  # a navigation under the question: ask again
                last = err
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout / 1000:.0f} s for {expression[:200]!r} (last: {last})")
            time.sleep(POLL_S)

    # ----- navigation, window ------------------------------------------------------

    def goto(self, url: str) -> None:
        self.session.command("POST", "/url", {"url": url})
        self.evaluate("0")  # the watcher, as soon as the document is there

    def reload(self) -> None:
        self.session.command("POST", "/refresh")
        self.evaluate("0")

    @property
    def url(self) -> str:
        return self.session.command("GET", "/url")

    def set_viewport_size(self, size: dict) -> None:
        """Size the window so that the page gets `size` (the window adds MiniBrowser's toolbar)."""
        width, height = size["width"], size["height"]
        inner = self.evaluate(INNER_SIZE)
        for _ in range(4):
            if inner == [width, height]:
                return
            # the toolbar's and frame's share of the window, read while the two agree (the page hears of a
            # new window size a little after the window has it: under load a reading between the two gave
            # a negative width)
            rect = self.session.command("GET", "/window/rect")
            extra_w, extra_h = max(0, rect["width"] - inner[0]), max(0, rect["height"] - inner[1])
            self.session.command("POST", "/window/rect", {"width": width + extra_w, "height": height + extra_h})
            deadline = time.monotonic() + RESIZE_S
            inner = self.evaluate(INNER_SIZE)
            while inner != [width, height] and time.monotonic() < deadline:
                time.sleep(0.05)
                inner = self.evaluate(INNER_SIZE)
        if inner != [width, height]:
            raise AssertionError(f"MiniBrowser's page stays {inner[0]}x{inner[1]}, not {width}x{height}")

    @property
    def viewport_size(self) -> dict:
        w, h = self.evaluate("[window.innerWidth, window.innerHeight]")
        return {"width": w, "height": h}

    def screenshot(self, path: str, full_page: bool = False) -> None:
        """The page as it shows, or all of it (`full_page`: WebDriver shoots only what the window shows, so
        the window is made as tall as the page for the picture, up to the screen, then made as it was)."""
        shown = self.viewport_size
        if full_page:
            height = self.evaluate("document.documentElement.scrollHeight")
            self.set_viewport_size({"width": shown["width"], "height": max(shown["height"], min(height, TALLEST))})
            self.evaluate(TWO_FRAMES)
        try:
            data = self.session.command("GET", "/screenshot")
        finally:
            if full_page:
                self.set_viewport_size(shown)
        pathlib.Path(path).write_bytes(base64.b64decode(data))

    # ----- elements ----------------------------------------------------------------

    def locator(self, selector: str) -> "Locator":
        return Locator(self, [[selector, None]])

    def wait_for_selector(self, selector: str, state: str = "visible", timeout: float = 30_000) -> None:
        self.locator(selector).first.wait_for(state=state, timeout=timeout)

    def click(self, selector: str, timeout: float = 30_000) -> None:
        self.locator(selector).first.click(timeout=timeout)

    def select_option(self, selector: str, value: str, timeout: float = 30_000) -> None:
        self.locator(selector).first.select_option(value, timeout=timeout)

    def fill(self, selector: str, value: str, timeout: float = 30_000) -> None:
        self.locator(selector).first.fill(value, timeout=timeout)


class Locator:
    """Elements named by steps of a CSS selector and an optional index (each step inside the elements of
    the one before, as Playwright's `locator.nth(i).locator(s)`), found afresh at every use."""

    def __init__(self, page: WebKitPage, steps: List[list]):
        self.page, self.steps = page, steps

    def __repr__(self) -> str:
        return "<" + " >> ".join(s if i is None else f"{s} nth={i}" for s, i in self.steps) + ">"

    def locator(self, selector: str) -> "Locator":
        return Locator(self.page, [*self.steps, [selector, None]])

    def nth(self, index: int) -> "Locator":
        return Locator(self.page, [*self.steps[:-1], [self.steps[-1][0], index]])

    @property
    def first(self) -> "Locator":
        return self.nth(0)

    def _elements(self) -> list:
        """The elements the steps find now; a page that replaced one while WebDriver handed it over is asked again."""
        for _ in range(5):
            try:
                return self.page.session.execute(RESOLVE, self.steps)
            except WebKitError as err:
                if err.code != "stale element reference":
                    raise
                time.sleep(POLL_S)
        return self.page.session.execute(RESOLVE, self.steps)

    def _element(self, timeout: float, enabled: bool = False) -> str:
        """The element's WebDriver id once it is there, shows (and is enabled, when asked)."""
        check = """(e, enabled) => { const shown = e.closest('select') || e;  // an <option> shows as its <select>
          return e.isConnected && shown.getClientRects().length > 0 && getComputedStyle(shown).visibility !== 'hidden'
            && !(enabled && (e.disabled || shown.disabled)); }"""
        deadline = time.monotonic() + timeout / 1000
        while True:
            found = self._elements()
            if found and self.page.session.execute(f"return ({check})(arguments[0], arguments[1])", found[0], enabled):
                return found[0][ELEMENT]
            if time.monotonic() > deadline:
                state = "not there" if not found else "hidden or disabled"
                raise TimeoutError(f"{self!r}: {state} after {timeout / 1000:.0f} s")
            time.sleep(POLL_S)

    def _retry(self, action, timeout: float, enabled: bool = True) -> None:
        deadline = time.monotonic() + timeout / 1000
        while True:
            element = self._element(max(0.0, deadline - time.monotonic()) * 1000, enabled)
            try:
                action(element)
                return
            except WebKitError as err:
                if err.code not in RETRY_ERRORS or time.monotonic() > deadline:
                    raise
            time.sleep(POLL_S)

    def click(self, timeout: float = 30_000) -> None:
        """A real click at the element's middle, scrolled into view, retried while the board is being redrawn
        under it: WebDriver's Element Click for HTML; for SVG (a piece or place on the board), which
        WebKitWebDriver calls "not interactable", WebDriver's pointer actions at the middle of the element,
        once the page says that point is on it (as Element Click would check)."""
        self._retry(self._click_element, timeout)

    def _click_element(self, element: str) -> None:
        session = self.page.session
        point = session.execute(POINT, {ELEMENT: element})
        if point is None:  # HTML
            session.command("POST", f"/element/{element}/click")
            return
        if not point["hit"]:
            raise WebKitError("element click intercepted", f"{self!r}: {point['hit_by']} is at its middle")
        session.command("POST", "/actions", {"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": point["x"], "y": point["y"], "origin": "viewport", "duration": 0},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        session.command("DELETE", "/actions")

    tap = click

    def select_option(self, value: str, timeout: float = 30_000) -> None:
        """Choose the <option> with `value` by clicking it (WebDriver selects it and fires input and change)."""
        self.locator(f"option[value='{value}']").first.click(timeout=timeout)
        chosen = self.evaluate("(s) => s.value")
        if chosen != value:
            raise AssertionError(f"{self!r} shows {chosen!r} after clicking its option {value!r}")

    def fill(self, value: str, timeout: float = 30_000) -> None:
        def type_in(element):
            self.page.session.command("POST", f"/element/{element}/clear")
            self.page.session.command("POST", f"/element/{element}/value", {"text": value})
        self._retry(type_in, timeout)

    def count(self) -> int:
        return len(self._elements())

    def evaluate(self, expression: str, arg: Any = None, timeout: float = 30_000) -> Any:
        """`expression`, a function, called with the (first) element and `arg`, once there is one (Playwright's
        locators wait for their element the same way)."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            found = self._elements()
            if found:
                try:
                    return self.page.evaluate(f"(arg) => ({expression})(elements[0], arg)", arg, found[:1])
                except WebKitError as err:  # gone between finding and asking: find it again
                    if err.code not in RETRY_ERRORS:
                        raise
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self!r}: not there after {timeout / 1000:.0f} s")
            time.sleep(POLL_S)

    def evaluate_all(self, expression: str) -> Any:
        return self.page.evaluate(f"() => ({expression})(elements)", None, self._elements())

    def is_disabled(self) -> bool:
        return bool(self.evaluate("(e) => e.disabled || !!e.closest('fieldset[disabled]')"))

    def is_enabled(self) -> bool:
        return not self.is_disabled()

    def is_visible(self) -> bool:
        try:
            found = self._elements()  # (WebKit may find an element the page then replaces before it hands it over)
            return bool(found) and bool(self.page.evaluate(
                "() => elements[0].getClientRects().length > 0 && getComputedStyle(elements[0]).visibility !== 'hidden'",
                None, found[:1]))
        except WebKitError as err:  # gone between the two questions
            if err.code not in RETRY_ERRORS:
                raise
            return False

    def is_hidden(self) -> bool:
        return not self.is_visible()

    def inner_text(self) -> str:
        return self.evaluate("(e) => e.innerText")

    def all_inner_texts(self) -> List[str]:
        return self.evaluate_all("(els) => els.map((e) => e.innerText)")

    def get_attribute(self, name: str) -> Optional[str]:
        return self.evaluate("(e, name) => e.getAttribute(name)", name)

    def bounding_box(self) -> Optional[dict]:
        box = self.evaluate("(e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; }")
        return box if box["width"] or box["height"] else None

    def scroll_into_view_if_needed(self) -> None:
        self.evaluate("(e) => e.scrollIntoView({block: 'nearest', inline: 'nearest'})")

    def wait_for(self, state: str = "visible", timeout: float = 30_000) -> None:
        """Wait until the element is attached / visible / detached / hidden."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            if state == "attached" and self.count():
                return
            if state == "detached" and not self.count():
                return
            if state == "visible" and self.is_visible():
                return
            if state == "hidden" and not self.is_visible():
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self!r}: not {state} after {timeout / 1000:.0f} s")
            time.sleep(POLL_S)
