// @ts-check
/**
 * Runs Parlour in Pyodide under node as the page's worker does, and says which files of Python's standard
 * library it used (build.py: tools/stdlib/trim.py traces with the whole library, then checks the trimmed one).
 *
 * Usage: node exercise.mjs <pyodide dir> <packages dir> <wheel> <segno wheel> <out.json> [<stdlib zip> <qr zip>]
 * (`packages dir`: the built site's pyodide/, with its pyodide-lock.json and the micropip and packaging wheels)
 *
 * 1. Python starts with `stdlib zip` (Pyodide's whole library when none is named), our wheel goes on its
 *    path and the snapshot's imports run (js/engine/python-setup.js, as the worker does);
 * 2. tools/stdlib/exercise.py plays every title through parlour.api and imports what the wheel names;
 * 3. as the worker does when a QR code is first drawn: `qr zip` goes on Python's path, micropip is loaded
 *    and installs segno from an address (served here over HTTP, as the site serves it), and a code is drawn.
 * Writes {games: [files], qr: [files], not_found: [modules]}, and with the whole library (the trace) the files
 * found, made smaller by this Python (tools/stdlib/shrink.py), {files: {name: base64}}; on a failure writes {error, missing} (the
 * module an import did not find) and exits 1.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const [pyodideDir, packagesDir, wheelPath, segnoPath, outPath, stdlibZip, qrZip] = process.argv.slice(2);
const { putWheelOnPath, SNAPSHOT_IMPORTS } = await import(pathToFileURL(path.join(root, "js/engine/python-setup.js")).href);
const { QR_STDLIB_FILE, putQrStdlibOnPath } = await import(pathToFileURL(path.join(root, "js/engine/stdlib-extra.js")).href);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

/** @param {unknown} err @returns {string} the module a failed import named, or "" */
function missingModule(err) {
  const found = /No module named '([^']+)'/.exec(String(err && /** @type {any} */ (err).message || err));
  return found ? found[1] : "";
}

const server = createServer((request, response) => {
  response.writeHead(200, { "Content-Type": "application/zip" });
  response.end(readFileSync(segnoPath));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
try {
  const pyodide = await loadPyodide({
    indexURL: pyodideDir + path.sep, lockFileURL: path.join(packagesDir, "pyodide-lock.json"),
    packageBaseUrl: packagesDir + path.sep, ...(stdlibZip ? { stdLibURL: stdlibZip } : {}) });
  putWheelOnPath(pyodide, new Uint8Array(readFileSync(wheelPath)));
  pyodide.runPython(SNAPSHOT_IMPORTS);
  pyodide.pyimport("parlour.api");
  const games = JSON.parse(pyodide.runPython(readFileSync(path.join(here, "exercise.py"), "utf8")));
  if (qrZip) putQrStdlibOnPath(pyodide, new Uint8Array(readFileSync(qrZip)));
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  await pyodide.pyimport("micropip").install(`http://127.0.0.1:${address.port}/${path.basename(segnoPath)}`);
  const reply = JSON.parse(pyodide.pyimport("parlour.api").handle(JSON.stringify({ op: "qr_svg", text: "https://example.org/#invite" })));
  if (!reply.ok) throw new Error(`qr_svg: ${reply.error}\n${reply.trace || ""}`);
  const qr = JSON.parse(pyodide.runPython("json.dumps(stdlib_files())"));
  const result = { games: games.files, qr, not_found: games.not_found, qr_file: QR_STDLIB_FILE };
  if (!stdlibZip) { // the trace: the files it found, made smaller by this Python
    pyodide.runPython(readFileSync(path.join(here, "shrink.py"), "utf8"));
    Object.assign(result, { files: JSON.parse(pyodide.runPython(`json.dumps(smaller_files(${JSON.stringify(qr)}))`)) });
  }
  writeFileSync(outPath, JSON.stringify(result));
} catch (err) {
  writeFileSync(outPath, JSON.stringify({ error: String(err && /** @type {any} */ (err).message || err), missing: missingModule(err) }));
  process.exitCode = 1;
} finally {
  server.close();
}
