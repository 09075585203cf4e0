// Runs Python code inside Pyodide under node with our wheel on its path as the worker puts it, prints its output.
// Usage: node pyodide_runner.mjs <pyodide dir> <wheel path> <python file> [built site: restore its shipped snapshot]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { putWheelOnPath } from "../js/engine/python-setup.js";
import { unpackPages } from "../js/engine/snapshot-pages.js";

const [pyodideDir, wheelPath, scriptPath, site] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
/** The site's shipped snapshot as its worker restores it (build-info.json names the pages and their runs). */
function shippedSnapshot() {
  const { snapshot } = JSON.parse(readFileSync(path.join(site, "build-info.json"), "utf8"));
  const pages = readFileSync(path.join(site, snapshot.pages));
  return unpackPages(snapshot.bytes, snapshot.runs, pages.buffer.slice(pages.byteOffset, pages.byteOffset + pages.length));
}
const _loadSnapshot = site ? shippedSnapshot() : undefined;
// The snapshot was made with the site's trimmed standard library (build.py ship_stdlib): restore it with that.
const stdlib = site && JSON.parse(readFileSync(path.join(site, "build-info.json"), "utf8")).stdlib;
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _loadSnapshot,
  ...(stdlib ? { stdLibURL: path.join(site, stdlib) } : {}) });
putWheelOnPath(pyodide, new Uint8Array(readFileSync(wheelPath)));
try {
  const out = pyodide.runPython(readFileSync(scriptPath, "utf8"));
  process.stdout.write(String(out) + "\n");
} catch (err) {
  // Only the Python traceback: Pyodide's own stack is minified JavaScript nobody can read.
  process.stderr.write(`Python failed inside Pyodide:\n${err && err.message || err}\n`);
  process.exit(1);
}
