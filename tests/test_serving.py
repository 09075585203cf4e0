"""`python3 build.py serve` sends what a static host would: precompressed gzip copies where they help,
the security headers on every response, and never a folder's listing (docs/security.md)."""
import gzip
import http.client
import json
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

SCRIPT = ("// a script long enough to be worth compressing\n" + "export const x = 1;\n" * 200).encode()
POLICY = "default-src 'none'; script-src 'self'; base-uri 'none'"
PAGE = (f'<!doctype html><meta http-equiv="Content-Security-Policy" content="{POLICY}"><title>Parlour</title>'
        + "<p>hello</p>" * 200).encode()
#: every response's headers besides the policy, with the values a static host should send too
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"}


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


def fetch_any(url: str, gzip_ok: bool = False, method: str = "GET"):
    """(status, headers, body, final address), an error reply included."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {}, method=method)
    try:
        with urllib.request.urlopen(request) as reply:
            return reply.status, reply.headers, reply.read(), reply.url
    except urllib.error.HTTPError as err:
        with err:
            return err.code, err.headers, err.read(), url


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


def directives(policy: str) -> dict:
    return {words[0]: words[1:] for words in (part.split() for part in policy.split(";")) if words}


def assert_security_headers(headers, what: str, policy: str = POLICY) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert headers.get_all(name) == [value], f"{what}: {name} {headers.get_all(name)}"
    [sent] = headers.get_all("Content-Security-Policy")  # one policy: the page's, plus what only a header can say
    assert directives(sent) == {**directives(policy), "frame-ancestors": ["'none'"]}, f"{what}: {sent}"
    assert sent.startswith(policy), f"{what}: the page's policy as it is, then frame-ancestors: {sent}"


def test_every_response_carries_the_security_headers(tmp_path):
    """An HTML page, a JS module as it is and gzipped, a folder's page, a HEAD request and a 404."""
    dist = site(tmp_path)
    build.precompress(dist)
    server, url = served(dist)
    try:
        status, headers, body, _ = fetch_any(url + "index.html", gzip_ok=False)
        assert status == 200 and headers["Content-Type"] == "text/html" and body == PAGE
        assert_security_headers(headers, "HTML page")
        status, headers, body, _ = fetch_any(url, gzip_ok=True)
        assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == PAGE
        assert_security_headers(headers, "the folder's index.html, gzipped")
        status, headers, body, _ = fetch_any(url + "js/main.js", gzip_ok=False)
        assert status == 200 and headers["Content-Encoding"] is None and body == SCRIPT
        assert headers["Content-Type"] == "text/javascript"  # with nosniff, the type must be right
        assert_security_headers(headers, "JS module")
        status, headers, body, _ = fetch_any(url + "js/main.js", gzip_ok=True)
        assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == SCRIPT
        assert headers["Content-Type"] == "text/javascript"
        assert_security_headers(headers, "JS module, gzipped")
        status, headers, body, _ = fetch_any(url + "missing.js", gzip_ok=True)
        assert status == 404
        assert_security_headers(headers, "404")
        status, headers, body, _ = fetch_any(url + "js/main.js", method="HEAD")
        assert status == 200 and body == b""
        assert_security_headers(headers, "HEAD")
    finally:
        server.shutdown()
        server.server_close()


