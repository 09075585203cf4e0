#!/usr/bin/env python3
"""Build, serve and test Parlour.  Standard library only (Markdown, for the rules pages, is run from its pinned wheel).

    python3 build.py serve [--port N]   build dist/ and serve it at http://127.0.0.1:8000
    python3 build.py build              build dist/ only
    python3 build.py publish DIR        build, then write DIR: the site ready for any static host, at a
                                        domain's root or any sub-path, with _headers and an nginx snippet
    python3 build.py test [pytest args] install test dependencies, build, run pytest
    python3 build.py bench [--quick]    measure load, moves and engine speed; write bench/results.json
                                        (refuses at a load average above 1.0 unless --noisy)
    python3 build.py bench --soak       10,000 checked random games per title (bench/soak.py; not in CI)
    python3 build.py bench --bots       only the bot tournaments (counts, 100 games a pairing; bench/tournaments.py)

Downloads (Pyodide from the npm registry; the micropip, packaging, segno and
Markdown wheels from PyPI) are cached in .cache/, so a second build needs no
network.  The same inputs give the same bytes in dist/.
"""
from __future__ import annotations

import functools
import gzip
import hashlib
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

from tools.brotli_copies import write_brotli_copies
from tools.stdlib import trim as stdlib_trim

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DIST = Path(os.environ.get("PARLOUR_DIST") or ROOT / "dist")  # another folder lets parallel builds not collide
VENV = ROOT / ".venv"
PYODIDE_VERSION = "314.0.7"
PYODIDE_TGZ_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]  # the standard library: ship_stdlib
#: V8's explicit compile hint (Chrome 136 and later; other engines read a comment): compile every function of
#: the file as it loads, and keep them all in the code cache.  Put on the scripts Python's start runs nearly
#: whole: Pyodide's loader (its module factory, compiled lazily, took 70-130 ms of each warm start) and our
#: worker's bundle, with Pyodide's loadPyodide inside.
EAGER_COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"
#: the built files that carry it
EAGER_COMPILED = ["pyodide/pyodide.asm.mjs", "js/engine/worker.js"]
PYODIDE_PACKAGES = ["micropip", "packaging"]
SITE_FILES = ["index.html", "service-worker.js", "manifest.webmanifest"]
SITE_DIRS = ["js", "css", "icons"]
#: Built files the service worker does not precache: itself, and the build's notes.
NOT_PRECACHED = {"service-worker.js"}
TEST_REQUIREMENTS = ["pytest==9.0.3", "playwright==1.65.2", "pytest-xdist==3.8.0"]
#: processes the whole suite runs in (pytest-xdist, a file per worker at a time; PARLOUR_TEST_WORKERS=1 for one):
#: two, one a core, now that no test compares wall-clock times (those failed under two workers' load)
TEST_WORKERS = int(os.environ.get("PARLOUR_TEST_WORKERS") or 2)
#: Debian's Firefox ESR, driven in the tests by puppeteer-core from tests/e2e/firefox/ (its package-lock.json pins it)
FIREFOX = "/usr/bin/firefox-esr"
FIREFOX_TESTS = ROOT / "tests" / "e2e" / "firefox"
#: Debian's WebKitGTK: its WebDriver drives its MiniBrowser (under Xvfb) in tests/e2e/webkit, over plain W3C WebDriver
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
#: in libwebkit2gtk-4.1-0, under the architecture's library folder
MINIBROWSER = str(next(iter(sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))),
                        "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"))
XVFB = "/usr/bin/Xvfb"
#: reads Xvfb's root window in a test that the display outlives its clients (tests/e2e/webkit/test_webkit_display.py)
XPROP = "/usr/bin/xprop"
#: the Debian packages that give those four files
WEBKIT_PACKAGES = ["webkit2gtk-driver", "xvfb", "x11-utils"]
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# segno draws QR codes for network invites (js/net); the worker installs it on first use.
SEGNO_WHEEL = "segno-1.6.6-py3-none-any.whl"
SEGNO_SHA256 = "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"
# Markdown (Python-Markdown, pure Python) turns docs/rules/<game-id>.md into dist/rules/<game-id>.html at
# build time only; it is imported from the wheel itself (zipimport) and never shipped.
MARKDOWN_WHEEL = "markdown-3.11.3-py3-none-any.whl"
MARKDOWN_SHA256 = "e1a31a112232504d753e5c01bb8c2de90d3f0ba986b063e10770cf7695b09e73"
RULES_DIR = ROOT / "docs" / "rules"
# esbuild (its WebAssembly build, run by node, so any platform) bundles the page's and the worker's modules
# at build time: the source stays plain ES modules, served as a few files (see bundle_scripts).
ESBUILD_VERSION = "0.28.2"
ESBUILD_TGZ_SHA256 = "61594de12ce998652be2aa0ab72dda54bfa49407fb37ee3464468a2aac306baa"
# fflate: raw deflate with a preset dictionary (which the browsers' CompressionStream lacks), for the links of
# tables played by sending links (js/net/mail-codec.js).  Its ES module goes to dist/js/vendor/ and is bundled
# with the page's code; the suite's node harness reads it from .cache/ (tests/vendor-loader.mjs).
FFLATE_VERSION = "0.8.2"
FFLATE_TGZ_SHA256 = "61fd5061e2fc8e5e3e3129f7f2fec7bd78a313e1bf4becbf1cc1cc9998d141dc"
#: Where the page's code imports a vendored module from (in dist/) -> its file in the unpacked npm package.
VENDORED_MODULES = {"js/vendor/fflate.js": "esm/browser.js"}
#: The page's modules that keep their own address in dist/, each the one copy the page itself runs (esbuild
#: entry points: the rest of their code lives in shared chunks).  main.js is the page's; the others are where
#: the tests reach into a running page (saved games, network records, rules, replay, links, settings, the
#: peer connection and its codes, Castles' map).
PAGE_ENTRIES = ["js/main.js", "js/ui/replay.js", "js/store/games-db.js", "js/store/records.js", "js/net/store.js",
                "js/net/link.js", "js/net/settings.js", "js/net/peer.js", "js/net/signal-codec.js", "js/common/rules.js",
                "js/tables/into-view.js", "js/games/castles/map.js"]
