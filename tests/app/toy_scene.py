"""A plain scene for the toy game, so the app can be tested before any real game."""

from game.app.table import TableScene
from game.app.ui import INK
from game.engine import SYSTEM
from game.engine.bots import RandomBot
from game.engine.gamedef import GameDef
from game.engine.search import IsmctsBot

from ..engine.toygame import SnapState


class ToyScene(TableScene):
    def draw_table(self, surf):
        obs = self.state.observation(self.viewer)
        self.ui.text(surf, f"points {obs['points']}", (100, 100), 48, INK)
        if "hand" in obs:
            self.ui.text(surf, f"hand {obs['hand']}", (100, 200), 48, INK)

    def update(self, dt):
        super().update(dt)
        if self.state.actors() == [SYSTEM]:  # everyone has claimed or passed
            self.submit(SYSTEM, {"type": "close"})

    def table_event(self, ev):
        seat = self.acting_seat(ev)
        if ev.pressed and ev.control == "confirm" and seat is not None and seat in self.state.actors():
            self.submit(seat, self.state.legal_actions(seat)[0])


TOY = GameDef(
    "toy-snap",
    SnapState,
    "tests.app.toy_scene:ToyScene",
    bots={"random": RandomBot, "strong": lambda: IsmctsBot(iterations=20, seconds=1e9)},
)
