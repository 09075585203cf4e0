"""The one spelling of a JSON value, byte for byte the same as js/net/canonical.js.

Why: the host, every guest and the fairness check hash and compare values that
crossed the network.  Where Python and JavaScript spell a value differently
(`1e-07` and `1e-7`, `1.0` and `1`, integers past 2**53 that JavaScript
rounds, a lone surrogate that Python cannot encode as UTF-8, keys that
JavaScript would sort by UTF-16 units and Python by code points), a dishonest
peer could make honest devices hash different bytes.  So this spelling allows
only what both write identically, and `parse_canonical` accepts a text only
when it is already spelled that way.

The rules (the same in js/net/canonical.js):

- objects (`dict`, `str` keys only), keys sorted by code point, no spaces;
- strings written as `json.dumps(..., ensure_ascii=False)` writes them, which is
  exactly what JavaScript's `JSON.stringify` writes for a well-formed string:
  `"` and `\\` escaped, `\\b \\t \\n \\f \\r` short, every other character below
  U+0020 as `\\u00xx` (lower-case hex), everything else as it is (DEL, U+2028,
  U+2029, é, emoji);
- integers with abs(n) <= 2**53 - 1 (`bool` is not an integer here, it is
  true/false); there is no -0 integer in Python, and the text `-0` is not
  canonical (JavaScript writes its -0 as `0`);
- halves, floats n + 1/2 with abs(value) < 2**31, written as `repr` writes them
  (`2.5`, `-0.5`, the same as JavaScript): the only fractions, because King's
  Cottage's views put upper-story rooms on half squares.  Python and JavaScript
  spell other floats differently (`1e-07`/`1e-7`, `1.0`/`1`, `1e+16`);
- true, false, null; lists;
- at most MAX_DEPTH nested lists and dicts.

Refused with CanonicalError: every other float (1.0 too: JavaScript cannot
tell it from 1, and json writes `1.0`; 0.25, 1e-7, NaN, inf), integers out of
range, strings or keys holding a surrogate code point (a lone surrogate; also a
pair kept as two code points, which Python cannot encode either), non-`str`
keys, tuples (a JSON text never reads back as a tuple, so allowing them would
let two different values share a spelling; engines use lists), subclasses of
the allowed types, and anything else.

`parlour.game.canonical` stays the fast spelling for trusted, engine-made values
(it writes the same text for every value this module accepts:
tests/test_canonical_forge.py checks it on seeded games of every title).  For
data from outside (a reveal, a ledger, a view sent by a host) use
`parse_canonical` on the text as received, or `canonical` on a value to hash.
"""
from __future__ import annotations

import json
from typing import Any, List, Tuple

__all__ = ["CanonicalError", "MAX_DEPTH", "MAX_HALF", "MAX_SAFE_INTEGER", "canonical", "is_canonical", "parse_canonical"]

MAX_SAFE_INTEGER = 2 ** 53 - 1
#: how deep lists and dicts may nest (the same in js/net/canonical.js)
MAX_DEPTH = 100
#: halves must be smaller than this in magnitude (the same in js/net/canonical.js)
MAX_HALF = 2 ** 31

_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, check_circular=False)


class CanonicalError(ValueError):
    """A value or a text with no canonical spelling; the message is short enough for a log line."""


def _check_str(text: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise CanonicalError(f"{what} holds a lone surrogate") from None


def _check(value: Any, depth: int) -> None:
    """Raise CanonicalError unless `value` is made of the allowed types, within the limits."""
    kind = type(value)
    if kind is str:
        _check_str(value, "a string")
    elif kind is int:
        if not -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            raise CanonicalError("an integer beyond 2^53 - 1")
    elif value is None or kind is bool:
        pass
    elif kind is dict or kind is list:
        if depth >= MAX_DEPTH:
            raise CanonicalError(f"nested deeper than {MAX_DEPTH}")
        if kind is dict:
            for key, item in value.items():
                if type(key) is not str:
                    raise CanonicalError(f"a key that is not a string ({type(key).__name__})")
                _check_str(key, "a key")
                _check(item, depth + 1)
        else:
            for item in value:
                _check(item, depth + 1)
    elif kind is float:
        if not _is_half(value):
            raise CanonicalError(f"a number that is neither an integer nor a half ({value!r})")
    else:
        raise CanonicalError(f"a value of type {kind.__name__}")


def _is_half(value: float) -> bool:
    """n + 1/2 within MAX_HALF (False for integral floats, NaN and infinities)."""
    return abs(value) < MAX_HALF and (value * 2).is_integer() and not value.is_integer()


def canonical(data: Any) -> str:
    """The canonical JSON text of `data` (the module's rules), or CanonicalError."""
    _check(data, 0)
    # Every value that passed is spelt by the standard encoder exactly as the rules say:
    # sort_keys orders str by code point, and ensure_ascii=False escapes as JSON.stringify does.
    return _ENCODER.encode(data)


def is_canonical(data: Any) -> bool:
    """Whether `data` has a canonical spelling."""
    try:
        _check(data, 0)
    except CanonicalError:
        return False
    return True


def _read_float(text: str) -> float:
    """A number written with a fraction or an exponent: only a half is kept (its spelling is checked after)."""
    value = float(text)
    if not _is_half(value):
        raise CanonicalError(f"a number that is neither an integer nor a half ({text[:40]})")
    return value


def _refuse_constant(text: str) -> Any:
    raise CanonicalError(f"a number that is not finite ({text})")


def _no_duplicates(pairs: List[Tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise CanonicalError(f"a duplicate key ({json.dumps(key)[:40]})")
            seen.add(key)
    return out


def parse_canonical(text: str) -> Any:
    """The value of a JSON text that must already be canonical, or CanonicalError saying why.

    Refuses duplicate keys, fractions other than halves (`1.0`, `1e2`, `1e-7`),
    NaN and Infinity as they are read, then anything whose canonical spelling is not exactly `text`
    (spaces, key order, other escapes, `-0`, lone surrogates...).
    """
    if type(text) is not str:
        raise CanonicalError("not text")
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_float=_read_float,
                           parse_constant=_refuse_constant)
    except CanonicalError:
        raise
    except RecursionError:
        raise CanonicalError(f"nested deeper than {MAX_DEPTH}") from None
    except ValueError:  # JSONDecodeError, and int() past Python's digit limit
        raise CanonicalError("not JSON") from None
    spelled = canonical(value)
    if spelled != text:
        at = next((i for i, (a, b) in enumerate(zip(spelled, text)) if a != b), min(len(spelled), len(text)))
        raise CanonicalError(f"spelled another way from character {at}")
    return value
