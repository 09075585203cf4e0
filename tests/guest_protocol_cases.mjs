// The guest's state machine (js/net/guest-protocol.js) against a dishonest host, message by message:
// run by tests/test_guest_protocol_adversarial.py under node's own test runner.
import test from "node:test";
import assert from "node:assert/strict";
import { GuestProtocol, inviteHash } from "../js/net/guest-protocol.js";
import { messageFields, newKeyPair, signerFrom, signingContext, verifySignature } from "../js/net/keys.js";
import { viewHash } from "../js/net/bytes.js";

const HOST = await newKeyPair();
const HOST_KEY = HOST.publicKey;
const TABLE = "00aa11bb22cc33dd";

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
    t: "welcome", table: TABLE, seat: 1, game: "kings-cottage", title: "King's Cottage", players: 3, options: {},
    names: ["Ada", "Gus", "Bot"], kinds: ["human", "remote", "bot"],
    seating: [{ kind: "human", level: null }, { kind: "remote", level: null }, { kind: "bot", level: "medium" }],
    fallback: "medium", host_key: HOST_KEY, commitment: hex("c"), spectator: false, started: false, ...over,
  };
}

/** The signing context of the test table (what every signature covers). */
const CONTEXT = signingContext({ table: TABLE, game: "kings-cottage", host_key: HOST_KEY, commitment: hex("c") });

async function event(version, over = {}) {
  const view = { version, secret: "only yours" };
  return {
    t: "ev", ev: over.ev ?? version + 2, version, view, legal: [{ type: "pick", n: 1 }], forms: [], to_move: [1], over: false,
    result: null, hash: await viewHash(view), round: null, names: ["Ada", "Gus", "Bot"], away: [],
    kinds: ["human", "remote", "bot"], keys: [null, over.key ?? "K", null], waiting: false, ack: 0, ...over,
  };
}

/** Number what a protocol sends as its link would (hello is 1), so `ack` can name it. @param {any} p @param {any} fx */
function numbered(p, fx) {
  for (const m of fx.send ?? []) {
    p.outSeq = (p.outSeq ?? 1) + 1;
    if (m.track) m.track.n = p.outSeq;
  }
  return fx;
}

async function joined(dev, code, over = {}) {
  const p = new GuestProtocol(dev.io(code));
  const hello = await p.hello("Gus", null, 1);
  const fx = numbered(p, await p.receive(welcome(over)));
  return { p, hello, fx };
}

/** The whole deal as an honest host sends it when the game starts: this guest's signed seal and its bytes. */
function dealtOf(p, hello, fx) {
  const seal = fx.send.find((m) => m.t === "seal");
  return { commitment: hex("c"), seals: { 1: { hash: seal.hash, sig: seal.sig, key: hello.key } }, bytes: { 1: p.session.entropy } };
}

/** Joined before the start and dealt in as an honest host does (the list, the bytes, then the game with its deal). */
async function seated(dev, code) {
  const { p, hello, fx } = await joined(dev, code);
  const deal = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1], sealed: { 1: fx.send[0].hash }, reveal: true } });
  assert.equal(deal.send[0].t, "unseal");
  const dealt = dealtOf(p, hello, fx);
  const first = await p.receive(await event(0, { ev: 2, key: hello.key, dealt }));
  assert.equal(first.failure, undefined, first.failure);
  return { p, hello, fx, dealt };
}

test("adversary: a second welcome with another commitment ends the table and names the host (issue 23, 1)", async () => {
  const dev = device();
  const { p, fx } = await joined(dev);
  assert.equal(fx.send[0].t, "seal");
  const again = await p.receive(welcome({ commitment: hex("d") }));
  assert.match(again.failure, /second welcome/);
  assert.equal(p.state, "failed");
  // nothing more is sent, whatever the host says next: no unseal of the old bytes under the new commitment
  const deal = await p.receive({ t: "ev", ev: 9, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1], sealed: { 1: fx.send[0].hash }, reveal: true } });
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

