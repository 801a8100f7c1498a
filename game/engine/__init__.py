"""The game contract, the shared rules test kit and the bots' search. No pygame here."""

from .rng import Rng
from .state import SYSTEM, Action, GameState, IllegalAction, detached, require

__all__ = ["SYSTEM", "Action", "GameState", "IllegalAction", "Rng", "detached", "require"]
