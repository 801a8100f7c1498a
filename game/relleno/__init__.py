"""Relleno: pastry chefs choose a secret time card each day, then fill recipes or restock."""

from game.engine.gamedef import GameDef, Option
from game.engine.picking import ForwardRandomBot
from game.i18n import N_

from .bots import easy_bot, hard_bot
from .cues import CUES
from .highlights import highlights
from .pictures import needed as pictures_needed
from .rules import ADVANCED_ALWAYS_AT, RellenoState


def stats(state: RellenoState) -> dict:
    """Per-game figures for `python -m game simulate`."""
    return {
        "days": state.day,
        "fills": sum(len(t) for t in state.taken),
        "top_points": max(state.scores()),
    }


GAME = GameDef(
    id="relleno",
    module=__name__,
    state_cls=RellenoState,
    cues=CUES,
    highlights=highlights,
    pictures=pictures_needed,
    scene="game.relleno.scene:RellenoScene",
    bots={"random": ForwardRandomBot, "easy": easy_bot, "hard": hard_bot},
    stats=stats,
    # Advanced recipes: always in play from ADVANCED_ALWAYS_AT seats (the rulebook's setup), a choice below.
    options=(
        Option(
            "advanced",
            N_("Advanced recipes"),
            (False, True),
            (N_("off"), N_("on")),
            fixed=(ADVANCED_ALWAYS_AT, True, N_("on: always with {n} players")),
        ),
    ),
)
