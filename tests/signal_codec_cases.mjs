// @ts-check
/**
 * js/net/signal-codec.js on the SDPs real browsers make: Firefox ESR 153 and
 * Chromium, recorded on this machine (data channel only, no ICE servers), and
 * Firefox's server-reflexive and relay lines as Firefox words them.  Run by
 * tests/test_signal_codec.py with `node --test`.
 *
 * What differs in Firefox: "UDP" in capitals, TCP candidates beside the UDP
 * ones, the fingerprint at session level, `a=end-of-candidates`, an 8-character
 * ufrag and a 32-character password (Chromium: 4 and 24), setup:active in
 * answers, and one mDNS name per interface (an IPv4 and an IPv6 one).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ANSWER_CANDIDATE_BYTES, MAX_ANSWER_CANDIDATES, MAX_OFFER_CANDIDATES,
  buildSdp, chooseCandidates, decodeSignal, encodeSignal, parseSdp,
} from "../js/net/signal-codec.js";

const sdp = (/** @type {string[]} */ lines) => lines.join("\r\n") + "\r\n";

/** Firefox ESR 153's answer, as made (host addresses hidden behind mDNS names, its default). */
const FIREFOX_ANSWER = sdp([
  "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 2023046873576600100 0 IN IP4 0.0.0.0", "s=-", "t=0 0", "a=sendrecv",
  "a=fingerprint:sha-256 D0:14:B7:54:74:CD:77:A6:14:6E:63:A1:BD:FE:9E:44:FD:A3:91:CA:B8:08:05:25:01:22:D0:C8:0E:5F:9F:DB",
  "a=group:BUNDLE 0", "a=ice-options:trickle", "a=msid-semantic:WMS *",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
  "a=candidate:0 1 UDP 2122187007 a14c9ab2-6f1e-483e-9817-dd40c960d4e6.local 40628 typ host",
  "a=candidate:1 1 UDP 2122252543 e127f8d1-a0bd-49c7-9ce7-2307a034b5f2.local 46777 typ host",
  "a=candidate:2 1 TCP 2105458943 a14c9ab2-6f1e-483e-9817-dd40c960d4e6.local 9 typ host tcptype active",
  "a=candidate:3 1 TCP 2105524479 e127f8d1-a0bd-49c7-9ce7-2307a034b5f2.local 9 typ host tcptype active",
  "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:ffddab9efea59445e0b10a08ce4f5e00", "a=ice-ufrag:96abe2b8",
  "a=mid:0", "a=setup:active", "a=sctp-port:5000", "a=max-message-size:1073741823",
]);

/** Firefox's offer where it shows its addresses (after a camera or microphone permission, or by preference). */
const FIREFOX_OFFER_ADDRESSES = sdp([
  "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 9019091641083669882 0 IN IP4 0.0.0.0", "s=-", "t=0 0", "a=sendrecv",
  "a=fingerprint:sha-256 E2:E3:DB:48:1A:8C:DB:D2:48:CB:CE:A0:8A:8E:F9:3D:12:7A:45:C0:01:FA:6D:0D:89:50:9B:64:3F:4D:CA:A3",
  "a=group:BUNDLE 0", "a=ice-options:trickle", "a=msid-semantic:WMS *",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
  "a=candidate:0 1 UDP 2122187007 192.0.2.2 41274 typ host",
  "a=candidate:1 1 UDP 2122252543 fd00::2 50287 typ host",
  "a=candidate:2 1 TCP 2105458943 192.0.2.2 9 typ host tcptype active",
  "a=candidate:3 1 TCP 2105524479 fd00::2 9 typ host tcptype active",
  "a=candidate:4 1 UDP 1686052607 203.0.113.7 54321 typ srflx raddr 192.0.2.2 rport 41274",
  "a=candidate:5 1 UDP 92217087 198.51.100.9 61000 typ relay raddr 198.51.100.9 rport 61000",
  "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:15f18af5321a240e0877e6899edc6013", "a=ice-ufrag:d4247f43",
  "a=mid:0", "a=setup:actpass", "a=sctp-port:5000", "a=max-message-size:1073741823",
]);

/** Chromium's offer on this machine, for comparison. */
const CHROMIUM_OFFER = sdp([
  "v=0", "o=- 1077706660280067899 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
  "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
  "a=candidate:2530344197 1 udp 2113937151 eb172220-1cfc-49ac-aa9e-1cca07509edd.local 42999 typ host generation 0 network-cost 999",
  "a=candidate:2306429953 1 udp 2113942271 33ade533-045a-4c95-b4e0-885161504e4f.local 33169 typ host generation 0 network-cost 999",
  "a=ice-ufrag:S5fH", "a=ice-pwd:JCBnGjPD2C1jzOVb6Iypfqwl", "a=ice-options:trickle",
  "a=fingerprint:sha-256 1F:2E:83:3F:0B:46:E1:81:FA:F2:F2:94:9C:94:BF:7E:9E:16:31:48:44:D5:19:BD:C6:43:3F:A7:AD:28:22:6B",
  "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
]);