test("adversary: the deal is made once: a later deal with a new commitment ends the table (issue 42, A and 1)", async () => {
  const { p, fx } = await joined(device());
  const first = fx.send[0].hash;
  const redeal = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0,
    deal: { commitment: hex("d"), round: 1, seats: [1], sealed: {}, reveal: false } });
  assert.match(redeal.failure, /commitment changed/);
  assert.equal(p.session.commitment, hex("c"));
  assert.equal(p.session.sealed, first, "the bytes of this table never change");
  // once the game was seen, a waiting event (a deal made again) is the host's doing, and so is a welcome saying
  // the game has not started
  const dev = device();
  const { p: q } = await seated(dev);
  const back = await q.receive({ t: "ev", ev: 50, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1], sealed: {}, reveal: false } });
  assert.match(back.failure, /after the game had started/);
  const again = new GuestProtocol(dev.io("INVITE-R"));
  await again.hello("Gus", dev.io().load(TABLE), 2, { rejoin: true });
  const notStarted = await again.receive(welcome({ started: false }));
  assert.match(notStarted.failure, /saw it start|broke|after the game/);
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
  const early = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1, 2], sealed: { 1: mySeal }, reveal: true } });
  assert.match(early.failure, /before every seal/);
  const { p: q } = await joined(device());
  const other = await q.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1], sealed: { 1: hex("a") }, reveal: true } });
  assert.match(other.failure, /another seal/);
  const { p: r, fx: fr } = await joined(device());
  const ok = await r.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1], sealed: { 1: fr.send[0].hash }, reveal: true } });
  assert.equal(ok.send[0].t, "unseal");
  assert.deepEqual(r.session.deal_list, { 1: fr.send[0].hash });
  const twice = await r.receive({ t: "ev", ev: 2, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1], sealed: { 1: fr.send[0].hash }, reveal: true } });
  assert.deepEqual(twice.send, [], "bytes go once per link");
  const changed = await r.receive({ t: "ev", ev: 3, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1, 2], sealed: { 1: fr.send[0].hash, 2: hex("b") }, reveal: true } });
  assert.match(changed.failure, /changed the list of seals/);
});

test("adversary: the deal shown when the game starts is checked seal by seal (issue 42, A, B, D)", async () => {
  /** @type {[string, (d: any) => any, RegExp][]} */
  const cases = [
    ["another commitment", (d) => ({ ...d, commitment: hex("d") }), /not the one it committed to/],
    ["bytes not matching the seal", (d) => ({ ...d, bytes: { 1: "A".repeat(43) } }), /do not match its seal/],
    ["bytes for the host's own seat", (d) => ({ ...d, seals: { ...d.seals, 0: d.seals[1] }, bytes: { ...d.bytes, 0: d.bytes[1] } }), /host's own seat/],
    ["a seal signed by another key", (d) => ({ ...d, seals: { 1: { ...d.seals[1], key: HOST_KEY } } }), /not signed by the key it names/],
    ["this device's bytes left out", (d) => ({ ...d, bytes: {} }), /seals of the deal|without them/],
    ["no deal at all", () => undefined, /without the host showing you the deal/],
  ];
  for (const [what, bend, why] of cases) {
    const { p, hello, fx } = await joined(device());
    numbered(p, await p.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1], sealed: { 1: fx.send[0].hash }, reveal: true } }));
    const dealt = bend(dealtOf(p, hello, fx));
    const first = await p.receive(await event(0, { ev: 2, key: hello.key, ack: 3, ...(dealt === undefined ? {} : { dealt }) }));
    assert.match(first.failure ?? "", why, what);
  }
});

