"""Bot levels a person picks in the lobby: Easy, Medium and Hard, for every game.

All three are the same information-set search (parlour.search) with different
budgets, counted in iterations (never in time, so a bot's move replays the same
everywhere); Hard also plays its playouts with the game's own greedy policy
when the game offers one (`heuristic_action`), which sees further per iteration.
A game may set its own budgets (`bot_iterations`) in its folder: the cost of an
iteration differs tenfold between games, and Hard is held to about a second per
move in the browser.

A game may also play a level with one of its plain bots instead (`level_bots`,
its lobby line from PLAIN_DESCRIPTIONS).  In Mansion and 169 a tree search
spread over every legal move lost to the game's greedy player at every budget
that keeps a move near a second, so their Hard is the look-ahead bot
(parlour.rollouts: the greedy player's best few moves compared by playing each
out); King's Cottage's Hard is its greedy advisor, which beat its searches.

The older bots (`random`, `heuristic`, parlour.bots) stay available by name:
saved games, records and network tables name the bot that chose each move.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from . import bots, rollouts
from .rng import Rng
from .search import ismcts

State = Dict[str, Any]
Action = Dict[str, Any]

#: iterations per move when a game sets none
DEFAULT_ITERATIONS = {"easy": 12, "medium": 100, "hard": 300}

#: levels whose playouts use the game's greedy `heuristic_action`, unless the game lists its own
#: (`greedy_playout_levels`): where random playouts never reach what scores, every level needs it
GREEDY_PLAYOUT_LEVELS = ("hard",)

#: what each level does, in the lobby's words (random first: the gentlest, for learning the rules); a searching
#: level's line is filled in per game with its real budget and playouts (`describe`)
DESCRIPTIONS = {
    "random": "Plays any legal move at random: a gentle partner for learning the rules.",
    "easy": "Plays out {games} before each move, {playouts}, so it blunders often.",
    "medium": "Plays out {games} per move from what it can see, {playouts}; it never peeks at hidden pieces.",
    "hard": "Plays out {games} per move from what it can see, {playouts}; it never peeks at hidden pieces: "
            "the strongest opponent here.",
}


def iterations(game, level: str) -> int:
    if level not in DEFAULT_ITERATIONS or level in (getattr(game, "level_bots", None) or {}):
        return 0
    own = getattr(game, "bot_iterations", None) or {}
    return int(own.get(level, DEFAULT_ITERATIONS[level]))


def _greedy_playouts(game) -> Optional[Callable]:
    own = getattr(game, "heuristic_action", None)
    if own is None:
        return None
    return lambda g, state, seat, rng: own(state, seat, rng)


#: the lobby's line for a level a game plays with one of its plain bots (`level_bots`)
PLAIN_DESCRIPTIONS = {
    "heuristic": "Plays a planned strategy with no look-ahead: the strongest opponent here "
                 "(it beat the searching levels in most test games).",
    "careless": "Plays the same planned strategy as Hard, but picks a random move about {careless} times "
                "in a hundred, so a good player can beat it.",
    "lookahead": "Compares up to {candidates} of its best moves by playing them out {plies} moves ahead on "
                 "{deals} deals of what it cannot see, the closest contenders on the most (it never peeks): "
                 "the strongest opponent here.",
}


def _plain_facts(game) -> Dict[str, Any]:
    """The counts a plain bot's lobby line states, read from the budgets the bot itself uses."""
    facts: Dict[str, Any] = {"careless": bots.careless_per_hundred(game)}
    players = range(getattr(game, "min_players", 2), getattr(game, "max_players", 2) + 1)
    budgets = [rollouts.budget(game, n) for n in players]
    counts = sorted({rollouts.deals(game, n) for n in players})
    facts["deals"] = str(counts[0]) if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    facts["candidates"] = int(budgets[0]["candidates"])
    facts["plies"] = int(budgets[0]["plies"])
    return facts


def describe(game, level: str) -> str:
    """The lobby's line for `level` at this game, true to what it does here: how many games it imagines, how
    they are played out and how far (a game playing the level with a plain bot says so instead)."""
    plain = (getattr(game, "level_bots", None) or {}).get(level)
    if plain:
        return PLAIN_DESCRIPTIONS.get(plain, DESCRIPTIONS.get(level, "")).format(**_plain_facts(game))
    if level not in DEFAULT_ITERATIONS:
        return DESCRIPTIONS[level]
    n = iterations(game, level)
    greedy = _greedy_playouts(game) is not None and level in getattr(game, "greedy_playout_levels", GREEDY_PLAYOUT_LEVELS)
    horizon = getattr(game, "playout_plies", None)
    how = "each by a greedy player that plays to score" if greedy else "each with random moves"
    how += f", {horizon} moves ahead and then judged" if horizon else ", to the end of the game"
    return DESCRIPTIONS[level].format(games=f"{n} imagined game{'s' if n != 1 else ''}", playouts=how)


def _level(level: str) -> Callable[[Any, State, int, Rng], Action]:
    def choose(game, state: State, seat: int, rng: Rng) -> Action:
        plain = (getattr(game, "level_bots", None) or {}).get(level)
        if plain is not None:
            return bots.BOTS[plain](game, state, seat, rng)
        policy = _greedy_playouts(game) if level in getattr(game, "greedy_playout_levels", GREEDY_PLAYOUT_LEVELS) else None
        horizon = getattr(game, "playout_plies", None)  # cut-off playouts for long games (search.playout)
        prior = None
        if policy is not None and getattr(game, "search_prior", False):  # the greedy move, tried first
            prior = policy(game, state, seat, Rng.from_seed(f"prior:{rng.next64()}"))
        action, _ = ismcts(game, state, seat, rng, iterations(game, level), policy, horizon, prior)
        return action
    choose.__name__ = f"{level}_bot"
    return choose


LEVELS: Dict[str, Callable[[Any, State, int, Rng], Action]] = {name: _level(name) for name in DEFAULT_ITERATIONS}


def bot(name: str) -> Optional[Callable[[Any, State, int, Rng], Action]]:
    """The bot called `name` (a level, or one of parlour.bots' plain bots), or None."""
    return LEVELS.get(name) or bots.BOTS.get(name)


def names() -> list:
    return [*LEVELS, *bots.BOTS]
