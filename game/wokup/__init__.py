"""Wok Up: throw ingredient tokens into the wok, slap completed recipes, shout "Wok'up!"."""
from game.engine.gamedef import GameDef

from . import bots
from .rules import WokUpState
from .simulate import simulate
from .table import bench_step

GAME = GameDef(
    id="wokup",
    state_cls=WokUpState,
    scene="game.wokup.scene:WokUpScene",
    realtime=True,
    bots={level: (lambda level=level: bots.make(level)) for level in bots.LEVELS},
    simulate=simulate,
    benches={"physics step, 25 tokens": bench_step},
)
