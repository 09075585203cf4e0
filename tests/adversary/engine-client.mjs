// The CPython engine process (engine_server.py) shared by every device of this node process; a device's request
// is a step of its run (json-lines-process.mjs), so its reply lands in the run's order.
// Requests made in one turn of the event loop go out in one write (and the server answers all it has read
// before writing back): on this 2-core machine a pipe write costs about as much as a small request.
import { fileURLToPath } from "node:url";
import { jsonLinesProcess } from "./json-lines-process.mjs";

const SERVER = process.env.PARLOUR_ENGINE_SERVER || fileURLToPath(new URL("./engine_server.py", import.meta.url));
const engine = jsonLinesProcess(SERVER, "the engine process", (msg) => ({ ok: true, value: msg.reply }), "engine");

export const engineStats = engine.stats;

/**
 * Send one request text (as the bridge would post it) for `device`; resolves with the parsed reply.
 * @param {string} device @param {string} request @returns {Promise<any>}
 */
export function engineRequest(device, request) {
  return engine.request((id) => `{"id":${id},"device":${JSON.stringify(device)},"request":${JSON.stringify(request)}}\n`, device);
}

/** A control request (__forget__, __stats__), in order with the requests. @param {string} device @param {string} op */
export function engineControl(device, op) {
  return engine.request((id) => `{"id":${id},"device":${JSON.stringify(device)},"op":"${op}"}\n`, device);
}

export function stopEngine() {
  engine.stop();
}
