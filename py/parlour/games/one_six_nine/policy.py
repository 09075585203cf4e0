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

from ...game import Action, State
from ...rng import Rng
from .board import Square, cells, empty_cell, neighbours, tiles_there
from .constants import (BUREAUCRAT, CASTLE, COST, CREATURES, FARM, FARM_PAYOUT, FLAT, HERO, KILLS, MINE, MONSTER, PIT,
                        PROPERTIES, ROAD, THIEF, TILE_KINDS, WALL)
from .movement import BOTH_DIE, DESTROY, DIES, KILL, STEAL, effects, make_move, reached_from
from .scoring import castles_to_win, doubled_ids, worth
from .terrain import PASSAGE, ROAD_HERE, SQUARE_OF, index, patched, read_by, terrain, walk

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
#: a Castle bought while the seat has no Gold Mine, unless it wins: an opening Castle spends every gold
#: piece and starves the buyer (issue 26: the seat that could afford one first, the turn-1 first player,
#: won 15.7 % of 300 four-seat greedy games against a fair 25 %; mine first, 24 % of 150)
CASTLE_BEFORE_MINE = 200.0

#: What each creature hunts: enemy tiles of these kinds.
PREY: Dict[str, Tuple[str, ...]] = {
    THIEF: PROPERTIES + (BUREAUCRAT,),
    MONSTER: PROPERTIES + (THIEF, BUREAUCRAT),
    HERO: (MONSTER, THIEF),
    BUREAUCRAT: (HERO,),
}


def _scored(state: State, seat: int, legal: List[Action]) -> Tuple[List[Tuple[Action, float]], float]:
    """Every buy or move scored, and the score a choice must beat (passing scores the margin)."""
    if state["phase"] == "buy":
        return _score_buys(state, seat, legal), 0.0
    return _score_moves(state, seat, legal), MOVE_MARGIN


def _best(scored: List[Tuple[Action, float]], margin: float, rng: Rng) -> Action:
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


def choose(state: State, seat: int, legal: List[Action], rng: Rng) -> Action:
    """The best-scoring legal action (pass when nothing gains), ties broken by `rng`."""
    scored, margin = _scored(state, seat, legal)
    return _best(scored, margin, rng)


def ranked(state: State, seat: int, legal: List[Action], rng: Rng, k: int) -> List[Action]:
    """Up to k moves worth a look-ahead's time: the greedy choice (drawn as `choose` draws it), then
    passing, then the next best by score (ties in list order).  A drop that destroys one of the seat's
    own tiles is offered only when it scores above passing (a Pit under one's Bureaucrat that takes an
    enemy Castle with it): a few lucky rollouts must not sell a player's own creature for nothing."""
    scored, margin = _scored(state, seat, legal)
    out = [_best(scored, margin, rng)]
    if out[0]["type"] != "pass":
        out.append({"type": "pass"})
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][1], i))
    grid = cells(state["board"])
    for i in order:
        if len(out) >= k:
            break
        action, score = scored[i]
        if action != out[0] and not _self_harming(grid, seat, action, score, margin):
            out.append(action)
    return out[:k]


def sensible(state: State, seat: int, legal: List[Action]) -> List[Action]:
    """`legal` less the drops that destroy one of the seat's own tiles and score no better than passing
    (issue 26: Medium's search dropped Pits on its own Bureaucrat and Monster): what the searching levels
    weigh, as Hard's short list (`ranked`) leaves them out.  Only the harmful drops are scored."""
    if state["phase"] != "buy":
        return legal
    grid = cells(state["board"])
    harmful = [i for i, action in enumerate(legal) if crushes_own(grid, seat, action)]
    if not harmful:
        return legal
    scored, margin = _scored(state, seat, [legal[i] for i in harmful])
    dropped = {i for i, (action, score) in zip(harmful, scored) if _self_harming(grid, seat, action, score, margin)}
    return [action for i, action in enumerate(legal) if i not in dropped]


def _self_harming(grid: dict, seat: int, action: Action, score: float, margin: float) -> bool:
    """A drop on one of the seat's own tiles that scores no better than passing: sold for nothing."""
    return score <= margin and crushes_own(grid, seat, action)


def crushes_own(grid: dict, seat: int, action: Action) -> bool:
    """Whether a buy drops its tile on one of the seat's own tiles (what `board.drop` would destroy)."""
    if action["type"] != "buy":
        return False
    cell = grid.get((action["square"][0], action["square"][1]), empty_cell())
    kind = action["tile"]
    victims = tiles_there(cell) if kind == PIT else ([cell["creature"]] if kind in FLAT and cell["creature"] else [])
    return any(victim["owner"] == seat for victim in victims)


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


