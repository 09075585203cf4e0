"""The engine contract, checked by random play over every registered game (OpenSpiel style): the checks.

The tests that run them are split by game over three files (test_contract.py for the piecepack
games, test_contract_mansion.py, test_contract_one_six_nine.py), so that the suite's workers, which
take a file at a time, share this, its longest job, instead of one worker playing it all.

For each game id, each player count and each combination of options the game
accepts, seeded random games are played with `parlour.rng.Rng` (never Python's
`random`), and every visited state is checked against the contract: JSON only,
apply is pure and deterministic, turn bookkeeping is consistent, the game ends
with a well-formed result.  The first games of each case (FULL_SHARE of its states) are
also checked, at every state, for every seat's view (the others make only the
spectator's), for refusals (wrong seat, unknown or malformed
moves raise IllegalAction and change nothing) and for determinize: it leaks
nothing a seat (or a spectator) cannot see, and gives a valid, playable state.
Games with forms (moves with numeric or chosen parts, docs/ARCHITECTURE.md
"Forms") also have random form samples played, and the full checks try
out-of-range, over-total and malformed fillings, which must be refused.

The work is counted in states, not games: each game id gets about STATES_PER_GAME checked states in all,
split over its cases (weighted towards the cheap small tables), and a case plays seeded games until its
share is checked (at least MIN_GAMES games, the first MIN_FULL_GAMES of them and FULL_SHARE of the states
fully).  A title whose random games are long (Mansion, 169: 150-300 moves) so plays fewer games than one
whose games are short (The King's Progress: 40), and no title costs the suite several times another; the
soak (`bench --soak`, bench/soak.py) plays thousands of games a title with the same checks.  Set
PARLOUR_CONTRACT_STATES to check more (or fewer).  6,000 a title (9,000 until the suite outgrew its 35
minutes) still plays every case at least twice: the three files take 224 s alone on an idle machine.
"""
from __future__ import annotations

import json
import math
import os

import pytest

from parlour import games
from parlour.errors import BadOptions, IllegalAction
from parlour.game import canonical, form_problem, sample_form
from parlour.rng import Rng

STATES_PER_GAME = int(os.environ.get("PARLOUR_CONTRACT_STATES", "6000"))  # per game id, over all its cases
FULL_SHARE = 0.15  # the share of the states checked in games that also get the refusal and determinize checks
MIN_GAMES = 2  # a case plays at least this many games
MIN_FULL_GAMES = 1  # and checks at least this many fully
DETERMINIZE_SEEDS = (1, 2)
MAX_PLIES = 5000



def random_move(game, state, seat, legal, chooser: Rng):
    """A random legal action; one time in three, where the seat has forms, a random filling of one
    instead (kept only if the game accepts it). Games without forms draw exactly as before, so the
    contract test and the soak (bench/soak.py) walk the same games from the same seeds."""
    action = legal[chooser.below(len(legal))]
    forms = game.forms(state, seat)
    if forms and chooser.below(3) == 0:
        try:
            filled = sample_form(forms[chooser.below(len(forms))], chooser)
        except ValueError:
            filled = None
        if filled is not None and game.form_refusal(state, seat, filled) is None:
            action = filled
    return action

def option_sets(game, players):
    """The defaults, and each other choice of one option with the rest at their defaults
    (not the full product, which grows too fast), where the game accepts them."""
    default = {name: spec["default"] for name, spec in sorted(game.options.items())}
    candidates = [default] + [
        dict(default, **{name: choice})
        for name, spec in sorted(game.options.items()) for choice in spec["choices"] if choice != spec["default"]
    ]
    for options in candidates:
        try:
            game.resolve_options(players, options)
        except BadOptions:
            continue
        yield options


def is_default(game, options):
    return all(options[n] == game.options[n]["default"] for n in options)


def cases(game_ids):
    """The cases of the games named, each with its share of that game's STATES_PER_GAME states (and the
    share of those fully checked)."""
    out = []
    for game in [games.get(game_id) for game_id in game_ids]:
        mine = [
            (game, players, options)
            for players in range(game.min_players, game.max_players + 1)
            for options in option_sets(game, players)
        ]
        # a case's share falls with the table size and for non-default options
        weights = [(game.min_players / p) ** 2 * (1 if is_default(game, o) else 0.25) for _, p, o in mine]
        total = sum(weights)
        for (game_, players, options), weight in zip(mine, weights):
            states = math.ceil(STATES_PER_GAME * weight / total)
            full = math.ceil(states * FULL_SHARE)
            label = f"{game_.id}-{players}p" + "".join(f"-{k}={v}" for k, v in sorted(options.items()))
            out.append(pytest.param(game_.id, players, options, states, full, id=label))
    return out