test("adversary: the table code comes from the deal and the keys, and changes with a new key", async () => {
  const { p, hello, dealt } = await seated(device());
  const code = p.session.code;
  assert.match(code, /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await p.receive(await event(1, { ev: 3, key: hello.key }));
  assert.equal(p.session.code, code, "the same keys, the same code");
  await p.receive(await event(2, { ev: 4, key: hello.key, keys: [null, hello.key, (await newKeyPair()).publicKey] }));
  assert.notEqual(p.session.code, code, "a key change is a new code");
  assert.ok(dealt);
});

test("adversary: a sealed choice is revealed only when every seat of the round has committed (issue 23, 2)", async () => {
  const { p, hello } = await seated(device());
  const open = await event(4, { key: hello.key, round: { version: 4, seats: [0, 1, 2], committed: {}, reveal: false, revealed: [] }, to_move: [0, 1, 2] });
  await p.receive(open);
  const [c] = await p.act({ type: "invest", house: 2 });
  assert.equal(c.t, "commit");
  assert.ok(await verifySignature(hello.key, messageFields(CONTEXT, 1, { t: "commit", version: 4, hash: c.hash }), c.sig));
  // the host says "reveal" while its own seat has not committed: the guest refuses and names the host
  const early = await p.receive(await event(4, { ev: 7, key: hello.key, round: { version: 4, seats: [0, 1, 2], committed: { 1: c.hash, 2: hex("b") }, reveal: true, revealed: [] } }));
  assert.match(early.failure, /before every seat/);
  assert.equal(early.send.length, 0, "the choice stays sealed");
});

test("adversary: the reveal records every commitment held when it went out", async () => {
  const { p, hello } = await seated(device());
  await p.receive(await event(4, { key: hello.key, round: { version: 4, seats: [0, 1, 2], committed: {}, reveal: false, revealed: [] } }));
  const [c] = await p.act({ type: "invest", house: 2 });
  const committed = { 0: hex("a"), 1: c.hash, 2: hex("b") };
  const fx = await p.receive(await event(4, { ev: 7, key: hello.key, round: { version: 4, seats: [0, 1, 2], committed, reveal: true, revealed: [0, 2] } }));
  const reveal = fx.send.find((m) => m.t === "reveal");
  assert.ok(reveal);
  assert.deepEqual(p.session.revealed_rounds, [{ version: 4, commits: committed }]);
  assert.ok(await verifySignature(hello.key, messageFields(CONTEXT, 1, { t: "reveal", version: 4, action: reveal.action, nonce: reveal.nonce }), reveal.sig));
  // a later event listing another commitment for a seat is the host changing a sealed choice
  const changed = await p.receive(await event(4, { ev: 8, key: hello.key, round: { version: 4, seats: [0, 1, 2], committed: { ...committed, 0: hex("9") }, reveal: true, revealed: [0, 1, 2] } }));
  assert.match(changed.failure, /changed/);
});

test("adversary: a reload keeps the table's key, and a lost commitment goes again, signed with it (issue 42, E; issue 23, 10)", async () => {
  const dev = device();
  const { p, hello } = await seated(dev);
  await p.receive(await event(4, { key: hello.key, round: { version: 4, seats: [1, 2], committed: {}, reveal: false, revealed: [] } }));
  const [c] = await p.act({ type: "invest", house: 1 });
  const p2 = new GuestProtocol(dev.io("INVITE-R"));
  const again = await p2.hello("Gus", dev.io().load(TABLE), 2, { rejoin: true });
  assert.equal(again.key, hello.key, "the same key: a reload changes nobody's key, so nobody is blamed for it");
  await p2.receive(welcome({ started: true }));
  const fx = await p2.receive(await event(4, { ev: 1, key: hello.key, round: { version: 4, seats: [1, 2], committed: { 2: hex("b") }, reveal: false, revealed: [] } }));
  const commit = fx.send.find((m) => m.t === "commit");
  assert.ok(commit, "the same commitment goes again");
  assert.equal(commit.hash, c.hash);
  assert.ok(await verifySignature(hello.key, messageFields(CONTEXT, 1, { t: "commit", version: 4, hash: commit.hash }), commit.sig));
  assert.deepEqual(p2.record().my_keys, [hello.key]);
});

test("adversary: a rejoin proof is bound to this table, this invite and the key (issue 23, 8)", async () => {
  const dev = device();
  const { p } = await joined(dev);
  const old = p.session.keys[0].publicKey;
  const p2 = new GuestProtocol(dev.io("REJOIN-INVITE-OF-A"));
  const hello = await p2.hello("Gus", dev.io().load(TABLE), 2, { rejoin: true });
  assert.equal(hello.rejoin.table, TABLE);
  assert.equal(Object.keys(hello).includes("token"), false, "no bearer token leaves the device");
  const fields = (/** @type {string} */ code) => inviteHash(code).then((invite) => ({ what: "rejoin", table: TABLE, invite, key: hello.key }));
  assert.ok(await verifySignature(old, await fields("REJOIN-INVITE-OF-A"), hello.rejoin.proof));
  assert.equal(await verifySignature(old, await fields("ANOTHER-HOSTS-INVITE"), hello.rejoin.proof), false);
});

test("adversary: an event with more commitments than the round has seats is not recorded (issue 23, 10)", async () => {
  const { p, hello } = await seated(device());
  const junk = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [String(i), hex("a")]));
  const before = p.session.commits.length;
  const fx = await p.receive(await event(4, { key: hello.key, round: { version: 4, seats: [1, 2], committed: junk, reveal: false, revealed: [] } }));
  assert.deepEqual(fx.send, [{ t: "sync" }]);
  assert.equal(p.session.commits.length, before);
});

test("adversary: nothing is recorded from an event that fails its checks (issue 23, 7)", async () => {
  const { p, hello } = await seated(device());
  const junk = await event(999999, { key: hello.key });
  junk.hash = hex("0");
  const fx = await p.receive(junk);
  assert.deepEqual(fx.send, [{ t: "sync" }]);
  assert.deepEqual(Object.keys(p.session.views), ["0"]);
  assert.equal(p.session.links["1"].last, 0);
  await p.receive(await event(3, { ev: 2000000, key: hello.key }));
  assert.deepEqual(Object.keys(p.session.views), ["0", "3"]);
  const back = await p.receive(await event(2, { ev: 2000001, key: hello.key }));
  assert.deepEqual(back.send, [{ t: "sync" }], "versions never go back");
});

