"""Surfaces drawn once per look: a card's face, a whole stall, a tile.

A table blits one cached surface where it would draw dozens of parts each frame.
The least recently used faces go first when the cache is full, so a long game
never drops every face at once (that frame would redraw the whole table).
A face shown in one place (a player's stall) may be drawn late: at most one such
face is redrawn per frame and the others show their previous look for a frame
or two, so a bot's move that changes every stall never costs one long frame.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from ..i18n import language
from .ui import Ui


class Faces:
    def __init__(self, ui: Ui, limit: int = 300) -> None:
        self.ui = ui
        self.limit = limit
        self._faces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._shown: dict[Hashable, tuple] = {}  # place -> (the face it showed last, its size/language)
        self._late_drawn = False  # this frame's one late redraw is spent

    def next_frame(self) -> None:
        self._late_drawn = False

    def get(
        self,
        key: tuple,
        size: tuple[int, int],
        paint: Callable[[pygame.Surface], None],
        place: Hashable | None = None,
    ) -> pygame.Surface:
        """The face for `key` (its look) at `size`, painted by `paint(surface)` when new.
        With a `place`, a new face may wait for a later frame (see the module's note)."""
        setting = (size, self.ui.u, language())
        full = (*key, *setting)
        face = self._faces.get(full)
        shown = self._shown.get(place)
        if face is not None:
            self._faces.move_to_end(full)
        elif self._late_drawn and shown is not None and shown[1] == setting:
            return shown[0]  # a new language or size is drawn at once, everywhere
        else:
            if place is not None:
                self._late_drawn = True
            face = pygame.Surface(size, pygame.SRCALPHA)
            with self.ui.unrecorded():
                paint(face)
            self._faces[full] = face
            while len(self._faces) > self.limit:
                self._faces.popitem(last=False)
        if place is not None:
            self._shown[place] = (face, setting)
        return face