class Walks:
    """What a move list's judging learns once on the board it starts from and reuses on each board a move
    leaves: each owner's terrain there (`terrain.terrain`), and each creature's walk with the squares it read."""

    def __init__(self) -> None:
        self.bases: Dict[int, List[int]] = {}
        #: (owner, start index) -> (occupied squares it may stop on, squares the walk read, squares it reached)
        self.walks: Dict[Tuple[int, int], Tuple[List[int], Set[int], List[int]]] = {}


def _terrains(grid: dict, memo: Optional[Walks], changed: Set[int]):
    """owner -> the terrain of this board, made at most once per owner: patched from the starting board's
    where `memo` has it (a move changes two squares), whole otherwise."""
    made: Dict[int, List[int]] = {}

    def of(owner: int) -> List[int]:
        ground = made.get(owner)
        if ground is None:
            base = memo.bases.get(owner) if memo is not None else None
            if base is not None and changed:
                ground = patched(base, grid, owner, changed)
            else:
                ground = terrain(grid, owner)
                if memo is not None and not changed:
                    memo.bases[owner] = ground
            made[owner] = ground
        return ground
    return of


def _stops(start: int, owner: int, terrain_of, memo: Optional[Walks], changed: Set[int]) -> List[int]:
    """The occupied squares the creature on `start` may stop on.  From the starting board's walk when the
    move tried left the squares that walk read as they were to walk through (a walk reads only the
    neighbours of its start and of the squares it reaches): the same squares, of which those holding
    something now.  An enemy walking past a creature that moved sees a square go from holding something
    to empty, one step either way; the mover's own side sees a square it could not cross open up."""
    if memo is not None:
        known = memo.walks.get((owner, start))
        if known is not None and start not in changed:
            touched = known[1] & changed
            if not touched:
                return known[0]
            base, now = memo.bases.get(owner), terrain_of(owner)
            if base is not None and all(PASSAGE[base[i]] == PASSAGE[now[i]] for i in touched):
                return [i for i in known[2] if now[i] >= ROAD_HERE]
    occupied, reached = walk(terrain_of(owner), start)
    if memo is not None and not changed:  # the starting board itself: remember what this walk read
        memo.walks[(owner, start)] = (occupied, read_by(start, reached), reached)
    return occupied


def evaluate(board: List[dict], seat: int, players: int, memo: Optional[Walks] = None,
             changed: Set[Square] = frozenset()) -> float:
    """Points for `seat`: its material minus the others' (averaged), threats and chances, approach.
    (`memo`: the move list's `Walks`; `changed`: the squares where this board differs from the one the
    memo learnt on.  The score is the same with or without them.)"""
    grid = cells(board)
    moved = {index(square) for square in changed}
    terrain_of = _terrains(grid, memo, moved)
    doubled = set(doubled_ids(board))
    others = max(players - 1, 1)
    score = 0.0
    for tile in board:
        value = MATERIAL[tile["kind"]] * (2 if tile["id"] in doubled else 1)
        score += value if tile["owner"] == seat else -value / others
    if worth(board, seat, CASTLE, doubled) >= castles_to_win(players):
        return score + WIN
    worst_threat = 0.0
    prey: Dict[str, List[Square]] = {}
    for tile in board:
        if tile["kind"] not in CREATURES:
            continue
        start = (tile["x"], tile["y"])
        mine = tile["owner"] == seat
        best_gain = 0.0
        for stop in _stops(index(start), tile["owner"], terrain_of, memo, moved):
            cell = grid[SQUARE_OF[stop]]
            codes = effects(cell, tile["owner"], tile["kind"])
            if not codes:
                continue
            loss, gain = _damage(codes, cell, tile, doubled)
            if mine:
                best_gain = max(best_gain, gain + loss / others)
            elif _owner_hit(cell, codes) == seat:
                worst_threat = max(worst_threat, loss)
        if mine:
            if tile["kind"] not in prey:
                prey[tile["kind"]] = _prey_squares(board, tile["kind"], seat)
            score += CHANCE * best_gain - APPROACH * _nearest(prey[tile["kind"]], start)
    return score - THREAT * worst_threat


def _owner_hit(cell: dict, codes: List[str]) -> Optional[int]:
    if cell["creature"] is not None and (KILL in codes or BOTH_DIE in codes):
        return cell["creature"]["owner"]
    if cell["ground"] is not None and (STEAL in codes or DESTROY in codes):
        return cell["ground"]["owner"]
    return None


def _prey_squares(board: List[dict], kind: str, seat: int) -> List[Square]:
    """Where the things a `kind` creature of `seat` would like to stop on lie (a Bureaucrat: also its
    own Castles)."""
    want = PREY[kind]
    out = []
    for tile in board:
        if tile["owner"] != seat and tile["kind"] in want:
            out.append((tile["x"], tile["y"]))
        elif kind == BUREAUCRAT and tile["owner"] == seat and tile["kind"] == CASTLE:
            out.append((tile["x"], tile["y"]))
    return out


def _nearest(squares: List[Square], square: Square) -> float:
    """Squares (Manhattan) from `square` to the nearest of `squares`; capped."""
    best = 12.0
    x, y = square
    for px, py in squares:
        best = min(best, abs(px - x) + abs(py - y))
    return best


