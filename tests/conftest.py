"""Shared test set-up: make `py/` importable so tests run against the source tree."""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
