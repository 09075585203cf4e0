"""Castles, the guided first game: one whole round against Ada, from the empty table to the scored map.

You play Suns (seat 0) against Ada's Moons, standard terrain.  Seed 320 starts
the round with Ada, so Ada lays the first tile (the Suns 3, in the middle) and
you deploy the round's last army, which scores the round: the lesson ends on
the round's score screen, then hands over.  The deal gives you Suns tiles and
a Suns 5 as your proper tile, so the map phase can show the one plan that
matters: gather your own suit round the square your castle will stand on.

The moves, in the order play meets them:
- laying the map: draw and lay a tile edge to edge (Suns 2 beside the Suns 3);
  take your secret proper tile when it fits (the Suns 5, your castle's square);
  fill a side of it with a worthless Suns null so no Moons tile can go there;
  close the last side with a Suns 4 after Ada blocks the east with a Moons 3;
  spoil a side of Ada's Moons 5 with a Suns ace; and, the pile empty, take
  Ada's proper tile (a Moons 2) and lay it where it touches neither castle.
- castles: Ada on her Moons 5, you on your Suns 5 (5 gold, plus the Suns 2 and
  4 beside it if held, minus 3 if the Moons 3 is lost).
- armies, each answering what Ada just did: your 5 on the Moons 3 she attacks
  (one army can at most tie it, and a tie keeps control); your ace on your
  castle, where it is worth the tile's 5; your 4 on the Suns 4 she attacks (a
  tie at 4, kept); your 3 raiding her castle; your 2 on the unguarded Suns 2;
  your null on your castle, against her null there.
The round ends 16 to 14 for you.  Ada's moves are plausible for a bot that
keeps its Moons together and attacks the tiles round your castle.  Left for
the whole game: a round per player (each seat starts one), the ace castle's
bonus, other terrains, and bluffing with low armies.
"""

