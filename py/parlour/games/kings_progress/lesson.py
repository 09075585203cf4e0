"""The King's Progress: a guided first game ("Learn by playing", parlour.lessons).

Two players, the learner as Suns (seat 0) against Ada (Moons).  Seed 7 makes
the learner first chancellor of round 1, so they build first; in round 2 Ada
is first chancellor, so the learner invests first.  The lesson plays the
first two rounds, which meet every one of the five phases and every kind of
veto:

- Round 1: build your 5 tile in your own kingdom, where your King will step
  at the end of the round; keep your vetoes (pass); hide your null coin on
  Ada's city; then veto the coin Ada hid on your 5 tile (it is her null) and
  put your 5 coin there, before your King arrives and the city can no longer
  be vetoed.  The King's progress of round 1 is automatic.
- Round 2: Ada builds her null tile in your kingdom, so you build your ace in
  hers; veto her null tile with your 3; invest your 4 coin on your own city
  before Ada can hide a low coin there; pass the investment veto; and veto
  the King's move to hold it on the 5 x 5 city, as Ada does with hers.

Ada's moves are ones the Easy to Hard bots choose in these positions (each
of them often vetoes a rival's coin on its own city, for instance).  The
learner's moves are among the Hard bot's picks there (its search varies from
run to run); the null coin, the coin veto, the 5 coin, the 3 tile, the second Pass and the
King veto are its most frequent ones, the King veto nearly always.  The
outro hands over the rest: rounds 3 to 6, no vetoes of cities or coins in
round 6, a King that moves by itself once the vetoes run out, and the final
scoring.
"""

