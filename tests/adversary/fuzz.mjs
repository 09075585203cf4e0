// The seeded dishonest-peer fuzzer (issue 23's acceptance test): real host and guest tables
// (harness.mjs), one dishonest party per run chosen by the seed (the host, mostly, or one guest),
// deviating at random on the wire (adversary.mjs) and, for the host, at the source (monkeypatched
// HostTable instance), and an invariant checked on every run:
//   1. no honest party is blamed (an honest host by any honest guest, an honest guest by any note);
//   2. a "Verified fair" is true: the guest's `fair` has the host's real seed and moves, every move in
//      its seat while its key held it is one it chose (recorded at the click), and every bot move in
//      the host's real ledger is the seeded choice of the level fixed when the table opened, at its own
//      position (oracle.py, in CPython, never trusting the ledger's `bot` fields);
//   3. with a dishonest host each honest guest is verified (and 2 holds), fails blaming the host, or stalled.
//
//   node --import ./tests/adversary/register.mjs tests/adversary/fuzz.mjs --runs 2000 --jobs 2     # the fuzz
//   node --import ./tests/adversary/register.mjs tests/adversary/fuzz.mjs --one kings-cottage/1/17   # one seed, in full
//   node --import ./tests/adversary/register.mjs tests/adversary/fuzz.mjs --case frame              # a named case
// The CLI runs with PARLOUR_HARNESS_FAST_ECDSA=1 (node's synchronous P-256 for WebCrypto's ECDSA; it re-runs itself
// with it set when it is not).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runJobs } from "./jobs.mjs";

const { canonicalText, playTable, randomLegal, rejoinSeat, gameIds } = await import("./harness.mjs");
const { Rng, real, current } = await import("./runtime.mjs");
const { stopEngine, engineControl } = await import("./engine-client.mjs");
const { oracle, stopOracle } = await import("./oracle-client.mjs");
const { Adversary, illegalFrom, randHex, scan, tamperFair } = await import("./adversary.mjs");

const ROOT = new URL("../../", import.meta.url);
const product = {
  guest: await import(new URL("js/tables/guest-table.js", ROOT).href),
  guests: await import(new URL("js/tables/host-guests.js", ROOT).href),
  link: await import(new URL("js/net/link.js", ROOT).href),
  protocol: await import(new URL("js/net/guest-protocol.js", ROOT).href),
};

// ---------------------------------------------------------------- what the harness records at the click path

const { GuestTable } = product.guest;
const realOnAction = GuestTable.prototype.onAction;
/** A guest's click: recorded (its choice, and the view or round it was made on) before the table acts on it. */
GuestTable.prototype.onAction = function onAction(action) {
  const m = this.protocol?.last;
  const seat = this.protocol?.session?.seat;
  const round = m?.round && Array.isArray(m.round.seats) && m.round.seats.includes(seat) ? m.round.version : null;
  (this.fuzzChoices ??= []).push({ version: m?.version ?? null, round, action });
  return realOnAction.call(this, action);
};
const realOnFair = GuestTable.prototype.onFair;
/** The `fair` message a guest checks (the last one is the one its verdict is about). */
GuestTable.prototype.onFair = function onFair(m) {
  (this.fuzzFairs ??= []).push(m);
  return realOnFair.call(this, m);
};
/** Odd spellings must be refused before anything reads them: a link that accepts one is noted with its run. */
const realReceive = product.link.Link.prototype.receive;
product.link.Link.prototype.receive = function receive(data) {
  const before = this.inSeq;
  realReceive.call(this, data);
  const run = current()?.run;
  if (run?.fuzzOdd && typeof data === "string" && run.fuzzOdd.has(data) && this.inSeq !== before) {
    (run.fuzzOddAccepted ??= []).push(data.slice(0, 300));
  }
};

// ---------------------------------------------------------------- plans

export const GAMES = ["kings-progress", "kings-cottage", "castles", "one-six-nine", "mansion"];
const ROUNDS = new Set(["kings-cottage", "mansion"]);
const HEAVY = new Set(["one-six-nine", "mansion"]);
/** The game of run i: a fixed cycle of 160 runs, each game spread over it (the cheapest games most often); per 80 runs: */
export const MIX = { "kings-progress": 54, "kings-cottage": 17, castles: 6, "one-six-nine": 1.5, mansion: 1.5 };
const CYCLE = (() => {
  // 160 slots, each game spread evenly over them
  const slots = [];
  const left = Object.fromEntries(GAMES.map((g) => [g, MIX[g] * 2]));
  while (Object.values(left).some((n) => n > 0)) {
    for (const g of GAMES) if (left[g] > 0) { slots.push(g); left[g] -= 1; }
  }
  return slots;
})();
export function gameOfRun(i) { return CYCLE[i % CYCLE.length]; }