#: The worker's one file (it imports Pyodide's loader and its two helpers; a realm of its own, so no chunks).
WORKER_ENTRY = "js/engine/worker.js"
#: Where the page's shared chunks go, inside dist/js/.
CHUNKS = "chunks"
# The lobby cards' board pictures (dist/samples/<game-id>.json): a seeded random game, stopped part-way.
SAMPLE_SEED = "lobby-sample"
SAMPLE_PLAYERS = 3
SAMPLE_PROGRESS = 0.7
#: Games whose board at SAMPLE_PROGRESS is nearly bare: Castles clears its map every round and shows a scored
#: round only between rounds, so 70% of its three rounds is the third round's first tiles; 93% is its full map.
SAMPLE_PROGRESS_BY_GAME = {"castles": 0.93}


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd, **kwargs) -> None:
    say(" ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ----- fetching ----------------------------------------------------------------

def npm_package(name: str, version: str, sha256: str, what: str) -> Path:
    """The npm registry's tarball of name@version in .cache/ (`npm pack`, once), checked against its pinned SHA-256."""
    CACHE.mkdir(exist_ok=True)
    tgz = CACHE / f"{name}-{version}.tgz"
    if not tgz.exists():
        if not shutil.which("npm"):
            sys.exit(f"npm is needed once to fetch {what} from the npm registry; install Node.js and npm.")
        run(["npm", "pack", "--silent", f"{name}@{version}", "--pack-destination", CACHE], cwd=CACHE,
            stdout=subprocess.DEVNULL)
    if sha256_file(tgz) != sha256:
        tgz.unlink()
        sys.exit(f"The downloaded {name} {version} package does not match its pinned SHA-256; try again.")
    return tgz


def fetch_pyodide() -> Path:
    """Unpack the pinned pyodide npm package into .cache/ (once)."""
    target = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if (target / "pyodide-lock.json").exists():
        return target
    return unpack_npm(npm_package("pyodide", PYODIDE_VERSION, PYODIDE_TGZ_SHA256, "Pyodide"), target)


def fetch_esbuild() -> Path:
    """Unpack the pinned esbuild-wasm npm package into .cache/ (once)."""
    target = CACHE / f"esbuild-wasm-{ESBUILD_VERSION}"
    if (target / "esbuild.wasm").exists():
        return target
    return unpack_npm(npm_package("esbuild-wasm", ESBUILD_VERSION, ESBUILD_TGZ_SHA256, "esbuild"), target)


def fetch_fflate() -> Path:
    """Unpack the pinned fflate npm package into .cache/ (once)."""
    target = CACHE / f"fflate-{FFLATE_VERSION}"
    if (target / "esm" / "index.mjs").exists():
        return target
    return unpack_npm(npm_package("fflate", FFLATE_VERSION, FFLATE_TGZ_SHA256, "fflate"), target)


def unpack_npm(tgz: Path, target: Path) -> Path:
    """An npm tarball's files (under package/) into `target`, which appears whole or not at all."""
    tmp = target.with_name(target.name + "-unpack")
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        members = [m for m in tar.getmembers() if m.isfile() and m.name.startswith("package/")]
        for member in members:
            dest = tmp / member.name[len("package/"):]
            dest.parent.mkdir(parents=True, exist_ok=True)
            with tar.extractfile(member) as src, open(dest, "wb") as out:
                shutil.copyfileobj(src, out)
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    return target


def fetch_wheels(pyodide_dir: Path) -> dict:
    """Download micropip and packaging from PyPI at the versions Pyodide's lock names."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    wheel_dir = CACHE / "wheels"
    wheel_dir.mkdir(parents=True, exist_ok=True)
    entries = {}
    for name in PYODIDE_PACKAGES:
        entry = dict(lock["packages"][name])
        path = wheel_dir / entry["file_name"]
        if not path.exists():
            run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                 "--python-version", "3.14", "-d", wheel_dir, f"{name}=={entry['version']}"],
                stdout=subprocess.DEVNULL)
        entry["sha256"] = sha256_file(path)
        entries[name] = entry
    return {"info": lock["info"], "packages": entries}


def fetch_pinned_wheel(wheel: str, sha256: str) -> Path:
    """A pinned pure-Python wheel from PyPI (named by its file name), cached in .cache/wheels."""
    path = CACHE / "wheels" / wheel
    name, version = wheel.split("-")[:2]
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", path.parent,
             f"{name}=={version}"], stdout=subprocess.DEVNULL)
    if sha256_file(path) != sha256:
        path.unlink()
        sys.exit(f"The downloaded {name} wheel does not match its pinned SHA-256; try again.")
    return path


def fetch_segno() -> Path:
    """The pinned segno wheel (pure Python, QR codes) from PyPI, cached in .cache/wheels."""
    return fetch_pinned_wheel(SEGNO_WHEEL, SEGNO_SHA256)


def fetch_markdown() -> Path:
    """The pinned Markdown wheel (pure Python), for the rules pages; cached in .cache/wheels."""
    return fetch_pinned_wheel(MARKDOWN_WHEEL, MARKDOWN_SHA256)


# ----- our wheel ---------------------------------------------------------------

def build_wheel(out_dir: Path) -> Path:
    """py/parlour as a pure-Python wheel, byte-for-byte reproducible."""
    sys.path.insert(0, str(ROOT / "py"))
    from parlour import __version__ as version
    name = f"parlour-{version}-py3-none-any.whl"
    info = f"parlour-{version}.dist-info"
    files = {}
    for path in sorted((ROOT / "py" / "parlour").rglob("*.py")):
        files[path.relative_to(ROOT / "py").as_posix()] = path.read_bytes()
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: parlour\nVersion: {version}\n"
        "Summary: Rules engines for the Parlour game site\nRequires-Python: >=3.11\n").encode()
    files[f"{info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: parlour-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n").encode()
    record = []
    for fname, data in files.items():
        digest = hashlib.sha256(data).digest()
        import base64
        b64 = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
        record.append(f"{fname},sha256={b64},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / name
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for fname, data in files.items():
            zi = zipfile.ZipInfo(fname, FIXED_ZIP_TIME)
            zi.external_attr = 0o644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    return target


#: node's snapshot: Python set up as the worker sets it up (js/engine/python-setup.js, imported by path), kept
#: as the worker keeps a device's (js/engine/snapshot-pages.js: its non-zero pages, and where each run goes)
SNAPSHOT_SCRIPT = """
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, wheel, out, setup, paging, stdLibURL] = process.argv.slice(2);
const { loadPyodide } = await import(dir + "pyodide.mjs");
const { SNAPSHOT_IMPORTS, putWheelOnPath } = await import(pathToFileURL(setup).href);
const { packPages } = await import(pathToFileURL(paging).href);
const pyodide = await loadPyodide({ indexURL: dir, stdLibURL, _makeSnapshot: true });
putWheelOnPath(pyodide, new Uint8Array(readFileSync(wheel)));
pyodide.runPython(SNAPSHOT_IMPORTS);
const { bytes, runs, pages } = packPages(pyodide.makeMemorySnapshot());
writeFileSync(out + ".pages", Buffer.concat(pages));
writeFileSync(out + ".json", JSON.stringify({ bytes, runs }));
"""
#: what the worker, node's snapshot and the parity runner share about setting Python up
PYTHON_SETUP = ROOT / "js" / "engine" / "python-setup.js"
#: how a snapshot is kept: its non-zero pages (shared by the worker, node's snapshot and the parity runner)
SNAPSHOT_PAGES = ROOT / "js" / "engine" / "snapshot-pages.js"
#: where the suite's build ships node's snapshot, the runs' bytes one after another (NOT_COMPRESSED: no inflating)
SHIPPED_SNAPSHOT = "pyodide/parlour-snapshot.pages"


def make_snapshot(pyodide_dir: Path, wheel: Path, stdlib: Path, dist: Path) -> "dict | None":
    """A memory snapshot of Pyodide with our engines imported, kept as the worker keeps a device's (its
    non-zero pages, `SHIPPED_SNAPSHOT`); returns its record for build-info.json ({pages, bytes, runs}), or None
    without node.  Shipped only in a build made with PARLOUR_SHIP_SNAPSHOT (the test suite's, whose every
    browser context is a first visit); the site as served ships none, each device makes its own
    (js/engine/worker.js).  So the suite's browsers restore it by the same code as a device's snapshot, and
    inflate nothing (a gzipped one took each context start about 600 ms of CPU).  Made with the standard
    library the site ships (`stdlib`): Python's zip import keeps the zip's table of contents in memory.

    Restoring it in the browser skips Python's start-up and our imports (about
    2.5 s of the 3.4 s cold start measured on this machine).  The snapshot is not
    byte-reproducible (Python seeds its string hashes at start-up), so it is
    cached under a key made of its inputs: the same inputs give the same file.
    """
    node = shutil.which("node")
    if not node:
        say("node not found: no Pyodide snapshot (Python starts the slow way)")
        return None
    key = hashlib.sha256((PYODIDE_VERSION + sha256_file(wheel) + sha256_file(stdlib) + SNAPSHOT_SCRIPT + sha256_file(PYTHON_SETUP)
                          + sha256_file(SNAPSHOT_PAGES)).encode()).hexdigest()[:16]
    cached = CACHE / "snapshots" / f"parlour-{key}"
    if not Path(f"{cached}.json").exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        script = CACHE / "snapshots" / "make-snapshot.mjs"
        script.write_text(SNAPSHOT_SCRIPT)
        run([node, script, f"{pyodide_dir}/", wheel, cached, PYTHON_SETUP, SNAPSHOT_PAGES, stdlib])
    copy_file(Path(f"{cached}.pages"), dist / SHIPPED_SNAPSHOT)
    return {"pages": SHIPPED_SNAPSHOT, **json.loads(Path(f"{cached}.json").read_text())}


#: where the worker fetches the standard library from (loadPyodide's stdLibURL), and what only micropip needs
STDLIB_ZIPS = {"stdlib": f"pyodide/{stdlib_trim.STDLIB}", "stdlib_qr": f"pyodide/{stdlib_trim.STDLIB_QR}"}


def ship_stdlib(pyodide_dir: Path, wheel: Path, dist: Path) -> dict:
    """Python's standard library trimmed to what Parlour imports (tools/stdlib/trim.py: traced by playing
    every title in Pyodide under node, then checked by playing them again with only the trimmed zips; a
    module left out stops the build with its name).  Returns build-info.json's record of the zips and the
    bytes the worker's progress line counts (load_bytes).  Without node, Pyodide's whole library is shipped."""
    node = shutil.which("node")
    if node:
        try:
            made = stdlib_trim.trimmed_stdlib(node, pyodide_dir, dist / "pyodide", wheel, fetch_segno(),
                                              CACHE / "stdlib", say=say)
        except stdlib_trim.MissingModule as err:
            sys.exit(f"[build] {err}")
        for key, target in STDLIB_ZIPS.items():
            copy_file(made[Path(target).name], dist / target)
        record = {**STDLIB_ZIPS}
    else:
        say("node not found: Pyodide's whole standard library is shipped (no trace of Parlour's imports)")
        copy_file(pyodide_dir / "python_stdlib.zip", dist / STDLIB_ZIPS["stdlib"])
        record = {"stdlib": STDLIB_ZIPS["stdlib"]}
    record["stdlib_sha256"] = sha256_file(dist / record["stdlib"])
    record["load_bytes"] = {"wasm": (dist / "pyodide" / "pyodide.asm.wasm").stat().st_size,
                            "stdlib": (dist / record["stdlib"]).stat().st_size, "wheel": wheel.stat().st_size}
    return record


def games_catalogue() -> list:
    """The lobby's list of games, read from the engine registry at build time.

    Written to dist/games.json so the lobby works before Python has loaded.
    """
    sys.path.insert(0, str(ROOT / "py"))
    from parlour import api
    return api.op_games({})["games"]


def build_samples(out_dir: Path) -> list:
    """out_dir/<game-id>.json: a game in progress for each lobby card's picture; returns the files written.

    The lobby draws the picture with the game's own board renderer before Python
    has loaded, so the position is made here: the seeded random bot plays a game
    (`parlour.simulate`) and the facade replays its first SAMPLE_PROGRESS of it (SAMPLE_PROGRESS_BY_GAME
    where that board would be bare), with `new` and `actions` as resuming a saved game does; the file holds seat 0's
    `view` with the seat count and the moves played.  Seeded, so every build
    writes the same bytes.
    """
    sys.path.insert(0, str(ROOT / "py"))
    from parlour import api, simulate
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for game in api.op_games({})["games"]:
        players = max(game["min_players"], min(SAMPLE_PLAYERS, game["max_players"]))
        _, actions = simulate.play_random(game["id"], players, SAMPLE_SEED)
        moves = actions[:round(len(actions) * SAMPLE_PROGRESS_BY_GAME.get(game["id"], SAMPLE_PROGRESS))]
        table = api.op_new({"game": game["id"], "players": players, "seed": SAMPLE_SEED, "actions": moves})["table"]
        view = api.op_view({"table": table, "seat": 0, "legal": False})["view"]
        api.op_close({"table": table})
        sample = {"game": game["id"], "players": players, "seed": SAMPLE_SEED, "moves": len(moves), "viewer": 0,
                  "view": view}
        target = out_dir / f"{game['id']}.json"
        target.write_text(json.dumps(sample, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n",
                          encoding="utf-8")
        written.append(target)
    return written


def build_rules(out_dir: Path, rules_dir: Path = RULES_DIR) -> list:
    """docs/rules/<game-id>.md as HTML fragments, out_dir/<game-id>.html; returns the files written.

    Each is one `<article class="rules" data-game="...">`, which js/common/rules.js
    fetches, cleans and shows in the Rules dialog (styled by css/parlour.css).
    Python-Markdown is imported straight from its pinned wheel; extensions are
    named by their full import paths, so no entry-point metadata is needed.
    `tab_length=2`: our docs nest lists by two spaces, as GitHub reads them (the
    docs have no indented code blocks; fenced code would need the fenced_code
    extension).  No `toc`: heading ids could clash with the page's own ids.
    Only docs/rules/*.md become pages (docs/rules/readings/ holds the developers'
    notes); the pictures in docs/rules/pictures/ are copied to out_dir/pictures, and
    an image's `pictures/...` address (right beside the Markdown) is made
    `rules/pictures/...`, as the dialog shows the article inside the site's page.
    """
    wheel = str(fetch_markdown())
    if wheel not in sys.path:
        sys.path.insert(0, wheel)
    import markdown
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sorted(rules_dir.glob("*.md")):
        game_id = source.stem
        body = markdown.markdown(
            source.read_text(encoding="utf-8"), output_format="html", tab_length=2,
            extensions=["markdown.extensions.tables", "markdown.extensions.sane_lists"],
            # a column's alignment as align="…", not style="text-align…", which the site's policy refuses
            extension_configs={"markdown.extensions.tables": {"use_align_attribute": True}})
        body = body.replace(' src="pictures/', ' src="rules/pictures/')
        target = out_dir / f"{game_id}.html"
        target.write_text(
            f"<!-- docs/rules/{source.name}, turned into HTML by build.py with {MARKDOWN_WHEEL} -->\n"
            f'<article class="rules" data-game="{html.escape(game_id)}" lang="en">\n{body}\n</article>\n',
            encoding="utf-8")
        written.append(target)
    for picture in sorted((rules_dir / "pictures").glob("*.svg")):
        (out_dir / "pictures").mkdir(exist_ok=True)
        shutil.copyfile(picture, out_dir / "pictures" / picture.name)
    return written


# ----- the site ----------------------------------------------------------------

def copy_file(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)


def hint_eager_compile(path: Path) -> None:
    """Puts V8's compile hint (EAGER_COMPILE_HINT) on top of a script, which is otherwise left as it is."""
    script = path.read_bytes()
    if not script.startswith(EAGER_COMPILE_HINT):
        path.write_bytes(EAGER_COMPILE_HINT + script)


def build() -> Path:
    pyodide_dir = fetch_pyodide()
    lock = fetch_wheels(pyodide_dir)
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    for name in SITE_FILES:
        copy_file(ROOT / name, DIST / name)
    for folder in SITE_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file():
                copy_file(path, DIST / path.relative_to(ROOT))
    for name in PYODIDE_CORE:
        copy_file(pyodide_dir / name, DIST / "pyodide" / name)
    fflate_dir = fetch_fflate()
    for name, source in VENDORED_MODULES.items():
        copy_file(fflate_dir / source, DIST / name)
    add_module_preloads(DIST / "index.html", bundle_scripts(DIST))
    for name in EAGER_COMPILED:
        hint_eager_compile(DIST / name)
    combine_stylesheets(DIST)
    for folder in sorted((DIST / "js").rglob("*"), key=lambda p: len(p.parts), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):  # all its files went into bundles
            folder.rmdir()
    for entry in lock["packages"].values():
        copy_file(CACHE / "wheels" / entry["file_name"], DIST / "pyodide" / entry["file_name"])
    (DIST / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    wheel = build_wheel(DIST / "wheels")
    copy_file(fetch_segno(), DIST / "wheels" / SEGNO_WHEEL)
    stdlib = ship_stdlib(pyodide_dir, wheel, DIST)
    catalogue = games_catalogue()
    (DIST / "games.json").write_text(json.dumps(catalogue, indent=1) + "\n")
    build_samples(DIST / "samples")
    rules = build_rules(DIST / "rules")
    missing = sorted({g["id"] for g in catalogue} - {p.stem for p in rules})
    if missing:  # tests/test_rules_docs.py fails on this; the build goes on
        say(f"no rules page for {', '.join(missing)}: write docs/rules/<game-id>.md")
    build_info = {
        "pyodide": PYODIDE_VERSION,
        "wheel": f"wheels/{wheel.name}",
        "wheel_sha256": sha256_file(wheel),
        "segno": f"wheels/{SEGNO_WHEEL}",
        "segno_sha256": SEGNO_SHA256,
        **stdlib,
    }
    # No memory snapshot is shipped: each device makes its own on its first visit (js/engine/worker.js),
    # except in the test suite's build, where every browser context is a first visit.
    shipped = make_snapshot(pyodide_dir, wheel, DIST / stdlib["stdlib"], DIST) if os.environ.get("PARLOUR_SHIP_SNAPSHOT") else None
    if shipped:
        build_info["snapshot"] = shipped
    (DIST / "build-info.json").write_text(json.dumps(build_info, indent=1, sort_keys=True) + "\n")
    write_service_worker(DIST)
    size = sum(p.stat().st_size for p in site_files(DIST))
    packed = precompress(DIST)
    write_brotli_copies(DIST, CACHE / "brotli", shutil.which("node"))
    say(f"built {DIST} ({size / 1e6:.1f} MB, {packed / 1e6:.1f} MB as sent gzipped, wheel {wheel.name})")
    return DIST


#: already compressed: gzip would gain nothing (wheels and PNGs are deflated); or never to be inflated (the
#: suite's shipped snapshot, make_snapshot)
NOT_COMPRESSED = {".gz", ".br", ".whl", ".png", ".zip", ".pages"}
#: zips stored uncompressed, so the server's gzip or brotli of the whole is smaller (tools/stdlib/trim.py)
COMPRESSED_ZIPS = {stdlib_trim.STDLIB, stdlib_trim.STDLIB_QR}
#: files this small are sent as they are (a compressed reply would not be shorter)
COMPRESS_FROM_BYTES = 1024


#: the server's precompressed copies, by Content-Encoding, best first (brotli: tools/brotli_copies.py)
PRECOMPRESSED = {".br": "br", ".gz": "gzip"}


def site_files(dist: Path) -> list:
    """The site's own files, without the precompressed copies the server sends in their place."""
    return [p for p in dist.rglob("*") if p.is_file() and not is_precompressed_copy(p)]


def is_precompressed_copy(path: Path) -> bool:
    return path.suffix in PRECOMPRESSED and path.with_suffix("").is_file()


def precompress(dist: Path) -> int:
    """Write `<file>.gz` beside every compressible file, as a static host (nginx gzip_static, a CDN)
    sends it, so `serve` shows what a first visit really costs; returns the bytes a first visit
    transfers (the compressed copy where there is one).  Deterministic: no timestamps inside."""
    sent = 0
    for path in sorted(site_files(dist)):
        if ((path.suffix in NOT_COMPRESSED and path.name not in COMPRESSED_ZIPS)
                or path.stat().st_size < COMPRESS_FROM_BYTES):
            sent += path.stat().st_size
            continue
        packed = gzip.compress(path.read_bytes(), 9, mtime=0)
        if len(packed) >= path.stat().st_size:
            sent += path.stat().st_size
            continue
        Path(f"{path}.gz").write_bytes(packed)
        sent += len(packed)
    return sent


# ----- bundling ----------------------------------------------------------------

def esbuild(args: list, cwd: Path) -> dict:
    """Run the pinned esbuild on `args` in `cwd`; returns its metafile (what it read and wrote)."""
    node = shutil.which("node")
    if not node:
        sys.exit("node is needed to bundle the page's scripts (esbuild's WebAssembly build); install Node.js.")
    meta = cwd / "esbuild-meta.json"
    run([node, fetch_esbuild() / "bin" / "esbuild", *args, f"--metafile={meta.name}", "--log-level=warning"], cwd=cwd)
    try:
        return json.loads(meta.read_text())
    finally:
        meta.unlink()


def bundle_scripts(dist: Path) -> list:
    """Bundle the page's modules and the worker's in dist/, in place of their sources; returns the files the
    page's first script imports statically (its module preloads).

    Why: the page was some 100 modules, the lobby alone 21 with the pictures' 50 behind them, and the worker
    three imports deep.  Against Python's own downloads on the same few connections, each took a request and
    each import level a round trip, holding the lobby and Python's start up.  Bundled, the lobby is about ten
    files fetched at once and the worker one.  Nothing else changes: the page's module graph is the same
    (esbuild's shared chunks hold one copy of each module, dynamic imports stay lazy), and PAGE_ENTRIES keep
    their addresses, so whatever imports one of them gets the page's own copy.  Inputs no output is named
    after leave dist/ (they are in the chunks now)."""
    page = esbuild([*PAGE_ENTRIES, "--bundle", "--splitting", "--format=esm", "--outbase=js", "--outdir=js",
                    f"--chunk-names={CHUNKS}/[name]-[hash]", "--allow-overwrite"], cwd=dist)
    # Pyodide's loader imports node's modules only under node: never in a browser.
    worker = esbuild([WORKER_ENTRY, "--bundle", "--format=esm", f"--outfile={WORKER_ENTRY}", "--allow-overwrite",
                      "--external:node:*", "--external:ws"], cwd=dist)
    outputs = {**page["outputs"], **worker["outputs"]}
    for source in (set(page["inputs"]) | set(worker["inputs"])) - set(outputs):
        (dist / source).unlink()
    found, todo = [], ["js/main.js"]
    while todo:
        for imported in outputs[todo.pop()]["imports"]:
            if imported["kind"] == "import-statement" and imported["path"] not in found:
                found.append(imported["path"])
                todo.append(imported["path"])
    return sorted(found)


def combine_stylesheets(dist: Path) -> None:
    """index.html's stylesheets as one, css/parlour.css: their rules in the same order (so the same cascade),
    one request before the first paint instead of eleven.  The sources name no url(), so nothing moves."""
    index = dist / "index.html"
    text = index.read_text()
    links = re.findall(r'^  <link rel="stylesheet" href="([^"]+)">\n', text, re.M)
    combined = "".join(f"/* {href} */\n{(dist / href).read_text()}\n" for href in links)
    for href in links:
        (dist / href).unlink()
    (dist / "css" / "parlour.css").write_text(combined)
    first = text.index('  <link rel="stylesheet"')
    text = re.sub(r'^  <link rel="stylesheet" href="[^"]+">\n', "", text, flags=re.M)
    index.write_text(text[:first] + '  <link rel="stylesheet" href="css/parlour.css">\n' + text[first:])


