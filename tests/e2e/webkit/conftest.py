"""Fixtures for the WebKit tests: one Xvfb and WebKitWebDriver for the whole run, one MiniBrowser
(a WebDriver session, with storage of its own) per test module, shared by that module's tests,
and the built site on a server that asks the browser to report Content-Security-Policy violations.

A machine without WebKitGTK's WebDriver, MiniBrowser, Xvfb or xprop fails these tests with the reason
(never skips them): `python3 build.py test` installs them (Debian's webkit2gtk-driver, xvfb and x11-utils)."""
import functools
import http.server
import json
import os
import pathlib
import sys
import threading

import pytest

from webkit_driver import WebKit, missing_reason

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

#: the desktop window of the Chromium suite's `page` fixture
DESKTOP = {"width": 1400, "height": 1000}
#: where the browser posts a violation report (the server adds `report-uri` to the policy it sends)
REPORTS = "/__csp-report"


class ReportingHandler(build.Handler):
    """build.py's handler (same files, same headers) whose policy also says where to report a violation:
    the browser then reports every one, from a page's first byte and from its worker too, which a
    listener added by WebDriver after the page loaded cannot see."""

    def __init__(self, *args, reports: list, policy: str = "", **kwargs):
        self.reports = reports
        super().__init__(*args, policy=f"{policy}; report-uri {REPORTS}", **kwargs)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path != REPORTS:
            self.send_error(405, "Method not allowed")
            return
        try:
            report = json.loads(body).get("csp-report", {})
            self.reports.append(f"{report.get('effective-directive')} blocked {report.get('blocked-uri')} at "
                                f"{report.get('source-file', report.get('document-uri'))}:{report.get('line-number', '?')}")
        except ValueError:
            self.reports.append(f"unreadable report: {body[:200]!r}")
        self.send_response(204)
        self.end_headers()


class Site:
    """The built site (the dist/ the Chromium tests use) on a free port, with the violations reported to it."""

    def __init__(self):
        dist = pathlib.Path(os.environ.get("PARLOUR_DIST", build.DIST))
        if not (dist / "index.html").exists():
            pytest.fail("dist/ is not built: run `python3 build.py test`.", pytrace=False)
        os.environ["PARLOUR_QUIET"] = "1"
        self.reports = []
        handler = functools.partial(ReportingHandler, directory=str(dist), reports=self.reports,
                                    policy=build.page_policy(dist / "index.html"))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


@pytest.fixture(scope="session")
def webkit(artifacts):
    reason = missing_reason()
    if reason:
        pytest.fail(f"WebKit tests cannot run: {reason}", pytrace=False)
    browser = WebKit(artifacts / "webkit-driver.log")
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def webkit_site():
    site = Site()
    yield site
    site.stop()


@pytest.fixture
def own_site():
    """The built site on a server of its own, which the test may stop."""
    site = Site()
    yield site
    site.stop()


@pytest.fixture(scope="module")
def wk_session(webkit, request):
    """The module's MiniBrowser; a module with REDUCED_MOTION = True gets one that prefers reduced motion
    (pieces do not slide, so every position is measured at rest, as the Chromium phone tests do)."""
    session = webkit.new_session(reduced_motion=getattr(request.module, "REDUCED_MOTION", False))
    yield session
    session.quit()


@pytest.fixture
def wk_page(wk_session, webkit_site):
    """The module's MiniBrowser window at the desktop size.  What the test before left behind (the
    problems of a page it failed on) is taken first, so that each test answers for its own."""
    page = wk_session.page()
    page.set_viewport_size(DESKTOP)
    page.problems()
    del webkit_site.reports[:]
    yield page
