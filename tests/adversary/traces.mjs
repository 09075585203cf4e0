// Deviant traces (issue 42, 5a), in the manner of Beurdouche et al., "A Messy State of the Union" (IEEE S&P
// 2015): from the guest's state diagram (trace-states.mjs), for every wire state, the host's message there
// skipped, repeated (same number, fresh number, replayed later), moved early, held back late, and each of
// its fields replaced by another well-formed value (trace-fields.mjs); every one of those run on its own
// (depth 1), and pairs of them over the states where the guest's record of the deal or its seat is decided
// (depth 2), exhaustively within the bound below.  Every run is a real table: the real HostTable and
// GuestTable through fuzz.mjs's fuzzOne (its plan with nothing random: the host deviates only as the trace
// says), judged by fuzz.mjs's own invariant and by the trace judge here.
//
//   node --import ./tests/adversary/register.mjs tests/adversary/traces.mjs --jobs 2            # everything, a summary last
//   node --import ./tests/adversary/register.mjs tests/adversary/traces.mjs --list              # the cases, and what does not apply
//   node --import ./tests/adversary/register.mjs tests/adversary/traces.mjs --one 'kp/first-game#0:field=dealt.bytes.mine.other'
//   node --import ./tests/adversary/register.mjs tests/adversary/traces.mjs --case all     # the bugs found (trace-cases.mjs)
//
// A case is `<table>/<step>[+<step>]`, a step `<state>#<occurrence>:<kind>` or `<state>#<occurrence>:field=<name>`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runJobs } from "./jobs.mjs";
import { WIRE_STATE, WIRE_STATES } from "./trace-states.mjs";
import { GENERIC, neighbours } from "./trace-wire.mjs";
import { TABLES, runTrace, seedOf } from "./trace-tables.mjs";

const { engineControl, stopEngine } = await import("./engine-client.mjs");
const { stopOracle } = await import("./oracle-client.mjs");

/**
 * Depth 2, the bound: ordered pairs (first, second) of message-level deviations (PAIR_KINDS: a message skipped,
 * repeated, sent early, sent late) on one table, both at states that decide the guest's record of the deal or its seat
 * (WIRE_STATES `decides`: the welcome, the open and the final list, a link's first game event, the over event, fair,
 * bye, a rejoin's welcome and first event), the second's message after the first's in the honest trace, and the first
 * one the table survived on its own to a verdict that is not a breach of the protocol (a run that ended the table, or
 * left the guest without a verdict, has no later state to deviate: extending it is the same run).  Every such pair.
 */
export const PAIR_KINDS = ["skip", "repeat", "early", "late"];

// ---------------------------------------------------------------- the honest trace and the cases

/** The honest run of a table, as the target guest's wire saw it: each host message's state, fields and neighbours. */
export async function baseline(table) {
  const { out, wire } = await runTrace(table, [], { record: true });
  const trace = wire.trace;
  const entries = [];
  trace.forEach((x, k) => {
    if (x.from !== "host" || !x.state) return;
    const { before, after } = neighbours(trace, k);
    entries.push({
      k, state: x.state, occ: x.occ, fields: x.fields, alias: x.alias ?? null,
      before: before.msg ? { state: before.msg.state, occ: before.msg.occ, guest: before.guest } : null,
      after: after.msg ? { guest: after.guest } : null,
      guestAfter: trace.slice(k + 1).some((y) => y.from === "guest"),
    });
  });
  return { table, entries, outcome: out.outcomes[TABLES[table].seat], violations: out.violations };
}

const stepId = (s) => `${s.state}#${s.occ}:${s.kind === "field" ? `field=${s.field}` : s.kind}`;
export const caseId = (table, steps) => `${table}/${steps.map(stepId).join("+")}`;

/**
 * Every depth-1 case of a table from its honest trace, and the (state, kind) pairs that cannot apply, with why.
 * @param {any} base baseline() of the table
 * @param {Set<string>} covered "state:field" already deviated on an earlier table ("new-fields" adds only the rest)
 */
