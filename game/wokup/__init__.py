"""Wok Up: throw ingredient tokens into the wok, slap completed recipes, shout "Wok'up!"."""

import functools

from game.engine.gamedef import GameDef, Option
from game.i18n import N_

from . import bots, words
from .records import records
from .rules import WokUpState
from .simulate import simulate
from .table import bench_step

GAME = GameDef(
    id="wokup",
    module=__name__,
    state_cls=WokUpState,
    scene="game.wokup.scene:WokUpScene",
    realtime=True,
    bots={level: functools.partial(bots.make, level) for level in bots.LEVELS},
    default_bot=bots.DEFAULT_LEVEL,
    bot_notes=words.LEVEL_NOTES,
    simulate=simulate,
    benches={"physics step, 25 tokens": bench_step},
    records=records,
    options=(
        Option(
            "target",
            N_("Cards to win"),
            (5, 3, 1),
            (N_("5 (full game)"), N_("3 (quick game)"), N_("1 (a taste)")),
        ),
        Option("learning", N_("Learning"), (False, True), (N_("off"), N_("on: counts shown"))),
    ),
)
