"""The buzzer boxes on screen: assigning stations to seats, and "Buzzer test".

Both read `app.buzzers` (a `game.hardware.manager.BuzzerManager`, or None
when the arcade runs without one) and see presses as the PlayerEvents every
controller makes, with device "buzzer-<box>-<station>".
"""

from __future__ import annotations

import math
import time

import pygame

from ..i18n import N_, _, ngettext
from ..input import Control, DeviceId, PlayerEvent
from ..web.bridge import PhoneTable
from . import catalogue
from .scene import MenuScene, Scene
from .session import COLOURS
from .ui import ACCENT, DIM, GREEN, INK, MUTED, PANEL, PANEL_HI, RED, SEAT_COLOURS, Item, Menu

SEATS = 6
LIT_S = 0.4  # how long a pressed button stays lit in the test scene


def _station_of(device: str) -> tuple[str, int] | None:
    d = DeviceId.parse(device)
    return (d.unit, d.station) if d is not None and d.kind == "buzzer" and d.station is not None else None


class BuzzerSeatsScene(Scene):
    """ "Press any button on the station for seat 3": one seat after another;
    the choice is saved in the settings by box id and station."""

    name = "buzzer-seats"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.seat = 0
        self.assignment: dict[str, int] = app.settings.buzzers

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        where = _station_of(ev.device)
        if where is not None:
            key = f"{where[0]}:{where[1]}"
            for other in [k for k, s in self.assignment.items() if s == self.seat]:
                del self.assignment[other]  # one station per seat
            self.assignment[key] = self.seat
            self.app.save_settings()
            self.seat = (self.seat + 1) % SEATS
        elif ev.control == Control.BACK or ev.control == Control.MENU:
            self.app.pop()
        elif ev.control in (Control.DOWN, Control.RIGHT):
            self.seat = (self.seat + 1) % SEATS
        elif ev.control in (Control.UP, Control.LEFT):
            self.seat = (self.seat - 1) % SEATS
        elif ev.control == Control.CONFIRM:
            for key in [k for k, s in self.assignment.items() if s == self.seat]:
                del self.assignment[key]  # confirm on a keyboard clears the seat
            self.app.save_settings()

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Buzzer seats"), 40)
        colour = SEAT_COLOURS[COLOURS[self.seat]]
        ui.text(
            surf,
            _("Press any button on the station for seat {n}").format(n=self.seat + 1),
            (960, 160),
            54,
            colour,
            True,
            "midtop",
            width=1800,
        )
        for seat in range(SEATS):
            y = 260 + seat * 100
            r = ui.rect(360, y, 1200, 84)
            current = seat == self.seat
            ui.panel(surf, r, PANEL_HI if current else PANEL, 16, ACCENT if current else None)
            pygame.draw.circle(surf, SEAT_COLOURS[COLOURS[seat]], ui.rect(410, y + 42, 0, 0).topleft, ui.px(20))
            ui.text(surf, _("Seat {n}").format(n=seat + 1), (450, y + 18), 42, INK, True, width=400)
            keys = [k for k, s in self.assignment.items() if s == seat]
            label = ", ".join(
                _("box {box}, station {station}").format(box=k.split(":")[0], station=int(k.split(":")[1]) + 1)
                for k in keys
            ) or _("no station")
            ui.text(surf, label, (1520, y + 20), 38, INK if keys else DIM, anchor="topright", width=640)
        if self.app.buzzers is None or not self.app.buzzers.devices():
            ui.text(surf, _("No buzzer box is connected"), (960, 880), 38, RED, True, "midtop", width=1800)
        ui.footer(surf, _("Arrows: choose a seat - Confirm: clear it - Back: done"))


PHONES = 4  # test pads the buzzer test offers with phones on


