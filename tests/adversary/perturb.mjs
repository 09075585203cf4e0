// Deliberate perturbation of real timing, to show that a run's outcome does not depend on the machine's speed
// (tests/test_adversarial_clock.py plays the same seeded tables with and without it).
//
//   PARLOUR_HARNESS_PERTURB="delay=200,busy=20,seed=7"
//
// delay=MS  every engine or oracle reply, channel delivery and WebCrypto result is held back a random 0..MS real
//           milliseconds before it lands (in order per lane: one device's engine replies, one end of a channel),
//           as a loaded machine or a slow worker would;
// rate=P    only that share of them (0..1, default 1) is held so long; the others 0..1 ms (still enough to change
//           which of two things in flight lands first);
// busy=MS   a busy loop blocks this node process for a random 0..MS ms every 10 ms (a machine shared with other work);
// seed=S    the perturbation's own generator (never a device's: those are the game's).
//
// Nothing here may use the per-device globals (Math.random, setTimeout are a device's own inside a run): the timers
// are node's own (node:timers), and the generator is this module's.
import { setInterval as nodeSetInterval, setTimeout as nodeSetTimeout } from "node:timers";
import { outside } from "./context.mjs";

/** Real milliseconds (performance.now and Date.now are a run's virtual clock inside a device). */
const realNow = () => Number(process.hrtime.bigint()) / 1e6;

function parse(text) {
  const out = {};
  for (const part of String(text ?? "").split(",")) {
    const [k, v] = part.split("=");
    if (k.trim()) out[k.trim()] = v === undefined ? "1" : v.trim();
  }
  return out;
}

const opts = parse(process.env.PARLOUR_HARNESS_PERTURB);
const delayMs = Number(opts.delay ?? 0);
const busyMs = Number(opts.busy ?? 0);
const rate = Number(opts.rate ?? 1);

// xorshift32: a generator of this module's own (Math.random is a device's inside a run)
let state = (Number(opts.seed ?? Math.floor(realNow()) % 2 ** 31) >>> 0) || 1;
function random() {
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state / 4294967296;
}

export const perturbation = { on: delayMs > 0 || busyMs > 0, delayMs, rate, busyMs, held: 0 };

/** lane -> what is held on it, in order: [{at, fn}], the first one waiting on a node timer. */
const lanes = new Map();

/**
 * Run `fn` after a random real delay (0..delay ms), after everything held on the same lane; at once (synchronously)
 * when no delay is asked for.  @param {any} lane @param {() => void} fn
 */
export function later(lane, fn) {
  if (!(delayMs > 0)) return fn();
  const queue = lanes.get(lane);
  const item = { at: realNow() + random() * (random() < rate ? delayMs : 1), fn };
  perturbation.held += 1;
  if (queue) return void queue.push(item); // behind what is held (node's timers of different lengths may overtake)
  lanes.set(lane, [item]);
  wait(lane);
}

/** The first item on the lane waits on a node timer of no device's (not a step's work: the perturbation's own). */
function wait(lane) {
  const queue = lanes.get(lane);
  outside(() => nodeSetTimeout(() => {
    const item = queue.shift();
    perturbation.held -= 1;
    if (queue.length) wait(lane);
    else lanes.delete(lane);
    item.fn();
  }, Math.max(0, queue[0].at - realNow())));
}

/** A promise settled as `promise` is, `later` on `lane`. @template T @param {any} lane @param {Promise<T>} promise */
export function settleLater(lane, promise) {
  if (!(delayMs > 0)) return promise;
  return new Promise((resolve, reject) => {
    promise.then((v) => later(lane, () => resolve(v)), (e) => later(lane, () => reject(e)));
  });
}

if (busyMs > 0) {
  nodeSetInterval(() => {
    const until = realNow() + random() * busyMs;
    while (realNow() < until) { /* a machine busy with other work */ }
  }, 10).unref();
}
