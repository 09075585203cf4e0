// Coherent dishonest hosts (issue 42, item 5b): each a scripted multi-step strategy played through the real host
// and guest code (harness.mjs, fuzz.mjs's fuzzOne and judge), not one random deviation at a time.  Each returns
// the run's judgement (fuzz.mjs `judge`: the invariant on every verdict) plus what the strategy itself saw;
// tests/test_adversarial_strategies.py asserts each one's outcome.  The forks, where the host runs a separate
// game for each guest with ghost keys, are judged across their runs by fork-judge.mjs.
//
//   node --import ./tests/adversary/register.mjs tests/adversary/strategies.mjs [name,name|all]
import { createHash, webcrypto } from "node:crypto";
import { fileURLToPath } from "node:url";
import { canonicalText } from "./harness.mjs";
import { fuzzOne, product, rejoinSeat } from "./fuzz.mjs";
import { scan } from "./adversary.mjs";
import { dropConnection, onceWhen } from "./hooks.mjs";
import { judgeForks } from "./fork-judge.mjs";

const ROOT = new URL("../../", import.meta.url);
const keys = await import(new URL("js/net/keys.js", ROOT).href);
const bytes = await import(new URL("js/net/bytes.js", ROOT).href);
const messages = await import(new URL("js/tables/host-messages.js", ROOT).href);

const sha256 = (data) => createHash("sha256").update(data).digest("hex");

/** A table with no random deviation: only the strategy's own moves. */
const plain = (seats, over = {}) => ({
  seats, levels: seats.map((k) => (k === "bot" ? "random" : null)), fallback: "random", dishonest: "host", rate: 0, source: [], ...over,
});

/** Every connection of the host to a guest at `seat` that said hello. @param {any} host */
const connOf = (host, seat) => host.seats[seat].conn;

// ---------------------------------------------------------------- 1. a redeal until a chosen seed

/**
 * Issue 42, 1: after seeing each seed, the host announces "the deal is made again" (a new commitment, the old
 * protocol's deal round + 1) and asks for fresh seals, until the seed suits it (here: its first hex digit is 0).
 * The deal is made once now: the first such announcement ends every guest's table with the host named.
 */
function redealUntilChosenSeed() {
  const info = { attempts: 0, seeds: [] };
  return fuzzOne("kings-progress/strategy/redeal", {
    over: plain(["remote", "remote", "bot"]), noWatchdog: true, keep: true,
    hooks: (p, adv, ctx) => {
      const { host, hostDev } = ctx;
      const begin = host.begin.bind(host);
      host.begin = async function () {
        const seed = await this.deal.seed(this.seats.length, this.secret);
        info.seeds.push(seed);
        if (seed.startsWith("0") || info.attempts >= 40) return begin();
        info.attempts += 1;
        // a new secret and commitment, and every guest asked to seal again
        this.secret = bytes.randomBytes(32); // the device's own randomness (seeded in the harness)
        this.commitment = await bytes.sha256Hex(this.secret);
        const seats = this.deal.seats;
        this.deal = new this.deal.constructor(seats, this.commitment);
        for (const conn of this.conns) {
          if (!conn.hello) continue;
          conn.link.send({
            t: "ev", ev: ++conn.ev, waiting: true, names: this.names, version: 0, kinds: this.seats.map((s) => s.kind),
            keys: this.currentKeys(), ack: conn.lastN, deal: { commitment: this.commitment, round: info.attempts, seats, sealed: {}, reveal: false },
          });
        }
        return undefined;
      };
      ctx.hostDev = hostDev;
    },
  }).then((out) => ({ ...out, info, raw: undefined }));
}

/** Issue 42, A: at move 7 the host announces a later deal round on the open link (a new commitment). */
function laterDealRoundMidGame() {
  const info = {};
  return fuzzOne("kings-progress/strategy/round-a", {
    over: plain(["remote", "remote", "bot"]), noWatchdog: true,
    hooks: (p, adv, ctx) => {
      onceWhen(ctx, () => ctx.host.started && ctx.host.version >= 7, () => ctx.host.serial(async () => {
        const host = ctx.host;
        const commitment = sha256(`ground offline:${host.version}`);
        info.version = host.version;
        for (const conn of host.conns) {
          if (!conn.hello) continue;
          conn.link.send({
            t: "ev", ev: ++conn.ev, waiting: true, names: host.names, version: 0, kinds: host.seats.map((s) => s.kind), keys: host.currentKeys(),
            ack: conn.lastN, deal: { commitment, round: 1, seats: host.deal.seats, sealed: {}, reveal: false },
          });
        }
      }));
    },
  }).then((out) => ({ ...out, info }));
}

