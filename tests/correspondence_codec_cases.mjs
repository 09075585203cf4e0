// @ts-check
/**
 * Correspondence links' transport (issue 43): the JSON delta (js/net/json-delta.js), the mailbox that numbers and
 * acknowledges messages (js/net/mailbox.js) and names the dictionaries both ends make alike, lists by columns
 * (js/net/json-columns.js), the link's packing and encryption (js/net/mail-codec.js) and the channel
 * js/net/link.js reads (js/net/mail-channel.js).  Run by tests/test_correspondence_codec.py with
 * `node --test`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { deflateRawSync } from "node:zlib";
import { canonical } from "../js/net/canonical.js";
import { diff, patch, DeltaError } from "../js/net/json-delta.js";
import { bundle, dictionaryFor, dictionaryFrom, newMailbox, post, receive, MailboxError, withViewHash } from "../js/net/mailbox.js";
import {
  GUEST_TO_HOST, HOST_TO_GUEST, MAIL_FORMAT, MailError, newMailKeyPair, openBundle, packBundle, readHeader, sealBundle, senderKey,
  sharedMailKey, unpackBundle,
} from "../js/net/mail-codec.js";
import { pack, unpack } from "../js/net/json-columns.js";
import { viewHash } from "../js/net/bytes.js";
import { MailChannel, MailPeer } from "../js/net/mail-channel.js";
import { MailEnd } from "../js/net/mail-invite.js";
import { Link } from "../js/net/link.js";
import { fromB64url, toB64url } from "../js/net/bytes.js";

/** A small seeded generator (mulberry32), so a failing case replays. @param {number} seed */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random JSON value of bounded depth. @param {() => number} r @param {number} depth @returns {any} */
function value(r, depth) {
  const pick = Math.floor(r() * (depth > 0 ? 7 : 4));
  if (pick === 0) return Math.floor(r() * 20) - 5;
  if (pick === 1) return ["a", "b", "__proto__", "", "é"][Math.floor(r() * 5)];
  if (pick === 2) return r() < 0.5;
  if (pick === 3) return null;
  if (pick === 4 || pick === 5) return Array.from({ length: Math.floor(r() * 5) }, () => value(r, depth - 1));
  /** @type {Record<string, any>} */
  const o = {};
  for (let i = Math.floor(r() * 5); i > 0; i--) {
    Object.defineProperty(o, ["x", "y", "z", "__proto__", "w"][Math.floor(r() * 5)], { value: value(r, depth - 1), enumerable: true, writable: true, configurable: true });
  }
  return o;
}

