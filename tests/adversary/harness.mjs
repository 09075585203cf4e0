// Play whole network tables headless: the real HostTable and GuestTable (js/tables/), the real
// protocol (js/net/), the CPython engine, an in-memory network with a hook on every message.
//
// Needs the module hooks: node --import ./tests/adversary/register.mjs …
//
//   const out = await playTable({game: "kings-progress", seats: ["human", "bot", "remote"], seed: 7,
//     botLevel: "random", intercept: (from, to, text, info) => [text]});
//   out.verdicts[2].ok  // the guest on seat 2 found the game fair
import { current, leaks, real, Run, RunStopped } from "./runtime.mjs";
import { engineControl, engineRequest, engineStats } from "./engine-client.mjs";
import { Engine } from "./stubs/bridge.js";

const ROOT = new URL("../../", import.meta.url);
const product = {
  host: await import(new URL("js/tables/host-table.js", ROOT).href),
  guest: await import(new URL("js/tables/guest-table.js", ROOT).href),
  guests: await import(new URL("js/tables/host-guests.js", ROOT).href),
  protocol: await import(new URL("js/net/protocol.js", ROOT).href),
  bytes: await import(new URL("js/net/bytes.js", ROOT).href),
  store: await import(new URL("js/net/store.js", ROOT).href),
  mailGuest: await import(new URL("js/tables/mail-guest.js", ROOT).href),
  mailHost: await import(new URL("js/tables/mail-host.js", ROOT).href),
};

/**
 * The product's own canonical spelling (js/net/bytes.js): a message an intercept rewrites must be
 * spelled this way, or the receiving link refuses it unread.
 * @param {any} value @returns {string}
 */
export const canonicalText = product.bytes.canonical;

// The page-start clean-up of js/net/store.js ran at import, outside any device: not a leak.
leaks.count = 0;
leaks.names.clear();

const { HostTable } = product.host;
const { GuestTable } = product.guest;

/** How the host pastes an answer code (the host panel's answer box calls this). */
const acceptAnswer = product.guests.acceptAnswer
  ?? Object.entries({ ...product.guests, ...product.host }).find(([k, v]) => /answer/i.test(k) && typeof v === "function")?.[1];

const NAMES = ["Ada", "Bram", "Cleo", "Dov", "Eli", "Fay", "Gus", "Hana"];

let catalogue = null;
/** The lobby's catalogue entry for a game (what the lobby hands HostTable as setup.game). */
export async function gameEntry(id) {
  catalogue ??= engineRequest("catalogue", JSON.stringify({ op: "games" })).then((r) => {
    if (!r.ok) throw new Error(r.error);
    return r.games;
  });
  const entry = (await catalogue).find((g) => g.id === id);
  if (!entry) throw new Error(`no game ${id}`);
  return entry;
}

export async function gameIds() {
  await gameEntry("kings-progress").catch(() => {});
  return (await catalogue).map((g) => g.id);
}

/**
 * The default choice of a person (the host's own, or a guest's): a seeded random move among the
 * legal moves of the board it was last drawn.
 * @param {{device: any, view: any, draw: any, rng: any, seat: number|null, role: "host"|"guest"}} at
 */
export function randomLegal(at) {
  const legal = at.draw.legal ?? [];
  return legal.length ? at.rng.pick(legal) : undefined;
}

function verdictOf(table) {
  const outcome = table.fairness;
  if (!outcome) return null;
  const failed = (outcome.steps ?? []).find((s) => !s.ok) ?? null;
  const el = table.fairEl;
  return {
    ok: outcome.ok === true,
    steps: outcome.steps,
    notes: outcome.notes,
    failedStep: failed ? failed.name : null,
    blame: failed ? failed.blame ?? null : null,
    detail: failed ? failed.detail ?? null : null,
    fair: el?.dataset?.fair ?? null,
    text: el?.textContent ?? null,
    verifyMs: table.verifyMs ?? null,
  };
}

