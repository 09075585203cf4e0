"""The built site's scripts and styles (build.py bundle_scripts, combine_stylesheets): what the browser is
served is the source's modules and stylesheets, bundled, with nothing lost, duplicated or left behind.

Run on the suite's own build (`python3 build.py test` builds dist/ first)."""
import json
import os
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

DIST = pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))
IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|^\s*import\s*"([^"]+)"', re.M)


@pytest.fixture(scope="module")
def index() -> str:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test`.")
    return (DIST / "index.html").read_text()


def static_imports(path: pathlib.Path) -> list:
    return [(path.parent / (a or b)).resolve() for a, b in IMPORT.findall(path.read_text())]


def test_one_stylesheet_holds_every_source_stylesheet_in_order(index):
    sources = re.findall(r'<link rel="stylesheet" href="([^"]+)">', (ROOT / "index.html").read_text())
    assert len(sources) > 1
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)">', index) == ["css/parlour.css"]
    combined = (DIST / "css" / "parlour.css").read_text()
    places = [combined.index(f"/* {href} */\n{(ROOT / href).read_text()}") for href in sources]
    assert places == sorted(places), "the cascade depends on the order"
    assert not [href for href in sources if href != "css/parlour.css" and (DIST / href).exists()]


def test_the_page_entries_keep_their_addresses_and_no_other_source_module_is_served(index):
    served = {p.relative_to(DIST).as_posix() for p in (DIST / "js").rglob("*.js")}
    assert set(build.PAGE_ENTRIES) <= served
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "js").rglob("*.js")}
    kept = sources & served
    assert kept == set(build.PAGE_ENTRIES) | {build.WORKER_ENTRY, "js/engine/start.js"}, \
        "a source module served beside its bundle would be a second copy of it"


def test_every_module_the_lobby_imports_is_preloaded_and_exists(index):
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', index)
    assert preloaded[0] == "js/main.js" and len(preloaded) == len(set(preloaded))
    found, todo = set(), [DIST / "js" / "main.js"]
    while todo:
        for module in static_imports(todo.pop()):
            assert module.exists(), module
            if module not in found:
                found.add(module)
                todo.append(module)
    assert {m.relative_to(DIST).as_posix() for m in found} == set(preloaded[1:])
    assert len(found) <= 12, "the lobby should be a few files, not the source's twenty-odd modules"


def test_the_worker_is_one_file_with_pyodide_loader_inside(index):
    worker = (DIST / build.WORKER_ENTRY).read_text()
    assert not static_imports(DIST / build.WORKER_ENTRY)
    assert "loadPyodide" in worker and "unpackPages" in worker and "putWheelOnPath" in worker
    assert not (DIST / "pyodide" / "pyodide.mjs").exists(), "only the worker used it, and it is inside"


def test_every_source_module_the_page_reaches_is_in_exactly_one_served_file(index):
    """Bundles name each module they hold (esbuild's `// js/…` lines); one module in two files would run twice,
    with two copies of its state (two saved-games connections, two toasts)."""
    places = {}
    for path in sorted((DIST / "js").rglob("*.js")):
        if path.name == "start.js" or path.as_posix().endswith(build.WORKER_ENTRY):
            continue
        for name in re.findall(r"^// (js/\S+\.js)$", path.read_text(), re.M):
            places.setdefault(name, []).append(path.relative_to(DIST).as_posix())
    assert len(places) > 60
    assert {name: files for name, files in places.items() if len(files) > 1} == {}
    precached = json.loads(re.search(r"const BUILD = (\{.*?\});", (DIST / "service-worker.js").read_text()).group(1))
    for files in places.values():
        assert files[0] in precached["files"], "offline needs every bundle"


def test_pyodide_loader_is_served_as_vendored_under_the_compile_hint():
    """build.py EAGER_COMPILE_HINT: one comment line on top, not a byte of Pyodide's own changed."""
    served = (DIST / "pyodide" / "pyodide.asm.mjs").read_bytes()
    vendored = (build.CACHE / f"pyodide-{build.PYODIDE_VERSION}" / "pyodide.asm.mjs").read_bytes()
    assert served == build.EAGER_COMPILE_HINT + vendored


def test_the_scripts_python_starts_with_carry_the_compile_hint_once():
    assert "pyodide/pyodide.asm.mjs" in build.EAGER_COMPILED and "js/engine/worker.js" in build.EAGER_COMPILED
    for name in build.EAGER_COMPILED:
        script = (DIST / name).read_bytes()
        assert script.startswith(build.EAGER_COMPILE_HINT) and script.count(build.EAGER_COMPILE_HINT) == 1, name