/** A value changed a little, as a view changes from one move to the next. @param {() => number} r @param {any} v @returns {any} */
function mutate(r, v) {
  if (r() < 0.15) return value(r, 2);
  if (Array.isArray(v)) {
    const out = v.map((x) => (r() < 0.3 ? mutate(r, x) : x));
    if (r() < 0.3) out.splice(Math.floor(r() * (out.length + 1)), 0, value(r, 1));
    if (r() < 0.3 && out.length) out.splice(Math.floor(r() * out.length), 1);
    return out;
  }
  if (v && typeof v === "object") {
    /** @type {Record<string, any>} */
    const out = {};
    for (const k of Object.keys(v)) {
      if (r() < 0.1) continue;
      Object.defineProperty(out, k, { value: r() < 0.3 ? mutate(r, v[k]) : v[k], enumerable: true, writable: true, configurable: true });
    }
    if (r() < 0.3) Object.defineProperty(out, "n" + Math.floor(r() * 3), { value: value(r, 1), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value(r, 0);
}

test("a delta patched onto its base gives the value exactly, for 3,000 random pairs", () => {
  const r = rng(43);
  for (let i = 0; i < 3000; i++) {
    const base = value(r, 4);
    const next = r() < 0.7 ? mutate(r, base) : value(r, 4);
    const d = diff(base, next);
    const back = patch(base, JSON.parse(JSON.stringify(d)));
    assert.equal(canonical(back), canonical(next), `pair ${i}`);
    if (back && typeof back === "object") assert.equal(Object.getPrototypeOf(back) === null, false);
  }
});

test("a delta never spells more than the value whole", () => {
  const r = rng(7);
  for (let i = 0; i < 500; i++) {
    const base = value(r, 4);
    const next = mutate(r, base);
    const d = diff(base, next);
    if (d !== null) assert.ok(JSON.stringify(d).length <= JSON.stringify({ "=": next }).length);
  }
});

test("a view with one move more travels as a small delta", () => {
  const board = Array.from({ length: 13 }, (_, y) => Array.from({ length: 13 }, (_, x) => ((x * y) % 5 ? null : { suit: x % 4, rank: y % 6 })));
  const hand = ["2S", "3M", "AC", "4A", "5S", "NC"];
  const base = { version: 12, board, hand, log: Array.from({ length: 12 }, (_, i) => ({ seat: i % 3, text: `move ${i}` })) };
  const next = { version: 13, board: board.map((row, y) => (y === 4 ? row.map((c, x) => (x === 7 ? { suit: 2, rank: 3 } : c)) : row)),
    hand: hand.filter((c) => c !== "AC"), log: [...base.log, { seat: 0, text: "move 12" }] };
  const d = diff(base, next);
  assert.equal(canonical(patch(base, d)), canonical(next));
  assert.ok(JSON.stringify(d).length < 200, `${JSON.stringify(d).length}: ${JSON.stringify(d)}`);
});

test("a delta that does not fit its base is refused, and no key sets a prototype", () => {
  assert.throws(() => patch([1, 2], { o: { a: { "=": 1 } }, d: [] }), DeltaError);
  assert.throws(() => patch({ a: 1 }, { a: 3, i: {} }), DeltaError);
  assert.throws(() => patch([1], { a: 3, i: { 2: { "=": 1 } } }), DeltaError); // a hole at 1
  assert.throws(() => patch({ a: 1 }, { o: {}, d: ["b"] }), DeltaError);
  assert.throws(() => patch([1, 2], { p: 2, s: 1, m: [] }), DeltaError);
  assert.throws(() => patch(1, { x: 1 }), DeltaError);
  const evil = patch({}, JSON.parse('{"o": {"__proto__": {"=": {"polluted": 1}}}, "d": []}'));
  assert.equal(/** @type {any} */ ({}).polluted, undefined);
  assert.deepEqual(Object.keys(evil), ["__proto__"]);
  assert.equal(Object.getPrototypeOf(evil), Object.prototype);
});

/** Two mailboxes and a lossy postman: links made at random, some never opened, some opened late or twice. */
test("every message arrives once and in order however links are lost, repeated or opened late", () => {
  const r = rng(11);
  for (let run = 0; run < 200; run++) {
    const ends = [newMailbox(), newMailbox()];
    /** @type {string[][]} */
    const sentBy = [[], []];
    /** @type {string[][]} */
    const gotBy = [[], []];
    /** @type {{from: number, b: any, k: number, dict: any}[]} */
    const made = [];
    let view = value(r, 3);
    for (let step = 0; step < 60; step++) {
      const who = r() < 0.5 ? 0 : 1;
      const roll = r();
      if (roll < 0.45) {
        view = mutate(r, view);
        const text = canonical({ t: r() < 0.7 ? "ev" : "note", waiting: r() < 0.6 ? false : true, view, i: step, n: 99 });
        post(ends[who], text);
        sentBy[who].push(canonical({ ...JSON.parse(text), n: 0 }));
      } else if (roll < 0.75) {
        const b = JSON.parse(JSON.stringify(bundle(ends[who])));
        made.push({ from: who, b, k: ends[who].kOut, dict: dictionaryFor(ends[who]) });
      } else if (made.length) {
        const pickAt = r() < 0.7 ? made.length - 1 : Math.floor(r() * made.length);
        const { from, b, k, dict } = made[pickAt];
        const to = 1 - from;
        const before = JSON.stringify(ends[to]);
        if (k > ends[to].kIn) {
          // the receiving end makes the same dictionary from what it kept: a link it would open never names more
          assert.equal(dictionaryFrom(ends[to], dict.mine, dict.yours), dict.text, `run ${run}: a dictionary made differently`);
        }
        try {
          for (const t of receive(ends[to], b, k)) gotBy[to].push(canonical({ ...JSON.parse(t), n: 0 }));
        } catch (err) {
          assert.ok(err instanceof MailboxError, String(err));
          assert.equal(JSON.stringify(ends[to]), before, "a refused link changes nothing");
        }
      }
    }
    // finally each end sends a link the other opens, twice over: everything is through
    for (let i = 0; i < 2; i++) {
      for (const who of [0, 1]) {
        const b = bundle(ends[who]);
        for (const t of receive(ends[1 - who], b, ends[who].kOut)) gotBy[1 - who].push(canonical({ ...JSON.parse(t), n: 0 }));
      }
    }
    for (const [got, sent] of [[gotBy[1], sentBy[0]], [gotBy[0], sentBy[1]]]) {
      // in order, each once; a game event may be superseded by a later one, nothing else is ever missing
      let at = 0;
      for (const text of got) {
        const found = sent.indexOf(text, at);
        assert.ok(found >= 0, `run ${run}: a message out of order or twice`);
        for (const skipped of sent.slice(at, found)) {
          const m = JSON.parse(skipped);
          assert.ok(m.t === "ev" && m.waiting === false, `run ${run}: a ${m.t} went missing`);
        }
        at = found + 1;
      }
      for (const skipped of sent.slice(at)) assert.fail(`run ${run}: the last messages never came (${skipped.slice(0, 40)})`);
    }
    // acknowledged messages are forgotten but the few kept for bases and dictionaries (per kind 3, and one per
    // shape), and superseded events a link carried (4) until an acknowledgement names or passes them
    assert.ok(ends[0].out.length <= 16 && ends[1].out.length <= 16, `${ends[0].out.length}, ${ends[1].out.length}`);
    assert.ok(ends[0].said.length <= 8 + 2 && ends[1].said.length <= 8 + 2, "texts kept for dictionaries are bounded");
  }
});

test("the same link opened twice, or an older one after a newer, changes nothing and says so", () => {
  const a = newMailbox();
  const b = newMailbox();
  post(a, canonical({ t: "ev", version: 1, n: 1 }));
  const first = bundle(a);
  post(a, canonical({ t: "ev", version: 2, n: 2 }));
  const second = bundle(a);
  assert.equal(receive(b, second, 2).length, 2);
  assert.throws(() => receive(b, second, 2), /opened here already/);
  assert.throws(() => receive(b, first, 1), /later link/);
  assert.throws(() => receive(b, { ack: 0, have: 0, m: [[9, 8, { o: { version: { "=": 3 } }, d: [] }]] }, 3), /does not have/);
  assert.throws(() => receive(b, { ack: 5, have: 0, m: [] }, 4), /never sent/);
  assert.throws(() => receive(b, { ack: 0, have: 0, m: [[4, 0, { "=": [1] }]] }, 5), /not a message/);
  assert.equal(b.got, 2);
});

test("a game event not yet acknowledged is superseded by the next, keeping the deal record a link's first one carries", () => {
  const host = newMailbox();
  const guest = newMailbox();
  post(host, canonical({ t: "ev", ev: 1, waiting: true, version: 0, n: 1 }));
  post(host, canonical({ t: "ev", ev: 2, waiting: true, version: 0, n: 2 }));
  post(host, canonical({ t: "ev", ev: 3, waiting: false, version: 0, dealt: { seals: 1 }, n: 3 }));
  post(host, canonical({ t: "note", text: "a bot moved", n: 4 }));
  post(host, canonical({ t: "ev", ev: 4, waiting: false, version: 1, n: 5 }));
  post(host, canonical({ t: "ev", ev: 5, waiting: false, version: 2, n: 6 }));
  const got = receive(guest, bundle(host), 1).map((t) => JSON.parse(t));
  // both events before the game stay; of the game's, only the last, with the deal record; numbered 1, 2, 3…
  assert.deepEqual(got.map((m) => [m.t, m.ev ?? null, m.n, m.dealt ?? null]), [
    ["ev", 1, 1, null], ["ev", 2, 2, null], ["note", null, 3, null], ["ev", 5, 4, { seals: 1 }],
  ]);
  // once the guest has it (its link acknowledges), a later event is not merged with it
  post(guest, canonical({ t: "act", n: 1 }));
  receive(host, bundle(guest), 1);
  post(host, canonical({ t: "ev", ev: 6, waiting: false, version: 3, n: 7 }));
  const next = receive(guest, bundle(host), 2).map((t) => JSON.parse(t));
  assert.deepEqual(next.map((m) => [m.ev, m.n, m.dealt ?? null]), [[6, 5, null]]);
});

const TABLE = "0123456789abcdef";
const NO_DICT = { mine: [], yours: [], primer: false, text: "" };
const noDict = async () => "";

async function pair() {
  const host = await newMailKeyPair();
  const guest = await newMailKeyPair();
  return {
    host, guest,
    hostKey: await sharedMailKey(host.privateJwk, guest.publicKey, TABLE),
    guestKey: await sharedMailKey(guest.privateJwk, host.publicKey, TABLE),
  };
}

test("a link opens only on its own device, with the header it was made with", async () => {
  const p = await pair();
  const other = await newMailKeyPair();
  const stranger = await sharedMailKey(other.privateJwk, p.host.publicKey, TABLE);
  const text = await sealBundle(p.guestKey, { table: TABLE, seat: 2, dir: GUEST_TO_HOST, k: 1, key: p.guest.publicKey }, { hello: "Ann" }, NO_DICT);
  const h = readHeader(text);
  assert.deepEqual({ table: h.table, seat: h.seat, dir: h.dir, k: h.k }, { table: TABLE, seat: 2, dir: GUEST_TO_HOST, k: 1 });
  assert.equal(senderKey(h), p.guest.publicKey);
  const opened = await openBundle(p.hostKey, text, noDict);
  assert.deepEqual(opened.bundle, { hello: "Ann" });
  await assert.rejects(openBundle(stranger, text, noDict), MailError);
  const bytes = fromB64url(text);
  for (const [at, what] of [[9, "seat"], [10, "direction"], [14, "number"], [3, "table"], [40, "key"], [bytes.length - 1, "tag"]]) {
    const bad = bytes.slice();
    bad[/** @type {number} */ (at)] ^= 1;
    await assert.rejects(openBundle(p.hostKey, toB64url(bad), noDict), MailError, String(what));
  }
  await assert.rejects(openBundle(p.hostKey, text.slice(0, 60), noDict), /cut short/);
  await assert.rejects(openBundle(p.hostKey, `${text}*`, noDict), /characters a link never has/);
  for (const [format, said] of [[MAIL_FORMAT - 1, /older version/], [MAIL_FORMAT + 1, /newer version/]]) {
    const other = bytes.slice();
    other[0] = /** @type {number} */ (format);
    await assert.rejects(openBundle(p.hostKey, toB64url(other), noDict), said);
  }
  // made for another table: the key differs, and so does the header
  const elsewhere = await sharedMailKey(p.host.privateJwk, p.guest.publicKey, "fedcba9876543210");
  await assert.rejects(openBundle(elsewhere, text, noDict), MailError);
});

test("a link that unpacks to too much is refused before it is read", async () => {
  const p = await pair();
  const header = new Uint8Array(15);
  header[0] = MAIL_FORMAT;
  header.set([1, 35, 69, 103, 137, 171, 205, 239], 1);
  header[9] = 0;
  header[10] = HOST_TO_GUEST;
  header[14] = 1;
  const bomb = new Uint8Array([0, 0, 0, ...deflateRawSync(Buffer.alloc(3_000_000, 32))]); // no columns, no dictionary
  const nonce = new Uint8Array(12);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce, additionalData: header }, p.hostKey, bomb));
  const text = toB64url(new Uint8Array([...header, ...nonce, ...sealed]));
  assert.ok(text.length < 6000);
  await assert.rejects(openBundle(p.guestKey, text, noDict), /too much/);
});

