"""Candidate rollouts: compare a greedy player's best few moves by playing each out, for every game.

Where a one-move greedy policy is already strong (Mansion, 169), a tree search
spread over every legal move learns less per second than the policy knows
before it starts.  This search keeps the policy's judgement for choosing *what*
to consider and spends its budget on *checking* it:

1. The candidates: the game's `candidate_actions(world, seat, rng, k)` (its
   greedy player's choice first, then its next best), or else the greedy
   choice followed by every other legal move.
2. For each candidate, rollouts: a determinization of the position (the
   game's `determinize`, the only way the search sees the state, so it never
   peeks; a game may make it likelier with `likely_world`, such as opponents'
   sealed bids redrawn as its greedy player would bid), the candidate played,
   then the greedy policy for `plies` moves, then the game's
   `lookahead_evaluate`, or else its `evaluate` (each seat's estimated final
   score).  The value is the seat's margin over the best other seat, plus
   `win_bonus` for a game won outright within the horizon (minus it for one
   lost).
3. Common random numbers: the j-th rollout of every candidate starts from the
   same determinization and uses the same generator, so two candidates are
   compared on the same deals and the difference between them is what the
   moves did, not the luck of the draw.
4. Successive halving (Karnin, Koren and Somekh, 2013): the budget is split
   over rounds; after each, the worse half of the surviving candidates is
   dropped, so the close contenders get the most rollouts.
5. The greedy choice keeps the move unless another candidate's mean is better
   by more than `margin` (its estimate is noisy; the policy's choice is the
   prior).

Reproducible like parlour.search: budgets are counts, every draw comes from the
seeded `Rng`, floats are added one by one in a fixed order (no `sum()`, which
Python 3.12 made compensated) and ties go to the earlier candidate.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

from .game import canonical, clone_state, read_result
from .rng import Rng

State = Dict[str, Any]
Action = Dict[str, Any]
Policy = Callable[[State, int, Rng], Action]

#: a budget when the game sets none (`lookahead`): 4 candidates, 32 rollouts in all, 20 moves deep
DEFAULT_BUDGET: Dict[str, float] = {"candidates": 4, "rollouts": 32, "plies": 20, "win_bonus": 20.0,
                                    "margin": 0.0}
#: a whole game's cap on moves when the game has no `evaluate` to cut a rollout off with
MAX_PLIES = 20000


def budget(game, players: int) -> Dict[str, float]:
    """The game's look-ahead budget (`lookahead`, optionally `lookahead_by_players[n]` on top)."""
    out = dict(DEFAULT_BUDGET)
    out.update(getattr(game, "lookahead", None) or {})
    out.update((getattr(game, "lookahead_by_players", None) or {}).get(players, {}))
    return out


def _random_policy(game) -> Policy:
    def choose(state: State, seat: int, rng: Rng) -> Action:
        legal = game.legal_actions(state, seat)
        return legal[rng.below(len(legal))]
    return choose


def rollout_policy(game) -> Policy:
    """The game's greedy player (`heuristic_action`), or uniform random play when it has none."""
    own = getattr(game, "heuristic_action", None)
    return own if own is not None else _random_policy(game)


def candidates(game, world: State, seat: int, rng: Rng, k: int) -> List[Action]:
    """The moves worth comparing, the policy's own choice first, each once."""
    own = getattr(game, "candidate_actions", None)
    if own is not None:
        found = own(world, seat, rng, k)
    else:
        found = game.legal_actions(world, seat)
        greedy = getattr(game, "heuristic_action", None)
        if greedy is not None:
            found = [greedy(world, seat, rng)] + found
    out: List[Action] = []
    seen: List[str] = []
    for action in found:
        key = canonical(action)
        if key not in seen:
            seen.append(key)
            out.append(action)
    return out


def standing(game, world: State, seat: int, win_bonus: float) -> float:
    """The seat's margin over the best other seat by the game's estimate, and `win_bonus` for a win
    (shared by k winners: 1/k of it) once the game is over."""
    judge = getattr(game, "lookahead_evaluate", None) or game.evaluate
    scores = judge(world)
    best_other: Optional[float] = None
    for other, score in enumerate(scores):
        if other != seat and (best_other is None or score > best_other):
            best_other = score
    value = scores[seat] - (best_other if best_other is not None else 0.0)
    if game.is_over(world):
        winners = read_result(game, world).get("winners") or []  # only read: not copied
        if seat in winners:
            value += win_bonus / len(winners)
        else:
            value -= win_bonus
    return value


