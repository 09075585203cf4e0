"""The site as `build.py serve` ships it, for the tests of a real first visit: the suite's build carries
node's snapshot (PARLOUR_SHIP_SNAPSHOT, so that its other browser contexts start fast); this copy drops it,
with its service worker and compressed copies (gzip and brotli) written again, so a visit to it starts Python the slow way
and keeps a snapshot of its own on the device (js/engine/worker.js)."""
import contextlib
import json
import os
import pathlib
import shutil
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
DIST = pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist"))


@contextlib.contextmanager
def served_as_shipped(folder: pathlib.Path):
    """Serves a copy of the suite's build without its shipped snapshot; yields its address."""
    sys.path.insert(0, str(ROOT))
    import build
    site = folder / "site"
    shutil.copytree(DIST, site)
    info = json.loads((site / "build-info.json").read_text())
    shipped = info.pop("snapshot", None)
    if shipped:
        (site / shipped["pages"]).unlink()
    (site / "build-info.json").write_text(json.dumps(info, indent=1, sort_keys=True) + "\n")
    build.write_service_worker(site)
    build.precompress(site)
    build.write_brotli_copies(site, build.CACHE / "brotli", shutil.which("node"))
    os.environ["PARLOUR_QUIET"] = "1"
    server = build.make_server(0, site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
