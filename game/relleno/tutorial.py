"""Relleno's guided first game: on seed 1 with two seats your chefs are Aiko (8:40,
vanilla), Remy (6:41, strawberry and custard) and Vicki (6:02, chocolate and
blueberry), and the book shows a Vanilla slice (vanilla, strawberry). Day 1 you
show Vicki, the earliest time, and fill the Vanilla slice with the two chefs
left; day 2 the slice is your only card, so it is your time card, and with an
empty hand you restock. The partner (seat 1) shows Dario (8:35, so you play
first on day 1), fills the Blueberry scone with its other two chefs, then shows
the scone (7:13, first on day 2) and restocks; then a bot plays on."""

from game.engine import picking
from game.engine.tutorial import Step, Tutorial
from game.i18n import N_

TUTORIAL = Tutorial(
    seed=1,
    seats=2,
    steps=(
        Step(
            N_(
                "Everyone picks a time card in secret: the earliest plays first, and the card is discarded."
                " Tap Vicki (6:02), then Play."
            ),
            lambda a: a == {"type": "time_card", "card": "vicki", "early": []},
            N_("Not that one today: show Vicki alone, so you play first and keep Aiko and Remy for a fill."),
            [{"type": "time_card", "card": "dario", "early": []}],
        ),
        Step(
            N_(
                "You play first. Fill the Vanilla slice: tap Aiko and Remy (vanilla, strawberry), then the lit recipe."
                " It joins your hand."
            ),
            lambda a: a.get("type") == "fill" and a.get("recipe") == "vanilla-slice",
            N_("This step is a fill: tap Aiko and Remy, then the Vanilla slice. Restocking comes later."),
            picking.steps_to({"type": "fill", "recipe": "blueberry-scone", "cards": ["bruno", "clara"]}, []),
        ),
        Step(
            N_("Day 2. Your hand holds only the Vanilla slice: it is your time card today. Tap it, then Play."),
            lambda a: a == {"type": "time_card", "card": "vanilla-slice", "early": []},
            N_("Tap the Vanilla slice, then Play: it is the only card in your hand."),
            [{"type": "time_card", "card": "blueberry-scone", "early": []}, {"type": "restock"}],
        ),
        Step(
            N_("Your hand is empty: restock. Tap Restock to take your whole discard pile back into your hand."),
            lambda a: a == {"type": "restock"},
            N_("This step is a plain restock: tap Restock (reserving a recipe can wait)."),
        ),
    ),
    done=N_(
        "That is a day: a time card, then a fill or a restock. Your points are the symbols on the recipes you"
        " filled; the rules screen has the rest."
    ),
)