// ---------------------------------------------------------------- 3. `started` at move 0

/**
 * Issue 42, C: a guest invited before the game is welcomed as if it joined late (`started: true`), is never asked
 * to seal, and the seed is the host's secret and the other guests' bytes alone.  Its first game event comes at
 * move 0, so it is not provably late: its verdict says its bytes are not in the seed.
 */
function startedAtMoveZero() {
  const victim = 1;
  return fuzzOne("kings-progress/strategy/started0", {
    over: plain(["remote", "remote", "bot"], { victim }), noWatchdog: true,
    hooks: (p, adv, ctx) => {
      const { host } = ctx;
      host.deal = new host.deal.constructor([0], host.deal.commitment);
      host.includeInDeal = () => false;
      const begin = host.begin.bind(host);
      host.begin = async function () { if (this.seats[victim].joined) return begin(); return undefined; };
      adv.outFilters.push((c) => {
        if (c.to !== `guest${victim}`) return null;
        if (c.t === "welcome") return [{ content: canonicalText({ ...c.msg(), started: true }) }];
        if (c.t === "ev" && c.msg().waiting) return []; // it never hears of the deal
        return null;
      });
    },
  });
}

// ---------------------------------------------------------------- 4. `dropped` with no handover

/**
 * Issue 42, D: the guest seals; the host closes its link before asking for its bytes (no bye, no bot), deals
 * without it, welcomes it back as if it came after the deal and lists it as dropped in its end-of-game record.
 */
function droppedWithoutHandover() {
  const victim = 1;
  const info = { rejoined: null };
  return fuzzOne("kings-progress/strategy/dropped", {
    over: plain(["remote", "remote", "bot"], { victim }), noWatchdog: true, rejoins: true, keep: true,
    hooks: (p, adv, ctx) => {
      const { host } = ctx;
      adv.observers.push((from, to, text) => {
        if (from !== `guest${victim}` || to !== "host" || scan(text).t !== "seal" || info.cut) return;
        info.cut = true;
        ctx.hostDev.enter(() => host.serial(async () => {
          connOf(host, victim)?.link.close(); // a drop, as far as the guest can tell
          host.deal.seats = host.deal.seats.filter((s) => s !== victim);
          host.deal.seals.delete(victim);
          host.includeInDeal = (seat) => seat !== victim && host.deal.join(seat);
          await messages.dealtOrWait(host);
        }));
      });
      adv.outFilters.push((c) => (c.t === "fair" ? [{ content: canonicalText({ ...c.msg(), dropped: [victim] }) }] : null));
      onceWhen(ctx, () => host.started, async () => {
        await rejoinSeat(ctx, victim);
        info.rejoined = host.version;
      });
    },
  }).then((out) => ({ ...out, info }));
}

// ---------------------------------------------------------------- 5. an honest reload between sealing and the first move

/**
 * Issue 42, E: every party honest; a guest's page reloads after it sealed and before the first move (its record
 * and key survive; it comes back on a rejoin invite).  Nobody may be blamed, and everyone verifies.
 */
function reloadBetweenSealAndFirstMove(afterReveal = false) {
  const reloader = 1;
  const info = { reloaded: null };
  return fuzzOne(`kings-cottage/strategy/reload${afterReveal ? "-revealed" : ""}`, {
    over: plain(["remote", "remote", "bot"], { dishonest: "none" }), noWatchdog: true, rejoins: true,
    hooks: (p, adv, ctx) => {
      const held = [];
      const { host } = ctx;
      // the other guest's bytes wait until the reloaded page is back, so the game cannot start without it
      const intercept = adv.intercept.bind(adv);
      adv.intercept = (from, to, text, inf) => {
        if (from === "guest0" && to === "host" && scan(text).t === "unseal" && info.reloaded === null) {
          held.push(() => inf.inject(text));
          return [];
        }
        return intercept(from, to, text, inf);
      };
      adv.observers.push((from, to, text) => {
        const t = scan(text).t;
        if (from !== `guest${reloader}` || to !== "host" || t !== (afterReveal ? "unseal" : "seal") || info.cut) return;
        info.cut = true;
        queueMicrotask(() => dropConnection(ctx, reloader));
        onceWhen(ctx, () => !host.seats[reloader].conn, async () => {
          await rejoinSeat(ctx, reloader);
          info.reloaded = { started: host.started, version: host.version };
          for (const release of held.splice(0)) release();
        });
      });
    },
  }).then((out) => ({ ...out, info }));
}

