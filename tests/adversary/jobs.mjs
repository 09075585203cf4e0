// Worker processes of the headless harness: each is this node with a script and `--worker k/jobs`, and
// writes one JSON line per run plus a last {summary, cpu} line.  Shared by run.mjs and fuzz.mjs.
import { spawn } from "node:child_process";

/**
 * Start `jobs` workers, pass every run line through to stdout, and hand each parsed run to `onRun`.
 * @param {number} jobs @param {(k: number) => string[]} argsFor the node arguments of worker k
 * @param {(run: any) => void} onRun
 * @returns {Promise<{node: number, engine: number}>} the CPU seconds the workers reported
 */
export async function runJobs(jobs, argsFor, onRun) {
  const cpu = { node: 0, engine: 0 };
  await Promise.all(Array.from({ length: jobs }, (_, k) => new Promise((resolve) => {
    const child = spawn(process.execPath, argsFor(k), { stdio: ["ignore", "pipe", "inherit"] });
    let buf = "";
    child.stdout.on("data", (chunk) => {
      buf += chunk;
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const text = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let r = null;
        try { r = JSON.parse(text); } catch { /* not a run line */ }
        if (r?.summary) { cpu.node += r.cpu.node; cpu.engine += r.cpu.engine; continue; }
        process.stdout.write(`${text}\n`);
        if (r) onRun(r);
      }
    });
    child.on("exit", resolve);
  })));
  return cpu;
}
