// The small seeded tables the deviant-trace generator (traces.mjs) deviates, and one run of a table with a
// trace's deviations: fuzz.mjs's fuzzOne with a plan that draws nothing (the host deviates only as the
// trace says, through a TraceWire on the target guest's links) and fuzz.mjs's own judge.
//
// Every run of a table plays the same honest game until its first deviation: the seed fixes the host's
// secret, the guests' bytes and nonces, the bots' and the guests' choices.  Each table says which wire states
// it deviates and how (`deviate`): "all" (every message-level kind and every field), "message" (the message-level
// kinds only: the fields are deviated on a cheaper table), "fields" (the fields only), "new-fields" (the fields
// no earlier table's message of that state has).  Every state of the diagram is deviated with every kind on
// the cheapest table whose honest run reaches it:
//   kp  King's Progress, a guest and a Random bot: the welcome, the deal (one guest: the open list, then the
//       final one), the first game event, the game, the end;
//   kc  King's Cottage, a guest and the host's own player: secret rounds (its one round, the bets, opens with the
//       game; the host's player commits first), and the fields a second person brings (its signed moves and
//       reveal in the end-of-game record);
//   ho  King's Progress, a guest, the host's own player and a Random bot, with a turn timer: the guest's first
//       click is a move the rules refuse (an `error`), it lets its fourth turn run out (a `note`, then `bye` as
//       its seat goes to a bot), and its device comes back with a rejoin invite (a welcome after the start,
//       `dealt` again).  The host's player paces the game: with bots only, the host reads the rejoining hello
//       only once the bots' run of moves ends, here the game's end;
//   rj  King's Progress, a guest and a Random bot: the guest's connection drops on its third turn and its device
//       comes back at once with a rejoin invite (its seat never left it): the rejoin's fields, at half ho's cost.
import { fuzzOne, rejoinSeat } from "./fuzz.mjs";
import { illegalFrom } from "./adversary.mjs";
import { dropConnection, onceWhen } from "./hooks.mjs";
import { Rng } from "./runtime.mjs";
import { spareKey, TraceWire } from "./trace-wire.mjs";

/**
 * @type {Record<string, {game: string, seats: string[], seat: number, deviate: Record<string, "all"|"message"|"fields"|"new-fields">,
 *   seed?: string, script?: "handover"|"drop", cost?: number}>}
 * seat: the guest whose links the host deviates on (the others are witnesses, judged as well)
 */
export const TABLES = {
  kp: { game: "kings-progress", seats: ["remote", "bot"], seat: 0,
    deviate: { welcome: "all", "waiting-open": "all", "waiting-final": "all", "first-game": "all", game: "all", over: "all", fair: "all" } },
  kc: { game: "kings-cottage", seats: ["remote", "human"], seat: 0, seed: "s10", // a short game (35 moves; most seeds play 40-95)
    deviate: { "round-open": "all", "round-commit": "all", "round-reveal": "all",
      "waiting-open": "new-fields", "waiting-final": "new-fields", "first-game": "new-fields", fair: "new-fields" } },
  ho: { game: "kings-progress", seats: ["remote", "human", "bot"], seat: 0, script: "handover", cost: 2,
    deviate: { error: "all", note: "all", bye: "all", "welcome-rejoin": "message", "first-game-rejoin": "message" } },
  rj: { game: "kings-progress", seats: ["remote", "bot"], seat: 0, script: "drop",
    deviate: { "welcome-rejoin": "fields", "first-game-rejoin": "fields" } },
};

/** Seconds of the handover table's turn timer. */
const TIMER_S = 5;

export const seedOf = (table) => `${TABLES[table].game}/trace/${TABLES[table].seed ?? table}`;

/** One spare key for the dishonest host per process (a real P-256 pair: its signatures verify, under the wrong key). */
let spare = null;

