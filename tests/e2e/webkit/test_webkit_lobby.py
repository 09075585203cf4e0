"""WebKit opens the lobby with Python ready, every game listed, no page error and no CSP violation;
the violation watch is real (a refused inline script is seen, both by the page's listener and in the
report the browser sends the server); and the Mansion card's picture shows its room cards, which
WebKit once drew outside the picture (js/ui/board-picture.js says why)."""
import struct
import time
import zlib

from webkit_checks import assert_clean, wait_ready
from webkit_driver import TWO_FRAMES

GAMES = ["castles", "kings-cottage", "kings-progress", "mansion", "one-six-nine"]
#: every card's picture is drawn (or has failed): the pictures need no Python
PICTURES_DONE = ("document.documentElement.dataset.lobby === 'ready' && [...document.querySelectorAll('.game-picture')]"
                 ".every(p => ['drawn', 'failed'].includes(p.dataset.picture))")
#: the Mansion picture's box in the window, in whole pixels inside it
MANSION_PICTURE_BOX = ("(() => { const r = document.querySelector(\".game-picture[data-for='mansion']\").getBoundingClientRect();"
                       " return [Math.ceil(r.left), Math.ceil(r.top), Math.floor(r.right), Math.floor(r.bottom)]; })()")
#: the share of the Mansion picture in strong colours (the room cards' coloured heads and icons) at the least:
#: about 6 % when its cards show, under 0.1 % when only the floors' outlines and words do
ROOM_CARD_COLOUR_SHARE = 0.02
#: seconds the pictures may take to be painted once drawn
PAINT_S = 10.0
INLINE_SCRIPT = "document.head.append(Object.assign(document.createElement('script'), {textContent: 'window.ran = 1'}))"


def test_webkit_lobby_reaches_ready_with_every_game(wk_page, webkit_site, artifacts):
    t0 = time.monotonic()
    wk_page.goto(f"{webkit_site.url}?botDelay=0")
    wait_ready(wk_page)
    ready_s = time.monotonic() - t0
    cards = wk_page.evaluate("[...document.querySelectorAll('[data-game]')].map(e => e.dataset.game)")
    assert sorted(set(cards)) == GAMES
    assert wk_page.locator("#engine-status").inner_text() == "Ready"
    wk_page.screenshot(str(artifacts / "webkit-lobby-1400.png"))
    assert_clean(wk_page, webkit_site)
    print(f"WebKit {wk_page.session.version}: lobby ready {ready_s:.1f} s after opening the page")


def test_webkit_csp_watch_sees_a_refused_inline_script(wk_page, webkit_site):
    wk_page.goto(f"{webkit_site.url}?botDelay=0")
    wk_page.evaluate(INLINE_SCRIPT)
    deadline = time.monotonic() + 20
    while not webkit_site.reports and time.monotonic() < deadline:
        time.sleep(0.1)
    found = wk_page.problems()
    assert wk_page.evaluate("window.ran") is None, "the inline script must not run"
    assert any("script-src" in v for v in found["violations"]), found
    assert any("script-src" in r for r in webkit_site.reports), webkit_site.reports
    del webkit_site.reports[:]


def test_webkit_mansion_picture_shows_its_room_cards(wk_page, webkit_site, tmp_path):
    wk_page.goto(f"{webkit_site.url}?botDelay=0")
    wk_page.wait_for_function(PICTURES_DONE, timeout=60_000)
    assert wk_page.locator(".game-picture[data-for='mansion']").get_attribute("data-picture") == "drawn"
    left, top, right, bottom = wk_page.evaluate(MANSION_PICTURE_BOX)
    shot = tmp_path / "lobby.png"
    # a loaded WebKit may paint the drawn pictures a few frames later: shots until they show, for a while
    deadline = time.monotonic() + PAINT_S
    while True:
        wk_page.evaluate(TWO_FRAMES)
        wk_page.screenshot(str(shot))
        width, rows = png_rows(shot.read_bytes(), bottom)
        assert right <= width and right - left > 100 and bottom - top > 60, (left, top, right, bottom)
        share = strong_colour_share(rows, left, top, right, bottom)
        if share >= ROOM_CARD_COLOUR_SHARE or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert share >= ROOM_CARD_COLOUR_SHARE, f"the Mansion picture shows no room cards ({share:.2%} in strong colours)"
    assert_clean(wk_page, webkit_site)


def png_rows(data: bytes, height: int):
    """The width of a screenshot (an 8-bit RGB or RGBA PNG, not interlaced) and its first `height`
    rows of pixels, each as [(r, g, b), ...]: enough PNG to read WebDriver's screenshots."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, packed, header = 8, b"", None
    while at < len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + size]
        at += 12 + size
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            packed += body
    width, _, depth, colour, _, _, interlaced = header
    assert depth == 8 and colour in (2, 6) and not interlaced, f"an unexpected PNG: {header}"
    step = 4 if colour == 6 else 3
    stride = width * step
    raw = zlib.decompress(packed)
    rows, above = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride) if kind else ():
            a = line[i - step] if i >= step else 0
            b, c = above[i], (above[i - step] if i >= step else 0)
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            else:  # Paeth
                guess = a + b - c
                near = min((abs(guess - a), 0, a), (abs(guess - b), 1, b), (abs(guess - c), 2, c))[2]
                line[i] = (line[i] + near) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, step)])
        above = line
    return width, rows


def strong_colour_share(rows, left, top, right, bottom) -> float:
    """The share of the box's pixels in a strong, not pale colour: far from grey, and not near white."""
    pixels = [rows[y][x] for y in range(top, bottom) for x in range(left, right)]
    return sum(max(p) - min(p) > 60 and max(p) < 220 for p in pixels) / len(pixels)
