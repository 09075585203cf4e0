"""The standard library the site ships holds only what Parlour imports (build.py ship_stdlib,
tools/stdlib/trim.py), and that is enough: a seeded whole game of every title, and micropip installing segno
for a QR code, in Pyodide under node with only the trimmed zips; a module left out fails with its name."""
import io
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tools.stdlib import trim  # noqa: E402

DIST = Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))


def inputs():
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed to run Pyodide in the tests")
    info = json.loads((DIST / "build-info.json").read_text())
    if "stdlib_qr" not in info:
        pytest.fail("this build shipped Pyodide's whole standard library: build with node")
    pyodide_dir = Path(os.environ.get("PARLOUR_PYODIDE_DIR") or build.CACHE / f"pyodide-{build.PYODIDE_VERSION}")
    return node, pyodide_dir, DIST / "pyodide", DIST / info["wheel"], DIST / info["segno"], info


@pytest.mark.pyodide
def test_every_title_plays_and_segno_installs_with_only_the_shipped_library(tmp_path):
    node, pyodide_dir, packages, wheel, segno, info = inputs()
    result = trim._exercise(node, pyodide_dir, packages, wheel, segno, tmp_path / "run.json",
                            (DIST / info["stdlib"], DIST / info["stdlib_qr"]))
    assert result["games"] and set(result["qr"]) > set(result["games"])
    assert set(result["not_found"]) <= trim.INSTALLED_LATER


@pytest.mark.pyodide
def test_a_module_left_out_fails_with_its_name(tmp_path):
    """hashlib (parlour.api imports it) taken out of the shipped zip: the run names it."""
    node, pyodide_dir, packages, wheel, segno, info = inputs()
    shipped = zipfile.ZipFile(DIST / info["stdlib"])
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        for item in shipped.infolist():
            if item.filename != "hashlib.py":
                zf.writestr(item, shipped.read(item))
    lacking = tmp_path / "python_stdlib.zip"
    lacking.write_bytes(out.getvalue())
    with pytest.raises(trim.MissingModule, match="'hashlib'"):
        trim._exercise(node, pyodide_dir, packages, wheel, segno, tmp_path / "run.json",
                       (lacking, DIST / info["stdlib_qr"]))


def test_the_first_zip_holds_only_what_the_engines_import():
    """What micropip alone needs (email, urllib, tarfile...) waits in the second zip; the test suite's own
    modules and the rest of Pyodide's library are in neither; each zip's packages are whole there."""
    info = json.loads((DIST / "build-info.json").read_text())
    first = set(zipfile.ZipFile(DIST / info["stdlib"]).namelist())
    second = set(zipfile.ZipFile(DIST / info["stdlib_qr"]).namelist())
    assert {"json/__init__.py", "random.py", "hashlib.py", "encodings/utf_8.py"} <= first
    assert {"email/__init__.py", "urllib/parse.py", "tarfile.py"} <= second
    assert not (first & second)
    assert not {n for n in first | second if n.startswith(("unittest/", "tkinter/", "sqlite3/", "pydoc", "doctest"))}
    assert not {n.split("/")[0] for n in second if "/" in n} & {n.split("/")[0] for n in first if "/" in n}
    assert (DIST / info["stdlib"]).stat().st_size < 2_000_000
