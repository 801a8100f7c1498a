"""Wok Up: throw ingredient tokens into the wok, slap completed recipes, shout "Wok'up!"."""

import functools
import tomllib

from game.engine.gamedef import GameDef, Option, RecordKind
from game.i18n import N_
from game.media import asset_path

from . import bots, clips, words
from .colours import INGREDIENT_COLOUR
from .cues import CUES
from .highlights import highlights
from .pictures import needed as pictures_needed
from .records import records
from .rules import WokUpState
from .simulate import simulate
from .table import bench_step


def deck_colours() -> dict:
    with asset_path("wokup", "cards.toml").open("rb") as f:
        return {d["id"]: d["colour"] for d in tomllib.load(f)["deck"]}


def ingredient_colours() -> dict:
    return dict(INGREDIENT_COLOUR)


GAME = GameDef(
    id="wokup",
    module=__name__,
    state_cls=WokUpState,
    cues=CUES,
    pictures=pictures_needed,
    scene="game.wokup.scene:WokUpScene",
    realtime=True,
    bots={level: functools.partial(bots.make, level) for level in bots.LEVELS},
    default_bot=bots.DEFAULT_LEVEL,
    bot_notes=words.LEVEL_NOTES,
    simulate=simulate,
    benches={"physics step, 25 tokens": bench_step},
    records=records,
    highlights=highlights,
    clip=clips.check,
    record_kinds=(
        RecordKind("fastest_slap_ms", True, "ms", N_("Fastest slap")),
        RecordKind("most_cards", False, "cards", N_("Most cards")),
    ),
    palettes={"decks": deck_colours, "ingredients": ingredient_colours},
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