function summariseMessages(counts = {}) {
  const out = { total: 0, toHost: {}, toGuests: {}, byLink: counts };
  for (const [key, n] of Object.entries(counts)) {
    const [route, type] = key.split(":");
    const [, to] = route.split(">");
    const side = to === "host" ? out.toHost : out.toGuests;
    side[type] = (side[type] ?? 0) + n;
    out.total += n;
  }
  return out;
}

/**
 * Play one network table to its end.
 * @param {{
 *   game: string,
 *   seats: (string|{kind: string, level?: string, name?: string})[],   kinds: "human" (the host's person), "bot", "remote"
 *   options?: Record<string, any>,
 *   seed?: any,
 *   botLevel?: string,
 *   intercept?: (from: string, to: string, text: string, info: any) => (string[]|string|null|undefined),
 *   guestChoice?: (at: any) => any,      a guest's move (default: random legal); undefined = no click
 *   hostChoice?: (at: any) => any,       the host's person's move (default: random legal)
 *   thinkMs?: number,                    virtual ms a person takes before each click (default 400)
 *   timers?: "virtual"|"real", seedCrypto?: boolean, maxVirtualMs?: number, maxWallMs?: number, stallMs?: number,
 *   turnTimer?: number,                  seconds (the host's turn timer), 0 = off
 *   setup?: (ctx: any) => any,           called once the host table exists, before anyone joins
 *                                        (ctx: {run, host, hostDev, guestDevs, guests, spec}; `guests` fills as they join)
 *   onGuest?: (seat: number, guest: any, ctx: any) => any,   each GuestTable as it is made (rejoins too)
 *   stopWhen?: (ctx: any) => any,        end the run early once this is truthy (checked every turn of the run's loop);
 *                                        the result says `stoppedEarly`
 *   quiet?: boolean,
 *   keep?: boolean,                      keep the run's objects in the result (run, host, guests)
 * }} spec
 */
