// The scheduler of a guest's stage two (js/net/recheck-pool.js) and what the guest keeps of its check
// (js/tables/recheck-record.js), with engines that answer when a case says so: run by tests/test_recheck_pool.py
// under node's own test runner.
import test from "node:test";
import assert from "node:assert/strict";
import { RecheckPool, engineCount, MAX_ENGINES } from "../js/net/recheck-pool.js";
import { afterStageOne, finished, newCheck, verdictOf } from "../js/tables/recheck-record.js";

/** A turn of the event loop: every answer already given has been handled by then. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * An engine whose every request waits until the case answers it (`answer(ok)`, `fail(err)`), or, with `auto`,
 * answers on the next turn with `auto(step)`.
 */
function engine(name, { auto = null, ready = Promise.resolve() } = {}) {
  /** @type {{op: string, step: number|null, resolve: Function, reject: Function}[]} */
  const waiting = [];
  const e = {
    name, ready, closed: false, requests: [],
    call(op, fields) {
      const step = fields.checks?.[0]?.step ?? null;
      e.requests.push({ op, step });
      return new Promise((resolve, reject) => {
        if (auto) setImmediate(() => resolve(op === "recheck_bots" ? { results: [{ step, ok: auto(step) }] } : { op }));
        else waiting.push({ op, step, resolve, reject });
      });
    },
    close() { e.closed = true; },
    /** Steps asked of this engine and not answered yet. */
    get asked() { return waiting.map((w) => w.step); },
    /** Answer the oldest request. */
    answer(ok = true) {
      const w = waiting.shift();
      assert.ok(w, `${name} has no request to answer`);
      w.resolve({ results: [{ step: w.step, ok }] });
    },
    fail(err) { waiting.shift().reject(err); },
  };
  return e;
}

const workerError = () => Object.assign(new Error("the worker is gone"), { kind: "WorkerError" });

/** A job of `n` bot moves at steps 0, 2, 4, … */
function job(n) {
  return { game: "kings-progress", players: 2, seed: "ab", options: {}, actions: [],
    checks: Array.from({ length: n }, (_, i) => ({ step: 2 * i, ply: 2 * i, bot: "hard", seat: 1 })) };
}

/** A pool whose extra workers are the engines `made` collects (made with `opts` for each). */
function pool(cores, opts = {}) {
  const made = [];
  const p = new RecheckPool({ cores, makeEngine: () => { const e = engine(`extra${made.length + 1}`, opts); made.push(e); return e; } });
  return { p, made };
}

/** A pool with the page's own engine lent (made with `ownOpts`), its extra workers made with `opts`. */
function lent(cores, ownOpts = {}, opts = {}) {
  const { p, made } = pool(cores, opts);
  const own = engine("own", ownOpts);
  p.lend(own);
  return { p, made, own };
}

test("one engine a core, the page's own among them, at most four", () => {
  assert.deepEqual([undefined, 0, 1, 2, 3, 4, 8, 64].map(engineCount), [1, 1, 1, 2, 3, 4, 4, 4]);
  assert.equal(MAX_ENGINES, 4);
});

test("the moves are spread over the page's engine and the extra workers, each taking the next when free", async () => {
  const { p, made, own } = lent(3);
  const done = p.run(job(6));
  await settle();
  assert.equal(made.length, 2, "two extra workers for three cores");
  assert.deepEqual([own.asked, made[0].asked, made[1].asked], [[0], [2], [4]], "each engine takes one move, in the game's order");
  made[1].answer();
  await settle();
  assert.deepEqual(made[1].asked, [6], "the first engine free takes the next move");
  own.answer(); made[0].answer(); made[1].answer();
  await settle();
  for (const e of [own, ...made]) while (e.asked.length) e.answer();
  await settle();
  const state = await done;
  assert.deepEqual(Object.keys(state.done).map(Number).sort((a, b) => a - b), [0, 2, 4, 6, 8, 10]);
  assert.equal(state.mismatch, null);
  assert.ok(made.every((e) => e.closed), "extra workers close when nothing is left");
  assert.ok(!own.closed, "the page's own engine is never closed");
  assert.equal(p.stats.searched.own + p.stats.searched.extra, 6);
});

