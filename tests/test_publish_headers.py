"""`build.py publish` (README "Put Parlour on the web"): the host's files it writes beside the site carry exactly
the policy of the built index.html and the headers docs/security.md lists, it never replaces a folder it did not
write, and the GitHub Pages workflow publishes with it.  The published copy in a browser, under a sub-path:
tests/e2e/test_publish_subpath.py and test_publish_invite.py."""
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

#: docs/security.md's list of what a static host should send
HOST_SECTION = re.compile(r"^## What a static host should send\n(.*?)^## ", re.S | re.M)
#: a bullet of that list: "- `Name: value`" or "- `Name`"
HEADER_BULLET = re.compile(r"^- `([A-Za-z-]+)(?::\s*([^`]+))?`", re.M)


def built_site(folder: Path) -> Path:
    """A small built site: index.html as the build writes it (the real page, its module preloads added)."""
    (folder / "js").mkdir(parents=True)
    shutil.copyfile(ROOT / "index.html", folder / "index.html")
    build.add_module_preloads(folder / "index.html", ["js/chunks/chunk-A.js"])
    (folder / "js" / "main.js").write_text("export {};\n")
    return folder


def meta_policy(index: Path) -> str:
    """The policy in index.html's <meta>, read here on its own (not through build.page_policy)."""
    return re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', index.read_text()).group(1)


def headers_of(text: str) -> dict:
    """The headers a `_headers` file gives the path `/*` (Netlify's and Cloudflare Pages' format)."""
    rules, path = {}, None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            path = line.strip()
            rules[path] = {}
            continue
        name, _, value = line.strip().partition(":")
        rules[path][name.strip()] = value.strip()
    assert list(rules) == ["/*"], rules
    return rules["/*"]


def documented_headers() -> dict:
    """docs/security.md's headers for a static host: name -> value (None where the text gives the policy)."""
    section = HOST_SECTION.search((ROOT / "docs" / "security.md").read_text()).group(1)
    return {name: value or None for name, value in HEADER_BULLET.findall(section)}


@pytest.fixture
def published(tmp_path):
    return build.write_published(built_site(tmp_path / "dist"), tmp_path / "out" / "parlour")


def test_headers_file_carries_exactly_the_policy_of_index_html(published):
    headers = headers_of((published / "_headers").read_text())
    page = meta_policy(published / "index.html")
    assert headers["Content-Security-Policy"] == f"{page}; frame-ancestors 'none'"
    assert headers["Content-Security-Policy"] == build.header_policy(build.page_policy(published / "index.html"))


def test_headers_file_carries_the_headers_docs_security_lists(published):
    headers = headers_of((published / "_headers").read_text())
    documented = documented_headers()
    assert set(headers) == set(documented) == {"Content-Security-Policy", "X-Frame-Options",
                                               "X-Content-Type-Options", "Referrer-Policy"}
    for name, value in documented.items():
        if value is not None:
            assert headers[name] == value, name
    assert {n: v for n, v in headers.items() if n != "Content-Security-Policy"} == build.SECURITY_HEADERS


def test_nginx_snippet_sends_the_same_headers_on_every_response(published):
    snippet = (published / build.NGINX_FILE).read_text()
    sent = dict(re.findall(r'^\s*add_header (\S+) "([^"]*)" always;$', snippet, re.M))
    assert sent == headers_of((published / "_headers").read_text())
    assert f"root {published};" in snippet and "gzip_static on;" in snippet and "autoindex off;" in snippet
    code = "".join(line.split("#", 1)[0] for line in snippet.splitlines())
    assert code.count("{") == code.count("}")


def test_the_host_files_are_not_precached_and_the_site_is_copied_whole(tmp_path):
    dist = built_site(tmp_path / "dist")
    build.write_service_worker(dist)
    out = build.write_published(dist, tmp_path / "site")
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == sorted(
        [p.relative_to(dist).as_posix() for p in dist.rglob("*")] + [build.HEADERS_FILE, build.NGINX_FILE])
    worker = (out / "service-worker.js").read_text()
    assert '"index.html"' in worker and build.HEADERS_FILE not in worker and build.NGINX_FILE not in worker


def test_publish_replaces_only_an_earlier_publish(tmp_path, published):
    assert build.publish_refusal(published) == ""  # an earlier publish: replaced
    assert build.publish_refusal(tmp_path / "new") == ""
    (tmp_path / "empty").mkdir()
    assert build.publish_refusal(tmp_path / "empty") == ""
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    assert "not replacing" in build.publish_refusal(tmp_path / "mine")
    for folder in (build.ROOT, build.ROOT.parent, build.DIST):
        assert "publish to a folder of its own" in build.publish_refusal(folder.resolve())
    assert build.main(["publish"]) == 2 and build.main(["publish", str(tmp_path / "mine")]) == 2
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"


def test_github_pages_workflow_publishes_on_every_push_to_main():
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert re.search(r"^  push:\n    branches: \[main\]$", workflow, re.M)
    for step in ("actions/checkout@", "actions/setup-python@", "actions/setup-node@",
                 "actions/upload-pages-artifact@", "actions/deploy-pages@"):
        assert step in workflow, step
    assert "run: python3 build.py publish site" in workflow
    assert re.search(r"^\s+path: site$", workflow, re.M)
    assert "pages: write" in workflow and "id-token: write" in workflow
