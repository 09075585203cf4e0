"""Signatures of network play: js/net/keys.js signs in WebCrypto, parlour.trust.signatures verifies in Python.

Both sides must agree on every statement's bytes and on every verdict, valid and forged:
- tests/vectors/signatures.json (made once by `node tests/signature_cases.mjs vectors 1`) checks
  Python without node, and node re-checks JS's verdicts on the same file;
- fresh keys from WebCrypto sign seeded statements (unicode, nested actions) that Python verifies,
  and forgeries made here get the same verdict from both;
- tests/p256_signer.py, the test-only Python signer, signs what WebCrypto then verifies.

ECDSA does not pin the sign of s: (r, n − s) verifies as well as (r, s), in WebCrypto and here
(this is mathematics, not a bug: x(k·G) = x(−k·G)).  WebCrypto neither makes low-S signatures nor
refuses high-S ones, so neither side refuses them; signatures are never used as identifiers.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import pathlib
import shutil
import subprocess

import pytest

import p256_signer
from parlour.trust import signatures
from parlour.trust.signatures import n, p, statement, verify

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "signature_cases.mjs"
VECTORS = ROOT / "tests" / "vectors" / "signatures.json"
BOTH_S = "s replaced by n - s (both verify: ECDSA does not pin the sign of s)"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _node(*args: str, stdin: str | None = None):
    if not shutil.which("node"):
        pytest.fail("node is needed to run tests/signature_cases.mjs (the signing side is JavaScript).")
    run = subprocess.run(["node", str(CASES), *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return json.loads(run.stdout)


def _both_paths(key, fields, sig) -> bool:
    """The verdict with the key unseen (wNAF) and seen twice before (its window table): they must agree."""
    signatures._key_cache.clear()
    cold = verify(key, fields, sig)
    verify(key, fields, sig)
    warm = verify(key, fields, sig)
    assert cold == warm, (key, fields, sig)
    return warm


def _forgeries(case: dict, other_key: str):
    """(name, key, fields, signature, expected verdict) for one validly signed case: JSON-able only."""
    key, fields, sig = case["public_key"], case["fields"], case["signature"]
    raw = _unb64(sig)
    r, s = int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")
    point = _unb64(key)
    x, y = int.from_bytes(point[1:33], "big"), int.from_bytes(point[33:], "big")

    def sig_of(rr: int, ss: int) -> str:
        return _b64(rr.to_bytes(32, "big") + ss.to_bytes(32, "big"))

    out = [
        ("valid", key, fields, sig, True),
        ("s replaced by n - s", key, fields, sig_of(r, n - s), True),
        ("changed seat", key, {**fields, "seat": fields["seat"] + 1}, sig, False),
        ("changed version", key, {**fields, "version": fields["version"] + 1}, sig, False),
        ("changed table", key, {**fields, "table": fields["table"][::-1] + "0"}, sig, False),
        ("changed action", key, {**fields, "action": {"changed": fields.get("action")}}, sig, False),
        ("field removed", key, {k: v for k, v in fields.items() if k != "version"}, sig, False),
        ("another seat's key", other_key, fields, sig, False),
        ("r and s swapped", key, fields, sig_of(s, r), False),
        ("r = 0", key, fields, sig_of(0, s), False),
        ("s = 0", key, fields, sig_of(r, 0), False),
        ("r = n", key, fields, sig_of(n, s), False),
        ("s = n", key, fields, sig_of(r, n), False),
        ("r = n - 1", key, fields, sig_of(n - 1, s), False),
        ("r + 1", key, fields, sig_of(r % (n - 1) + 1, s), False),
        ("key off the curve", _b64(b"\x04" + x.to_bytes(32, "big") + ((y + 1) % p).to_bytes(32, "big")), fields, sig, False),
        ("key with y negated", _b64(b"\x04" + x.to_bytes(32, "big") + (p - y).to_bytes(32, "big")), fields, sig, False),
        ("key compressed", _b64(bytes([2 + (y & 1)]) + x.to_bytes(32, "big")), fields, sig, False),
        ("key hybrid 0x06/0x07", _b64(bytes([6 + (y & 1)]) + point[1:]), fields, sig, False),
        ("key with padding", key + "=", fields, sig, False),
        ("signature truncated", key, fields, _b64(raw[:63]), False),
        ("signature a byte longer", key, fields, _b64(raw + b"\x00"), False),
        ("signature with padding", key, fields, sig + "==", False),
        ("signature with whitespace", key, fields, " " + sig, False),
        # Standard base64 differs from base64url only where the text has - or _ (else it is the same text).
        ("signature in standard base64", key, fields, base64.b64encode(raw).decode().rstrip("="),
         base64.b64encode(raw).decode().rstrip("=") == sig),
        ("signature not base64", key, fields, "*" * 86, False),
        ("signature as hex", key, fields, raw.hex(), False),
        ("signature None", key, fields, None, False),
        ("signature int", key, fields, 7, False),
        ("key None", None, fields, sig, False),
        ("key list", [key], fields, sig, False),
        ("fields list", key, [fields], sig, False),
        ("fields None", key, None, sig, False),
        ("lone surrogate in fields", key, {**fields, "action": "\ud800"}, sig, False),
    ]
    return out


# -- without node -------------------------------------------------------------------------------------


def test_forge_vectors_verify_in_python_as_webcrypto_did():
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    vectors = data["vectors"]
    valid = [v for v in vectors if v["name"].startswith("valid ")]
    forged = [v for v in vectors if not v["name"].startswith("valid ")]
    assert len(valid) == 24 and len(forged) >= 40
    for v in valid:
        assert v["valid"] is True
        assert statement(v["fields"]).hex() == v["statement_hex"], v["name"]
        assert _both_paths(v["public_key"], v["fields"], v["signature"]), v["name"]
    for v in forged:
        # Every forgery is refused except (r, n − s), which is a valid signature too.
        assert v["valid"] is (v["name"] == BOTH_S), v["name"]
        assert _both_paths(v["public_key"], v["fields"], v["signature"]) is v["valid"], v["name"]


def test_forge_vectors_mutated_here_are_refused():
    """The Python forgeries of every vector's signature, with no node: only the valid ones pass."""
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    keys = data["keys"]
    for v in [v for v in data["vectors"] if v["name"].startswith("valid ")][:8]:
        other = keys[(keys.index(v["public_key"]) + 1) % len(keys)]
        for name, key, fields, sig, expected in _forgeries(v, other):
            assert verify(key, fields, sig) is expected, (v["name"], name)