export function depthOne(base, covered = new Set()) {
  const T = TABLES[base.table];
  const cases = [];
  const na = [];
  for (const [state, how] of Object.entries(T.deviate)) {
    const occs = base.entries.filter((e) => e.state === state);
    if (!occs.length) { na.push({ table: base.table, state, kind: "*", why: "the honest run never reaches it" }); continue; }
    const at = WIRE_STATE[state].occurrence === "middle" ? Math.floor(occs.length / 2) : 0;
    const pick = occs[at];
    const from = occs.slice(at);
    const add = (e, kind, extra = {}) => cases.push({ table: base.table, k: e.k, steps: [{ state, occ: e.occ, kind, ...extra }] });
    if (how !== "message") {
      for (const field of pick.fields) {
        if (how === "new-fields" && covered.has(`${state}:${field}`)) continue;
        covered.add(`${state}:${field}`);
        add(pick, "field", { field });
      }
    }
    if (how !== "all" && how !== "message") continue;
    for (const kind of GENERIC) {
      if (pick.alias) {
        // the same message as another state's: deviated whole there, its own fields here
        na.push({ table: base.table, state, kind, why: `the same message as ${pick.alias}#${pick.occ}, deviated there` });
      } else if (kind === "early") {
        // moved before the message the host sent just ahead of it: one the host sent without the guest speaking in
        // between if there is one (else tried anyway: whether the host waited for the guest's answer, the run says)
        const e = from.find((x) => x.before?.state && !x.before.guest) ?? from.find((x) => x.before?.state);
        if (e) add(e, kind, { prev: { state: e.before.state, occ: e.before.occ } });
        else na.push({ table: base.table, state, kind, why: "nothing comes before it on its link" });
      } else if (kind === "late") {
        const e = from.find((x) => x.after && !x.after.guest) ?? from.find((x) => x.after);
        if (e) add(e, kind);
        else na.push({ table: base.table, state, kind, why: "nothing comes after it on its link" });
      } else if (kind === "late-reply") {
        if (pick.guestAfter) add(pick, kind);
        else na.push({ table: base.table, state, kind, why: "the guest sends nothing after it" });
      } else {
        add(pick, kind);
      }
    }
  }
  for (const c of cases) c.id = caseId(c.table, c.steps);
  return { cases, na };
}

/**
 * The depth-2 cases from the depth-1 results (PAIR_KINDS above says the bound).
 * @param {any[]} results depth-1 result lines
 */
export function depthTwo(results) {
  const pairs = [];
  const deciding = results.filter((r) => r.depth === 1 && PAIR_KINDS.includes(r.steps[0].kind)
    && WIRE_STATE[r.steps[0].state].decides && r.steps[0].result?.applied);
  const survived = deciding.filter((r) => ["verified", "weaker"].includes(r.outcome)
    || (r.outcome === "host named" && r.verdict?.step !== "the host keeps to the protocol"));
  for (const a of survived) {
    for (const b of deciding) {
      if (b.table !== a.table || b.k <= a.k) continue;
      const steps = [a.steps[0], b.steps[0]].map(({ result, ...s }) => s);
      pairs.push({ table: a.table, k: b.k, steps, id: caseId(a.table, steps) });
    }
  }
  return pairs;
}

// ---------------------------------------------------------------- one case, judged

/** What became of the target guest: verified, a weaker verdict, the host named, or no verdict. */
export function outcomeOf(o) {
  if (o === "ok") return "verified";
  if (!o || o === "none") return "no verdict";
  if (o.startsWith("moves:")) return "weaker";
  if (o === "breach" || o === "failed:host") return "host named";
  return `other (${o})`;
}

/**
 * Product bugs the traces found and that are not fixed yet, each pinned by an xfail(strict=True) test in
 * tests/test_adversarial_traces.py (TRACE_BUGS): a violation one of these explains is tagged `known`.  None is open:
 * the four found ("view-overwritten" twice, "options-unchecked", "rejoin-link-numbers") are fixed and their named
 * cases (trace-cases.mjs) are tested to hold.
 * @type {{name: string, matches: (v: any, r: any) => boolean}[]}
 */
export const KNOWN_BUGS = [];

const MATERIAL = "trace: a material deviation the guest accepted left the verdict Verified fair";

