"""Castles scoring, as pure functions over a finished map, so tests and the board can use them.

A map here is plain JSON:

    {"tiles":   [{"x", "y", "suit", "rank"}, ...],
     "castles": [{"x", "y"} or None, ...],          one per seat, seat s owns pp.SUITS[s]
     "armies":  [{"x", "y", "seat", "rank"}, ...]}  ranks revealed

Readings of the open points (docs/rules/castles.md): "enemy" armies are those
of all other seats summed; a seat keeps control of a tile on a tie; an army's
value includes its own owner's Ace-castle bonus wherever that army stands.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Tuple

from ... import piecepack as pp
from .map import Place, adjacent, by_place, neighbours, place_of

NULL = 0
ACE = 1
#: A null coin is always worth this much.
NULL_ARMY_VALUE = 1
#: An ace coin on a null tile.
ACE_ON_NULL_VALUE = 1
#: An ace coin on an ace tile.
ACE_ON_ACE_VALUE = 6
#: What a castle on an ace tile adds to each of its owner's armies next to it.
ACE_CASTLE_BONUS = 1


def army_value(coin_rank: int, tile_rank: int) -> int:
    """What one army is worth on a tile, before any Ace-castle bonus."""
    if coin_rank == NULL:
        return NULL_ARMY_VALUE
    if coin_rank == ACE:
        if tile_rank == NULL:
            return ACE_ON_NULL_VALUE
        if tile_rank == ACE:
            return ACE_ON_ACE_VALUE
        return tile_rank
    return coin_rank


def tile_value(tile_rank: int) -> int:
    """Gold a tile gives: null 0, ace 1, otherwise its number (so simply its rank)."""
    return tile_rank


def castle_bonus(board: dict, tiles: Dict[Place, dict], army: dict) -> int:
    """The owner's Ace-castle bonus for this army: only next to the castle, never on its own tile."""
    castle = board["castles"][army["seat"]]
    if tiles[place_of(castle)]["rank"] != ACE:
        return 0
    return ACE_CASTLE_BONUS if adjacent(place_of(castle), place_of(army)) else 0


def army_points(board: dict, tiles: Dict[Place, dict], army: dict) -> int:
    tile = tiles[place_of(army)]
    return army_value(army["rank"], tile["rank"]) + castle_bonus(board, tiles, army)


def strengths(board: dict, tiles: Dict[Place, dict], seat: int, place: Place) -> Tuple[int, int]:
    """(own, enemy) army totals on one square; enemy sums every other seat."""
    return _totals(board, tiles, [army for army in board["armies"] if place_of(army) == place], seat)


def _totals(board: dict, tiles: Dict[Place, dict], armies: Iterable[dict], seat: int) -> Tuple[int, int]:
    """(own, enemy) totals of the armies of one square."""
    own = enemy = 0
    for army in armies:
        points = army_points(board, tiles, army)
        if army["seat"] == seat:
            own += points
        else:
            enemy += points
    return own, enemy


def controls(own: int, enemy: int) -> bool:
    """A seat loses control only when its armies are strictly weaker; a tie (even 0 to 0) keeps it."""
    return not own < enemy


def armies_by_place(armies: List[dict]) -> Dict[Place, List[dict]]:
    """The armies on each square, found once per board, so each seat's line reads only the armies on its five
    squares (`strengths` scans every army per square)."""
    placed: Dict[Place, List[dict]] = {}
    for army in armies:
        placed.setdefault((army["x"], army["y"]), []).append(army)
    return placed


def _strengths_at(board: dict, tiles: Dict[Place, dict], placed: Dict[Place, List[dict]], seat: int,
                  place: Place) -> Tuple[int, int]:
    """`strengths`, reading the square's armies from `armies_by_place`."""
    return _totals(board, tiles, placed.get(place, ()), seat)


def score_board(board: dict) -> List[dict]:
    """Every seat's `score_seat` line for one map, sharing the work of finding each army's worth."""
    tiles = by_place(board["tiles"])
    placed = armies_by_place(board["armies"])
    return [_score_seat(board, tiles, placed, seat) for seat in range(len(board["castles"]))]


def score_seat(board: dict, seat: int) -> dict:
    """One seat's score for a round, term by term, each term placed on its square of the map.

    Terms, in order: the castle tile's value; own minus enemy armies on the castle
    tile; then each tile sharing an edge with the castle (north, east, south,
    west; empty squares give no term): a tile of the seat's suit adds its value
    if the seat controls it, a tile of another suit takes its value away if the
    seat does not.
    """
    tiles = by_place(board["tiles"])
    return _score_seat(board, tiles, armies_by_place(board["armies"]), seat)


def _score_seat(board: dict, tiles: Dict[Place, dict], placed: Dict[Place, List[dict]], seat: int) -> dict:
    suit = pp.SUITS[seat]
    home = place_of(board["castles"][seat])
    home_tile = tiles[home]
    own, enemy = _strengths_at(board, tiles, placed, seat, home)
    terms: List[dict] = [
        {"kind": "castle_tile", "x": home[0], "y": home[1], "suit": home_tile["suit"],
         "tile": home_tile["rank"], "points": tile_value(home_tile["rank"])},
        {"kind": "castle_armies", "x": home[0], "y": home[1], "own": own, "enemy": enemy,
         "points": own - enemy},
    ]
    for place in neighbours(*home):
        tile = tiles.get(place)
        if tile is None:
            continue
        own, enemy = _strengths_at(board, tiles, placed, seat, place)
        held = controls(own, enemy)
        value = tile_value(tile["rank"])
        if tile["suit"] == suit:
            kind, points = "own_tile", value if held else 0
        else:
            kind, points = "enemy_tile", 0 if held else -value
        terms.append({"kind": kind, "x": place[0], "y": place[1], "suit": tile["suit"], "tile": tile["rank"],
                      "own": own, "enemy": enemy, "controlled": held, "points": points})
    return {"seat": seat, "terms": terms, "total": sum(t["points"] for t in terms)}


def winners(scores: List[int]) -> List[int]:
    """Every seat with the highest total: the text breaks no ties, so tied seats share the win."""
    best = max(scores)
    return [s for s, score in enumerate(scores) if score == best]
