// @ts-check
/**
 * Compact signalling codes: a WebRTC data-channel offer or answer packed into
 * bytes and base64url instead of a raw SDP (which is ~600 characters).
 *
 * Only what the other side cannot invent is kept: the ICE username fragment
 * and password (6 bits a character), the DTLS certificate's SHA-256
 * fingerprint (32 bytes), the DTLS role, and a few UDP candidates (type,
 * address, port).  The rest of the SDP is the same for every Parlour data
 * channel and is rebuilt from a template.
 *
 * Layout (all integers big-endian):
 *   byte 0      format version (1)
 *   byte 1      flags: bit0 answer, bit1 setup:passive (answers), bit2 host uses ICE servers
 *   bytes 2-3   invite tag (random; an answer repeats its invite's tag)
 *   byte 4      seat (255: spectator)
 *   byte 5      invite kind (0 seat, 1 rejoin, 2 spectator)
 *   ufrag:      1 length byte, then ceil(len*6/8) packed bytes
 *   pwd:        1 length byte, then ceil(len*6/8) packed bytes
 *   32 bytes    fingerprint
 *   1 byte      candidate count, then per candidate:
 *               1 byte kind (bits 0-1 family: 0 IPv4, 1 IPv6, 2 mDNS name; bits 2-3 type: 0 host, 1 srflx, 2 relay)
 *               4, 16 or 16 (mDNS UUID) address bytes, 2 port bytes
 */
import { fromB64url, toB64url } from "./bytes.js";

export const FORMAT = 1;
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const TYPES = ["host", "srflx", "relay"];
/** The most candidates a code carries (an answer needs few: the host learns the rest from its checks). */
export const MAX_OFFER_CANDIDATES = 6;
export const MAX_ANSWER_CANDIDATES = 3;
/** Candidate bytes an answer may spend: one IPv6 or mDNS address and one IPv4, or three IPv4. */
export const ANSWER_CANDIDATE_BYTES = 26;

/**
 * @typedef {{family: number, type: string, address: string, port: number}} Candidate
 * @typedef {{answer: boolean, passive: boolean, usesIce: boolean, tag: number, seat: number|null, kind: number,
 *   ufrag: string, pwd: string, fingerprint: Uint8Array, candidates: Candidate[]}} Signal
 */

/** Read what a code needs from a local SDP. @param {string} sdp */
export function parseSdp(sdp) {
  const line = (key) => sdp.split(/\r?\n/).find((l) => l.startsWith(`a=${key}:`))?.slice(key.length + 3).trim();
  const ufrag = line("ice-ufrag");
  const pwd = line("ice-pwd");
  const fp = line("fingerprint");
  const setup = line("setup");
  if (!ufrag || !pwd || !fp || !/^sha-256 /i.test(fp)) throw new Error("The browser made an SDP this app cannot pack.");
  const fingerprint = new Uint8Array(fp.split(" ")[1].split(":").map((x) => parseInt(x, 16)));
  /** @type {Candidate[]} */
  const candidates = [];
  for (const l of sdp.split(/\r?\n/)) {
    const m = /^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (host|srflx|relay)/i.exec(l);
    if (!m) continue;
    const family = m[1].includes(":") ? 1 : /\.local$/i.test(m[1]) ? 2 : 0;
    if (family === 2 && !/^[0-9a-f-]{36}\.local$/i.test(m[1])) continue;
    candidates.push({ family, type: m[3], address: m[1], port: Number(m[2]) });
  }
  return { ufrag, pwd, fingerprint, passive: setup === "passive", candidates };
}

/** Best first: server-reflexive (the internet), then LAN addresses, then loopback last. @param {Candidate} c */
function rank(c) {
  const loop = c.address === "127.0.0.1" || c.address === "::1";
  return (c.type === "srflx" ? 0 : c.type === "relay" ? 1 : 2) * 10 + (loop ? 5 : 0) + c.family;
}

/** @param {Candidate[]} list @param {number} max @param {number} [budget] bytes */
export function chooseCandidates(list, max, budget = Infinity) {
  const seen = new Set();
  let spent = 0;
  return [...list].sort((a, b) => rank(a) - rank(b)).filter((c) => {
    const key = `${c.address} ${c.port}`;
    const cost = c.family === 0 ? 7 : 19;
    if (seen.has(key) || spent + cost > budget) return false;
    seen.add(key);
    spent += cost;
    return true;
  }).slice(0, max);
}

