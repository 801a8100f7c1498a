"""The one bot interface every game implements.

A bot sees what its seat sees: it may call `state.observation(seat)`,
`state.legal_actions(seat)` and `state.determinize(seat, rng)`, and nothing
else of the true state. The shared test kit checks this: a bot must choose the
same action on a state and on any determinization of it for its seat.
"""

from __future__ import annotations

from typing import Any

from .rng import Rng
from .state import Action, GameState


class Bot:
    name = "bot"
    # Seconds the app waits before showing the move, so people can follow it.
    think_delay = 0.6

    def choose(self, state: Any, seat: int, rng: Rng) -> Action:
        """`state` is the game's own state class (a bot belongs to one game)."""
        raise NotImplementedError


class RandomBot(Bot):
    """A uniformly random legal action: the baseline every real bot must beat."""

    name = "random"

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        return state.sample_action(seat, rng)