test("a key in a link that is not a curve point is refused with a sentence", async () => {
  const mine = await newMailKeyPair();
  await assert.rejects(sharedMailKey(mine.privateJwk, toB64url(new Uint8Array(65).fill(4)), TABLE), /no valid key/);
  await assert.rejects(sharedMailKey(mine.privateJwk, "AAAA", TABLE), /no valid key/);
});

test("js/net/link.js runs over a mail channel: no heartbeat, messages numbered as it expects", async () => {
  const hostBox = newMailbox();
  const guestBox = newMailbox();
  /** @type {any[]} */
  const got = [];
  const channel = new MailChannel(guestBox);
  const link = new Link(/** @type {any} */ (channel), /** @type {any} */ (new MailPeer()), {
    maxIn: 100000, beats: false, onMessage: (m) => got.push(m), onBad: (why) => got.push({ bad: why }),
    onAway: () => got.push({ away: true }), onBack: () => {}, onClose: () => got.push({ closed: true }),
  });
  assert.equal(link.timer, null);
  await Promise.resolve();
  post(hostBox, canonical({ t: "welcome", table: TABLE, n: 1 }));
  post(hostBox, canonical({ t: "ping", n: 2 }));
  post(hostBox, canonical({ t: "ev", version: 0, n: 3 }));
  assert.equal(await channel.deliver(bundle(hostBox), 1), 2);
  assert.deepEqual(got, [{ t: "welcome", table: TABLE, n: 1 }, { t: "ev", version: 0, n: 2 }]); // the ping was never posted
  link.send({ t: "sync" });
  assert.equal(guestBox.sent, 1);
  await assert.rejects(channel.deliver(bundle(hostBox), 1), /opened here already/);
  link.close();
  assert.deepEqual(got.at(-1), { closed: true });
});

