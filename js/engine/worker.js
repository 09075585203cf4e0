// @ts-check
/// <reference lib="webworker" />
/**
 * The Pyodide worker: loads Python, installs our wheel with micropip, then
 * answers JSON requests through parlour.api.handle.  Running Python here keeps
 * the page responsive while Python loads and thinks.
 */
import { loadPyodide } from "../../pyodide/pyodide.mjs";

/** @type {(request: string) => string} */
let handle;

const ready = (async () => {
  const base = new URL("../../", import.meta.url);
  const info = await (await fetch(new URL("build-info.json", base))).json();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(new URL(info.wheel, base).href);
  handle = pyodide.pyimport("parlour.api").handle;
  return info;
})();

ready.then(
  (info) => postMessage({ type: "ready", info }),
  (err) => postMessage({ type: "failed", error: String(err && err.message || err) }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    await ready;
    postMessage({ id, reply: handle(request) });
  } catch (err) {
    postMessage({ id, reply: JSON.stringify({ ok: false, kind: "WorkerError", error: String(err && err.message || err) }) });
  }
};
