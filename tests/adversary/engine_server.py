"""The rules engine for the headless network harness: CPython speaking JSON lines.

The browser runs `parlour.api.handle` in Pyodide inside a Web Worker
(js/engine/worker.js); the page's bridge (js/engine/bridge.js) posts
`{id, request}` where request is the text JSON.stringify({op, ...fields}), and
gets back `{id, reply}` where reply is handle(request)'s text, or, when the
worker itself fails, `{"ok": false, "kind": "WorkerError", "error": ...}`.
The bridge resolves with the parsed reply when `ok`, else rejects with
EngineError(error, kind).

This process gives the same replies, one line per request, on stdin/stdout:

    in:  {"id": 7, "device": "g1", "op": "view", "msg": {"table": "t1", "seat": 0}}
         or {"id": 7, "device": "g1", "request": "<the exact request text>"}
    out: {"id": 7, "reply": <handle's reply, embedded as JSON>}

`request` is the fast path the harness uses (the exact text the bridge would
post, so size limits and parsing behave as in the browser); `op` + `msg` is the
readable form (request = {"op": op, **msg}).

Devices.  `parlour.api` keeps its tables in module globals (`_tables`,
`_counter`), as one browser worker does.  Every device (the host, each guest)
gets its own copy of the `parlour.api` module, executed from the same file, so
its tables, counter and any other module state are its own, exactly as in a
separate worker; the engines, bots and every other module are shared (they
keep no table state).  `{"id": n, "device": d, "op": "__forget__"}` drops a
device's copy (the harness does it when a run ends).  `{"op": "__stats__"}`
returns request counts and seconds spent per op.

Speed (the fuzzer plays thousands of tables): `parlour.api` is compiled once
and executed per device; a device's `view` replies are kept until its next
request that may change a table (any op but view, games, verify_fair and
replay_check), so the same view asked twice between two moves is answered
from the first reply (the same text: a view is a pure function of the table);
and every request already waiting on stdin is answered before the replies are
written out together.
"""
from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

import parlour.api  # noqa: E402  (imports every shared module once)

API_PATH = pathlib.Path(parlour.api.__file__)
_API_CODE = compile(API_PATH.read_bytes(), str(API_PATH), "exec")
#: ops that change no table: a device's cached views survive them
_READ_ONLY = {"view", "games", "verify_fair", "replay_check", "link_primer"}
_views: dict = {}
_devices: dict = {}
_forgotten: set = set()
_stats: dict = {}


def device_api(name: str):
    """This device's own copy of parlour.api (its own tables)."""
    module = _devices.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location("parlour.api", API_PATH)
        module = importlib.util.module_from_spec(spec)
        module.__package__ = "parlour"
        exec(_API_CODE, module.__dict__)  # what spec.loader.exec_module does, without compiling the file again
        _devices[name] = module
    return module


def answer(line: str) -> str:
    try:
        message = json.loads(line)
    except ValueError as exc:
        return json.dumps({"id": None, "reply": {"ok": False, "kind": "WorkerError", "error": f"bad line: {exc}"}})
    rid = message.get("id")
    device = str(message.get("device", "default"))
    op = message.get("op")
    if op == "__forget__":
        _devices.pop(device, None)
        _views.pop(device, None)
        _forgotten.add(device)
        return json.dumps({"id": rid, "reply": {"ok": True}})
    if op == "__stats__":
        return json.dumps({"id": rid, "reply": {"ok": True, "stats": _stats, "devices": len(_devices),
                                                "cpu": time.process_time()}})
    request = message.get("request")
    if not isinstance(request, str):
        request = json.dumps({"op": op, **(message.get("msg") or {})}, separators=(",", ":"))
        name = op
    else:
        name = request[7:request.find('"', 7)] if request.startswith('{"op":"') else "?"
    if device in _forgotten:  # a late request from a run that is over: no tables are kept for it
        return json.dumps({"id": rid, "reply": {"ok": False, "kind": "WorkerError", "error": "this device is gone"}})
    t0 = time.perf_counter()
    cache = _views.setdefault(device, {})
    reply = cache.get(request) if name == "view" else None
    if reply is None:
        if name not in _READ_ONLY:
            cache.clear()
        try:
            reply = device_api(device).handle(request)
        except BaseException as exc:  # what the worker's catch would report
            reply = json.dumps({"ok": False, "kind": "WorkerError", "error": str(exc)})
        if name == "view":
            cache[request] = reply
    spent = time.perf_counter() - t0
    entry = _stats.setdefault(name, [0, 0.0])
    entry[0] += 1
    entry[1] += spent
    return f'{{"id":{json.dumps(rid)},"reply":{reply}}}'


def main() -> None:
    """Answer every complete line read so far, then write the replies in one go."""
    fd = sys.stdin.fileno()
    out = sys.stdout
    pending = b""
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        pending += chunk
        *lines, pending = pending.split(b"\n")
        replies = [answer(line.decode("utf-8", "surrogatepass")) for line in lines if line.strip()]
        if replies:
            out.write("\n".join(replies) + "\n")
            out.flush()


if __name__ == "__main__":
    if hasattr(os, "sched_setaffinity") and os.environ.get("PARLOUR_ENGINE_CPU"):
        os.sched_setaffinity(0, {int(os.environ["PARLOUR_ENGINE_CPU"])})
    main()
