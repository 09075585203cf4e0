"""A published copy of the site (`build.py publish`, README "Put Parlour on the web") as someone would first try it:
under a sub-path of Python's own static server, with no policy header, no security header and no gzip.

The copy is written from the suite's built dist/ by the same function `publish` uses (`build.write_published`),
so no second build: only the host's files (`_headers`, nginx's snippet) are added beside the site."""
from __future__ import annotations

import functools
import http.server
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, List

#: where the copy sits on the server: a sub-path two folders deep, so no address of the site may assume the root
SUB_PATH = "/some/path/"


class PlainHandler(http.server.SimpleHTTPRequestHandler):
    """Python's static server as it ships (no headers of ours, never a gzip copy); only its log is quiet."""

    def log_message(self, fmt: str, *args) -> None:
        pass


@contextmanager
def published_site(root: Path) -> Iterator[str]:
    """Publish the built site to `root`/some/path/ and serve `root` plainly; yields the copy's address."""
    import build
    build.write_published(build.DIST, root / SUB_PATH.strip("/"))
    server = build.Server(("127.0.0.1", 0), functools.partial(PlainHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    finally:
        server.shutdown()
        server.server_close()


def stray_requests(page, url: str) -> List[str]:
    """A list, filled as `page`'s browser context runs (its pages and workers), of its requests to the server that leave the copy's sub-path (an address
    written from the domain's root): on a published copy each would be a 404 or another site's file."""
    origin = url[: url.index(SUB_PATH)]
    strays: List[str] = []
    page.context.on("request", lambda r: strays.append(r.url) if r.url.startswith(origin) and not r.url.startswith(url) else None)
    return strays
