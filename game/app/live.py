"""The live parts of a frame: what changes with the clock alone (a pulsing focus
ring, whose turn it is breathing, a glow), repainted without the rest.

While a frame is drawn whole, each live part is registered with its area (the
most it ever covers) and a function painting it, instead of being painted in
place. `finish` then keeps a copy of what lies under each area and paints the
parts over the finished frame, in the order they came. On a frame where nothing
but the clock moved, `repaint` puts those copies back and paints the parts
again, each clipped to the area being mended: the window is given only those
areas (`pygame.display.update(rects)`), a few hundred pixels a side instead of
the whole screen. Live parts lie above everything else the scene drew.

    scene.live(ring_area, lambda surf: draw_ring(surf, scene.clock))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

Paint = Callable[[pygame.Surface], None]


@dataclass
class _Part:
    area: pygame.Rect
    paint: Paint
    under: pygame.Surface | None = None  # the frame under `area`, without any live part


class LiveLayer:
    def __init__(self) -> None:
        self.parts: list[_Part] = []
        self._kept: dict[tuple, pygame.Surface] = {}  # the last finished frame's copies, by area

    def clear(self) -> None:
        """A whole frame begins: its live parts are registered again while it is drawn."""
        self.parts = []

    def add(self, area: pygame.Rect, paint: Paint) -> None:
        self.parts.append(_Part(pygame.Rect(area), paint))

    def finish(self, surf: pygame.Surface, drawn: list[pygame.Rect] | None = None) -> None:
        """The frame is drawn: keep what lies under each part, then paint them all. A frame
        drawn only in the areas `drawn` (None: whole) left the rest as the last frame was,
        bare: a part outside them with the same area keeps the copy it had."""
        bounds, kept = surf.get_rect(), self._kept
        for part in self.parts:
            part.area = part.area.clip(bounds)
            key = tuple(part.area)
            if not (part.area.w and part.area.h):
                part.under = None
            elif drawn is not None and key in kept and part.area.collidelist(drawn) < 0:
                part.under = kept[key]
            else:
                part.under = surf.subsurface(part.area).copy()
        self._kept = {tuple(part.area): part.under for part in self.parts if part.under is not None}
        for part in self.parts:
            part.paint(surf)

    def unpaint(self, surf: pygame.Surface) -> None:
        """Put back what lay under every part: the frame as it was before they were painted."""
        for part in self.parts:
            if part.under is not None:
                surf.blit(part.under, part.area)

    def repaint(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Paint every part again over what lay under it; the areas changed."""
        mended = []
        clip = surf.get_clip()
        for part in self.parts:
            if part.under is None:
                continue
            surf.set_clip(part.area)
            surf.blit(part.under, part.area)
            for other in self.parts:  # in their order: a later part stays on top
                if other.area.colliderect(part.area):
                    other.paint(surf)
            mended.append(part.area)
        surf.set_clip(clip)
        return mended

    @property
    def areas(self) -> list[pygame.Rect]:
        return [part.area for part in self.parts if part.under is not None]
