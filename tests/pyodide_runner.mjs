// Runs Python code inside Pyodide under node with our wheel on its path as the worker puts it, prints its output.
// Usage: node pyodide_runner.mjs <pyodide dir> <wheel path> <python file> [snapshot.bin.gz]
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { putWheelOnPath } from "../js/engine/python-setup.js";

const [pyodideDir, wheelPath, scriptPath, snapshotPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const _loadSnapshot = snapshotPath ? gunzipSync(readFileSync(snapshotPath)) : undefined;
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _loadSnapshot });
putWheelOnPath(pyodide, new Uint8Array(readFileSync(wheelPath)));
try {
  const out = pyodide.runPython(readFileSync(scriptPath, "utf8"));
  process.stdout.write(String(out) + "\n");
} catch (err) {
  // Only the Python traceback: Pyodide's own stack is minified JavaScript nobody can read.
  process.stderr.write(`Python failed inside Pyodide:\n${err && err.message || err}\n`);
  process.exit(1);
}
