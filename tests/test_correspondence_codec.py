"""Correspondence links' transport (issue 43): the JSON delta, the mailbox that numbers and acknowledges what
each end sent, a link's packing and encryption to one device at one table, and the channel the protocol's link
reads: tests/correspondence_codec_cases.mjs under node's own test runner."""
from node_cases import ROOT, run_node_cases


def test_correspondence_codec_cases_hold():
    run_node_cases(ROOT / "tests" / "correspondence_codec_cases.mjs", "the correspondence transport")
