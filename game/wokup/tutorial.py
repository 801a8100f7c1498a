"""Wok Up's guided first game: on seed 1 with two seats (the bot held back), the
second throw leaves 5 mushroom pictures in the wok, which completes the Plenty
card: you slap it, win it and turn a new recipe. The next round's sixth throw
brings 10 meat pictures: you shout Wok'up! and take any recipe. Each step's
moment stops the game's clock until you act; then the bot plays on.

The throws are the same every time: a throw's physics depends only on the seed
and its place in the log, and the steps let nothing else into the log.
(tests/app/test_tutorial.py plays it through.) Learning mode is on: the wok's
counts show top left and a complete recipe glows."""

from game.engine.tutorial import Step, Tutorial
from game.i18n import N_

from .recipes import wokup_ready
from .rules import Phase, WokUpState

PLENTY = 1  # the deck of the Plenty card "5 mushroom pictures or more", face up from the start


def _look(s: WokUpState) -> bool:
    return s.phase == Phase.LOOK and bool(s.table) and not s.claims


def _pick(kind: str, text: str, mistake: str) -> Step:
    """A step where the player, having won, takes or turns a deck (the timeout waits too)."""
    return Step(
        text,
        lambda a: a["type"] == kind,
        mistake,
        ready=lambda s: s.phase == Phase.PICK and s.picks[0] == {"seat": 0, "kind": kind},
    )


TUTORIAL = Tutorial(
    seed=1,
    seats=2,
    steps=(
        Step(
            N_(
                "Tokens fly into the wok. The Plenty card asks for 5 mushroom pictures or more: "
                "as soon as the wok shows them, slap card 2 (click it or press its key)."
            ),
            lambda a: a["type"] == "slap" and a["deck"] == PLENTY,
            N_(
                "Not that one: slap card 2, Plenty, whose 5 mushrooms are in the wok. "
                "A wrong slap puts you out of the round."
            ),
            ready=lambda s: _look(s) and PLENTY in s.complete_decks(),
            wait=N_("Not yet: the wok shows fewer than 5 mushrooms. A wrong slap puts you out of the round: wait."),
        ),
        _pick(
            "turn",
            N_("The card is yours! Now turn a new recipe face up: click one of the glowing face-down decks."),
            N_("Turn a face-down deck: click one of those that glow."),
        ),
        Step(
            N_(
                "A new round: the wok was emptied. When one ingredient shows 10 pictures or more, "
                "shout Wok'up! (the Wok! button or its key) to win any recipe."
            ),
            lambda a: a["type"] == "wokup",
            N_("The wok shows 10 pictures of one ingredient: shout Wok'up! with the Wok! button."),
            ready=lambda s: _look(s) and wokup_ready(s.wok_content()),
            wait=N_("Not now: watch the counts top left until one ingredient reaches 10, then shout Wok'up!"),
        ),
        _pick(
            "take",
            N_("Wok'up! Take any face-up recipe you like: click it."),
            N_("Take one of the face-up recipes: click it."),
        ),
    ),
    done=N_("Now turn a new deck and play on against the bot: the first to win 5 recipes is Grand Master of the Wok."),
    options={"learning": True},
)
