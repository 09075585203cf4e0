"""QR codes for network invites and answers (with segno, which the worker installs on first use)."""
from __future__ import annotations

from typing import Any

from .errors import BadRequest

#: Bytes of text in one QR code: an invite fits easily; the largest code (version 40,
#: low error correction) holds 2,953, so this also leaves room for segno's encoding.
MAX_QR_BYTES = 1500


def qr_svg(message: dict) -> dict:
    """An SVG QR code for `text` (segno must be installed; the worker does it on first use)."""
    text = _need(message, "text", str)
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate: not text any QR reader could return
        raise BadRequest("That text cannot be put in a QR code.") from None
    if size > MAX_QR_BYTES:
        raise BadRequest("Too much text for a QR code.")
    import segno  # installed by micropip from the wheel vendored in the build; only once the request is good

    qr = segno.make(text, error="l", micro=False)
    style = {"scale": 4, "border": 3, "dark": "#2e2418", "light": "#ffffff"}
    return {"svg": qr.svg_inline(**style), "uri": qr.svg_data_uri(**style), "version": qr.version,
            "modules": qr.symbol_size(scale=1, border=0)[0]}


def _need(message: dict, name: str, kind: type) -> Any:
    value = message.get(name)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise BadRequest(f"Field {name!r} is missing or has the wrong type.")
    return value