def add_module_preloads(index: Path, modules: list) -> None:
    """List the modules the page's first script imports in index.html, so the browser fetches them at once
    instead of finding them import by import.  Only those: the tables', boards' and network's chunks load on
    first use (js/main.js fetches the tables' once Python is ready); preloading every module at page load held
    the lobby up (549 ms against 308 ms to interactive, median of 9 cold loads) by taking connections and CPU
    from it and from Python's start."""
    links = [f'  <link rel="modulepreload" href="{m}">' for m in modules]
    index.write_text(index.read_text().replace("  <!-- build.py: modulepreload -->", "\n".join(links)))


def write_service_worker(dist: Path) -> str:
    """Write the precache list and a content hash of every other built file into the service worker.

    The hash names the cache, so any change to any file makes a new cache and
    the page's "Update ready" notice.  Returns the version.
    """
    files = sorted(p.relative_to(dist).as_posix() for p in site_files(dist)
                   if p.relative_to(dist).as_posix() not in NOT_PRECACHED)
    digest = hashlib.sha256()
    for name in files:
        digest.update(f"{name}\0{sha256_file(dist / name)}\n".encode())
    version = digest.hexdigest()[:16]
    source = (ROOT / "service-worker.js").read_text()
    start, end = source.index("/*BUILD*/"), source.index("/*END*/") + len("/*END*/")
    build = json.dumps({"version": version, "files": ["./"] + files}, separators=(",", ":"))
    (dist / "service-worker.js").write_text(source[:start] + build + source[end:])
    return version


