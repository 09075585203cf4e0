"""Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, 2012), once for every game.

Each iteration deals a fresh determinization from the bot's seat (the game's own
`determinize`: only what that seat could know is kept, everything hidden is
resampled, the chance generator is reseeded), descends a tree whose nodes are
what the bot saw happen (the moves, in order), choosing with UCB among the moves
legal in *this* determinization (the "availability" count of each child is how
often it was legal, as in the paper), adds one node, plays the game out and backs
every seat's outcome up the path.

Simultaneous secret choices (to_move names several seats) are searched without
peeking: at such a round every seat picks from statistics kept at the round's
opening node for that seat alone, so no seat's choice depends on another's
choice in the same round; the round's joint outcome then leads to the next node.

The moves weighed at every choice are the legal ones, less any a game's
`sensible_actions` hook leaves out as no sensible player's (`weighed_actions`;
only 169 has one, so every other game searches exactly as before).

Outcome: a seat's share of the win (1/k when k seats share it) weighted 0.9,
plus its score's place between the lowest and highest score weighted 0.1.  The
win is what the games reward; the small score term keeps a signal in positions
where every playout is lost (or won) anyway, so the bot still plays for points.

Reproducible by construction: the budget is a number of iterations, every
random choice comes from the seeded `Rng` passed in, and the arithmetic avoids
what differs between Python builds (no `sum()` of floats, which 3.12 made
compensated; no `math.log`, whose last bit depends on the C library).  The same
position, seed and budget give the same move in CPython and in Pyodide.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Dict, List, Optional, Tuple

from .game import canonical, clone_state, read_result
from .rng import Rng

State = Dict[str, Any]
Action = Dict[str, Any]

#: UCB exploration constant for outcomes in [0, 1] (0.7 is the usual choice for ISMCTS).
EXPLORATION = 0.7
#: move lists longer than this are widened progressively (see _choose)
WIDEN_FROM = 12
WIN_WEIGHT = 0.9
_LN2 = 0.6931471805599453


def ln(n: float) -> float:
    """Natural logarithm with IEEE-exact operations only, so every Python gives the same bits."""
    mantissa, exponent = math.frexp(n)  # n = m * 2**e, 0.5 <= m < 1: exact
    z = (mantissa - 1.0) / (mantissa + 1.0)
    z2 = z * z
    total, term, k = 0.0, z, 1
    while k < 40:
        total += term / k
        term *= z2
        k += 2
    return 2.0 * total + exponent * _LN2


def outcome(game, state: State) -> List[float]:
    """Each seat's reward in [0, 1] for a finished game (see the module's docstring)."""
    result = read_result(game, state)  # only read here: not copied
    return rewards(state["players"], result.get("winners") or [], result.get("scores"))


def estimate(scores: List[float]) -> List[float]:
    """Rewards for an unfinished game from each seat's estimated score (a game's `evaluate`):
    the same scale as `outcome`, the leaders standing in for the winners."""
    best = max(scores)
    return rewards(len(scores), [s for s, v in enumerate(scores) if v == best], scores)


def rewards(n: int, winners: List[int], scores: Optional[List[float]]) -> List[float]:
    """A win shared among the winners (WIN_WEIGHT), plus each seat's place between the lowest and highest score."""
    share = 1.0 / len(winners) if winners else 0.0
    out = []
    low = high = 0
    if isinstance(scores, list) and len(scores) == n:
        low, high = min(scores), max(scores)
    for seat in range(n):
        place = 0.5 if high == low else (scores[seat] - low) / (high - low)
        out.append(WIN_WEIGHT * (share if seat in winners else 0.0) + (1.0 - WIN_WEIGHT) * place)
    return out


def step(game, state: State, seat: int, action: Action) -> None:
    """Play a move the search took from `legal_actions` on a private state, in place and unchecked.

    Only for states the search owns (a determinization copied once): the checked,
    copying `Game.apply` stays the way for every move from outside.
    """
    game.step(state, seat, action)


class Node:
    """What the searching seat saw happen, and the statistics of the move that led here."""

    __slots__ = ("children", "visits", "avail", "reward", "rounds", "keys")

    def __init__(self) -> None:
        self.children: Dict[str, "Node"] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0  # summed over visits, for the seat whose move led here
        self.rounds: Optional[Dict[int, Dict[str, "Node"]]] = None  # per-seat choices at a simultaneous round
        self.keys: Optional[Dict[int, Tuple[List[Action], List[str]]]] = None  # per seat: last move list, its keys


