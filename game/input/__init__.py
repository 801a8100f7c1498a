"""One input path: every controller becomes a `PlayerEvent`."""
from .events import EventQueue, PlayerEvent

__all__ = ["EventQueue", "PlayerEvent"]
