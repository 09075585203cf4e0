"""The command line every Chromium of the suite (and the bench) is launched with.

Debian's Chromium 156 builds its omnibox popup as a web page (a WebUI, `chrome://omnibox-popup.top-chrome`)
in a renderer of its own for every new window, and a headless browser context is a new window.  Nothing
the tests drive ever opens that popup, yet making it cost about 1.4 CPU-seconds of the 2 cores at each new
browser context (1.8 s for a context and a blank page, 0.35 s without it), and the suite makes hundreds.
So the two features that make it are switched off; what a page does is unchanged.

The tests' browsers (not the bench's, which measures what a player's browser does) also put off V8's
optimising compile of Pyodide's WebAssembly.  Every browser context compiles Python's wasm again, and V8
recompiles a function with its optimising compiler once it has run a while (its "tiering budget").  A few of
Pyodide's functions are huge (CPython's interpreter loop), and recompiling them took about 0.65 CPU-seconds of
background threads in a context's first moves, so a context that plays a few moves paid for code it hardly ran.
`--wasm-tiering-budget` at 15 times V8's default (13,000,000) leaves short tests on the baseline code; a function
that runs 15 times longer is still optimised.  Switching the optimising compile off altogether (a budget of
2,000,000,000) saved as much on short tests but nothing over a set with a whole game against a hard bot, whose
Python then ran on slower code.  Over two sets of test files (a whole 169 game by clicking, the keyboard and bot
tests; the network Castles game and the accessibility audits), the machine used 7.5 % and 11.5 % less CPU with
the budget at 200,000,000 than without it, one run after the other.
"""

#: every Chromium the bench launches: a player's browser, less the omnibox popup nothing opens
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                 "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"]
#: V8's budget before it optimises a wasm function, for the tests' browsers (see above)
WASM_TIERING_BUDGET = 200_000_000
#: every Chromium the tests launch
TEST_ARGS = CHROMIUM_ARGS + [f"--js-flags=--wasm-tiering-budget={WASM_TIERING_BUDGET}"]
#: a device of the network tests: WebRTC between two browsers on one machine, no camera prompt
P2P_ARGS = TEST_ARGS + ["--allow-loopback-in-peer-connection", "--use-fake-ui-for-media-stream"]
