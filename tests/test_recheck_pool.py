"""Stage two of a guest's end check: the worker pool's scheduling (js/net/recheck-pool.js) and what the guest keeps
of its check (js/tables/recheck-record.js), tests/recheck_pool_cases.mjs under node's own test runner."""
from node_cases import ROOT, run_node_cases


def test_forge_proof_recheck_pool_cases_hold():
    run_node_cases(ROOT / "tests" / "recheck_pool_cases.mjs", "the bot recheck's scheduler")
