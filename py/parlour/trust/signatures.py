"""Checking the signatures of network play: ECDSA on P-256 with SHA-256, verification only.

At a network table every device makes one key pair per table in the browser's
WebCrypto (js/net/keys.js) and signs each human move, commitment, reveal and
seal of its seat; the host's ledger carries the signatures, and each guest's
end-of-game check (`parlour.trust.fairness.verify_fair`, run by Pyodide in the
guest's own browser) verifies them here.  So a host cannot put words in a
guest's mouth: a move listed for a guest's seat must carry that seat's
signature.

Why pure Python: this runs in the browser from our own wheel, where no
third-party package (`cryptography`, `ecdsa`) is installed, and WebCrypto is
asynchronous JavaScript out of the engine's reach.  Why no care for constant
time: this module only *verifies*.  Private keys never leave the browser's
WebCrypto, and everything that passes through here (public keys, statements,
signatures) is public, so timing tells nobody anything.  Signing in Python
exists only for tests (tests/p256_signer.py).

What is signed: `statement(fields)`, the UTF-8 bytes of
``"parlour-signed/1\\n" + canonical(fields)``, the same bytes as
`statementBytes` in js/net/keys.js.  Keys and signatures travel as base64url
without padding: the 65-byte uncompressed point 0x04 ‖ x ‖ y, and the 64-byte
r ‖ s (IEEE P1363, WebCrypto's own form).  `verify` is strict and never
raises: anything malformed is simply not a valid signature.

Both s and n − s verify: ECDSA does not pin the sign of s (WebCrypto neither
makes low-S signatures nor refuses high-S ones), so a signature's bytes are not
unique and must never serve as an identifier; the statement is what counts.

Speed (every signed move of a game is verified, in Pyodide, about 3× slower
than native; a game has 40 to 500 moves): points in Jacobian coordinates, so no
inversion until the end (and none then: the x-coordinate is compared
projectively); u1·G from a table of signed 7-bit windows of G made once on
first use (37 additions, no doublings); u2·Q by width-5 wNAF the first time a
key is seen, and from that key's own table of signed 5-bit windows from its
second verification on (a seat signs many moves; at most `_KEY_CACHE_SIZE` keys
are kept).  Every addition is "mixed" (the added point has z = 1), which is
why the tables are normalised to affine with one shared inversion.  The window
widths balance the tables' cost against a game's length: an 8-bit table of G
saves 4 additions a verification but takes twice as long to make.
"""
from __future__ import annotations

import base64
import hashlib
from typing import Any, Dict, List, Optional, Tuple

from .canonical import canonical

# The curve NIST P-256 (secp256r1): y² = x³ + a·x + b over the field of p, G of prime order n, cofactor 1.
p = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
a = p - 3
b = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
Gx = 0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296
Gy = 0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5
n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551

PREFIX = b"parlour-signed/1\n"
PUBLIC_KEY_BYTES = 65
SIGNATURE_BYTES = 64

Affine = Tuple[int, int]
Jacobian = Tuple[int, int, int]  # (X, Y, Z) is the point (X/Z², Y/Z³); Z == 0 is the point at infinity

_G_WINDOW = 7  # signed 7-bit windows of G: 37 rows of 64 points, made once (about 35 ms natively)
_KEY_WINDOW = 5  # signed 5-bit windows of a public key: 52 rows of 16 points (about 12 ms natively)
_WNAF_WIDTH = 5  # a key's first verification: odd multiples 1·Q … 15·Q
_KEY_CACHE_SIZE = 16  # a table has at most 8 seats; a few more for spectators and rejoins

_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def statement(fields: Any) -> bytes:
    """The bytes a seat signs for `fields` (a JSON object): identical to statementBytes in js/net/keys.js.

    `canonical` is the strict one (parlour.trust.canonical, the same rules as js/net/canonical.js): it
    raises CanonicalError for a value the two languages would spell differently (a float other
    than a half, an integer past 2^53, a lone surrogate...), which nobody can have signed.
    Raises TypeError when `fields` is not a dict.
    """
    if not isinstance(fields, dict):
        raise TypeError("signed fields must be a JSON object")
    return PREFIX + canonical(fields).encode("utf-8")


def verify(public_key_b64: Any, fields: Any, sig_b64: Any) -> bool:
    """Whether `sig_b64` is a valid ECDSA P-256/SHA-256 signature of `statement(fields)` by `public_key_b64`.

    Strict, and never raises: the key must be exactly 65 bytes 0x04 ‖ x ‖ y naming a point on the
    curve (the uncompressed form cannot name infinity); the signature exactly 64 bytes r ‖ s with
    1 ≤ r, s ≤ n − 1; both canonical unpadded base64url (no other spelling of the same bytes).
    Anything else is False: arguments that are not exactly `str` (subclasses neither, as in
    parlour.trust.canonical), fields that are not a JSON object or have no canonical spelling.
    """
    try:
        key = _public_key(public_key_b64)
        if key is None:
            return False
        rs = _signature(sig_b64)
        if rs is None:
            return False
        digest = hashlib.sha256(statement(fields)).digest()
        return _verify_digest(key, digest, rs[0], rs[1])
    except Exception:  # noqa: BLE001 - a statement that cannot be made was not signed
        return False


