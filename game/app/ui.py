"""Drawing helpers shared by every scene: fonts, text, panels, menus.

Layout is in *design units*: a 1920x1080 screen. `Ui.u` scales them to the
window (1280x720 gives 0.667), so one layout serves every size. Text sizes
are chosen for a TV two metres away: body text is never under 34 design
units (about 23 px at 720p).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..i18n import _
from . import pictures
from .fonts import font_file

INK = (250, 244, 230)
MUTED = (190, 178, 160)
DIM = (120, 110, 100)
BG = (34, 24, 22)
PANEL = (62, 44, 38)
PANEL_HI = (96, 62, 44)
ACCENT = (255, 160, 40)
RED = (226, 64, 52)
GREEN = (96, 196, 92)
# Seat colours stay apart (CIEDE2000 >= 10) for protanopia, deuteranopia and
# tritanopia as well as normal vision (game/media/cvd.py, tests/media): the
# first palette let blue and purple meet at 2.5 for deuteranopes and green and
# orange at 6.0 for protanopes; tools/palette_search.py moved each colour the
# least it could (blue is a steel blue, purple bluer and brighter).
SEAT_COLOURS = {
    "red": (223, 65, 54),
    "blue": (95, 135, 177),
    "green": (86, 186, 102),
    "yellow": (238, 201, 65),
    "purple": (161, 96, 245),
    "orange": (235, 132, 32),
}


class Ui:
    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}
        self._shades: dict[tuple, pygame.Surface] = {}
        self.u = 1.0
        # The layout recorder: when a list, every text and every box a scene
        # reports (`box`) is appended as (kind, rect in px), for the layout test.
        self.boxes: list[tuple[str, pygame.Rect]] | None = None

    def resize(self, size: tuple[int, int]) -> None:
        u = min(size[0] / 1920, size[1] / 1080)
        if u != self.u:
            self.u = u
            self._text.clear()

    def shade(self, surf: pygame.Surface, alpha: int) -> None:
        """Darken the whole of `surf` (under an overlay, or dimming), with a layer made once."""
        key = (surf.get_size(), alpha)
        if key not in self._shades:
            layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            layer.fill((0, 0, 0, alpha))
            self._shades[key] = layer
        surf.blit(self._shades[key], (0, 0))

    def px(self, v: float) -> int:
        return round(v * self.u)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(self.px(x), self.px(y), self.px(w), self.px(h))

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        px = max(8, self.px(size))
        key = (px, bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(font_file(bold), px)
        return self._fonts[key]

    def render(self, text: str, size: float, color=INK, bold: bool = False) -> pygame.Surface:
        """A cached text surface: menus redraw the same words every frame."""
        key = (text, size, color, bold)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 2000:
                self._text.clear()
            surf = self._text[key] = self.font(size, bold).render(text, True, color)
        return surf

    def text(
        self,
        surf: pygame.Surface,
        text: str,
        pos: tuple[float, float],
        size: float = 40,
        color=INK,
        bold: bool = False,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        img = self.render(text, size, color, bold)
        r = img.get_rect(**{anchor: (self.px(pos[0]), self.px(pos[1]))})
        surf.blit(img, r)
        if self.boxes is not None and text.strip():
            self.boxes.append(("text", _ink(img, r)))
        return r

    def box(self, rect: pygame.Rect, kind: str = "card") -> pygame.Rect:
        """Report a drawn card (or any box that must not overlap its kind) to the layout recorder."""
        if self.boxes is not None:
            self.boxes.append((kind, pygame.Rect(rect)))
        return rect

    def picture(self, surf: pygame.Surface, item_id: str, pos: tuple[float, float], size: float) -> pygame.Rect:
        """The picture of `item_id` (game/app/pictures.py), `size` design units across, centred on `pos`."""
        return pictures.draw(surf, item_id, (self.px(pos[0]), self.px(pos[1])), self.px(size))

    def fit(self, text: str, size: float, width: float, smallest: float = 26, bold: bool = False) -> float:
        """The largest text size from `size` down to `smallest` at which `text` fits `width` design units."""
        while size > smallest and self.font(size, bold).size(text)[0] > self.px(width):
            size -= 2
        return size

    def wrap(self, text: str, size: float, width: float, bold: bool = False) -> list[str]:
        font, limit, lines = self.font(size, bold), self.px(width), []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= limit or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def panel(self, surf: pygame.Surface, rect: pygame.Rect, color=PANEL, radius: float = 18, border=None) -> None:
        pygame.draw.rect(surf, color, rect, border_radius=self.px(radius))
        if border:
            pygame.draw.rect(surf, border, rect, max(2, self.px(4)), border_radius=self.px(radius))

    def title(self, surf: pygame.Surface, text: str, y: float = 70) -> None:
        self.text(surf, text, (960, y), 84, ACCENT, True, "midtop")

    def footer(self, surf: pygame.Surface, text: str) -> None:
        self.text(surf, text, (960, 1040), 32, MUTED, anchor="midbottom")


def _ink(img: pygame.Surface, r: pygame.Rect) -> pygame.Rect:
    """The part of a rendered text that has ink (a font's line box has room above and below)."""
    ink = img.get_bounding_rect()
    return ink.move(r.topleft) if ink.width else pygame.Rect(r.topleft, (0, 0))


@dataclass
class Item:
    label: str  # untranslated; translated when drawn
    action: Callable[[], None] | None
    note: str = ""  # a second line (untranslated)
    enabled: bool = True
    value: str | None = None  # shown at the right, already formatted


class Menu:
    """A vertical list: up/down move, confirm chooses, pointer taps choose."""

    def __init__(
        self, items: list[Item], x: float = 560, y: float = 260, w: float = 800, h: float = 96, gap: float = 18
    ) -> None:
        self.items, self.x, self.y, self.w, self.h, self.gap = items, x, y, w, h, gap
        self.index = next((i for i, it in enumerate(items) if it.enabled), 0)
        self.rects: list[pygame.Rect] = []
        self.message = ""  # why the last choice was refused

    def move(self, step: int) -> None:
        n = len(self.items)
        for k in range(1, n + 1):
            i = (self.index + step * k) % n
            if self.items[i].enabled or self.items[i].note:
                self.index = i
                return

    def choose(self) -> None:
        item = self.items[self.index]
        if not item.enabled:
            self.message = _("{label} is not available yet").format(label=_(item.label))
            return
        self.message = ""
        if item.action:
            item.action()

    def handle(self, control: str, pos=None) -> bool:
        if control == "up":
            self.move(-1)
        elif control == "down":
            self.move(1)
        elif control == "confirm":
            self.choose()
        elif control == "point" and pos is not None:
            for i, r in enumerate(self.rects):
                if r.collidepoint(pos):
                    self.index = i
                    self.choose()
                    return True
            return False
        else:
            return False
        return True

    def draw(self, surf: pygame.Surface, ui: Ui) -> None:
        self.rects = []
        for i, item in enumerate(self.items):
            h = self.h * (1.55 if item.note else 1)
            y = self.y + sum(self.h * (1.55 if it.note else 1) + self.gap for it in self.items[:i])
            r = ui.rect(self.x, y, self.w, h)
            self.rects.append(r)
            selected = i == self.index
            ui.panel(surf, r, PANEL_HI if selected else PANEL, border=ACCENT if selected else None)
            color = INK if item.enabled else DIM
            ui.text(surf, _(item.label), (self.x + 36, y + 16), 46, color, True)
            if item.value is not None:
                ui.text(surf, item.value, (self.x + self.w - 36, y + 18), 42, ACCENT, anchor="topright")
            if item.note:
                ui.text(surf, _(item.note), (self.x + 36, y + 78), 32, MUTED if item.enabled else DIM)
        if self.message:
            ui.text(surf, self.message, (960, 985), 38, RED, True, "midbottom")