def _finished(game, world: State, seat: int) -> float:
    """The outcome of a game played to its end when the game has no estimate: the seat's win share."""
    winners = read_result(game, world).get("winners") or []  # only read: not copied
    return 1.0 / len(winners) if seat in winners else 0.0


def rollout(game, world: State, seat: int, action: Action, rng: Rng, policy: Policy,
            plies: int, win_bonus: float) -> float:
    """Play `action` on the private `world`, then the policy for `plies` moves; the seat's standing."""
    game.step(world, seat, action)
    has_estimate = getattr(game, "evaluate", None) is not None
    limit = plies if has_estimate else MAX_PLIES
    played = 0
    while played < limit and not game.is_over(world):
        movers = game.to_move(world)
        mover = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
        game.step(world, mover, policy(world, mover, rng))
        played += 1
    if not has_estimate:
        if not game.is_over(world):
            raise RuntimeError(f"{game.id}: a rollout did not end within {MAX_PLIES} moves")
        return _finished(game, world, seat)
    return standing(game, world, seat, win_bonus)


def _rounds(n: int) -> int:
    """Successive halving's rounds for n candidates: ceil(log2 n), at least 1."""
    rounds, alive = 1, n
    while alive > 2:
        alive = (alive + 1) // 2
        rounds += 1
    return rounds


def halving(n: int, total: int) -> List[Tuple[int, int]]:
    """Successive halving's plan for `n` candidates and `total` rollouts: (new deals, candidates still
    compared) for each round.  Every candidate alive in a round is played out on each of its new deals."""
    plan: List[Tuple[int, int]] = []
    alive, spent, rounds = n, 0, _rounds(n)
    for r in range(rounds):
        fresh = max(1, (total - spent) // ((rounds - r) * alive))
        plan.append((fresh, alive))
        spent += fresh * alive
        if r < rounds - 1 and alive > 2:
            alive = (alive + 1) // 2
    return plan


def deals(game, players: int) -> int:
    """How many deals of the hidden pieces Hard's look-ahead plays its candidates out on, at a full
    candidate list and `players` seats (the lobby's line says it)."""
    settings = budget(game, players)
    return sum(fresh for fresh, _ in halving(int(settings["candidates"]), int(settings["rollouts"])))


def choose(game, state: State, seat: int, rng: Rng, settings: Optional[Dict[str, float]] = None
           ) -> Tuple[Action, Dict[str, Any]]:
    """The move `seat` should play, and what the comparison saw.

    `state` is the true state; it is read only through `game.determinize` (and
    the seat's own legal moves, which are its own to know)."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action to choose from")
    settings = settings or budget(game, state["players"])
    k, total = int(settings["candidates"]), int(settings["rollouts"])
    plies, win_bonus, margin = int(settings["plies"]), float(settings["win_bonus"]), float(settings["margin"])
    policy = rollout_policy(game)
    likely = getattr(game, "likely_world", None)
    view = game.determinize(state, seat, rng.next64())
    moves = candidates(game, view, seat, rng, k)
    if len(moves) == 1 or total <= 0:
        return moves[0], {"candidates": len(moves), "rollouts": 0}
    totals = [0.0] * len(moves)
    alive = list(range(len(moves)))
    plan = halving(len(moves), total)
    worlds: List[Tuple[int, int]] = []  # (determinization seed, rollout generator seed), shared by every move
    done = spent = 0
    for r, (fresh, _) in enumerate(plan):
        for j in range(done, done + fresh):
            while len(worlds) <= j:
                worlds.append((rng.next64(), rng.next64()))
            deal_seed, play_seed = worlds[j]
            dealt = game.determinize(state, seat, deal_seed)
            if likely is not None:
                likely(dealt, seat, Rng.from_seed(deal_seed))
            for i in alive:
                world = clone_state(dealt)
                totals[i] += rollout(game, world, seat, moves[i], Rng.from_seed(play_seed), policy, plies, win_bonus)
                spent += 1
        done += fresh
        if r < len(plan) - 1 and len(alive) > 2:
            alive.sort(key=lambda i: (-totals[i], i))
            alive = sorted(alive[:(len(alive) + 1) // 2])
    best, best_value = -1, 0.0
    for i in alive:  # alive is in candidate order: a tie goes to the earlier (greedier) move
        value = totals[i] - (0.0 if i == 0 else margin * done)
        if best < 0 or value > best_value:
            best, best_value = i, value
    return moves[best], {"candidates": len(moves), "rollouts": spent, "depth": done,
                         "means": [round(totals[i] / done, 3) for i in alive], "alive": alive}
