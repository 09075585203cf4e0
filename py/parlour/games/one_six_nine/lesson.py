"""169's guided first game: two cards name a square, gold buys a tile, creatures take and smash.

Two seats, seed 51: the learner ("You") holds the first-player token in turn 1, and the
turns that follow bring, one a turn, what this lesson shows.  Seven turns:

1. Buying: cards 3 and Q name (3, Q), where the first Gold Mine goes; a second Mine on (Q, 9)
   the next turn (Ada now holds the token, so her row is for sale).
2. A Bureaucrat dropped beside the first Mine walks onto it and doubles it (the first creature
   move: up to 3 steps, never diagonally); a third Mine brings the income to 5 gold a turn.
   Passing keeps the Bureaucrat where it earns (creatures never have to move).
3. A Thief dropped within reach of Ada's Road steals it; the walk shows that a step onto a
   Road is free.  The stolen Road deals the learner a third card the next turn.
4. A Monster kills Ada's Bureaucrat and smashes the doubled Road under it (the fight table and
   the smash, as the list beside the board names them).
5. With 9 gold, the first Castle: what wins.

The learner's buys are those the greedy player of policy.py or Hard chooses (the Mines; the Castle),
or the creature whose move does something that turn (Hard agrees on the Bureaucrat's and the
Thief's moves; it would have bought a Castle in turn 6, the Monster teaches the fight instead).
Ada plays as an Easy bot might: a Bureaucrat, two Roads she doubles, and passes when her gold
runs short.  Farms, Walls, Pits and Heroes are left to the outro and the whole game.  The script ends
with a move of Ada's: the table draws the position before each tutor move, not after the last step,
so without it the learner's Castle would not be seen on the board.
"""