export async function playTable(spec) {
  const t0 = real.perfNow();
  const leaksBefore = leaks.count;
  const run = new Run({
    seed: spec.seed ?? 1, timers: spec.timers, seedCrypto: spec.seedCrypto, quiet: spec.quiet,
    maxVirtualMs: spec.maxVirtualMs, maxWallMs: spec.maxWallMs,
    stallMs: spec.stallMs ?? Math.max(120_000, ((spec.turnTimer ?? 0) + 60) * 1000),
  });
  run.intercept = spec.intercept ?? null;
  const thinkMs = spec.thinkMs ?? 400;
  const botLevel = spec.botLevel ?? "random";
  const seats = spec.seats.map((s, i) => {
    const seat = typeof s === "string" ? { kind: s } : { ...s };
    seat.name ??= seat.kind === "remote" ? `Friend ${i + 1}` : seat.kind === "bot" ? `Bot ${i + 1}` : NAMES[i];
    if (seat.kind === "bot") seat.level ??= botLevel;
    return seat;
  });
  const remote = seats.flatMap((s, i) => (s.kind === "remote" ? [i] : []));
  const entry = await gameEntry(spec.game);
  const hostDev = run.device("host");
  const guestDevs = new Map(remote.map((i) => [i, run.device(`guest${i}`)]));
  const clicks = { host: 0, guest: 0, skipped: 0 };

  /** A person at `device` clicks a move `thinkMs` after the board asks for one (phase "move"). */
  const watch = (device, role, choose, stagger) => {
    device.onPhase = (view, phase) => {
      if (phase !== "move" || !view.lastDraw?.active) return;
      const n = view.lastDraw.n;
      if (device.clickFor === view && device.clickN === n) return;
      device.clickFor = view;
      device.clickN = n;
      setTimeout(() => {
        if (view.phase !== "move" || !view.lastDraw?.active || view.lastDraw.n !== n) return;
        const action = choose({ device, view, draw: view.lastDraw, rng: device.rng, seat: view.lastDraw.viewer, role, run });
        if (action === undefined) { clicks.skipped += 1; return; }
        clicks[role] += 1;
        view.opts.onAction(action);
      }, thinkMs + stagger);
    };
  };
  watch(hostDev, "host", spec.hostChoice ?? randomLegal, 0);

  let host = null;
  const guests = new Map();
  let stopped = null;
  /** What the hooks see: the run, the host table and device, the guests' devices and tables (filled as they join). */
  const ctx = { run, host: null, hostDev, guestDevs, guests, spec, stoppedEarly: false };
  const result = {
    game: spec.game, seed: spec.seed ?? 1, seats: seats.map((s) => s.kind), levels: seats.map((s) => s.level ?? null),
  };
  try {
    host = await hostDev.enter(async () => {
      const engine = new Engine();
      const root = document.createElement("div");
      const table = new HostTable(engine, root, { game: entry, seats, options: spec.options ?? {} }, {
        botDelay: 0, iceServers: [], onLeave: () => {}, mail: !!spec.byLinks,
      });
      await table.start();
      if (spec.turnTimer) table.setTimer(spec.turnTimer);
      return table;
    });
    ctx.host = host;
    await spec.setup?.(ctx);
    if (spec.byLinks) {
      await playByLinks(ctx, remote, (dev, i) => watch(dev, "guest", spec.guestChoice ?? randomLegal, 11 * (i + 1)), result);
    }
    // every remote seat's invite is ready
    if (!spec.byLinks) await run.until(() => remote.every((i) => hostDev.invitations.some((inv) => inv.seat === i && inv.code)), "the invites");
    for (const i of spec.byLinks ? [] : remote) {
      const dev = guestDevs.get(i);
      const inv = hostDev.invitations.filter((x) => x.seat === i && x.code).at(-1);
      watch(dev, "guest", spec.guestChoice ?? randomLegal, 11 * (i + 1));
      await joinSeat(ctx, i, inv.code);
    }
    const hostOver = () => ctx.host.over || hostDev.views.at(-1)?.phase === "over";
    // a guest whose channel closed (handed to a bot, cut off) gets no `fair`: it is not waited for
    const gone = (i) => (spec.byLinks ? !!guests.get(i)?.link?.closed : guestDevs.get(i).answers.every((a) => a.channel.readyState === "closed"));
    await run.until(() => {
      if (spec.stopWhen?.(ctx)) return (ctx.stoppedEarly = true);
      return hostOver() && [...guests].every(([i, g]) => g.fairness || gone(i));
    }, "the end of the game and every verdict");
    host = ctx.host; // (a reload makes a new one)
  } catch (err) {
    if (!(err instanceof RunStopped)) {
      run.errors.push(`harness: ${err && err.stack || err}`);
    }
    stopped = String(err && err.message || err);
  }
  result.stopped = stopped;
  result.stoppedEarly = ctx.stoppedEarly;
  result.over = !!host?.over;
  result.gameSeed = host?.seed ?? null;
  result.result = host?.result ?? null;
  result.verdicts = Object.fromEntries([...guests].map(([i, g]) => [i, verdictOf(g)]));
  result.disconnected = [...guestDevs].flatMap(([i, d]) => (d.answers.length && d.answers.every((a) => a.channel.readyState === "closed") ? [i] : []));
  result.actions = host ? (host.actions ?? host.ledger?.actions ?? []).map((a) => ({ ...a })) : [];
  result.moves = result.actions.length;
  result.messages = summariseMessages(run.netCounts);
  result.clicks = clicks;
  result.ms = Math.round(real.perfNow() - t0);
  result.virtualMs = run.virtualMs();
  result.engineCalls = run.stats.engineCalls;
  result.errors = run.errors;
  result.consoleErrors = run.consoleErrors;
  const netLog = host?.netLog ?? [];
  result.hostRefusals = netLog.filter((e) => /refused/.test(e.text)).length;
  result.hostLog = {
    away: netLog.filter((e) => /is away/.test(e.text)).length,
    closed: netLog.filter((e) => /disconnected|closed/.test(e.text)).length,
    toBot: netLog.filter((e) => /handed to a bot|goes to a bot/.test(e.text)).length,
  };
  result.toasts = Object.fromEntries([...run.devices].map(([name, d]) => [name, d.toasts.length]));
  // per-device globals read outside any device while this run was open (0: the harness kept every device apart)
  result.leaks = leaks.count - leaksBefore;
  if (spec.keep) Object.assign(result, { run, host, guests, hostDev, guestDevs, ctx });
  run.close();
  for (const d of run.devices.values()) {
    for (const inv of d.invitations) try { inv.close(); } catch { /* gone */ }
    void engineControl(d.id, "__forget__");
  }
  return result;
}