def is_public_key(text: Any) -> bool:
    """Whether `text` names a public key `verify` accepts (canonical base64url of 0x04 ‖ x ‖ y on the curve)."""
    try:
        return _public_key(text) is not None
    except Exception:  # noqa: BLE001 - never raises, as verify
        return False


def verify_digest(public_key_b64: Any, digest: bytes, sig_b64: Any) -> bool:
    """`verify` for a SHA-256 digest already made (the RFC 6979 test vectors sign "sample")."""
    if type(digest) is not bytes or len(digest) != 32:
        return False
    key = _public_key(public_key_b64)
    rs = _signature(sig_b64)
    if key is None or rs is None:
        return False
    return _verify_digest(key, digest, rs[0], rs[1])


def encode_public_key(point: Affine) -> str:
    """The base64url form of an affine point (0x04 ‖ x ‖ y), as js/net/keys.js exports it."""
    x, y = point
    return _b64(b"\x04" + x.to_bytes(32, "big") + y.to_bytes(32, "big"))


def encode_signature(r: int, s: int) -> str:
    """The base64url form of r ‖ s (IEEE P1363), as WebCrypto signs."""
    return _b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def on_curve(x: int, y: int) -> bool:
    """Whether (x, y) is an affine point of P-256 (coordinates reduced; cofactor 1, so of order n)."""
    return 0 <= x < p and 0 <= y < p and (y * y - (x * x * x - 3 * x + b)) % p == 0


def base_multiply(k: int) -> Affine:
    """k·G in affine coordinates, for 1 ≤ k ≤ n − 1 (used by the test-only signer)."""
    if not 0 < k < n:
        raise ValueError("scalar out of range")
    point = _to_affine(_add_rows(None, _g_rows(), _recode(k, _G_WINDOW)))
    assert point is not None
    return point


# -- decoding --------------------------------------------------------------------------------------


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: Any, size: int) -> Optional[bytes]:
    """Exactly `size` bytes from canonical unpadded base64url, or None."""
    if type(text) is not str or len(text) != (size * 4 + 2) // 3 or not _B64URL.issuperset(text):
        return None
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    # The last character's unused low bits must be zero: one spelling per byte string.
    return raw if len(raw) == size and _b64(raw) == text else None


def _public_key(text: Any) -> Optional["_Key"]:
    """The key named by `text` (from the cache when seen lately), or None when it is not one."""
    entry = _key_cache.pop(text, None) if type(text) is str else None
    if entry is not None:
        _key_cache[text] = entry  # the most recently used key goes last, the least first
        return entry
    raw = _unb64(text, PUBLIC_KEY_BYTES)
    if raw is None or raw[0] != 4:
        return None
    x = int.from_bytes(raw[1:33], "big")
    y = int.from_bytes(raw[33:], "big")
    if not on_curve(x, y):
        return None
    while len(_key_cache) >= _KEY_CACHE_SIZE:  # the least recently used key goes
        del _key_cache[next(iter(_key_cache))]
    entry = _key_cache[text] = _Key((x, y))
    return entry


def _signature(text: Any) -> Optional[Tuple[int, int]]:
    raw = _unb64(text, SIGNATURE_BYTES)
    if raw is None:
        return None
    r = int.from_bytes(raw[:32], "big")
    s = int.from_bytes(raw[32:], "big")
    return (r, s) if 0 < r < n and 0 < s < n else None


# -- per-key cache ---------------------------------------------------------------------------------


class _Key:
    __slots__ = ("point", "uses", "odd", "rows")

    def __init__(self, point: Affine) -> None:
        self.point = point
        self.uses = 0
        self.odd: Optional[List[Affine]] = None  # wNAF odd multiples, first verification
        self.rows: Optional[List[List[Affine]]] = None  # window table, from the second on


_key_cache: Dict[str, _Key] = {}  # by base64url text, which names one point only


# -- verification ----------------------------------------------------------------------------------


