// The numbered reproductions of issue 23 (and a few more), each a seeded run of the fuzzer (fuzz.mjs)
// through the real host and guest code, with the attack forced instead of drawn.  Every case returns
// the fuzzer's judgement (the invariant on every verdict) plus what the case itself looked at;
// tests/test_adversarial_fuzz.py asserts each case's specific outcome.
//
//   node --import ./tests/adversary/register.mjs tests/adversary/fuzz.mjs --case all
//   node --import ./tests/adversary/register.mjs tests/adversary/fuzz.mjs --case frame,junk-999999
import { canonicalText } from "./harness.mjs";
import { fuzzOne, rejoinSeat, product } from "./fuzz.mjs";
import { ODD, scan, randHex, withN } from "./adversary.mjs";
import { dropConnection, onceWhen } from "./hooks.mjs";

const ROOT = new URL("../../", import.meta.url);
const store = await import(new URL("js/net/store.js", ROOT).href);
const peer = await import(new URL("js/net/peer.js", ROOT).href);
const protocol = await import(new URL("js/net/protocol.js", ROOT).href);
const { Engine } = await import("./stubs/bridge.js");

const verdictOf = (out, seat) => out.verdicts[seat];

/** Seat 2 handed to a bot as it seals, and taken back at once; `hold` keeps guest 1's bytes back until then. */
function handedAndBack(hold) {
  let back = null;
  return fuzzOne(`kings-progress/case/9b${hold ? "" : "-late"}`, {
    over: { seats: ["human", "remote", "remote"], levels: [null, null, null], fallback: "medium", dishonest: "none", rate: 0, source: [] },
    noWatchdog: true, rejoins: true,
    hooks: (p, adv, ctx, rng, stats) => {
      let handed = false;
      /** guest 1's bytes are held back until seat 2 is at the table again, so the game cannot start before */
      const held = [];
      const realIntercept = adv.intercept.bind(adv);
      adv.intercept = (from, to, text, info) => {
        if (hold && from === "guest1" && to === "host" && scan(text).t === "unseal" && !back) {
          held.push(() => info.inject(text));
          return [];
        }
        return realIntercept(from, to, text, info);
      };
      adv.observers.push((from, to, text) => {
        if (handed || from !== "guest2" || to !== "host" || scan(text).t !== "seal") return;
        handed = true;
        stats.handovers.push({ seat: 2, version: 0, started: ctx.host.started });
        ctx.hostDev.enter(() => void product.guests.handToBot(ctx.host, 2).then(async () => {
          await rejoinSeat(ctx, 2);
          await ctx.run.until(() => ctx.host.seats[2].state === "connected", "seat 2 back");
          back = { started: ctx.host.started, round: ctx.host.deal.round, seats: [...ctx.host.deal.seats] };
          stats.rejoins.push({ seat: 2, version: ctx.host.version });
          for (const release of held.splice(0)) release();
        }));
      });
    },
  }).then((out) => ({ ...out, back }));
}

