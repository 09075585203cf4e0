"""One canonical spelling, byte for byte the same in JavaScript (js/net/canonical.js) and
Python (py/parlour/canonical.py), against peers who forge values that two honest devices
would otherwise spell, and so hash, differently.

- the shared vectors (tests/vectors/canonical.json): each case is either a `text` given to
  parse_canonical / parseCanonical, or a `json_in` read leniently and then spelt with
  canonical; `canonical` is the expected text, or null where it must be refused.  Both
  languages must meet every expectation (node runs tests/canonical_cases.mjs);
- `json_in` is read the way JavaScript reads numbers: a number with an integral value is
  that integer (JavaScript cannot tell 1.0 from 1).  Python's own float 1.0 is refused by
  canonical (test_forge_python_value_rules);
- a seeded random cross-check: ~2,000 random values (nested, astral and control
  characters, keys that sort differently by UTF-16 units, boundary integers, halves, and
  a few forged values that must be refused) spelt by Python and by node from a lenient
  text with its keys unsorted, and Python's canonical texts parsed back by node;
- every state, view, legal move list, form and result the five engines make in seeded
  random games is canonical, and parlour.game.canonical (the fast spelling) writes it the
  same way.
"""
from __future__ import annotations

import enum
import json
import pathlib
import shutil
import subprocess
import time
from collections import OrderedDict

import pytest

from parlour import games
from parlour import game as game_module
from parlour.trust.canonical import MAX_DEPTH, CanonicalError, canonical, is_canonical, parse_canonical
from parlour.rng import Rng
from contract_play import option_sets, random_move

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "canonical_cases.mjs"
VECTORS = json.loads((ROOT / "tests" / "vectors" / "canonical.json").read_text(encoding="utf-8"))