def _verify_digest(entry: _Key, digest: bytes, r: int, s: int) -> bool:
    """The ECDSA check: with w = s⁻¹, R = (e·w)·G + (r·w)·Q must not be infinity and x(R) ≡ r (mod n)."""
    e = int.from_bytes(digest, "big")  # n has 256 bits: the whole digest is used
    w = pow(s, -1, n)
    u1 = e * w % n
    u2 = r * w % n  # never 0: r and w are in 1 … n − 1 and n is prime
    key = entry.point
    entry.uses += 1
    if entry.rows is None and entry.uses >= 2:
        entry.rows = _window_rows(key, _KEY_WINDOW)
        entry.odd = None
    if entry.rows is not None:
        acc = _add_rows(None, entry.rows, _recode(u2, _KEY_WINDOW))
    else:
        if entry.odd is None:
            entry.odd = _odd_multiples(key, _WNAF_WIDTH)
        acc = _wnaf_multiply(entry.odd, _wnaf(u2, _WNAF_WIDTH))
    acc = _add_rows(acc, _g_rows(), _recode(u1, _G_WINDOW))
    if acc is None:
        return False
    X, _, Z = acc
    zz = Z * Z % p
    # x(R) = X / Z² lies in [0, p); x(R) mod n == r means x(R) is r or, when r + n < p, r + n.
    return (X - r * zz) % p == 0 or (r + n < p and (X - (r + n) * zz) % p == 0)


def _recode(k: int, width: int) -> List[int]:
    """k as signed base-2^width digits in [−2^(width−1), 2^(width−1)], least significant first."""
    full = 1 << width
    half = full >> 1
    mask = full - 1
    out = []
    while k:
        d = k & mask
        k >>= width
        if d > half:
            d -= full
            k += 1
        out.append(d)
    return out


def _wnaf(k: int, width: int) -> List[int]:
    """The width-`width` non-adjacent form of k, least significant first (odd digits, |d| < 2^(width−1))."""
    full = 1 << width
    half = full >> 1
    out = []
    while k:
        if k & 1:
            d = k & (full - 1)
            if d >= half:
                d -= full
            k -= d
        else:
            d = 0
        out.append(d)
        k >>= 1
    return out


def _add_rows(acc: Optional[Jacobian], rows: List[List[Affine]], digits: List[int]) -> Optional[Jacobian]:
    """acc + Σ digit_i · 2^(width·i) · P, where rows[i][j] is j · 2^(width·i) · P in affine form (j ≠ 0).

    The mixed addition (Jacobian + affine, "madd-2004-hmv") is written out in the loop: in CPython
    and Pyodide a function call costs as much as several field multiplications.
    """
    if len(digits) > len(rows):  # never for scalars below n; zip would silently drop digits
        raise ValueError("scalar too large for the table")
    P = p
    if acc is None:
        X1 = Y1 = Z1 = 0
        empty = True
    else:
        X1, Y1, Z1 = acc
        empty = Z1 == 0
    for row, d in zip(rows, digits):
        if not d:
            continue
        x2, y2 = row[d]  # a negative digit reads the negated points at the row's end
        if empty:
            X1, Y1, Z1 = x2, y2, 1
            empty = False
            continue
        total = _mixed_add(X1, Y1, Z1, x2, y2)
        if total is None:
            empty = True
            continue
        X1, Y1, Z1 = total
    return None if empty else (X1, Y1, Z1)


def _wnaf_multiply(odd: List[Affine], digits: List[int]) -> Optional[Jacobian]:
    """Σ d_i · 2^i · Q from the wNAF digits of a scalar, with odd[j] = (2j + 1) · Q affine."""
    P = p
    X1 = Y1 = Z1 = 0
    empty = True
    for d in reversed(digits):
        if not empty:  # doubling, "dbl-2001-b" (a = −3)
            delta = Z1 * Z1 % P
            gamma = Y1 * Y1 % P
            beta = X1 * gamma % P
            alpha = 3 * (X1 - delta) * (X1 + delta) % P
            Z1 = 2 * Y1 * Z1 % P
            X1 = (alpha * alpha - 8 * beta) % P
            Y1 = (alpha * (4 * beta - X1) - 8 * gamma * gamma) % P
        if not d:
            continue
        if d > 0:
            x2, y2 = odd[d >> 1]
        else:
            x2, y2 = odd[-d >> 1]
            y2 = P - y2
        if empty:
            X1, Y1, Z1 = x2, y2, 1
            empty = False
            continue
        total = _mixed_add(X1, Y1, Z1, x2, y2)
        if total is None:
            empty = True
            continue
        X1, Y1, Z1 = total
    return None if empty else (X1, Y1, Z1)


