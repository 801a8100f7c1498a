"""Yatai (Bonfanti, Ceglia, Corti): run a Fukuoka street-food stall; slide an action
tile into a 2×3 grid and run its row or column; serve guests, win the reviews."""

from game.engine.gamedef import GameDef, Option
from game.i18n import N_

from .bots import BOTS
from .colours import COLOURS
from .cues import CUES
from .highlights import highlights
from .pictures import needed as pictures_needed
from .rules import YataiState


def stats(state: YataiState) -> dict:
    """Per-game figures for `python -m game simulate`, by scoring category (summed over seats)."""
    result = state.result or state.scoring()
    kinds = [entry["action"]["type"] for entry in state.log]
    return {
        "play": sum(r["play"] for r in result),
        "dish_majorities": sum(sum(r["dishes"].values()) for r in result),
        "guest_majorities": sum(sum(r["guests"].values()) for r in result),
        "reviews": sum(sum(r["reviews"].values()) for r in result),
        "tokens": sum(r["tokens"] for r in result),
        "served": kinds.count("serve"),
        "penalties": kinds.count("penalty"),
        "best_score": max(r["total"] for r in result),
    }


GAME = GameDef(
    id="yatai",
    module=__name__,
    state_cls=YataiState,
    cues=CUES,
    highlights=highlights,
    pictures=pictures_needed,
    scene="game.yatai.scene:YataiScene",
    bots=BOTS,
    stats=stats,
    palettes={"customers": lambda: dict(COLOURS)},
    # The seats screen offers it: the first player, or drawn (rules.py).
    options=(Option("first_seat", N_("First player"), (None, 0, 1, 2, 3), (N_("drawn"),), seat_values=True),),
)
