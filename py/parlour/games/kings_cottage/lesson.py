"""King's Cottage's guided first game ("Learn by playing", parlour.lessons): two seats, seed 7278.

What it covers, in the order play meets it: the secret stakes (the investment
form, adding up to zero), adding a tile (turning one up from a pile and
building it beside the entrance), adding a coin (drawing a furnishing and
choosing which face lies up), the null tiles (months passing, the King's
secret collection, the King's arrival at an entrance), and a roll of the die
spent on the King and two furnishings, which fills a room with the King in it:
his swap, then the room's scoring.  The outro adds what the lesson leaves out
(the second story, null coins, the end and the profits).

Why these moves: the seed lets the learner, who goes first, turn up the 2 of
Suns (a small room for the house they back most) and draw the 5 of Suns for
it; Ada then turns up the first null and the learner the second, whose coin
(the 5 of Moons) only the learner sees.  The learner waits to fill the room,
since that would need Ada's Crowns coin (a house they bet against), until the
King is in: the roll of 3 walks him into the room first (no furnishing may
leave the King's room, a rule the Hard bot never plans around, so it stops
there), fills the room, and the King's swap trades the Crowns coin for the
5 of Moons, the swap Hard chooses.  The room scores Suns 16 and Moons 14:
a profit of 62 on the learner's stakes.  Ada's moves are those of the Medium
and Hard bots (her stakes are one of their templates), except her tile from
the Crowns pile, which is the Easy bot's.  Her last move (a coin from the bag)
follows the learner's last step so that the table draws the scored room and
the House score sheet before the outro: the lesson ends before drawing the
position its last move leads to.
"""

LESSON = {
    "players": 2,
    "seed": 7278,
    "options": {},
    "learner": 0,
    "names": ["You", "Ada"],
    "intro": (
        "In King's Cottage you and Ada bet in secret on four craft houses, then build the King's cottage and carry "
        "furniture (coins) into its rooms. A full room pays the houses that made its furniture."
    ),
    "steps": [
        {"seat": 1, "action": {"type": "invest", "crowns": 3, "arms": -3, "suns": -3, "moons": 3}},
        {"seat": 0, "action": {"type": "invest", "crowns": -3, "arms": -1, "suns": 3, "moons": 1},
         "say": "Your stakes are filled in: Crowns −3, Arms −1, Suns +3, Moons +1 (they must add up to zero). "
                "Press “Invest in secret”. At the end each stake is multiplied by what its house earned, so you "
                "want Suns to earn a lot and Crowns little. Ada's stakes stay hidden until then.",
         "nudge": "In this lesson, keep the stakes filled in and press “Invest in secret”."},
        {"seat": 0, "action": {"type": "draw_tile", "suit": "suns"},
         "say": "You move first. Choose the Suns tile pile to turn up a new room. A room's suit is the house "
                "that built it, and you back Suns.",
         "nudge": "Choose the Suns pile, marked in blue, under “Tile piles”."},
        {"seat": 0, "action": {"type": "place_tile", "story": 1, "x": 1, "y": 0},
         "say": "It is the 2 of Suns: a room of size 2, complete once it holds two furnishings. Build it on the "
                "marked square beside the ace of Crowns entrance, so furniture can walk straight in.",
         "nudge": "Build the 2 of Suns on the square marked in blue, beside the entrance."},
        {"seat": 1, "action": {"type": "draw_coin"}},
        {"seat": 1, "action": {"type": "place_coin", "room": 0, "up": "suit"}},
        {"seat": 0, "action": {"type": "draw_coin"},
         "say": "Ada brought in a furnishing with its Crowns side up: you know its maker, not its worth. Now "
                "choose the bag to draw a furnishing yourself. Only you see both of its faces.",
         "nudge": "Choose the bag, marked in blue, to draw a furnishing."},
        {"seat": 0, "action": {"type": "place_coin", "room": 0, "up": "suit"},
         "say": "The 5 of Suns: just right for your Suns room. Choose “suit up”, then the ace of Crowns "
                "entrance (new furniture always comes in at an entrance). Ada will see a Suns coin but not "
                "that it is worth 5.",
         "nudge": "Choose the coin marked “suit up”, then the ace of Crowns entrance."},
        {"seat": 1, "action": {"type": "draw_tile", "suit": "crowns"}},
        {"seat": 0, "action": {"type": "draw_tile", "suit": "moons"},
         "say": "Choose the Moons tile pile. Ada turned up the null of Crowns: month 1 has passed, and the King "
                "took a secret coin. Filling the 2 of Suns now would take Ada's Crowns coin, which pays Crowns; "
                "a Moons room would pay a house you back.",
         "nudge": "Choose the Moons pile, marked in blue, under “Tile piles”."},
        {"seat": 0, "action": {"type": "place_king", "room": 0},
         "say": "Another null: month 2 is over, and the King took the 5 of Moons, which only you saw (see the "
                "King's collection). After two months he arrives: choose the King, then the ace of Crowns "
                "entrance, the only one.",
         "nudge": "Choose the King, then the ace of Crowns entrance."},
        {"seat": 1, "action": {"type": "draw_coin"}},
        {"seat": 1, "action": {"type": "place_coin", "room": 0, "up": "suit"}},
        {"seat": 0, "action": {"type": "roll"},
         "say": "Choose the die to roll. Each point moves a furnishing or the King one room. A room filled with "
                "the King in it scores 2 more for each house there, and he swaps one of its furnishings.",
         "nudge": "Choose the die, marked in blue, to roll it."},
        {"seat": 0, "action": {"type": "move_king", "to": 1},
         "say": "A 3: three movement points. Move the King into the 2 of Suns first. No furnishing may leave "
                "the room the King stands in, so while he waits at the entrance the coins are stuck there.",
         "nudge": "Choose the King, then the 2 of Suns."},
        {"seat": 0, "action": {"type": "move_coin", "coin": 2, "to": 1},
         "say": "Now move your 5 of Suns into the 2 of Suns. One more furnishing will fill the room.",
         "nudge": "Choose your Suns coin at the entrance, then the 2 of Suns."},
        {"seat": 0, "action": {"type": "move_coin", "coin": 1, "to": 1},
         "say": "Move Ada's Crowns coin in too. That fills the room, so it is complete. The Crowns coin would "
                "pay Crowns, but with the King there you get to swap it out.",
         "nudge": "Choose Ada's Crowns coin at the entrance, then the 2 of Suns."},
        {"seat": 0, "action": {"type": "swap", "coin": 1, "with": 4},
         "say": "Choose the Crowns coin, then the King's coin from month 2, the 5 of Moons. Each house scores its "
                "coins' values, +1 each in a room of its own suit, +2 with the King, all times the room's size: "
                "Suns (5 + 1 + 2) × 2 = 16, Moons (5 + 2) × 2 = 14.",
         "nudge": "Choose the Crowns coin in the 2 of Suns, then the King's coin from month 2."},
        # Ada's next turn: the table draws the position after the swap (the room scored) while she moves
        {"seat": 1, "action": {"type": "draw_coin"}},
    ],
    "outro": (
        "The 2 of Suns is complete: Suns earned 16 and Moons 14, a profit of 3 × 16 + 1 × 14 = 62 on your "
        "stakes so far (see the House score sheet). A whole game adds rooms on the second story, reached by "
        "stairs, and null coins: a house's own null in a room scores it 0 there. The fourth null tile ends the "
        "game at once; then the stakes are shown and the highest profit wins. Now play a whole game against Easy."
    ),
}
