"""The signalling codec (js/net/signal-codec.js) on real browsers' SDPs, Firefox's and Chromium's:
tests/signal_codec_cases.mjs under node's own test runner."""
from node_cases import ROOT, run_node_cases


def test_signal_codec_holds_for_firefox_and_chromium_sdp():
    run_node_cases(ROOT / "tests" / "signal_codec_cases.mjs", "the codec")
