"""`python3 build.py serve` sends what a static host would: precompressed gzip copies where they help."""
import gzip
import json
import sys
import threading
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

SCRIPT = ("// a script long enough to be worth compressing\n" + "export const x = 1;\n" * 200).encode()
PAGE = ("<!doctype html><title>Parlour</title>" + "<p>hello</p>" * 200).encode()


def site(tmp_path: Path) -> Path:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "main.js").write_bytes(SCRIPT)
    (tmp_path / "index.html").write_bytes(PAGE)
    (tmp_path / "tiny.json").write_text("{}")
    (tmp_path / "snapshot.bin.gz").write_bytes(gzip.compress(b"x" * 5000))
    return tmp_path


def fetch(url: str, gzip_ok: bool):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request) as reply:
        return reply.headers, reply.read()


def served(dist: Path):
    server = build.make_server(0, dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def test_precompress_writes_gzip_copies_only_where_they_help(tmp_path):
    dist = site(tmp_path)
    sent = build.precompress(dist)
    assert (dist / "js" / "main.js.gz").is_file() and (dist / "index.html.gz").is_file()
    assert not (dist / "tiny.json.gz").exists()  # under COMPRESS_FROM_BYTES
    assert not (dist / "snapshot.bin.gz.gz").exists()  # already gzipped
    assert gzip.decompress((dist / "js" / "main.js.gz").read_bytes()) == SCRIPT
    assert sent < len(SCRIPT) + len(PAGE)
    assert {p.name for p in build.site_files(dist)} == {"main.js", "index.html", "tiny.json", "snapshot.bin.gz"}
    first = (dist / "js" / "main.js.gz").read_bytes()
    build.precompress(dist)
    assert (dist / "js" / "main.js.gz").read_bytes() == first  # no timestamp inside: the same bytes each build


def test_server_sends_the_gzip_copy_to_browsers_that_accept_it(tmp_path):
    dist = site(tmp_path)
    build.precompress(dist)
    server, url = served(dist)
    try:
        headers, body = fetch(url + "js/main.js", gzip_ok=True)
        assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "text/javascript"
        assert headers["Vary"] == "Accept-Encoding" and gzip.decompress(body) == SCRIPT
        headers, body = fetch(url, gzip_ok=True)  # the folder's index.html
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == PAGE
        headers, body = fetch(url + "js/main.js", gzip_ok=False)
        assert headers["Content-Encoding"] is None and body == SCRIPT
        headers, body = fetch(url + "tiny.json", gzip_ok=True)
        assert headers["Content-Encoding"] is None and json.loads(body) == {}
        # a file edited after the build is sent as it is, never its stale compressed copy
        import os
        stamp = (dist / "js" / "main.js.gz").stat().st_mtime
        (dist / "js" / "main.js").write_bytes(SCRIPT + b"// edited\n")
        os.utime(dist / "js" / "main.js", (stamp + 5, stamp + 5))
        headers, body = fetch(url + "js/main.js", gzip_ok=True)
        assert headers["Content-Encoding"] is None and body.endswith(b"// edited\n")
    finally:
        server.shutdown()
