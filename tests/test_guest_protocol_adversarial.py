"""The guest's protocol state machine (js/net/guest-protocol.js) against a dishonest host, message by
message: tests/guest_protocol_cases.mjs under node's own test runner."""
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "guest_protocol_cases.mjs"


def test_guest_protocol_adversarial_cases_hold():
    if not shutil.which("node"):
        pytest.fail("node is needed to run tests/guest_protocol_cases.mjs (the guest's protocol is JavaScript).")
    run = subprocess.run(["node", "--test", str(CASES)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout[-2000:]