# ----- serving -----------------------------------------------------------------

#: index.html's Content-Security-Policy <meta> (docs/security.md)
POLICY_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def page_policy(index: Path) -> str:
    """The Content-Security-Policy index.html declares in its <meta> ("" if none), which the server
    also sends as a header: a worker (and the service worker) gets its policy from its own response only."""
    match = POLICY_META.search(index.read_text()) if index.is_file() else None
    return html.unescape(match.group(1)) if match else ""


#: what only a header policy can say (a <meta> policy ignores it): no other site may frame Parlour
HEADER_ONLY_POLICY = "frame-ancestors 'none'"


def header_policy(page: str) -> str:
    """The Content-Security-Policy header the server sends: the page's policy plus HEADER_ONLY_POLICY."""
    return f"{page.rstrip().rstrip(';')}; {HEADER_ONLY_POLICY}" if page.strip() else HEADER_ONLY_POLICY


#: sent with every response, as a static host should (docs/security.md, "What a static host should send")
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",  # a script or stylesheet must come with its own type, never a guessed one
    "X-Frame-Options": "DENY",  # frame-ancestors 'none' for browsers that predate it
    # the page's address never leaves it: invite codes sit in the fragment (never sent), but ?ice= may
    # name TURN servers with their credentials, and no request of ours needs a Referer
    "Referrer-Policy": "no-referrer",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".whl": "application/zip", ".json": "application/json", ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }
    #: errors (a 404) as a short plain-text page, not the base class's HTML
    error_content_type = "text/plain; charset=utf-8"
    error_message_format = "%(code)d %(message)s\n"

    def __init__(self, *args, policy: str = "", **kwargs) -> None:
        self.policy = header_policy(policy)  # set first: the base class answers the request inside __init__
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        """Every response (files, redirects, errors) carries these; the policy governs the page, its worker
        and the service worker alike."""
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", self.policy)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def send_head(self):
        """Send `<file>.br` or `<file>.gz` with its Content-Encoding when the browser accepts it and the build
        made one (precompressed_copy).

        A folder is served by its index.html (after the base class's redirect to the address ending in
        "/"); a folder without one is a 404: the server never lists a folder."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not (path / "index.html").is_file():
                self.send_error(404, "Not found")
                return None
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # 301 to the address with "/", so the page's relative links work
            path = path / "index.html"  # the base class too picks index.html before index.htm
        packed, encoding = self.precompressed_copy(path)
        if packed is None:
            return super().send_head()
        body = packed.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(packed.stat().st_size))
        self.end_headers()
        return body

    def precompressed_copy(self, path: Path) -> tuple:
        """(`<file>.br` or `<file>.gz`, its Content-Encoding) that the browser accepts, brotli first, as a
        static host picks; (None, "") when there is none, or the file changed since the build (sent as it is)."""
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        if not path.is_file():
            return None, ""
        for suffix, encoding in PRECOMPRESSED.items():
            packed = Path(f"{path}{suffix}")
            if encoding in accepted and packed.is_file() and packed.stat().st_mtime >= path.stat().st_mtime:
                return packed, encoding
        return None, ""

    def list_directory(self, path):
        """Never list a folder (send_head already answers them; this is the base class's fallback)."""
        self.send_error(404, "Not found")
        return None

    def log_message(self, fmt: str, *args) -> None:
        if os.environ.get("PARLOUR_QUIET") != "1":
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        """A browser that leaves a page mid-download (a reload, a closed tab) is no error of the server's:
        say nothing of it; anything else is printed as before."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(port: int, directory: Path = DIST) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory), policy=page_policy(Path(directory) / "index.html"))
    return Server(("127.0.0.1", port), handler)


def serve(args: list) -> None:
    port = int(args[args.index("--port") + 1]) if "--port" in args else 8000
    build()
    server = make_server(port)
    print(f"Parlour is being served at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


# ----- publishing ----------------------------------------------------------------

#: what `publish` writes beside the built site: the headers for Netlify and Cloudflare Pages, nginx's snippet
HEADERS_FILE = "_headers"
NGINX_FILE = "nginx-parlour.conf"


def publish(args: list) -> int:
    """`publish DIR`: build the site and write it to DIR, ready for any static host, at a domain's root or under
    any sub-path (every address the site uses is relative to its page or its worker: docs/security.md,
    README "Put Parlour on the web").  Never ships the suite's Python snapshot: a device makes its own."""
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python3 build.py publish DIR")
        return 2
    target = Path(args[0]).resolve()
    refusal = publish_refusal(target)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    os.environ.pop("PARLOUR_SHIP_SNAPSHOT", None)
    write_published(build(), target)
    say(f"published {target}: upload it whole (with {HEADERS_FILE} on Netlify or Cloudflare Pages), or include "
        f"{target / NGINX_FILE} in an nginx server block")
    return 0


def publish_refusal(target: Path) -> str:
    """Why `target` must not be replaced by a published site ("" if it may): publish empties the folder first,
    so only an empty folder or an earlier publish, never the sources or the build folder."""
    dist = DIST.resolve()
    if target == ROOT or target in ROOT.parents or target == dist or dist in target.parents or target in dist.parents:
        return f"{target} holds the sources or the build: publish to a folder of its own"
    if target.exists() and (not target.is_dir() or any(target.iterdir())) and not is_published(target):
        return f"{target} is not empty and is no earlier publish (no index.html and {HEADERS_FILE}): not replacing it"
    return ""


def is_published(folder: Path) -> bool:
    return (folder / "index.html").is_file() and (folder / HEADERS_FILE).is_file()


def write_published(dist: Path, target: Path) -> Path:
    """Copy the built site in `dist` to `target` with the host's files beside it: `_headers` and nginx's snippet,
    both carrying the policy of the built index.html (derived, never retyped).  The folder appears whole: it is
    made beside `target` and renamed in place.  Neither file is in the service worker's list (written before)."""
    policy = header_policy(page_policy(dist / "index.html"))
    making = target.with_name(f"{target.name}.publishing")
    shutil.rmtree(making, ignore_errors=True)
    shutil.copytree(dist, making)
    (making / HEADERS_FILE).write_text(headers_file(policy))
    (making / NGINX_FILE).write_text(nginx_snippet(policy, target, brotli=any(making.rglob("*.br"))))
    if target.exists():
        shutil.rmtree(target)
    making.rename(target)
    return target


def published_headers(policy: str) -> dict:
    """The headers every response of a published copy carries: those `serve` sends (docs/security.md, "What a
    static host should send"), the Content-Security-Policy being `policy`."""
    return {"Content-Security-Policy": policy, **SECURITY_HEADERS}


def headers_file(policy: str) -> str:
    """Netlify's and Cloudflare Pages' `_headers`: every path gets the security headers."""
    lines = ["# Parlour: the headers of docs/security.md on every response (Netlify, Cloudflare Pages).",
             "# Written by `python3 build.py publish`; the policy is the one the built index.html carries.", "/*"]
    lines += [f"  {name}: {value}" for name, value in published_headers(policy).items()]
    return "\n".join(lines) + "\n"


def nginx_snippet(policy: str, root: Path, brotli: bool = False) -> str:
    """An nginx `location` for the published folder at `root`, to include in a server block: the headers on
    every response (errors too: `always`), the precompressed copies sent as they are, script and wasm types
    for browsers that sniff nothing, and no folder listings."""
    if '"' in policy:
        raise ValueError("the policy holds a double quote: it cannot go in nginx's quoted header value")
    headers = "\n".join(f'    add_header {name} "{value}" always;' for name, value in published_headers(policy).items())
    brotli_line = ("    # brotli_static on;  # with the ngx_brotli module: uncomment to send the .br copies\n"
                   if brotli else "")
    return f"""# Parlour on nginx: include this file in a server {{ }} block (written by `python3 build.py publish`).
# It serves the site at the domain's root.  Under a sub-path, say /parlour/, change the first lines to
#     location /parlour/ {{
#         alias {root}/;
# The site's own addresses are all relative, so nothing else changes.
location / {{
    root {root};
    index index.html;
    autoindex off;
    gzip_static on;
{brotli_line}    # a types block here replaces the server's map, so nginx's own (mime.types, beside nginx.conf) comes first; it
    # lacks .mjs (Pyodide's loader, a module script: refused under any other type) and .webmanifest before 1.25
    # (a newer one has them: nginx then warns of a duplicate extension, harmlessly)
    include mime.types;
    types {{
        text/javascript mjs;
        application/manifest+json webmanifest;
    }}
{headers}
    # the host's own files are not the site's
    location ~ /({re.escape(HEADERS_FILE)}|{re.escape(NGINX_FILE)})$ {{
        return 404;
    }}
}}
"""


# ----- testing -----------------------------------------------------------------

def ensure_venv() -> Path:
    python = VENV / "bin" / "python"
    stamp = VENV / ".requirements"
    wanted = "\n".join(TEST_REQUIREMENTS)
    if python.exists() and stamp.exists() and stamp.read_text() == wanted:
        return python
    if not python.exists():
        run([sys.executable, "-m", "venv", VENV])
    run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *TEST_REQUIREMENTS])
    stamp.write_text(wanted)
    return python


