"""The move history: every action of the game in words, newest first.

Opened from the pause menu by any player. The words are the rules' own
`describe()` (`Session.history()`), which never names what only some seats
may see, so the history is safe to show to the whole table; it includes what
the bots did while a player was away.
"""

from __future__ import annotations

import pygame

from ..engine import SYSTEM
from ..i18n import _
from ..input import Control, PlayerEvent
from .scene import Scene
from .ui import INK, MUTED, PANEL, SEAT_COLOURS

LINES = 15  # lines on a page, 52 units apart from y=160


class HistoryScene(Scene):
    """Up/down scroll a line, left/right a page; back or menu closes."""

    name = "history"
    still = True

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.first = 0  # the first line shown (0: the newest)
        self._cache: tuple = (None, [])  # wrapping measures every word: once per change

    def lines(self) -> list[tuple[int, str]]:
        """(seat, wrapped line) newest first; a long move wraps onto more lines."""
        history = self.session.history()
        key = (len(history), history[-1]["text"] if history else "", self.ui.u)
        if self._cache[0] != key:
            lines = [(e["seat"], line) for e in reversed(history) for line in self.ui.wrap(e["text"], 36, 1560)]
            self._cache = (key, lines)
        return self._cache[1]

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        steps: dict[str, int] = {
            Control.UP: -1,
            Control.DOWN: 1,
            Control.LEFT: -LINES,
            Control.RIGHT: LINES,
            Control.POINT: LINES,
        }
        step = steps.get(ev.control)
        if ev.control in (Control.BACK, Control.MENU, Control.CONFIRM):
            self.app.pop()
        elif step is not None:
            last = max(0, len(self.lines()) - LINES)
            self.first = (
                0 if ev.control == Control.POINT and self.first >= last else min(last, max(0, self.first + step))
            )

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        moves = len(self.session.history())
        ui.title(surf, _("Move history"), 30)
        ui.text(surf, _("{n} moves, newest first").format(n=moves), (960, 120), 34, MUTED, anchor="midtop")
        ui.panel(surf, ui.rect(100, 160, 1720, LINES * 52 + 30), PANEL, 18)
        for i, (seat, line) in enumerate(self.lines()[self.first : self.first + LINES]):
            y = 176 + i * 52
            colour = MUTED if seat == SYSTEM else SEAT_COLOURS.get(self.session.seats[seat].colour, INK)
            pygame.draw.circle(surf, colour, ui.rect(140, y + 22, 0, 0).topleft, ui.px(10))
            ui.text(surf, line, (170, y), 36, INK if seat != SYSTEM else MUTED)
        if not moves:
            ui.text(surf, _("Nothing has happened yet."), (960, 400), 40, MUTED, anchor="midtop")
        ui.footer(surf, _("Up/down: scroll - left/right: a page - Back: to the table"))