def node(*args: str, stdin: str | None = None) -> dict:
    if not shutil.which("node"):
        pytest.fail("node is needed to run tests/canonical_cases.mjs (js/net/canonical.js is JavaScript).")
    run = subprocess.run(["node", str(SCRIPT), *args], cwd=ROOT, input=stdin, capture_output=True,
                         text=True, encoding="ascii", timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return json.loads(run.stdout)


def _js_number(text: str):
    """A JSON number as JavaScript reads it: an integral value is that integer."""
    value = float(text)
    return int(value) if value.is_integer() else value


def _lenient(text: str):
    """JSON as lenient as JSON is (spaces, escapes, duplicate keys: the last wins), numbers as JavaScript reads them."""
    def refuse(constant):
        raise CanonicalError(f"not JSON ({constant})")
    try:
        return json.loads(text, parse_float=_js_number, parse_constant=refuse)
    except CanonicalError:
        raise
    except (ValueError, RecursionError):
        raise CanonicalError("not JSON") from None


def python_result(case: dict):
    try:
        if "text" in case:
            return canonical(parse_canonical(case["text"]))
        return canonical(_lenient(case["json_in"]))
    except CanonicalError:
        return None


# ----- the vectors ------------------------------------------------------------------

def test_forge_vectors_cover_what_they_should():
    names = [c["name"] for c in VECTORS]
    assert len(names) == len(set(names)), "vector names must be unique"
    assert all(("text" in c) != ("json_in" in c) and "canonical" in c for c in VECTORS)
    texts = [c["text"] for c in VECTORS if "text" in c]
    for needle in ("\uffff", "\U0001F600", "\x7f", "\u2028", "\u2029", "\\/", "\\u00e9", "1e-7", "1.0", "-0",
                   str(2 ** 53), str(2 ** 53 - 1), str(-(2 ** 53 - 1)), "1e2", "\\ud800", "true", "null"):
        assert any(needle in t for t in texts), needle
    for c in range(0x20):
        assert any(f"U+{c:04X}" in n for n in names), f"no case for U+{c:04X}"
    assert sum(c["canonical"] is None for c in VECTORS) > 50 and sum(c["canonical"] is not None for c in VECTORS) > 50


def test_forge_vectors_in_python():
    wrong = [(c["name"], python_result(c), c["canonical"]) for c in VECTORS if python_result(c) != c["canonical"]]
    assert not wrong, wrong[:10]


def test_forge_vectors_in_node_agree_with_python():
    run = node()
    wrong = [v for v in run["values"] if not v["ok"]]
    assert len(run["values"]) > 20 and not wrong, wrong  # -0, undefined, Map, bigint...: what only JavaScript has
    report = run["cases"]
    assert [r["name"] for r in report] == [c["name"] for c in VECTORS]
    wrong = [(c["name"], r["canonical"], c["canonical"], r.get("error")) for c, r in zip(VECTORS, report)
             if r["canonical"] != c["canonical"]]
    assert not wrong, wrong[:10]
    differ = [c["name"] for c, r in zip(VECTORS, report) if r["canonical"] != python_result(c)]
    assert not differ, differ[:10]
    print(f"{len(VECTORS)} vectors: {sum(r['canonical'] is None for r in report)} refused by both, "
          f"the rest spelt byte for byte alike")


# ----- random values, Python against node -------------------------------------------

#: character ranges to draw from: ASCII, what gets escaped, Latin-1, the rest of the BMP below the
#: surrogates, U+E000..U+FFFF (which UTF-16 order puts after astral characters), astral planes
CHAR_RANGES = [(0x20, 0x7e), (0x00, 0x1f), (0x7f, 0x7f), (0x22, 0x22), (0x5c, 0x5c), (0x80, 0xff),
               (0x100, 0xd7ff), (0x2028, 0x2029), (0xe000, 0xffff), (0x10000, 0x1ffff), (0x20000, 0x10ffff)]


def random_text(rng: Rng, longest: int) -> str:
    out = []
    for _ in range(rng.below(longest + 1)):
        lo, hi = CHAR_RANGES[rng.below(len(CHAR_RANGES))]
        out.append(chr(lo + rng.below(hi - lo + 1)))
    return "".join(out)


def random_int(rng: Rng) -> int:
    top = 2 ** 53 - 1
    pick = rng.below(6)
    if pick == 0:
        return [0, 1, -1, top, -top, top - 1, -top + 1, 2 ** 31, -(2 ** 31), 2 ** 32][rng.below(10)]
    if pick == 1:
        return rng.below(2 * top + 1) - top
    return rng.below(2001) - 1000


def random_value(rng: Rng, depth: int = 0):
    """A random JSON value; about one in 60 leaves is forged (a lone surrogate, a float, an unsafe integer)."""
    kind = rng.below(10 if depth < 4 else 6)
    if kind == 0:
        if rng.below(60) == 0:
            return [0.1, 1e-7, 1e16 + 2.0, 2 ** 31 + 0.5, 0.25][rng.below(5)]
        return (rng.below(2 ** 20) - 2 ** 19) + 0.5  # a half
    if kind == 1:
        if rng.below(60) == 0:
            return [2 ** 53, -(2 ** 53), 2 ** 64, 2 ** 53 + 1][rng.below(4)]
        return random_int(rng)
    if kind == 2:
        return [True, False, None][rng.below(3)]
    if kind in (3, 4, 5):
        text = random_text(rng, 12)
        if rng.below(60) == 0:
            at = rng.below(len(text) + 1)
            text = text[:at] + chr(0xd800 + rng.below(0x800)) + text[at:]
        return text
    if kind in (6, 7):
        return [random_value(rng, depth + 1) for _ in range(rng.below(5))]
    out = {}
    for _ in range(rng.below(6)):
        key = random_text(rng, 3)
        if rng.below(80) == 0:
            key += chr(0xdc00 + rng.below(0x400))
        out[key] = random_value(rng, depth + 1)
    return out


def strict_or_none(value):
    try:
        return canonical(value)
    except CanonicalError:
        return None


def test_forge_random_values_are_spelt_alike_in_node():
    rng = Rng.from_seed("canonical-forge")
    values = [random_value(rng) for _ in range(2000)]
    expected = [strict_or_none(v) for v in values]
    refused = sum(e is None for e in expected)
    assert 20 < refused < 600, refused  # forged values are there, and most values are good
    # lenient texts: keys in insertion order (unsorted), spaces, \u escapes for everything outside ASCII
    lenient = [json.dumps(v, ensure_ascii=True, indent=[None, 1][i % 2]) for i, v in enumerate(values)]
    assert sum(t != e for t, e in zip(lenient, expected) if e is not None) > 1000, "the lenient texts must differ"
    texts = [e for e in expected if e is not None] + lenient
    want_texts = [e for e in expected if e is not None] + [e if t == e else None for t, e in zip(lenient, expected)]
    started = time.time()
    got = node("--stdin", stdin=json.dumps({"lenient": lenient, "texts": texts}, ensure_ascii=True))
    assert got["lenient"] == expected, next((i, a, b) for i, (a, b) in enumerate(zip(got["lenient"], expected)) if a != b)
    assert got["texts"] == want_texts, next((i, a, b) for i, (a, b) in enumerate(zip(got["texts"], want_texts)) if a != b)
    for text, want in zip(texts, want_texts):  # and Python reads the same texts the same way
        try:
            assert canonical(parse_canonical(text)) == want == text
        except CanonicalError:
            assert want is None
    print(f"{len(values)} random values ({refused} forged, refused by both), {len(texts)} texts: "
          f"byte-identical in node ({time.time() - started:.2f} s)")


# ----- Python's own rules ------------------------------------------------------------

class Colour(enum.IntEnum):
    RED = 1


def test_forge_python_value_rules():
    good = {"a": [1, -1, 2 ** 53 - 1, -(2 ** 53 - 1), 2.5, -0.5, True, False, None, "é\x7f\u2028😀"], "": {}, "b": []}
    assert canonical(good) == '{"":{},"a":[1,-1,9007199254740991,-9007199254740991,2.5,-0.5,true,false,null,"é\x7f\u2028😀"],"b":[]}'
    assert canonical(good) == game_module.canonical(good)
    assert canonical({"😀": 1, "\uffff": 2, "\ue000": 3}) == '{"\ue000":3,"\uffff":2,"😀":1}'
    assert canonical("\b\t\n\f\r\x00\x1f\"\\/") == '"\\b\\t\\n\\f\\r\\u0000\\u001f\\"\\\\/"'
    assert canonical(-0) == "0" and canonical(True) == "true" and canonical([True, 1]) == "[true,1]"
    refused = [1.0, 0.0, -0.0, 0.1, 1e-7, 0.25, 2.0 ** 31 + 0.5, float("nan"), float("inf"), -float("inf"),
               2 ** 53, -(2 ** 53), 2 ** 100,
               "\ud800", "a\udc00", "\ud83d\ude00",  # a pair kept as two code points cannot be encoded either
               {"\ud800": 1}, {1: 2}, {None: 1}, {("a",): 1}, {True: 1},
               (1, 2), [(1,)], {"a": (1,)},  # tuples: a JSON text never reads back as one
               Colour.RED, OrderedDict(a=1), b"x", {1, 2}, object(), len]
    for value in refused:
        with pytest.raises(CanonicalError):
            canonical(value)
        assert not is_canonical(value)
    deep = []
    for _ in range(MAX_DEPTH - 1):
        deep = [deep]
    assert canonical(deep) == "[" * MAX_DEPTH + "]" * MAX_DEPTH
    with pytest.raises(CanonicalError, match="deeper"):
        canonical([deep])
    loop = []
    loop.append(loop)
    with pytest.raises(CanonicalError):
        canonical(loop)
    assert issubclass(CanonicalError, ValueError)


def test_forge_python_parse_rules():
    text = '{"action":{"type":"pass"},"n":2,"seat":1,"t":"act","version":7}'
    assert parse_canonical(text) == {"action": {"type": "pass"}, "n": 2, "seat": 1, "t": "act", "version": 7}
    for bad, why in [('{"a":1,"a":1}', "duplicate"), ('{"a":1e-7}', "neither an integer"), ("NaN", "not finite"),
                     ('{"b":1,"a":2}', "spelled another way"), ('{"a": 1}', "spelled another way"),
                     ("-0", "spelled another way"), ("{", "not JSON"), ("[" * 5000 + "]" * 5000, "deeper"),
                     ("9" * 5000, "not JSON"), ('"\\ud800"', "lone surrogate")]:
        with pytest.raises(CanonicalError, match=why):
            parse_canonical(bad)
    with pytest.raises(CanonicalError, match="not text"):
        parse_canonical(b"{}")


# ----- what the engines make ---------------------------------------------------------

#: states and views are checked on the first plies, then on every fourth and on the last (they grow with
#: the log, and checking them all took 25 s of CPU); legal moves, forms and the moves played on every ply
EVERY_PLY_UNTIL, THEN_EVERY = 30, 4
#: games per table size and option choice: more of the quick titles, so that King's Cottage builds an
#: upper story (its views place those rooms on half squares, the one kind of fraction allowed)
GAMES = {"kings-cottage": 3}


def has_float(value) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(has_float(v) for v in value.values())
    return isinstance(value, list) and any(has_float(v) for v in value)


def engine_values(game, state, players, whole=True):
    if whole:
        yield "state", state
        for seat in list(range(players)) + [None]:
            yield f"view({seat})", game.view(state, seat)
    for seat in range(players):
        yield f"legal_actions({seat})", game.legal_actions(state, seat)
        yield f"forms({seat})", game.forms(state, seat)
    if game.is_over(state):
        yield "result", game.result(state)


def test_forge_engines_make_only_canonical_values():
    """Seeded random games of every title and table size, and of every other option choice at the
    smallest table (GAMES of each): everything a host hashes or sends is canonical (states, every
    seat's view and the spectator's, legal moves, forms, moves played, results), and the fast
    spelling (parlour.game.canonical) agrees with the strict one."""
    started, counts, halves = time.time(), {}, 0
    for game in games.all_games():
        checked = plies = 0
        for players in range(game.min_players, game.max_players + 1):
            for number, options in enumerate(option_sets(game, players)):
                if number and players != game.min_players:
                    continue  # other options at the smallest table only: the time stays short
                for repeat in range(GAMES.get(game.id, 1)):
                    seed = f"forge:{players}:{number}:{repeat}"
                    chooser = Rng.from_seed(f"forge:{game.id}:{seed}")
                    state = game.setup(players, seed, options)
                    ply = 0
                    while True:
                        whole = ply < EVERY_PLY_UNTIL or ply % THEN_EVERY == 0 or game.is_over(state)
                        for what, value in engine_values(game, state, players, whole):
                            try:
                                strict = canonical(value)
                            except CanonicalError as e:
                                pytest.fail(f"{game.id} ({players} players, {options}) ply {ply}: {what} is not canonical: {e}")
                            assert game_module.canonical(value) == strict, (game.id, what)
                            if game.id == "kings-cottage" and what.startswith("view") and has_float(value):
                                halves += 1
                            checked += 1
                        movers = game.to_move(state)
                        if not movers:
                            break
                        seat = movers[chooser.below(len(movers))]
                        action = random_move(game, state, seat, game.legal_actions(state, seat), chooser)
                        assert canonical(action) == game_module.canonical(action)
                        state = game.apply(state, seat, action)
                        ply += 1
                        plies += 1
        counts[game.id] = (plies, checked)
    assert set(counts) == {g.id for g in games.all_games()} and len(counts) == 5, counts
    assert halves > 0, "no King's Cottage view with an upper story was checked: choose other seeds"
    print(f"engines, plies and values checked: {counts}; {halves} King's Cottage views with halves "
          f"({time.time() - started:.1f} s)")
