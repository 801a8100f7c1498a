"""Wok Up: throw ingredient tokens into the wok, slap completed recipes, shout "Wok'up!"."""
from game.engine.gamedef import GameDef

from .rules import WokUpState

GAME = GameDef(
    id="wokup",
    state_cls=WokUpState,
    scene="game.wokup.scene:WokUpScene",
)