def test_forge_statement_bytes_and_refusals_never_raise():
    fields = {"what": "act", "table": "ab12", "seat": 1, "version": 7, "action": {"to": "é", "n": [1, 2]}}
    assert statement(fields) == b'parlour-signed/1\n{"action":{"n":[1,2],"to":"\xc3\xa9"},"seat":1,"table":"ab12","version":7,"what":"act"}'
    for bad in ([], "x", None, 3):
        with pytest.raises(TypeError):
            statement(bad)
    private, key = p256_signer.new_key("refusals")
    sig = p256_signer.sign(private, fields)
    assert verify(key, fields, sig)
    garbage = [None, 0, 1.5, b"", b"x" * 64, bytearray(65), [], {}, object(), "", "A", "=" * 87, "\u00e9" * 87,
               "A" * 86, "A" * 87, "_" * 86, "_" * 87, key[:-1], sig[:-1], key + "A", sig + "A", "A" * 100_000]
    for g in garbage:
        assert verify(g, fields, sig) is False, g
        assert verify(key, fields, g) is False, g
        assert verify(g, g, g) is False, g
        assert signatures.is_public_key(g) is False, g
    assert signatures.is_public_key(key) is True
    assert verify(key, {"a": object()}, sig) is False  # not JSON: nothing could have signed it
    assert verify(key, {**fields, "action": float("nan")}, sig) is False
    # Values the strict canonical spelling refuses (JS and Python would write them differently):
    # no statement, so no signature, however the rest reads.
    for odd in (1.0, 0.1, 2 ** 53, "\udc00", ("tuple",), {1: "int key"}):
        assert verify(key, {**fields, "action": odd}, sig) is False, odd
        with pytest.raises(ValueError):
            statement({**fields, "action": odd})
    half = {**fields, "action": {"x": 2.5}}  # halves are spelt alike (King's Cottage's rooms)
    assert verify(key, half, p256_signer.sign(private, half))
    deep: dict = {}
    for _ in range(100):
        deep = {"d": deep}
    assert verify(key, deep, sig) is False
    # Exactly str, as parlour.trust.canonical: a subclass could hash or compare as it likes.
    text = type("Text", (str,), {})
    assert verify(text(key), fields, sig) is False and verify(key, fields, text(sig)) is False
    # bytes are never taken for text.
    assert verify(key.encode(), fields, sig) is False and verify(key, fields, sig.encode()) is False
    assert signatures.verify_digest(key, b"short", sig) is False