export const CASES = {
  /** Issue 23, 1: after seeing the guest's seal, the host sends a second welcome with a commitment it chose. */
  "welcome-after-seal": () => fuzzOne("kings-progress/case/1", {
    over: { seats: ["remote", "bot"], levels: [null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["welcome-after-seal"], victim: 0 },
  }),

  /** Issue 23, 2: an event says "reveal" while a seat of the round has not committed. */
  "reveal-before-commit": () => fuzzOne("kings-cottage/case/2", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: "host", rate: 1, source: [], only: ["ev.round.reveal"] },
  }),

  /** Issue 23, 3: a false refusal of the guest's move, then the host plays the seat (a bot) for one move, unseen. */
  "refusal-handover-hidden": () => fuzzOne("kings-progress/case/3", {
    over: { seats: ["human", "remote"], levels: [null, null], fallback: "medium", dishonest: "host", rate: 0, source: ["refusal-handover-hidden"], victim: 1 },
  }),

  /** The same handover, shown to the guest in an event: a handover it saw, named in its notes. */
  "refusal-handover-shown": () => fuzzOne("kings-progress/case/3b", {
    over: { seats: ["human", "remote"], levels: [null, null], fallback: "medium", dishonest: "host", rate: 0, source: ["refusal-handover-shown"], victim: 1 },
  }),

  /**
   * A false refusal of the guest's move, then the bot's seeded choice played in its seat with no handover at all,
   * listed as a bot move with a "bot" forfeit to account for it.
   */
  "forfeit-takeover": () => fuzzOne("kings-progress/case/3e", {
    over: { seats: ["human", "remote"], levels: [null, null], fallback: "medium", dishonest: "host", rate: 0, source: ["forfeit-takeover"], victim: 1 },
  }),
  "forfeit-takeover-witness": () => fuzzOne("kings-progress/case/3d", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["forfeit-takeover"], victim: 0 },
  }),

  /** The host leaves the guest's seat out of the deal: the seed is made without the bytes it sealed. */
  "deal-without": () => fuzzOne("kings-progress/case/deal", {
    over: { seats: ["remote", "bot"], levels: [null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["deal-without"], victim: 0 },
  }),
  "deal-without-one": () => fuzzOne("kings-progress/case/deal1", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["deal-without"], victim: 1 },
  }),

  /** Issue 23, 4: the host picks a bot level per move (level shopping). */
  "level-shopping": () => fuzzOne("kings-progress/case/4", {
    over: { seats: ["bot", "remote"], levels: ["random", null], fallback: "random", dishonest: "host", rate: 0, source: ["level-shopping"] },
  }),

  /** Issue 23, 4: in a secret round the host re-chooses a bot's move at a later position (ply shopping). */
  "ply-shopping": () => fuzzOne("mansion/case/4b", {
    over: { seats: ["remote", "bot"], levels: [null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["ply-shopping"] },
  }),

  /** Issue 23, 5: a guest's reveal carrying a float 1e-7, and one with a lone surrogate, before the real one. */
  "guest-odd-reveal": () => fuzzOne("kings-cottage/case/5", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: 0, rate: 0, source: [], illegal: 0 },
    judgeDishonest: true,
    hooks: (p, adv) => {
      adv.outFilters.push((c) => {
        if (c.t !== "reveal") return null;
        adv.note("odd-reveal", c.ls, "reveal");
        return [
          { oddNext: (n) => ODD["tiny-float"](withN(c.text, n)) },
          { oddNext: (n) => ODD["lone-surrogate"](withN(c.text, n)) },
          { oddNext: (n) => ODD["raw-surrogate"](withN(c.text, n)) },
          { content: c.text },
        ];
      });
    },
  }).then((out) => ({ ...out, hostRefusals: out.hostLog.filter((l) => /canonical form/.test(l)).length })),

  /** Issue 23, 6: the host refuses a valid reveal it received and hands the seat to a bot; the guest's link stays open. */
  "reveal-refusal-bot-open": () => fuzzOne("kings-cottage/case/6", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["reveal-refusal-bot-open"], victim: 0 },
  }),

  /** The same, the handover closing the victim's link (as the panel's button does). */
  "reveal-refusal-bot-closed": () => fuzzOne("kings-cottage/case/6b", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["reveal-refusal-bot-closed"], victim: 0 },
  }),

  /** Issue 23, 7: a junk first event numbered 999999 (its hash wrong): refused, nothing recorded. */
  "junk-999999": () => junk(false),
  /** The same with the right hash of the real view: recorded, so the table cannot go on for that guest, and the host is named. */
  "junk-999999-right-hash": () => junk(true),

  /** Issue 23, 8: a rejoin proof the guest made for another host's invite, replayed at this host's rejoin invite. */
  "rejoin-proof-replayed": () => rejoinProofReplayed(),

  /** Issue 23, 9: a guest handed to a bot before the deal completes, then rejoined mid-game. */
  "handed-before-deal-rejoined": () => {
    let rejoined = null;
    return fuzzOne("kings-progress/case/9", {
      over: { seats: ["human", "remote", "remote"], levels: [null, null, null], fallback: "medium", dishonest: "none", rate: 0, source: [] },
      noWatchdog: true, rejoins: true,
      hooks: (p, adv, ctx, rng, stats) => {
        let handed = false;
        adv.observers.push((from, to, text) => {
          if (handed || from !== "guest2" || to !== "host" || scan(text).t !== "seal") return;
          handed = true;
          stats.handovers.push({ seat: 2, version: 0, started: ctx.host.started });
          ctx.hostDev.enter(() => void product.guests.handToBot(ctx.host, 2));
        });
        onceWhen(ctx, () => ctx.host.started && ctx.host.version >= 5, async () => {
          await rejoinSeat(ctx, 2);
          rejoined = ctx.host.version;
          stats.rejoins.push({ seat: 2, version: rejoined });
        });
      },
    }).then((out) => ({ ...out, rejoinedAt: rejoined }));
  },

  /** Issue 23, 9 before the start: the seat is handed to a bot as it seals and is taken back before the game starts;
   *  the honest host asks it for its bytes again (its seal is in the final list; the deal is never made again), and everyone verifies. */
  "handed-before-deal-back-before-start": () => handedAndBack(true),
  /** The same without holding anything back: the game starts without the seat, which is taken back at move 1. */
  "handed-before-deal-back-at-start": () => handedAndBack(false),

  /** Issue 23, 10: a commitment lost as the connection drops is sent again on the rejoined link. */
  "commit-lost-rejoin": () => {
    const commits = [];
    return fuzzOne("kings-cottage/case/10", {
      over: { seats: ["remote", "bot"], levels: [null, "random"], fallback: "random", dishonest: "none", rate: 0, source: [] },
      noWatchdog: true, rejoins: true,
      hooks: (p, adv, ctx, rng, stats) => {
        let lost = false;
        adv.inFilters.push(() => undefined);
        const realIntercept = adv.intercept.bind(adv);
        adv.intercept = (from, to, text, info) => {
          if (from === "guest0" && to === "host" && scan(text).t === "commit") {
            commits.push(JSON.parse(text).hash);
            if (!lost) {
              lost = true;
              // the commitment never arrives: the connection drops with it
              queueMicrotask(() => dropConnection(ctx, 0));
              stats.rejoins.push({ seat: 0, lostCommit: true });
              onceWhen(ctx, () => !ctx.host.seats[0].conn, async () => {
                await rejoinSeat(ctx, 0);
              });
              return [];
            }
          }
          return realIntercept(from, to, text, info);
        };
      },
    }).then((out) => ({ ...out, commits }));
  },

  /**
   * The host frames an honest guest in another guest's eyes: it shows the witness a commitment of its own for the
   * victim's seat, then forfeits the victim's legal reveal as "illegal" with a move and nonce matching that
   * commitment.  Nothing in the witness's record is signed by the victim, so its check takes the forfeit as the
   * victim's own fault.
   */
  frame: () => fuzzOne("kings-cottage/case/frame", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["frame"], victim: 1 },
  }),

  /** The same frame with the victim first in the round (its forfeited move is then checked as a signed move). */
  "frame-first-seat": () => fuzzOne("kings-cottage/case/frame0", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: "host", rate: 0, source: ["frame"], victim: 0 },
  }),

  /** A guest that seals a move the rules refuse and reveals it, properly signed: forfeited, and named in every note as its own fault. */
  "guest-illegal-reveal": () => fuzzOne("kings-cottage/case/illegal", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: 1, rate: 0, source: [], illegal: 1, illegalInRoundsOnly: true },
    judgeDishonest: true,
  }),

  /** The same cheat by the guest whose seat moves first in the round. */
  "guest-illegal-reveal-first-seat": () => fuzzOne("kings-cottage/case/illegal0", {
    over: { seats: ["remote", "remote", "bot"], levels: [null, null, "random"], fallback: "random", dishonest: 0, rate: 0, source: [], illegal: 1, illegalInRoundsOnly: true },
    judgeDishonest: true,
  }),
};

