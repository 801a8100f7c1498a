"""The game contract, the shared rules test kit and the bots' search. No pygame here."""

from .rng import Rng
from .state import SYSTEM, Action, ActionFailed, GameState, IllegalAction, detached, require, shown

__all__ = ["SYSTEM", "Action", "ActionFailed", "GameState", "IllegalAction", "Rng", "detached", "require", "shown"]