def test_forge_python_signer_follows_rfc6979_and_verifies():
    # RFC 6979, A.2.5: P-256, SHA-256, message "sample".
    x = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
    public = signatures.base_multiply(x)
    assert public == (0x60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6,
                      0x7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299)
    digest = hashlib.sha256(b"sample").digest()
    r, s = p256_signer.sign_digest(x, digest)
    assert (r, s) == (0xEFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716,
                      0xF7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8)
    key = signatures.encode_public_key(public)
    assert signatures.verify_digest(key, digest, signatures.encode_signature(r, s))
    assert signatures.verify_digest(key, digest, signatures.encode_signature(r, n - s))  # the other s: valid too
    assert not signatures.verify_digest(key, hashlib.sha256(b"test").digest(), signatures.encode_signature(r, s))
    # RFC 6979, A.2.5, message "test".
    assert p256_signer.sign_digest(x, hashlib.sha256(b"test").digest()) == (
        0xF1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367,
        0x019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083)
    # Keys from seeds: the same seed, the same key; 1 and "1" differ.
    assert p256_signer.new_key("guest-1") == p256_signer.new_key("guest-1")
    assert p256_signer.new_key(1) != p256_signer.new_key("1")
    assert p256_signer.public_key(x) == key


def test_forge_key_cache_holds_many_keys():
    """More keys than the cache keeps, each verified several times in turn: verdicts stay right."""
    keys = [p256_signer.new_key(f"cache-{i}") for i in range(signatures._KEY_CACHE_SIZE + 2)]
    for round_ in range(2):
        for i, (private, key) in enumerate(keys):
            fields = {"what": "act", "seat": i, "version": round_}
            sig = p256_signer.sign(private, fields)
            assert verify(key, fields, sig)
            assert not verify(key, {**fields, "version": round_ + 1}, sig)
            assert not verify(keys[i - 1][1], fields, sig)
    assert len(signatures._key_cache) <= signatures._KEY_CACHE_SIZE


def test_forge_point_arithmetic_special_cases():
    """Signatures built so that R = u1·G + u2·Q passes through the exceptional additions.

    With s = e / t, u1 = t; choosing the key d = ±e / (r·t) makes u2·Q = ±G.  The sum then meets
    G itself (a doubling inside an addition) or −G (the point at infinity, then more digits).
    """
    fields = {"what": "seal", "seat": 0}
    e = int.from_bytes(hashlib.sha256(statement(fields)).digest(), "big") % n

    def case(t: int, sign: int, r: int):
        d = sign * e * pow(r * t, -1, n) % n
        return signatures.encode_public_key(signatures.base_multiply(d)), signatures.encode_signature(r, e * pow(t, -1, n) % n)

    def x_of(k: int) -> int:
        return signatures.base_multiply(k % n)[0] % n

    for t in (1, 2, 129, 1 + 2 ** 70, n - 1, n - 2):
        # u2·Q = G: R = (t + 1)·G; the first digit of u1 (1 for odd t) adds G to G.
        if (t + 1) % n:
            key, sig = case(t, 1, x_of(t + 1))
            assert _both_paths(key, fields, sig) is True, t
            key, sig = case(t, 1, x_of(t + 1) % (n - 1) + 1)
            assert _both_paths(key, fields, sig) is False, t
        # u2·Q = −G: R = (t − 1)·G; the first digit cancels the sum to infinity, later digits go on from there.
        if t != 1:
            key, sig = case(t, -1, x_of(t - 1))
            assert _both_paths(key, fields, sig) is True, t
        else:
            for r in (1, 2, 12345, n - 1):  # R is the point at infinity: refused whatever r is
                key, sig = case(1, -1, r)
                assert _both_paths(key, fields, sig) is False, r
    # Keys ±G, 2G: small multiples of G, with signatures from the test signer.
    for d in (1, 2, 3, n - 1, n - 2):
        key = signatures.encode_public_key(signatures.base_multiply(d))
        sig = p256_signer.sign(d, fields)
        assert _both_paths(key, fields, sig)
        assert not _both_paths(key, {**fields, "seat": 1}, sig)


# -- with node -----------------------------------------------------------------------------------------