LESSON = {
    "players": 2,
    "seed": 7,
    "options": {},
    "learner": 0,
    "names": ["You", "Ada"],
    "intro": (
        "You and Ada each grow a kingdom, a row of cities, and hide coins on them. At the end each city "
        "pays its tile × its coin, and the city where your King stands pays double. You play Suns, the "
        "bottom row, for two rounds."
    ),
    "steps": [
        # Round 1, City phase: the learner is first chancellor.
        {
            "seat": 0,
            "action": {"type": "place_city", "kingdom": 0, "suit": "suns", "rank": 5},
            "say": (
                "Click the 5 tile in your reserve, then the marked place in your own row. It becomes your "
                "city 1, and your King steps onto city 1 at the end of this round. A 5 tile can pay up to "
                "5 × 5 = 25. As first chancellor you build first; Ada must then build in the kingdom left, hers."
            ),
            "nudge": "Build the 5 tile in your own row: click the marked 5, then the marked place.",
        },
        {"seat": 1, "action": {"type": "place_city", "kingdom": 1, "suit": "moons", "rank": 4}},
        # City veto phase.
        {
            "seat": 0,
            "action": {"type": "pass"},
            "say": (
                "Click Pass (no veto). Ada built her 4 tile as her city 1. Now you could spend a veto to "
                "swap the tile of one of your own cities, but your 5 is what you want, and every veto left "
                "on your die adds 1 to your total at the end."
            ),
            "nudge": "Keep your 5 tile: click Pass (no veto).",
        },
        {"seat": 1, "action": {"type": "pass"}},
        # Investment phase: the seat after the first chancellor invests first.
        {"seat": 1, "action": {"type": "invest", "kingdom": 0, "city": 0, "suit": "moons", "rank": 0}},
        {
            "seat": 0,
            "action": {"type": "invest", "kingdom": 1, "city": 0, "suit": "suns", "rank": 0},
            "say": (
                "Click your null coin (the ring), then Ada's city 1. Ada invested first and hid a face-down "
                "Moons coin on your 5 tile; only she knows its value. Whoever owns a coin, it multiplies the "
                "tile under it: your null makes her 4 tile pay 4 × 0 = 0."
            ),
            "nudge": "Put your null coin (the ring) on Ada's city 1, her 4 tile.",
        },
        # Investment veto phase: Ada vetoes the learner's coin first.
        {"seat": 1, "action": {"type": "veto_investment", "city": 0}},
        {"seat": 1, "action": {"type": "replace_coin", "suit": "moons", "rank": 4}},
        {
            "seat": 0,
            "action": {"type": "veto_investment", "city": 0},
            "say": (
                "Click your city 1 to veto Ada's coin there. She just did the same to yours: spent a veto, "
                "saw your null and put a coin of her own in its place. Nobody hides a high coin on a "
                "rival's 5 tile, and once your King stands on a city you can no longer veto it."
            ),
            "nudge": "Veto the coin on your city 1: click that city, the 5 tile.",
        },
        {
            "seat": 0,
            "action": {"type": "replace_coin", "suit": "suns", "rank": 5},
            "say": (
                "Click your 5 coin to put it there. Ada's coin was her null: 5 × 0 pays nothing, while "
                "5 × 5 pays 25. Her null then joins your reserve, so you may invest it later in her kingdom."
            ),
            "nudge": "Put your 5 coin on your city 1: click the marked 5 coin.",
        },
        # The King's progress of round 1 is automatic; round 2, Ada is first chancellor.
        {"seat": 1, "action": {"type": "place_city", "kingdom": 0, "suit": "moons", "rank": 0}},
        {
            "seat": 0,
            "action": {"type": "place_city", "kingdom": 1, "suit": "suns", "rank": 1},
            "say": (
                "Click your ace tile (A), then the empty place in Ada's row. Both Kings stepped onto city 1, "
                "and now Ada is first chancellor: she built her null tile as your city 2, so hers is the "
                "only kingdom still open to you. An ace pays her at most 1 × 5 there."
            ),
            "nudge": "Build your ace tile (A) as Ada's city 2.",
        },
        # City veto phase: Ada swaps the learner's ace for her 3.
        {"seat": 1, "action": {"type": "veto_city", "city": 1, "suit": "moons", "rank": 3}},
        {
            "seat": 0,
            "action": {"type": "veto_city", "city": 1, "suit": "suns", "rank": 3},
            "say": (
                "Click your 3 tile, then your city 2, to veto Ada's null tile. Any coin on a null tile pays "
                "0. Ada just vetoed your ace the same way: her 3 stands there and your ace is in her "
                "reserve now, as her null tile will be in yours."
            ),
            "nudge": "Veto your city 2: click your 3 tile, then the null tile in your row.",
        },
        # Investment phase: the learner, after the first chancellor, invests first.
        {
            "seat": 0,
            "action": {"type": "invest", "kingdom": 0, "city": 1, "suit": "suns", "rank": 4},
            "say": (
                "Click your 4 coin, then your city 2. This round you invest first, so you fill your new "
                "city before Ada can hide a low coin on it: 3 × 4 = 12."
            ),
            "nudge": "Put your 4 coin on your own city 2, the 3 tile.",
        },
        {"seat": 1, "action": {"type": "invest", "kingdom": 1, "city": 1, "suit": "moons", "rank": 2}},
        # Investment veto phase.
        {
            "seat": 0,
            "action": {"type": "pass"},
            "say": (
                "Click Pass (no veto). Ada's coin went on her own city 2, and both coins in your kingdom "
                "are your own. You have 3 vetoes left; keep them."
            ),
            "nudge": "Nothing to fix in your kingdom: click Pass (no veto).",
        },
        {"seat": 1, "action": {"type": "pass"}},
        # The King's progress: Ada, first chancellor, holds her King first.
        {"seat": 1, "action": {"type": "veto_king"}},
        {
            "seat": 0,
            "action": {"type": "veto_king"},
            "say": (
                "Click your veto die to keep your King where it is, as Ada just did. Your King's city pays "
                "5 × 5 = 25, doubled to 50 if the King ends the game there; city 2 pays only 3 × 4 = 12. "
                "A King never moves back, so hold it on your best city until better ones are built."
            ),
            "nudge": "Veto the King's move: click your veto die at the right of your row.",
        },
    ],
    "outro": (
        "Well played: you built, invested, vetoed a city, a coin and the King's move. Rounds 3 to 6 go the "
        "same way, with no city or coin vetoes in round 6. Once your vetoes run out your King moves on "
        "by itself, so plan where it stops. At the end every coin is turned over: tile × coin for each "
        "city, double under your King, plus 1 a veto left. Now play a whole game against Easy."
    ),
}
