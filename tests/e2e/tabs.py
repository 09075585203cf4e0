"""Tabs for the end-to-end tests: a new tab that keeps its page errors, the two window sizes the
layout tests use (a desktop's and a phone's), and the lobby's ready mark.

Browser contexts go without the service worker unless a test is about it (`@pytest.mark.service_worker`:
offline, updates, the storage it keeps): its install copies the whole built site, some 30 MB with the
suite's Python snapshot, into the context's Cache Storage, which cost about 1.7 CPU-seconds of the 2 cores
at every fresh context (5.5 against 3.8 s to Python ready and settled) and 0.7 s before Python was ready.

The fixtures' contexts and the network tests' devices also prefer reduced motion (moves land at once; the
last-move marks stay), unless a test is about what moves look like (`@pytest.mark.motion`): each title's
whole game by clicking, the motion and click-feedback tests.  A slide animates an SVG piece, which Chromium
paints and rasterises again on the main thread at every frame: over 8 files of network, layout and keyboard tests,
Chromium's GPU process used 40 CPU-seconds with reduced motion against 116 with motion."""
from __future__ import annotations

#: the lobby is drawn and its saved games listed
LOBBY = "document.documentElement.dataset.lobby === 'ready'"
#: browser context option: no service worker registers (see above)
WITHOUT_SERVICE_WORKER = {"service_workers": "block"}
#: browser context options: the `page` fixture's roomy window
WIDE = {"viewport": {"width": 1400, "height": 1000}}
#: browser context options: a desktop window, and a phone held upright (touch, reduced motion)
DESKTOP = {"viewport": {"width": 1280, "height": 800}, **WITHOUT_SERVICE_WORKER}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2,
         "reduced_motion": "reduce", **WITHOUT_SERVICE_WORKER}


#: browser context option: the person prefers reduced motion (see above)
STILL = {"reduced_motion": "reduce"}
#: browser context options for a test about neither the service worker nor motion
PLAIN = {**WITHOUT_SERVICE_WORKER, **STILL}


def context_options(request) -> dict:
    """A test's context options: the service worker only for a test marked `service_worker`, motion only for one
    marked `motion`."""
    return {**({} if request.node.get_closest_marker("service_worker") else WITHOUT_SERVICE_WORKER),
            **({} if request.node.get_closest_marker("motion") else STILL)}


def new_tab(context):
    """A new tab in `context` (tabs of one context share storage, as tabs of one browser do);
    `tab.errors` lists its uncaught errors, so a test can say there were none."""
    tab = context.new_page()
    tab.errors = []
    tab.on("pageerror", lambda exc: tab.errors.append(str(exc)))
    return tab
