"""Playing a table forward at once, by quick bots at the bot seats (random for humans
and the table): for moments, screenshots and tests. TableScene's play_until, advance
and until_human."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import SYSTEM, Rng
from ..engine.bots import Bot, RandomBot
from ..engine.gamedef import GameDef

if TYPE_CHECKING:
    from .table import TableScene


def play_until(scene: TableScene, done: Callable[[Any], bool] = lambda state: False, limit: int = 400) -> None:
    """Play actions at once by quick bots at the bot seats (random for humans
    and the table) until `done(state)`, the end, or `limit` actions."""
    rng = Rng(scene.session.seed ^ len(scene.state.log))
    bots = {seat: quick_bot(scene.session.gdef) for seat, cfg in enumerate(scene.session.seats) if cfg.is_bot}
    for _i in range(limit):
        if scene.state.is_over() or done(scene.state):
            break
        seat = rng.choice(scene.state.actors())
        if seat == SYSTEM:
            action = scene.state.sample_action(seat, rng)
        else:
            bot = bots.get(seat) or RandomBot()
            action = bot.choose(scene.state, seat, rng)
        scene.submit(seat, action)
    scene.reveal = None  # played forward at once: nobody is looking at a reveal
    scene._update_viewer()


def quick_bot(gdef: GameDef) -> Bot:
    """The game's weakest level above random (levels are listed weakest first): it plays
    sensibly at once, where a strongest level searches for a fifth of a second a move.
    A moment is a kind of situation, reached as well by either."""
    levels = [level for level in gdef.bots if level != "random"]
    return gdef.make_bot(levels[0] if levels else "random")


def until_human(scene: TableScene, after: int = 0, lift: bool = True) -> None:
    """Play `after` actions, then on until a human seat is to act; open its
    view (`lift`) or leave the curtain down for it."""
    scene.play_until(limit=after)
    humans = scene.session.humans()
    scene.play_until(lambda state: any(s in humans for s in state.actors()))
    seat = next((s for s in scene.state.actors() if s in humans), None)
    if seat is not None:
        scene.viewer, scene.curtain_for = (seat, None) if lift else (None, seat)