def ensure_chromium() -> str:
    named = os.environ.get("PARLOUR_CHROMIUM")
    if named:
        if not Path(named).exists():
            sys.exit(f"PARLOUR_CHROMIUM names {named}, which does not exist.")
        return named
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        run(["apt-get", "update", "-q"], stdout=subprocess.DEVNULL)
        run(["apt-get", "install", "-y", "-q", "chromium"], stdout=subprocess.DEVNULL,
            env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        return "/usr/bin/chromium"
    sys.exit("No Chromium: install Debian's package 'chromium' or set PARLOUR_CHROMIUM to a browser.")


def ensure_firefox() -> str:
    """Debian's firefox-esr (PARLOUR_FIREFOX names another); apt-get installs it when missing and we are root.

    Returns the binary, or raises RuntimeError saying why there is none."""
    named = os.environ.get("PARLOUR_FIREFOX")
    if named:
        if not Path(named).exists():
            raise RuntimeError(f"PARLOUR_FIREFOX names {named}, which does not exist.")
        return named
    if Path(FIREFOX).exists():
        return FIREFOX
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        apt_env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        try:
            run(["apt-get", "update", "-q"], stdout=subprocess.DEVNULL)
            run(["apt-get", "install", "-y", "-q", "firefox-esr"], stdout=subprocess.DEVNULL, env=apt_env)
        except subprocess.CalledProcessError as err:
            raise RuntimeError(f"apt-get could not install firefox-esr ({err}).") from err
        return FIREFOX
    raise RuntimeError("No Firefox: install Debian's package 'firefox-esr' or set PARLOUR_FIREFOX to a Firefox binary.")


def ensure_firefox_client() -> None:
    """puppeteer-core, pinned with its dependencies in tests/e2e/firefox/package-lock.json, installed
    there by `npm ci` (no browser download: it drives Debian's Firefox over WebDriver BiDi).
    Raises RuntimeError saying why it could not be installed."""
    lock = FIREFOX_TESTS / "package-lock.json"
    stamp = FIREFOX_TESTS / "node_modules" / ".parlour-lock-sha256"
    if stamp.exists() and stamp.read_text() == sha256_file(lock):
        return
    if not shutil.which("npm"):
        raise RuntimeError("npm is needed to install puppeteer-core, which drives Firefox in the tests.")
    try:
        run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], cwd=FIREFOX_TESTS,
            stdout=subprocess.DEVNULL)
    except subprocess.CalledProcessError as err:
        raise RuntimeError(f"npm ci in {FIREFOX_TESTS} failed ({err}).") from err
    stamp.write_text(sha256_file(lock))


