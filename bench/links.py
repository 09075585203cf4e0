"""Correspondence links' lengths, every game: the benchmark's `links.<game>.*` figures (issue 43).

One whole table per game played by sending links (tests/adversary/by-links.mjs: the real host and guest tables
over the mail transport, the CPython engine, a postman carrying each link a side shows to the other), seated
guest, bot, guest, bot, seeded.  Counts, not times: written on any machine.

- `max_chars`: the longest link of the game, the end-of-game record included (that one carries every move's
  signature; past `LONG_LINK` the page offers it as a file too);
- `max_move_chars`: the longest link the host sends before the game ends (a view and what changed);
- `median_chars`: the median host link before the end;
- `guest_max_chars`: the longest link a guest sends (its move and signature);
- `round_trip_max_chars`: `max_move_chars` plus `guest_max_chars`, a bound on one move's round trip.
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEATS = ["remote", "bot", "remote", "bot"]
SEED = 5


def measure_links(games: list[str]) -> dict:
    node = shutil.which("node") or "node"
    tables = [{"game": g, "seats": SEATS, "seed": SEED} for g in games]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    proc = subprocess.run([node, "--import", str(ROOT / "tests/adversary/register.mjs"), str(ROOT / "tests/adversary/by-links.mjs"),
                           json.dumps(tables)], cwd=ROOT, capture_output=True, text=True, timeout=1800, env=env)
    if proc.returncode != 0:
        raise RuntimeError(proc.stdout[-2000:] + proc.stderr[-2000:])
    figures = {}
    for line in proc.stdout.splitlines():
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        if not r["over"] or r["errors"]:
            raise RuntimeError(f"{r['game']} by links did not play to its end: {r['stopped']} {r['errors'][:2]}")
        links = r["links"]
        after = list(links.get("afterEnd", []))
        during = list(links["toGuests"])
        for n in after:
            during.remove(n)
        key = f"links.{r['game']}"
        figures[f"{key}.max_chars"] = max(links["toGuests"] + links["toHost"])
        figures[f"{key}.max_move_chars"] = max(during)
        figures[f"{key}.median_chars"] = round(statistics.median(during))
        figures[f"{key}.guest_max_chars"] = max(links["toHost"])
        figures[f"{key}.round_trip_max_chars"] = max(during) + max(links["toHost"])
        figures[f"{key}.links"] = len(links["toGuests"]) + len(links["toHost"])
    return figures
