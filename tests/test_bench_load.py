"""The bench writes time figures only on a quiet machine (issue 25, item 4), and its own build, just
before it measures, does not count as other work: it waits for the load average to come down."""
import sys
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import bench  # noqa: E402


class FakeClock:
    """A load average that follows `loads` one reading at a time, and a clock that sleeps instantly."""

    def __init__(self, loads):
        self.loads, self.now, self.slept = list(loads), 0.0, 0.0

    def getloadavg(self):
        value = self.loads.pop(0) if len(self.loads) > 1 else self.loads[0]
        return (value, value, value)

    def monotonic(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds
        self.slept += seconds


def with_clock(monkeypatch, loads):
    clock = FakeClock(loads)
    monkeypatch.setattr(bench.os, "getloadavg", clock.getloadavg)
    monkeypatch.setattr(bench.time, "monotonic", clock.monotonic)
    monkeypatch.setattr(bench.time, "sleep", clock.sleep)
    return clock


def test_a_quiet_machine_is_measured_at_once(monkeypatch):
    clock = with_clock(monkeypatch, [0.4])
    assert bench.settled_load() == 0.4 and clock.slept == 0


def test_the_load_of_the_bench_s_own_build_is_waited_out(monkeypatch):
    clock = with_clock(monkeypatch, [1.18, 1.1, 1.02, 0.95])
    assert bench.settled_load() == 0.95
    assert 0 < clock.slept < bench.SETTLE_S


def test_a_machine_busy_with_other_work_stays_busy_and_is_refused(monkeypatch):
    clock = with_clock(monkeypatch, [3.2])
    assert bench.settled_load() > bench.QUIET_LOAD
    assert clock.slept >= bench.SETTLE_S


def test_hard_s_budget_scales_by_the_machine_s_king_s_progress_speed():
    """Issue 44: 1,500 ms a move on the slower machine (330 native games/s); a machine twice as fast gets half."""
    figures = {"engine.kings-progress.native_games_per_s": 660.0}
    ratio = bench.machine_ratio(figures)
    assert ratio == 0.5
    assert bench.budget_for("bots.castles.hard.move_ms_p95", ratio) == 750
    assert bench.budget_for("bots.castles.hard.move_ms_p95") == 1500
    assert bench.budget_for("load.python_ready_cold_ms", ratio) == 1000  # a start budget is not the engine's speed
    assert bench.machine_ratio({}) is None
