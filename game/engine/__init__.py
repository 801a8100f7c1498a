"""The game contract, the shared rules test kit and the bots' search. No pygame here."""
from .rng import Rng
from .state import SYSTEM, Action, GameState, IllegalAction, require

__all__ = ["Rng", "SYSTEM", "Action", "GameState", "IllegalAction", "require"]
