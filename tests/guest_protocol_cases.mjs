// The guest's state machine (js/net/guest-protocol.js) against a dishonest host, message by message:
// run by tests/test_guest_protocol_adversarial.py under node's own test runner.
import test from "node:test";
import assert from "node:assert/strict";
import { GuestProtocol, inviteHash } from "../js/net/guest-protocol.js";
import { newKeyPair, verifySignature } from "../js/net/keys.js";
import { sha256Hex, viewHash } from "../js/net/bytes.js";

const HOST_KEY = (await newKeyPair()).publicKey;

/** A device's storage of guest records. */
function device() {
  /** @type {Map<string, any>} */
  const records = new Map();
  return {
    records,
    io: (code = "INVITE-A") => ({
      inviteCode: code, load: (/** @type {string} */ t) => (records.has(t) ? structuredClone(records.get(t)) : null),
      save: (/** @type {any} */ s) => records.set(s.table, structuredClone(s)),
    }),
  };
}

const hex = (/** @type {string} */ c) => c.repeat(64).slice(0, 64);

function welcome(over = {}) {
  return {
    t: "welcome", table: "00aa11bb22cc33dd", seat: 1, game: "kings-cottage", title: "King's Cottage", players: 3, options: {},
    names: ["Ada", "Gus", "Bot"], kinds: ["human", "remote", "bot"],
    seating: [{ kind: "human", level: null }, { kind: "remote", level: null }, { kind: "bot", level: "medium" }],
    fallback: "medium", host_key: HOST_KEY, commitment: hex("c"), spectator: false, started: false, ...over,
  };
}

async function event(version, over = {}) {
  const view = { version, secret: "only yours" };
  return {
    t: "ev", ev: over.ev ?? version + 2, version, view, legal: [{ type: "pick", n: 1 }], forms: [], to_move: [1], over: false,
    result: null, hash: await viewHash(view), round: null, names: ["Ada", "Gus", "Bot"], away: [],
    kinds: ["human", "remote", "bot"], keys: [null, "K", null], waiting: false, ack: 0, ...over,
  };
}

async function joined(dev, code) {
  const p = new GuestProtocol(dev.io(code));
  const hello = await p.hello("Gus", null, 1);
  const fx = await p.receive(welcome());
  return { p, hello, fx };
}

/** Joined before the start and dealt in as an honest host does (the list of seals, then the bytes): ready for the game's events. */
async function seated(dev, code) {
  const { p, hello, fx } = await joined(dev, code);
  const deal = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { seats: [1], sealed: { 1: fx.send[0].hash }, reveal: true } });
  assert.equal(deal.send[0].t, "unseal");
  return { p, hello, fx };
}

test("adversary: a second welcome with another commitment ends the table and names the host (issue 23, 1)", async () => {
  const dev = device();
  const { p, fx } = await joined(dev);
  assert.equal(fx.send[0].t, "seal");
  const again = await p.receive(welcome({ commitment: hex("d") }));
  assert.match(again.failure, /second welcome/);
  assert.equal(p.state, "failed");
  // nothing more is sent, whatever the host says next: no unseal of the old bytes under the new commitment
  const deal = await p.receive({ t: "ev", ev: 9, waiting: true, version: 0, deal: { seats: [1], sealed: { 1: fx.send[0].hash }, reveal: true } });
  assert.deepEqual(deal.send, []);
});

test("adversary: the same welcome said twice changes nothing", async () => {
  const { p } = await joined(device());
  const again = await p.receive(welcome());
  assert.equal(again.failure, undefined);
  assert.deepEqual(again.send, []);
});

test("adversary: a table this device knows must keep its commitment on a new link", async () => {
  const dev = device();
  await joined(dev);
  const p2 = new GuestProtocol(dev.io("INVITE-B"));
  await p2.hello("Gus", null, 2);
  const fx = await p2.receive(welcome({ commitment: hex("e") }));
  assert.match(fx.failure, /commitment/);
});

test("adversary: fresh bytes per table, drawn only after its welcome", async () => {
  const dev = device();
  const a = await joined(dev);
  const b = new GuestProtocol(dev.io("INVITE-B"));
  await b.hello("Gus", null, 1);
  assert.equal(b.session, null);
  await b.receive(welcome({ table: "99aa11bb22cc33dd", commitment: hex("f") }));
  assert.notEqual(a.p.session.entropy, b.session.entropy);
});

