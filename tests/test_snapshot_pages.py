"""How the worker keeps Python's memory snapshot (js/engine/snapshot-pages.js): its non-zero pages,
put back byte for byte, a record that does not fit refused: tests/snapshot_pages_cases.mjs under
node's own test runner."""
from node_cases import ROOT, run_node_cases


def test_snapshot_pages_come_back_byte_for_byte_and_a_damaged_record_is_refused():
    run_node_cases(ROOT / "tests" / "snapshot_pages_cases.mjs", "the snapshot's pages")
