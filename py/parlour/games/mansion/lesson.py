"""Mansion's guided first game: four turns against Ada, up to a complete ground floor.

What it covers, in the order play meets it:
- the secret bid form (turn 1): splitting 5 coins over Wood and Plans, why wood (bedrooms eat it) and
  why plans (the higher bid picks first); the reveal table and the 4-and-1 awards of a two-player
  game (the bid form itself says every coin bid goes back to the supply);
- picking from the plans on display (the Master bedroom, 8 points);
- building one plan a turn, the first one a bathroom (every floor needs one), and Done building;
- answering a trade: Ada's 1 marble for 1 wood is exactly what the ground floor still lacks;
- income and the starting player passing each turn; bidding for the next floor's materials;
- the staircase (not a room; a floor starts only once the one below is complete and has one);
- the bedroom bonus (a second plans pick for a third bedroom), and a tie on a bid (both win 4);
- completing a floor: the third room, with a bathroom among them, scores the floor bonus.

Why these moves: seed 56 deals the learner a Bathroom, a Bedroom and a Staircase, with a Master bedroom
and a Bedroom on display, so one ground floor of three rooms shows every building code that matters
early.  The learner's bids buy what the hand's plans need (the numbers are named in each step); the
Hard bot agrees with the picks, the first build and the last, and with accepting the trade.  Ada's
picks, builds, trade offer and first two bids are the Easy, Medium or Hard bot's own choices there;
her bids in turns 3 and 4 are plain splits of her coins, chosen so that the learner's bids win and
a tie on wood shows up.  The lesson stops in
turn 4 of 20 with the learner's Done building after the build that completes the ground floor: the
board keeps showing the position before a lesson's last move, so that last move is the Done, and the
complete floor (37 points) is what the learner sees beside the outro.
"""