def test_forge_webcrypto_agrees_on_every_vector():
    reply = _node("check", str(VECTORS))
    assert reply["differ"] == []
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))["vectors"]
    python = [verify(v["public_key"], v["fields"], v["signature"]) for v in vectors]
    assert reply["verdicts"] == python
    # Each vector's key alone: isPublicKey (JS) and is_public_key (Python) agree, and refuse some.
    assert reply["keys"] == [signatures.is_public_key(v["public_key"]) for v in vectors]
    assert 0 < reply["keys"].count(False) < len(vectors)


def test_forge_fresh_webcrypto_signatures_verify_in_python_and_forgeries_fail_in_both():
    reply = _node("sign", "20260101", "40")
    keys, cases = reply["keys"], reply["cases"]
    assert len(keys) == 3 and len(cases) == 40
    assert {c["fields"]["what"] for c in cases} == {"act", "commit", "reveal", "seal", "unseal"}
    assert any(ord(ch) > 0xFFFF for c in cases for ch in json.dumps(c["fields"], ensure_ascii=False))  # astral text signed
    items, expected = [], []
    for i, case in enumerate(cases):
        assert statement(case["fields"]).hex() == case["statement_hex"], case["fields"]
        assert case["public_key"] == keys[case["seat"]]
        forgeries = _forgeries(case, keys[(case["seat"] + 1) % 3]) if i < 10 else _forgeries(case, keys[0])[:2]
        for name, key, fields, sig, want in forgeries:
            if name == "lone surrogate in fields":
                continue  # JSON.stringify escapes a lone surrogate; Python cannot encode it: both refuse, but not JSON-able here
            items.append([key, fields, sig])
            expected.append((name, want))
    python = [verify(*item) for item in items]
    assert [(name, verdict) for (name, _), verdict in zip(expected, python)] == expected
    js = _node("verify", stdin=json.dumps(items))
    assert js == python


def test_forge_python_signer_is_verified_by_webcrypto():
    items, expected = [], []
    for i in range(6):
        private, key = p256_signer.new_key(f"sim-guest-{i}")
        fields = {"what": ["act", "commit", "reveal", "seal", "unseal", "act"][i], "table": "c0ffee", "seat": i,
                  "version": 10 * i, "action": {"piece": "♞", "to": [i, "😀"], "note": "line\nbreak"}}
        sig = p256_signer.sign(private, fields)
        assert sig == p256_signer.sign(private, fields)  # deterministic nonces
        case = {"public_key": key, "fields": fields, "signature": sig}
        for name, k, f, s, want in _forgeries(case, p256_signer.new_key("other")[1]):
            if name == "lone surrogate in fields":
                continue
            items.append([k, f, s])
            expected.append(want)
    python = [verify(*item) for item in items]
    assert python == expected
    assert _node("verify", stdin=json.dumps(items)) == python


# -- inside Pyodide (Python 3.14, as in the browser) ---------------------------------------------------


@pytest.mark.pyodide
def test_forge_vectors_verify_inside_pyodide(tmp_path):
    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide in the tests")
    found = sorted((ROOT / ".cache").glob("pyodide-*/pyodide.mjs"))
    pyodide_dir = pathlib.Path(os.environ["PARLOUR_PYODIDE_DIR"]) if os.environ.get("PARLOUR_PYODIDE_DIR") else (
        found[-1].parent if found else None)
    wheels = sorted((pathlib.Path(os.environ.get("PARLOUR_DIST", ROOT / "dist")) / "wheels").glob("parlour-*.whl"))
    if pyodide_dir is None or not wheels:
        pytest.fail("Pyodide or the parlour wheel is missing: run `python3 build.py test`.")
    script = tmp_path / "vectors.py"
    script.write_text(
        "import json, sys\n"
        "from parlour.trust import signatures\n"
        f"data = json.loads({VECTORS.read_text(encoding='utf-8')!r})\n"
        "verdicts = [signatures.verify(v['public_key'], v['fields'], v['signature']) for v in data['vectors']]\n"
        "again = [signatures.verify(v['public_key'], v['fields'], v['signature']) for v in data['vectors']]\n"
        "json.dumps({'python': sys.version.split()[0], 'verdicts': verdicts, 'again': again})\n"
    )
    proc = subprocess.run(["node", str(ROOT / "tests" / "pyodide_runner.mjs"), str(pyodide_dir), str(wheels[-1]), str(script)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    reply = json.loads(proc.stdout.strip().splitlines()[-1])
    assert reply["python"].startswith("3.14"), reply["python"]
    expected = [v["valid"] for v in json.loads(VECTORS.read_text(encoding="utf-8"))["vectors"]]
    assert reply["verdicts"] == expected and reply["again"] == expected
