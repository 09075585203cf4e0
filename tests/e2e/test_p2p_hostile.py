"""A hostile guest sends malformed, oversized, wrong-seat, out-of-turn, replayed and
forged messages over the real data channel: each is refused with an error reply and
logged, the game is unharmed, and a connection that keeps sending garbage is closed."""
import json

from contextlib import nullcontext

from p2p_helpers import (click_once, hosted_pair, play_all, wait_fair)

SEND_NUMBERED = """(m) => { const l = window.parlourNet.guest.link; l.outSeq += 1;
  l.sendRaw(JSON.stringify({...m, n: l.outSeq})); return l.outSeq; }"""
SEND_RAW = "(text) => window.parlourNet.guest.link.sendRaw(text)"


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
        guest.evaluate(SEND_RAW, "[1, 2, 3]")
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "act", "seat": 0, "version": version, "action": legal_for_host[0]}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "act", "seat": 1, "version": version, "action": {"type": "pass"}}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "act", "seat": 1, "version": version + 3, "action": {"type": "pass"}}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "hack", "seat": 1}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "__proto__", "seat": 1}))
        guest.evaluate(SEND_NUMBERED, {"t": "sync"})  # a good message: the run of bad ones starts again (10 close)
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "act", "seat": "1", "version": version, "action": {"type": "pass"}}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "commit", "seat": 1, "version": version, "hash": "0" * 64}))
        sent.append(guest.evaluate(SEND_NUMBERED, {"t": "hello", "name": "again"}))
        guest.evaluate(SEND_RAW, json.dumps({"t": "act", "n": sent[0], "seat": 1, "version": version, "action": {"type": "pass"}}))
        try:
            guest.wait_for_function("window.parlourNet.guest.received.filter(m => m.t === 'error').length >= 12", timeout=10_000)
        except Exception:
            print(errors(guest)); print(host.evaluate("window.parlourNet.host.netLog.map(e => e.text)")); raise
        got = errors(guest)
        expect = ["not JSON", "too large", "not an object", "not yours", "not your turn", "old position|sent for move",
                  "Unknown message type", "Unknown message type \"__proto__\"", "malformed", "no secret round", "already said", "Replayed"]
        import re
        for pattern in expect:
            assert any(re.search(pattern, e, re.I) for e in got), (pattern, got)
        log = host.evaluate("window.parlourNet.host.netLog.map(e => e.text)")
        assert sum("refused" in line for line in log) >= 11
        assert state_hash(host) == before, "a refused message changed the game"
        assert host.evaluate("window.parlourNet.host.version") == version
        # the game goes on and ends fairly
        play_all([host, guest], seed=10)
        fair, text = wait_fair(guest)
        assert fair == "ok", text
        # a connection that keeps sending garbage is closed
        for _ in range(12):
            guest.evaluate(SEND_RAW, "garbage")
        host.wait_for_function("window.parlourNet.host.netLog.some(e => e.text.includes('closed after'))", timeout=10_000)
        host.wait_for_selector(".p2p-seat[data-seat='1'][data-state='away']", timeout=10_000)
        for b in browsers:
            b.close()
