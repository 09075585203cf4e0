"""The registry of games: `games.get(id)` returns the game object with the contract's verbs."""
from __future__ import annotations

import importlib
from typing import Dict, List

from ..errors import BadRequest

#: game id -> package under parlour.games (one folder per game); each exposes GAME.
MODULES: Dict[str, str] = {
    "kings-progress": "kings_progress",
    "kings-cottage": "kings_cottage",
    "castles": "castles",
    "one-six-nine": "one_six_nine",
    "mansion": "mansion",
}

_loaded: Dict[str, object] = {}


def ids() -> List[str]:
    return list(MODULES)


def get(game_id: str):
    if game_id not in MODULES:
        raise BadRequest(f"No game called {game_id!r}; known games: {', '.join(MODULES)}.")
    if game_id not in _loaded:
        _loaded[game_id] = importlib.import_module(f"{__name__}.{MODULES[game_id]}").GAME
    return _loaded[game_id]


def all_games() -> list:
    return [get(i) for i in MODULES]
