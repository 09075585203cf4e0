"""The guest's protocol state machine (js/net/guest-protocol.js) against a dishonest host, message by
message: tests/guest_protocol_cases.mjs under node's own test runner."""
from node_cases import ROOT, run_node_cases


def test_guest_protocol_adversarial_cases_hold():
    run_node_cases(ROOT / "tests" / "guest_protocol_cases.mjs", "the guest's protocol")
