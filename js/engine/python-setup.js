// @ts-check
/**
 * How Python is set up for our engines, the same wherever Pyodide runs them:
 * in the page's worker (js/engine/worker.js), in the build's memory snapshot
 * (build.py, under node) and in the suite's parity runner
 * (tests/pyodide_runner.mjs).  A snapshot restores Python's memory but not its
 * files, so the snapshot and every start that restores it must put the wheel
 * in the same place.
 *
 * Our wheel is pure Python: Python imports it as a zip on `sys.path`
 * (zipimport) instead of unpacking it.  Writing one file takes about 1 ms;
 * unpacking the wheel took 90–130 ms of every start in Chromium, even after a
 * snapshot had already imported nearly all of it.  Modules imported later
 * (networking, fairness checks) are read from the same zip.
 */

/** Where the wheel sits in Pyodide's file system. */
export const WHEEL_FILE = "/lib/parlour-wheel.zip";

/** The name of the worker started only to make the next visit's snapshot (js/engine/worker.js MAKER). */
export const SNAPSHOT_MAKER = "parlour-snapshot-maker";

/** What a snapshot has imported: every engine. */
export const SNAPSHOT_IMPORTS = "import parlour.api, parlour.records, parlour.simulate\nfrom parlour import games\ngames.all_games()";

/**
 * Writes the wheel where Python imports it from and puts that on `sys.path`
 * (already there after a snapshot is restored).
 * @param {any} pyodide a loaded Pyodide
 * @param {Uint8Array} wheel our wheel's bytes
 */
export function putWheelOnPath(pyodide, wheel) {
  pyodide.FS.writeFile(WHEEL_FILE, wheel);
  pyodide.runPython(`import sys\nif ${JSON.stringify(WHEEL_FILE)} not in sys.path:\n    sys.path.insert(0, ${JSON.stringify(WHEEL_FILE)})`);
}
