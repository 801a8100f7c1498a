"""A question over the current scene: yes or no, nothing happens until answered.

Used before anything that cannot be taken back (abandoning or deleting an
unfinished game). "No" is focused first and "back" answers no.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..i18n import N_
from ..input import Control, PlayerEvent
from .scene import Scene
from .ui import INK, Item, Menu


class ConfirmScene(Scene):
    name = "confirm"
    still = True
    overlay = True

    def __init__(
        self,
        app,
        question: str,
        yes: Callable[[], object],
        yes_label: str = N_("Yes"),
        no: Callable[[], object] | None = None,
        no_label: str = N_("No, keep it"),
    ) -> None:
        super().__init__(app)
        self.question = question  # already translated and formatted
        self.yes, self.no = yes, no
        self.menu = Menu([Item(no_label, self._no), Item(yes_label, self._yes)], x=560, y=560, h=90)

    def _yes(self) -> None:
        self.app.pop()
        self.yes()

    def _no(self) -> None:
        self.app.pop()
        if self.no is not None:
            self.no()

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        if ev.control in (Control.BACK, Control.MENU):
            self._no()
        else:
            self.menu.handle(ev.control, ev.pos)

    def draw(self, surf: pygame.Surface) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 210))
        surf.blit(shade, (0, 0))
        for i, line in enumerate(self.ui.wrap(self.question, 46, 1500)):
            self.ui.text(surf, line, (960, 280 + 62 * i), 46, INK, True, "midtop")
        self.menu.draw(surf, self.ui)