test("a job stops at the first move that is not the bot's choice; the moves after it are not searched", async () => {
  const { p, own } = lent(1, { auto: (step) => step !== 4 });
  const state = await p.run(job(10));
  assert.equal(state.mismatch, 4);
  assert.deepEqual(own.requests.map((r) => r.step), [0, 2, 4]);
});

test("a resumed job searches only what was not answered before", async () => {
  const { p, own } = lent(1, { auto: () => true });
  const state = await p.run(job(5), { state: { done: { 0: true, 4: true }, mismatch: null, error: null } });
  assert.deepEqual(own.requests.map((r) => r.step), [2, 6, 8]);
  assert.equal(Object.keys(state.done).length, 5);
  const stoppedBefore = await p.run(job(5), { state: { done: { 2: false }, mismatch: 2, error: null } });
  assert.equal(stoppedBefore.mismatch, 2);
  assert.equal(own.requests.length, 3, "a job saved with its answer searches nothing");
});

test("reclaimed, the page's engine finishes its move and takes no other; the extra workers go on", async () => {
  const { p, made, own } = lent(2);
  const done = p.run(job(5));
  await settle();
  assert.deepEqual([own.asked, made[0].asked], [[0], [2]]);
  p.reclaim(); // a table opens
  own.answer();
  await settle();
  assert.deepEqual(own.asked, [], "no move after the one in flight");
  for (let i = 0; i < 2; i++) { made[0].answer(); await settle(); }
  assert.deepEqual(made[0].asked, [6]);
  assert.deepEqual(own.requests.map((r) => r.step), [0]);
  p.lend(own); // the lobby again
  await settle();
  assert.deepEqual(own.asked, [8]);
  own.answer(); made[0].answer();
  const state = await done;
  assert.equal(Object.keys(state.done).length, 5);
});

test("on one core a check waits while a table has the page's engine, and goes on when it is lent again", async () => {
  const { p, made } = pool(1);
  const own = engine("own", { auto: () => true });
  let finishedYet = false;
  const done = p.run(job(3)).then((s) => { finishedYet = true; return s; });
  await settle();
  assert.equal(made.length, 0, "no extra worker on one core");
  assert.ok(!finishedYet);
  p.lend(own);
  assert.equal(Object.keys((await done).done).length, 3);
});

test("an extra worker that does not start is dropped, and no other is started in its place", async () => {
  const { p, made } = lent(2, { auto: () => true }, { ready: Promise.reject(workerError()) });
  const state = await p.run(job(4));
  assert.equal(Object.keys(state.done).length, 4);
  assert.equal(made.length, 1);
  assert.ok(made[0].closed);
  await p.run(job(2));
  assert.equal(made.length, 1, "a failed worker is not started again on this page");
});

test("a worker that dies mid-search hands its move to another engine; an engine's refusal is said, not blamed", async () => {
  const { p, made, own } = lent(2);
  const done = p.run(job(3));
  await settle();
  made[0].fail(workerError());
  await settle();
  assert.deepEqual(own.asked, [0]);
  own.answer(); await settle();
  assert.deepEqual(own.asked, [2], "the dead worker's move comes back first");
  own.answer(); await settle();
  own.answer();
  const state = await done;
  assert.equal(Object.keys(state.done).length, 3);
  assert.equal(state.error, null);

  const { p: p2, own: refusing } = lent(1);
  const refused = p2.run(job(3));
  await settle();
  refusing.fail(Object.assign(new Error("Bot check is not a listed bot move."), { kind: "BadRequest" }));
  const answer = await refused;
  assert.deepEqual(answer.error, { step: 0, detail: "Bot check is not a listed bot move." });
  assert.equal(answer.mismatch, null);
});

test("held, the extra workers start before any work, and go when let go with nothing to do", async () => {
  const { p, made } = pool(4);
  const release = p.hold();
  assert.equal(made.length, 3);
  await settle();
  release();
  assert.ok(made.every((e) => e.closed));
  release();
  assert.equal(p.holds, 0, "letting go twice counts once");
});

