// Tables played by sending links (issue 43), headless: the real HostTable and GuestTable over the mail transport
// (js/net/mail-*.js), the CPython engine, a postman that carries each link a side shows to the other
// (harness.mjs `byLinks`).  Prints one JSON line per table: verdicts, moves, and every link's length.
//
//   node --import ./tests/adversary/register.mjs tests/adversary/by-links.mjs '[{"game": "kings-progress",
//     "seats": ["bot", "remote", "remote"], "seed": 3}]'
import { playTable } from "./harness.mjs";
import { stopEngine } from "./engine-client.mjs";

const tables = JSON.parse(process.argv[2] ?? "[]");
for (const t of tables) {
  const r = await playTable({ botLevel: "random", quiet: true, thinkMs: 400, ...t, byLinks: true });
  const { result, ...rest } = r;
  const verdicts = Object.fromEntries(Object.entries(rest.verdicts).map(([seat, v]) => [seat, v && {
    ok: v.ok, fair: v.fair, failedStep: v.failedStep, blame: v.blame, detail: v.detail, text: v.text, notes: v.notes,
  }]));
  process.stdout.write(`${JSON.stringify({
    game: t.game, seats: rest.seats, stopped: rest.stopped, over: rest.over, moves: rest.moves, verdicts, links: rest.links,
    errors: rest.errors, consoleErrors: rest.consoleErrors, ms: rest.ms,
  })}\n`);
}
stopEngine();