// ---------------------------------------------------------------- 5b. an honest reload right after a reveal

/**
 * Every party honest; a guest's page reloads right after it sent its reveal (King's Cottage's secret stakes), while the reveal still
 * waits in the host's queue (here: behind the link's own close).  The guest's record says it sent the reveal; had
 * the host dropped it with the dead link, the turn timer would hand the seat to a bot whose choice replaces it,
 * and that record would blame an honest host.  The reveal is signed with the seat's key, so it counts.
 */
function reloadRightAfterReveal() {
  const victim = 0;
  const info = { cut: null, counted: null };
  return fuzzOne("kings-cottage/strategy/reload-after-reveal", {
    over: plain(["remote", "remote", "bot"], { dishonest: "none" }), noWatchdog: true, rejoins: true,
    hooks: (p, adv, ctx) => {
      const { host } = ctx;
      adv.observers.push((from, to, text) => {
        if (from !== `guest${victim}` || to !== "host" || info.cut !== null || !host.round) return;
        if (scan(text).t !== "reveal") return;
        const m = JSON.parse(text);
        info.cut = { version: m.version };
        const conn = connOf(host, victim);
        ctx.hostDev.enter(() => {
          // the host's queue is busy until the reveal has arrived behind it; then the page goes away
          void host.serial(async () => {
            await ctx.run.until(() => conn.pending > 0, "the reveal in the host's queue");
            dropConnection(ctx, victim);
            await ctx.run.until(() => !host.seats[victim].conn, "the reload's closed link");
          });
          onceWhen(ctx, () => !host.round || host.round.version !== m.version, async () => {
            info.counted = host.seats[victim].kind === "remote";
            await rejoinSeat(ctx, victim);
          });
        });
      });
    },
  }).then((out) => ({ ...out, info }));
}

// ---------------------------------------------------------------- 6. a one-move handover on a link's first event

/**
 * Issue 42, 2: on the guest's turn the host cuts its link (it looks like a network drop).  The guest comes back;
 * its new link's first event shows it holding its seat; the host then plays the bot's choice in that seat and
 * hands the seat back, never showing it.
 */
function oneMoveHandoverOnFirstEvent() {
  const victim = 1;
  const info = {};
  return fuzzOne("kings-progress/strategy/first-event", {
    over: plain(["human", "remote"], { victim }), noWatchdog: true, rejoins: true, keep: true,
    thinkMs: 5000, // the host plays the seat before the person has clicked
    hooks: (p, adv, ctx) => {
      const { host } = ctx;
      onceWhen(ctx, () => host.started && host.version >= 3 && host.toMove.includes(victim) && !host.round, async () => {
        info.cutAt = host.version;
        connOf(host, victim)?.link.close();
        await ctx.run.until(() => !host.seats[victim].conn, "the cut");
        const guest = await rejoinSeat(ctx, victim);
        // the new link's first event has shown the guest holding its seat: only then the hidden handover
        await ctx.run.until(() => Number.isInteger(guest.protocol.session?.links[String(guest.protocol.linkNo)]?.held),
          "the rejoined link holding the seat");
        await host.serial(async () => {
          if (!host.toMove.includes(victim)) return;
          info.playedAt = host.version;
          host.setHolder(victim, "bot");
          const choice = await host.chooseFor(victim);
          await host.act(victim, choice.action, host.version);
          host.setHolder(victim, "remote");
          await host.advance();
        });
      });
    },
  }).then((out) => ({ ...out, info }));
}

// ---------------------------------------------------------------- 7. a reveal never acknowledged

/**
 * Issue 42, N2: the host takes the guest's reveal off the wire without acknowledging it, hands the seat to a bot
 * for the round (closing the link with a bye that says it had not handled the reveal), so the bot's seeded choice
 * replaces the sealed one; the guest comes back for the rest of the game.
 */
function revealNeverAcknowledged() {
  const victim = 0;
  const info = { swallowed: null };
  return fuzzOne("kings-cottage/strategy/unacked-reveal", {
    over: plain(["remote", "remote", "bot"], { victim }), noWatchdog: true, rejoins: true, keep: true,
    hooks: (p, adv, ctx) => {
      const { host } = ctx;
      adv.inFilters.push((from, _to, text) => {
        if (from !== `guest${victim}` || info.swallowed !== null) return undefined;
        const sc = scan(text);
        if (sc.t !== "reveal" || !host.round) return undefined;
        const m = JSON.parse(text);
        info.swallowed = { version: m.version, n: sc.n };
        ctx.hostDev.enter(() => void host.chooseFor(victim).then(async (choice) => {
          info.botChoice = choice.action;
          info.differs = canonicalText(choice.action) !== canonicalText(m.action);
          await product.guests.handToBot(host, victim);
          onceWhen(ctx, () => !host.round || host.round.version !== m.version, async () => {
            await rejoinSeat(ctx, victim);
          });
        }));
        return [canonicalText({ t: "ping", n: sc.n })]; // its number used, nothing handled: no ack
      });
    },
  }).then((out) => ({ ...out, info }));
}

