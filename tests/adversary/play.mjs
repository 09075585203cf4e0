// Play the tables a JSON list describes and print one JSON line per table (for tests and scripts).
//
//   node --import ./tests/adversary/register.mjs tests/adversary/play.mjs '[{"game": "castles",
//     "seats": ["human", "remote"], "seed": 3, "botLevel": "random", "scenario": "tamper-fair"}]'
//
// Each line is playTable's result without the final result detail; "concurrency" (in an object
// {"tables": [...], "concurrency": 2}) plays that many at once.
import { playMany, engineTimes } from "./harness.mjs";
import { withScenario } from "./scenarios.mjs";
import { stopEngine } from "./engine-client.mjs";

const arg = process.argv[2] ?? "[]";
const input = JSON.parse(arg.startsWith("@") ? (await import("node:fs")).readFileSync(arg.slice(1), "utf8") : arg);
const tables = Array.isArray(input) ? input : input.tables;
const concurrency = Array.isArray(input) ? 1 : input.concurrency ?? 1;
const t0 = performance.now();
await playMany(tables.length, (i) => withScenario(tables[i].scenario ?? "honest", { quiet: true, ...tables[i] }), {
  concurrency,
  onResult: (r, i) => {
    const { result, ...rest } = r;
    for (const v of Object.values(rest.verdicts)) if (v) v.steps = v.steps.map((s) => ({ name: s.name, ok: s.ok, blame: s.blame ?? null }));
    process.stdout.write(`${JSON.stringify({ index: i, scenario: tables[i].scenario ?? "honest", ...rest })}\n`);
  },
});
const cpu = process.cpuUsage();
const engine = await engineTimes();
process.stdout.write(`${JSON.stringify({ summary: true, seconds: (performance.now() - t0) / 1000, tables: tables.length,
  cpu: { node: (cpu.user + cpu.system) / 1e6, engine: engine.cpu } })}\n`);
stopEngine();