function weighted(rng, table) {
  const total = table.reduce((s, [w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [w, v] of table) if ((x -= w) < 0) return v;
  return table.at(-1)[1];
}

function shuffle(rng, list) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) { const j = rng.int(i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

// Most tables have two seats (the cheapest); tables with two guests or more have a lobby bot: a guest's seat handed
// to a bot plays the table's fallback level, the first lobby bot's (Medium, a search of 100 iterations a move, when
// there is none: too slow for thousands of runs).  The long games (Castles with 3-4 seats plays 170-300 moves, 169 and
// Mansion 150-230 with two) have two seats and a dishonest host.
const HOST_LAYOUTS = [
  [76, ["remote", "bot"]], [8, ["human", "remote"]], [4, ["human", "remote", "bot"]], [6, ["remote", "remote", "bot"]],
  [1, ["remote", "bot", "bot"]], [2, ["remote", "remote", "bot", "human"]], [1, ["remote", "remote", "remote", "bot"]],
  [2, ["remote", "remote"]],
];
const LONG_LAYOUTS = [[3, ["remote", "bot"]], [1, ["human", "remote"]]];
const GUEST_LAYOUTS = [
  [86, ["remote", "remote", "bot"]], [5, ["remote", "remote", "bot", "human"]], [5, ["remote", "remote", "remote", "bot"]],
  [2, ["remote", "remote", "bot", "bot"]], [2, ["remote", "remote"]],
];
const SOURCE = ["level-shopping", "ply-shopping", "refusal-handover-shown", "refusal-handover-hidden",
  "reveal-refusal-bot-closed", "reveal-refusal-bot-open", "frame", "welcome-after-seal", "forfeit-takeover", "deal-without"];

/**
 * Everything about run `seed` ("<game>/<base>/<i>"): the table, the dishonest party and how it deviates.
 * @param {string} seed @param {any} [over] fields to force (named cases)
 */
export function plan(seed, over = {}) {
  const game = over.game ?? String(seed).split("/")[0];
  if (!GAMES.includes(game)) throw new Error(`seed ${seed}: no game ${game} (seeds look like kings-progress/1/17)`);
  const rng = new Rng(`plan:${seed}`);
  const heavy = HEAVY.has(game);
  const long = heavy || game === "castles";
  const hostSide = over.dishonest !== undefined ? over.dishonest === "host" : long || rng.next() < 0.9;
  const layouts = hostSide ? (long ? LONG_LAYOUTS : HOST_LAYOUTS) : GUEST_LAYOUTS;
  const seats = over.seats ?? shuffle(rng, weighted(rng, layouts));
  // some tables' bots play Easy (a search of 12 iterations a move, searched again by every guest's check): only in the
  // games where that is cheap (King's Cottage's moves are slow to list, and the long games are long)
  const easy = (game === "kings-progress" || game === "castles") && rng.next() < 0.025;
  const levels = seats.map((k) => (k === "bot" ? (easy && rng.next() < 0.7 ? "easy" : "random") : null));
  const remote = seats.flatMap((k, i) => (k === "remote" ? [i] : []));
  const dishonest = over.dishonest ?? (hostSide ? "host" : rng.pick(remote));
  const rounds = ROUNDS.has(game);
  let source = [];
  if (dishonest === "host" && !heavy && rng.next() < 0.25) { // (the long games' tables end sooner on the wire)
    const ok = SOURCE.filter((s) => (!/reveal-refusal|ply|frame/.test(s) || rounds) && (s !== "frame" || remote.length >= 2)
      && (s !== "ply-shopping" || seats.includes("bot")) && (s !== "level-shopping" || seats.includes("bot") || rng.next() < 0.3));
    source = [rng.pick(ok)];
    if (rng.next() < 0.2) source.push(rng.pick(ok));
    source = [...new Set(source)];
  }
  // a run's chance that each message deviates (and, without a source-level attack, every link deviates at least once)
  const rate = source.length ? rng.pick([0, 0, 0.003, 0.01])
    : heavy ? rng.pick([0.005, 0.02, 0.05, 0.1, 0.2]) : rng.pick([0.005, 0.01, 0.02, 0.05, 0.1, 0.2]);
  const forceWithin = source.length ? 0 : rng.pick([8, 30, 80]);
  const illegal = dishonest !== "host" && rng.next() < 0.4 ? rng.pick([0.1, 0.3, 0.6]) : 0;
  // the `fair` message is where a host would forge: in many runs it is tampered with for most guests
  const fairTamper = dishonest === "host" && !source.length && rng.next() < 0.45;
  const fallback = seats.map((k, i) => (k === "bot" ? levels[i] : null)).find((l) => l) ?? "medium";
  return {
    seed: String(seed), game, seats, levels, fallback, options: game === "one-six-nine" ? { last_turn: "20" } : {},
    dishonest, dishonestSeat: typeof dishonest === "number" ? dishonest : null, rate, forceWithin, source, illegal, fairTamper,
    victim: remote.length ? remote[rng.int(remote.length)] : null,
    ...over,
    ...(over.dishonest !== undefined ? { dishonestSeat: typeof over.dishonest === "number" ? over.dishonest : null } : {}),
    // a forced plan (a named case) deviates only as it says
    ...(over.rate !== undefined ? { forceWithin: over.forceWithin ?? 0, fairTamper: over.fairTamper ?? false, illegal: over.illegal ?? 0 } : {}),
  };
}

// ---------------------------------------------------------------- the host at the source

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/** Monkeypatch the live HostTable (no product edit) for the plan's source-level deviations. */
function installSource(p, adv, ctx, rng) {
  const { host, hostDev } = ctx;
  const seats = p.seats.map((k, i) => [k, i]).filter(([k]) => k === "remote").map(([, i]) => i);
  const victim = p.victim ?? seats[0];
  const vName = `guest${victim}`;
  for (const s of p.source) {
    if (s === "level-shopping") {
      const honest = host.botLevel.bind(host);
      host.botLevel = (seat) => {
        // Easy searches (and every guest searches again): mostly the cheap bots
        const level = rng.next() < 0.1 ? "easy" : rng.pick(["random", "heuristic"]);
        if (level !== honest(seat)) adv.note("src.level-shopping", null, null, { seat, level, version: host.version });
        return level;
      };
    } else if (s === "ply-shopping") {
      const act = host.act.bind(host);
      host.act = async (seat, action, botPly, sig) => {
        if (botPly !== null && botPly < host.version && rng.next() < 0.8) {
          try {
            const choice = await host.chooseFor(seat);
            if (canonicalText(choice.action) !== canonicalText(action)) {
              const listed = rng.next() < 0.5 ? host.version : botPly;
              adv.note("src.ply-shopping", null, null, { seat, opening: botPly, chosenAt: host.version, listedAt: listed });
              action = choice.action;
              botPly = listed;
            }
          } catch { /* this seat has no move here: the honest one stands */ }
        }
        return act(seat, action, botPly, sig);
      };
    } else if (s.startsWith("refusal-handover")) {
      // a false refusal of the victim's move, then the host plays that seat itself (a bot) for one move
      const hidden = s.endsWith("hidden");
      const at = 1 + rng.int(4);
      let acts = 0;
      let window = null;
      adv.inFilters.push((from, _to, text) => {
        if (from !== vName || window) return undefined;
        const sc = scan(text);
        if (sc.t !== "act" || ++acts < at) return undefined;
        const m = JSON.parse(text);
        if (host.round || m.version !== host.version || host.seats[victim].kind !== "remote" || !host.seats[victim].conn) return undefined;
        window = { version: host.version };
        adv.note(`src.${s}`, null, "act", { seat: victim, version: host.version, ref: sc.n });
        hostDev.enter(() => host.serial(async () => {
          const conn = host.seats[victim].conn;
          if (!conn || host.version !== window.version) return;
          conn.link.send({ t: "error", ref: sc.n, error: "That move is not allowed." });
          host.setHolder(victim, "bot");
          const own = host.act;
          host.act = async (...a) => {
            host.act = own;
            await own.apply(host, a);
            host.setHolder(victim, "remote");
          };
          await host.advance();
        }));
        return [canonicalText({ t: "ping", n: sc.n })]; // dropped: its number used up, nothing handled, no ack
      });
      if (hidden) {
        adv.outFilters.push((c) => {
          if (!window || c.to !== vName || c.t !== "ev") return null;
          const m = c.msg();
          if (m.version !== window.version || m.kinds?.[victim] !== "bot") return null;
          adv.note("src.hide-handover", c.ls, "ev", { version: m.version });
          return [];
        });
      }
    } else if (s === "deal-without") {
      // The host leaves a guest's seat out of the deal from the start: the guest seals its bytes, is never asked for
      // them, and the seed is made without them (leave every guest out and the host's secret alone makes the seed).
      const all = rng.next() < 0.5;
      const left = all ? [] : host.deal.seats.filter((x) => x !== victim);
      host.deal = new host.deal.constructor(left, host.deal.commitment);
      host.includeInDeal = async () => false; // and never deals a guest in again
      // ... once the victim is at the table: a deal finished before it joins is a game it joined late (a different
      // case, with nothing for it to check), and which comes first would otherwise be up to the engine's timing
      const begin = host.begin;
      host.begin = async function () { if (this.seats[victim].joined) return begin.call(this); };
      adv.note("src.deal-without", null, null, { seats: all ? "all" : [victim] });
    } else if (s === "forfeit-takeover") {
      // A false refusal of the victim's move, then the host plays the bot's own seeded choice for that seat with no
      // handover at all (the guest holds the seat throughout), listing it as a bot move and a "bot" forfeit: a host
      // that takes a guest's move over whenever the bot's would suit it better.
      const at = 1 + rng.int(4);
      let acts = 0;
      let done = false;
      adv.inFilters.push((from, _to, text) => {
        if (from !== vName || done) return undefined;
        const sc = scan(text);
        if (sc.t !== "act" || ++acts < at) return undefined;
        const m = JSON.parse(text);
        if (host.round || m.version !== host.version || host.seats[victim].kind !== "remote" || !host.seats[victim].conn) return undefined;
        done = true;
        adv.note("src.forfeit-takeover", null, "act", { seat: victim, version: host.version, ref: sc.n });
        hostDev.enter(() => host.serial(async () => {
          const conn = host.seats[victim].conn;
          if (!conn || host.version !== m.version) return;
          const step = host.version;
          const choice = await host.chooseFor(victim);
          if (canonicalText(choice.action) === canonicalText(m.action)) { // the same move: taken as sent (but unacknowledged)
            await host.act(victim, m.action, null, m.sig);
            return host.advance();
          }
          conn.link.send({ t: "error", ref: sc.n, error: "That move is not allowed." });
          adv.note("src.forfeit-takeover.played", null, "act", { seat: victim, step, sent: m.action, played: choice.action });
          host.ledger.forfeits.push({ seat: victim, version: step, reason: "bot", step });
          await host.act(victim, choice.action, step);
          await host.advance();
        }));
        return [canonicalText({ t: "ping", n: sc.n })];
      });
    } else if (s.startsWith("reveal-refusal-bot")) {
      // the victim's valid reveal is received, refused, and the seat handed to a bot (its choice forfeited)
      const open = s.endsWith("open");
      let done = false;
      adv.inFilters.push((from, _to, text) => {
        if (from !== vName || done) return undefined;
        const sc = scan(text);
        if (sc.t !== "reveal" || !host.round) return undefined;
        done = true;
        adv.note(`src.${s}`, null, "reveal", { seat: victim, version: host.round.version, ref: sc.n });
        hostDev.enter(() => {
          const conn = host.seats[victim].conn;
          conn?.link.send({ t: "error", ref: sc.n, error: "That reveal does not match your commitment." });
          if (open) host.seats[victim].conn = null; // handToBot then leaves the guest's link open
          void product.guests.handToBot(host, victim);
        });
        return [canonicalText({ t: "sync", n: sc.n })]; // received (acknowledged) but never handled as a reveal
      });
    } else if (s === "frame") {
      // The host frames the victim in a witness's eyes: it shows the witness a commitment of its own making for
      // the victim's seat (the hash of a move the rules refuse), then forfeits the victim's real, legal reveal as
      // "illegal", listing that move and nonce.  Nothing the witness holds is signed by the victim.
      const witnesses = seats.filter((x) => x !== victim).map((x) => `guest${x}`);
      let frame = null;
      adv.observers.push((from, to, text) => {
        if (frame || from !== vName || to !== "host" || scan(text).t !== "commit") return;
        const m = JSON.parse(text);
        const legal = ctx.guests.get(victim)?.protocol?.last?.legal ?? [];
        if (!legal.length) return;
        const action = { ...legal[0], bogus: 7 };
        const nonce = randHex(rng, 32);
        frame = { version: m.version, action, nonce, hash: sha256(`${canonicalText(action)}:${nonce}`), done: false };
        adv.note("src.frame", null, "commit", { seat: victim, version: m.version, witnesses });
      });
      adv.outFilters.push((c) => {
        if (!frame || !witnesses.includes(c.to) || c.t !== "ev") return null;
        const m = c.msg();
        if (!m.round || m.round.version !== frame.version || !(String(victim) in m.round.committed)) return null;
        m.round.committed[String(victim)] = frame.hash;
        return [{ content: canonicalText(m) }];
      });
      adv.inFilters.push((from, _to, text) => {
        if (!frame || frame.done || from !== vName) return undefined;
        const sc = scan(text);
        if (sc.t !== "reveal") return undefined;
        frame.done = true;
        hostDev.enter(() => host.serial(async () => {
          const round = host.round;
          if (!round || round.version !== frame.version || round.settled(victim)) return;
          const choice = await host.chooseFor(victim);
          round.forfeit(victim, { reason: "illegal", action: frame.action, nonce: frame.nonce, replacement: choice.action });
          host.save();
          await host.advance();
        }));
        return [canonicalText({ t: "sync", n: sc.n })];
      });
    } else if (s === "welcome-after-seal") {
      // issue 23, 1: after seeing the guest's seal, a second welcome with a commitment of the host's choosing
      let armed = false;
      let done = false;
      adv.observers.push((from, to, text) => {
        if (from === vName && to === "host" && scan(text).t === "seal") armed = true;
      });
      adv.outFilters.push((c) => {
        if (!armed || done || c.to !== vName || !c.ls.welcome) return null;
        done = true;
        const w = JSON.parse(c.ls.welcome);
        w.commitment = sha256(`chosen:${c.text.length}`);
        adv.note("src.welcome-after-seal", c.ls, "welcome", { seat: victim });
        return [{ content: canonicalText(w) }, { content: c.text }];
      });
    }
  }
}

// ---------------------------------------------------------------- stalls

/** What changes whenever the table moves on. */
function progressOf(host) {
  const r = host.round;
  return `${host.started}:${host.version}:${host.deal.excused.size}:${host.deal.seals.size}:${host.deal.bytes.size}:${r ? `${r.version}/${r.commits.size}/${r.reveals.size}/${r.forfeits.size}` : ""}:${host.seats.map((s) => s.kind).join()}`;
}

/** The guest's seat the table waits for, if any. */
function stalledSeat(host) {
  if (!host.started) {
    const waiting = host.deal.seats.filter((s) => host.seats[s].kind === "remote" && (!host.deal.seals.has(s) || (!host.deal.bytes.has(s) && !host.deal.excused.has(s))));
    if (waiting.length) return waiting[0];
    return host.seats.findIndex((s) => s.remote && s.kind === "remote" && !s.conn) >= 0
      ? host.seats.findIndex((s) => s.remote && s.kind === "remote" && !s.conn) : null;
  }
  return host.waitingFor()[0] ?? null;
}

/**
 * The host's person, watching a table that does not move: after `stallMs` virtual ms with nothing new, hands the
 * seat the table waits for to a bot (js/tables/host-guests.js handToBot), as the panel's button does.
 */
function watchdog(ctx, stats, stallMs = 15_000) {
  const { host, hostDev } = ctx;
  hostDev.enter(() => {
    let last = "";
    let since = 0;
    setInterval(() => {
      if (host.over || host.closed || ctx.noWatchdog) return;
      const now = performance.now();
      const sig = progressOf(host);
      if (sig !== last) { last = sig; since = now; return; }
      if (now - since < stallMs) return;
      since = now;
      const seat = stalledSeat(host);
      if (seat === null) return;
      stats.handovers.push({ seat, version: host.version, started: host.started, v: Math.round(now) });
      void product.guests.handToBot(host, seat);
    }, 3000);
  });
}

// ---------------------------------------------------------------- one run

const gone = (dev) => dev.answers.length > 0 && dev.answers.every((a) => a.channel.readyState === "closed");

/**
 * Play one seeded run and judge it.
 * @param {string} seed @param {{over?: any, hooks?: (p: any, adv: any, ctx: any, rng: any) => any, keep?: boolean,
 *   judgeDishonest?: boolean, guestChoice?: (at: any, random: (at: any) => any) => any}} [opts] judgeDishonest: the run
 *   ends only once the dishonest guest is decided too; guestChoice: the guests' clicks (a puppet's, in a scripted strategy)
 */
export async function fuzzOne(seed, opts = {}) {
  const p = plan(seed, opts.over ?? {});
  const rng = new Rng(`adversary:${p.seed}`);
  const adv = new Adversary({
    rng, seed: `adversary:${p.seed}`, party: p.dishonest === "host" ? "host" : p.dishonest === "none" ? "none" : `guest${p.dishonest}`, rate: p.rate, plan: p,
    oracle: (op, fields) => oracle(op, fields), only: p.only ?? null, off: p.off ?? [], forceWithin: p.forceWithin ?? 0,
  });
  if (p.dishonest === "host") {
    adv.observers.push((from, to, text) => {
      if (to !== "host" || !from.startsWith("guest") || text.length > 4000) return;
      const sc = scan(text);
      if (sc.t === "act" || sc.t === "reveal" || sc.t === "commit") (adv.lastSent[from] ??= {})[sc.t] = sc.n;
    });
  }
  const stats = { handovers: [], rejoins: [] };
  const clickRng = new Rng(`clicks:${p.seed}`);
  let overAt = null;
  const allGuests = new Map();
  const spec = {
    game: p.game, seed: p.seed, options: p.options, botLevel: "random", quiet: true, keep: true,
    thinkMs: opts.thinkMs,
    seats: p.seats.map((k, i) => (k === "bot" ? { kind: "bot", level: p.levels[i] } : k)),
    maxWallMs: opts.maxWallMs ?? 90_000, maxVirtualMs: 30 * 60_000,
    intercept: (from, to, text, info) => adv.intercept(from, to, text, info),
    guestChoice: opts.guestChoice ? (at) => opts.guestChoice(at, randomLegal) : (at) => {
      const a = randomLegal(at);
      if (a !== undefined && p.illegal && at.seat === p.dishonestSeat && (!p.illegalInRoundsOnly || at.device.fuzzGuest?.protocol?.last?.round)
          && clickRng.next() < p.illegal) {
        const bad = illegalFrom(clickRng, a);
        adv.note("click.illegal", null, null, { seat: at.seat });
        return bad;
      }
      return a;
    },
    onGuest: (i, guest, ctx) => {
      ctx.guestDevs.get(i).fuzzGuest = guest;
      if (!allGuests.has(i)) allGuests.set(i, []);
      allGuests.get(i).push(guest);
      return opts.onGuest?.(i, guest, ctx);
    },
    setup: async (ctx) => {
      adv.ctx = ctx;
      ctx.allGuests = allGuests;
      ctx.stats = stats;
      ctx.run.fuzzOdd = adv.oddTexts; // the receiving links say whether they accepted any of these
      installSource(p, adv, ctx, new Rng(`source:${p.seed}`));
      if (p.fairTamper) {
        adv.outFilters.push((c) => {
          if (c.t !== "fair" || c.rng.next() < 0.2) return null;
          const ops = tamperFair(c);
          if (ops) adv.note("fair.tamper", c.ls, "fair", c.detail ?? {});
          return ops;
        });
      }
      if (!opts.noWatchdog) watchdog(ctx, stats, opts.stallMs);
      await opts.hooks?.(p, adv, ctx, rng, stats);
    },
    stopWhen: (ctx) => {
      const { host, guestDevs, guests, run } = ctx;
      if (!host) return false;
      if (host.over && overAt === null) overAt = run.virtualMs();
      if (opts.noEarlyStop) return false;
      // decided: a verdict, a failed protocol, or (no rejoin coming) a link that can carry nothing more
      const decided = (i) => {
        const g = guests.get(i);
        if (!g) return false;
        if (g.fairness || g.protocol?.state === "failed") return true;
        return !opts.rejoins && (adv.deadTo(`guest${i}`) || gone(guestDevs.get(i)));
      };
      // the honest guests decide the run, and the dishonest one too where its own verdict is under test
      // (without it, which of the verdicts computed at the same virtual moment lands first decided the case)
      const waited = [...guestDevs.keys()].filter((i) => i !== p.dishonestSeat || opts.judgeDishonest);
      if (waited.length && waited.every(decided)) return true;
      // over, and nothing more came for 20 virtual seconds: the leftovers stalled
      return overAt !== null && run.virtualMs() - overAt > 20_000;
    },
  };
  const t0 = real.perfNow();
  const r = await playTable(spec);
  const out = await judge(p, r, adv, stats, allGuests);
  out.ms = Math.round(real.perfNow() - t0);
  if (opts.keep) out.raw = r;
  return out;
}

// ---------------------------------------------------------------- the judge

/** The weaker verdicts: "Moves verified; …", never "Verified fair". */
const WEAKER = new Set(["late", "unseeded", "partial", "watching"]);

const KIND_AT = (timeline, seat, step, start) => {
  let v = start;
  for (const e of timeline) {
    if (e.version > step) break;
    if (e.seat === seat) v = e.kind ?? e.key;
  }
  return v;
};

/** Every guest's verdict against the invariant; the oracle for bot moves. */
async function judge(p, r, adv, stats, allGuests) {
  const host = r.host;
  const violations = [];
  const observations = [];
  const outcomes = {};
  const ledger = host ? host.ledger : null;
  const actions = ledger ? ledger.actions.map((a) => ({ seat: a.seat, action: a.action })) : [];
  const remote = p.seats.flatMap((k, i) => (k === "remote" ? [i] : []));
  const hostHonest = p.dishonest !== "host"; // "none": nobody deviates (the network may still drop a connection)
  const control = ledger?.control ?? [];
  const keys = ledger?.keys ?? [];
  const startKind = (seat) => control.find((e) => e.seat === seat && e.version === 0)?.kind ?? p.seats[seat];
  const controlAt = (seat, step) => KIND_AT(control, seat, step, startKind(seat));
  const keyAt = (seat, step) => {
    let k = null;
    for (const e of keys) { if (e.version > step) break; if (e.seat === seat) k = e.key; }
    return k;
  };
  // the bot moves of the host's real game, and the level each must be played at
  const botSteps = new Map();
  for (let s = 0; s < actions.length; s++) {
    const seat = actions[s].seat;
    const listed = ledger.bots.some((b) => b.step === s);
    const forfeit = ledger.forfeits.some((f) => f.step === s);
    if (p.seats[seat] === "bot" || listed || forfeit || controlAt(seat, s) === "bot") {
      botSteps.set(s, p.seats[seat] === "bot" ? p.levels[seat] : p.fallback);
    }
  }
  const verdicts = {};
  let anyOk = false;
  for (const i of remote) {
    const tables = allGuests.get(i) ?? [];
    const g = tables.at(-1);
    const v = g?.fairness ?? null;
    const honest = i !== p.dishonestSeat && !(p.puppets ?? []).includes(i); // a puppet: a guest device the host runs
    const failed = v && !v.ok ? (v.steps ?? []).find((s) => !s.ok) : null;
    const weaker = v && !v.ok && !failed && WEAKER.has(v.kind);
    verdicts[i] = v ? { ok: v.ok, kind: v.kind ?? null, step: failed?.name ?? null, blame: failed?.blame ?? null, detail: failed?.detail ?? null, notes: v.notes ?? [] } : null;
    outcomes[i] = !v ? "none" : v.ok ? "ok" : weaker ? `moves:${v.kind}` : failed?.name === "the host keeps to the protocol" ? "breach" : `failed:${failed?.blame}`;
    if ((v?.ok || weaker) && honest) anyOk = true;
    // notes never put anyone at fault: in a star only the table code tells who a key really is
    for (const note of v?.notes ?? []) {
      if (/fault|responsible|cheat/i.test(note)) violations.push({ rule: "1: a note blames someone", guest: i, note });
    }
    if (!honest || !v) continue;
    if (!v.ok && !weaker) {
      if (hostHonest) violations.push({ rule: "1: an honest guest's verdict fails at an honest host's table", guest: i, step: failed?.name, blame: failed?.blame, detail: failed?.detail });
      else if (failed?.blame !== "host") violations.push({ rule: "3: a failed verdict must blame the host", guest: i, step: failed?.name, blame: failed?.blame, detail: failed?.detail });
    }
  }
  // 2: every "Verified fair" is true
  let oracleReply = null;
  if (anyOk && host) {
    try {
      oracleReply = await oracle("bots", {
        game: p.game, players: p.seats.length, seed: host.seed, options: p.options, actions,
        bots: [...botSteps].map(([step, level]) => ({ step, level })),
      });
    } catch (err) {
      violations.push({ rule: "harness: the oracle failed", detail: String(err.message ?? err) });
    }
  }
  for (const i of remote) {
    const tables = allGuests.get(i) ?? [];
    const g = tables.at(-1);
    const v = g?.fairness;
    const moves = v && !v.ok && WEAKER.has(v.kind) && !(v.steps ?? []).some((s) => !s.ok);
    if (!(v?.ok || moves) || i === p.dishonestSeat || (p.puppets ?? []).includes(i)) continue;
    const fair = g.fuzzFairs?.at(-1);
    if (!fair || fair.seed !== host.seed) violations.push({ rule: "2: verified a seed that is not the host's real one", guest: i, real: host.seed, checked: fair?.seed });
    // the seed holds the bytes this guest sealed, when it sat at the table as the deal was made
    const session = g.protocol?.session;
    if (v.ok && (!session?.entropy || host.deal.bytes.get(i) !== session.entropy)) {
      violations.push({ rule: "2: verified a seed made without the bytes it sealed", guest: i, dealSeats: host.deal.seats });
    }
    const checked = (fair?.actions ?? []).map((a) => ({ seat: a.seat, action: a.action }));
    if (canonicalText(checked) !== canonicalText(actions)) {
      const at = actions.findIndex((a, k) => canonicalText(a) !== canonicalText(checked[k] ?? null));
      violations.push({ rule: "2: verified moves that are not the host's real game", guest: i, step: at < 0 ? checked.length : at, real: actions.length, checked: checked.length });
    }
    // not part of the invariant, kept for study: a verified ledger whose seat timelines, forfeits or bot listings are
    // not the host's real ones (its notes may then say what did not happen)
    for (const field of ["control", "keys", "forfeits", "bots"]) {
      if (fair && canonicalText(fair[field] ?? null) !== canonicalText(ledger[field] ?? null)) observations.push({ guest: i, field });
    }
    if (!oracleReply) continue;
    if (oracleReply.failed) violations.push({ rule: "2: verified a game whose real moves do not replay", guest: i, failed: oracleReply.failed });
    for (const w of oracleReply.wrong) violations.push({ rule: "2: verified a bot move that is not the seeded choice of its fixed level at its own position", guest: i, ...w });
    const mine = new Set((g.protocol?.session?.keys ?? []).map((k) => k.publicKey));
    const choices = tables.flatMap((t) => t.fuzzChoices ?? []);
    for (let s = 0; s < actions.length; s++) {
      // while this guest held its seat (its key, a guest holding it), every move there is one it chose: a move the
      // ledger lists as a bot's is no exception (only a handover to a bot, shown in `control`, is)
      if (actions[s].seat !== i || controlAt(i, s) !== "remote" || !mine.has(keyAt(i, s))) continue;
      const want = canonicalText(actions[s].action);
      const opening = oracleReply.openings[s] ?? s;
      const chose = choices.some((c) => canonicalText(c.action) === want && (c.round === null ? c.version === s : c.round === opening));
      if (!chose) violations.push({ rule: "2: verified a move in the guest's seat it never chose", guest: i, step: s });
    }
  }
  // odd spellings are refused at the link
  const accepted = r.run?.fuzzOddAccepted ?? [];
  if (accepted.length) violations.push({ rule: "odd spellings must be refused at the link", texts: accepted.slice(0, 3) });
  tagKnown(p, ledger, violations, controlAt);
  const errors = (r.errors ?? []).filter((e) => !/RunStopped/.test(e));
  const stalled = remote.some((i) => i !== p.dishonestSeat && outcomes[i] === "none");
  return {
    seed: p.seed, game: p.game, seats: p.seats, levels: p.levels, dishonest: p.dishonest, rate: p.rate, source: p.source,
    illegal: p.illegal, deviations: adv.counts, log: adv.log, outcomes, verdicts, violations, observations, stalled,
    stopped: r.stopped, early: r.stoppedEarly, over: r.over, moves: actions.length, virtualMs: r.virtualMs,
    handovers: stats.handovers, rejoins: stats.rejoins, errors: errors.slice(0, 5), errorCount: errors.length,
    consoleErrors: [...new Set((r.consoleErrors ?? []).map((e) => e.slice(0, 160)))].slice(0, 4),
    oddSent: adv.odd.sent, hostLog: host ? host.netLog.slice(-40).map((e) => `${e.seat ?? "-"}: ${e.text}`) : [],
  };
}

/**
 * Product bugs this fuzzer found that are not fixed yet (tests/test_adversarial_fuzz.py KNOWN, each pinned by an
 * xfail(strict=True) case): a violation one of these matches is tagged `known`; the fuzz still fails on anything else.
 * None is open now.  The last two, fixed: "deal-without" (a guest left out of the deal verified a seed made without its
 * sealed bytes) and "forfeit-takeover" (a bot's choice played in a guest's seat under a false "bot" forfeit).
 * @type {{name: string, matches: (v: any, p: any, ledger: any, controlAt: (seat: number, step: number) => string) => boolean}[]}
 */
const KNOWN_BUGS = [];

/** Tag the violations a known, pinned bug explains. */
function tagKnown(p, ledger, violations, controlAt) {
  for (const v of violations) {
    const bug = KNOWN_BUGS.find((b) => b.matches(v, p, ledger, controlAt));
    if (bug) v.known = bug.name;
  }
}

/** The short line of a run (full detail for a run that broke the invariant). */
export function summary(out) {
  if (out.violations.length) {
    const { raw, ...rest } = out;
    return { ...rest, replay: `node --import ./tests/adversary/register.mjs tests/adversary/fuzz.mjs --one '${out.seed}'` };
  }
  return {
    seed: out.seed, game: out.game, seats: out.seats, dishonest: out.dishonest, rate: out.rate, source: out.source,
    outcomes: out.outcomes, dev: Object.values(out.deviations).reduce((a, b) => a + b, 0), kinds: out.deviations,
    stalled: out.stalled, early: out.early, stopped: out.stopped ? out.stopped.slice(0, 80) : null, moves: out.moves,
    handovers: out.handovers.length, errors: out.errorCount, ...(out.errorCount ? { errorText: out.errors } : {}),
    ...(out.consoleErrors.length ? { consoleErrors: out.consoleErrors } : {}),
    ...(out.observations.length ? { observations: out.observations, log: out.log.slice(0, 20) } : {}), ms: out.ms, violations: [],
  };
}

export { gameIds, rejoinSeat, engineControl, product };
export { fuzzMain };

// ---------------------------------------------------------------- the command line

async function fuzzMain() {
  if (!process.env.PARLOUR_HARNESS_FAST_ECDSA) {
    // the harness reads this when it loads (before this module): run again with it set
    const register = fileURLToPath(new URL("./register.mjs", import.meta.url));
    const child = spawn(process.execPath, ["--import", register, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
      { stdio: "inherit", env: { ...process.env, PARLOUR_HARNESS_FAST_ECDSA: "1" } });
    await new Promise((resolve) => child.on("exit", (code) => { process.exitCode = code ?? 1; resolve(); }));
    return finish();
  }
  const { values: args } = parseArgs({
    options: {
      runs: { type: "string", default: "100" }, seed: { type: "string", default: "1" }, jobs: { type: "string", default: "1" },
      concurrency: { type: "string", default: "24" }, one: { type: "string" }, case: { type: "string" }, worker: { type: "string" },
      game: { type: "string" },
    },
  });
  if (args.one) {
    const out = await fuzzOne(args.one);
    process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
    return finish();
  }
  if (args.case) {
    const { CASES } = await import("./fuzz-cases.mjs");
    const names = args.case === "all" ? Object.keys(CASES) : args.case.split(",");
    const t0 = real.perfNow();
    let next = 0;
    const work = async () => {
      while (next < names.length) {
        const name = names[next++];
        const make = CASES[name];
        if (!make) throw new Error(`no case ${name}; there are ${Object.keys(CASES).join(", ")}`);
        let out;
        try {
          out = await make();
        } catch (err) {
          out = { error: String(err && err.stack || err) };
        }
        const { raw, ...rest } = out;
        process.stdout.write(`${JSON.stringify({ case: name, ...rest })}\n`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(Number(args.concurrency), names.length) }, work));
    process.stdout.write(`${JSON.stringify({ summary: true, cases: names.length, seconds: (real.perfNow() - t0) / 1000 })}\n`);
    return finish();
  }
  const runs = Number(args.runs);
  const jobs = Math.max(1, Number(args.jobs));
  if (jobs > 1 && !args.worker) return parent(args, runs, jobs);
  const [k, n] = args.worker ? args.worker.split("/").map(Number) : [0, 1];
  const all = Array.from({ length: runs }, (_, i) => `${args.game ?? gameOfRun(i)}/${args.seed}/${i}`);
  // heavy games first, so the tail of the run is short tables
  const cost = (s) => ({ mansion: 5, "one-six-nine": 4, castles: 2 }[s.split("/")[0]] ?? 1);
  const mine = all.filter((_, i) => i % n === k).sort((a, b) => cost(b) - cost(a));
  const t0 = real.perfNow();
  let next = 0;
  const solo = Number(args.concurrency) === 1;
  const work = async () => {
    while (next < mine.length) {
      const seed = mine[next++];
      let out;
      try {
        // one table at a time: the CPU seconds of this run alone (node and engine)
        const before = solo ? [process.cpuUsage(), (await engineControl("stats", "__stats__")).cpu] : null;
        out = summary(await fuzzOne(seed));
        if (solo) {
          const c = process.cpuUsage(before[0]);
          out.cpu = { node: Math.round((c.user + c.system) / 1000), engine: Math.round(((await engineControl("stats", "__stats__")).cpu - before[1]) * 1000) };
        }
      } catch (err) {
        out = { seed, game: seed.split("/")[0], violations: [{ rule: "harness: the run threw", detail: String(err && err.stack || err).slice(0, 1500) }] };
      }
      process.stdout.write(`${JSON.stringify(out)}\n`);
    }
  };
  await Promise.all(Array.from({ length: Number(args.concurrency) }, work));
  const cpu = process.cpuUsage();
  const engine = await engineControl("stats", "__stats__");
  const ops = Object.fromEntries(Object.entries(engine.stats).map(([op, [count, sec]]) => [op, { n: count, s: Math.round(sec * 10) / 10 }]));
  process.stdout.write(`${JSON.stringify({ summary: true, worker: k, runs: mine.length, seconds: (real.perfNow() - t0) / 1000,
    cpu: { node: (cpu.user + cpu.system) / 1e6, engine: engine.cpu }, ops })}\n`);
  return finish();
}

function finish() {
  stopEngine();
  stopOracle();
}

/** Spawn the workers (each its own node, engine and oracle), pass their lines through, and sum up. */
async function parent(args, runs, jobs) {
  const t0 = performance.now();
  const me = fileURLToPath(import.meta.url);
  const register = fileURLToPath(new URL("./register.mjs", import.meta.url));
  const per = {};
  let violations = 0;
  const pass = ["--runs", String(runs), "--seed", args.seed, "--concurrency", args.concurrency, ...(args.game ? ["--game", args.game] : [])];
  // a larger young generation: fewer scavenges of the many short-lived messages and views
  const cpu = await runJobs(jobs, (k) => ["--max-semi-space-size=64", "--import", register, me, ...pass, "--worker", `${k}/${jobs}`], (r) => {
    const g = (per[r.game] ??= { runs: 0, ms: 0, ok: 0, failedHost: 0, breach: 0, none: 0, stalledRuns: 0, early: 0, violations: 0 });
    g.runs += 1;
    g.ms += r.ms ?? 0;
    g.early += r.early ? 1 : 0;
    g.stalledRuns += r.stalled ? 1 : 0;
    for (const o of Object.values(r.outcomes ?? {})) {
      if (o === "ok") g.ok += 1; else if (o === "breach") g.breach += 1; else if (o === "none") g.none += 1; else g.failedHost += 1;
    }
    if (r.violations?.length) { g.violations += 1; violations += 1; }
  });
  const seconds = (performance.now() - t0) / 1000;
  const totalMs = Object.values(per).reduce((s, g) => s + g.ms, 0) || 1;
  for (const g of Object.values(per)) {
    g.msPerRun = Math.round(g.ms / Math.max(1, g.runs));
    // this game's share of the wall time (by its share of the tables' time), and its runs per second in it
    g.runsPerSecond = Math.round((g.runs / (seconds * (g.ms / totalMs))) * 100) / 100;
  }
  const total = Object.values(per).reduce((s, g) => s + g.runs, 0);
  process.stdout.write(`${JSON.stringify({
    summary: true, jobs, runs: total, seconds: Math.round(seconds * 10) / 10, runsPerSecond: Math.round((total / seconds) * 100) / 100,
    violations, cpu: { node: Math.round(cpu.node), engine: Math.round(cpu.engine) }, games: per,
  })}\n`);
}

// not awaited: fuzz-cases.mjs imports this module, which must finish loading first
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  fuzzMain().catch((err) => {
    process.stderr.write(`${err && err.stack || err}\n`);
    process.exitCode = 1;
    finish();
  });
}
