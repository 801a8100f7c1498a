"""A table's controllers: which device plays which seat, which seats' controllers
are unplugged (and a spare gamepad taking over a replugged one's seat), and the
scene covering a table that cannot go on without a player's hands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..i18n import _
from ..input import Control, DeviceId, PlayerEvent
from .pause import PauseScene
from .scene import Scene
from .session import SeatConfig
from .ui import INK, MUTED

if TYPE_CHECKING:
    from ..input.devices import Devices
    from .table import TableScene


class ControllerWatch:
    """Routes each device to its seat and keeps `missing`: the human seats whose
    controller is gone. `say` tells the room (a gamepad given to a seat)."""

    def __init__(self, seats: list[SeatConfig], devices: Devices, say: Callable[[str], None]) -> None:
        self.seats, self.devices, self.say = seats, devices, say
        self.missing: list[int] = []  # human seats whose gamepad or buzzer box is not connected
        self._known = frozenset(devices.controllers())
        self.remap()

    def refresh(self) -> None:
        """Map the seats again if a controller came or went since last time."""
        devices = frozenset(self.devices.controllers())
        if devices != self._known:
            self._known = devices
            self.remap()

    def remap(self) -> None:
        """Route each device to its seat and list the seats whose controller is
        gone. A seat whose gamepad is gone takes the next unclaimed pad that
        appears (SDL renumbers a replugged pad); a buzzer station keeps its name
        (box id and station), so it is simply back when its box is."""
        seats = self.seats
        present = set(self.devices.controllers())
        kind = {s: d for s, cfg in enumerate(seats) if (d := DeviceId.parse(cfg.controller)) is not None}
        self.missing = [
            s
            for s, cfg in enumerate(seats)
            if not cfg.is_bot and s in kind and kind[s].unpluggable and cfg.controller not in present
        ]
        claimed = {cfg.controller for cfg in seats}
        spare = [c for c in present if c.startswith("gamepad-") and c not in claimed]
        for seat in list(self.missing):
            if spare and kind[seat].kind == "gamepad":
                seats[seat].controller = spare.pop(0)
                self.missing.remove(seat)
                self.say(_("Gamepad connected for {name}").format(name=seats[seat].name))
        self.devices.seat_of = {cfg.controller: s for s, cfg in enumerate(seats) if cfg.controller and not cfg.is_bot}

    def needed(self, realtime: bool) -> list[int]:
        """The missing seats the game cannot go on without: every one at a real-time
        table; a buzzer box's anywhere (its players have no other hands)."""
        return [
            s
            for s in self.missing
            if realtime or getattr(DeviceId.parse(self.seats[s].controller), "kind", "") == "buzzer"
        ]

    def text(self, seat: int) -> str:
        """What to do about `seat`'s missing controller, in words."""
        cfg = self.seats[seat]
        device = DeviceId.parse(cfg.controller)
        if device is not None and device.kind == "buzzer":
            return _("{name}'s buzzer box {box} is unplugged: plug it back in").format(name=cfg.name, box=device.unit)
        return _("{name}'s gamepad is not connected: plug it in, or play by touch or mouse").format(name=cfg.name)


class ControllerWaitScene(Scene):
    """Covers a real-time table while a seat's controller is unplugged. Only
    the top scene advances, so the game's clock stands still underneath; it
    lifts by itself when the controller is back."""

    name = "controller-wait"
    overlay = True
    still = True  # the table under it stands still too; a controller back pops it

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table

    def handle(self, ev: PlayerEvent) -> None:
        if ev.pressed and ev.control == Control.MENU:
            self.app.push(PauseScene(self.app, self.table))

    def update(self, dt: float) -> None:
        self.table.refresh_controllers()
        if not self.table.missing:
            self.app.pop()

    def draw(self, surf) -> None:
        self.ui.shade(surf, 200)
        self.ui.title(surf, _("Waiting for a controller"), 300)
        for i, seat in enumerate(self.table.missing):
            self.ui.text(surf, self.table.missing_text(seat), (960, 460 + 70 * i), 44, INK, anchor="midtop", width=1800)
        self.ui.text(
            surf, _("The game is paused and nothing is lost."), (960, 760), 38, MUTED, anchor="midtop", width=1800
        )