test("lists of objects by columns come back exactly, for 3,000 random values, markers and __proto__ included", () => {
  const r = rng(5);
  const strings = ["~", "~c", "~~", "~-", "a"];
  for (let i = 0; i < 3000; i++) {
    let v = value(r, 4);
    if (r() < 0.5) v = Array.from({ length: 3 + Math.floor(r() * 4) }, () => (r() < 0.9 ? { a: value(r, 2), "~c": strings[Math.floor(r() * 5)], b: r() < 0.5 ? strings[Math.floor(r() * 5)] : value(r, 1) } : value(r, 1)));
    const back = unpack(JSON.parse(canonical(pack(v))));
    assert.equal(canonical(back), canonical(v), `value ${i}`);
  }
  assert.equal(/** @type {any} */ ({}).polluted, undefined);
});

test("a stake list packs by columns to a fraction, and the packer keeps the shorter form", async () => {
  const suits = ["arms", "crowns", "moons", "suns"];
  /** @type {any[]} */
  const legal = [];
  for (let a = -3; a <= 3; a++) for (let b = -3; b <= 3; b++) for (let c = -3; c <= 3; c++) {
    const d = (-a - b - c) || 0; // never -0, which JSON does not spell
    if (d >= -3 && d <= 3) legal.push({ type: "invest", [suits[0]]: a, [suits[1]]: b, [suits[2]]: c, [suits[3]]: d });
  }
  const byColumns = packBundle({ m: [[1, 0, { "=": { t: "ev", legal } }]] }, NO_DICT);
  assert.equal(byColumns[0] & 1, 1, "by columns");
  const plainDeflated = deflateRawSync(Buffer.from(canonical({ m: [[1, 0, { "=": { t: "ev", legal } }]] })), { level: 9 }).length;
  assert.ok(byColumns.length < plainDeflated / 2, `${byColumns.length} against ${plainDeflated}`);
  assert.deepEqual(await unpackBundle(byColumns, noDict), { m: [[1, 0, { "=": { t: "ev", legal } }]] });
  const small = packBundle({ ack: 1 }, NO_DICT);
  assert.equal(small[0] & 1, 0, "a bundle with no list stays as it is");
});