test("adversary: bytes are revealed only against a complete list of seals holding this device's own", async () => {
  const { p, fx } = await joined(device());
  const mySeal = fx.send[0].hash;
  const early = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { seats: [1, 2], sealed: { 1: mySeal }, reveal: true } });
  assert.match(early.failure, /before every seal/);
  const { p: q, fx: fq } = await joined(device());
  const other = await q.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { seats: [1], sealed: { 1: hex("a") }, reveal: true } });
  assert.match(other.failure, /another seal/);
  const { p: r, fx: fr } = await joined(device());
  const ok = await r.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { seats: [1], sealed: { 1: fr.send[0].hash }, reveal: true } });
  assert.equal(ok.send[0].t, "unseal");
  assert.deepEqual(r.session.entropy_commits, { 1: fr.send[0].hash });
  const twice = await r.receive({ t: "ev", ev: 2, waiting: true, version: 0, deal: { seats: [1], sealed: { 1: fr.send[0].hash }, reveal: true } });
  assert.deepEqual(twice.send, [], "bytes go once per link");
  assert.ok(fq);
});

test("adversary: a sealed choice is revealed only when every seat of the round has committed (issue 23, 2)", async () => {
  const { p } = await seated(device());
  const open = await event(4, { round: { version: 4, seats: [0, 1, 2], committed: {}, reveal: false, revealed: [] }, to_move: [0, 1, 2] });
  await p.receive(open);
  const [c] = await p.act({ type: "invest", house: 2 });
  assert.equal(c.t, "commit");
  assert.ok(await verifySignature(p.session.keys[0].publicKey, { what: "commit", table: p.session.table, seat: 1, version: 4, hash: c.hash }, c.sig));
  // the host says "reveal" while its own seat has not committed: the guest refuses and names the host
  const early = await p.receive(await event(4, { ev: 7, round: { version: 4, seats: [0, 1, 2], committed: { 1: c.hash, 2: hex("b") }, reveal: true, revealed: [] } }));
  assert.match(early.failure, /before every seat/);
  assert.equal(early.send.length, 0, "the choice stays sealed");
});

test("adversary: the reveal records every commitment held when it went out", async () => {
  const { p } = await seated(device());
  await p.receive(await event(4, { round: { version: 4, seats: [0, 1, 2], committed: {}, reveal: false, revealed: [] } }));
  const [c] = await p.act({ type: "invest", house: 2 });
  const committed = { 0: hex("a"), 1: c.hash, 2: hex("b") };
  const fx = await p.receive(await event(4, { ev: 7, round: { version: 4, seats: [0, 1, 2], committed, reveal: true, revealed: [0, 2] } }));
  const reveal = fx.send.find((m) => m.t === "reveal");
  assert.ok(reveal);
  assert.deepEqual(p.session.revealed_rounds, [{ version: 4, commits: committed }]);
  assert.ok(await verifySignature(p.session.keys[0].publicKey,
    { what: "reveal", table: p.session.table, seat: 1, version: 4, action: reveal.action, nonce: reveal.nonce }, reveal.sig));
  // a later event listing another commitment for a seat is the host changing a sealed choice
  const changed = await p.receive(await event(4, { ev: 8, round: { version: 4, seats: [0, 1, 2], committed: { ...committed, 0: hex("9") }, reveal: true, revealed: [0, 1, 2] } }));
  assert.match(changed.failure, /changed/);
});

test("adversary: a commitment lost with a connection is sent again on the next link (issue 23, 10)", async () => {
  const dev = device();
  const { p } = await seated(dev);
  await p.receive(await event(4, { round: { version: 4, seats: [1, 2], committed: {}, reveal: false, revealed: [] } }));
  const [c] = await p.act({ type: "invest", house: 1 });
  const p2 = new GuestProtocol(dev.io("INVITE-R"));
  await p2.hello("Gus", dev.io().load("00aa11bb22cc33dd"), 2);
  await p2.receive(welcome({ started: true }));
  const fx = await p2.receive(await event(4, { ev: 1, round: { version: 4, seats: [1, 2], committed: { 2: hex("b") }, reveal: false, revealed: [] } }));
  const again = fx.send.find((m) => m.t === "commit");
  assert.ok(again, "the same commitment goes again");
  assert.equal(again.hash, c.hash);
});

