"""Typing a name: on a real keyboard, or on an on-screen keyboard with arrows and
confirm (gamepads, keyboard zones) or taps (touch, mouse).

While the scene is open the app's `Devices` is in typing mode: key presses
stop being the zones' controls and become text (SDL's text input, so accents
and capitals come out as the player's keyboard makes them); Enter finishes,
Escape cancels, Backspace deletes. Gamepads and taps drive the on-screen keys.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..i18n import _
from ..input import Control, PlayerEvent
from .scene import Scene
from .ui import ACCENT, INK, MUTED, PANEL, PANEL_HI, RED

MAX_NAME = 12
DELETE, DONE, SPACE = "⌫", "OK", "␣"
KEYS = [
    list("ABCDEFGHIJ"),
    list("KLMNOPQRST"),
    list("UVWXYZÉÈÇ-"),
    list("ÀÏÖÜ'") + [SPACE, DELETE, DONE],
]


def add_letter(text: str, key: str) -> str:
    """A key of the on-screen keyboard typed after `text`: a capital at the start
    of a word, small letters after it."""
    if len(text) >= MAX_NAME:
        return text
    if key == SPACE:
        return text + " " if text and not text.endswith(" ") else text
    start = not text or text[-1] in " -'"
    return text + (key if start else key.lower())


def clean(name: str) -> str:
    """A typed name as kept: printable, single spaces, at most MAX_NAME characters."""
    name = "".join(ch for ch in name if ch.isprintable())
    return " ".join(name.split())[:MAX_NAME]


class NameScene(Scene):
    """Edits `name`; `done(name)` returns "" to accept it or why it is refused."""

    name = "name-entry"
    overlay = True

    def __init__(self, app, title: str, name: str, done: Callable[[str], str]) -> None:
        super().__init__(app)
        self.title = title
        self.text = name
        self.done = done
        self.error = ""
        self.row, self.col = 0, 0
        self.cells: dict[tuple[int, int], pygame.Rect] = {}
        app.devices.start_typing()

    def _close(self) -> None:
        self.app.devices.stop_typing()
        self.app.pop()

    def finish(self) -> None:
        name = clean(self.text)
        if not name:
            self.error = _("A name cannot be empty")
            return
        self.error = self.done(name)
        if not self.error:
            self._close()

    def press_key(self, key: str) -> None:
        self.error = ""
        if key == DELETE:
            self.text = self.text[:-1]
        elif key == DONE:
            self.finish()
        else:
            self.text = add_letter(self.text, key)

    def type_text(self, typed: str) -> None:
        """What the real keyboard typed: text, "\\b" delete, "\\n" done, "\\x1b" cancel."""
        for ch in typed:
            if ch == "\x1b":
                self._close()
                return
            if ch == "\n":
                self.finish()
                if self.app.top is not self:
                    return
            elif ch == "\b":
                self.text, self.error = self.text[:-1], ""
            elif ch.isprintable() and len(self.text) < MAX_NAME:
                self.text, self.error = self.text + ch, ""

    def update(self, dt: float) -> None:
        typed = self.app.devices.take_typed()
        if typed:
            self.type_text(typed)

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        c = ev.control
        if c in (Control.BACK, Control.MENU):
            self._close()
        elif c in (Control.UP, Control.DOWN):
            self.row = (self.row + (1 if c == Control.DOWN else -1)) % len(KEYS)
            self.col = min(self.col, len(KEYS[self.row]) - 1)
        elif c in (Control.LEFT, Control.RIGHT):
            self.col = (self.col + (1 if c == Control.RIGHT else -1)) % len(KEYS[self.row])
        elif c == Control.CONFIRM:
            self.press_key(KEYS[self.row][self.col])
        elif c == Control.POINT and ev.pos is not None:
            for (row, col), rect in self.cells.items():
                if rect.collidepoint(ev.pos):
                    self.row, self.col = row, col
                    self.press_key(KEYS[row][col])
                    return

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 236))
        surf.blit(shade, (0, 0))
        ui.text(surf, self.title, (960, 110), 56, ACCENT, True, "midtop")
        field = ui.rect(560, 200, 800, 96)
        ui.panel(surf, field, PANEL_HI, 16, ACCENT)
        ui.text(surf, self.text + "_", (960, 214), 60, INK, True, "midtop")
        if self.error:
            ui.text(surf, self.error, (960, 310), 36, RED, True, "midtop")
        self.cells = {}
        for r, keys in enumerate(KEYS):
            for c, key in enumerate(keys):
                x, y = 330 + c * 126, 380 + r * 126
                rect = ui.rect(x, y, 114, 110)
                self.cells[(r, c)] = rect
                on = (r, c) == (self.row, self.col)
                ui.panel(surf, rect, PANEL_HI if on else PANEL, 14, ACCENT if on else None)
                ui.text(surf, key, (x + 57, y + 55), 50, INK, True, "center")
        footer = _("Type on a keyboard (Enter: done, Esc: cancel), or choose the keys with arrows and confirm, or tap")
        ui.text(surf, footer, (960, 1040), ui.fit(footer, 32, 1860), MUTED, anchor="midbottom")
        ui.text(surf, _("At most {n} letters").format(n=MAX_NAME), (960, 900), 30, MUTED, anchor="midtop")