test("a link packed with a dictionary opens only with the same dictionary, and says which it names", async () => {
  const dict = { mine: [4, 300], yours: [2], primer: true, text: "the board as it was: " + "x".repeat(500) };
  const packed = packBundle({ view: "the board as it was: " + "x".repeat(500) + "!" }, dict);
  assert.ok(packed.length < 40, `${packed.length} bytes`);
  /** @type {any[]} */
  const asked = [];
  const opened = await unpackBundle(packed, async (names) => { asked.push(names); return dict.text; });
  assert.deepEqual(opened, { view: "the board as it was: " + "x".repeat(500) + "!" });
  assert.deepEqual(asked, [{ mine: [4, 300], yours: [2], primer: true }]);
  await assert.rejects(unpackBundle(packed, async () => "another board"), MailError);
  await assert.rejects(unpackBundle(packed, async () => { throw new MailboxError("That link was made from a message this device does not have."); }), /does not have/);
});

test("a link leaves out an event's view hash, and the receiving end puts back the hash of the view it got", async () => {
  const host = newMailbox();
  const guest = newMailbox();
  const view = { board: [1, 2, 3] };
  post(host, canonical({ t: "ev", view, hash: "f".repeat(64), version: 1, n: 1 }));
  assert.equal(host.out[0].m.hash, undefined);
  const [text] = receive(guest, bundle(host), 1);
  assert.equal(JSON.parse(await withViewHash(text)).hash, await viewHash(view));
  assert.equal(await withViewHash(canonical({ t: "act", n: 2 })), canonical({ t: "act", n: 2 }));
});