# ----- moves -------------------------------------------------------------------

#: board -> what judging its moves learnt: (the board's own score, its `Walks`, move -> score).  A move's
#: score is a pure function of the board, the seat and the player count, so a board met again (Hard's
#: look-ahead replays the same first moves on every deal of what it cannot see: 28 % of the moves it
#: judged in a 2-seat game were judged before in the same decision) is read back, never re-judged.
_JUDGED: Dict[tuple, Tuple[float, Walks, Dict[Tuple[Square, Square], float]]] = {}
JUDGED_BOARDS = 256  # boards kept; then the store starts again (a store, not a change of any choice)


def _judged(board: List[dict], seat: int, players: int) -> Tuple[float, Walks, Dict[Tuple[Square, Square], float]]:
    key = (players, seat, tuple((t["id"], t["kind"], t["owner"], t["x"], t["y"]) for t in board))
    known = _JUDGED.get(key)
    if known is None:
        if len(_JUDGED) >= JUDGED_BOARDS:
            _JUDGED.clear()
        memo = Walks()
        known = _JUDGED[key] = (evaluate(board, seat, players, memo), memo, {})
    return known


def _score_moves(state: State, seat: int, legal: List[Action]) -> List[Tuple[Action, float]]:
    players = state["players"]
    base, memo, scores = _judged(state["board"], seat, players)
    out = []
    for action in legal:
        if action["type"] != "move":
            continue
        frm, to = tuple(action["from"]), tuple(action["to"])
        score = scores.get((frm, to))
        if score is None:
            trial = {"board": list(state["board"]), "pile": [], "moved": []}  # make_move never edits a tile
            make_move(trial, seat, frm, to)
            score = scores[(frm, to)] = evaluate(trial["board"], seat, players, memo, {frm, to}) - base
        out.append((action, score))
    return out


# ----- buys --------------------------------------------------------------------

def _enemy_reach(board: List[dict], seat: int) -> Dict[Square, Set[str]]:
    """Square -> kinds of enemy creatures that could stop there next turn."""
    grid = cells(board)
    grounds: Dict[int, List[int]] = {}  # owner -> the board as that owner's creatures walk it
    out: Dict[Square, Set[str]] = {}
    for tile in board:
        if tile["owner"] != seat and tile["kind"] in CREATURES:
            owner = tile["owner"]
            if owner not in grounds:
                grounds[owner] = terrain(grid, owner)
            for square in reached_from(grounds[owner], (tile["x"], tile["y"])):
                out.setdefault(square, set()).add(tile["kind"])
    return out


def _score_buys(state: State, seat: int, legal: List[Action]) -> List[Tuple[Action, float]]:
    players = state["players"]
    board = state["board"]
    grid = cells(board)
    danger = _enemy_reach(board, seat)
    row = state["offers"][state["first"]]
    gold = state["gold"][seat]
    doubled = set(doubled_ids(board))
    prey: Dict[str, List[Square]] = {}  # by creature kind, found once per move list
    need = castles_to_win(players) - worth(board, seat, CASTLE, doubled)
    has_mine = worth(board, seat, MINE, doubled) > 0
    # a Castle worth saving for: one for sale that the seat would buy (it has a mine, or the castle wins)
    castle_for_sale = any(TILE_KINDS[t] == CASTLE for t in row) and (has_mine or need <= 1)
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
        if kind == CASTLE and need > 1 and not has_mine:
            score -= CASTLE_BEFORE_MINE
        ground = cell["ground"]
        doubles_castle = (kind == BUREAUCRAT and ground is not None and ground["kind"] == CASTLE
                          and ground["owner"] == seat and cell["creature"] is None)
        if (kind == CASTLE or doubles_castle) and need <= 1:
            score += WIN
        if kind not in (CASTLE, MINE, FARM) and gold - COST[kind] < COST[CASTLE] <= gold + 2:
            score -= SAVING
        if castle_for_sale and kind != CASTLE and gold >= COST[CASTLE]:
            score -= SAVING
        score += _placement(board, grid, danger, seat, players, kind, square, cell, doubled, prey)
        out.append((action, score))
    return out


def _placement(board: List[dict], grid: dict, danger: Dict[Square, Set[str]], seat: int, players: int,
               kind: str, square: Square, cell: dict, doubled: Set[int], prey: Dict[str, List[Square]]) -> float:
    """What the tile is worth where it lands: its material, what it crushes (what `board.drop` would
    destroy, read off the cell), its safety, its prospects."""
    others = max(players - 1, 1)
    victims = tiles_there(cell) if kind == PIT else ([cell["creature"]] if kind in FLAT and cell["creature"] else [])
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
        if kind not in prey:
            prey[kind] = _prey_squares(board, kind, seat)
        score -= APPROACH * _nearest(prey[kind], square)
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