#: canonical keys of flat actions already seen, by their items (a tuple hashes ~20x faster than
#: canonical JSON is written; King's Cottage's 231 stakes per seat per iteration made keys 40 % of a move)
_KEYS: Dict[tuple, str] = {}
_KEYS_MAX = 200_000


def _key(action: Action) -> str:
    """The move's canonical JSON (a tree's child key), cached for actions whose values are all hashable."""
    try:
        items = (tuple(action.items()), tuple(map(type, action.values())))  # True is not 1
        key = _KEYS.get(items)
    except TypeError:  # a list or dict inside: not hashable, so not cached
        return canonical(action)
    if key is None:
        if len(_KEYS) >= _KEYS_MAX:
            _KEYS.clear()
        key = _KEYS[items] = canonical(action)
    return key


def _widening(visits: int) -> int:
    """How many of a large move list may have been tried after `visits` passes (progressive widening)."""
    return WIDEN_FROM + int(2.0 * math.sqrt(visits))


def _keys_at(node: Node, seat: int, legal: List[Action]) -> List[str]:
    """The keys of `legal`, reused while a node sees the same move list again (most do: a seat's own
    moves, a 231-way stake split); comparing the lists is ~10x cheaper than keying them."""
    if node.keys is None:
        node.keys = {}
    seen = node.keys.get(seat)
    if seen is not None and seen[0] == legal:
        return seen[1]
    keys = [_key(a) for a in legal]
    node.keys[seat] = (legal, keys)
    return keys


def _choose(children: Dict[str, Node], legal: List[Action], rng: Rng, visits: int,
            keys: Optional[List[str]] = None, first: Optional[str] = None) -> Tuple[Action, Node, bool]:
    """UCB among the moves legal here; an untried one first (chosen at random, or `first` when it is
    legal and untried: the prior's move). Returns (move, node, new).

    With more than WIDEN_FROM moves (King's Cottage's 231 stakes, a bid's
    splits), a new move is tried only while fewer than `_widening(visits)` of
    the legal ones have been: the search deepens the promising ones instead of
    trying each once.
    """
    if keys is None:
        keys = [_key(a) for a in legal]
    untried = [i for i, k in enumerate(keys) if k not in children]
    for k in keys:
        node = children.get(k)
        if node is not None:
            node.avail += 1
    tried = len(keys) - len(untried)
    if untried and len(keys) > WIDEN_FROM and tried and tried >= _widening(visits):
        untried = []
    if first is not None and first in keys and first not in children:
        i = keys.index(first)
        node = children[first] = Node()
        node.avail = 1
        return legal[i], node, True
    if untried:
        i = untried[rng.below(len(untried))]
        node = children[keys[i]] = Node()
        node.avail = 1
        return legal[i], node, True
    best_i, best_value = -1, -1.0
    for i, k in enumerate(keys):
        node = children.get(k)
        if node is None:
            continue
        value = node.reward / node.visits + EXPLORATION * math.sqrt(ln(node.avail) / node.visits)
        if value > best_value:
            best_i, best_value = i, value
    return legal[best_i], children[keys[best_i]], False


def weighed_actions(game, state: State, seat: int) -> List[Action]:
    """The seat's moves the search weighs: every legal move, less those a game's `sensible_actions(state,
    seat, legal)` leaves out as no sensible player's (169: a drop that sinks one's own creature for
    nothing).  A game without that hook, or leaving nothing, is searched over every legal move."""
    legal = game.legal_actions(state, seat)
    sensible = getattr(game, "sensible_actions", None)
    return legal if sensible is None else (sensible(state, seat, legal) or legal)


Policy = Callable[[Any, State, int, Rng], Action]


def random_policy(game, state: State, seat: int, rng: Rng) -> Action:
    """A uniformly random legal move; a game's `random_legal(state, seat, rng)` gives the same move from the
    same draw without building the whole list (Castles: every army on every tile)."""
    pick = getattr(game, "random_legal", None)
    if pick is not None:
        return pick(state, seat, rng)
    legal = game.legal_actions(state, seat)
    return legal[rng.below(len(legal))]


