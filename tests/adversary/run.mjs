// Play many headless network tables and print one JSON line per run.
//
//   node --import ./tests/adversary/register.mjs tests/adversary/run.mjs --game kings-progress --runs 20 --seed 1
//
// --game ID|all        (all: every game in turn)          --runs N (per game)      --seed S
// --seats human,bot,remote   (default: a seeded layout per run: 2-4 seats, at least one remote, at most one human)
// --bot LEVEL (random)  --think MS (400)  --concurrency N tables at once per process (2)
// --jobs N  node processes (each with its own engine process; default 1)
// --full    print whole verdicts and action lists (default: a summary line)
// --summary print a last line with runs/second per game
import { runJobs } from "./jobs.mjs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    game: { type: "string", default: "kings-progress" }, runs: { type: "string", default: "10" },
    seed: { type: "string", default: "1" }, seats: { type: "string" }, bot: { type: "string", default: "random" },
    think: { type: "string", default: "400" }, concurrency: { type: "string", default: "2" }, jobs: { type: "string", default: "1" },
    full: { type: "boolean", default: false }, summary: { type: "boolean", default: false },
    worker: { type: "string" }, // internal: "k/n", this process plays runs i with i % n == k
  },
});

const runs = Number(args.runs);
const jobs = Math.max(1, Number(args.jobs));

/** The seeded layout of run `i` (when --seats is not given). */
function layout(rng, players) {
  const kinds = Array.from({ length: players }, () => rng.pick(["bot", "remote", "remote"]));
  if (!kinds.includes("remote")) kinds[rng.int(players)] = "remote";
  if (rng.next() < 0.6) {
    const free = kinds.flatMap((k, i) => (k !== "remote" || kinds.filter((x) => x === "remote").length > 1 ? [i] : []));
    if (free.length) kinds[rng.pick(free)] = "human";
  }
  return kinds;
}

function line(r, full) {
  if (full) {
    const { result, ...rest } = r;
    return JSON.stringify(rest);
  }
  const verdicts = Object.fromEntries(Object.entries(r.verdicts).map(([s, v]) => [s, v ? { ok: v.ok, failedStep: v.failedStep, blame: v.blame, notes: v.notes.length } : null]));
  return JSON.stringify({
    game: r.game, seed: r.seed, seats: r.seats, stopped: r.stopped, over: r.over, moves: r.moves, verdicts,
    messages: r.messages.total, engineCalls: r.engineCalls, ms: r.ms, virtualMs: r.virtualMs,
    errors: r.errors.length, consoleErrors: r.consoleErrors.length, hostRefusals: r.hostRefusals, leaks: r.leaks,
  });
}

if (jobs > 1 && !args.worker) {
  // the parent: spawn the workers (each with its own engine process), pass their run lines through, sum up
  const t0 = performance.now();
  const per = {};
  const me = fileURLToPath(import.meta.url);
  const register = fileURLToPath(new URL("./register.mjs", import.meta.url));
  const rest = process.argv.slice(2).filter((a, i, all) => !["--jobs", "--summary"].includes(a) && all[i - 1] !== "--jobs");
  const cpu = await runJobs(jobs, (k) => [...process.execArgv, "--import", register, me, ...rest, "--summary", "--worker", `${k}/${jobs}`], (r) => {
    const p = (per[r.game] ??= { runs: 0, ok: 0 });
    p.runs += 1;
    if (!r.stopped && Object.values(r.verdicts).every((v) => v && v.ok)) p.ok += 1;
  });
  const seconds = (performance.now() - t0) / 1000;
  if (args.summary) {
    const total = Object.values(per).reduce((n, p) => n + p.runs, 0);
    process.stdout.write(`${JSON.stringify({
      summary: true, jobs, seconds: Math.round(seconds * 10) / 10, runs: total, runsPerSecond: Math.round((total / seconds) * 100) / 100,
      cpu: { node: Math.round(cpu.node * 10) / 10, engine: Math.round(cpu.engine * 10) / 10,
        perRun: Math.round(((cpu.node + cpu.engine) / Math.max(1, total)) * 1000) / 1000 },
      games: per,
    })}\n`);
  }
} else {
  const { playMany, gameIds, engineTimes } = await import("./harness.mjs");
  const { Rng } = await import("./runtime.mjs");
  const { stopEngine } = await import("./engine-client.mjs");
  const games = args.game === "all" ? await gameIds() : args.game.split(",");
  const [k, n] = args.worker ? args.worker.split("/").map(Number) : [0, 1];
  const plan = [];
  for (const game of games) for (let i = 0; i < runs; i++) plan.push({ game, i });
  const mine = plan.filter((_, j) => j % n === k);
  const t0 = performance.now();
  const per = {};
  await playMany(mine.length, (j) => {
    const { game, i } = mine[j];
    const seed = `${args.seed}:${game}:${i}`;
    const rng = new Rng(`layout:${seed}`);
    const seats = args.seats ? args.seats.split(",") : layout(rng, 2 + rng.int(3));
    return { game, seats, seed, botLevel: args.bot, thinkMs: Number(args.think) };
  }, {
    concurrency: Number(args.concurrency),
    onResult: (r) => {
      const p = (per[r.game] ??= { runs: 0, ok: 0, ms: 0 });
      p.runs += 1;
      p.ms += r.ms;
      if (!r.stopped && Object.values(r.verdicts).every((v) => v && v.ok)) p.ok += 1;
      process.stdout.write(`${line(r, args.full)}\n`);
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  if (args.summary) {
    const total = mine.length;
    const engine = await engineTimes();
    const cpu = process.cpuUsage();
    const nodeCpu = (cpu.user + cpu.system) / 1e6;
    process.stdout.write(`${JSON.stringify({
      summary: true, seconds: Math.round(seconds * 10) / 10, runs: total, runsPerSecond: Math.round((total / seconds) * 100) / 100,
      cpu: { node: Math.round(nodeCpu * 10) / 10, engine: Math.round(engine.cpu * 10) / 10,
        perRun: Math.round(((nodeCpu + engine.cpu) / Math.max(1, total)) * 1000) / 1000 },
      games: per, engine: Object.fromEntries(Object.entries(engine.ops).map(([op, [n, sec]]) => [op, { n, s: Math.round(sec * 100) / 100 }])),
    })}\n`);
  }
  stopEngine();
}
