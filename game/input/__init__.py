"""One input path: every controller becomes a `PlayerEvent`."""

from .events import Control, DeviceId, EventQueue, PlayerEvent

__all__ = ["Control", "DeviceId", "EventQueue", "PlayerEvent"]
