"""The replay viewer counts what its log counts, says whose turn it was, and words counts and seats right.

Records of whole games are made here with the engine (seeded random play) and
opened with "Open a record file…".  At positions through each game:

- the counter ("Move 5 of 5") and the log agree: the log numbers its lines by
  move, every move from 1 to the step shown without a gap (each move writes a
  line: a Castles draw, Mansion's "Done building" once wrote none and the
  numbers jumped), and the setup's lines are marked as the setup, never
  counted as a move;
- no board prompt says "Waiting for…" (a replay waits for nobody); the status
  line says whose turn it was ("Ada (bot) to move", "your move" in that seat's
  view);
- in a seat's view its own doings read "You …" (its name is in no log line);
- nothing on the page says "1 vetoes": a number one with a plural noun, in
  text or in what a screen reader or a tooltip reads.

Also The King's Progress with one veto left says "1 veto" (side panel, veto
die), and King's Cottage's die says "not rolled yet" before the first roll
and its key explains the ⊘ on a room that can never be completed.
"""
from __future__ import annotations

import json
import re

import pytest

from parlour import games, records
from parlour.rng import Rng

NAMES = ["Alex", "Ada", "Brune", "Cyril"]
#: "1 vetoes": one with a plural noun, unless the one numbers the word before it ("Round 1 scores").
ONE_WITH_PLURAL = re.compile(r"(?<![\w.,/+−-])(\w+ )?1 ([a-z]+s)\b")
NUMBERED = {"month", "round", "floor", "turn", "city", "game", "seat", "move", "step", "player"}
#: Every word on the page a person or a screen reader gets: text, labels, tooltips.
PAGE_WORDS = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
  ...[...document.querySelectorAll('title')].map((e) => e.textContent)].join('\\n')"""
LOG_STATE = """() => {
  const items = [...document.querySelectorAll('.log li')];
  return {
    numbered: items.filter((li) => li.hasAttribute('value')).map((li) => Number(li.getAttribute('value'))),
    setup: items.filter((li) => li.classList.contains('setup')).length,
    lines: items.map((li) => li.textContent),
    latest: items.filter((li) => li.classList.contains('latest')).length,
  };
}"""


def play_record(game_id: str, players: int, seed: int, stop=None) -> tuple:
    """A record of a seeded random game (the first seat a person, the rest bots) and every state it went through.

    `stop(state)`: end the record at the first state it accepts (an unfinished game)."""
    game = games.get(game_id)
    state = game.setup(players, seed, {})
    states = [state]
    rng = Rng.from_seed(f"replay-counts:{game_id}:{players}:{seed}")
    actions = []
    while not game.is_over(state) and not (stop and stop(state)):
        movers = game.to_move(state)
        seat = movers[rng.below(len(movers))]
        legal = game.legal_actions(state, seat)
        action = legal[rng.below(len(legal))]
        state = game.apply(state, seat, action)
        states.append(state)
        actions.append({"seat": seat, "action": action})
    seats = [{"name": NAMES[i], "kind": "human" if i == 0 else "bot"} for i in range(players)]
    result = game.result(state) if game.is_over(state) else None
    return records.make(game_id, seed, {}, seats, actions, result), states


def open_record(page, site_url, tmp_path, record) -> int:
    path = tmp_path / f"{record['game']}.parlour.json"
    path.write_text(json.dumps(record))
    page.goto(site_url)
    page.wait_for_selector("#open-record", state="attached")
    page.locator("#open-record").set_input_files(str(path))
    steps = len(record["actions"])
    page.wait_for_selector(f"[data-replay-step='{steps}']", timeout=60_000)
    return steps


def go_to(page, step: int) -> None:
    page.locator("#replay-step").fill(str(step))
    page.wait_for_selector(f"[data-replay-step='{step}']")


def one_with_plural(text: str) -> list:
    return [m.group(0) for m in ONE_WITH_PLURAL.finditer(text) if (m.group(1) or "").strip().lower() not in NUMBERED]


def moves_logged(state) -> list:
    """The moves that wrote lines in a state's log, in order: what the page's log numbers."""
    return sorted({entry["ply"] for entry in state["log"] if entry["ply"] > 0})


def check_position(page, step: int, steps: int, state, seat, name) -> None:
    where = f"step {step} of {steps}, seat {seat}"
    counter = page.locator("#replay-counter").inner_text()
    log = page.evaluate(LOG_STATE)
    if step:
        assert counter == f"Move {step} of {steps}", where
    else:
        assert counter.startswith("Setup") and "move 0 of" in counter, counter
    # the log numbers exactly the moves that wrote lines, each once, and that is every move up to the step shown
    assert log["numbered"] == moves_logged(state), f"{where}: the log counts {log['numbered'][-4:]}"
    gaps = sorted(set(range(1, step + 1)) - set(log["numbered"]))
    assert not gaps and (not log["numbered"] or max(log["numbered"]) == step), f"{where}: moves {gaps[:5]} are missing"
    assert log["setup"] == sum(1 for entry in state["log"] if entry["ply"] == 0), f"{where}: the setup's lines are not marked"
    assert log["latest"] == sum(1 for entry in state["log"] if entry["ply"] == step), f"{where}: the lines of the move shown are not marked"
    prompts = [p for p in page.locator("#board .prompt").all() if p.is_visible()]
    assert not prompts, f"{where}: the board's prompt shows in a replay: {[p.inner_text() for p in prompts]}"
    status = page.locator(".status").inner_text()
    assert "Waiting" not in status and "Waiting" not in page.locator("#board").inner_text(), where
    if "Game over" not in status:
        assert re.search(r"( to move|your move)$", status), f"{where}: the status says nobody's turn: {status!r}"
    if name is not None:
        assert not [line for line in log["lines"] if name in line], f"{where}: {name}'s own view names {name} in the log"
    wrong = one_with_plural(page.evaluate(PAGE_WORDS))
    assert not wrong, f"{where}: {wrong}"


@pytest.mark.parametrize("game_id, players", [
    ("kings-progress", 2), ("kings-cottage", 3), ("castles", 3), ("mansion", 2), ("one-six-nine", 2),
])
def test_the_replay_counts_what_its_log_counts(page, site_url, tmp_path, artifacts, game_id, players):
    record, states = play_record(game_id, players, seed=5)
    steps = open_record(page, site_url, tmp_path, record)
    assert page.locator("#replay-counter").inner_text() == f"Move {steps} of {steps}"
    assert page.evaluate(LOG_STATE)["numbered"][-1] == moves_logged(states[-1])[-1] == steps  # the last move ends the game in words
    page.screenshot(path=str(artifacts / f"replay-counts-{game_id}-end.png"))
    samples = sorted({0, 1, 2, steps // 3, steps // 2, steps - 1, steps})
    for seat, name in ((None, None), (0, NAMES[0])):
        page.select_option("#replay-seat", "" if seat is None else str(seat))
        for step in samples:
            go_to(page, step)
            check_position(page, step, steps, states[step], seat, name)
    page.screenshot(path=str(artifacts / f"replay-counts-{game_id}-seat.png"))
    assert not page.errors, page.errors


def test_one_veto_left_is_one_veto(page, site_url, tmp_path):
    """A King's Progress seat with a single veto left: the side panel and the veto die say "1 veto"."""
    game = games.get("kings-progress")
    record, states = play_record("kings-progress", 2, seed=3, stop=lambda s: 1 in s["vetoes"])
    assert 1 in states[-1]["vetoes"], "the game never came down to one veto"
    seat = states[-1]["vetoes"].index(1)
    steps = open_record(page, site_url, tmp_path, record)
    card = page.locator(f".seat-card[data-seat='{seat}']").inner_text()
    assert "1 veto" in card and "1 vetoes" not in card, card
    assert page.locator(f"#board [data-target='die:{seat}'] title").first.text_content().endswith("1 veto left")
    assert not game.is_over(states[-1]) and steps == len(record["actions"])