/** Run one case and judge it: fuzz.mjs's invariant, and the trace judge's own rule. */
export async function runCase(c) {
  const T = TABLES[c.table];
  const { out, wire, receipts, raw } = await runTrace(c.table, c.steps, { keep: true });
  const v = out.verdicts[T.seat];
  const violations = [...out.violations];
  const observations = [...out.observations];
  const host = raw?.host;
  // the fallback level plays only a guest's seat handed to a bot, or a forfeited choice
  const fallbackUsed = !!host && (host.ledger.forfeits.length > 0 || host.ledger.control.some((e) => e.kind === "bot" && T.seats[e.seat] === "remote"));
  for (const s of wire.plan) {
    if (!s.result?.applied || s.kind !== "field") continue;
    // the guest took the changed message in (recorded it, or acted on it), not refused or ignored it
    const accepted = (s.result.delivered ?? []).some((d) => receipts.some((x) => x.link === d.link && x.n === d.n && x.how === "accepted"));
    s.result.accepted = accepted;
    const material = s.result.material === true || (s.result.material === "used" && fallbackUsed);
    // what the verdict rests on was changed: it must not say "Verified fair"
    if (material && accepted && v?.ok) violations.push({ rule: MATERIAL, step: stepId(s) });
  }
  if (out.errorCount) violations.push({ rule: "trace: the run threw", errors: out.errors });
  // not part of the invariant: a verified guest whose table code is not the host's (only the people comparing them would see)
  const guest = raw?.guests?.get(T.seat);
  if (v?.ok && guest?.session?.code && host?.code && guest.session.code !== host.code) {
    observations.push({ guest: T.seat, note: "Verified fair, with a table code that is not the host's" });
  }
  const steps = wire.plan.map((s) => ({ state: s.state, occ: s.occ, kind: s.kind, ...(s.field ? { field: s.field } : {}),
    ...(s.prev ? { prev: s.prev } : {}), result: s.result ?? { applied: false, why: "not reached" } }));
  const r = { steps };
  for (const x of violations) {
    const bug = KNOWN_BUGS.find((b) => b.matches(x, r));
    if (bug) x.known = bug.name;
  }
  return {
    id: c.id, table: c.table, depth: c.steps.length, k: c.k, seed: seedOf(c.table), steps,
    outcome: outcomeOf(out.outcomes[T.seat]), outcomes: out.outcomes,
    verdict: v ? { ok: v.ok, kind: v.kind, step: v.step, blame: v.blame, detail: v.detail, notes: v.notes } : null,
    violations, observations, stopped: out.stopped ? String(out.stopped).slice(0, 100) : null, moves: out.moves, ms: out.ms,
    replay: `node --import ./tests/adversary/register.mjs tests/adversary/traces.mjs --one '${c.id}'`,
  };
}

/** A case from its id; an early step's predecessor comes from the table's honest trace (`bases`; null without early steps). */
export function parseCase(id, bases) {
  const [table, rest] = [id.slice(0, id.indexOf("/")), id.slice(id.indexOf("/") + 1)];
  if (!TABLES[table]) throw new Error(`no table ${table}; there are ${Object.keys(TABLES).join(", ")}`);
  const steps = rest.split("+").map((text) => {
    const m = /^([a-z-]+)#(\d+):(?:field=(.+)|([a-z-]+))$/.exec(text);
    if (!m) throw new Error(`not a step: ${text}`);
    const step = { state: m[1], occ: Number(m[2]), kind: m[3] ? "field" : m[4], ...(m[3] ? { field: m[3] } : {}) };
    const e = bases?.[table].entries.find((x) => x.state === step.state && x.occ === step.occ);
    if (step.kind === "early") step.prev = e?.before ? { state: e.before.state, occ: e.before.occ } : null;
    return step;
  });
  const e = bases?.[table].entries.find((x) => x.state === steps.at(-1).state && x.occ === steps.at(-1).occ);
  return { id, table, steps, k: e?.k ?? 0 };
}

// ---------------------------------------------------------------- the command line

async function runAll(cases, concurrency, each) {
  let next = 0;
  const work = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      let r;
      try {
        r = await runCase(c);
      } catch (err) {
        r = { id: c.id, table: c.table, depth: c.steps.length, k: c.k, steps: c.steps, outcome: "error",
          violations: [{ rule: "harness: the case threw", detail: String(err && err.stack || err).slice(0, 1500) }] };
      }
      each(r);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, work));
}

const line = (x) => process.stdout.write(`${JSON.stringify(x)}\n`);

/** Every table's depth-1 cases, the tables in order (a field deviated on one is not deviated again on a later one's `extra`). */
export function allDepthOne(bases) {
  const covered = new Set();
  const out = { cases: [], na: [] };
  for (const table of Object.keys(TABLES)) {
    const { cases, na } = depthOne(bases[table], covered);
    out.cases.push(...cases);
    out.na.push(...na);
  }
  return out;
}

async function baselines() {
  const out = {};
  await Promise.all(Object.keys(TABLES).map(async (t) => { out[t] = await baseline(t); }));
  return out;
}

async function worker(args) {
  const [k, n] = args.worker.split("/").map(Number);
  const { cases } = JSON.parse(readFileSync(args.cases, "utf8"));
  // the long tables first (the handover table plays to its end), so the tail is short runs
  const mine = cases.filter((_, i) => i % n === k).sort((a, b) => (TABLES[b.table].cost ?? 1) - (TABLES[a.table].cost ?? 1));
  await runAll(mine, Number(args.concurrency), line);
  const cpu = process.cpuUsage();
  const engine = await engineControl("stats", "__stats__");
  line({ summary: true, worker: k, runs: mine.length, cpu: { node: (cpu.user + cpu.system) / 1e6, engine: engine.cpu } });
}

/**
 * The honest runs here, then each depth over `jobs` workers (each its own node, engine and oracle), every run line
 * passed through, then the summary.  The cases are listed here once, so the workers share exactly one list.
 */
