"""We Will Wok You's guided first game: on seed 1 with two seats, you take a
coin where it makes two rows cheaper, then buy one of them; then a bot plays on.
The partner (seat 1) answers each step with a coin from line 1, which leaves
your rows' price alone."""

from game.engine.tutorial import Step, Tutorial
from game.i18n import N_

PARTNER = [{"type": "coin", "line": 0}]

TUTORIAL = Tutorial(
    seed=1,
    seats=2,
    steps=(
        Step(
            N_("Take a coin from coin line 2: rows C and D beside it get 1 cheaper."),
            lambda a: a == {"type": "coin", "line": 1},
            N_("Not that one: take the coin from line 2, the line beside rows C and D."),
            PARTNER,
        ),
        Step(
            N_("Now buy row C or D: you pay the number on coin line 2 and take its cards."),
            lambda a: a["type"] == "buy" and a["row"] in (2, 3),
            N_("This step is about buying: choose row C or D (line 2's price, which your coins cover)."),
            PARTNER,
        ),
    ),
    done=N_("That is the heart of it. Lay four identical symbols to take a Wok card; the rules screen has the rest."),
)