def test_a_page_without_a_policy_still_forbids_framing(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    server, url = served(tmp_path)
    try:
        for path in ("", "missing"):
            _, headers, _, _ = fetch_any(url + path)
            assert headers.get_all("Content-Security-Policy") == ["frame-ancestors 'none'"], path
            assert headers["X-Frame-Options"] == "DENY" and headers["X-Content-Type-Options"] == "nosniff"
    finally:
        server.shutdown()
        server.server_close()


def test_the_header_policy_adds_frame_ancestors_to_the_page_policy():
    assert build.header_policy(POLICY) == POLICY + "; frame-ancestors 'none'"
    assert build.header_policy(POLICY + "; ") == POLICY + "; frame-ancestors 'none'"
    assert build.header_policy("") == "frame-ancestors 'none'"


def test_folders_are_never_listed(tmp_path):
    """/js/ and /py/ (no index.html) are a short plain 404, with or without the "/"; a folder with an
    index.html is served by it, as "/" is."""
    dist = site(tmp_path)
    (dist / "py" / "parlour").mkdir(parents=True)  # like js/, folders with no index.html
    (dist / "py" / "parlour" / "api.py").write_text("VERSION = 1\n")
    (dist / "rules").mkdir()
    (dist / "rules" / "index.html").write_text("<!doctype html><title>rules</title>")
    build.precompress(dist)
    server, url = served(dist)
    try:
        for path in ("js/", "js", "py/", "py", "py/parlour/", "js/?x=1"):
            for gzip_ok in (False, True):
                status, headers, body, _ = fetch_any(url + path, gzip_ok)
                assert status == 404, path
                assert headers["Content-Type"] == "text/plain; charset=utf-8", path
                assert headers["Content-Encoding"] is None, path
                text = body.decode()
                assert len(text) < 100 and "404" in text, (path, text)
                for leak in ("main.js", "parlour", "api.py", "Directory listing", "<a", "<html"):
                    assert leak not in text, (path, leak, text)
                assert_security_headers(headers, path)
        status, _, body, _ = fetch_any(url + "py/parlour/api.py")  # not hiding files: only listings
        assert status == 200
        status, headers, body, final = fetch_any(url + "rules/")
        assert status == 200 and body == b"<!doctype html><title>rules</title>"
        assert_security_headers(headers, "rules/")
        status, headers, body, final = fetch_any(url + "rules")  # redirected to rules/, as a static host does
        assert status == 200 and final == url + "rules/" and body.startswith(b"<!doctype html>")
        connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1])
        connection.request("GET", "/rules")
        reply = connection.getresponse()
        assert reply.status == 301 and reply.headers["Location"] == "/rules/"
        assert_security_headers(reply.headers, "the redirect")
        connection.close()
    finally:
        server.shutdown()
        server.server_close()


def test_a_head_request_for_a_folder_is_a_404_too(tmp_path):
    server, url = served(site(tmp_path))
    try:
        status, headers, body, _ = fetch_any(url + "js/", method="HEAD")
        assert status == 404 and body == b""
        assert_security_headers(headers, "HEAD js/")
    finally:
        server.shutdown()
        server.server_close()


def brotli_site(tmp_path: Path) -> Path:
    """The test site with its gzip copies and, where node is (the build's brotli is node's), brotli ones."""
    import shutil
    import pytest
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed: the build writes its brotli copies with node's zlib")
    dist = site(tmp_path)
    build.precompress(dist)
    assert build.write_brotli_copies(dist, tmp_path.parent / f"{tmp_path.name}-brotli", node) == 2
    return dist


def test_brotli_copies_sit_beside_the_gzip_ones_and_are_not_site_files(tmp_path):
    dist = brotli_site(tmp_path)
    assert (dist / "js" / "main.js.br").is_file() and (dist / "index.html.br").is_file()
    assert not (dist / "tiny.json.br").exists() and not (dist / "snapshot.bin.gz.br").exists()
    assert (dist / "js" / "main.js.br").stat().st_size < (dist / "js" / "main.js.gz").stat().st_size
    assert {p.name for p in build.site_files(dist)} == {"main.js", "index.html", "tiny.json", "snapshot.bin.gz"}


def test_server_sends_brotli_to_browsers_that_accept_it_and_gzip_to_the_others(tmp_path):
    """As a static host: brotli first where Accept-Encoding names br (its q-values aside), else gzip."""
    dist = brotli_site(tmp_path)
    server, url = served(dist)
    try:
        for accepted, sent in (("gzip, deflate, br, zstd", "br"), ("br;q=1.0, gzip;q=0.8", "br"),
                               ("gzip, deflate", "gzip"), ("", None)):
            request = urllib.request.Request(url + "js/main.js", headers={"Accept-Encoding": accepted} if accepted else {})
            with urllib.request.urlopen(request) as reply:
                headers, body = reply.headers, reply.read()
            assert headers["Content-Encoding"] == sent, (accepted, headers["Content-Encoding"])
            assert headers["Vary"] == ("Accept-Encoding" if sent else None)
            if sent == "br":
                assert body == (dist / "js" / "main.js.br").read_bytes()
                assert_security_headers(headers, "JS module, brotli")
            elif sent == "gzip":
                assert gzip.decompress(body) == SCRIPT
            else:
                assert body == SCRIPT
    finally:
        server.shutdown()