test("adversary: every move is signed over the table, game, host key, deal, seat and version (issue 42, F)", async () => {
  const { p, hello } = await seated(device());
  await p.receive(await event(5, { key: hello.key }));
  const [act] = await p.act({ type: "pick", n: 1 });
  assert.equal(act.t, "act");
  const fields = messageFields(CONTEXT, 1, { t: "act", version: 5, action: { type: "pick", n: 1 } });
  assert.ok(await verifySignature(hello.key, fields, act.sig));
  for (const [field, value] of [["version", 6], ["game", "castles"], ["host_key", hello.key], ["deal", hex("d")], ["table", "11aa11bb22cc33dd"]]) {
    assert.equal(await verifySignature(hello.key, { ...fields, [field]: value }, act.sig), false, field);
  }
  assert.equal(p.session.sent.filter((s) => s.kind === "act").length, 1);
});

test("adversary: a host cannot fill this device's storage with positions or commitments (issue 23, 10)", async () => {
  const { p, hello } = await seated(device());
  const { MAX_RECORDED } = await import("../js/net/guest-protocol.js");
  let fx = null;
  for (let v = 1; v <= MAX_RECORDED + 1; v++) {
    fx = await p.receive(await event(v, { ev: v + 10, key: hello.key, round: { version: v, seats: [0, 1, 2], committed: { 0: hex("a"), 2: hex("b") }, reveal: false, revealed: [] } }));
    if (fx.failure) break;
  }
  assert.match(fx.failure, /more positions or commitments/);
  assert.ok(JSON.stringify(p.session).length < 1_500_000);
});

test("adversary: an open list without this seat, or a final one after an open one, ends the table (found by the fuzzer)", async () => {
  const { p, fx } = await joined(device());
  assert.equal(fx.send[0].t, "seal");
  const left = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [], sealed: {}, reveal: false } });
  assert.match(left.failure, /left your seat out of the deal/);
  assert.equal(p.state, "failed");
  const { p: q } = await joined(device());
  await q.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [1, 2], sealed: {}, reveal: false } });
  const closed = await q.receive({ t: "ev", ev: 2, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [2], sealed: { 2: hex("b") }, reveal: true } });
  assert.match(closed.failure, /left your seat out of the deal/);
  // the record says what was sealed, for the end check
  const { p: r, fx: fr } = await joined(device());
  assert.equal(r.record().sealed, fr.send[0].hash);
});

test("adversary: a guest arriving after the list was final sits the deal out, and is told so before the game", async () => {
  const seating = [{ kind: "human", level: null }, { kind: "remote", level: null }, { kind: "remote", level: null }];
  const { p, hello } = await joined(device(), "INVITE-A", { seating, kinds: ["human", "remote", "remote"] });
  const final = await p.receive({ t: "ev", ev: 1, waiting: true, version: 0, deal: { commitment: hex("c"), seats: [2], sealed: { 2: hex("b") }, reveal: true } });
  assert.equal(final.failure, undefined);
  assert.deepEqual(final.send, [], "no bytes for a list it is not in");
  const other = await newKeyPair();
  const seal = { hash: hex("b"), key: other.publicKey, sig: await signerFrom(other.privateJwk).sign(messageFields(CONTEXT, 2, { t: "seal", hash: hex("b") })) };
  const first = await p.receive(await event(0, { ev: 2, key: hello.key, keys: [null, hello.key, other.publicKey], kinds: ["human", "remote", "remote"],
    dealt: { commitment: hex("c"), seals: { 2: seal }, bytes: {} } }));
  // (the bytes of seat 2 are missing too: a seat dealt out; the end check makes such a verdict "partial")
  assert.equal(first.failure, undefined, first.failure);
  assert.equal(p.record().entropy, null);
});

test("adversary: a game that starts without the bytes of a seat at the table ends the table (found by the fuzzer)", async () => {
  const { p, hello, fx } = await joined(device());
  const started = await p.receive(await event(0, { key: hello.key, dealt: { commitment: hex("c"), seals: {}, bytes: {} } }));
  assert.match(started.failure, /left your seat out of the deal/);
  assert.ok(fx);
  // the honest order: the list, the bytes, then the game with its deal
  await seated(device());
});

