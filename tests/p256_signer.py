"""A TEST-ONLY ECDSA P-256 signer, so CPython simulations of network tables can sign as a guest would.

In the site, keys live in the browser's WebCrypto (js/net/keys.js) and Python only verifies
(`parlour.trust.signatures`).  Here the private key is a plain int and the nonce k is deterministic
(RFC 6979 with HMAC-SHA256), so a seeded simulation signs the same bytes on every run.  Nothing
here is constant time or meant for real keys: it lives in tests/, outside the wheel.

    private, public = new_key("guest-1")
    sig = sign(private, {"what": "act", "table": "ab12", "seat": 1, "version": 7, "action": {...}})
    assert parlour.trust.signatures.verify(public, fields, sig)
"""
from __future__ import annotations

import hashlib
import hmac
from typing import Any, Tuple

from parlour.trust import signatures
from parlour.trust.signatures import n


def new_key(seed: Any) -> Tuple[int, str]:
    """(private int in 1 … n − 1, public key as base64url of 0x04 ‖ x ‖ y), the same for the same seed.

    The seed is read through repr(), so 1 and "1" give different keys.
    """
    digest = hashlib.sha512(b"parlour-test-key\n" + repr(seed).encode("utf-8")).digest()
    private = int.from_bytes(digest, "big") % (n - 1) + 1
    return private, public_key(private)


def public_key(private: int) -> str:
    """The base64url public key of a private int."""
    return signatures.encode_public_key(signatures.base_multiply(private))


def sign(private: int, fields: Any) -> str:
    """base64url of r ‖ s over `parlour.trust.signatures.statement(fields)`, as WebCrypto would sign it."""
    r, s = sign_digest(private, hashlib.sha256(signatures.statement(fields)).digest())
    return signatures.encode_signature(r, s)


def sign_digest(private: int, digest: bytes) -> Tuple[int, int]:
    """(r, s) for a SHA-256 digest, with k from RFC 6979 (section 3.2; P-256, so qlen = hlen = 256).

    s is left as it comes (no low-S normalisation), as WebCrypto leaves it.
    """
    if not 0 < private < n:
        raise ValueError("private key out of range")
    e = int.from_bytes(digest, "big")
    for k in _rfc6979_nonces(private, digest):
        x, _ = signatures.base_multiply(k)
        r = x % n
        if not r:
            continue
        s = pow(k, -1, n) * (e + r * private) % n
        if s:
            return r, s
    raise AssertionError("unreachable: the nonce generator does not end")


def _rfc6979_nonces(private: int, digest: bytes):
    x = private.to_bytes(32, "big")
    h = (int.from_bytes(digest, "big") % n).to_bytes(32, "big")  # bits2octets
    v = b"\x01" * 32
    k = b"\x00" * 32
    k = hmac.new(k, v + b"\x00" + x + h, hashlib.sha256).digest()
    v = hmac.new(k, v, hashlib.sha256).digest()
    k = hmac.new(k, v + b"\x01" + x + h, hashlib.sha256).digest()
    v = hmac.new(k, v, hashlib.sha256).digest()
    while True:
        v = hmac.new(k, v, hashlib.sha256).digest()
        candidate = int.from_bytes(v, "big")
        if 0 < candidate < n:
            yield candidate
        k = hmac.new(k, v + b"\x00", hashlib.sha256).digest()
        v = hmac.new(k, v, hashlib.sha256).digest()
