"""The one event every controller produces: keyboard, mouse/touch, gamepad,
buzzer box and bot alike.

`t_ns` is `time.monotonic_ns()` taken as close to the hardware as the source
allows: the app polls SDL's queue every millisecond between frames (SDL
events carry no usable timestamp in pygame), buzzer boxes timestamp on the
board and their times are mapped onto this clock.
"""
from __future__ import annotations

import queue
from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerEvent:
    device: str  # "keyboard-1", "mouse", "touch", "gamepad-<id>", "buzzer-<box>-<station>", "bot"
    control: str  # "up" "down" "left" "right" "confirm" "back" "menu" "point" "deck0".."deck4" "wokup"
    pressed: bool
    t_ns: int
    seat: int | None = None  # filled in from the seat assignment, None if unassigned
    pos: tuple[float, float] | None = None  # pointer position in window pixels
    uncertainty_ns: int = 0  # clock-sync bound of a buzzer box's timestamp


class EventQueue:
    """Thread-safe: readers of serial ports and bot threads put, the frame loop drains."""

    def __init__(self) -> None:
        self._q: queue.SimpleQueue[PlayerEvent] = queue.SimpleQueue()

    def put(self, event: PlayerEvent) -> None:
        self._q.put(event)

    def drain(self) -> list[PlayerEvent]:
        out = []
        while True:
            try:
                out.append(self._q.get_nowait())
            except queue.Empty:
                return out