// ---------------------------------------------------------------- B. two forks with ghost keys

/**
 * Issue 42, B: the host shows Ann a ghost of its own for Bob and Bob a ghost for Ann, and runs a separate game for
 * each (two tables with the same table id, host key and commitment; the ghosts are guest devices the host runs).
 * Each fork is coherent, so each real guest may verify its own game; but the table codes differ, so the people
 * comparing them see the fork.  In the King's Cottage variant the ghost of Ann reveals a choice the rules refuse
 * in Bob's fork: Bob's verdict must not blame Ann.
 */
async function forksWithGhostKeys(game = "kings-progress") {
  const table = Array.from(webcrypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
  const secret = webcrypto.getRandomValues(new Uint8Array(32));
  const hostKey = await keys.newKeyPair();
  const seats = ["remote", "remote", "bot"];
  const play = (real, ghost) => fuzzOne(`${game}/strategy/fork-${real}`, {
    over: plain(seats, { puppets: [ghost] }), noWatchdog: true, keep: true,
    // in Bob's fork of King's Cottage, the ghost of Ann (run by the host) reveals a choice the rules refuse
    guestChoice: game === "kings-cottage" && ghost === 0
      ? (at, random) => {
        const a = random(at);
        if (a === undefined || at.seat !== ghost || !at.device.fuzzGuest?.protocol?.last?.round || at.device.illegalDone) return a;
        at.device.illegalDone = true;
        return { ...a, bogus: 1 };
      }
      : undefined,
    hooks: async (p, adv, ctx) => {
      const { host } = ctx;
      host.id = table;
      host.secret = secret;
      host.commitment = await bytes.sha256Hex(secret);
      host.deal.commitment = host.commitment;
      host.keyPair = hostKey;
      host.signer = keys.signerFrom(hostKey.privateJwk);
      ctx.fork = { real, ghost };
    },
  });
  const [a, b] = await Promise.all([play(0, 1), play(1, 0)]);
  const forks = judgeForks([{ out: a, seat: 0 }, { out: b, seat: 1 }]);
  return { a: strip(a), b: strip(b), forks };
}

/** A run's result without the live objects (for printing). @param {any} out */
function strip(out) {
  const { raw, ...rest } = out;
  return rest;
}

export const STRATEGIES = {
  "redeal-until-chosen-seed": redealUntilChosenSeed,
  "later-deal-round-mid-game": laterDealRoundMidGame,
  "started-at-move-0": startedAtMoveZero,
  "dropped-without-handover": droppedWithoutHandover,
  "reload-between-seal-and-first-move": () => reloadBetweenSealAndFirstMove(false),
  "reload-between-reveal-and-first-move": () => reloadBetweenSealAndFirstMove(true),
  "reload-right-after-reveal": reloadRightAfterReveal,
  "one-move-handover-on-first-event": oneMoveHandoverOnFirstEvent,
  "reveal-never-acknowledged": revealNeverAcknowledged,
  "forks-with-ghost-keys": () => forksWithGhostKeys("kings-progress"),
  "forks-with-ghost-keys-illegal-reveal": () => forksWithGhostKeys("kings-cottage"),
};

async function main() {
  const which = process.argv[2] && process.argv[2] !== "all" ? process.argv[2].split(",") : Object.keys(STRATEGIES);
  const { stopEngine } = await import("./engine-client.mjs");
  const { stopOracle } = await import("./oracle-client.mjs");
  let next = 0;
  const work = async () => {
    while (next < which.length) {
      const name = which[next++];
      let out;
      try {
        out = await STRATEGIES[name]();
      } catch (err) {
        out = { error: String(err && err.stack || err) };
      }
      process.stdout.write(`${JSON.stringify({ strategy: name, ...strip(out) })}\n`);
    }
  };
  await Promise.all([work(), work(), work()]);
  stopEngine();
  stopOracle();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    process.stderr.write(`${err && err.stack || err}\n`);
    process.exitCode = 1;
  });
}

export { messages };
