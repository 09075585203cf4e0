"""The command line every Chromium of the suite (and the bench) is launched with.

Debian's Chromium 156 builds its omnibox popup as a web page (a WebUI, `chrome://omnibox-popup.top-chrome`)
in a renderer of its own for every new window, and a headless browser context is a new window.  Nothing
the tests drive ever opens that popup, yet making it cost about 1.4 CPU-seconds of the 2 cores at each new
browser context (1.8 s for a context and a blank page, 0.35 s without it), and the suite makes hundreds.
So the two features that make it are switched off; what a page does is unchanged.
"""

#: every Chromium the tests launch
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                 "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"]
#: a device of the network tests: WebRTC between two browsers on one machine, no camera prompt
P2P_ARGS = CHROMIUM_ARGS + ["--allow-loopback-in-peer-connection", "--use-fake-ui-for-media-stream"]