def firefox_env() -> dict:
    """PARLOUR_FIREFOX for the Firefox tests, or PARLOUR_FIREFOX_MISSING with the reason they will fail with."""
    try:
        firefox = ensure_firefox()
        ensure_firefox_client()
    except RuntimeError as err:
        say(f"the Firefox tests will fail: {err}")
        return {"PARLOUR_FIREFOX_MISSING": str(err)}
    return {"PARLOUR_FIREFOX": firefox, "PARLOUR_FIREFOX_MISSING": ""}


def ensure_webkit() -> dict:
    """Debian's WebKitWebDriver, MiniBrowser, Xvfb and xprop (PARLOUR_WEBKIT_DRIVER, PARLOUR_MINIBROWSER,
    PARLOUR_XVFB and PARLOUR_XPROP name others); apt-get installs WEBKIT_PACKAGES when any is missing and
    we are root.

    Returns the four paths, or raises RuntimeError saying why there are none."""
    wanted = {"PARLOUR_WEBKIT_DRIVER": os.environ.get("PARLOUR_WEBKIT_DRIVER") or WEBKIT_DRIVER,
              "PARLOUR_MINIBROWSER": os.environ.get("PARLOUR_MINIBROWSER") or MINIBROWSER,
              "PARLOUR_XVFB": os.environ.get("PARLOUR_XVFB") or XVFB,
              "PARLOUR_XPROP": os.environ.get("PARLOUR_XPROP") or XPROP}
    missing = [f"{name}={path}" for name, path in wanted.items() if not Path(path).exists()]
    if not missing:
        return wanted
    named = [m for m in missing if os.environ.get(m.split("=")[0])]
    if named:
        raise RuntimeError(f"{', '.join(named)}: no such file.")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        apt_env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        try:
            run(["apt-get", "update", "-q"], stdout=subprocess.DEVNULL)
            run(["apt-get", "install", "-y", "-q", *WEBKIT_PACKAGES], stdout=subprocess.DEVNULL, env=apt_env)
        except subprocess.CalledProcessError as err:
            raise RuntimeError(f"apt-get could not install {' '.join(WEBKIT_PACKAGES)} ({err}).") from err
        still = [f"{name}={path}" for name, path in wanted.items() if not Path(path).exists()]
        if still:
            raise RuntimeError(f"apt-get installed {' '.join(WEBKIT_PACKAGES)}, but these are still missing: "
                               f"{', '.join(still)}.")
        return wanted
    raise RuntimeError(f"No WebKit ({', '.join(missing)} missing): install Debian's packages "
                       f"{', '.join(WEBKIT_PACKAGES)}, or set PARLOUR_WEBKIT_DRIVER, PARLOUR_MINIBROWSER, "
                       "PARLOUR_XVFB and PARLOUR_XPROP.")


