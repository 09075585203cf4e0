"""Tabs for the end-to-end tests: a new tab that keeps its page errors, the two window sizes the
layout tests use (a desktop's and a phone's), and the lobby's ready mark."""
from __future__ import annotations

#: the lobby is drawn and its saved games listed
LOBBY = "document.documentElement.dataset.lobby === 'ready'"
#: browser context options: a desktop window, and a phone held upright (touch, reduced motion)
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2,
         "reduced_motion": "reduce"}


def new_tab(context):
    """A new tab in `context` (tabs of one context share storage, as tabs of one browser do);
    `tab.errors` lists its uncaught errors, so a test can say there were none."""
    tab = context.new_page()
    tab.errors = []
    tab.on("pageerror", lambda exc: tab.errors.append(str(exc)))
    return tab