/** The longest answer code a person copies by hand: Firefox's, with an mDNS name and an IPv4 address. */
const LONGEST_ANSWER_CHARS = 130;

/** @param {string} text @param {boolean} answer @param {number} max @param {number} [budget] */
function roundTrip(text, answer, max, budget) {
  const local = parseSdp(text);
  const signal = {
    answer, passive: local.passive, usesIce: false, tag: 0xbeef, seat: 1, kind: 0,
    ufrag: local.ufrag, pwd: local.pwd, fingerprint: local.fingerprint,
    candidates: chooseCandidates(local.candidates, max, budget),
  };
  const code = encodeSignal(signal);
  return { local, signal, code, decoded: decodeSignal(code) };
}

/** The line a rebuilt SDP has for `key`. @param {string} text @param {string} key */
const attribute = (text, key) => text.split("\r\n").find((l) => l.startsWith(`a=${key}:`))?.slice(key.length + 3);

test("Firefox's answer: mDNS names kept, TCP candidates left out, credentials and role intact", () => {
  const { local, signal, code, decoded } = roundTrip(FIREFOX_ANSWER, true, MAX_ANSWER_CANDIDATES, ANSWER_CANDIDATE_BYTES);
  assert.equal(local.ufrag, "96abe2b8");
  assert.equal(local.pwd, "ffddab9efea59445e0b10a08ce4f5e00");
  assert.equal(local.passive, false, "Firefox answers setup:active");
  assert.deepEqual(local.candidates.map((c) => [c.family, c.type, c.port]), [[2, "host", 40628], [2, "host", 46777]]);
  assert.equal(local.fingerprint.length, 32);
  assert.equal(local.fingerprint[0], 0xd0);
  assert.deepEqual(decoded, signal);
  assert.equal(decoded.candidates.length, 1, "one mDNS name fits the answer's candidate bytes");
  assert.ok(code.length <= LONGEST_ANSWER_CHARS, `answer code of ${code.length} characters`);
  const rebuilt = buildSdp(decoded);
  assert.equal(attribute(rebuilt, "setup"), "active");
  assert.equal(attribute(rebuilt, "ice-pwd"), local.pwd);
  assert.match(rebuilt, /a=candidate:1 1 udp \d+ a14c9ab2-6f1e-483e-9817-dd40c960d4e6\.local 40628 typ host/);
  assert.deepEqual(parseSdp(rebuilt).fingerprint, local.fingerprint);
});

test("Firefox's offer with its addresses: IPv4, IPv6, server-reflexive and relay survive, best first", () => {
  const { signal, decoded } = roundTrip(FIREFOX_OFFER_ADDRESSES, false, MAX_OFFER_CANDIDATES);
  assert.deepEqual({ ...decoded, candidates: [] }, { ...signal, candidates: [] });
  assert.deepEqual(decoded.candidates.map((c) => `${c.type} ${c.address} ${c.port}`), [
    "srflx 203.0.113.7 54321", "relay 198.51.100.9 61000", "host 192.0.2.2 41274", "host fd00:0:0:0:0:0:0:2 50287",
  ], "IPv6 comes back written out in full, which every browser reads");
  const rebuilt = buildSdp(decoded);
  assert.equal(attribute(rebuilt, "setup"), "actpass");
  assert.match(rebuilt, /typ srflx raddr 0\.0\.0\.0 rport 0/);
  assert.equal(parseSdp(rebuilt).candidates.length, 4);
});

test("Firefox's answer behind a home router: its server-reflexive address and one mDNS name fit", () => {
  const withSrflx = FIREFOX_ANSWER.replace("a=candidate:2 1 TCP",
    "a=candidate:4 1 UDP 1686052607 203.0.113.7 54321 typ srflx raddr 0.0.0.0 rport 0\r\na=candidate:2 1 TCP");
  const { code, decoded } = roundTrip(withSrflx, true, MAX_ANSWER_CANDIDATES, ANSWER_CANDIDATE_BYTES);
  assert.deepEqual(decoded.candidates.map((c) => [c.type, c.family]), [["srflx", 0], ["host", 2]]);
  assert.ok(code.length <= LONGEST_ANSWER_CHARS, `answer code of ${code.length} characters`);
});

test("Chromium's offer packs the same way (shorter credentials)", () => {
  const { local, signal, decoded, code } = roundTrip(CHROMIUM_OFFER, false, MAX_OFFER_CANDIDATES);
  assert.equal(local.ufrag.length, 4);
  assert.equal(local.pwd.length, 24);
  assert.deepEqual(decoded, signal);
  const firefox = roundTrip(FIREFOX_ANSWER.replace("a=setup:active", "a=setup:actpass"), false, MAX_OFFER_CANDIDATES);
  assert.ok(firefox.code.length > code.length, "Firefox's longer ICE credentials make its codes longer");
});