test("adversary: a rejoin proof is bound to this table, this invite and the new key (issue 23, 8)", async () => {
  const dev = device();
  const { p } = await joined(dev);
  const old = p.session.keys[0].publicKey;
  const p2 = new GuestProtocol(dev.io("REJOIN-INVITE-OF-A"));
  const hello = await p2.hello("Gus", dev.io().load("00aa11bb22cc33dd"), 2);
  assert.equal(hello.rejoin.table, "00aa11bb22cc33dd");
  assert.equal(Object.keys(hello).includes("token"), false, "no bearer token leaves the device");
  const fields = (/** @type {string} */ code) => inviteHash(code).then((invite) => ({ what: "rejoin", table: "00aa11bb22cc33dd", invite, key: hello.key }));
  assert.ok(await verifySignature(old, await fields("REJOIN-INVITE-OF-A"), hello.rejoin.proof));
  assert.equal(await verifySignature(old, await fields("ANOTHER-HOSTS-INVITE"), hello.rejoin.proof), false);
});

test("adversary: an event with more commitments than the round has seats is not recorded (issue 23, 10)", async () => {
  const { p } = await seated(device());
  const junk = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [String(i), hex("a")]));
  const fx = await p.receive(await event(4, { round: { version: 4, seats: [1, 2], committed: junk, reveal: false, revealed: [] } }));
  assert.deepEqual(fx.send, [{ t: "sync" }]);
  assert.deepEqual(p.session.commits, []);
});

test("adversary: nothing is recorded from an event that fails its checks (issue 23, 7)", async () => {
  const { p } = await seated(device());
  const junk = await event(999999);
  junk.hash = hex("0");
  const fx = await p.receive(junk);
  assert.deepEqual(fx.send, [{ t: "sync" }]);
  assert.deepEqual(p.session.views, {});
  assert.deepEqual(p.session.spans, {});
  await p.receive(await event(3, { ev: 2000000 }));
  assert.deepEqual(Object.keys(p.session.views), ["3"]);
  const back = await p.receive(await event(2, { ev: 2000001 }));
  assert.deepEqual(back.send, [{ t: "sync" }], "versions never go back");
});

test("adversary: every move is signed with this table's key, over the table, seat and version", async () => {
  const { p } = await seated(device());
  await p.receive(await event(5));
  const [act] = await p.act({ type: "pick", n: 1 });
  assert.equal(act.t, "act");
  assert.ok(await verifySignature(p.session.keys[0].publicKey, { what: "act", table: p.session.table, seat: 1, version: 5, action: { type: "pick", n: 1 } }, act.sig));
  assert.equal(await verifySignature(p.session.keys[0].publicKey, { what: "act", table: p.session.table, seat: 1, version: 6, action: { type: "pick", n: 1 } }, act.sig), false);
  assert.equal(p.session.sent.length, 1);
  assert.ok(await sha256Hex("x"));
});

test("adversary: a deal made again brings a new commitment and fresh bytes, never the old ones (issue 23, 10)", async () => {
  const { p, fx } = await joined(device());
  const first = fx.send[0].hash;
  const oldBytes = p.session.entropy;
  const again = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0,
    deal: { commitment: hex("d"), round: 1, seats: [1], sealed: {}, reveal: false } });
  assert.equal(again.send[0].t, "seal");
  assert.notEqual(again.send[0].hash, first);
  assert.notEqual(p.session.entropy, oldBytes);
  assert.equal(p.session.commitment, hex("d"));
  // the same round with yet another commitment is the host's doing
  const swapped = await p.receive({ t: "ev", ev: 2, waiting: true, version: 0,
    deal: { commitment: hex("e"), round: 1, seats: [1], sealed: {}, reveal: false } });
  assert.match(swapped.failure, /commitment changed/);
});

