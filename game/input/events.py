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
from enum import StrEnum


class Control(StrEnum):
    """What a press means, whatever the device: the names scenes compare against."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CONFIRM = "confirm"
    BACK = "back"
    MENU = "menu"
    POINT = "point"  # a tap or click, with `pos`
    ACTION = "action"  # a phone's chosen move, with `action` (game/web)
    DECK0 = "deck0"
    DECK1 = "deck1"
    DECK2 = "deck2"
    DECK3 = "deck3"
    DECK4 = "deck4"
    WOKUP = "wokup"


DECKS = (Control.DECK0, Control.DECK1, Control.DECK2, Control.DECK3, Control.DECK4)


def deck_index(control: str) -> int | None:
    """0-4 for the deck controls, None for anything else ("deck9" included):
    a scene reads deck numbers only through this."""
    try:
        return DECKS.index(Control(control))
    except ValueError:
        return None


@dataclass(frozen=True)
class DeviceId:
    """A device's name, parsed in one place: "keyboard-2", "gamepad-7",
    "buzzer-00a1-3" (box 00a1, station 3), "touch", "mouse", "bot"."""

    kind: str
    unit: str = ""  # the zone, pad instance or box id
    station: int | None = None  # a buzzer box's station

    @classmethod
    def parse(cls, device: str | None) -> DeviceId | None:
        if not device:
            return None
        kind, _sep, rest = device.partition("-")
        if kind == "buzzer":
            box, _sep, station = rest.partition("-")
            return cls(kind, box, int(station)) if station.isdigit() else None
        return cls(kind, rest)

    @classmethod
    def buzzer(cls, box_id: int, station: int) -> DeviceId:
        return cls("buzzer", f"{box_id:04x}", station)

    def __str__(self) -> str:
        if self.kind == "buzzer":
            return f"buzzer-{self.unit}-{self.station}"
        return f"{self.kind}-{self.unit}" if self.unit else self.kind

    @property
    def unpluggable(self) -> bool:
        """A controller that can be pulled out mid-game (the table waits for it)."""
        return self.kind in ("gamepad", "buzzer")


@dataclass(frozen=True)
class PlayerEvent:
    device: str  # "keyboard-1", "mouse", "touch", "gamepad-<id>", "buzzer-<box>-<station>", "phone-<seat>", "bot"
    control: str  # "up" "down" "left" "right" "confirm" "back" "menu" "point" "deck0".."deck4" "wokup" "action"
    pressed: bool
    t_ns: int
    seat: int | None = None  # filled in from the seat assignment, None if unassigned
    pos: tuple[float, float] | None = None  # pointer position in window pixels
    uncertainty_ns: int = 0  # clock-sync bound of a buzzer box's or a phone's timestamp
    # A chosen action (control "action"): a phone names one of the legal actions it
    # was shown; the rules still check it like any other (game/web/README.md).
    action: dict | None = None


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