function junk(rightHash) {
  return fuzzOne(`kings-progress/case/7${rightHash ? "b" : ""}`, {
    over: { seats: ["remote", "bot"], levels: [null, "random"], fallback: "random", dishonest: "host", rate: 0, source: [] },
    hooks: (p, adv, ctx) => {
      let done = false;
      adv.outFilters.push((c) => {
        if (done || c.t !== "ev") return null;
        const m = c.msg();
        if (m.waiting) return null;
        done = true;
        const j = { ...m, version: 999999, hash: rightHash ? m.hash : randHex(adv.rng, 64) };
        adv.note("junk-999999", c.ls, "ev", { hash: rightHash ? "right" : "wrong" });
        return [{ content: canonicalText(j) }, { content: c.text }];
      });
      ctx.junk = true;
    },
  }).then((out) => out);
}

async function rejoinProofReplayed() {
  const info = {};
  const out = await fuzzOne("kings-progress/case/8", {
    over: { seats: ["remote", "bot"], levels: [null, "random"], fallback: "random", dishonest: "none", rate: 0, source: [] },
    noWatchdog: true, rejoins: true,
    hooks: (p, adv, ctx) => {
      const { run, host, hostDev } = ctx;
      onceWhen(ctx, () => host.started && host.version >= 6, async () => {
        const gdev = ctx.guestDevs.get(0);
        dropConnection(ctx, 0);
        await run.until(() => !host.seats[0].conn, "the host to see seat 1 gone");
        // Another host's rejoin invite, which the guest opened: its hello there carries a proof bound to that invite.
        const otherHost = run.device("hostB");
        const other = await otherHost.enter(async () => {
          const inv = new peer.Invitation({ seat: 0, kind: protocol.INVITE_REJOIN, iceServers: [] });
          await inv.prepare();
          return inv;
        });
        const stolen = await gdev.enter(async () => {
          const saved = store.loadGuest(store.lastGuestTable());
          const gp = new product.protocol.GuestProtocol({ inviteCode: other.code, load: store.loadGuest, save: () => {} });
          return gp.hello("Dov", saved, (saved?.links ?? 0) + 1);
        });
        info.stolenHasProof = !!stolen.rejoin;
        // This host's rejoin invite for the seat, opened by the thief with the stolen hello.
        const before = new Set(hostDev.invitations);
        await hostDev.enter(() => product.guests.invite(host, 0, protocol.INVITE_REJOIN));
        await run.until(() => hostDev.invitations.some((inv) => !before.has(inv) && inv.code), "the rejoin invite");
        const inv = hostDev.invitations.filter((x) => !before.has(x) && x.code).at(-1);
        const thief = run.device("thief");
        const realIntercept = adv.intercept.bind(adv);
        adv.intercept = (from, to, text, inf) => {
          if (from === "thief" && to === "host" && scan(text).t === "hello") {
            const n = scan(text).n;
            info.replayed = true;
            return [canonicalText({ ...stolen, n })];
          }
          return realIntercept(from, to, text, inf);
        };
        const table = await thief.enter(async () => {
          const t = new product.guest.GuestTable(new Engine(), document.createElement("div"), { code: inv.code, onLeave: () => {} });
          await t.start();
          return t;
        });
        await run.until(() => thief.joins.length, "the thief's join screen");
        thief.enter(() => thief.joins.at(-1).onJoin("Thief"));
        await run.until(() => thief.answers.length, "the thief's answer code");
        await hostDev.enter(() => product.guests.acceptAnswer(host, thief.answers.at(-1).code));
        await run.until(() => thief.answers.at(-1).channel.readyState === "closed", "the thief refused");
        info.thiefFailure = table.protocol.state;
        info.seatKeyKept = host.seats[0].key;
        // the guest itself comes back with a rejoin invite of its own
        await rejoinSeat(ctx, 0);
        info.rejoined = host.version;
      });
    },
  });
  const refusedLine = out.hostLog.some((l) => /without this seat's key opened its rejoin invite: refused/.test(l));
  return { ...out, info, refusedLine };
}
