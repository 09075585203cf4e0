"""A greedy 169 player: buys castles and mines, keeps them out of reach, hunts with its creatures.

It reads only what its seat may know (the public board, the rows of tiles for
sale, gold, and its own legal moves, which its own cards decide), so it plays
the same on a determinized state.  Every choice is a one-move lookahead scored
in points: material on the board (a Castle 100, a Gold Mine 30, ...), gold
and cards spent, and what enemy creatures could do next (threats) or our own
could (chances).  Ties are broken with the seeded `rng`, so the bot is
deterministic given its generator.  Passing is chosen when nothing scores
above zero.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from ...game import Action, State, clone
from ...rng import Rng
from .board import Square, cells, drop, empty_cell, neighbours
from .constants import (BUREAUCRAT, CASTLE, COST, CREATURES, FARM, FARM_PAYOUT, HERO, KILLS, MINE, MONSTER, PIT,
                        PROPERTIES, ROAD, THIEF, TILE_KINDS, WALL)
from .movement import BOTH_DIE, DESTROY, DIES, KILL, STEAL, effects, make_move, reach
from .scoring import castles_of, castles_to_win, doubled_ids

#: What a tile on the board is worth to its owner, in points.
MATERIAL: Dict[str, float] = {
    CASTLE: 100.0, MINE: 30.0, ROAD: 12.0, FARM: 0.0, WALL: 0.0, PIT: 0.0,
    THIEF: 18.0, MONSTER: 20.0, HERO: 18.0, BUREAUCRAT: 16.0,
}
GOLD = 5.0            # a gold piece
CARD = 2.0            # a coordinate card spent
THREAT = 0.6          # share of the worst an enemy creature could do to us next
CHANCE = 0.3          # share of the best one of ours could do next
APPROACH = 0.8        # per square closer to a target
SAVING = 8.0          # spending below a castle's price on something that earns nothing
WIN = 1_000_000.0
MOVE_MARGIN = 0.5     # a move must gain this much to be worth making

#: What each creature hunts: enemy tiles of these kinds.
PREY: Dict[str, Tuple[str, ...]] = {
    THIEF: PROPERTIES + (BUREAUCRAT,),
    MONSTER: PROPERTIES + (THIEF, BUREAUCRAT),
    HERO: (MONSTER, THIEF),
    BUREAUCRAT: (HERO,),
}


def choose(state: State, seat: int, legal: List[Action], rng: Rng) -> Action:
    """The best-scoring legal action (pass when nothing gains), ties broken by `rng`."""
    if state["phase"] == "buy":
        scored = _score_buys(state, seat, legal)
        margin = 0.0
    else:
        scored = _score_moves(state, seat, legal)
        margin = MOVE_MARGIN
    best: List[Action] = []
    top = margin
    for action, score in scored:
        if score > top + 1e-9:
            top, best = score, [action]
        elif best and abs(score - top) <= 1e-9:
            best.append(action)
    if not best:
        return {"type": "pass"}
    return best[rng.below(len(best))]


# ----- judging a board ---------------------------------------------------------

def _damage(code_list: List[str], cell: dict, mover: dict, doubled: Set[int]) -> Tuple[float, float]:
    """(loss to the owner of what is hit, gain to the mover's owner) of one possible stop."""
    loss = gain = 0.0
    enemy, ground = cell["creature"], cell["ground"]
    for code in code_list:
        if code in (KILL, BOTH_DIE) and enemy is not None:
            loss += MATERIAL[enemy["kind"]]
        if code in (DIES, BOTH_DIE):
            gain -= MATERIAL[mover["kind"]]
        if code in (STEAL, DESTROY) and ground is not None:
            value = MATERIAL[ground["kind"]] * (2 if ground["id"] in doubled else 1)
            loss += value
            if code == STEAL:
                gain += MATERIAL[ground["kind"]]
    return loss, gain


def evaluate(board: List[dict], seat: int, players: int) -> float:
    """Points for `seat`: its material minus the others' (averaged), threats and chances, approach."""
    grid = cells(board)
    doubled = set(doubled_ids(board))
    others = max(players - 1, 1)
    score = 0.0
    for tile in board:
        value = MATERIAL[tile["kind"]] * (2 if tile["id"] in doubled else 1)
        score += value if tile["owner"] == seat else -value / others
    if castles_of(board, seat) >= castles_to_win(players):
        return score + WIN
    worst_threat = 0.0
    for tile in board:
        if tile["kind"] not in CREATURES:
            continue
        start = (tile["x"], tile["y"])
        mine = tile["owner"] == seat
        best_gain = 0.0
        for square in reach(grid, start, tile["owner"]):
            cell = grid.get(square)
            if cell is None:
                continue
            codes = effects(cell, tile["owner"], tile["kind"])
            if not codes:
                continue
            loss, gain = _damage(codes, cell, tile, doubled)
            if mine:
                best_gain = max(best_gain, gain + loss / others)
            elif _owner_hit(cell, codes) == seat:
                worst_threat = max(worst_threat, loss)
        if mine:
            score += CHANCE * best_gain - APPROACH * _distance_to_prey(board, tile, seat)
    return score - THREAT * worst_threat


def _owner_hit(cell: dict, codes: List[str]) -> Optional[int]:
    if cell["creature"] is not None and (KILL in codes or BOTH_DIE in codes):
        return cell["creature"]["owner"]
    if cell["ground"] is not None and (STEAL in codes or DESTROY in codes):
        return cell["ground"]["owner"]
    return None


def _distance_to_prey(board: List[dict], creature: dict, seat: int) -> float:
    """Squares (Manhattan) to the nearest thing this creature would like to stop on; capped."""
    best = 12.0
    want = PREY[creature["kind"]]
    for tile in board:
        if tile["owner"] != seat and tile["kind"] in want:
            best = min(best, abs(tile["x"] - creature["x"]) + abs(tile["y"] - creature["y"]))
        elif creature["kind"] == BUREAUCRAT and tile["owner"] == seat and tile["kind"] == CASTLE:
            best = min(best, abs(tile["x"] - creature["x"]) + abs(tile["y"] - creature["y"]))
    return best


# ----- moves -------------------------------------------------------------------

def _score_moves(state: State, seat: int, legal: List[Action]) -> List[Tuple[Action, float]]:
    players = state["players"]
    base = evaluate(state["board"], seat, players)
    out = []
    for action in legal:
        if action["type"] != "move":
            continue
        trial = {"board": clone(state["board"]), "pile": [], "moved": []}
        make_move(trial, seat, tuple(action["from"]), tuple(action["to"]))
        out.append((action, evaluate(trial["board"], seat, players) - base))
    return out


# ----- buys --------------------------------------------------------------------

def _enemy_reach(board: List[dict], seat: int) -> Dict[Square, Set[str]]:
    """Square -> kinds of enemy creatures that could stop there next turn."""
    grid = cells(board)
    out: Dict[Square, Set[str]] = {}
    for tile in board:
        if tile["owner"] != seat and tile["kind"] in CREATURES:
            for square in reach(grid, (tile["x"], tile["y"]), tile["owner"]):
                out.setdefault(square, set()).add(tile["kind"])
    return out


def _score_buys(state: State, seat: int, legal: List[Action]) -> List[Tuple[Action, float]]:
    players = state["players"]
    board = state["board"]
    grid = cells(board)
    danger = _enemy_reach(board, seat)
    row = state["offers"][state["first"]]
    gold = state["gold"][seat]
    need = castles_to_win(players) - castles_of(board, seat)
    castle_for_sale = any(TILE_KINDS[t] == CASTLE for t in row)
    out = []
    for action in legal:
        if action["type"] != "buy":
            continue
        kind = action["tile"]
        square = (action["square"][0], action["square"][1])
        cell = grid.get(square, empty_cell())
        score = -COST[kind] * GOLD - 2 * CARD
        if kind == FARM:
            score += FARM_PAYOUT * GOLD
        ground = cell["ground"]
        doubles_castle = (kind == BUREAUCRAT and ground is not None and ground["kind"] == CASTLE
                          and ground["owner"] == seat and cell["creature"] is None)
        if (kind == CASTLE or doubles_castle) and need <= 1:
            score += WIN
        if kind not in (CASTLE, MINE, FARM) and gold - COST[kind] < COST[CASTLE] <= gold + 2:
            score -= SAVING
        if castle_for_sale and kind != CASTLE and gold >= COST[CASTLE]:
            score -= SAVING
        score += _placement(board, grid, danger, seat, players, kind, square, cell)
        out.append((action, score))
    return out


def _placement(board: List[dict], grid: dict, danger: Dict[Square, Set[str]], seat: int, players: int,
               kind: str, square: Square, cell: dict) -> float:
    """What the tile is worth where it lands: its material, what it crushes, its safety, its prospects."""
    others = max(players - 1, 1)
    trial = {"board": clone(board), "pile": []}
    victims = drop(trial, -1, kind, seat, square)
    doubled = set(doubled_ids(board))
    score = 0.0
    for victim in victims:
        value = MATERIAL[victim["kind"]] * (2 if victim["id"] in doubled else 1)
        score += -value if victim["owner"] == seat else value / others * 1.5
    if kind == PIT:
        return score - (4.0 if not victims else 0.0)
    score += MATERIAL[kind]
    hunters = danger.get(square, set())
    if kind in PROPERTIES and (THIEF in hunters or MONSTER in hunters):
        score -= THREAT * MATERIAL[kind]
    if kind in CREATURES:
        if any(kind in KILLS[h] or h == kind for h in hunters):
            score -= THREAT * MATERIAL[kind]
        ground = cell["ground"]
        if kind == BUREAUCRAT and ground is not None and ground["owner"] == seat and ground["kind"] in PROPERTIES:
            score += MATERIAL[ground["kind"]]  # it doubles what it stands on
        near = _distance_to_prey(board, {"kind": kind, "x": square[0], "y": square[1]}, seat)
        score -= APPROACH * near
    if kind == WALL:
        score += _shelter(grid, danger, seat, square)
    return score


def _shelter(grid: dict, danger: Dict[Square, Set[str]], seat: int, square: Square) -> float:
    """A Wall next to one of our threatened properties helps a little."""
    bonus = 0.0
    for near in neighbours(square):
        ground = grid.get(near, empty_cell())["ground"]
        if ground is not None and ground["owner"] == seat and ground["kind"] in PROPERTIES \
                and danger.get(near, set()) & {THIEF, MONSTER}:
            bonus += 0.1 * MATERIAL[ground["kind"]]
    return bonus
