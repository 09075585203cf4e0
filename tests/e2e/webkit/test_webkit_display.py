"""The WebKit tests' X display outlives its clients.

An X server resets itself when its last client disconnects, unless told not to, and a client that
connects during the reset is refused.  Every WebKit test module quits its MiniBrowser, the display's
only client, and starts the next one at once; under load that next one now and then met the reset,
printed "cannot open display" and exited, and WebKitWebDriver waited for it until the request timed out
(a CI run failed so).  A reset also empties the root window's properties, which makes it visible: a mark
set by one client must still be there for the next."""
import subprocess

from webkit_driver import xprop_path

MARK = "_PARLOUR_DISPLAY_MARK"


def xprop(display: str, *args: str) -> str:
    done = subprocess.run([xprop_path(), "-display", display, "-root", *args], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 0, f"xprop {' '.join(args)} on {display}: {done.stderr.strip()}"
    return done.stdout


def test_the_display_keeps_its_state_after_its_last_client_leaves(webkit):
    xprop(webkit.display, "-f", MARK, "8s", "-set", MARK, "kept")  # a client that sets the mark and leaves
    assert xprop(webkit.display, MARK).strip() == f'{MARK}(STRING) = "kept"', (
        "the display reset when its last client left; a browser started at that moment is refused")