/**
 * Play table `table` with the trace's deviations on the target guest's links.
 * @param {string} table @param {import("./trace-wire.mjs").Step[]} steps
 * @param {{record?: boolean, keep?: boolean}} [opts] record: keep the wire's trace (the honest run); keep: the run's objects
 * @returns {Promise<{out: any, wire: TraceWire, receipts: any[], raw: any}>}
 */
export async function runTrace(table, steps, opts = {}) {
  const T = TABLES[table];
  spare ??= spareKey();
  const wire = new TraceWire({ seat: T.seat, plan: steps.map((s) => ({ ...s })), spare, record: opts.record });
  /** this run's script: the drop table's person drops its connection through it */
  const script = { drop: () => {} };
  const out = await fuzzOne(seedOf(table), {
    over: {
      game: T.game, seats: T.seats, levels: T.seats.map((k) => (k === "bot" ? "random" : null)), // fallback: plan()'s, the lobby bot's level
      dishonest: "host", rate: 0, source: [], fairTamper: false, illegal: 0, forceWithin: 0,
    },
    keep: true,
    rejoins: !!T.script, // a closed link does not decide the guest: its device comes back
    ...(T.script ? { guestChoice: scriptedClicks(T, seedOf(table), script) } : {}),
    hooks: (p, adv, ctx) => {
      ctx.guestDevs.get(T.seat).traceReceipts = []; // what its state machine made of each message (trace-wire.mjs)
      const inner = adv.intercept.bind(adv);
      adv.intercept = (from, to, text, info) => {
        if (from === "host" && to === wire.target) return wire.intercept(from, to, text, info);
        if (to === "host") wire.intercept(from, to, text, info); // what the guests send: the wire only looks
        return inner(from, to, text, info);
      };
      if (T.script) comeBack(ctx, T, script);
    },
  });
  const raw = out.raw;
  delete out.raw;
  const receipts = raw?.guestDevs?.get(T.seat)?.traceReceipts ?? [];
  return { out, wire, receipts, raw: opts.keep ? raw : null };
}

/**
 * The scripted person.  On the handover table its first click is a move the rules refuse (the host answers with an
 * error naming it), and it lets its fourth turn run out (the turn timer hands its seat to a bot: a note, then bye).
 * On the drop table its connection drops as its third turn comes.
 * @param {any} T @param {string} seed @param {{drop: () => void}} script
 * @returns {(at: any, random: (at: any) => any) => any}
 */
function scriptedClicks(T, seed, script) {
  const rng = new Rng(`trace:illegal:${seed}`);
  let turns = 0;
  return (at, random) => {
    const action = random(at);
    if (action === undefined || at.seat !== T.seat) return action;
    turns += 1;
    if (T.script === "drop") {
      if (turns !== 3) return action;
      script.drop();
      return undefined;
    }
    if (turns === 1) return illegalFrom(rng, action);
    return turns === 4 ? undefined : action;
  };
}

/**
 * The seat's own device back with a rejoin invite, once: after its seat went to a bot (the handover table's timer),
 * or its connection dropped (the drop table).  A later loss of the link is the table's end for this guest.
 */
function comeBack(ctx, T, script) {
  const seat = T.seat;
  const { host } = ctx;
  let dropped = false;
  if (T.script === "handover") host.setTimer(TIMER_S);
  else script.drop = () => { dropped = true; dropConnection(ctx, seat); };
  let rejoined = false;
  const gone = () => (T.script === "handover" ? host.seats[seat].kind === "bot" : dropped);
  onceWhen(ctx, () => host.started && !host.over && gone() && !host.seats[seat].conn,
    () => rejoinSeat(ctx, seat).then(() => { rejoined = true; }));
  // decided as fuzzOne decides without rejoins, once the device came back: its last link closed is the end for it
  const decided = ctx.spec.stopWhen;
  ctx.spec.stopWhen = (c) => {
    if (decided(c)) return true;
    return rejoined && c.guestDevs.get(seat).answers.every((a) => a.channel.readyState === "closed");
  };
}
