"""A brotli copy (`<file>.br`) beside every gzip one the build writes, as static hosts send to browsers that
accept it (`build.py serve` does too).  Why: brotli at its best quality is some 15-20% smaller than gzip -9
on our scripts and Pyodide's wasm, so a first visit costs fewer bytes wherever the host sends it.

Compressed by node's built-in brotli (tools/brotli.mjs), the build's node already being needed; each copy is
cached in .cache/brotli under its source's SHA-256, as brotli's best quality takes a while on the wasm.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def write_brotli_copies(dist: Path, cache: Path, node: "str | None") -> int:
    """`<file>.br` beside each `<file>.gz` in dist (when smaller than the gzip one); returns how many were
    written (0 without node: the gzip copies stand alone)."""
    if not node:
        return 0
    cache.mkdir(parents=True, exist_ok=True)
    wanted = []
    for packed in sorted(dist.rglob("*.gz")):
        source = packed.with_suffix("")
        if source.is_file():
            cached = cache / f"{hashlib.sha256(source.read_bytes()).hexdigest()}.br"
            wanted.append((source, packed, cached))
    jobs = [[str(source), str(cached)] for source, _, cached in wanted if not cached.is_file()]
    if jobs:
        (cache / "jobs.json").write_text(json.dumps(jobs))
        subprocess.run([node, HERE / "brotli.mjs", cache / "jobs.json"], check=True)
    written = 0
    for source, packed, cached in wanted:
        if cached.stat().st_size < packed.stat().st_size:
            shutil.copyfile(cached, Path(f"{source}.br"))
            written += 1
    return written
