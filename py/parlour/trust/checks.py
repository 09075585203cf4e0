"""The pieces every part of a guest's end check shares: the list of named checks, and the hashes.

A check has a name a person can read ("the seed is SHA-256 of the secret and
the guests' bytes"), passes or fails with a detail, and says whom a failure
points at.  The first failure stops the list.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any, List, Optional

from .canonical import canonical as strict_canonical


class Steps:
    """The checks in order; the first failure stops the list."""

    def __init__(self) -> None:
        self.steps: List[dict] = []

    def check(self, name: str, ok: bool, detail: str = "", blame: str = "host") -> bool:
        self.steps.append({"name": name, "ok": bool(ok), "detail": "" if ok else detail,
                           "blame": None if ok else blame})
        return bool(ok)

    def ok(self) -> bool:
        return all(s["ok"] for s in self.steps)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def sha256_hex(data: Any) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def commitment_for(action: Any, nonce: str) -> str:
    """The hash a seat sends to seal a choice: SHA-256(canonical(action) ":" nonce) (js/net/commit-reveal.js).

    The strict spelling (parlour.trust.canonical): a value JavaScript would spell
    otherwise raises, so the check fails as unreadable instead of hashing other bytes.
    """
    return sha256_hex(f"{strict_canonical(action)}:{nonce}")


def b64url(text: Any) -> bytes:
    """Bytes from unpadded base64url; ValueError when unreadable."""
    if not isinstance(text, str):
        raise ValueError("not text")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("not base64url") from None


def derive_seed(secret: bytes, entropy: List[Optional[bytes]]) -> str:
    """SHA-256(secret ‖ bytes of each contributing seat in seat order), as hex (js/net/deal.js)."""
    return sha256_hex(secret + b"".join(e for e in entropy if e is not None))


def seats_text(keys: Any) -> str:
    return ", ".join(str(int(k) + 1) for k in sorted(keys, key=int)) or "none"