test("adversary: started at move 0 for a guest invited before the game: no bytes drawn, the record shows it (issue 42, C)", async () => {
  const dev = device();
  const p = new GuestProtocol(dev.io());
  const hello = await p.hello("Gus", null, 1);
  const fx = await p.receive(welcome({ started: true }));
  assert.deepEqual(fx.send, [], "no seal for a game said to be dealt");
  await p.receive(await event(0, { ev: 1, key: hello.key, dealt: { commitment: hex("c"), seals: {}, bytes: {} } }));
  const mine = p.record();
  assert.equal(mine.sealed, null);
  assert.equal(mine.first_game, 0, "its first game event came at move 0: not provably late (parlour.trust.deal)");
});

test("adversary: my seat shown held by a bot while this link holds it ends the table (issue 42, 2)", async () => {
  const { p, hello } = await seated(device());
  const toBot = await p.receive(await event(3, { ev: 5, key: hello.key, kinds: ["human", "bot", "bot"] }));
  assert.match(toBot.failure, /gave your seat to a bot/);
  const { p: q, hello: h2 } = await seated(device());
  const other = await q.receive(await event(3, { ev: 5, key: (await newKeyPair()).publicKey }));
  assert.match(other.failure, /gave your seat to another device/);
  assert.ok(h2);
  // a link that rejoins while a bot still plays the seat for a round may show the bot until the round is played
  const dev = device();
  const { hello: h3 } = await seated(dev);
  const back = new GuestProtocol(dev.io("INVITE-R"));
  await back.hello("Gus", dev.io().load(TABLE), 2, { rejoin: true });
  await back.receive(welcome({ started: true }));
  const before = await back.receive(await event(4, { ev: 1, key: h3.key, kinds: ["human", "bot", "bot"] }));
  assert.equal(before.failure, undefined);
  const held = await back.receive(await event(6, { ev: 2, key: h3.key }));
  assert.equal(held.failure, undefined);
  assert.equal(back.session.links["2"].held, 6);
  const after = await back.receive(await event(7, { ev: 3, key: h3.key, kinds: ["human", "bot", "bot"] }));
  assert.match(after.failure, /gave your seat to a bot/);
});

test("adversary: the end-of-game record counts only after the game ended on this screen (issue 42, G)", async () => {
  const { p, hello } = await seated(device());
  const early = await p.receive({ t: "fair", secret: "x", seed: "y", actions: [] });
  assert.match(early.failure, /before the game ended/);
  const { p: q, hello: h2 } = await seated(device());
  await q.receive(await event(9, { ev: 9, key: h2.key, over: true, result: { winners: [1] } }));
  const fair = await q.receive({ t: "fair", secret: "x", seed: "y", actions: [] });
  assert.ok(fair.fair);
});

test("adversary: bye is answered, and nothing after it counts on that link", async () => {
  const { p, hello } = await seated(device());
  await p.receive(await event(3, { ev: 5, key: hello.key }));
  const [act] = await p.act({ type: "pick", n: 1 });
  act.track.n = 7; // as the link numbers it
  const bye = await p.receive({ t: "bye", ack: 6 });
  assert.deepEqual(bye.send, [{ t: "bye" }]);
  assert.equal(p.session.links["1"].bye, 6);
  assert.equal(p.session.sent.find((s) => s.kind === "act").received, false, "the host said it had not handled it");
  const later = await p.receive(await event(4, { ev: 6, key: hello.key, kinds: ["human", "bot", "bot"] }));
  assert.deepEqual(later, { send: [] }, "nothing more is read on a link the host closed");
  assert.deepEqual(await p.act({ type: "pick", n: 1 }), []);
});

test("a move sent for a position is not asked for again when that position is drawn again; a refusal asks again", async () => {
  const { p, hello } = await seated(device());
  await p.receive(await event(5, { ev: 3, key: hello.key }));
  assert.equal(p.moveSentAt(5), false);
  const fx = numbered(p, { send: await p.act({ type: "pick", n: 1 }) });
  assert.equal(p.moveSentAt(5), true);
  // the host's page reloaded and sends position 5 again, before it has taken the move in: no second move there
  await p.receive(await event(5, { ev: 4, key: hello.key }));
  assert.equal(p.moveSentAt(5), true);
  assert.equal(p.moveSentAt(6), false);
  // the host refuses it (the rules, or the game moved on): this seat may move at 5 again
  const refused = await p.receive({ t: "error", ref: fx.send[0].track.n, error: "That move is not allowed here." });
  assert.equal(refused.refused, "That move is not allowed here.");
  assert.equal(p.moveSentAt(5), false);
  // a move sent on an earlier link (a rejoin closed it) never holds the seat back on the new one
  await p.act({ type: "pick", n: 1 });
  p.linkNo += 1;
  assert.equal(p.moveSentAt(5), false);
});
