"""A network guest's end-of-game check, timed: the benchmark's `fairness.<game>.*` figures (issue 42).

Every game, on the same finished table: 4 seats, two guests and two Hard bots (tests/p2p_sim.py SimTable,
seeded), checked from the first guest's side.

- `end_check_ms`: stage one (parlour.trust.fairness.verify_fair with `defer_bots`: everything but searching
  the bots' moves again) in Pyodide on the page's worker, median of 3 (budget 1,000 ms);
  `end_check_native_ms` the same in CPython, once.
- `bot_think_ms`: the bots' own thinking in that game: each searched bot move chosen again through the
  facade's `bot` op at its own position, as the host's bots chose them, on the page's worker, summed.
- `bot_recheck_ms`: stage two's wall time as a guest's page runs it (js/tables/recheck-service.js `begin`: the
  page's own worker and the extra workers it starts, one a core, at most four), and `bot_recheck_ratio`, that
  over `bot_think_ms` (target 0.6 on a 2-core machine: the recheck runs on two workers).  Each is one run over
  every bot move of the game (dozens to hundreds of searches), not a median.
- counts: `end_check_moves`, `end_check_searched_bot_moves`, `recheck_engines` (workers stage two used).
"""
from __future__ import annotations

import statistics
import time

#: the guest whose check is timed, and the table's seed
GUEST, SEED = 0, 7

#: The bots' thinking over one game, on the page's worker: a table replayed move by move, each listed bot move's
#: choice asked again where the bot chose it (`bot` op, timed) and compared with the move played.
THINK = """async ({game, players, seed, options, actions, checks}) => {
  const engine = window.parlour.engine;
  const canon = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x)
    ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));
  const { table } = await engine.call('new', { game, players, seed, options });
  const byPly = new Map();
  for (const c of checks) byPly.set(c.ply, [...(byPly.get(c.ply) ?? []), c]);
  let think = 0;
  let wrong = 0;
  for (let version = 0; version <= actions.length; version++) {
    for (const c of byPly.get(version) ?? []) {
      const start = performance.now();
      const reply = await engine.call('bot', { table, seat: c.seat, bot: c.bot });
      think += performance.now() - start;
      if (canon(reply.action) !== canon(actions[c.step].action)) wrong += 1;
    }
    if (version < actions.length) {
      await engine.call('act', { table, seat: actions[version].seat, version, action: actions[version].action });
    }
  }
  await engine.call('close', { table });
  return { think, wrong };
}"""

#: Stage one in the page's worker, three times.
STAGE_ONE = """async (message) => {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const reply = await window.parlour.engine.call('verify_fair', { ...message, defer_bots: true });
    if (!reply.verified) throw new Error('not verified: ' + JSON.stringify(reply.steps.find((s) => !s.ok)));
    times.push(performance.now() - start);
  }
  return times;
}"""

#: The whole check as a guest's page runs it when the host's `fair` arrives (both stages, the real pool).
GUEST_CHECK = """async ({mine, fair, table}) => {
  const checks = await window.parlourChecks();
  const session = { table, game: mine.game, players: mine.players, options: mine.options, title: mine.game,
    seat: mine.seat, seating: mine.seating, code: null, result: mine.result };
  const names = mine.seating.map((_, i) => `Seat ${i + 1}`);
  const out = await checks.begin({ session, mine, fair, names });
  return { kind: out.verdict.kind, verifyMs: out.verifyMs, recheckMs: out.recheckMs,
    engines: 1 + checks.pool.extrasWanted, searched: checks.pool.stats.searched };
}"""


def finished_table(game_id):
    """The finished table a guest checks: its record and the host's `fair` (tests/p2p_sim.py)."""
    from p2p_sim import SimTable  # tests/: the same simulated table the fairness tests use
    table = SimTable(game_id, ["remote", "bot", "remote", "bot"], seed=SEED, level="hard").play()
    return table.mines[GUEST], table.fair()


def measure_fairness(page, game_ids, say=print):
    """Every figure above for each game, measured in `page` (the lobby, Python ready, on a quiet machine)."""
    from parlour.trust.fairness import verify_fair
    figures = {}
    for game_id in game_ids:
        mine, fair = finished_table(game_id)
        message = {"mine": mine, "fair": fair}
        start = time.perf_counter()
        native = verify_fair(dict(message, defer_bots=True))
        figures[f"fairness.{game_id}.end_check_native_ms"] = round((time.perf_counter() - start) * 1000)
        assert native["verified"], native["steps"]
        pending = native["pending"]
        figures[f"fairness.{game_id}.end_check_ms"] = round(statistics.median(page.evaluate(STAGE_ONE, message)))
        figures[f"fairness.{game_id}.end_check_moves"] = len(fair["actions"])
        figures[f"fairness.{game_id}.end_check_searched_bot_moves"] = len(pending)
        if pending:
            think = page.evaluate(THINK, {"game": game_id, "players": mine["players"], "seed": fair["seed"],
                                          "options": mine["options"], "actions": fair["actions"], "checks": pending})
            assert think["wrong"] == 0, f"{game_id}: {think['wrong']} bot moves are not the bot's choice"
            check = page.evaluate(GUEST_CHECK, {"mine": mine, "fair": fair, "table": f"{mine['table']}{game_id.encode().hex()}"})
            assert check["kind"] == "fair", check
            figures[f"fairness.{game_id}.bot_think_ms"] = round(think["think"])
            figures[f"fairness.{game_id}.bot_recheck_ms"] = check["recheckMs"]
            figures[f"fairness.{game_id}.bot_recheck_ratio"] = round(check["recheckMs"] / think["think"], 2)
            figures[f"fairness.{game_id}.recheck_engines"] = check["engines"]
        say(f"{game_id}: " + ", ".join(f"{k.split('.', 2)[2]} {v}" for k, v in figures.items() if k.startswith(f"fairness.{game_id}.")))
    return figures