def _mixed_add(X1: int, Y1: int, Z1: int, x2: int, y2: int) -> Optional[Jacobian]:
    """(X1:Y1:Z1) + (x2, y2) with the second point affine ("madd-2004-hmv"); None for P + (−P)."""
    z1z1 = Z1 * Z1 % p
    h = x2 * z1z1 % p - X1
    r = y2 * Z1 * z1z1 % p - Y1
    if not h:
        return None if r else _double(X1, Y1, Z1)
    hh = h * h % p
    hhh = h * hh % p
    v = X1 * hh % p
    X3 = (r * r - hhh - 2 * v) % p
    return X3, (r * (v - X3) - Y1 * hhh) % p, Z1 * h % p


def _double(X1: int, Y1: int, Z1: int) -> Jacobian:
    """2·P in Jacobian coordinates ("dbl-2001-b", a = −3).  P-256 has no point of order 2 (n is odd)."""
    delta = Z1 * Z1 % p
    gamma = Y1 * Y1 % p
    beta = X1 * gamma % p
    alpha = 3 * (X1 - delta) * (X1 + delta) % p
    X3 = (alpha * alpha - 8 * beta) % p
    Z3 = 2 * Y1 * Z1 % p
    Y3 = (alpha * (4 * beta - X3) - 8 * gamma * gamma) % p
    return X3, Y3, Z3


def _add_affine(acc: Jacobian, point: Affine) -> Jacobian:
    """acc + point (point ≠ ±acc, checked by the callers' use: small multiples of one point)."""
    X1, Y1, Z1 = acc
    x2, y2 = point
    z1z1 = Z1 * Z1 % p
    h = x2 * z1z1 % p - X1
    r = y2 * Z1 * z1z1 % p - Y1
    if not h:
        if r:
            raise ArithmeticError("point at infinity in a table")  # j·P for 0 < j < n is never infinity
        return _double(X1, Y1, Z1)
    hh = h * h % p
    hhh = h * hh % p
    v = X1 * hh % p
    X3 = (r * r - hhh - 2 * v) % p
    return X3, (r * (v - X3) - Y1 * hhh) % p, Z1 * h % p


def _to_affine(point: Optional[Jacobian]) -> Optional[Affine]:
    if point is None:
        return None
    X, Y, Z = point
    zi = pow(Z, -1, p)
    zi2 = zi * zi % p
    return X * zi2 % p, Y * zi2 * zi % p


def _normalise(points: List[Jacobian]) -> List[Affine]:
    """Many Jacobian points to affine with one inversion (Montgomery's trick)."""
    prefix = []
    total = 1
    for _, _, Z in points:
        prefix.append(total)
        total = total * Z % p
    inverse = pow(total, -1, p)
    out: List[Affine] = [(0, 0)] * len(points)
    for i in range(len(points) - 1, -1, -1):
        X, Y, Z = points[i]
        zi = inverse * prefix[i] % p
        inverse = inverse * Z % p
        zi2 = zi * zi % p
        out[i] = (X * zi2 % p, Y * zi2 * zi % p)
    return out


def _odd_multiples(point: Affine, width: int) -> List[Affine]:
    """[1·Q, 3·Q, …, (2^(width−1) − 1)·Q] in affine form."""
    x, y = point
    twice = _to_affine(_double(x, y, 1))
    assert twice is not None
    out: List[Jacobian] = [(x, y, 1)]
    for _ in range((1 << (width - 2)) - 1):
        out.append(_add_affine(out[-1], twice))
    return _normalise(out)


def _window_rows(point: Affine, width: int) -> List[List[Affine]]:
    """rows[i][j] = j · 2^(width·i) · Q for 0 < |j| ≤ 2^(width−1), enough rows for any scalar below n.

    A row is [unused, 1·B, …, h·B, −h·B, …, −1·B] (B = 2^(width·i)·Q, h = 2^(width−1)), so that
    Python's negative indices make row[d] the point of a signed digit d.
    """
    half = 1 << (width - 1)
    count = 256 // width + 1  # a carry out of the top digit needs one more row when width divides 256
    flat: List[Jacobian] = []
    base = point
    for _ in range(count):
        row: List[Jacobian] = [(base[0], base[1], 1)]
        for _ in range(half - 1):
            row.append(_add_affine(row[-1], base))
        flat.extend(row)
        top = row[-1]
        nxt = _to_affine(_double(*top))  # 2 · half · base = 2^width · base
        assert nxt is not None
        base = nxt
    table = _normalise(flat)
    rows = []
    for i in range(count):
        positive = table[i * half:(i + 1) * half]
        rows.append([(0, 0)] + positive + [(x, p - y) for x, y in reversed(positive)])
    return rows


_G_ROWS: Optional[List[List[Affine]]] = None


def _g_rows() -> List[List[Affine]]:
    """The window table of G, made on first use (about 4,200 additions) and kept."""
    global _G_ROWS
    if _G_ROWS is None:
        _G_ROWS = _window_rows((Gx, Gy), _G_WINDOW)
    return _G_ROWS
