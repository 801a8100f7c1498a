"""Playing a table forward at once, by its seats' bots (random for humans and the
table): for moments, screenshots and tests. TableScene's play_until, advance and
until_human."""

from __future__ import annotations

import hashlib
import json
import math
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import SYSTEM, Rng
from ..engine.bots import Bot, RandomBot
from ..engine.state import GameState

if TYPE_CHECKING:
    from .table import TableScene


def play_until(scene: TableScene, done: Callable[[Any], bool] = lambda state: False, limit: int = 400) -> None:
    """Play actions at once by the seats' bots (random for humans and the
    table) until `done(state)`, the end, or `limit` actions."""
    rng = Rng(scene.session.seed ^ len(scene.state.log))
    for _i in range(limit):
        if scene.state.is_over() or done(scene.state):
            break
        seat = rng.choice(scene.state.actors())
        if seat == SYSTEM:
            action = scene.state.sample_action(seat, rng)
        else:
            action = _choice(scene.session.bot_for(seat) or RandomBot(), scene.state, seat, rng)
        scene.submit(seat, action)
    scene.reveal = None  # played forward at once: nobody is looking at a reveal
    scene._update_viewer()


def until_human(scene: TableScene, after: int = 0, lift: bool = True) -> None:
    """Play `after` actions, then on until a human seat is to act; open its
    view (`lift`) or leave the curtain down for it."""
    scene.play_until(limit=after)
    humans = scene.session.humans()
    scene.play_until(lambda state: any(s in humans for s in state.actors()))
    seat = next((s for s in scene.state.actors() if s in humans), None)
    if seat is not None:
        scene.viewer, scene.curtain_for = (seat, None) if lift else (None, seat)


# Moments are reached from a table's start, each on its own (a game's "midgame", "hand" and
# "end" begin with the same moves, a screen's "results" plays the same game as its "end"),
# and a search bot thinks up to a second a move. A bot's choice is a function of the state
# (its game, seats, options, seed and log), the seat, the bot and the random stream, so it
# is remembered and replayed with the stream's state after it: reaching a moment again costs
# its moves, not its thinking. Bounded: a process keeps the latest choices only.
_CHOICES: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
_KEEP = 50_000


def _choice(bot: Bot, state: GameState, seat: int, rng: Rng) -> Any:
    if isinstance(bot, RandomBot):  # costs less than its key
        return bot.choose(state, seat, rng)
    if hasattr(bot, "seconds"):  # a search bot: bounded by its own counts alone, not the clock
        # (a search cut short on a busy machine chose other moves: the moment, and what its
        # layout test saw, changed with the load; its counts take ~0.1 s a move)
        bot.seconds = math.inf
    situation = json.dumps([state.game_id, state.num_seats, state.options, state.seed, state.log], sort_keys=True)
    key = (type(bot), repr(sorted(vars(bot).items())), hashlib.sha256(situation.encode()).digest(), seat, rng.state)
    if key in _CHOICES:
        action, after = _CHOICES[key]
        rng.state = after
        return json.loads(json.dumps(action))  # a copy: the rules may keep what they are given
    action = bot.choose(state, seat, rng)
    _CHOICES[key] = (json.loads(json.dumps(action)), rng.state)
    if len(_CHOICES) > _KEEP:
        _CHOICES.popitem(last=False)
    return action