def webkit_env() -> dict:
    """PARLOUR_WEBKIT_DRIVER, PARLOUR_MINIBROWSER, PARLOUR_XVFB and PARLOUR_XPROP for the WebKit tests, or
    PARLOUR_WEBKIT_MISSING with the reason they will fail with."""
    try:
        found = ensure_webkit()
    except RuntimeError as err:
        say(f"the WebKit tests will fail: {err}")
        return {"PARLOUR_WEBKIT_MISSING": str(err)}
    return {**found, "PARLOUR_WEBKIT_MISSING": ""}


AXE_VERSION = "4.14.1"
AXE_TGZ_SHA256 = "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745"


def ensure_axe() -> Path:
    """axe-core's axe.min.js from the npm registry (`npm pack`, pinned SHA-256), cached in .cache/ once:
    the accessibility audit (tests/e2e/test_accessibility.py) evaluates it in the page."""
    script = CACHE / f"axe-core-{AXE_VERSION}.min.js"
    if script.exists():
        return script
    tgz = npm_package("axe-core", AXE_VERSION, AXE_TGZ_SHA256, "axe-core")
    with tarfile.open(tgz) as tar, tar.extractfile("package/axe.min.js") as src:
        script.write_bytes(src.read())
    return script


def test(args: list) -> int:
    python = ensure_venv()
    chromium = ensure_chromium()
    firefox = firefox_env()
    webkit = webkit_env()
    os.environ["PARLOUR_SHIP_SNAPSHOT"] = "1"  # fresh browser contexts restore node's snapshot (tests/e2e/test_first_visit.py strips it)
    build()
    env = {**os.environ, "PARLOUR_CHROMIUM": chromium, "PARLOUR_DIST": str(DIST),
           "PARLOUR_PYODIDE_DIR": str(CACHE / f"pyodide-{PYODIDE_VERSION}"), **firefox, **webkit,
           "PARLOUR_AXE": str(ensure_axe())}
    whole_suite = not any(Path(a.split("::")[0]).exists() for a in args if not a.startswith("-"))  # CI's run: no test named
    chosen = any(a.startswith(("-n", "--numprocesses", "--dist")) for a in args)
    workers = ["-n", str(TEST_WORKERS), "--dist", "loadfile"] if whole_suite and not chosen and TEST_WORKERS > 1 else []
    started = time.monotonic()
    code = subprocess.call([str(python), "-m", "pytest", *workers, *args], cwd=ROOT, env=env)
    minutes, seconds = divmod(round(time.monotonic() - started), 60)
    say(f"the tests took {minutes}:{seconds:02d} (wall time{', ' + str(TEST_WORKERS) + ' workers' if workers else ''})")
    return code


def bench(args: list) -> int:
    """Measure load, move and engine speed on the built site (bench/bench.py); write bench/results.json."""
    python = ensure_venv()
    if any(a == "--soak" or a.startswith("--soak=") or a in ("--bots", "--links") for a in args):  # no browser, no build
        env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
        return subprocess.call([str(python), str(ROOT / "bench" / "bench.py"), *args], cwd=ROOT, env=env)
    chromium = ensure_chromium()
    build()
    env = {**os.environ, "PARLOUR_CHROMIUM": chromium, "PARLOUR_DIST": str(DIST), "PYTHONPATH": str(ROOT / "py")}
    return subprocess.call([str(python), str(ROOT / "bench" / "bench.py"), *args], cwd=ROOT, env=env)


def main(argv: list) -> int:
    command, args = (argv[0], argv[1:]) if argv else ("help", [])
    if command == "build":
        build()
        return 0
    if command == "serve":
        serve(args)
        return 0
    if command == "test":
        return test(args)
    if command == "bench":
        return bench(args)
    if command == "publish":
        return publish(args)
    print(__doc__)
    return 0 if command in ("help", "-h", "--help") else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