test("a plain request goes before any search, and jobs are searched in the order they came", async () => {
  const { p, own } = lent(1);
  const first = p.run(job(2));
  const second = p.run({ ...job(2), seed: "cd" });
  await settle();
  const reply = p.call("verify_fair", {});
  own.answer(); await settle();
  assert.deepEqual(own.requests.map((r) => r.op), ["recheck_bots", "verify_fair"]);
  own.fail(Object.assign(new Error("x"), { kind: "BadRequest" }));
  await assert.rejects(reply, /x/);
  await settle();
  own.answer(); await settle();
  assert.deepEqual(own.requests.map((r) => r.step).slice(2), [2, 0], "the first job's last move, then the second job's");
  own.answer(); await settle(); own.answer();
  await first;
  await second;
});

test("a cancelled job searches nothing more and resolves once its move in flight is done", async () => {
  const { p, own } = lent(1);
  const j = job(5);
  const done = p.run(j);
  await settle();
  p.cancel(j);
  own.answer();
  const state = await done;
  assert.deepEqual(Object.keys(state.done), ["0"]);
  assert.equal(own.requests.length, 1);
});

test("the kept check adds up to 'checking' until both stages answer, then to the verdict", () => {
  const fair = { seed: "ab", actions: [{ seat: 0, action: { a: 1 }, sig: "s" }, { seat: 1, action: { b: 2 } }] };
  const session = { game: "kings-progress", players: 2, options: {} };
  const check = newCheck(fair, { code: "AAAA-BBBB", ledger: "CCCC-DDDD" });
  assert.equal(verdictOf(check).kind, "checking");
  assert.equal(verdictOf(check).bots, null, "before stage one nothing says how many bot moves there are");
  const steps = [{ name: "every move replays", ok: true, detail: "", blame: null }];
  afterStageOne(check, { ok: true, kind: "fair", reason: "", steps, notes: [], ending: "", pending: [{ step: 1, ply: 1, bot: "hard", seat: 1 }] }, session);
  assert.equal(check.fair, null, "the host's record is not kept once stage one has read it");
  assert.deepEqual(check.job.actions, [{ seat: 0, action: { a: 1 } }, { seat: 1, action: { b: 2 } }]);
  assert.deepEqual(verdictOf(check).bots, { total: 1, done: 0 });
  assert.equal(verdictOf(check).kind, "checking");
  check.state.done["1"] = true;
  assert.ok(finished(check));
  const fair1 = verdictOf(check);
  assert.equal(fair1.kind, "fair");
  assert.equal(fair1.steps.at(-1).name, "every bot move is the bot's own choice");
  assert.deepEqual([fair1.code, fair1.ledger, fair1.moves], ["AAAA-BBBB", "CCCC-DDDD", 2]);
  check.state.done["1"] = false;
  check.state.mismatch = 1;
  const failed = verdictOf(check);
  assert.equal(failed.kind, "failed");
  assert.deepEqual(failed.steps.at(-1), { name: "every bot move is the bot's own choice", ok: false, detail: "move 2 is not what the bot chooses there", blame: "host" });
  check.state = { done: {}, mismatch: null, error: { step: 1, detail: "out of memory" } };
  assert.equal(verdictOf(check).steps.at(-1).blame, null, "a move this device could not search blames nobody");
});

test("a stage one that fails, or lists no bot move to search, is the verdict at once", () => {
  const fair = { seed: "ab", actions: [] };
  const check = newCheck(fair, { code: null, ledger: null });
  const steps = [{ name: "the seed is SHA-256 of the secret and the bytes", ok: false, detail: "no", blame: "host" }];
  afterStageOne(check, { ok: false, kind: "failed", reason: "", steps, notes: [], ending: "", pending: [] }, {});
  assert.equal(check.job, null);
  assert.ok(finished(check));
  assert.equal(verdictOf(check).kind, "failed");
  const late = newCheck(fair, { code: null, ledger: null });
  afterStageOne(late, { ok: true, kind: "late", reason: "you joined after the deal", steps: [], notes: [], ending: "", pending: [] }, {});
  assert.deepEqual([verdictOf(late).kind, verdictOf(late).bots], ["late", null]);
});