/**
 * The device of seat `i` opens the invite `code` (a new GuestTable: a first join, or a rejoin on the
 * same device, whose record in localStorage makes its hello carry the rejoin proof), the person asks
 * for an answer code, and the host pastes it.  Resolves once the host has attached the channel.
 * @param {any} ctx playTable's hook context @param {number} i @param {string} code
 */
async function joinSeat(ctx, i, code) {
  const { run, hostDev, guestDevs, guests, spec } = ctx;
  const dev = guestDevs.get(i);
  const joins = dev.joins.length;
  const answers = dev.answers.length;
  const guest = await dev.enter(async () => {
    const engine = new Engine();
    const root = document.createElement("div");
    const table = new GuestTable(engine, root, { code, onLeave: () => {} });
    await table.start();
    return table;
  });
  guests.set(i, guest);
  await spec.onGuest?.(i, guest, ctx);
  await run.until(() => dev.joins.length > joins, `the join screen of seat ${i}`);
  // the person types a name and presses "Make my answer code"
  dev.enter(() => dev.joins.at(-1).onJoin(NAMES[(i + 3) % NAMES.length]));
  await run.until(() => dev.answers.length > answers, `the answer code of seat ${i}`);
  // the host pastes it
  await hostDev.enter(() => acceptAnswer(ctx.host, dev.answers.at(-1).code));
  return guest;
}

/**
 * A table played by sending links (docs/correspondence.md): each seat's device opens its invite link and makes
 * its first link; then a postman carries every link either side shows (the text its panel offers to copy) to
 * the other, opening it there as the person would, until the game and every verdict are done.  Every link's
 * length is recorded in `result.links`; `spec.reloadGuests` reloads a guest's page (a new GuestTable from the
 * link it opens, its record in the device's storage) before every link it opens, `spec.reloadHost` the host's,
 * and `spec.reloadBeforeMoves` a guest's page whenever it is to move (opened from its invite's address, as the
 * lobby's list does, with no link to open).
 * @param {any} ctx @param {number[]} remote @param {(dev: any, i: number) => void} watchGuest @param {any} result
 */