class BuzzerTestScene(Scene):
    """Every box, its stations and buttons: a button lights while pressed;
    round trip, clock offset, drift and errors per box."""

    name = "buzzer-test"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.lit: dict[tuple[str, int, str], float] = {}  # (box, station, control) -> until
        self.held: set[tuple[str, int, str]] = set()
        self.last = ""
        self._phone_pads()

    def _phone_pads(self) -> None:
        """With phones on: each of PHONES links opens Wok Up's slap pad (on a new
        Wok Up table nobody plays), its presses shown here with its clock bound."""
        if not self.app.phones.open_links(list(range(PHONES))):
            return
        state = catalogue.find("wokup").require_gdef().state_cls(PHONES, None, 0)
        names = [_("Phone {n}").format(n=s + 1) for s in range(PHONES)]
        PhoneTable(self.app.phones.server, names, list(range(PHONES))).refresh(state)

    def handle(self, ev: PlayerEvent) -> None:
        if ev.device.startswith("phone-") and ev.pressed and ev.seat is not None:
            self.last = _("Phone {n}: {control} at {t:.3f} s, ±{u:.2f} ms").format(
                n=ev.seat + 1, control=ev.control, t=ev.t_ns / 1e9, u=ev.uncertainty_ns / 1e6
            )
            return
        where = _station_of(ev.device)
        if where is None:
            if ev.pressed and ev.control in (Control.BACK, Control.MENU):
                self.app.phones.invalidate()
                self.app.pop()
            return
        key = (*where, ev.control)
        if ev.pressed:
            self.held.add(key)
            self.lit[key] = time.monotonic() + LIT_S
            self.last = _("Box {box} station {station}: {control} at {t:.3f} s, ±{u:.2f} ms").format(
                box=where[0], station=where[1] + 1, control=ev.control, t=ev.t_ns / 1e9, u=ev.uncertainty_ns / 1e6
            )
        else:
            self.held.discard(key)

    def _boxes(self) -> list:
        return self.app.buzzers.known_links() if self.app.buzzers else []

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Buzzer test"), 14)
        boxes = self._boxes()
        if not boxes:
            ui.text(
                surf,
                _("No buzzer box found. Plug one in, or run: python -m game buzzers emulate"),
                (960, 240 if self.app.phones.on else 480),
                40,
                MUTED,
                anchor="midtop",
                width=1800,
            )
        now = time.monotonic()
        phones = self.app.phones.on
        for i, link in enumerate(boxes[: 1 if phones else 3]):  # phones take the room of two boxes
            self._draw_box(surf, link, 125 + i * 280, now)
        if phones:
            seats = [(s, _("Phone {n}").format(n=s + 1), COLOURS[s]) for s in range(PHONES)]
            self.app.phones.draw_links(surf, ui, (60, 410, 1800, 570), seats, self.app.phones.bound_caption)
        if self.last:
            ui.text(surf, self.last, (960, 1000), 36, ACCENT, anchor="midbottom", width=1800)
        footer = _("Press buttons on the boxes or the phones - Back: leave") if phones else None
        ui.footer(surf, footer or _("Press buttons on the boxes - Back: leave"))

    def _draw_box(self, surf: pygame.Surface, link, y: float, now: float) -> None:
        ui = self.ui
        box = f"{link.box_id:04x}"
        ui.panel(surf, ui.rect(60, y, 1800, 268), PANEL, 18, GREEN if link.state == "ready" else RED)
        state = {"ready": _("connected"), "silent": _("silent"), "lost": _("unplugged")}.get(link.state, link.state)
        ui.text(surf, _("Box {box}").format(box=box), (90, y + 14), 42, INK, True, width=225)
        ui.text(surf, state, (330, y + 18), 36, GREEN if link.state == "ready" else RED, width=600)
        sync = link.sync
        if sync.samples:
            now_ns = time.monotonic_ns()
            figures = _(
                "round trip {rtt:.2f} ms - offset {off:+.3f} s - drift {drift:+.0f} ppm - bound ±{b:.2f} ms"
            ).format(
                rtt=sync.last_rtt_ns / 1e6,
                off=sync.offset_us(now_ns) / 1e6,
                drift=sync.drift_ppm,
                b=sync.bound_ns(now_ns) / 1e6,
            )
        else:
            figures = _("clock not synchronised yet")
        ui.text(surf, figures, (90, y + 62), 34, MUTED, width=1740)
        errors = link.stats.frame_gaps + link.stats.event_gaps + sum(link.stats.decode_errors.values())
        if errors:
            ui.text(
                surf,
                ngettext("{n} transmission error", "{n} transmission errors", errors).format(n=errors),
                (1830, y + 18),
                34,
                RED,
                anchor="topright",
                width=800,
            )
        for s, mask in enumerate(link.stations[:8]):
            self._draw_station(surf, box, s, mask, 90 + s * 220, y + 100, now)

    def _draw_station(self, surf: pygame.Surface, box: str, s: int, mask: int, x: float, y: float, now: float) -> None:
        ui = self.ui
        ui.text(surf, _("Station {n}").format(n=s + 1), (x + 95, y), 34, INK, anchor="midtop", width=210)
        for b in range(6):
            if not mask & (1 << b):
                continue
            control = "wokup" if b == 5 else f"deck{b}"
            key = (box, s, control)
            on = key in self.held or self.lit.get(key, 0) > now
            if b == 5:
                centre, radius = (x + 95, y + 106), 30
            else:  # the deck pentagon around it, button 0 at the top
                angle = -math.pi / 2 + b * 2 * math.pi / 5
                centre, radius = (x + 95 + 62 * math.cos(angle), y + 106 + 48 * math.sin(angle)), 16
            colour = ACCENT if on else (80, 64, 56)
            pygame.draw.circle(surf, colour, ui.rect(*centre, 0, 0).topleft, ui.px(radius))


class BuzzerMenuScene(MenuScene):
    name = "buzzers"
    heading = N_("Buzzer boxes")

    def __init__(self, app) -> None:
        super().__init__(
            app,
            Menu(
                [
                    Item(
                        N_("Buzzer seats"), lambda: app.open("buzzer-seats"), N_("Which station plays for which seat")
                    ),
                    Item(
                        N_("Buzzer test"),
                        lambda: app.open("buzzer-test"),
                        N_("Light each button, see each box's clock"),
                    ),
                    Item(N_("Back"), app.pop),
                ],
                y=300,
            ),
        )
