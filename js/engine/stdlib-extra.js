// @ts-check
/**
 * The part of Python's standard library only micropip needs (it installs segno when a QR code is first
 * drawn): a second zip, fetched then, not on a first visit (build.py trims the library to what Parlour
 * imports: tools/stdlib/trim.py).  Python imports it as a zip on `sys.path`, after the main library.
 * Shared by the worker and the build's check (tools/stdlib/exercise.mjs).
 */

/** Where the zip sits in Pyodide's file system. */
export const QR_STDLIB_FILE = "/lib/parlour-stdlib-qr.zip";

/**
 * Writes the zip where Python imports it from and puts it at the end of `sys.path` (once).
 * @param {any} pyodide a loaded Pyodide
 * @param {Uint8Array} zip the zip's bytes
 */
export function putQrStdlibOnPath(pyodide, zip) {
  pyodide.FS.writeFile(QR_STDLIB_FILE, zip);
  pyodide.runPython(`import sys\nif ${JSON.stringify(QR_STDLIB_FILE)} not in sys.path:\n    sys.path.append(${JSON.stringify(QR_STDLIB_FILE)})`);
}
