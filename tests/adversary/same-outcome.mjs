// Play seeded tables and print, for each, everything its outcome is made of (tests/test_adversarial_clock.py plays
// the same list twice, once quietly and once under PARLOUR_HARNESS_PERTURB, and compares the lines).
//
//   node --import ./tests/adversary/register.mjs tests/adversary/same-outcome.mjs '{"concurrency": 3, "items": [
//     {"table": {"game": "kings-progress", "seats": ["remote", "bot", "remote"], "seed": "silent:3", "scenario": "guest-silent"}},
//     {"case": "rejoin-proof-replayed"}, {"seed": "kings-progress/1/17"}]}'
//
// An item is a playTable spec with a scenario (scenarios.mjs), a named fuzz case (fuzz-cases.mjs) or a fuzz seed
// (fuzz.mjs).  Signatures and keys are left out of the outcome: ECDSA signing is randomised, and the keys come from
// node's own generator.
import { playTable } from "./harness.mjs";
import { withScenario } from "./scenarios.mjs";
import { current, Run } from "./runtime.mjs";
import { stopEngine } from "./engine-client.mjs";
import { perturbation } from "./perturb.mjs";

const ROOT = new URL("../../", import.meta.url);
const { HostTable } = await import(new URL("js/tables/host-table.js", ROOT).href);
const { GuestTable } = await import(new URL("js/tables/guest-table.js", ROOT).href);

// The fuzzer's results keep no tables or run: they are caught here, and the outcome is read as the run closes (as
// playTable reads its result), before the invitations left open are closed.
for (const [Table, key] of [[HostTable, "hostTable"], [GuestTable, "guestTable"]]) {
  const realStart = Table.prototype.start;
  Table.prototype.start = function start(...args) {
    const c = current();
    if (c?.device) c.device[key] = this; // a device's last table (a rejoin makes a new one)
    return realStart.apply(this, args);
  };
}
/** seed -> the outcome of the run that played it. */
const outcomes = new Map();
const realClose = Run.prototype.close;
Run.prototype.close = function close() {
  if (!this.closed) outcomes.set(this.seed, outcome(this));
  return realClose.call(this);
};

const noSig = ({ sig, ...rest }) => rest;

/** What a run's outcome is made of. */
function outcome(run) {
  const host = run.devices.get("host")?.hostTable;
  const guests = [...run.devices].filter(([name]) => /^guest\d+$/.test(name));
  const verdicts = {};
  for (const [name, dev] of guests) {
    const v = dev.guestTable?.fairness ?? null;
    verdicts[name.slice(5)] = v && { ok: v.ok, notes: v.notes ?? [], failed: (v.steps ?? []).filter((s) => !s.ok).map((s) => [s.name, s.blame ?? null, s.detail ?? null]) };
  }
  return {
    stopped: run.stopReason,
    virtualMs: run.virtualMs(),
    disconnected: guests.flatMap(([name, d]) => (d.answers.length && d.answers.every((a) => a.channel.readyState === "closed") ? [Number(name.slice(5))] : [])),
    verdicts,
    actions: (host?.ledger?.actions ?? []).map(noSig),
    hostLog: (host?.netLog ?? []).map((e) => `${e.seat ?? "-"}: ${e.text}`),
    messages: Object.fromEntries(Object.entries(run.netCounts ?? {}).sort()),
    engineCalls: run.stats.engineCalls,
  };
}

async function play(item) {
  if (item.table) {
    const r = await playTable(withScenario(item.table.scenario ?? "honest", { quiet: true, ...item.table }));
    return { ...outcomes.get(String(r.seed)), errors: r.errors };
  }
  const fuzz = await import("./fuzz.mjs");
  const out = item.case ? await (await import("./fuzz-cases.mjs")).CASES[item.case]() : await fuzz.fuzzOne(item.seed);
  return { ...outcomes.get(out.seed), outcomes: out.outcomes, violations: out.violations, errors: out.errors };
}

const arg = process.argv[2] ?? "{}";
const input = JSON.parse(arg.startsWith("@") ? (await import("node:fs")).readFileSync(arg.slice(1), "utf8") : arg);
const items = input.items ?? [];
let next = 0;
const t0 = performance.now();
const work = async () => {
  while (next < items.length) {
    const index = next++;
    let out;
    try {
      out = await play(items[index]);
    } catch (err) {
      out = { error: String(err && err.stack || err) };
    }
    process.stdout.write(`${JSON.stringify({ index, item: items[index], ...out })}\n`);
  }
};
await Promise.all(Array.from({ length: Math.max(1, input.concurrency ?? 1) }, work));
process.stdout.write(`${JSON.stringify({ summary: true, seconds: (performance.now() - t0) / 1000, perturbation })}\n`);
stopEngine();
(await import("./oracle-client.mjs")).stopOracle();