def playout(game, state: State, rng: Rng, policy: Policy, max_plies: int = 20000,
            horizon: Optional[int] = None) -> List[float]:
    """Play on (in place) to the end with `policy` and return every seat's outcome.

    With a `horizon`, a game that defines `evaluate(state)` (each seat's
    estimated final score) is cut off after that many moves and scored by
    `estimate`: long games (Mansion, 169) would otherwise spend a bot's whole
    budget on a few playouts.
    """
    plies = 0
    evaluate = getattr(game, "evaluate", None) if horizon is not None else None
    while not game.is_over(state):
        if evaluate is not None and plies >= horizon:
            return estimate(evaluate(state))
        movers = game.to_move(state)
        seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
        step(game, state, seat, policy(game, state, seat, rng))
        plies += 1
        if plies > max_plies:
            raise RuntimeError(f"{game.id}: a playout did not end within {max_plies} moves")
    return outcome(game, state)


def _iterate(game, root: Node, state: State, rng: Rng, policy: Policy, horizon: Optional[int] = None,
             first: Optional[Tuple[int, str]] = None) -> None:
    """One iteration on a private determinization: select, expand one node, play out, back up.
    `first` (seat, move key): the move that seat tries before any other at the root."""
    path: List[Tuple[Node, int]] = []  # (node, the seat whose choice it records)
    node = root
    node.visits += 1
    expanded = False
    while not expanded and not game.is_over(state):
        movers = game.to_move(state)
        if len(movers) == 1:
            seat = movers[0]
            legal = weighed_actions(game, state, seat)
            prior = first[1] if first is not None and node is root and first[0] == seat else None
            action, child, expanded = _choose(node.children, legal, rng, node.visits, _keys_at(node, seat, legal), prior)
            step(game, state, seat, action)
            child.visits += 1
            path.append((child, seat))
            node = child
            continue
        # a simultaneous round: each seat chooses from its own statistics at this node
        if node.rounds is None:
            node.rounds = {}
        choices = []
        for seat in movers:
            mine = node.rounds.setdefault(seat, {})
            legal = weighed_actions(game, state, seat)
            prior = first[1] if first is not None and node is root and first[0] == seat else None
            action, stats, new = _choose(mine, legal, rng, node.visits, _keys_at(node, seat, legal), prior)
            expanded = expanded or new
            choices.append((seat, action, stats))
        for seat, action, stats in choices:
            step(game, state, seat, action)
            stats.visits += 1
            path.append((stats, seat))
        joint = "|".join(f"{seat}:{_key(action)}" for seat, action, _ in choices)
        child = node.children.get(joint)
        if child is None:
            child = node.children[joint] = Node()
        child.visits += 1
        node = child
    reward = outcome(game, state) if game.is_over(state) else playout(game, state, rng, policy, horizon=horizon)
    for stats, seat in path:
        stats.reward += reward[seat]


def ismcts(game, state: State, seat: int, rng: Rng, iterations: int,
           policy: Optional[Policy] = None, horizon: Optional[int] = None,
           prior: Optional[Action] = None) -> Tuple[Action, Dict[str, Any]]:
    """The move `seat` should play after `iterations` determinized iterations, and what the search saw.

    `state` is the true state; the search sees it only through
    `game.determinize(state, seat, ...)`.  The move is the most visited of the
    seat's moves legal in the true state (which it can see: they are its own).
    `prior`, a move a policy recommends, is tried first and wins ties: with a
    small budget over many moves (King's Cottage) the search otherwise never
    meets the one move that scores, and falls back to the first legal move.
    """
    legal = weighed_actions(game, state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action to choose from")
    if len(legal) == 1:
        return legal[0], {"iterations": 0, "moves": 1}
    policy = policy or random_policy
    root = Node()
    first = (seat, _key(prior)) if prior is not None else None
    fresh = getattr(game, "determinize_copies", False)  # a private copy already: not copied again
    for _ in range(iterations):
        world = game.determinize(state, seat, rng.next64())
        if not fresh:
            world = clone_state(world)
        _iterate(game, root, world, rng, policy, horizon, first)
    movers = game.to_move(state)
    choices = root.children if len(movers) == 1 else (root.rounds or {}).get(seat, {})
    best, best_visits, best_value = legal[0], -1, -1.0
    ordered = legal if first is None else sorted(legal, key=lambda a: _key(a) != first[1])  # the prior wins ties
    for action in ordered:
        node = choices.get(_key(action))
        if node is None:
            continue
        value = node.reward / node.visits if node.visits else 0.0
        if node.visits > best_visits or (node.visits == best_visits and value > best_value):
            best, best_visits, best_value = action, node.visits, value
    return best, {"iterations": iterations, "moves": len(legal), "visits": best_visits,
                  "value": round(best_value, 4)}
