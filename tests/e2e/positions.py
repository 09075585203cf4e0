"""Positions for the browser tests, made natively: drive a game through the engine up to the moment a test
is about, and click from there (issue 25).

A seeded random game (`parlour.simulate.play_random`) is played in CPython by the same engines the page runs in Pyodide.  Its moves up to
that moment are saved in the page's own saved-games database (js/store/games-db.js), and the page opens the
game at its address (`#table=<id>`), the path a reload takes, or (`in_app`, from a table) by its Resume in
the lobby's list: one `new` call replays the moves (api.op_new) and the table is drawn, live, at that
position.  A test that is about a game's end then plays its last few
moves instead of a whole game, and the moves before them cost milliseconds instead of a redraw each.

The save is written from the page where it already is when that is a Parlour page, else from a page of
the site that runs no script (a rules page): only the table's own load starts Python, and with `in_app`
not even that.  A Parlour page costs about 2.5 CPU-s of browser to start.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence

from parlour import games
from parlour.simulate import play_random
from clicking import TABLE_SHOWN, leave_table

#: saves one game into the site's database, as a table does after each move
SAVE = "([saved, module]) => import(module).then((db) => db.saveGame(saved))"
#: a page of the site that starts no Python: where a tab that is not on the site writes its save
LIGHT_PAGE = "rules/kings-progress.html"


def near_the_end(game_id: str, players: int, seed, options: Optional[dict] = None, left: int = 8) -> List[dict]:
    """The moves of a seeded random game but its last `left`: a position a few moves from a result (the table
    plays on from it with its own choices, so its game may end sooner or later than this one did)."""
    _, moves = play_random(game_id, players, seed, options)
    return moves[:max(0, len(moves) - left)]


def seat_entries(kinds: Sequence[str]) -> List[Dict[str, str]]:
    """Saved-game seats for the kinds `start_game` takes ("human", "bot", "bot:hard")."""
    out = []
    for i, kind in enumerate(kinds):
        kind, _, level = kind.partition(":")
        if kind == "human":
            out.append({"kind": "human", "name": f"Player {i + 1}"})
        else:
            out.append({"kind": "bot", "name": f"Bot {i + 1}", "level": level or "random"})
    return out


def open_position(page, url: str, game_id: str, kinds: Sequence[str], seed, moves: List[dict],
                  options: Optional[dict] = None, query: str = "botDelay=0", in_app: bool = False) -> str:
    """Save a game of `game_id` after `moves` on this page's origin and open it at its table, as a reload
    at its address does; returns its saved-game id.  `in_app`, when the tab shows a table: leave it and
    press the saved game's Resume in the lobby instead, as a player does (no new Python start)."""
    game = games.get(game_id)
    resolved = game.setup(len(kinds), seed, dict(options or {}))["options"]
    saved_id = f"gposition{len(moves)}"
    on_site = page.url.startswith(url)
    at_a_table = on_site and page.evaluate(TABLE_SHOWN)
    if not on_site:
        page.goto(url + LIGHT_PAGE)
    page.evaluate(SAVE, [{"id": saved_id, "game": game_id, "title": game.title, "options": resolved, "seed": seed,
                          "seats": seat_entries(kinds), "actions": moves, "result": None,
                          "created": 1, "updated": 1}, url + "js/store/games-db.js"])
    if in_app and at_a_table:
        leave_table(page)  # the lobby lists the saved games afresh, this one with them
        page.click(f".saved-game[data-saved='{saved_id}'] .resume")
        page.wait_for_function(TABLE_SHOWN)
        return saved_id
    page.evaluate("(address) => history.replaceState(null, '', address)", f"{url}?{query}#table={saved_id}")
    page.reload()
    return saved_id