test("the other end's messages in a dictionary are kept there until it cannot name them any more", () => {
  const host = newMailbox();
  const guest = newMailbox();
  for (let i = 1; i <= 30; i++) {
    post(guest, canonical({ t: "act", i, n: i }));
    receive(host, bundle(guest), guest.kOut);
    post(host, canonical({ t: "ev", waiting: false, view: { i }, n: i }));
    const dict = dictionaryFor(host);
    assert.ok(dict.yours.length >= 1 && dict.yours.length <= 4);
    if (i % 3 === 0) {
      // the guest opens the host's link only now and then: what it names is still there
      const k = host.kOut;
      const b = bundle(host);
      const named = dictionaryFor(host);
      assert.equal(dictionaryFrom(guest, named.mine, named.yours), named.text);
      receive(guest, b, k + 1);
    }
  }
  assert.ok(guest.said.length <= 10, `${guest.said.length} texts kept`);
  assert.throws(() => dictionaryFrom(guest, [], [1]), /does not have/);
});

test("an event superseded after a link carried it becomes the base once the other end says it got it", () => {
  const host = newMailbox();
  const guest = newMailbox();
  post(host, canonical({ t: "ev", waiting: false, view: { board: "x".repeat(300), turn: 1 }, n: 1 }));
  const a = bundle(host);
  post(host, canonical({ t: "ev", waiting: false, view: { board: "x".repeat(300), turn: 2 }, n: 2 }));
  assert.deepEqual(host.out.map((k) => [k.seq, !!k.gone]), [[1, true], [2, false]]);
  const b = bundle(host);
  assert.deepEqual(b.m.map((e) => e[0]), [2], "a superseded event is not sent again");
  // the guest opens only the first link and answers: the host learns it has event 1
  receive(guest, a, 1);
  post(guest, canonical({ t: "act", n: 1 }));
  receive(host, bundle(guest), 1);
  assert.equal(host.out.find((k) => k.seq === 1)?.gone, undefined);
  post(host, canonical({ t: "ev", waiting: false, view: { board: "x".repeat(300), turn: 3 }, n: 3 }));
  const c = bundle(host);
  assert.deepEqual(c.m.map((e) => [e[0], e[1]]), [[3, 1]], "the change from the event the guest has");
  assert.equal(receive(guest, c, 3).length, 1);
  // had it answered after the second link, event 1 would be dropped as never known to be there
  const host2 = newMailbox();
  const guest2 = newMailbox();
  post(host2, canonical({ t: "ev", waiting: false, view: { turn: 1 }, n: 1 }));
  bundle(host2);
  post(host2, canonical({ t: "ev", waiting: false, view: { turn: 2 }, n: 2 }));
  receive(guest2, bundle(host2), 2);
  post(guest2, canonical({ t: "act", n: 1 }));
  receive(host2, bundle(guest2), 1);
  assert.deepEqual(host2.out.map((k) => k.seq), [2]);
});

