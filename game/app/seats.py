"""Seat set-up: how many seats, and for each a name, colour, human or bot
(and its level), and which controller it plays with."""

from __future__ import annotations

import time

import pygame

from ..i18n import N_, _
from ..input import DeviceId, PlayerEvent
from ..input.devices import controller_label
from .scene import Scene
from .session import CHEF_NAMES, COLOURS, Session, default_seats
from .table import make_table
from .ui import ACCENT, INK, MUTED, PANEL, PANEL_HI, SEAT_COLOURS

FIELDS = ["name", "colour", "kind", "level", "controller"]
FIELD_NAMES = {
    "name": N_("Name"),
    "colour": N_("Colour"),
    "kind": N_("Player"),
    "level": N_("Bot level"),
    "controller": N_("Controller"),
}


class SeatsScene(Scene):
    name = "seats"

    def __init__(self, app, entry) -> None:
        super().__init__(app)
        self.entry = entry
        self.gdef = entry.gdef
        self.levels = [lvl for lvl in self.gdef.bots]
        lo, hi = entry.players
        self.count = min(max(lo, 4), hi)
        self.seats = default_seats(hi, self.levels, self.gdef.default_bot)
        self._use_assigned_buzzers()
        self.row, self.col = 0, 0  # row 0 is the seat count; rows 1.. are seats; last is Start
        self.cells: dict[tuple[int, int], pygame.Rect] = {}

    def _use_assigned_buzzers(self) -> None:
        """A seat given a buzzer station (Settings > Buzzer boxes) plays with it
        by default, when that box is plugged in."""
        present = set(self.app.devices.controllers())
        for key, seat in self.app.settings.buzzers.items():
            box, _sep, station = key.partition(":")
            device = str(DeviceId("buzzer", box, int(station))) if station.isdigit() else ""
            if seat < len(self.seats) and device in present:
                self.seats[seat].controller = device

    @property
    def rows(self) -> int:
        return self.count + 2

    def _cycle(self, options: list, current, step: int):
        i = options.index(current) if current in options else -1
        return options[(i + step) % len(options)]

    def change(self, row: int, col: int, step: int) -> None:
        lo, hi = self.entry.players
        if row == 0:
            self.count = min(hi, max(lo, self.count + step))
            return
        if row > self.count:
            return
        seat = self.seats[row - 1]
        field = FIELDS[col]
        if field == "name":
            seat.name = self._cycle(CHEF_NAMES, seat.name, step)
        elif field == "colour":
            taken = {s.colour for s in self.seats[: self.count] if s is not seat}
            free = [c for c in COLOURS if c not in taken]
            seat.colour = self._cycle(free, seat.colour, step)
        elif field == "kind":
            seat.kind = "bot" if seat.kind == "human" else "human"
        elif field == "level" and seat.is_bot:
            seat.level = self._cycle(self.levels, seat.level, step)
        elif field == "controller" and not seat.is_bot:
            seat.controller = self._cycle(self.app.devices.controllers(), seat.controller, step)

    def start(self) -> None:
        seats = self.seats[: self.count]
        session = Session(self.gdef, seats, None, time.time_ns() % 1_000_000_007, self.app.saves)
        self.app.replace(make_table(self.app, session))

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        c = ev.control
        if c == "back":
            self.app.pop()
        elif c == "up":
            self.row = (self.row - 1) % self.rows
        elif c == "down":
            self.row = (self.row + 1) % self.rows
        elif c in ("left", "right"):
            step = -1 if c == "left" else 1
            if self.row == 0:
                self.change(0, 0, step)
            else:
                self.col = (self.col + step) % len(FIELDS)
        elif c == "confirm":
            if self.row == self.rows - 1:
                self.start()
            else:
                self.change(self.row, self.col, 1)
        elif c == "point" and ev.pos is not None:
            for (row, col), rect in self.cells.items():
                if rect.collidepoint(ev.pos):
                    self.row, self.col = row, col
                    if row == self.rows - 1:
                        self.start()
                    else:
                        self.change(row, col, 1)
                    return

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        self.cells = {}
        ui.title(surf, self.entry.title, 30)
        r = ui.rect(560, 140, 800, 76)
        self.cells[(0, 0)] = r
        ui.panel(surf, r, PANEL_HI if self.row == 0 else PANEL, 14, ACCENT if self.row == 0 else None)
        ui.text(surf, _("Players: < {n} >").format(n=self.count), (960, 150), 46, INK, True, "midtop")
        xs = [120, 470, 790, 1110, 1430]
        ws = [330, 300, 300, 300, 370]
        for col, f in enumerate(FIELDS):
            ui.text(surf, _(FIELD_NAMES[f]), (xs[col] + 10, 236), 32, MUTED)
        for i in range(self.count):
            seat, row, y = self.seats[i], i + 1, 280 + i * 92
            values = [
                seat.name,
                _(seat.colour.capitalize()),
                _("Bot") if seat.is_bot else _("Human"),
                _(seat.level.capitalize()) if seat.is_bot else "-",
                "-" if seat.is_bot else controller_label(seat.controller),
            ]
            for col, value in enumerate(values):
                rect = ui.rect(xs[col], y, ws[col] - 16, 78)
                self.cells[(row, col)] = rect
                selected = (row, col) == (self.row, self.col)
                ui.panel(surf, rect, PANEL_HI if selected else PANEL, 12, ACCENT if selected else None)
                color = SEAT_COLOURS[seat.colour] if col in (0, 1) else INK
                ui.text(surf, value, (xs[col] + 20, y + 16), 40, color, col == 0)
        y = 280 + self.count * 92 + 20
        r = ui.rect(660, y, 600, 90)
        self.cells[(self.rows - 1, 0)] = r
        on = self.row == self.rows - 1
        ui.panel(surf, r, PANEL_HI if on else PANEL, 18, ACCENT if on else None)
        ui.text(surf, _("Start"), (960, y + 16), 54, ACCENT, True, "midtop")
        ui.footer(surf, _("Arrows: move - confirm: change the value, or start"))


# Colour and level names shown on this screen, for the translators.
_WORDS = [
    N_("Red"),
    N_("Blue"),
    N_("Green"),
    N_("Yellow"),
    N_("Purple"),
    N_("Orange"),
    N_("Random"),
    N_("Easy"),
    N_("Gentle"),
    N_("Normal"),
    N_("Strong"),
    N_("Relaxed"),
    N_("Sharp"),
]
