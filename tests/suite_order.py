"""The order the whole suite's files start in: the slowest first, so two workers end together.

pytest-xdist (`--dist loadfile`) hands each worker a whole file at a time, in
the order collected.  Collected by name, the fuzz and contract files (minutes
each) come last, where a file of five minutes can leave one worker running it
alone; starting the longest first (LPT) keeps that tail to about the shortest
file's length as the suite grows.

tests/file_seconds.txt holds each file's seconds from a whole-suite run, the
slowest first.  A file not listed (a new one) keeps its place after the listed
ones.  The figures only order the files; no test reads them as a limit.
Refresh them after a whole run with `--durations=0`:

    python3 build.py test --durations=0 | tee /tmp/suite.log
    python3 tests/suite_order.py < /tmp/suite.log
"""
from __future__ import annotations

import pathlib
import re
import sys
from typing import Dict, Iterable

SECONDS_FILE = pathlib.Path(__file__).with_name("file_seconds.txt")
#: a line of pytest's durations table: "12.34s call     tests/e2e/test_x.py::test_y[param]"
DURATION = re.compile(r"^\s*([0-9.]+)s\s+(?:setup|call|teardown)\s+(\S+?\.py)(?:::|\s|$)")


def file_seconds(lines: Iterable[str]) -> Dict[str, float]:
    """Seconds per test file, summed over its tests' setup, call and teardown."""
    out: Dict[str, float] = {}
    for line in lines:
        found = DURATION.match(line)
        if found:
            out[found.group(2)] = out.get(found.group(2), 0.0) + float(found.group(1))
    return out


def read_order(path: pathlib.Path = SECONDS_FILE) -> Dict[str, int]:
    """File -> its rank (0 = slowest), from SECONDS_FILE; {} when there is none."""
    if not path.exists():
        return {}
    names = [line.split()[1] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return {name: rank for rank, name in enumerate(names)}


def slowest_first(items: list, order: Dict[str, int]) -> None:
    """Sort collected test items so that listed files come slowest first and unlisted ones after them, each
    file's tests kept together and in their own order (a stable sort on the file's rank)."""
    last = len(order)
    items.sort(key=lambda item: order.get(item.nodeid.split("::", 1)[0], last))


def main() -> int:
    seconds = file_seconds(sys.stdin)
    if not seconds:
        print("no durations found: run the whole suite with --durations=0 and pipe its output here", file=sys.stderr)
        return 2
    lines = ["# seconds per test file in a whole-suite run, slowest first (tests/suite_order.py orders the suite by it)"]
    lines += [f"{secs:9.1f} {name}" for name, secs in sorted(seconds.items(), key=lambda kv: (-kv[1], kv[0]))]
    SECONDS_FILE.write_text("\n".join(lines) + "\n")
    print(f"wrote {SECONDS_FILE} ({len(seconds)} files, {sum(seconds.values()) / 60:.1f} test-minutes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
