// A table that moves from a live connection to links and back (issue 43), headless: a network table (the real
// host and guest tables over the harness's network), where at move `toLinks` the host makes seat `seat` a rejoin
// invite by link and that seat's device goes on by links (a postman carries them), and at move `toLive` the host
// makes it a live rejoin invite and the device comes back over the network.  Prints one JSON line: the verdicts,
// the moves, where the seat switched, and whether every move was played.
//
//   node --import ./tests/adversary/register.mjs tests/adversary/switch.mjs '{"game": "kings-progress", "seed": 3}'
import { playTable, rejoinSeat } from "./harness.mjs";
import { stopEngine } from "./engine-client.mjs";
import { Engine } from "./stubs/bridge.js";

const ROOT = new URL("../../", import.meta.url);
const guests = await import(new URL("js/tables/host-guests.js", ROOT).href);
const { GuestTable } = await import(new URL("js/tables/guest-table.js", ROOT).href);
const mailHost = await import(new URL("js/tables/mail-host.js", ROOT).href);
const mailGuest = await import(new URL("js/tables/mail-guest.js", ROOT).href);
const { INVITE_REJOIN } = await import(new URL("js/net/protocol.js", ROOT).href);

const t = { seats: ["human", "remote", "bot", "remote"], seat: 1, toLinks: 6, toLive: 24, seed: 3, ...JSON.parse(process.argv[2] ?? "{}") };
const info = { switchedToLinks: null, switchedToLive: null, linksCarried: 0, errors: [] };

/** The seat's device goes on by links from the host's rejoin invite by link. */
async function toLinks(ctx) {
  const { run, host, hostDev, guestDevs } = ctx;
  const dev = guestDevs.get(t.seat);
  await hostDev.enter(() => guests.invite(host, t.seat, INVITE_REJOIN, { mail: true }));
  await run.until(() => host.seats[t.seat].inviteLink?.includes("#mail="), "the rejoin invite by link");
  const joins = dev.joins.length;
  const table = await dev.enter(async () => {
    const g = new GuestTable(new Engine(), document.createElement("div"), { code: host.seats[t.seat].inviteLink.split("#mail=")[1], mail: true, onLeave: () => {} });
    await g.start();
    return g;
  });
  await run.until(() => dev.joins.length > joins, "the join screen by link");
  dev.enter(() => dev.joins.at(-1).onJoin(dev.joins.at(-1).name || "Back"));
  await run.until(() => table.mailLink, "the first link back");
  info.switchedToLinks = host.version;
  let busy = false;
  const carried = new Set();
  const timer = hostDev.enter(() => setInterval(async () => {
    if (busy || ctx.linksDone) return;
    busy = true;
    try {
      const back = table.mailLink;
      if (back && !carried.has(back)) {
        carried.add(back);
        info.linksCarried += 1;
        await hostDev.enter(() => mailHost.openGuestLink(host, back));
      }
      const out = host.seats[t.seat].conn?.mail ? host.seats[t.seat].conn.mailLink : "";
      if (out && !carried.has(out)) {
        carried.add(out);
        info.linksCarried += 1;
        await dev.enter(() => mailGuest.openHostLink(table, out));
      }
    } catch (err) {
      info.errors.push(String(err && err.stack || err));
    } finally {
      busy = false;
    }
  }, 300));
  return timer;
}

const r = await playTable({
  game: t.game, seats: t.seats, seed: t.seed, botLevel: "random", quiet: true, keep: true,
  setup: (ctx) => {
    const { hostDev, run } = ctx;
    let step = 0;
    hostDev.enter(() => {
      const watch = setInterval(async () => {
        const host = ctx.host;
        if (step === 0 && host.started && host.version >= t.toLinks) {
          step = 1;
          try { await toLinks(ctx); } catch (err) { info.errors.push(String(err && err.stack || err)); }
          step = 2;
        } else if (step === 2 && host.version >= t.toLive) {
          step = 3;
          ctx.linksDone = true;
          try {
            await rejoinSeat(ctx, t.seat);
            info.switchedToLive = host.version;
          } catch (err) { info.errors.push(String(err && err.stack || err)); }
          clearInterval(watch);
        }
      }, 250);
    });
  },
});
const verdicts = Object.fromEntries(Object.entries(r.verdicts).map(([seat, v]) => [seat, v && {
  ok: v.ok, fair: v.fair, failedStep: v.failedStep, blame: v.blame, detail: v.detail, text: v.text, notes: v.notes,
}]));
const out = { game: t.game, stopped: r.stopped, over: r.over, moves: r.moves, verdicts, info, errors: r.errors, consoleErrors: r.consoleErrors };
process.stdout.write(`${JSON.stringify(out)}\n`);
stopEngine();
