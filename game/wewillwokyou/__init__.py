"""We Will Wok You (Sebastian Bleasdale): buy ingredient rows with coins whose prices
move, take Wok cards with four identical symbols, score Woks at the end."""

from game.engine.gamedef import GameDef

from .bots import BOTS
from .colours import INGREDIENT_COLOUR
from .cues import CUES
from .highlights import highlights
from .pictures import needed as pictures_needed
from .rules import WokState


def stats(state: WokState) -> dict:
    """Per-game figures for `python -m game simulate`."""
    kinds = [entry["action"]["type"] for entry in state.log]
    return {
        "woks_taken": sum(len(w) for w in state.woks),
        "rows_bought": kinds.count("buy"),
        "coins_taken": kinds.count("coin"),
        "best_score": max(state.scores()),
    }


def ingredient_colours() -> dict:
    return dict(INGREDIENT_COLOUR)


GAME = GameDef(
    id="wewillwokyou",
    module=__name__,
    state_cls=WokState,
    cues=CUES,
    highlights=highlights,
    pictures=pictures_needed,
    scene="game.wewillwokyou.scene:WokScene",
    bots=BOTS,
    stats=stats,
    palettes={"ingredients": ingredient_colours},
)
