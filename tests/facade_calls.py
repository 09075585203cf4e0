"""Requests to the JSON facade as the worker sends them, for the facade's tests."""
import json

from parlour import api


def call(request: dict) -> dict:
    """One request through the facade (a JSON string in and out), the reply parsed."""
    return json.loads(api.handle(json.dumps(request)))


def ok(request: dict) -> dict:
    """A request that must succeed: its reply."""
    reply = call(request)
    assert reply["ok"], reply
    return reply
