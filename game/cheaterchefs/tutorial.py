"""Cheater Chefs' guided first game: on seed 4 with two seats your order is garlic
prawns (prawn, garlic, tomato, onion). You put the garlic on your counter, then
throw away what your order does not need; the partner (seat 1) answers with
harmless ingredients of its own; then a bot plays on."""

from game.engine.tutorial import Step, Tutorial
from game.i18n import N_

TUTORIAL = Tutorial(
    seed=4,
    seats=2,
    steps=(
        Step(
            N_("Your order is garlic prawns: prawn, garlic, tomato, onion. Play the garlic onto your counter."),
            lambda a: a == {"type": "play", "card": "garlic"},
            N_("Not that card: only the four ingredients of your order count. Play the garlic."),
            [{"type": "play", "card": "onion"}],
        ),
        Step(
            N_("You drew back to four cards. Discard the chicken: your order does not need it."),
            lambda a: a["type"] == "discard_hand" and "chicken" in a["cards"] and "garlic" not in a["cards"],
            N_("This step is a discard: throw away the chicken, and keep the garlic in case yours is spoilt."),
            [{"type": "play", "card": "rice"}],
        ),
    ),
    done=N_("End a turn with exactly your four ingredients to win. Traps (black frame) play tricks: see the rules."),
)
