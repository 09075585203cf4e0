"""Shared test set-up: make `py/` importable so tests run against the source tree, and start the suite's
slowest files first (tests/suite_order.py)."""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from suite_order import read_order, slowest_first  # noqa: E402  (tests/ is on the path: pytest's rootdir conftest)


def pytest_sessionstart(session):
    """The pinned npm modules the page's code imports, which the node harness reads from .cache/ (once)."""
    sys.path.insert(0, str(ROOT))
    import build  # noqa: E402  (the repository's build script)

    build.fetch_fflate()


def pytest_collection_modifyitems(items):
    slowest_first(items, read_order())
