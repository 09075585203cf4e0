"""The Parlour benchmark: load times, move latency and engine speed, on the built site.

Run by `python3 build.py bench` (which builds dist/ and provides Playwright and
Chromium).  Writes bench/results.json and the table in bench/README.md.  These
are measurements, not tests: nothing fails when a budget is missed, the table
says so.

Flags: --quick (fewer games, a small soak), --no-bots (keep the last bot figures),
--bots (tournaments only), --no-tournaments (bot move times but
not the tournaments), --levels=hard (time only these levels), --whole-bot-games (with --quick: bots over
whole games all the same),
--only=a,b (those games), --pairings=a,b (with --bots: those pairings), --soak[=N], --fairness, --links,
--noisy (write time figures on a busy machine, marked noisy), --help.
Time figures are written only when the 1-minute load average is at most 1.0 (the bench waits up to
2 minutes for it to come down: its own build lifts it).
"""
from __future__ import annotations

import datetime
import gzip
import json
import os
import platform
import re
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "e2e"), str(ROOT / "tests")]

import build  # noqa: E402
from parlour import games  # noqa: E402
from parlour.simulate import games_per_second, search_iterations_per_second  # noqa: E402
from tournaments import GAMES as TOURNAMENT_GAMES_FULL, QUICK_GAMES, tournament_figures  # noqa: E402
from soak import QUICK_SOAK_GAMES, soak_count, soak_figures, soak_minutes  # noqa: E402
from fairness import measure_fairness  # noqa: E402
from links import measure_links  # noqa: E402
import csp_waits  # noqa: E402
from python_snapshot import wait_snapshot_kept  # noqa: E402
from chromium_args import CHROMIUM_ARGS  # noqa: E402  (a player's Chromium, without its omnibox popup's renderer)

csp_waits.install()  # Playwright's wait_for_function under the site's policy (tests/e2e/csp_waits.py)