def test_the_cottage_die_and_the_never_mark_are_explained(page, site_url, tmp_path, artifacts):
    """The die before its first roll, and the ⊘ on a room the second story covers in part: each says what it is."""
    record, states = play_record("kings-cottage", 2, seed=1, stop=_covers_a_room)
    assert _covers_a_room(states[-1]), "the game of this seed never covered a room in part"
    steps = open_record(page, site_url, tmp_path, record)
    key = page.locator("#kc-key")
    assert key.is_visible() and "⊘" in key.inner_text() and "can never be completed" in key.inner_text()
    marks = page.locator("#board .kc-never title")
    assert marks.count() >= 1 and "can never be completed" in marks.first.text_content()
    page.screenshot(path=str(artifacts / "replay-kings-cottage-never-mark.png"))
    go_to(page, 0)
    die = page.locator("#board [data-target='die'] title").first.text_content()
    assert die == "The die: not rolled yet", die
    assert page.locator("#kc-key").count() == 0, "the key explains a mark that is not on the board"
    assert steps > 0


def _covers_a_room(state) -> bool:
    """Whether a room of the cottage can never be completed (the second story covers it in part): the engine's view says."""
    rooms = games.get("kings-cottage").view(state, None)["board"]["rooms"]
    return any(not r["entrance"] and r["state"] == "open" and not r["can_complete"] for r in rooms)
