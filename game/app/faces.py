"""Surfaces drawn once per look: a card's face, a whole stall, a tile.

A table blits one cached surface where it would draw dozens of parts each frame.
The least recently used faces go first when the cache is full (a count, and bytes:
`STAGES` pictures of the stage), so a long game never drops every face at once
(that frame would redraw the whole table) and never holds every look it showed.
A face shown in one place (a player's stall) may be drawn late: at most one such
face is redrawn per frame and the others show their previous look for a frame
or two, so a bot's move that changes every stall never costs one long frame.

`blit` puts a face on the table and, while the layout recorder runs
(game/app/layout.py), reports its box and the texts painted inside it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from ..i18n import language
from .ui import Ui

# The faces a table keeps, in bytes, as so many pictures of the whole stage: a 1080p table
# keeps about 50 MB. A whole 4-seat Relleno game showed 57 MB of faces (its seats' panels
# are faces and points only grow, so most never come back); a 6-seat one would reach the
# 300 faces, about 110 MB, every table of an attract hour beside it.
STAGES = 6


class Faces:
    def __init__(self, ui: Ui, limit: int = 300) -> None:
        self.ui = ui
        self.limit = limit
        self._bytes = 0  # what the kept faces hold
        # look -> (face, the boxes painted into it when the layout recorder ran, else None)
        self._faces: OrderedDict[tuple, tuple[pygame.Surface, list | None]] = OrderedDict()
        self._shown: dict[Hashable, tuple] = {}  # place -> (the face and boxes it showed last, its size/language)
        self._late_drawn = False  # this frame's one late redraw is spent
        self.lagging = False  # a place showed its previous look this frame: the next frame differs
        # The next frame paints no late face (a move's frame, the longest: its new faces come in
        # the frames after it, each drawn only where it lies, TableDrawing.draw_part).
        self.hold = False
        # Where, this frame, a place showed its previous look, and where a place's face changed
        # (None: somewhere unknown): the next frame mends only the first (TableDrawing.changes).
        self.late: list[pygame.Rect] | None = []
        self.changed: list[pygame.Rect] | None = []

    def next_frame(self) -> None:
        """A frame begins; with `hold` set, it paints no late face at all (see `hold`)."""
        self._late_drawn, self.lagging, self.hold = self.hold, False, False
        self.late, self.changed = [], []

    def get(
        self,
        key: tuple,
        size: tuple[int, int],
        paint: Callable[[pygame.Surface], None],
        place: Hashable | None = None,
    ) -> pygame.Surface:
        """The face for `key` (its look) at `size`, painted by `paint(surface)` when new.
        With a `place`, a new face may wait for a later frame (see the module's note)."""
        return self._get(key, size, paint, place, None)[0]

    def blit(
        self,
        surf: pygame.Surface,
        key: tuple,
        rect: pygame.Rect,
        paint: Callable[[pygame.Surface], None],
        place: Hashable | None = None,
        kind: str | None = "card",
    ) -> None:
        """Show the face for `key` at `rect` (its size) and report it to the layout recorder:
        its box as a `kind` (None: only what is painted inside) and the texts inside it."""
        # A place the frame's area misses (drawn in part) shows its last face: a new one waits
        # for a frame that shows it, as a late face does.
        hidden = place is not None and not surf.get_clip().colliderect(rect)
        face, inner = self._get(key, rect.size, paint, place, rect, hidden)
        surf.blit(face, rect)
        if self.ui.boxes is not None:
            if kind is not None:
                self.ui.box(rect, kind)
            self.ui.boxes += [(k, b.move(rect.topleft)) for k, b in inner or ()]

    def _get(
        self, key: tuple, size: tuple[int, int], paint, place, rect, hidden: bool = False
    ) -> tuple[pygame.Surface, list | None]:
        setting = (size, self.ui.u, language())
        full = (*key, *setting)
        found = self._faces.get(full)
        shown = self._shown.get(place)
        recording = self.ui.boxes is not None
        # What the place showed, if it may show it again (a new language or size is drawn at once, everywhere).
        last = shown if shown is not None and shown[1] == setting else None
        if hidden and last is not None and (found is None or last[0] is not found):  # even a face painted before
            return self._late(last, rect)
        if found is not None and (found[1] is not None or not recording):
            self._faces.move_to_end(full)
        elif self._late_drawn and last is not None:
            return self._late(last, rect)
        else:
            if place is not None:
                self._late_drawn = True
            found = self._paint(size, paint, recording)
            self._keep(full, found)
        if place is not None:
            if shown is None or shown[0] is not found:
                self.changed = _noted(self.changed, rect)
            self._shown[place] = (found, setting)
        return found

    def _keep(self, full: tuple, found: tuple[pygame.Surface, list | None]) -> None:
        """Keep a new face, dropping the least recently used past the count or the bytes;
        a face replacing one of the same look (painted again for the layout recorder) counts once."""
        old = self._faces.pop(full, None)
        self._bytes += _bytes(found[0]) - (_bytes(old[0]) if old is not None else 0)
        self._faces[full] = found
        budget = STAGES * self.ui.px(1920) * self.ui.px(1080) * 4
        while len(self._faces) > 1 and (len(self._faces) > self.limit or self._bytes > budget):
            _look, (face, _boxes) = self._faces.popitem(last=False)
            self._bytes -= _bytes(face)

    def _late(self, shown: tuple, rect: pygame.Rect | None) -> tuple[pygame.Surface, list | None]:
        """The place keeps showing its last face this frame: the next frame differs there."""
        self.lagging = True
        self.late = _noted(self.late, rect)
        return shown[0]

    def _paint(self, size: tuple[int, int], paint, recording: bool) -> tuple[pygame.Surface, list | None]:
        """A new face; under the layout recorder, with the boxes painted into it (face coordinates)."""
        face = pygame.Surface(size, pygame.SRCALPHA)
        if not recording:
            with self.ui.unrecorded():
                paint(face)
            return face, None
        outer, self.ui.boxes = self.ui.boxes, []
        try:
            paint(face)
            return face, self.ui.boxes
        finally:
            self.ui.boxes = outer


def _bytes(face: pygame.Surface) -> int:
    return face.get_width() * face.get_height() * face.get_bytesize()


def _noted(rects: list[pygame.Rect] | None, rect: pygame.Rect | None) -> list[pygame.Rect] | None:
    """`rects` with `rect` added; None (somewhere unknown) once a place had no rect."""
    return None if rects is None or rect is None else [*rects, pygame.Rect(rect)]
