"""Fixtures for the Firefox tests: one Firefox for the session (started through the node
bridge, firefox_driver.py) and a fresh page, in a browser context of its own, per test.

A machine without Firefox, node or the pinned puppeteer-core fails these tests with the
reason (never skips them): `python3 build.py test` installs all three."""
import pytest

from firefox_driver import FirefoxBrowser, missing_reason


@pytest.fixture(scope="session")
def firefox(artifacts):
    reason = missing_reason()
    if reason:
        pytest.fail(f"Firefox tests cannot run: {reason}", pytrace=False)
    browser = FirefoxBrowser(artifacts / "firefox-bridge.log")
    yield browser
    browser.close()


@pytest.fixture
def ff_page(firefox):
    page = firefox.new_page()
    yield page
    page.close()
