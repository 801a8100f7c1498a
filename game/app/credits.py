"""Credits: every vendored picture set, sound and font with its authors and
licence, read from `assets/credits.toml` (tests/media/test_credits.py checks the
list covers every vendored file)."""

from __future__ import annotations

import pygame

from .. import media
from ..i18n import _
from ..input import Control, PlayerEvent
from .scene import Scene
from .ui import ACCENT, INK, MUTED

TOP, BOTTOM, LEFT, WIDTH = 180, 990, 160, 1600


class CreditsScene(Scene):
    name = "credits"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self._cache: tuple = (None, [])

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        last = self.page + 1 >= len(self._pages())
        if ev.control in (Control.BACK, Control.MENU) or (ev.control in (Control.CONFIRM, Control.POINT) and last):
            self.app.pop()
        elif ev.control in (Control.DOWN, Control.RIGHT, Control.CONFIRM, Control.POINT):
            self.page = min(self.page + 1, len(self._pages()) - 1)
        elif ev.control in (Control.UP, Control.LEFT):
            self.page = max(0, self.page - 1)

    def _pages(self) -> list[list[tuple[str, float, tuple, bool, float]]]:
        """Lines (text, size, colour, bold, indent), cut into pages; a credit never splits."""
        if self._cache[0] != self.ui.u:
            pages: list[list] = [[]]
            used = 0.0
            for credit in media.credits():
                block = self._block(credit)
                height = sum(size + 14 for _t, size, _c, _b, _i in block) + 24
                if used + height > BOTTOM - TOP and pages[-1]:
                    pages.append([])
                    used = 0.0
                pages[-1] += block + [("", 24, INK, False, 0)]
                used += height
            self._cache = (self.ui.u, pages)
        return self._cache[1]

    def _block(self, credit: dict) -> list[tuple[str, float, tuple, bool, float]]:
        ui = self.ui
        lines: list[tuple[str, float, tuple, bool, float]] = [
            (credit["what"], 40, ACCENT, True, 0),
            (credit["work"], 34, INK, True, 30),
        ]
        lines += [(line, 32, INK, False, 30) for line in ui.wrap(credit["authors"], 32, WIDTH - 30)]
        licence = _("Licence: {licence}").format(licence=credit["licence"])
        if credit.get("licence_url"):
            licence += f"  ({credit['licence_url']})"
        lines += [(line, 30, MUTED, False, 30) for line in ui.wrap(licence, 30, WIDTH - 30)]
        if credit.get("note"):
            lines += [(line, 30, MUTED, False, 30) for line in ui.wrap(credit["note"], 30, WIDTH - 30)]
        return lines

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Credits"), 40)
        pages = self._pages()
        y: float = TOP
        for text, size, colour, bold, indent in pages[min(self.page, len(pages) - 1)]:
            if text:
                ui.text(surf, text, (LEFT + indent, y), size, colour, bold)
            y += size + 14
        ui.footer(
            surf, _("Page {n} of {total} - arrows to turn, Back to close").format(n=self.page + 1, total=len(pages))
        )
