"""Run one of the suite's JavaScript case files under node's own test runner (tests/*_cases.mjs)."""
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run_node_cases(cases: pathlib.Path, what: str) -> None:
    """Fail with node's own report unless every case in `cases` passes (and there is at least one)."""
    if not shutil.which("node"):
        pytest.fail(f"node is needed to run {cases.name} ({what} is JavaScript).")
    run = subprocess.run(["node", "--import", "./tests/vendor-register.mjs", "--test", str(cases)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout[-2000:]
