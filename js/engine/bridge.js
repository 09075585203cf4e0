// @ts-check
/**
 * The page's side of the engine: a promise per request to the Pyodide worker.
 * Everything the page knows about rules comes through here.
 */

export class EngineError extends Error {
  /** @param {string} message @param {string} kind */
  constructor(message, kind) {
    super(message);
    this.kind = kind;
  }
}

/**
 * The worker script's address: the one index.html started its worker from (js/engine/start.js), so that a
 * later worker (an end check's extra ones) starts from the same file wherever the bundler put this module.
 * @type {string|URL|null}
 */
let workerScript = null;

/** The name the maker worker is started under, which worker.js knows it by (python-setup.js SNAPSHOT_MAKER: the
 * bridge imports no module of ours, the layer table says, so the name is spelt here too). */
const SNAPSHOT_MAKER = "parlour-snapshot-maker";
/** Whether this page has started its snapshot maker: once (an end check's extra engines need none of their own). */
let makerStarted = false;
/** How long after Python is ready the maker starts: a person's first clicks come first. */
const MAKER_DELAY_MS = 2000;

/**
 * Make the next visit's snapshot in a worker of its own (js/engine/worker.js MAKER), after this page's Python,
 * started the slow way, is ready; the maker is stopped once it has kept the snapshot (or failed to).
 * @param {string|URL} script the worker's script
 */
function keepSnapshotLater(script) {
  if (makerStarted) return;
  makerStarted = true;
  setTimeout(() => {
    /** @type {Worker} */
    let maker;
    try {
      maker = new Worker(script, { type: "module", name: SNAPSHOT_MAKER });
    } catch {
      return; // no snapshot: the next visit starts the slow way again, as this one did
    }
    const stop = (/** @type {any} */ event) => {
      if (event.type === "error" || event.data?.type === "ready" || event.data?.type === "failed") maker.terminate();
    };
    maker.addEventListener("message", stop);
    maker.addEventListener("error", stop);
  }, MAKER_DELAY_MS);
}

/**
 * How far Python's downloads are, as the worker reports them (js/engine/python-downloads.js): the first file
 * not yet whole ("wasm", "stdlib", "wheel"; "" once all are), and bytes fetched of the three.
 * @typedef {{what: string, done: number, total: number}} LoadProgress
 */

export class Engine {
  /**
   * Takes over the worker index.html started early (with the messages it already sent), or starts one.
   * @param {string|URL} [workerUrl]
   */
  constructor(workerUrl) {
    const started = /** @type {any} */ (globalThis).parlourWorker;
    if (started?.url) workerScript = started.url;
    /** @type {any[]} */
    const early = started ? started.early : [];
    const script = workerUrl ?? workerScript ?? new URL("./worker.js", import.meta.url);
    this.worker = started ? started.worker : new Worker(script, { type: "module" });
    if (started) delete (/** @type {any} */ (globalThis)).parlourWorker;
    this.nextId = 1;
    /** @type {Map<number, {resolve: Function, reject: Function}>} */
    this.pending = new Map();
    /** @type {LoadProgress | null} the latest of Python's download progress */
    this.progress = null;
    /** @type {((progress: LoadProgress) => void) | null} */
    this.progressListener = null;
    /** Whether close() stopped the worker. */
    this.closed = false;
    /** @type {(quick: boolean) => void} */
    let startKnown = () => {};
    /**
     * Whether Python is starting the quick way (a memory snapshot restored, under a second) rather than the
     * slow way (a first visit, several seconds); false too once it has failed.
     * @type {Promise<boolean>}
     */
    this.quickStart = new Promise((resolve) => { startKnown = resolve; });
    /** @type {Promise<any>} */
    this.ready = new Promise((resolve, reject) => {
      const receive = (/** @type {any} */ event) => {
        if (event.type === "error") {
          startKnown(false);
          reject(new EngineError(`The engine worker failed: ${event.message || "its script did not load"}`, "WorkerError"));
          return;
        }
        const data = event.data;
        if (data.type === "starting") startKnown(Boolean(data.quick));
        else if (data.type === "progress") this.showProgress(data);
        else if (data.type === "ready") resolve(data.info);
        else if (data.type === "failed") {
          startKnown(false);
          reject(new EngineError(`Python could not start: ${data.error}`, "WorkerError"));
        } else this.settle(data.id, data.reply);
      };
      this.worker.onmessage = null;
      this.worker.onerror = null;
      this.worker.addEventListener("message", receive);
      this.worker.addEventListener("error", receive);
      early.forEach(receive);
    });
    // a first visit: the next visit's snapshot is made beside this Python, not before it was ready
    this.ready.then((info) => { if (info?.keep_snapshot_later) keepSnapshotLater(script); }, () => {});
  }

  /**
   * Calls `listener` with how far Python's downloads are (LoadProgress), now with the latest
   * and on every report until Python is ready.
   * @param {(progress: LoadProgress) => void} listener
   */
  onProgress(listener) {
    this.progressListener = listener;
    if (this.progress) listener(this.progress);
  }

  /** @param {LoadProgress} progress */
  showProgress(progress) {
    this.progress = { what: progress.what, done: progress.done, total: progress.total };
    this.progressListener?.(this.progress);
  }

  /** @param {number} id @param {string} reply */
  settle(id, reply) {
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    const parsed = JSON.parse(reply);
    if (parsed.ok) waiter.resolve(parsed);
    else waiter.reject(new EngineError(parsed.error, parsed.kind));
  }

  /**
   * Stop the worker (an extra one the page started and no longer needs): requests still waiting fail
   * with a WorkerError, and later ones too.
   */
  close() {
    this.worker.terminate();
    this.closed = true;
    for (const [id, waiter] of this.pending) {
      this.pending.delete(id);
      waiter.reject(new EngineError("The engine worker was closed.", "WorkerError"));
    }
  }

  /**
   * Send one request to parlour.api.
   * @param {string} op
   * @param {Record<string, any>} [fields]
   * @returns {Promise<any>}
   */
  call(op, fields = {}) {
    const id = this.nextId++;
    if (this.closed) return Promise.reject(new EngineError("The engine worker was closed.", "WorkerError"));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request: JSON.stringify({ op, ...fields }) });
    });
  }
}