test("links opened at once (one in the page's address, one pasted meanwhile) reach the table in order", async () => {
  const p = await pair();
  const hostEnd = new MailEnd({ table: TABLE, seat: 1, dir: HOST_TO_GUEST, key: p.hostKey, ownKey: p.host.publicKey });
  const guestEnd = new MailEnd({ table: TABLE, seat: 1, dir: GUEST_TO_HOST, key: p.guestKey, ownKey: p.guest.publicKey });
  /** @type {any[]} */
  const got = [];
  new Link(/** @type {any} */ (guestEnd.channel), /** @type {any} */ (guestEnd.pc), {
    maxIn: 1_000_000, beats: false, onMessage: (m) => got.push(m.t === "ev" ? { t: "ev", version: m.version, n: m.n } : m),
    onBad: (why) => got.push({ bad: why }), onAway: () => {}, onBack: () => {}, onClose: () => {},
  });
  await Promise.resolve();
  // the first link's event carries a view, whose hash the receiving end works out (asynchronously) before it delivers
  const view = { board: Array.from({ length: 400 }, (_, i) => ({ square: i, piece: i % 7 ? null : "coin" })) };
  hostEnd.channel.send(canonical({ t: "ev", ev: 1, version: 3, view, waiting: true, n: 1 }));
  const first = /** @type {string} */ (await hostEnd.link());
  hostEnd.channel.send(canonical({ t: "note", text: "after", n: 2 }));
  const second = /** @type {string} */ (await hostEnd.link());
  const opened = await Promise.allSettled([guestEnd.open(first), guestEnd.open(second)]);
  assert.deepEqual(opened.map((o) => o.status), ["fulfilled", "fulfilled"]);
  assert.deepEqual(got, [{ t: "ev", version: 3, n: 1 }, { t: "note", text: "after", n: 2 }]);
  // the other order: the newer link brings everything, the older one then says it is stale and changes nothing
  hostEnd.channel.send(canonical({ t: "note", text: "third", n: 3 }));
  const third = /** @type {string} */ (await hostEnd.link());
  hostEnd.channel.send(canonical({ t: "note", text: "fourth", n: 4 }));
  const fourth = /** @type {string} */ (await hostEnd.link());
  const late = await Promise.allSettled([guestEnd.open(fourth), guestEnd.open(third)]);
  assert.equal(late[0].status, "fulfilled");
  assert.equal(late[1].status, "rejected");
  assert.match(String(/** @type {any} */ (late[1]).reason?.message), /later link/);
  assert.deepEqual(got.slice(2), [{ t: "note", text: "third", n: 3 }, { t: "note", text: "fourth", n: 4 }]);
});
