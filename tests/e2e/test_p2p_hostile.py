"""A hostile guest sends malformed, oversized, wrong-seat, out-of-turn, replayed and
forged messages over the real data channel: each is refused with an error reply and
logged, the game is unharmed, and a connection that keeps sending garbage is closed.

Messages meant to be well-formed are spelt canonically (sorted keys, no spaces:
js/net/canonical.js), since the link refuses any other spelling before reading it;
some are spelt otherwise on purpose (a float, a duplicate key, a lone surrogate)."""
import json

from contextlib import nullcontext

from p2p_helpers import (click_once, hosted_pair, play_all_through_tables, wait_fair)

#: a message with the guest's next number, spelt canonically (ASCII keys: the default sort is code point order)
SEND_NUMBERED = """(m) => { const l = window.parlourNet.guest.link; l.outSeq += 1;
  const c = (v) => v === null || typeof v !== 'object' ? JSON.stringify(v) : Array.isArray(v) ? '[' + v.map(c).join(',') + ']'
    : '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + c(v[k])).join(',') + '}';
  l.sendRaw(c({...m, n: l.outSeq})); return l.outSeq; }"""
#: the same, signed with the guest's key for the table as an honest guest signs (js/net/guest-protocol.js):
#: what is refused is then refused for what it says, not for a missing signature
SEND_SIGNED = """async (m) => { const g = window.parlourNet.guest; const l = g.link;
  const { sig } = await g.protocol.signed(m, m.seat); l.outSeq += 1;
  const c = (v) => v === null || typeof v !== 'object' ? JSON.stringify(v) : Array.isArray(v) ? '[' + v.map(c).join(',') + ']'
    : '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + c(v[k])).join(',') + '}';
  l.sendRaw(c({...m, sig, n: l.outSeq})); return l.outSeq; }"""
SEND_RAW = "(text) => window.parlourNet.guest.link.sendRaw(text)"
#: a text with the guest's next number in place of @N@, which does not use the number up: a message
#: that is not canonical is refused before its number is read, so the guest's next one takes it
SEND_FORGED = """(text) => { const l = window.parlourNet.guest.link; l.sendRaw(text.replace('@N@', String(l.outSeq + 1))); }"""


def canonical_text(message):
    """What js/net/canonical.js writes for `message` (ASCII only here)."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"))


def errors(guest):
    return guest.evaluate("window.parlourNet.guest.received.filter(m => m.t === 'error').map(m => m.error)")


def state_hash(host):
    return host.evaluate("parlour.engine.call('state_hash', {table: parlourNet.host.table}).then(r => r.sha256)")


def test_p2p_hostile_messages_are_refused(pw, site_url):
    import random
    with nullcontext(pw) as p:
        browsers, host, guest = hosted_pair(p, site_url, "Mallory")
        rng = random.Random(9)
        # let the guest move until the host is to move, so a guest move now is out of turn
        for _ in range(200):
            last = guest.evaluate("window.parlourNet.guest.last")
            if last and last["to_move"] == [0] and host.evaluate("document.querySelector('#table').dataset.phase") == "move":
                break
            if guest.evaluate("document.querySelector('#table').dataset.phase") == "move":
                click_once(guest, rng)
            guest.wait_for_timeout(50)
        last = guest.evaluate("window.parlourNet.guest.last")
        version = last["version"]
        before = state_hash(host)
        legal_for_host = host.evaluate("parlour.engine.call('view', {table: parlourNet.host.table, seat: 0}).then(r => r.legal)")
        sent = []
        guest.evaluate(SEND_RAW, "{not json")
        guest.evaluate(SEND_RAW, json.dumps({"t": "act", "n": 999, "pad": "x" * 20_000}))
        guest.evaluate(SEND_RAW, "[1,2,3]")
        sent.append(guest.evaluate(SEND_SIGNED, {"t": "act", "seat": 0, "version": version, "action": legal_for_host[0]}))
        sent.append(guest.evaluate(SEND_SIGNED, {"t": "act", "seat": 1, "version": version, "action": {"type": "pass"}}))
        sent.append(guest.evaluate(SEND_SIGNED, {"t": "act", "seat": 1, "version": version + 3, "action": {"type": "pass"}}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "hack", "seat": 1}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "__proto__", "seat": 1}))
        events = guest.evaluate("window.parlourNet.guest.received.filter(m => m.t === 'ev').length")
        guest.evaluate(SEND_NUMBERED, {"t": "sync"})  # a good message: the run of bad ones starts again (10 close)
        # the host answers the queued messages in order, but refuses a replayed or misspelt one as it arrives: wait
        # for the sync's answer, so that the run of bad ones really starts again before those come
        guest.wait_for_function("(n) => window.parlourNet.guest.received.filter(m => m.t === 'ev').length > n", arg=events,
                                timeout=30_000)
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "act", "seat": "1", "version": version, "action": {"type": "pass"}}))
        sent.append(guest.evaluate(SEND_SIGNED, {"t": "commit", "seat": 1, "version": version, "hash": "0" * 64}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "act", "seat": 1, "version": version, "action": {"type": "pass"},
                                                   "sig": "A" * 86}))  # a signature that is not the seat's
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "hello", "name": "again", "key": "A" * 87, "rejoin": None}))
        guest.evaluate(SEND_RAW, canonical_text({"t": "act", "n": sent[0], "seat": 1, "version": version, "action": {"type": "pass"}}))
        # spelt another way than the canonical one, each to make devices hash or read different things
        guest.evaluate(SEND_FORGED, '{"action":{"type":"pass","x":1e-7},"n":@N@,"nonce":"00","seat":1,"t":"reveal","version":%d}' % version)
        guest.evaluate(SEND_FORGED, '{"action":{"type":"pass"},"n":@N@,"seat":0,"seat":1,"t":"act","version":%d}' % version)
        guest.evaluate(SEND_FORGED, '{"action":{"type":"\\ud800"},"n":@N@,"seat":1,"t":"act","version":%d}' % version)
        try:
            guest.wait_for_function("window.parlourNet.guest.received.filter(m => m.t === 'error').length >= 16", timeout=10_000)
        except Exception:
            print(errors(guest)); print(host.evaluate("window.parlourNet.host.netLog.map(e => e.text)")); raise
        got = errors(guest)
        expect = ["not JSON", "too large", "not an object", "not yours", "not your turn", "old position|sent for move",
                  "Unknown message type", "Unknown message type \"__proto__\"", "malformed", "no secret round",
                  "not signed with your seat's key", "already said", "Replayed",
                  r"not in canonical form \(a number that is neither", r"not in canonical form \(spelled another way",
                  r"not in canonical form \(a string holds a lone surrogate"]
        import re
        for pattern in expect:
            assert any(re.search(pattern, e, re.I) for e in got), (pattern, got)
        log = host.evaluate("window.parlourNet.host.netLog.map(e => e.text)")
        assert sum("refused" in line for line in log) >= 15
        assert state_hash(host) == before, "a refused message changed the game"
        assert host.evaluate("window.parlourNet.host.version") == version
        # the game goes on and ends fairly
        play_all_through_tables([host, guest], seed=10)
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        # a connection that keeps sending garbage is closed
        for _ in range(12):
            guest.evaluate(SEND_RAW, "garbage")
        host.wait_for_function("window.parlourNet.host.netLog.some(e => e.text.includes('closed after'))", timeout=10_000)
        host.wait_for_selector(".p2p-seat[data-seat='1'][data-state='away']", timeout=10_000)
        for b in browsers:
            b.close()
