"""What covers a table, drawn: the "Pass to" curtain over the whole table, the
panel of what a seat's turn brought (and its prompt to pass the screen on), and
the panels of seats whose controller is unplugged. Who needs which is
game/app/viewer.py's and game/app/controllers.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import _
from .ui import ACCENT, BG, INK, PANEL, RED

if TYPE_CHECKING:
    from .table import TableScene


def draw_curtain(scene: TableScene, surf: pygame.Surface, seat: int) -> None:
    ui = scene.ui
    surf.fill(BG)
    colour = scene.seat_colour(seat)
    r = ui.rect(360, 300, 1200, 480)
    ui.panel(surf, r, PANEL, 30, colour)
    inner = 1120  # the panel less its margins
    ui.text(
        surf,
        _("Pass to {name}").format(name=scene.seat_name(seat)),
        (960, 380),
        96,
        colour,
        True,
        "midtop",
        width=inner,
    )
    ui.text(
        surf, _("Everyone else, look away: private cards follow."), (960, 540), 40, INK, anchor="midtop", width=inner
    )
    key = scene.key_hint(seat)
    ready = _("{name}: press {key} or tap when ready") if key else _("{name}: tap the screen when ready")
    ui.text(
        surf, ready.format(name=scene.seat_name(seat), key=key), (960, 640), 40, ACCENT, anchor="midtop", width=inner
    )


def draw_last_move(scene: TableScene, surf: pygame.Surface, seat: int) -> None:
    """A reveal's default panel: the seat's last move in words."""
    ui = scene.ui
    ui.cover(ui.rect(260, 380, 1400, 150))
    ui.panel(surf, ui.rect(260, 380, 1400, 150), PANEL, 20, scene.seat_colour(seat))
    ui.text(surf, scene.last_move_text(), (960, 410), 40, INK, True, "midtop")


def draw_reveal_prompt(scene: TableScene, surf: pygame.Surface, seat: int) -> None:
    """Under a reveal: what `seat` presses to pass the screen on."""
    ui = scene.ui
    key = scene.key_hint(seat)
    text = _("{name}: press {key} or tap to pass the screen on") if key else _("{name}: tap to pass the screen on")
    r = ui.rect(360, 560, 1200, 70)
    ui.cover(r)
    ui.panel(surf, r, (24, 16, 14), 16, ACCENT)
    ui.text(surf, text.format(name=scene.seat_name(seat), key=key), (960, 574), 38, ACCENT, True, "midtop", width=1160)


def draw_missing(scene: TableScene, surf: pygame.Surface) -> None:
    """A red panel per seat whose controller is unplugged, bottom up."""
    ui = scene.ui
    for i, seat in enumerate(scene.missing):
        ui.panel(surf, ui.rect(260, 900 - 70 * i, 1400, 60), (70, 24, 20), 12, RED)
        ui.text(surf, scene.missing_text(seat), (960, 908 - 70 * i), 34, INK, anchor="midtop", width=1360)