async function parent(args) {
  const t0 = performance.now();
  const me = fileURLToPath(import.meta.url);
  const register = fileURLToPath(new URL("./register.mjs", import.meta.url));
  const jobs = Math.max(1, Number(args.jobs));
  const bases = await baselines();
  stopEngine();
  stopOracle();
  const { cases, na } = allDepthOne(bases);
  for (const b of Object.values(bases)) line({ baseline: b.table, outcome: b.outcome, states: [...new Set(b.entries.map((e) => e.state))] });
  const results = [];
  const cpu = { node: 0, engine: 0 };
  const dir = mkdtempSync(join(tmpdir(), "traces-"));
  const run = async (list, name) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ cases: list }));
    const c = await runJobs(jobs, (k) => ["--max-semi-space-size=64", "--import", register, me, "--concurrency", args.concurrency,
      "--worker", `${k}/${jobs}`, "--cases", file], (r) => results.push(r));
    cpu.node += c.node;
    cpu.engine += c.engine;
  };
  let phase1;
  try {
    await run(cases, "depth1");
    phase1 = (performance.now() - t0) / 1000;
    if (Number(args.depth) >= 2) await run(depthTwo(results), "depth2");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  line({ summary: true, ...summarise(results, na), seconds: Math.round((performance.now() - t0) / 100) / 10, phase1: Math.round(phase1 * 10) / 10,
    cpu: { node: Math.round(cpu.node), engine: Math.round(cpu.engine) } });
}

/** Coverage and counts: states × kinds run, outcomes by depth, every violation with its replay line. */
export function summarise(results, na) {
  const coverage = {};
  const outcomes = { 1: {}, 2: {} };
  const violations = [];
  const notApplied = [];
  for (const r of results) {
    const first = r.steps?.[0];
    if (r.depth === 1 && first) {
      const kind = first.kind === "field" ? `field:${first.field}` : first.kind;
      const cell = ((coverage[`${r.table}/${first.state}`] ??= {})[kind] ??= { runs: 0, applied: 0 });
      cell.runs += 1;
      if (first.result?.applied) cell.applied += 1;
      else notApplied.push({ id: r.id, table: r.table, state: first.state, kind: first.kind, why: first.result?.why ?? null });
    }
    const o = outcomes[r.depth] ?? (outcomes[r.depth] = {});
    o[r.outcome] = (o[r.outcome] ?? 0) + 1;
    for (const v of r.violations ?? []) violations.push({ id: r.id, ...v, outcome: r.outcome, verdict: r.verdict, replay: r.replay });
  }
  return { states: WIRE_STATES.map((s) => s.id), kinds: GENERIC, runs: results.length, depth1: results.filter((r) => r.depth === 1).length, depth2: results.filter((r) => r.depth === 2).length,
    outcomes, coverage, na, notApplied, violations, observations: results.filter((r) => r.observations?.length).map((r) => ({ id: r.id, observations: r.observations })) };
}

async function main() {
  // the workers run with node's synchronous P-256 for WebCrypto's ECDSA (the harness reads this as it loads; the same
  // bytes, only sooner); a run in this process uses what it was started with
  process.env.PARLOUR_HARNESS_FAST_ECDSA ??= "1";
  const { values: args } = parseArgs({
    options: {
      jobs: { type: "string", default: "1" }, depth: { type: "string", default: "2" }, concurrency: { type: "string", default: "16" },
      worker: { type: "string" }, cases: { type: "string" }, one: { type: "string" }, list: { type: "boolean" }, case: { type: "string" },
    },
  });
  try {
    if (args.worker) return await worker(args);
    if (args.case) {
      const { CASES } = await import("./trace-cases.mjs");
      const names = args.case === "all" ? Object.keys(CASES) : args.case.split(",");
      await Promise.all(names.map(async (name) => {
        if (!CASES[name]) throw new Error(`no case ${name}; there are ${Object.keys(CASES).join(", ")}`);
        line({ case: name, ...(await CASES[name]({ runCase, parseCase })) });
      }));
      return undefined;
    }
    if (args.one) {
      const steps = args.one.split("/")[1] ?? "";
      const bases = /:early/.test(steps) ? await baselines() : null; // only an early move needs the honest trace
      process.stdout.write(`${JSON.stringify(await runCase(parseCase(args.one, bases)), null, 1)}\n`);
      return undefined;
    }
    if (args.list) {
      const { cases, na } = allDepthOne(await baselines());
      for (const c of cases) line({ id: c.id });
      for (const x of na) line({ na: x });
      return undefined;
    }
    return await parent(args);
  } finally {
    stopEngine();
    stopOracle();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main().catch((err) => {
    process.stderr.write(`${err && err.stack || err}\n`);
    process.exitCode = 1;
  });
}
