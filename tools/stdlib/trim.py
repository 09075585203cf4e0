"""Python's standard library trimmed to what Parlour imports (build.py ships it in place of Pyodide's whole one).

Why: Pyodide's python_stdlib.zip is 2.55 MB, a third of a first visit, and Parlour uses a small part of it.
Which part is found by running Parlour in Pyodide under node (tools/stdlib/exercise.mjs and exercise.py:
a seeded whole game of every title through parlour.api after the worker's own start, every module the wheel
names in an import statement, then micropip installing segno and a QR code drawn), not written by hand.

Two zips: `python_stdlib.zip`, what the engines use (the worker loads it with loadPyodide's stdLibURL), and
`python_stdlib_qr.zip`, what only micropip needs, fetched when a QR code is first drawn
(js/engine/stdlib-extra.js).  Both are stored uncompressed: the server's gzip or brotli of the whole zip is
smaller than a zip of deflated files (cross-file redundancy).

The check that fails the build: the same run again with only the trimmed zips.  Any import they lack fails
it with the module's name.  Why a run and not only a static scan of the wheel's imports: the standard
library's own imports depend on the path taken (and Pyodide's start imports modules no scan of ours sees);
the run covers those, and the exercise imports every module the wheel names, which covers a module imported
only on a path no game took.  Both runs are cached under a key of their inputs, so a build whose wheel did
not change repeats neither.
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
#: what the runs read besides the wheels: a change to any of them traces again
INPUTS = [HERE / "exercise.mjs", HERE / "exercise.py", HERE / "shrink.py", HERE / "trim.py",
          ROOT / "js" / "engine" / "python-setup.js", ROOT / "js" / "engine" / "stdlib-extra.js"]
STDLIB = "python_stdlib.zip"
STDLIB_QR = "python_stdlib_qr.zip"
#: modules the wheel names that the standard library does not hold: micropip installs them
INSTALLED_LATER = {"segno"}
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class MissingModule(Exception):
    """The trimmed library lacks a module Parlour imports (the message names it)."""


def _digest(paths: list) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _zip(files: dict) -> bytes:
    """A stored (uncompressed) zip of {name: bytes}, the same bytes for the same files."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, FIXED_ZIP_TIME)
            info.external_attr = 0o644 << 16
            zf.writestr(info, files[name])
    return out.getvalue()


def _with_their_packages(engines: set, every: set) -> set:
    """The engines' files, and every file of a package they share with micropip's (a package's modules are
    looked for in its own folder of its own zip only: `importlib.metadata` cannot sit in the second zip
    when `importlib` is in the first)."""
    packages = {name.split("/")[0] for name in engines if "/" in name}
    return engines | {name for name in every if "/" in name and name.split("/")[0] in packages}


def _exercise(node: str, pyodide_dir: Path, packages: Path, wheel: Path, segno: Path, out: Path,
              zips: tuple = ()) -> dict:
    """One run of tools/stdlib/exercise.mjs; its result, or MissingModule / RuntimeError saying what failed."""
    subprocess.run([node, HERE / "exercise.mjs", pyodide_dir, packages, wheel, segno, out, *zips],
                   stdout=subprocess.DEVNULL)
    result = json.loads(out.read_text()) if out.is_file() else {"error": "the run wrote nothing"}
    if result.get("missing"):
        raise MissingModule(f"the trimmed standard library lacks module {result['missing']!r}, which Parlour "
                            f"imports ({result['error'].splitlines()[-1]})")
    if result.get("error"):
        raise RuntimeError(f"Parlour failed in Pyodide while tracing its imports: {result['error']}")
    unknown = sorted(set(result["not_found"]) - INSTALLED_LATER)
    if unknown:
        raise MissingModule(f"the trimmed standard library lacks module {unknown[0]!r}, which the wheel imports"
                            f" (all missing: {', '.join(unknown)})")
    return result


def trimmed_stdlib(node: str, pyodide_dir: Path, packages: Path, wheel: Path, segno: Path, cache: Path,
                   say=print) -> dict:
    """The two trimmed zips in `cache` (traced and checked once per key): {zip name: path}."""
    key = _digest([*INPUTS, wheel, segno, pyodide_dir / "python_stdlib.zip", pyodide_dir / "pyodide.asm.wasm"])
    folder = cache / f"stdlib-{key}"
    made = {STDLIB: folder / STDLIB, STDLIB_QR: folder / STDLIB_QR}
    if all(p.is_file() for p in made.values()):
        return made
    # this build's own folder: builds side by side (a helper's, a test's) must not delete each other's work
    work = cache / f"stdlib-{key}-work-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    say("tracing the standard library Parlour imports (every title played in Pyodide under node)")
    traced = _exercise(node, pyodide_dir, packages, wheel, segno, work / "trace.json")
    files = {name: base64.b64decode(data) for name, data in traced["files"].items()}
    engines = _with_their_packages(set(traced["games"]), set(traced["qr"]))
    (work / STDLIB).write_bytes(_zip({n: files[n] for n in engines}))
    (work / STDLIB_QR).write_bytes(_zip({n: files[n] for n in set(traced["qr"]) - engines}))
    say(f"checking the trimmed standard library ({len(engines)} files, {len(traced['qr']) - len(engines)} more "
        "for micropip): every title again, and segno installed")
    _exercise(node, pyodide_dir, packages, wheel, segno, work / "check.json", (work / STDLIB, work / STDLIB_QR))
    folder.mkdir(parents=True, exist_ok=True)
    for name, path in made.items():
        os.replace(work / name, path)  # whole files only: another build may be reading them already
    shutil.rmtree(work)
    return made