# ----- the checks -------------------------------------------------------------------

def assert_json_only(value, path="state"):
    """Only dict (string keys), list, str, int, finite float, bool and None."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{path} has a non-string key {key!r}"
            assert_json_only(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            assert_json_only(item, f"{path}[{i}]")
    elif isinstance(value, float):
        assert math.isfinite(value), f"{path} is {value}"
    else:
        assert value is None or isinstance(value, (str, int, bool)), f"{path} is a {type(value).__name__}"


def assert_round_trips(value, what):
    """JSON types only: a round trip through JSON gives back an equal value
    (tuples, non-string keys, NaN and other types would not compare equal)."""
    if json.loads(json.dumps(value)) != value:
        assert_json_only(value, what)  # names the offending path
        raise AssertionError(f"{what} does not survive a JSON round trip")


def snapshot(state) -> str:
    """The state as JSON text in its own key order: what the checks compare against to see that nothing
    changed it.  As strict as `canonical` (a reordered dict counts as a change) and cheaper: the contract
    games spent a quarter of their time sorting keys."""
    return json.dumps(state)


def assert_refused(game, state, seat, action):
    """`apply` refuses with a message; the caller checks the state is unchanged."""
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, seat, action)
    assert str(caught.value).strip(), "a refusal must say why"


HUGE = {f"key{i:04d}": "x" * 30 for i in range(400)}


def check_refusals(game, state, movers, legal_of, before):
    n = state["players"]
    if movers:
        seat = movers[0]
        sample = legal_of[seat][0]
        for other in range(n):
            if other not in movers:
                assert_refused(game, state, other, sample)  # right move, wrong seat
        for bad_seat in (-1, n, None, True, "0"):
            assert_refused(game, state, bad_seat, sample)
        assert_refused(game, state, seat, {"type": "no-such-move"})  # no such move in any phase
        for malformed in (None, [], [sample], "pass", 7, {}, {"type": 3}, {"type": None},
                          dict(sample, extra_field=1), dict(HUGE, type=sample["type"])):
            assert_refused(game, state, seat, malformed)
    else:
        for seat in range(n):
            assert_refused(game, state, seat, {"type": "no-such-move"})
    assert snapshot(state) == before, "a refused move changed the state"


def check_forms(game, state, seat, before, chooser):
    """Every form of a seat to move: random samples are accepted; fillings past a limit are refused."""
    for form in game.forms(state, seat):
        assert_round_trips(form, f"forms(seat {seat})")
        try:
            good = sample_form(form, chooser)
        except ValueError:
            continue
        assert form_problem(form, good) is None, f"sample_form gave a filling its form refuses: {good}"
        if game.form_refusal(state, seat, good) is None:
            game.apply(state, seat, good)
        counts = [f for f in form["fields"] if f.get("kind", "count") == "count"]
        bad = []
        if counts:
            first = counts[0]["name"]
            bad += [dict(good, **{first: counts[0]["max"] + 1}), dict(good, **{first: counts[0]["min"] - 1}),
                    dict(good, **{first: True}), dict(good, **{first: 1.0}),
                    {k: v for k, v in good.items() if k != first}]
        for total in form.get("totals", []):
            if total.get("at_most") is None:
                continue
            spec = {f["name"]: f for f in counts}
            over = dict(good, **{n: spec[n]["max"] for n in total["fields"] if n in spec})
            if sum(over[n] for n in total["fields"] if n in spec) > total["at_most"]:
                bad.append(over)
        for action in bad:
            assert_refused(game, state, seat, action)
    assert snapshot(state) == before, "a form check changed the state"


def check_state(game, state, before, full):
    """The per-state checks; `before` is the state's `snapshot` ("" for none).  `full` adds the
    refusals and the determinize checks, which cost most."""
    n = state["players"]
    if not before or json.loads(before) != state:  # the snapshot is the round trip's first half
        assert_round_trips(state, "state")
    over = game.is_over(state)
    movers = game.to_move(state)
    assert isinstance(movers, list) and all(isinstance(s, int) and 0 <= s < n for s in movers)
    assert len(set(movers)) == len(movers)
    assert (movers == []) == over, "to_move must be empty exactly when the game is over"
    legal_of = {}
    for seat in range(n):
        legal = game.legal_actions(state, seat)
        assert_round_trips(legal, f"legal_actions(seat {seat})")
        if seat in movers:
            assert legal, f"seat {seat} is to move but has no legal action"
            assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal)
            assert len({canonical(a) for a in legal}) == len(legal), "duplicate legal actions"
        else:
            assert legal == [], f"seat {seat} is not to move but has legal actions"
            assert game.forms(state, seat) == [], f"seat {seat} is not to move but has forms"
        legal_of[seat] = legal
    if not full:  # the seats' views, which cost as much as the rest, are checked in the full games
        json.dumps(game.view(state, None))  # a view must at least serialise
        return movers, legal_of
    views = {seat: game.view(state, seat) for seat in list(range(n)) + [None]}
    for seat, view in views.items():
        assert_round_trips(view, f"view(seat {seat})")
    check_refusals(game, state, movers, legal_of, before)
    for seat in movers:
        check_forms(game, state, seat, before, Rng.from_seed(f"forms:{before[:64]}:{seat}"))
    for seat in views:
        for k in DETERMINIZE_SEEDS:
            sample = game.determinize(state, seat, k)
            assert game.view(sample, seat) == views[seat], f"determinize leaks: view differs for seat {seat}, k {k}"
            assert game.to_move(sample) == movers and game.is_over(sample) == over
            if seat in movers:
                assert game.legal_actions(sample, seat) == legal_of[seat]
                assert game.forms(sample, seat) == game.forms(state, seat), "determinize changed a form"
                if k == DETERMINIZE_SEEDS[0]:
                    assert_round_trips(sample, "determinized state")
                    game.apply(sample, seat, legal_of[seat][0])  # a sample is a playable state
    return movers, legal_of


def check_result(game, state):
    n = state["players"]
    result = game.result(state)
    assert_round_trips(result, "result")
    scores, winners = result["scores"], result["winners"]
    assert isinstance(scores, list) and len(scores) == n
    assert all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores)
    assert isinstance(winners, list) and winners, "somebody must win (a draw lists every winner)"
    assert winners == sorted(set(winners)) and all(isinstance(w, int) and 0 <= w < n for w in winners)


def play_keeping_the_contract(game_id, players, options, states, full_states):
    """Play seeded random games of the case until `states` states were checked (at least MIN_GAMES games),
    every state of a game; games are checked fully until `full_states` were (at least MIN_FULL_GAMES games)."""
    game = games.get(game_id)
    number = checked = fully = 0
    while number < MIN_GAMES or checked < states:
        full = number < MIN_FULL_GAMES or fully < full_states
        plies = play_one(game, players, options, number, full)
        checked += plies + 1
        fully += (plies + 1) if full else 0
        number += 1


def play_one(game, players, options, number, full):
    """Game `number` of the case (seed `contract:<number>`), every state checked (fully with `full`), its
    result checked and its moves replayed; returns its number of moves."""
    game_id = game.id
    seed = f"contract:{number}"
    chooser = Rng.from_seed(f"{game_id}:{players}:{canonical(options)}:{seed}")
    state = game.setup(players, seed, options)
    assert canonical(game.setup(players, seed, options)) == canonical(state), "setup is not deterministic"
    moves, states, trail = [], [state], [snapshot(state)]
    while True:
        movers, legal_of = check_state(game, state, trail[-1], full)
        if not movers:
            break
        assert len(moves) < MAX_PLIES, "game does not end"
        seat = movers[chooser.below(len(movers))]
        action = random_move(game, state, seat, legal_of[seat], chooser)
        after = game.apply(state, seat, action)
        assert snapshot(state) == trail[-1], "apply mutated its input"
        moves.append((seat, action))
        state = after
        states.append(state)
        trail.append(snapshot(state))
    check_result(game, state)
    # the same seed and the same actions (as they come back from JSON) replay to the same states
    replay = game.setup(players, seed, options)
    for step, (seat, action) in enumerate(moves, 1):
        replay = game.apply(replay, seat, json.loads(json.dumps(action)))
        assert replay == states[step], f"replay differs at ply {step}"
    assert snapshot(replay) == trail[-1]
    return len(moves)