LESSON = {
    "players": 2,
    "seed": 320,
    "options": {"terrain": "standard"},
    "learner": 0,
    "names": ["You", "Ada"],
    "intro": ("Lay a map together, build your castle on a tile of your suit, then hide armies to hold the land "
              "around it. You are Suns; Ada is Moons."),
    "steps": [
        {"seat": 1, "action": {"type": "draw"}},
        {"seat": 1, "action": {"type": "place", "x": 0, "y": 0}},
        {"seat": 0, "action": {"type": "draw"},
         "say": "Ada laid the first tile, a Suns 3. Choose the resource pile to draw.",
         "nudge": "Draw from the resource pile first: it is marked in blue."},
        {"seat": 0, "action": {"type": "place", "x": 1, "y": 0},
         "say": ("Lay your Suns 2 east of the Suns 3: tiles must share a whole edge. Keep your Suns together: "
                 "your castle scores the tiles beside it."),
         "nudge": "Lay the Suns 2 on the blue square, east of the Suns 3."},
        {"seat": 1, "action": {"type": "draw"}},
        {"seat": 1, "action": {"type": "place", "x": -1, "y": 0}},
        {"seat": 0, "action": {"type": "take_proper", "owner": 0},
         "say": "Now take your proper tile instead: a Suns 5 set aside that only you know.",
         "nudge": "Take your proper tile this time (marked in blue), not the pile."},
        {"seat": 0, "action": {"type": "place", "x": 1, "y": 1},
         "say": "Lay it south of your Suns 2. A castle here scores 5, plus 2, with three sides still open.",
         "nudge": "Lay the Suns 5 on the blue square, south of your Suns 2."},
        {"seat": 1, "action": {"type": "draw"}},
        {"seat": 1, "action": {"type": "place", "x": -1, "y": -1}},
        {"seat": 0, "action": {"type": "draw"},
         "say": "Draw again. Ada's Moons 5 may become her castle."},
        {"seat": 0, "action": {"type": "place", "x": 0, "y": 1},
         "say": "A Suns null is worth 0, but lay it west of your Suns 5: now no Moons tile can go on that side.",
         "nudge": "Lay the null on the blue square, west of your Suns 5."},
        {"seat": 1, "action": {"type": "draw"}},
        {"seat": 1, "action": {"type": "place", "x": 2, "y": 1}},
        {"seat": 0, "action": {"type": "draw"},
         "say": "Draw again. Ada's Moons 3 east of your Suns 5 costs you 3 unless your armies hold it."},
        {"seat": 0, "action": {"type": "place", "x": 1, "y": 2},
         "say": "A Suns 4: lay it on the last free side of your Suns 5, to the south.",
         "nudge": "Lay the Suns 4 on the blue square, south of your Suns 5."},
        {"seat": 1, "action": {"type": "draw"}},
        {"seat": 1, "action": {"type": "place", "x": -2, "y": -1}},
        {"seat": 0, "action": {"type": "draw"},
         "say": "Draw once more. Ada added a Moons ace by her Moons 5."},
        {"seat": 0, "action": {"type": "place", "x": 0, "y": -1},
         "say": "Lay this Suns ace east of Ada's Moons 5: it takes a side she wanted, and costs her 1 unless she holds it.",
         "nudge": "Lay the Suns ace on the blue square, east of Ada's Moons 5."},
        {"seat": 1, "action": {"type": "draw"}},
        {"seat": 1, "action": {"type": "place", "x": -1, "y": -2}},
        {"seat": 0, "action": {"type": "take_proper", "owner": 1},
         "say": "Take Ada's proper tile: once the pile is empty, any player may take it.",
         "nudge": "Take Ada's proper tile: it is marked in blue."},
        {"seat": 0, "action": {"type": "place", "x": 2, "y": 2},
         "say": "A Moons 2: lay it in the corner, where it touches neither castle.",
         "nudge": "Lay the Moons 2 on the blue square, in the corner."},
        {"seat": 1, "action": {"type": "castle", "x": -1, "y": -1}},
        {"seat": 0, "action": {"type": "castle", "x": 1, "y": 1},
         "say": ("Build your castle on your Suns 5, as Ada did on her Moons 5: 5 gold, plus 2 and 4 for the Suns "
                 "tiles beside it if you hold them."),
         "nudge": "Build your castle on your Suns 5, marked in blue."},
        {"seat": 1, "action": {"type": "deploy", "rank": 3, "x": 2, "y": 1}},
        {"seat": 0, "action": {"type": "deploy", "rank": 5, "x": 2, "y": 1},
         "say": ("Put your 5 army on the Moons 3 by your castle, where Ada hid an army: one army can "
                 "at most tie your 5, and a tie keeps control."),
         "nudge": "Choose your 5 army, then the Moons 3 east of your castle."},
        {"seat": 1, "action": {"type": "deploy", "rank": 5, "x": -1, "y": -1}},
        {"seat": 0, "action": {"type": "deploy", "rank": 1, "x": 1, "y": 1},
         "say": ("Put your ace army on your castle, where it adds 5: an ace counts the tile's number (6 on an "
                 "ace tile, 1 on a null)."),
         "nudge": "Choose your ace army, then your castle's tile."},
        {"seat": 1, "action": {"type": "deploy", "rank": 4, "x": 1, "y": 2}},
        {"seat": 0, "action": {"type": "deploy", "rank": 4, "x": 1, "y": 2},
         "say": "Guard your Suns 4 with your 4 army: Ada is after it, and only her 5 could beat it.",
         "nudge": "Choose your 4 army, then your Suns 4, south of your castle."},
        {"seat": 1, "action": {"type": "deploy", "rank": 1, "x": -1, "y": -2}},
        {"seat": 0, "action": {"type": "deploy", "rank": 3, "x": -1, "y": -1},
         "say": "Raid: put your 3 army on Ada's castle, where each point takes a point off her score.",
         "nudge": "Choose your 3 army, then Ada's castle on her Moons 5."},
        {"seat": 1, "action": {"type": "deploy", "rank": 2, "x": -1, "y": -1}},
        {"seat": 0, "action": {"type": "deploy", "rank": 2, "x": 1, "y": 0},
         "say": "Put your 2 army on your Suns 2: it has no guard, and Ada has one army left.",
         "nudge": "Choose your 2 army, then your Suns 2, north of your castle."},
        {"seat": 1, "action": {"type": "deploy", "rank": 0, "x": 1, "y": 1}},
        {"seat": 0, "action": {"type": "deploy", "rank": 0, "x": 1, "y": 1},
         "say": ("Add your null army to your castle, where Ada's last army went: a null is worth 1 anywhere. "
                 "Then all armies turn up and the round is scored."),
         "nudge": "Choose your null army, then your castle's tile."},
    ],
    "outro": ("You won the round 16 to 14. A whole game has one round per player, each on a fresh map, and the "
              "gold adds up. A face-down null looks just like a 5. Now play a whole game against Easy."),
}
