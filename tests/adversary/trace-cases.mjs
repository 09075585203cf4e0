// Named reproductions of the product bugs the deviant traces (traces.mjs) found, each one run with the outcome the
// product owes: `holds` says whether it does.  tests/test_adversarial_traces.py pins each open bug with an
// xfail(strict=True) test on its case, so the test flips when the bug is fixed.
//
//   node --import ./tests/adversary/register.mjs tests/adversary/traces.mjs --case all
//   node --import ./tests/adversary/register.mjs tests/adversary/traces.mjs --case rejoin-link-numbers
import { fuzzOne, rejoinSeat } from "./fuzz.mjs";
import { illegalFrom } from "./adversary.mjs";
import { onceWhen } from "./hooks.mjs";
import { Rng } from "./runtime.mjs";

/** A trace case (traces.mjs) whose guest must not end "Verified fair", and must name the host. */
const namesTheHost = (id) => async ({ runCase, parseCase }) => {
  const r = await runCase(parseCase(id, null));
  const v = r.verdict;
  return { id, outcome: r.outcome, verdict: v, violations: r.violations, holds: !!v && !v.ok && v.blame === "host", replay: r.replay };
};

export const CASES = {
  /**
   * King's Cottage's bets: the host shows the guest, while it chooses its sealed bet, a view of the position that is
   * not the position (with its right hash), then the true one in the round's next event.  Every event of the round
   * has the round's version, and the guest keeps one view hash per version (js/net/guest-protocol.js
   * `s.views[version] = hash`): the false view is forgotten, and "every view you were sent matches the replay" holds.
   */
  "view-overwritten-round": namesTheHost("kc/round-commit#0:field=view.other"),
  /**
   * The same without a round: the game's first event numbered one move ahead (the position before the first move,
   * said to be after it); the next event, at that number, replaces its hash in the guest's record.
   */
  "view-overwritten-first": namesTheHost("kp/first-game#0:field=version.ahead"),
  /**
   * The welcome's `options` are read by nothing before the end check: options the guest's own engine refuses
   * (King's Progress "two-games" at two seats) make the check throw, and the verdict fails naming nobody
   * ("the check ran", blame null) where the host sent them.
   */
  "options-unchecked": namesTheHost("kp/welcome#0:field=options"),
  /**
   * An honest host.  The guest lets its turn run out twice (its seat goes to a bot, its device comes back with a
   * rejoin invite, twice), and on its third link it makes a move the rules refuse, numbered as a move it made on its
   * second link.  js/tables/guest-table.js numbers a link `(saved.links ?? 0) + 1`, but `links` is now the record's map
   * of links, so every link after the second is "[object Object]1": the second and third share one record and one tag
   * on what they sent.  The refusal marks the second link's move refused, the refused move stays "received", and the
   * guest's verdict names the honest host ("received by the host but not played as you sent it").
   */
  "rejoin-link-numbers": async () => {
    const out = await twoRejoins();
    const v = out.verdicts[0];
    return { outcome: out.outcomes[0], verdict: v, violations: out.violations, links: out.links,
      holds: !!v && v.ok && !out.violations.length && out.links.length === 3 };
  },
};

/** The honest table of "rejoin-link-numbers". */
async function twoRejoins() {
  const rng = new Rng("trace-case:rejoin-link-numbers");
  let turns = 0;
  let back = 0;
  let refused = false;
  const out = await fuzzOne("kings-progress/trace-case/rejoin-link-numbers", {
    over: { seats: ["remote", "human", "bot"], levels: [null, null, "random"], dishonest: "none", rate: 0, source: [], fairTamper: false, illegal: 0, forceWithin: 0 },
    keep: true, rejoins: true, noWatchdog: true,
    guestChoice: (at, random) => {
      const action = random(at);
      if (action === undefined || at.seat !== 0) return action;
      turns += 1;
      if (turns === 3 || turns === 7) return undefined; // the turn timer hands the seat to a bot
      const guest = at.device.fuzzGuest;
      const n = (guest?.link?.outSeq ?? 0) + 1; // the number this click's move goes out with
      if (back === 2 && !refused && guest.session.sent.some((x) => x.kind === "act" && x.n === n && x.received)) {
        refused = true;
        return illegalFrom(rng, action);
      }
      return action;
    },
    hooks: (p, adv, ctx) => {
      ctx.host.setTimer(5);
      const again = () => onceWhen(ctx, () => ctx.host.started && !ctx.host.over && ctx.host.seats[0].kind === "bot" && !ctx.host.seats[0].conn,
        () => rejoinSeat(ctx, 0).then(() => { back += 1; if (back < 2) again(); }));
      again();
    },
  });
  const links = Object.keys(out.raw?.guests?.get(0)?.session?.links ?? {});
  delete out.raw;
  return { ...out, links, refused };
}