LESSON = {
    "players": 2,
    "seed": 56,
    "options": {},
    "learner": 0,
    "names": ["You", "Ada"],
    "intro": ("Mansion: each turn you bid coins in secret for wood, marble, plumbing and room plans, "
              "then build floor by floor. In four turns against Ada you will finish your ground floor."),
    "steps": [
        # --- turn 1: you are the starting player ---
        {"seat": 1, "action": {"type": "bid", "wood": 2, "marble": 2, "plumbing": 0, "plans": 1}},
        {"seat": 0, "action": {"type": "bid", "wood": 3, "marble": 0, "plumbing": 0, "plans": 2},
         "say": ("Ada has sealed her bids. Yours are filled in: 3 on Wood, 2 on Plans; press Seal my bids. "
                 "A Bedroom takes 3 wood, and the higher bid on Plans picks first from the display, where "
                 "a Master bedroom worth 8 waits."),
         "nudge": "In this lesson, seal the marked bids: 3 on Wood and 2 on Plans."},
        {"seat": 0, "action": {"type": "pick", "plan": "master_bedroom"},
         "say": ("Take the Master bedroom from the display. The table shows the bids: your 3 on Wood beat "
                 "Ada's 2, so you won 4 wood and she 1; your 2 on Plans beat her 1, so you pick first."),
         "nudge": "Take the Master bedroom, marked in blue: 8 points, and it counts as a bedroom."},
        {"seat": 1, "action": {"type": "pick", "plan": "bathroom"}},
        {"seat": 0, "action": {"type": "build", "plan": "bathroom", "floor": 1},
         "say": ("Choose the Bathroom in Your plans to build it on Floor 1 (ground). As starting player you "
                 "build first, one plan a turn. A floor is complete with 3 rooms, a bathroom among them."),
         "nudge": "Build the Bathroom first: every floor needs one."},
        {"seat": 0, "action": {"type": "done"},
         "say": ("Press Done building: one build a turn. You could propose a trade here too, but you need "
                 "nothing yet."),
         "nudge": "Press Done building; Ada builds next."},
        {"seat": 1, "action": {"type": "propose",
                               "give0_coins": 0, "give0_wood": 0, "give0_marble": 1, "give0_plumbing": 0,
                               "give0_plans": [],
                               "get0_coins": 0, "get0_wood": 1, "get0_marble": 0, "get0_plumbing": 0,
                               "get0_plans": []}},
        {"seat": 0, "action": {"type": "accept"},
         "say": ("Ada offers 1 marble for 1 of your wood. Press Accept. Your ground floor still needs a "
                 "Bedroom, the Master bedroom and a Staircase: 7 wood and 5 marble. You hold 8 wood but "
                 "4 marble: this trade makes it exact."),
         "nudge": "Accept Ada's offer: it turns a spare wood into the marble you lack."},
        {"seat": 1, "action": {"type": "build", "plan": "master_bedroom", "floor": 1}},
        {"seat": 1, "action": {"type": "done"}},
        # --- turn 2: Ada is the starting player ---
        {"seat": 1, "action": {"type": "bid", "wood": 1, "marble": 1, "plumbing": 1, "plans": 1}},
        {"seat": 0, "action": {"type": "bid", "wood": 3, "marble": 2, "plumbing": 0, "plans": 0},
         "say": ("Turn 2: everyone took 5 coins, and Ada starts now. Bid 3 on Wood and 2 on Marble, and seal: "
                 "floor 2's Bathroom and Dining room will need 3 of each. With two players the higher bid "
                 "wins 4, the lower 1."),
         "nudge": "In this lesson, seal the marked bids: 3 on Wood and 2 on Marble."},
        {"seat": 1, "action": {"type": "pick", "plan": "kitchen"}},
        {"seat": 1, "action": {"type": "build", "plan": "bedroom", "floor": 1}},
        {"seat": 1, "action": {"type": "done"}},
        {"seat": 0, "action": {"type": "build", "plan": "staircase", "floor": 1},
         "say": ("You won 4 wood and 4 marble. Build the Staircase on floor 1. It is not a room; floor 2 can "
                 "only start once floor 1 is complete and has its staircase."),
         "nudge": "Build the Staircase this turn: it is your way up to floor 2."},
        {"seat": 0, "action": {"type": "done"},
         "say": "Press Done building. The starting player moves one seat each turn, so turn 3 is yours.",
         "nudge": "Press Done building."},
        # --- turn 3: you are the starting player ---
        {"seat": 1, "action": {"type": "bid", "wood": 2, "marble": 2, "plumbing": 2, "plans": 0}},
        {"seat": 0, "action": {"type": "bid", "wood": 0, "marble": 0, "plumbing": 3, "plans": 2},
         "say": ("Bid 3 on Plumbing and 2 on Plans. Each bathroom takes 2 plumbing and you have 3. Floor 2 "
                 "needs 3 rooms like floor 1, but after floor 1 you hold only two for it: the Bathroom and "
                 "the Dining room."),
         "nudge": "In this lesson, seal the marked bids: 3 on Plumbing and 2 on Plans."},
        {"seat": 0, "action": {"type": "pick", "plan": "bedroom"},
         "say": ("You won 4 plumbing, and you alone bid on Plans. Take the Bedroom: 2 bedrooms score a "
                 "bonus of 10, 3 give 30 and 4 give 60."),
         "nudge": "Take the Bedroom: bedrooms earn a bonus together."},
        {"seat": 0, "action": {"type": "build", "plan": "bedroom", "floor": 1},
         "say": ("Build a Bedroom on floor 1. That makes 2 rooms with the bathroom: one more room completes "
                 "the floor."),
         "nudge": "Build a Bedroom on floor 1 this turn."},
        {"seat": 0, "action": {"type": "done"},
         "say": "Press Done building, and watch Ada build.",
         "nudge": "Press Done building."},
        {"seat": 1, "action": {"type": "build", "plan": "ballroom", "floor": 1}},
        {"seat": 1, "action": {"type": "done"}},
        # --- turn 4: Ada is the starting player ---
        {"seat": 1, "action": {"type": "bid", "wood": 3, "marble": 1, "plumbing": 1, "plans": 0}},
        {"seat": 0, "action": {"type": "bid", "wood": 3, "marble": 2, "plumbing": 0, "plans": 0},
         "say": ("Bid 3 on Wood and 2 on Marble: after the Master bedroom you will keep 4 of each, and "
                 "floor 2 with its staircase takes 8 wood and 5 marble."),
         "nudge": "In this lesson, seal the marked bids: 3 on Wood and 2 on Marble."},
        {"seat": 1, "action": {"type": "build", "plan": "bathroom", "floor": 1}},
        {"seat": 1, "action": {"type": "done"}},
        {"seat": 0, "action": {"type": "build", "plan": "master_bedroom", "floor": 1},
         "say": ("Ada bid 3 on Wood too: tied bids both win 4. Her bathroom made a floor of 4 rooms, so all "
                 "her floors need 4. Now build the Master bedroom, your third room."),
         "nudge": "Build the Master bedroom: it completes your ground floor."},
        {"seat": 0, "action": {"type": "done"},
         "say": ("Floor 1 is complete: 37 points, with +10 for the floor and +10 for two bedrooms. "
                 "Press Done building."),
         "nudge": "Press Done building."},
    ],
    "outro": ("Your ground floor is complete with its staircase, so floor 2 can start: again 3 rooms with a "
              "bathroom. A whole game runs 20 turns: bid for what you need, trade when it helps, and "
              "climb up to five floors for ever bigger bonuses."),
}
