"""Cheater Chefs: build your secret order on your counter, poison and trap the others."""

from game.engine.bots import RandomBot
from game.engine.gamedef import GameDef

from .bots import easy_bot, hard_bot
from .rules import ChefsState


def stats(state: ChefsState) -> dict:
    """Per-game figures for `python -m game simulate`."""
    return {
        "rounds": round(state.turn / state.num_seats, 2),
        "closing_time": int(state.closed),
        "traps": state.traps_played,
        "reshuffles": state.reshuffles,
    }


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


GAME = GameDef(
    id="cheaterchefs",
    module=__name__,
    state_cls=ChefsState,
    scene="game.cheaterchefs.scene:CheaterChefsScene",
    bots={"random": RandomBot, "easy": easy_bot, "hard": hard_bot},
    stats=stats,
    mode_options=mode_options,
)