async function playByLinks(ctx, remote, watchGuest, result) {
  const { run, hostDev, guestDevs, guests, spec } = ctx;
  const { mailGuest, mailHost } = product;
  const sizes = { toGuests: [], toHost: [], invites: [] };
  result.links = sizes;
  await run.until(() => remote.every((i) => ctx.host.seats[i].inviteLink), "the invites by link");
  const newGuest = (i, address) => guestDevs.get(i).enter(async () => {
    const table = new GuestTable(new Engine(), document.createElement("div"), { code: address.split("#mail=")[1], mail: true, onLeave: () => {} });
    guests.set(i, table);
    await table.start();
    return table;
  });
  for (const i of remote) {
    const dev = guestDevs.get(i);
    watchGuest(dev, i);
    const invite = ctx.host.seats[i].inviteLink;
    sizes.invites.push(invite.length);
    const joins = dev.joins.length;
    await newGuest(i, invite);
    await run.until(() => dev.joins.length > joins, `the join screen of seat ${i}`);
    dev.enter(() => dev.joins.at(-1).onJoin(NAMES[(i + 3) % NAMES.length]));
    await run.until(() => guests.get(i).mailLink, `the first link of seat ${i}`);
  }
  // the postman: whatever link a side shows goes to the other side once
  const carried = new Set();
  let busy = false;
  const post = async () => {
    if (busy || run.closed) return;
    busy = true;
    try {
      for (const i of remote) {
        let guest = guests.get(i);
        const at = guest?.last?.version;
        if (spec.reloadBeforeMoves && guest?.view?.phase === "move" && guest.reloadedAt !== at && guest.mailRecord?.invite) {
          // the person comes back to the table from the lobby (its invite's address), with no new link, and moves
          guest = await newGuest(i, `#mail=${guest.mailRecord.invite}`);
          guest.reloadedAt = at;
          sizes.idleReloads = (sizes.idleReloads ?? 0) + 1;
        }
        const back = guest?.mailLink;
        if (back && !carried.has(back)) {
          carried.add(back);
          sizes.toHost.push(back.length);
          if (spec.reloadHost) await reloadHost(ctx);
          await hostDev.enter(() => mailHost.openGuestLink(ctx.host, back));
        }
        const conn = ctx.host.seats[i].conn;
        const out = conn?.mailLink;
        if (out && !carried.has(out)) {
          carried.add(out);
          sizes.toGuests.push(out.length);
          if (ctx.host.over) (sizes.afterEnd ??= []).push(out.length); // the end-of-game record's links
          if (spec.reloadGuests) await newGuest(i, out);
          else await guestDevs.get(i).enter(() => mailGuest.openHostLink(guests.get(i), out));
        }
      }
    } catch (err) {
      run.errors.push(`postman: ${err && err.stack || err}`);
    } finally {
      busy = false;
    }
  };
  hostDev.enter(() => setInterval(() => void post(), 300));
}

/** The host's page reloads: a new HostTable from its saved copy, the same links going on. @param {any} ctx */
async function reloadHost(ctx) {
  const { hostDev } = ctx;
  const old = ctx.host;
  const { store } = product;
  ctx.host = await hostDev.enter(async () => {
    await old.queue;
    old.closed = true;
    old.timer.stop(); // (the stand-in grants every claim: the old page's needs no release)
    const saved = store.loadHosted(old.id);
    // the device's engine goes on (the harness's engine is one process per device; the page's would restart)
    const table = new HostTable(old.engine, document.createElement("div"), {
      game: old.setup.game, seats: saved.seats.map((s) => ({ kind: s.kind, name: s.name, level: s.level })), options: saved.options,
    }, { botDelay: 0, iceServers: [], onLeave: () => {}, saved });
    await table.start();
    return table;
  });
}

/**
 * The host's person makes a rejoin invite for seat `i` (the button by the seat) and the seat's own
 * device opens it: its record makes the hello carry the rejoin proof.  Call from a hook while the run
 * plays (the run's loop must be turning).  Resolves with the new GuestTable.
 * @param {any} ctx playTable's hook context @param {number} i
 */
export async function rejoinSeat(ctx, i) {
  const { run, host, hostDev } = ctx;
  const before = new Set(hostDev.invitations);
  await hostDev.enter(() => product.guests.invite(host, i, product.protocol.INVITE_REJOIN));
  await run.until(() => hostDev.invitations.some((inv) => !before.has(inv) && inv.seat === i && inv.code), `the rejoin invite of seat ${i}`);
  const inv = hostDev.invitations.filter((x) => !before.has(x) && x.seat === i && x.code).at(-1);
  return joinSeat(ctx, i, inv.code);
}

/**
 * Play many tables, `concurrency` at a time in this process; `each(i)` gives run i's spec.
 * @param {number} runs @param {(i: number) => any} each @param {{concurrency?: number, onResult?: (r: any, i: number) => void}} [opts]
 */
export async function playMany(runs, each, opts = {}) {
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  let next = 0;
  const results = new Array(runs);
  const worker = async () => {
    while (next < runs) {
      const i = next++;
      const r = await playTable(each(i));
      results[i] = r;
      opts.onResult?.(r, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, runs) }, worker));
  return results;
}

export { engineStats };

/** The engine process's time per op (seconds) and its CPU seconds so far. */
export async function engineTimes() {
  const reply = await engineControl("stats", "__stats__");
  return { ops: reply.stats, cpu: reply.cpu };
}