test("adversary: a host cannot fill this device's storage with positions or commitments (issue 23, 10)", async () => {
  const { p } = await seated(device());
  const { MAX_RECORDED } = await import("../js/net/guest-protocol.js");
  let fx = null;
  for (let v = 0; v <= MAX_RECORDED; v++) {
    fx = await p.receive(await event(v, { ev: v + 1, round: { version: v, seats: [0, 1, 2], committed: { 0: hex("a"), 2: hex("b") }, reveal: false, revealed: [] } }));
    if (fx.failure) break;
  }
  assert.match(fx.failure, /more positions or commitments/);
  assert.ok(JSON.stringify(p.session).length < 1_500_000);
});

test("adversary: a commitment sent again on a new link is signed with that link's key (issue 23, 10)", async () => {
  const dev = device();
  const { p } = await seated(dev);
  await p.receive(await event(4, { round: { version: 4, seats: [1, 2], committed: {}, reveal: false, revealed: [] } }));
  await p.act({ type: "invest", house: 1 });
  const p2 = new GuestProtocol(dev.io("INVITE-R"));
  const hello = await p2.hello("Gus", dev.io().load("00aa11bb22cc33dd"), 2);
  await p2.receive(welcome({ started: true }));
  const fx = await p2.receive(await event(4, { ev: 1, round: { version: 4, seats: [1, 2], committed: {}, reveal: false, revealed: [] } }));
  const again = fx.send.find((m) => m.t === "commit");
  assert.ok(await verifySignature(hello.key, { what: "commit", table: "00aa11bb22cc33dd", seat: 1, version: 4, hash: again.hash }, again.sig));
});

test("adversary: a deal that leaves out a seat at the table before the game starts ends the table (found by the fuzzer)", async () => {
  const { p, fx } = await joined(device());
  assert.equal(fx.send[0].t, "seal");
  const left = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { seats: [], sealed: {}, reveal: false } });
  assert.match(left.failure, /left your seat out of the deal/);
  assert.equal(p.state, "failed");
  // a deal made again without this seat, while it is at the table, is the same breach
  const { p: q } = await joined(device());
  const redealt = await q.receive({ t: "ev", ev: 1, waiting: true, version: 0,
    deal: { commitment: hex("d"), round: 1, seats: [], sealed: {}, reveal: false } });
  assert.match(redealt.failure, /left your seat out of the deal/);
  // the record says what was sealed, for the end check
  const { p: r, fx: fr } = await joined(device());
  assert.equal(r.record().sealed, fr.send[0].hash);
});

test("adversary: a seat back before the start is in the deal again; back after the start it keeps its seal for the end check", async () => {
  const dev = device();
  const { p } = await joined(dev);
  const sealed = p.session.sealed;
  // handed to a bot (the link closes); back on a new link before the start: the host must deal it in again
  const back = new GuestProtocol(dev.io("INVITE-B"));
  await back.hello("Gus", null, 2);
  const fx = await back.receive(welcome());
  assert.equal(fx.send[0].t, "seal");
  assert.equal(fx.send[0].hash, sealed, "the same bytes, sealed again in the same deal");
  const out = await back.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { seats: [], sealed: {}, reveal: false } });
  assert.match(out.failure, /left your seat out of the deal/);
  // back once the game has started: no deal to take part in; its seal stays on record (the end check asks
  // for those bytes in the seed, or for the seat listed as dropped from the deal)
  const dev2 = device();
  const { p: p2 } = await joined(dev2);
  const later = new GuestProtocol(dev2.io("INVITE-C"));
  await later.hello("Gus", null, 2);
  const fx2 = await later.receive(welcome({ started: true }));
  assert.equal(fx2.failure, undefined);
  assert.deepEqual(fx2.send, []);
  assert.equal(later.record().sealed, p2.session.sealed);
});

test("adversary: a game that starts without the bytes of a seat at the table ends the table (found by the fuzzer)", async () => {
  const { p } = await joined(device());
  const started = await p.receive(await event(0));
  assert.match(started.failure, /left your seat out of the deal/);
  // the honest order: the list, the bytes, then the game
  const { p: q, fx } = await joined(device());
  const dealt = await q.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { seats: [1], sealed: { 1: fx.send[0].hash }, reveal: true } });
  assert.equal(dealt.send[0].t, "unseal");
  const first = await q.receive(await event(0, { ev: 2 }));
  assert.equal(first.failure, undefined);
});