LESSON = {
    "players": 2,
    "seed": 51,
    "options": {},
    "learner": 0,
    "names": ["You", "Ada"],
    "intro": (
        "169 is a race to hold 7 Castles on a 13 by 13 board. Each turn you buy tiles, drop each one "
        "where two of your cards point, then move your creatures."
    ),
    "steps": [
        # turn 1: your row is for sale
        {"seat": 0, "action": {"type": "buy", "tile": "mine", "square": [3, 12]},
         "say": "Your cards are 3 and Q: together they name (3, Q), column 3, row Q. Choose the Gold Mine "
                "in your row for sale (4 of your 6 gold), then the marked square. A Mine pays you 1 more gold "
                "every turn.",
         "nudge": "Buy the Gold Mine and drop it on (3, Q), the square marked in blue."},
        {"seat": 1, "action": {"type": "buy", "tile": "bureaucrat", "square": [11, 8]}},
        {"seat": 1, "action": {"type": "pass"}},
        # turn 2: Ada holds the first-player token, her row is for sale
        {"seat": 1, "action": {"type": "buy", "tile": "road", "square": [13, 4]}},
        {"seat": 0, "action": {"type": "buy", "tile": "mine", "square": [12, 9]},
         "say": "Ada now holds the first-player token, so her row is for sale; she dropped a Road on (K, 4). "
                "Upkeep paid you 2 gold: 1, plus 1 for your Mine. Buy the Gold Mine and drop it on "
                "(Q, 9). Two Mines: 3 gold every turn.",
         "nudge": "Buy the Gold Mine and drop it on (Q, 9)."},
        {"seat": 1, "action": {"type": "pass"}},
        # turn 3
        {"seat": 0, "action": {"type": "buy", "tile": "bureaucrat", "square": [2, 10]},
         "say": "You have 3 gold. Buy the Bureaucrat and drop it on (2, 10). A Bureaucrat standing on your own "
                "Gold Mine, Road or Castle doubles it, and your Mine at (3, Q) is a short walk away.",
         "nudge": "Buy the Bureaucrat and drop it on (2, 10), next to your Mine."},
        {"seat": 1, "action": {"type": "pass"}},
        {"seat": 0, "action": {"type": "move", "from": [2, 10], "to": [3, 12]},
         "say": "Now creatures move: 1 to 3 steps each, never diagonally. Move your Bureaucrat onto your Gold "
                "Mine at (3, Q). As the list beside the board says, it doubles the Mine while it stands there: "
                "2 gold a turn.",
         "nudge": "Move the Bureaucrat onto your Gold Mine at (3, Q)."},
        {"seat": 1, "action": {"type": "pass"}},
        # turn 4
        {"seat": 1, "action": {"type": "buy", "tile": "road", "square": [11, 9]}},
        {"seat": 0, "action": {"type": "buy", "tile": "mine", "square": [12, 8]},
         "say": "Upkeep paid you 4: 1, plus 1 for the Mine at (Q, 9), plus 2 for the doubled one. A Castle "
                "costs 6, so first buy the Gold Mine and drop it on (Q, 8). From next turn you collect "
                "5 gold a turn.",
         "nudge": "Buy the Gold Mine and drop it on (Q, 8)."},
        {"seat": 1, "action": {"type": "move", "from": [11, 8], "to": [11, 9]}},
        {"seat": 0, "action": {"type": "pass"},
         "say": "Ada walked her Bureaucrat onto her new Road at (J, 9): a doubled Road deals her 2 more cards a "
                "turn. Press Pass: your Bureaucrat earns where it stands, and a creature never has to move.",
         "nudge": "Press Pass, beside the prompt: your Bureaucrat stays on the Mine."},
        # turn 5: your row again
        {"seat": 0, "action": {"type": "buy", "tile": "thief", "square": [11, 2]},
         "say": "5 gold, cards 2 and J. Buy the Thief and drop it on (J, 2). A Thief that ends its move on an "
                "enemy Road, Gold Mine or Castle steals it, and Ada's Road at (K, 4) is within reach.",
         "nudge": "Buy the Thief and drop it on (J, 2)."},
        {"seat": 1, "action": {"type": "pass"}},
        {"seat": 0, "action": {"type": "move", "from": [11, 2], "to": [13, 4]},
         "say": "Move your Thief onto Ada's Road at (K, 4). That is four squares away, but stepping onto a Road "
                "is free, so it fits in one move. The Road becomes yours: a card more for you each turn, one "
                "fewer for Ada.",
         "nudge": "Move the Thief onto Ada's Road at (K, 4), the square marked in blue."},
        {"seat": 1, "action": {"type": "pass"}},
        {"seat": 0, "action": {"type": "pass"},
         "say": "Press Pass to keep your Bureaucrat on the Mine. Each creature moves at most once a turn.",
         "nudge": "Press Pass: the Bureaucrat stays where it doubles your Mine."},
        # turn 6: Ada's row
        {"seat": 1, "action": {"type": "pass"}},
        {"seat": 0, "action": {"type": "buy", "tile": "monster", "square": [7, 9]},
         "say": "Your stolen Road dealt you a third card. Buy the Monster and drop it on (7, 9). A Monster kills "
                "Thieves and Bureaucrats and smashes enemy Roads, Mines and Castles: Ada's Bureaucrat on her "
                "Road at (J, 9) is in reach.",
         "nudge": "Buy the Monster and drop it on (7, 9)."},
        {"seat": 1, "action": {"type": "pass"}},
        {"seat": 0, "action": {"type": "move", "from": [7, 9], "to": [11, 9]},
         "say": "Move your Monster to (J, 9): three steps to (10, 9), then the free step onto the Road. Where a "
                "creature stops, it fights: it kills Ada's Bureaucrat and destroys her Road, 2 cards a turn less "
                "for her.",
         "nudge": "Move the Monster onto (J, 9), where Ada's Bureaucrat stands."},
        {"seat": 0, "action": {"type": "pass"},
         "say": "Press Pass: your Thief has nothing in reach, and your Bureaucrat keeps doubling the Mine.",
         "nudge": "Press Pass to end your moves for this turn."},
        # turn 7: your row
        {"seat": 0, "action": {"type": "buy", "tile": "castle", "square": [9, 3]},
         "say": "9 gold and your row for sale. Buy the Castle (6 gold) and drop it on (9, 3). Castles win: "
                "hold 7 and the game ends at once, and a Castle with your own Bureaucrat on it counts twice.",
         "nudge": "Buy the Castle and drop it on (9, 3)."},
        # Ada's reply (Easy's choice), so that the table draws the Castle before the lesson hands over
        {"seat": 1, "action": {"type": "buy", "tile": "farm", "square": [2, 13]}},
    ],
    "outro": (
        "That is 169: cards pick the square, gold picks the tile, and creatures double, steal and smash. "
        "A whole game adds Farms (3 gold back), "
        "Walls and Pits that block the way, Heroes that hunt Monsters and Thieves, and Ada's creatures coming "
        "for your tiles. Play one against Easy."
    ),
}
