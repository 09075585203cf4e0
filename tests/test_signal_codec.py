"""The signalling codec (js/net/signal-codec.js) on real browsers' SDPs, Firefox's and Chromium's:
tests/signal_codec_cases.mjs under node's own test runner."""
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "signal_codec_cases.mjs"


def test_signal_codec_holds_for_firefox_and_chromium_sdp():
    if not shutil.which("node"):
        pytest.fail("node is needed to run tests/signal_codec_cases.mjs (the codec is JavaScript).")
    run = subprocess.run(["node", "--test", str(CASES)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout[-2000:]