BUDGETS = {
    # issue 25: later starts (the device's own snapshot); a first visit's bytes without a shipped snapshot
    "load.lobby_interactive_ms": 250, "load.python_ready_cold_ms": 1000, "load.python_ready_warm_ms": 700,
    "size.first_visit_transfer_bytes": 4_600_000,
    # issue 44: a first visit a phone on a mobile network can afford
    "load.python_ready_first_visit_10mbps_ms": 5000,
    "moves.*.p50_ms": 16, "moves.*.p95_ms": 50, "bots.*.hard.move_ms_p95": 1500,
    # click to the first frame that shows the move (bench/feedback.py): one frame, at worst two
    "moves.*.feedback_p50_ms": 16.7, "moves.*.feedback_p95_ms": 33.4,
    # issue 42: a guest's stage one in Pyodide, and stage two's wall time over the bots' own thinking (2 cores)
    "fairness.*.end_check_ms": 1000, "fairness.*.bot_recheck_ratio": 0.6, "links.*.round_trip_max_chars": 2000,
}
PLAYERS = 3
QUICK = "--quick" in sys.argv
#: --only=castles,kings-progress measures the moves of those games alone (while working on one).
ONLY = next((a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--only=")), None)
LOAD_RUNS = 3 if QUICK else 7
#: seconds a tab rests on about:blank before a timed visit: the last page's worker has gone by then
BLANK_PAUSE_S = 1.5
MOVES_WANTED = 60 if QUICK else 300
ENGINE_SECONDS = 1.0 if QUICK else 4.0
#: bot tournaments (native, bench/tournaments.py): games per pairing; --no-bots skips them, --bots runs only them
TOURNAMENT_GAMES = QUICK_GAMES if QUICK else TOURNAMENT_GAMES_FULL
#: --whole-bot-games: a quick run still times every ply of the bots' games (issue 44's Hard budget is over whole games)
WHOLE_BOT_GAMES = "--whole-bot-games" in sys.argv
BOT_MOVES = 8 if QUICK and not WHOLE_BOT_GAMES else 100000  # bot moves timed in Pyodide per game and level: a whole game (every ply)
SKIP_BOTS = "--no-bots" in sys.argv
#: --levels=hard: time only these levels' moves in Pyodide (the others' last figures stay)
BOT_LEVELS = next((a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--levels=")),
                  ["easy", "medium", "hard"])
#: --pairings=hard-vs-greedy,hard-vs-medium: with --bots, play only those pairings (bench/tournaments.py PAIRINGS)
PAIRINGS_ONLY = next((a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--pairings=")), None)
#: --no-tournaments: bot move times in Pyodide but not the (native, slow) tournaments, whose last figures stay
NO_TOURNAMENTS = "--no-tournaments" in sys.argv
#: --soak (or --soak=N): only the soak, N games per title (bench/soak.py); its figures join results.json
SOAK = soak_count(sys.argv)
#: games the lobby offers (they have a board); moves are timed through the board, so only for these
BOARDS = set(re.findall(r'"([a-z0-9-]+)"', (ROOT / "js" / "games" / "ids.js").read_text().split("BOARD_IDS", 1)[1].split("]", 1)[0]))


def measure_bot_moves(browser, url, game_id, level):
    """Hard at 2 and at 4 seats (issue 24's budget holds at both; `move_ms_p95` is the worse of the two),
    the other levels at the bench's usual table size."""
    if level != "hard":
        return measure_bot_moves_at(browser, url, game_id, level, PLAYERS)
    figures = {}
    for players in (2, 4):
        for key, value in measure_bot_moves_at(browser, url, game_id, level, players).items():
            figures[f"{key}_{players}p"] = value
    for key in ("move_ms_p50", "move_ms_p95", "move_ms_max"):
        figures[key] = max(figures[f"{key}_2p"], figures[f"{key}_4p"])
    figures["whole_game"] = figures["whole_game_2p"] and figures["whole_game_4p"]
    figures["moves_timed"] = figures["moves_timed_2p"] + figures["moves_timed_4p"]
    return figures


def measure_bot_moves_at(browser, url, game_id, level, players):
    """Milliseconds per bot move in Pyodide (the facade's `bot` op, as a table calls it), over every ply of a
    seeded game with the level in every seat: late moves (169's crowded board, Mansion's last floors) count
    as much as openings."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    ready_timings(page)
    times = page.evaluate("""async ([g, n, level, wanted]) => {
      const e = window.parlour.engine;
      const t = await e.call('new', {game: g, players: n, seed: 'bench-bots', options: {}});
      let status = await e.call('status', {table: t.table});
      const times = [];
      while (!status.over && times.length < wanted) {
        const seat = status.to_move[0];
        const start = performance.now();
        const choice = await e.call('bot', {table: t.table, seat, bot: level});
        times.push(performance.now() - start);
        await e.call('act', {table: t.table, seat, action: choice.action, version: choice.version});
        status = await e.call('status', {table: t.table});
      }
      return times;
    }""", [game_id, players, level, BOT_MOVES])
    context.close()
    return {"move_ms_p50": round(percentile(times, 0.5), 1), "move_ms_p95": round(percentile(times, 0.95), 1),
            "move_ms_max": round(max(times), 1), "moves_timed": len(times), "whole_game": len(times) < BOT_MOVES}


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def serve(dist: Path):
    server = build.make_server(0, dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def ready_timings(page):
    page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=120_000)
    return page.evaluate("window.parlourTimings")


def measure_first_visits(browser, url):
    """A first visit: empty cache, no service worker, no snapshot on the device, so Python starts the
    slow way (and keeps its snapshot for the next visit).  Median milliseconds to Python ready."""
    python = []
    for _ in range(LOAD_RUNS):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(url)
        python.append(ready_timings(page)["python_ready"])
        context.close()
    return statistics.median(python)


def visit_from_blank(page, url):
    """Open `url` in a tab showing nothing, as a visitor does.  Going straight from one Parlour page to the
    next would time the old page's unloading too (its Python worker and heap torn down on the same thread):
    about 100 ms before the new page's first script here, which no visit pays."""
    page.goto("about:blank")
    time.sleep(BLANK_PAUSE_S)
    page.goto(url)


def measure_cold(browser, url):
    """A later visit in a browser with nothing in memory: the device's snapshot kept by a first visit,
    no service worker, the HTTP cache emptied before every run (every byte from the server, wasm compiled
    from scratch), opened from a blank tab."""
    lobby, python, workers = [], [], []
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    ready_timings(page)
    wait_snapshot_kept(page)
    session = context.new_cdp_session(page)
    for _ in range(LOAD_RUNS):
        session.send("Network.clearBrowserCache")
        visit_from_blank(page, url)
        t = ready_timings(page)
        lobby.append(t["lobby_ready"])
        python.append(t["python_ready"])
        workers.append({"timings": t["worker"], "started_from": t.get("started_from")})
    context.close()
    return statistics.median(lobby), statistics.median(python), workers[len(workers) // 2]


#: Accept-Encoding of the first visit's two byte counts: gzip as every figure before brotli was shipped, and
#: what Chromium sends (brotli first) to a host with brotli copies (build.py writes them beside the gzip ones)
GZIP_ONLY, BROTLI_TOO = "gzip, deflate", "br, gzip, deflate"


def measure_first_visit(browser, url, accept_encoding: str = GZIP_ONLY):
    """Bytes on the wire for a first visit until Python is ready (bodies as sent: compressed where the
    server has a precompressed copy the browser accepts), service worker blocked so only the page's own
    requests count.  `accept_encoding` is sent in place of the browser's own (which names br even here)."""
    context = browser.new_context(service_workers="block", extra_http_headers={"Accept-Encoding": accept_encoding})
    page = context.new_page()
    responses = []
    page.on("response", lambda response: responses.append(response))  # Playwright tags its handler: no bound builtin
    page.goto(url)
    ready_timings(page)
    sent = sum(r.request.sizes()["responseBodySize"] for r in responses)
    context.close()
    return sent, len(responses)


#: a phone's network (issue 44): CDP Network.emulateNetworkConditions, bytes per second and milliseconds
PHONE_NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8, "uploadThroughput": -1}


def measure_first_visits_on_phone_network(browser, url):
    """A first visit (as measure_first_visits) on PHONE_NETWORK: 10 Mbit/s down, 40 ms latency, set by CDP
    on the page before it loads; its Python worker's downloads go through the same throttle.  The browser
    asks for brotli, as a phone does of a static host over HTTPS.  Median milliseconds to Python ready."""
    python = []
    for _ in range(LOAD_RUNS):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", PHONE_NETWORK)
        page.goto(url)
        python.append(ready_timings(page)["python_ready"])
        context.close()
    return statistics.median(python)


def measure_warm(browser, url):
    """A later visit with the service worker active (files from its cache) and the device's snapshot,
    opened from a blank tab."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    ready_timings(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    wait_snapshot_kept(page)
    runs = []
    for _ in range(LOAD_RUNS):
        visit_from_blank(page, url)
        runs.append(ready_timings(page)["python_ready"])
    context.close()
    return statistics.median(runs)


def invest_evenly(page):
    """King's Cottage opens with a form, not a board click: stake nothing on any house."""
    for house in ("crowns", "arms", "suns", "moons"):
        page.click(f"#kc-invest [data-house={house}] input[data-stake='0']")
    page.click("#kc-invest-submit")


#: Games whose first move is a form rather than a click on the board.
FORMS = {"kings-cottage": invest_evenly}


def measure_moves(browser, url, game_id):
    """Click random legal moves against bots; the app times each click until its new board is drawn."""
    from clicking import click_randomly, start_game, wait_settled
    import feedback
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, service_workers="block")
    feedback.install(context)
    page = context.new_page()
    moves, dom, shown, seed, deadline = [], [], [], 0, time.time() + (60 if QUICK else 240)
    while len(moves) < MOVES_WANTED and time.time() < deadline:
        seed += 1
        # bots wait a little, as in play (600 ms), so each click is timed without a bot's move beside it
        start_game(page, url, game_id, ["human"] + ["bot"] * (PLAYERS - 1), query=f"botDelay=50&seed={seed}")
        if game_id in FORMS and wait_settled(page) == "move":
            FORMS[game_id](page)
        click_randomly(page, seed=seed, max_clicks=4 * MOVES_WANTED, timeout_s=max(5, deadline - time.time()))
        wait_settled(page)
        page.wait_for_timeout(50)  # the last frame's timing
        moves += page.evaluate("window.parlourTimings.moves")
        dom += page.evaluate("window.parlourTimings.movesDom || []")
        shown += feedback.collect(page)
    context.close()
    return {"p50_ms": round(percentile(moves, 0.5), 1), "p95_ms": round(percentile(moves, 0.95), 1),
            "moves": len(moves), "dom_p50_ms": round(percentile(dom, 0.5), 1),
            "feedback_p50_ms": round(percentile(shown, 0.5), 1), "feedback_p95_ms": round(percentile(shown, 0.95), 1)}


def measure_pyodide_engine(browser, url, game_id):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    ready_timings(page)
    games_reply = page.evaluate(
        "([g, n, s]) => window.parlour.engine.call('simulate', {game: g, players: n, seconds: s})",
        [game_id, PLAYERS, ENGINE_SECONDS])
    search_reply = page.evaluate(
        "([g, n, s]) => window.parlour.engine.call('simulate', {game: g, players: n, seconds: s, search: true})",
        [game_id, PLAYERS, ENGINE_SECONDS])
    context.close()
    return games_reply["games_per_s"], search_reply["iterations_per_s"]


def measure_fair_check(browser, url):
    """fairness.<game>.*: a network guest's end-of-game check, both stages, every game (bench/fairness.py)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    ready_timings(page)
    figures = measure_fairness(page, [g.id for g in games.all_games() if not ONLY or g.id in ONLY],
                               say=lambda line: print(line, flush=True))
    context.close()
    return figures


def dist_sizes(dist: Path):
    files = build.site_files(dist)  # not the .gz copies the server sends in their place
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 6, mtime=0)) for p in files)
    return raw, packed


#: issue 44: Hard's budget (1,500 ms a move) holds on the slower of the machines seen here, whose King's Progress
#: runs SLOW_MACHINE_GAMES_PER_S native games a second; a faster machine's budget shrinks by the ratio
SLOW_MACHINE_GAMES_PER_S = 330
#: the budgets scaled by that ratio (bot move times: the engine's speed decides them)
SCALED = ("bots.*.hard.move_ms_p95",)


def machine_ratio(figures: dict):
    """SLOW_MACHINE_GAMES_PER_S over this machine's King's Progress native games/s (under 1: a faster machine)."""
    speed = figures.get("engine.kings-progress.native_games_per_s")
    return round(SLOW_MACHINE_GAMES_PER_S / speed, 3) if speed else None


def budget_for(key, ratio=None):
    """`key`'s budget, scaled by `ratio` (machine_ratio) where the budget is stated for the slower machine."""
    parts = key.split(".")
    pattern = key if key in BUDGETS else ".".join([parts[0], "*", *parts[2:]]) if len(parts) >= 3 else None
    budget = BUDGETS.get(pattern) if pattern else None
    if budget is not None and ratio and pattern in SCALED:
        return round(budget * ratio)
    return budget


def write_readme(results):
    # the run that measured them (a soak-only run rewrites the table around the last bench's figures)
    played: dict = {}  # game -> the games each of its pairings played (`_games`; older runs: `tournament_games`)
    for key, value in results["figures"].items():
        if key.endswith((".tournament_games", "_games")) and isinstance(value, int):
            played.setdefault(key.split(".")[1], set()).add(value)
    tournament_games = ", ".join(f"{game} {min(n)}" + (f" to {max(n)}" if len(n) > 1 else "")
                                 for game, n in sorted(played.items())) or str(TOURNAMENT_GAMES)
    lines = [
        "# Benchmark", "",
        f"Measured {results['when']} on {results['machine']} with `python3 build.py bench"
        f"{' --quick' if results.get('quick') else ''}{' --only=' + ','.join(results['only']) if results.get('only') else ''}`; "
        "raw figures in `results.json`"
        f"{' (the other games keep their figures from the run before)' if results.get('only') else ''}.  "
        f"Load average (1 min) at start {results['load_average']['start']}, at the end "
        f"{results['load_average']['end']}: on a busy machine every time figure is slower than on an idle one "
        "(tournament results are counts and do not change).",
        "Moves: a person's click on the board until the new board is drawn (the next frame after it is in "
        "the DOM; `dom_p50_ms`: until it is in the DOM; `feedback_*`: until the first frame that shows the move, "
        "the piece on its place or the choice marked before the engine answers, `bench/feedback.py`), "
        f"{PLAYERS} seats (one person, bots pausing 50 ms).  Engine: whole random games of {PLAYERS} seats, "
        "every move through the checked, copying `apply` (`native_games_per_s`) or stepped in place on one "
        "private copy as the search plays out (`native_step_games_per_s`); `*_ismcts_iterations_per_s`: "
        "search iterations as the Medium level runs them (random playouts, the game's cut-off).  "
        f"Bots: seeded native tournaments (games per pairing: {tournament_games}; seats rotating, a shared win "
        "counting 1/k; `interval95` is the Wilson interval; `bench --bots`), move times in Pyodide through the "
        f"facade's `bot` op over every ply of a seeded game: Hard at 2 and at 4 seats (`_2p`, `_4p`; the plain "
        f"figure is the worse of the two), the other levels at {PLAYERS} seats.  `random_2p_shared_win_share` is how often two random players share the win: "
        "in King's Cottage most games end before any room is completed (every profit 0), so luck and "
        "draws cap any bot's win rate there.  "
        "Fairness (`bench --fairness`, bench/fairness.py): a network guest's end-of-game check on a finished "
        "4-seat table with two guests and two Hard bots; `end_check_ms` is stage one in Pyodide (median of 3), "
        "`bot_recheck_ms` stage two's wall time on the page's worker pool beside `bot_think_ms`, the bots' own "
        "thinking in that game, and `bot_recheck_ratio` the one over the other"
        + (f" (measured by `bench --fairness` at load {results['fairness_load_average']['start']})"
           if results.get("fairness_load_average") else "") + ".  "
        "Links (`bench --links`, bench/links.py; counts): one whole table per game played by sending links, seated "
        "guest, bot, guest, bot; `max_chars` the longest link (the end-of-game record, offered as a file too), "
        "`max_move_chars` and `median_chars` the host's links before the end, `guest_max_chars` a guest's, "
        "`round_trip_max_chars` the sum of the two maxima (budget 2,000).", "",
        "| measure | value | budget | |", "| --- | ---: | ---: | --- |",
    ]
    soak = results.get("soak")
    if soak:
        lines[-2:-2] = [
            f"Soak (`python3 build.py bench --soak`, bench/soak.py; the quick bench plays "
            f"{QUICK_SOAK_GAMES}): `soak.<game>.games` of `games_asked` seeded random games per title, each "
            "title written when its run ended (`soak.<game>.when`; a run given minutes stops early), played natively "
            "over every player count and option set, the contract test's checks on sampled states; "
            "`soak.<game>.failures` should be 0 (`failed` lists seed and message), `slowest_*` is the slowest game.", ""]
    ratio = results["figures"].get("bench.machine_ratio")
    if ratio:
        lines[-2:-2] = [
            f"Machine speed: King's Progress plays {results['figures'].get('engine.kings-progress.native_games_per_s')} "
            f"native games/s here, against {SLOW_MACHINE_GAMES_PER_S} on the slower machine Hard's budget is stated for "
            f"(issue 44), so `bench.machine_ratio` is {ratio} and the bot move budget here is "
            f"{BUDGETS[SCALED[0]]:,} ms x {ratio}.", ""]
    for key, value in sorted(results["figures"].items()):
        budget = budget_for(key, ratio)
        verdict = "" if budget is None or not isinstance(value, (int, float)) else ("within" if value <= budget else "**over**")
        lines.append(f"| `{key}` | {value} | {'' if budget is None else budget} | {verdict} |")
    lines += ["", "Where a move's time goes (a Chromium trace of one click, King's Progress): the click handler "
              "ends at ~1 ms and the worker has the answer (apply, status and the next view, one round trip) "
              "about 1 ms later, but Chromium hands the worker's reply to the page only after the frame that "
              "follows the input (~11 ms); the board is then in the DOM ~4 ms later (`dom_p50_ms`) and painted "
              "at the next frame.  So a move takes close to two frames (2 x 16.7 ms) however fast the engine is.  "
              "What the person sees first comes sooner: the click's own task draws the move ahead of the engine "
              "(the piece on its place, the choice marked: js/board/pending.js), painted by the next frame "
              "(`feedback_*`).  "
              "Not tried yet: waiting for the worker synchronously with Atomics on a SharedArrayBuffer (needs a "
              "cross-origin isolated page: COOP/COEP headers, which the service worker could add).",
              "", "Where the Python start-up time goes (cold, median run, ms since the worker started; "
              f"Python started from: {results.get('python_started_from')}):", "",
              "| step | ms |", "| --- | ---: |"]
    lines += [f"| {k} | {v} |" for k, v in sorted(results["worker_timings_cold"].items(), key=lambda kv: kv[1])]
    (ROOT / "bench" / "README.md").write_text("\n".join(lines) + "\n")


#: the 1-minute load average at the start (of the measuring: see `settled_load`)
LOAD_BEFORE = os.getloadavg()[0]
#: the 1-minute load average above which time figures are not written
QUIET_LOAD = 1.0
#: how long the bench waits for the load average to come down to QUIET_LOAD before it judges the machine busy:
#: `build.py bench` builds the site just before, and that build alone (esbuild, the wheel) keeps the 1-minute
#: average above 1.0 on a 2-core machine for up to a minute after it ends (1.18 measured, the machine idle)
SETTLE_S = 120


def settled_load(limit: float = QUIET_LOAD, wait_s: float = SETTLE_S) -> float:
    """The 1-minute load average once it is at or under `limit`, or as it stands after `wait_s` seconds:
    a machine busy with other work stays above it, one that only just built the site comes down."""
    deadline = time.monotonic() + wait_s
    load = os.getloadavg()[0]
    if load > limit:
        print(f"load average {load:.2f} > {limit}: waiting up to {wait_s} s for it to come down", flush=True)
    while load > limit and time.monotonic() < deadline:
        time.sleep(5)
        load = os.getloadavg()[0]
    return load


#: --noisy: write time figures even on a busy machine, each listed as noisy in results.json
NOISY = "--noisy" in sys.argv
TIMES_REPEATED = 3


def is_time_figure(key: str) -> bool:
    """A figure measured in time (ms, or how many per second), which load changes; counts and sizes are not."""
    return bool(re.search(r"_ms(_|$)|_per_s$", key))


def median_of(measure, times: int = TIMES_REPEATED):
    """A timing repeated, its median kept (one slow run from a passing job does not decide it)."""
    return statistics.median(measure() for _ in range(times))


def soak_only():
    """`--soak`: play the soak and put its figures into bench/results.json, keeping every other figure;
    each title's figures are written as soon as it is over (a run of hours may be stopped)."""
    figures = soak_figures(SOAK, ONLY, soak_minutes(sys.argv), say=lambda line: print(line, flush=True),
                           title_done=record_soak)
    for key, value in sorted(figures.items()):
        print(f"{key:45} {value}")
    return sum(v for k, v in figures.items() if k.endswith(".failures"))


def record_soak(figures):
    """One title's soak figures into bench/results.json, every other figure kept."""
    path = ROOT / "bench" / "results.json"  # read now, not at the start: others may have run meanwhile
    results = json.loads(path.read_text()) if path.exists() else {"figures": {}}
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    replaced = {k.split(".")[1] for k in figures}
    figures = {**figures, **{f"soak.{game}.when": now for game in replaced}}
    kept = {k: v for k, v in results["figures"].items() if not (k.startswith("soak.") and k.split(".")[1] in replaced)}
    results["figures"] = {**kept, **figures}
    results["soak"] = {
        "when": now,  # of the last title written; each title has its own `soak.<game>.when`
        "games_per_title": SOAK, "minutes": soak_minutes(sys.argv),
        "load_average": {"start": round(LOAD_BEFORE, 2), "end": round(os.getloadavg()[0], 2)},
    }
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    if "worker_timings_cold" in results:  # a whole bench ran before: its table, with the soak's figures
        write_readme(results)


def _merge_tournament(game_id: str, figures: dict) -> None:
    """One pairing's figures into bench/results.json (read now: others may have written meanwhile); the
    game's other figures stay."""
    path = ROOT / "bench" / "results.json"
    results = json.loads(path.read_text()) if path.exists() else {"figures": {}}
    results["figures"].update(figures)
    # once every pairing of the game says how many games it played, `tournament_games` is the fewest of them
    # (before, it keeps the run that wrote it: some pairings are from that run)
    mine = {k: v for k, v in results["figures"].items() if k.startswith(f"bots.{game_id}.")}
    rates = [k[:-len("_interval95")] for k in mine if k.endswith("_interval95")]
    if rates and all(isinstance(mine.get(f"{k}_games"), int) for k in rates):
        results["figures"][f"bots.{game_id}.tournament_games"] = min(mine[f"{k}_games"] for k in rates)
    record = results.setdefault("tournaments", {}).setdefault(game_id, {})
    record["when"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    record["games_per_pairing"] = TOURNAMENT_GAMES
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    if "when" in results:  # the table beside it says the same (a run of the whole bench wrote one before)
        write_readme(results)


def bots_only():
    """`bench --bots`: only the bot tournaments (counts: any load will do), each pairing's figures merged into
    bench/results.json as soon as it is played (a run of hours may be stopped); `--pairings=a,b` plays only
    those (bench/tournaments.py PAIRINGS)."""
    for game in games.all_games():
        if ONLY and game.id not in ONLY:
            continue
        tournament_figures(game, TOURNAMENT_GAMES, say=lambda line: print(line, flush=True), pairings=PAIRINGS_ONLY,
                           done=lambda figures, gid=game.id: _merge_tournament(gid, figures))
    return 0


def fairness_only():
    """`bench --fairness`: only the guests' end-of-game check, merged into bench/results.json (a quiet machine only)."""
    from playwright.sync_api import sync_playwright
    global LOAD_BEFORE
    LOAD_BEFORE = settled_load()
    if LOAD_BEFORE > QUIET_LOAD:
        print(f"load average {LOAD_BEFORE:.2f} > {QUIET_LOAD}: time figures would measure other work; nothing written")
        return 1
    dist = Path(os.environ.get("PARLOUR_DIST") or ROOT / "dist")
    server, url = serve(dist)
    os.environ["PARLOUR_QUIET"] = "1"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium"),
                                    args=CHROMIUM_ARGS)
        figures = measure_fair_check(browser, url)
        browser.close()
    server.shutdown()
    path = ROOT / "bench" / "results.json"
    results = json.loads(path.read_text()) if path.exists() else {"figures": {}}
    measured = {k.split(".")[1] for k in figures}  # a game's figures are replaced whole: none of an older run stays
    results["figures"] = {**{k: v for k, v in results["figures"].items()
                             if not (k.startswith("fairness.") and k.split(".")[1] in measured)}, **figures}
    # at the end stage two's own workers have kept both cores busy for minutes: the end says little of other work
    results["fairness_load_average"] = {"start": round(LOAD_BEFORE, 2), "end": round(os.getloadavg()[0], 2)}
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    if "worker_timings_cold" in results:  # a whole bench ran before: its table, with these figures
        write_readme(results)
    for key, value in sorted(figures.items()):
        print(f"{key:45} {value}")
    return 0


def links_only():
    """`bench --links`: correspondence links' lengths, every game (counts: any machine), merged into bench/results.json."""
    figures = measure_links([g.id for g in games.all_games() if not ONLY or g.id in ONLY])
    path = ROOT / "bench" / "results.json"
    results = json.loads(path.read_text()) if path.exists() else {"figures": {}}
    measured = {k.split(".")[1] for k in figures}
    results["figures"] = {**{k: v for k, v in results["figures"].items()
                             if not (k.startswith("links.") and k.split(".")[1] in measured)}, **figures}
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    if "worker_timings_cold" in results:
        write_readme(results)
    for key, value in sorted(figures.items()):
        print(f"{key:45} {value}")
    return 0


def processor_name() -> str:
    """The processor's model as Linux names it ("AMD EPYC"), or Python's guess elsewhere: two machines of 2 cores
    here ran the same engines 3 times apart, so a time figure says which one it came from."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown processor"


def machine_name() -> str:
    return (f"{platform.system()} {platform.machine()}, {processor_name()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}")


def main():
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__ or "bench: see the comments at the top of bench/bench.py for its flags")
        return 0
    if SOAK:
        return soak_only()
    if "--fairness" in sys.argv:
        return fairness_only()
    if "--links" in sys.argv:
        return links_only()
    if "--bots" in sys.argv:
        return bots_only()
    from playwright.sync_api import sync_playwright
    global LOAD_BEFORE
    LOAD_BEFORE = settled_load()
    if LOAD_BEFORE > QUIET_LOAD and not NOISY:
        print(f"load average {LOAD_BEFORE:.2f} > {QUIET_LOAD} at the start: time figures would measure other work on this machine, "
              "so nothing is written.  Stop other jobs (helpers, servers) and run again, or pass --noisy to write them "
              "marked noisy; counts alone: `bench --bots` (tournaments), `bench --soak`.")
        return 2
    dist = Path(os.environ.get("PARLOUR_DIST") or ROOT / "dist")
    figures = {}
    if QUICK:  # a small soak (bench/soak.py); the whole one is `--soak`
        figures.update(soak_figures(QUICK_SOAK_GAMES, ONLY, say=lambda line: print(line, flush=True)))
    for game in games.all_games():
        figures[f"engine.{game.id}.native_games_per_s"] = median_of(
            lambda: games_per_second(game.id, PLAYERS, ENGINE_SECONDS)["games_per_s"])
        # the same games stepped in place on one private copy (Game.step), as the search's playouts are
        figures[f"engine.{game.id}.native_step_games_per_s"] = median_of(
            lambda: games_per_second(game.id, PLAYERS, ENGINE_SECONDS, checked=False)["games_per_s"])
        figures[f"engine.{game.id}.native_ismcts_iterations_per_s"] = median_of(
            lambda: search_iterations_per_second(game.id, PLAYERS, ENGINE_SECONDS)["iterations_per_s"])
    if not SKIP_BOTS and not NO_TOURNAMENTS:
        for game in games.all_games():
            if ONLY and game.id not in ONLY:
                continue
            figures.update(tournament_figures(game, TOURNAMENT_GAMES, say=lambda line: print(line, flush=True)))
    figures["bench.machine_ratio"] = machine_ratio(figures)
    figures["size.dist_bytes"], figures["size.dist_gzip_bytes"] = dist_sizes(dist)
    server, url = serve(dist)
    os.environ["PARLOUR_QUIET"] = "1"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium"),
                                    args=CHROMIUM_ARGS)
        lobby, cold, worker = measure_cold(browser, url)
        figures["load.lobby_interactive_ms"] = round(lobby)
        figures["load.python_ready_cold_ms"] = round(cold)
        figures["load.python_ready_first_visit_ms"] = round(measure_first_visits(browser, url))
        figures["load.python_ready_warm_ms"] = round(measure_warm(browser, url))
        figures["size.first_visit_transfer_bytes"], figures["size.first_visit_requests"] = measure_first_visit(browser, url)
        figures["size.first_visit_transfer_bytes_br"] = measure_first_visit(browser, url, BROTLI_TOO)[0]
        figures["load.python_ready_first_visit_10mbps_ms"] = round(measure_first_visits_on_phone_network(browser, url))
        figures.update(measure_fair_check(browser, url))
        for game in games.all_games():
            if ONLY and game.id not in ONLY:
                continue
            (figures[f"engine.{game.id}.pyodide_games_per_s"],
             figures[f"engine.{game.id}.pyodide_ismcts_iterations_per_s"]) = measure_pyodide_engine(browser, url, game.id)
            for key, value in (measure_moves(browser, url, game.id) if game.id in BOARDS else {}).items():
                figures[f"moves.{game.id}.{key}"] = value
            for level in ([] if SKIP_BOTS else BOT_LEVELS):
                for key, value in measure_bot_moves(browser, url, game.id, level).items():
                    figures[f"bots.{game.id}.{level}.{key}"] = value
                print(f"{game.id} {level}: bot moves timed in Pyodide", flush=True)
        browser.close()
    server.shutdown()
    load_after = os.getloadavg()[0]
    previous_path = ROOT / "bench" / "results.json"
    previous = json.loads(previous_path.read_text()) if previous_path.exists() else {}  # the last run's, read once
    if ONLY and previous_path.exists():  # a run for some games keeps the others' figures from the last run
        kept = {k: v for k, v in previous.get("figures", {}).items()
                if k.split(".")[1] not in ONLY and k.split(".")[0] in ("bots", "moves", "engine")}
        figures = {**kept, **figures}
    if (SKIP_BOTS or NO_TOURNAMENTS or len(BOT_LEVELS) < 3) and previous_path.exists():  # the last tournaments' (and bot move) figures stay
        figures = {**{k: v for k, v in previous.get("figures", {}).items() if k.startswith("bots.")}, **figures}
    if previous_path.exists() and not any(k.startswith("soak.") for k in figures):  # the last soak's figures stay
        figures = {**{k: v for k, v in previous.get("figures", {}).items() if k.startswith("soak.")}, **figures}
    results = {
        "load_average": {"start": round(LOAD_BEFORE, 2), "end": round(load_after, 2)},
        "only": ONLY,
        "when": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine_name(),
        "quick": QUICK, "figures": figures, "worker_timings_cold": worker["timings"], "budgets": BUDGETS,
        # --noisy on a busy machine: which figures are times measured under that load (counts are not)
        "noisy": {"load_average_start": round(LOAD_BEFORE, 2), "figures": sorted(k for k in figures if is_time_figure(k))}
        if NOISY and LOAD_BEFORE > QUIET_LOAD else None,
        "python_started_from": worker.get("started_from"),
    }
    if QUICK:
        results["soak"] = {"when": results["when"], "games_per_title": QUICK_SOAK_GAMES, "minutes": None}
    elif "soak" in previous:
        results["soak"] = previous["soak"]
    if previous:  # when each game's tournaments were played, for the figures kept above
        played = dict(previous.get("tournaments") or {})
        if not SKIP_BOTS and not NO_TOURNAMENTS:
            now = {"when": results["when"], "games_per_pairing": TOURNAMENT_GAMES}
            played.update({game.id: now for game in games.all_games() if not ONLY or game.id in ONLY})
        if played:
            results["tournaments"] = played
    (ROOT / "bench" / "results.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    write_readme(results)
    for key, value in sorted(figures.items()):
        print(f"{key:45} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
