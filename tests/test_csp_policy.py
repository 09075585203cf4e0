"""The site's Content-Security-Policy (docs/security.md): index.html declares it in a <meta>
before anything it governs, the build keeps it, and the local server sends the same policy as a
header, which is where a worker and the service worker get theirs.  The browser side (every
screen loads with no violation) is tests/e2e/test_csp_screens.py."""
import re
import shutil
import sys
import threading
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

#: every directive the policy must hold, with exactly these sources
REQUIRED = {
    "default-src": {"'none'"},
    "script-src": {"'self'", "'wasm-unsafe-eval'"},
    "worker-src": {"'self'"},
    "connect-src": {"'self'"},
    "img-src": {"'self'", "data:"},
    "style-src": {"'self'"},
    "manifest-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'none'"},
}
#: sources that would let text run as code, or load from anywhere
FORBIDDEN = {"'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "http:", "https:", "blob:"}


def directives(policy: str) -> dict:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0].lower()] = set(words[1:])
    return out


class HeadReader(HTMLParser):
    """The page's tags in order, with their attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list = []
        self.inline_scripts = 0
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline_scripts += 1


def built_index(tmp_path: Path) -> Path:
    """index.html as the build writes it (build.build() copies it, then adds the module preloads)."""
    index = tmp_path / "index.html"
    shutil.copyfile(ROOT / "index.html", index)
    build.add_module_preloads(index, ["js/chunks/chunk-A.js", "js/chunks/chunk-B.js"])
    return index


def test_built_index_declares_the_policy_before_any_script_or_style(tmp_path):
    page = HeadReader()
    page.feed(built_index(tmp_path).read_text())
    metas = [i for i, (tag, a) in enumerate(page.tags)
             if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
    assert len(metas) == 1, "one policy <meta>"
    first_loaded = next(i for i, (tag, a) in enumerate(page.tags) if tag in ("script", "link", "style"))
    assert metas[0] < first_loaded, "a <meta> policy governs only what comes after it"
    policy = directives(page.tags[metas[0]][1]["content"])
    for name, sources in REQUIRED.items():
        assert policy.get(name) == sources, f"{name}: {policy.get(name)} (wanted {sources})"
    for name, sources in policy.items():
        assert not sources & FORBIDDEN, f"{name} allows {sources & FORBIDDEN}"
    assert "frame-ancestors" not in policy and "report-uri" not in policy  # ignored in a <meta>


def test_built_index_has_no_inline_script_or_handler(tmp_path):
    page = HeadReader()
    page.feed(built_index(tmp_path).read_text())
    assert page.inline_scripts == 0
    for tag, attrs in page.tags:
        assert not [a for a in attrs if a.startswith("on")], f"<{tag}> has an inline handler"
        assert "style" not in attrs, f"<{tag}> has a style attribute"
        if tag == "script":
            assert attrs.get("src") and not re.match(r"\s*(data|javascript|blob):", attrs["src"], re.I)


def test_the_site_code_builds_no_code_from_text():
    """No eval, new Function, string timers or HTML parsing of text in the page's own scripts (js/**)."""
    pattern = re.compile(r"\beval\s*\(|new\s+Function\b|set(?:Timeout|Interval)\s*\(\s*[\"'`]"
                         r"|\.(?:inner|outer)HTML\s*=|insertAdjacentHTML|document\.write")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted((ROOT / "js").rglob("*.js"))
             for n, line in enumerate(p.read_text().splitlines(), 1) if pattern.search(line)]
    assert not found, found


def test_the_server_sends_the_page_policy_on_every_response(tmp_path):
    """Workers get their policy from their own response: the worker script and the service worker too."""
    dist = tmp_path / "dist"
    (dist / "js" / "engine").mkdir(parents=True)
    built_index(dist)
    (dist / "js" / "engine" / "worker.js").write_text("postMessage(1);\n")
    (dist / "service-worker.js").write_text("self.addEventListener('fetch', () => {});\n")
    policy = build.page_policy(dist / "index.html")
    assert directives(policy)["script-src"] == REQUIRED["script-src"]
    server = build.make_server(0, dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        for path in ("", "index.html", "js/engine/worker.js", "service-worker.js"):
            with urllib.request.urlopen(url + path) as reply:
                assert reply.headers["Content-Security-Policy"] == build.header_policy(policy), path
    finally:
        server.shutdown()
        server.server_close()


def test_a_page_without_a_policy_gets_no_header(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    assert build.page_policy(tmp_path / "index.html") == ""
    assert build.page_policy(tmp_path / "missing.html") == ""


def test_rules_pages_hold_no_inline_style_or_script(tmp_path):
    """The Rules dialog parses rules/<game-id>.html under the page's policy: an inline style there is a violation."""
    for page in build.build_rules(tmp_path):
        text = page.read_text()
        assert not re.search(r"<(script|style)\b|\sstyle=|\son\w+=", text, re.I), page.name
