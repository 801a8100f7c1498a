"""Yatai's guided first game: on seed 303 with two seats you go first. The setup is
played for you (your menu: ramen, red, and a second dish drawn; the partner's:
yakitori, blue). Round 1: you slide the one-guest tile into the top row from the
left, so the row runs one guest, cook one dish, one drink; the guest drawn is a
red customer, who joins your queue, and you cook the red ramen they like. Then
you take a drink, which ends your turn; the partner (seat 1) slides the two-dish
tile into the top row, and a bot plays on."""

from game.engine.tutorial import Step, Tutorial
from game.i18n import N_

CUSTOMERS_1, COOK_2 = 0, 3  # tiles.toml, in order
TOP_ROW = 3  # grid.ARROWS: the first row, from the left

TUTORIAL = Tutorial(
    seed=303,
    seats=2,
    opening=(
        (0, {"type": "menu", "dish": "red"}),
        (1, {"type": "menu", "dish": "blue"}),
        (0, {"type": "bottle", "colour": "green"}),
        (1, {"type": "bottle", "colour": "yellow"}),
    ),
    steps=(
        Step(
            N_(
                "Each turn you slide a free tile into the grid; the row or column it lands in runs."
                " Tap the free tile with one guest, then the arrow left of the top row, then Slide it in."
            ),
            lambda a: a == {"type": "insert", "tile": CUSTOMERS_1, "arrow": TOP_ROW},
            N_("Not that move: slide the one-guest tile into the top row from the left (guests, cook, drinks)."),
        ),
        Step(
            N_("Your row runs: do its actions in any order. Tap the guest tile: a guest comes out of the bag."),
            lambda a: a == {"type": "customers", "slot": 0},
            N_("Guests first in this guide: tap the guest tile at the left of the lit row."),
        ),
        Step(
            N_("A red customer. Send them to your own queue (tap its lit space): you serve only your own queue."),
            lambda a: a == {"type": "guest", "guest": 0, "seat": 0},
            N_("Keep this one: a red customer likes your red ramen. Tap the lit space of your own queue."),
        ),
        Step(
            N_(
                "Now cook: tap the cook tile, then the red ramen. A guest served a dish of their own colour"
                " scores a point more."
            ),
            lambda a: a == {"type": "cook", "slot": 1, "dishes": ["red"]},
            N_("Cook the ramen: it is red, like the customer waiting in your queue."),
        ),
        # Asked while the turn is still the player's: the last action of the line ends it.
        Step(
            N_(
                "Last, take a drink: tap the drinks tile, then a drink (a red one suits your red customer)."
                " Every action of the line done, your turn ends."
            ),
            lambda a: a.get("type") == "drinks",
            N_("Take your drink: tap the drinks tile at the right of the lit row."),
            [{"type": "insert", "tile": COOK_2, "arrow": TOP_ROW}],
        ),
    ),
    done=N_(
        "Next turn serve your guest: a dish and drinks of their colour score more,"
        " and they sit on your reputation board."
    ),
)