/** @param {Signal} s @returns {string} */
export function encodeSignal(s) {
  const out = [FORMAT, (s.answer ? 1 : 0) | (s.passive ? 2 : 0) | (s.usesIce ? 4 : 0), s.tag >> 8, s.tag & 255,
    s.seat === null ? 255 : s.seat, s.kind];
  packIce(out, s.ufrag);
  packIce(out, s.pwd);
  if (s.fingerprint.length !== 32) throw new Error("fingerprint must be SHA-256");
  out.push(...s.fingerprint);
  out.push(s.candidates.length);
  for (const c of s.candidates) {
    out.push(c.family | (TYPES.indexOf(c.type) << 2));
    out.push(...addressBytes(c));
    out.push(c.port >> 8, c.port & 255);
  }
  return toB64url(new Uint8Array(out));
}

/** @param {string} code @returns {Signal} */
export function decodeSignal(code) {
  let bytes;
  try {
    bytes = fromB64url(code);
  } catch {
    throw new Error("That code has characters a Parlour code never has; copy it again, whole.");
  }
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw new Error("That code is cut short; copy it again, whole.");
    const part = bytes.subarray(at, at + n);
    at += n;
    return part;
  };
  const [version, flags, t1, t2, seat, kind] = take(6);
  if (version !== FORMAT) throw new Error("That code was made by another version of Parlour.");
  const ufrag = unpackIce(take);
  const pwd = unpackIce(take);
  const fingerprint = new Uint8Array(take(32));
  const count = take(1)[0];
  /** @type {Candidate[]} */
  const candidates = [];
  for (let i = 0; i < count; i++) {
    const k = take(1)[0];
    const family = k & 3;
    const type = TYPES[(k >> 2) & 3];
    if (family > 2 || !type) throw new Error("That code is damaged.");
    const addr = take(family === 0 ? 4 : 16);
    const [p1, p2] = take(2);
    candidates.push({ family, type, address: addressText(family, addr), port: (p1 << 8) | p2 });
  }
  if (at !== bytes.length) throw new Error("That code has extra characters at the end.");
  return { answer: !!(flags & 1), passive: !!(flags & 2), usesIce: !!(flags & 4), tag: (t1 << 8) | t2,
    seat: seat === 255 ? null : seat, kind, ufrag, pwd, fingerprint, candidates };
}

/** The SDP a browser accepts as the remote description for a decoded signal. @param {Signal} s */
export function buildSdp(s) {
  const fp = Array.from(s.fingerprint, (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const lines = [
    "v=0", `o=- ${s.tag}${s.answer ? 1 : 0} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
  ];
  s.candidates.forEach((c, i) => {
    const pref = { host: 126, srflx: 100, relay: 0 }[c.type] ?? 0;
    const priority = pref * 2 ** 24 + (65535 - i) * 256 + 255;
    const related = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related} generation 0`);
  });
  lines.push(`a=ice-ufrag:${s.ufrag}`, `a=ice-pwd:${s.pwd}`, "a=ice-options:trickle", `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${s.answer ? (s.passive ? "passive" : "active") : "actpass"}`, "a=mid:0", "a=sctp-port:5000",
    "a=max-message-size:262144");
  return lines.join("\r\n") + "\r\n";
}

/** @param {number[]} out @param {string} text */
function packIce(out, text) {
  if (text.length > 255 || [...text].some((ch) => !ICE_CHARS.includes(ch))) throw new Error("unexpected ICE credential");
  out.push(text.length);
  let acc = 0;
  let bits = 0;
  for (const ch of text) {
    acc = ((acc << 6) | ICE_CHARS.indexOf(ch)) & 0xffffff;
    bits += 6;
    if (bits >= 8) { bits -= 8; out.push((acc >> bits) & 255); }
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 255);
}

/** @param {(n: number) => Uint8Array} take */
function unpackIce(take) {
  const len = take(1)[0];
  const bytes = take(Math.ceil((len * 6) / 8));
  let acc = 0;
  let bits = 0;
  let text = "";
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xffffff;
    bits += 8;
    while (bits >= 6 && text.length < len) { bits -= 6; text += ICE_CHARS[(acc >> bits) & 63]; }
  }
  if (len < 4) throw new Error("That code is damaged.");
  return text;
}

/** @param {Candidate} c @returns {number[]} */
function addressBytes(c) {
  if (c.family === 0) return c.address.split(".").map(Number);
  if (c.family === 2) return c.address.slice(0, 36).replace(/-/g, "").match(/../g)?.map((x) => parseInt(x, 16)) ?? [];
  const [head, tail = ""] = c.address.split("::");
  const a = head ? head.split(":") : [];
  const b = c.address.includes("::") && tail ? tail.split(":") : [];
  const groups = c.address.includes("::") ? [...a, ...Array(8 - a.length - b.length).fill("0"), ...b] : a;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

/** @param {number} family @param {Uint8Array} b */
function addressText(family, b) {
  if (family === 0) return Array.from(b).join(".");
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  if (family === 2) return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((b[i] << 8) | b[i + 1]).toString(16));
  return groups.join(":");
}
