"""Cheater Chefs: build your secret order on your counter, poison and trap the others."""

import tomllib

from game.engine.gamedef import GameDef, Option
from game.engine.picking import ForwardRandomBot
from game.i18n import N_
from game.media import asset_path

from .bots import easy_bot, hard_bot
from .cues import CUES
from .highlights import highlights
from .pictures import needed as pictures_needed
from .rules import ChefsState


def stats(state: ChefsState) -> dict:
    """Per-game figures for `python -m game simulate`."""
    return {
        "rounds": round(state.turn / state.num_seats, 2),
        "closing_time": int(state.closed),
        "traps": state.traps_played,
        "reshuffles": state.reshuffles,
    }


def ingredient_colours() -> dict:
    with asset_path("cheaterchefs", "ingredients.toml").open("rb") as f:
        return {i["id"]: i["colour"] for i in tomllib.load(f)["ingredient"]}


def mode_options(mode: str) -> dict:
    """Options for a `--mode` word: classic, menu, turbo, anti, or a team mode
    plus anti joined by '+' (menu+anti, turbo+anti)."""
    options: dict = {}
    for word in mode.lower().split("+"):
        if word in ("menu", "turbo"):
            options["mode"] = word
        elif word in ("anti", "anti_order", "anti-order"):
            options["anti_order"] = True
        elif word != "classic":
            raise ValueError(f"cheaterchefs has no mode {word!r} (classic, menu, turbo, anti)")
    return options


# Every option of the rules, as the seats screen offers them.
OPTIONS = (
    Option("mode", N_("Mode"), ("classic", "menu", "turbo"), (N_("Classic"), N_("Menu (teams)"), N_("Turbo (teams)"))),
    Option("anti_order", N_("Anti-order"), (False, True), (N_("off"), N_("on"))),
    Option(
        "teams", N_("Team"), (0, 1, 2), (N_("Team 1"), N_("Team 2"), N_("Team 3")), True, ("mode", ("menu", "turbo"))
    ),
    Option("round_limit", N_("Closing time"), (30, 15, 60), (N_("30 rounds"), N_("15 rounds"), N_("60 rounds"))),
    Option("first_seat", N_("First cook"), (None, 0, 1, 2, 3, 4, 5), (N_("drawn"),), seat_values=True),
)

GAME = GameDef(
    id="cheaterchefs",
    module=__name__,
    state_cls=ChefsState,
    cues=CUES,
    highlights=highlights,
    pictures=pictures_needed,
    scene="game.cheaterchefs.scene:CheaterChefsScene",
    bots={"random": ForwardRandomBot, "easy": easy_bot, "hard": hard_bot},
    stats=stats,
    mode_options=mode_options,
    palettes={"ingredients": ingredient_colours},
    options=OPTIONS,
)
