"""King's Cottage at 1280x800 (issue 45): the cottage's pieces are large enough to see and click, and a full
entrance takes the King's click as the room he steps into, not as one of its furnishings."""
import random

from clicking import wait_settled
from parlour import games
from positions import open_position
from tabs import DESKTOP

#: pieces measured in CSS px at 1280x800 (before: coins in a full entrance 19 px, the King 18x30)
MIN_COIN = 24
MIN_KING = (22, 36)


def full_entrance_position(seed=1):
    """Moves of a two-seat game (seat 0 the person) up to the person's move in which the King may step into the
    entrance holding nine furnishings: every furnishing is brought in there, and the King leaves it when he can."""
    game = games.get("kings-cottage")
    choose = random.Random(seed)
    state, moves = game.setup(2, seed, {}), []
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        rooms = view["board"]["rooms"]
        if view["phase"] == "move":
            into = [a for a in legal if a["type"] == "move_king" and rooms[a["to"]]["entrance"]
                    and len(rooms[a["to"]]["coins"]) == 9]
            if into and seat == 0:
                return moves, into[0]["to"]
            here = next((r for r in rooms if r["king"]), None)
            out = [a for a in legal if a["type"] == "move_king" and here and here["entrance"] and not rooms[a["to"]]["entrance"]]
            action = out[0] if out else {"type": "stop"}
        elif view["phase"] == "turn":
            tiles = [a for a in legal if a["type"] == "draw_tile"]
            kinds = {a["type"] for a in legal}
            action = (choose.choice(tiles) if len(rooms) < 3 and tiles
                      else {"type": "draw_coin"} if "draw_coin" in kinds and choose.random() < 0.6
                      else {"type": "roll"} if "roll" in kinds else choose.choice(legal))
        elif view["phase"] == "place_coin":
            action = next(a for a in legal if a["room"] == 0)
        else:
            action = choose.choice(legal)
        state = game.apply(state, seat, action)
        moves.append({"seat": seat, "action": action})
    raise AssertionError("no position with nine furnishings in the entrance")


#: every piece drawn in the cottage, with its box
PIECES = """() => [...document.querySelectorAll('#board .kc-cottage [data-piece]')].map((n) => {
  const b = n.getBoundingClientRect();
  return {key: n.dataset.piece, width: b.width, height: b.height, x: b.x + b.width / 2, y: b.y + b.height / 2};
})"""


def test_cottage_pieces_are_large_and_a_full_entrance_takes_the_kings_click(context_for, site_url, artifacts):
    moves, entrance = full_entrance_position()
    page = context_for(DESKTOP)
    open_position(page, site_url, "kings-cottage", ["human", "bot"], 1, moves)
    assert wait_settled(page) == "move"
    page.wait_for_selector("#board [data-piece='king'].legal")
    page.screenshot(path=str(artifacts / "kings-cottage-desktop-pieces.png"))
    pieces = page.evaluate(PIECES)
    coins = [p for p in pieces if p["key"].startswith("coin:")]
    king = next(p for p in pieces if p["key"] == "king")
    assert len(coins) >= 9
    assert min(min(c["width"], c["height"]) for c in coins) >= MIN_COIN, coins
    assert king["width"] >= MIN_KING[0] and king["height"] >= MIN_KING[1], king

    # the King picked up, a click on a furnishing of the full entrance is a click on the entrance
    page.click("#board [data-piece='king']")
    room = page.locator(f"#board [data-target='room:{entrance}']")
    assert "legal" in room.get_attribute("class")
    inside = room.locator("[data-piece]").first
    box = inside.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"document.querySelector(\"#board [data-target='room:{entrance}'] [data-piece='king']\") !== null")
    assert room.locator("[data-piece^='coin:']").count() == 9
    assert not page.errors
