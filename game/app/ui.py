"""Drawing helpers shared by every scene: fonts, text, panels, menus.

Layout is in *design units*: a 1920x1080 screen. `Ui.u` scales them to the
window (1280x720 gives 0.667), so one layout serves every size. Text sizes
are chosen for a TV two metres away: body text is never under 34 design
units (about 23 px at 720p).

Text never leaves its box: `Ui.text` is given the width it may use (by
default, from its anchor to the edge of the surface it is drawn on) and
shrinks text that is wider, measured with the font's own metrics of the
words actually drawn, down to `SHRINK_FLOOR` of its size; longer text is the
caller's to wrap (`Ui.wrap`). German and Dutch run a third longer than
English, so labels are drawn with their box. When `Ui.overflows` is a list
(tests/app/test_layout.py) every text that still does not fit is recorded.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from ..i18n import _
from ..input import Control
from ..media.palettes import SEAT_COLOURS as SEAT_COLOURS  # the screens' seat colours
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


SHRINK_FLOOR = 0.6  # text may shrink to 60% of its size to fit its box, no further
# The smallest text a player reads from the sofa, in design units (pixels of the
# 1920x1080 design; see SCENES.md "Text size"): tests/app/test_layout.py holds every table to it.
MIN_TEXT = 20


@dataclass
class Overflow:
    """A text drawn wider than its box, or outside its surface, even shrunk."""

    text: str
    size: float  # design units asked for
    drawn: pygame.Rect  # where the rendered text went (pixels)
    box: pygame.Rect  # where it had room

    def __str__(self) -> str:
        return f"{self.text!r} at size {self.size}: drawn {tuple(self.drawn)}, box {tuple(self.box)}"


class Memo(dict):
    """Answers remembered, all forgotten at once past `limit` entries: a frame asks for a
    few dozen, a long evening for many more than are worth keeping."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key, value):
        if len(self) > self.limit:
            self.clear()
        self[key] = value
        return value


class Ui:
    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: Memo = Memo(2000)  # rendered words
        self._fits: Memo = Memo(4000)  # fit()'s answers: measuring a line costs more than drawing it
        # wrap()'s answers, by pixels (a font's size, the room): right at any window size, so kept
        # across sizes (a layout sweep goes through three for each language, and back)
        self._wraps: Memo = Memo(4000)
        self._line_fits: Memo = Memo(2000)  # fit_lines' answers that fit
        self.u = 1.0
        self.overflows: list[Overflow] | None = None  # a list records overflows (tests/app/test_layout.py)
        # The layout recorder: when a list, every text and every box a scene
        # reports (`box`) is appended as (kind, rect in px), for the layout test.
        self.boxes: list[tuple[str, pygame.Rect]] | None = None
        # The size recorder: when a list, every text rendered (on screen or on a
        # cached face) is appended as (text, size in design units).
        self.sizes: list[tuple[str, float]] | None = None
        self.covers: list[pygame.Rect] = []  # the opaque panels drawn so far this frame (a table resets it)

    def resize(self, size: tuple[int, int]) -> None:
        u = min(size[0] / 1920, size[1] / 1080)
        if u != self.u:
            self.u = u
            self._text.clear()
            self._fits.clear()
            self._line_fits.clear()

    def shade(self, surf: pygame.Surface, alpha: int) -> None:
        """Darken the whole of `surf` (under an overlay, or dimming) as black at `alpha`
        over it would: each colour multiplied by (255 - alpha) / 255. A multiplying fill
        needs no screen-sized layer (8 MB at 1080p for each alpha) and costs less."""
        keep = 255 - alpha
        surf.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)

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
        if self.sizes is not None and text.strip():
            self.sizes.append((text, size))
        surf = self._text.get(key)
        if surf is None:
            surf = self._text.keep(key, self.font(size, bold).render(text, True, color))
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
        width: float | None = None,
    ) -> pygame.Rect:
        """Draw one line anchored at `pos`, in a box `width` design units wide
        (default: as far as the surface's edge), shrunk to fit it if need be."""
        at = (self.px(pos[0]), self.px(pos[1]))
        room = self.room(surf, at, anchor, width)
        fitted = self.fit(text, size, room.width / self.u, bold=bold)
        img = self.render(text, fitted, color, bold)
        r = img.get_rect(**{anchor: at})
        surf.blit(img, r)
        if self.overflows is not None and not _inside(r, room, surf):
            self.overflows.append(Overflow(text, size, r, room))
        if self.boxes is not None and text.strip():
            self.boxes.append(("text", _ink(img, r)))
        return r

    @contextmanager
    def unrecorded(self):
        """Painting off screen (a cached card face): nothing reported to the layout recorder."""
        boxes, self.boxes = self.boxes, None
        try:
            yield
        finally:
            self.boxes = boxes

    @contextmanager
    def trying(self):
        """Measuring what would fit (a caller choosing among wordings): no overflow recorded."""
        overflows, self.overflows = self.overflows, None
        try:
            yield
        finally:
            self.overflows = overflows

    def cover(self, rect: pygame.Rect) -> None:
        """An opaque panel is drawn over `rect` next: what it hides is no longer on screen,
        so the layout recorder forgets it (the panel's own text is reported after)."""
        self.covers.append(pygame.Rect(rect))  # a focus ring is not drawn over it (TableScene.draw_focus)
        self.box(rect, "cover")  # game/app/layout.py drops what a cover hides

    def box(self, rect: pygame.Rect, kind: str = "card") -> pygame.Rect:
        """Report a drawn card (or any box that must not overlap its kind) to the layout recorder:
        "card", "chip", "panel" (holds what touches it), "frame", "cover" (hides what lies
        under it), "banner" (lies over the table for a moment: covers no card)."""
        if self.boxes is not None:
            self.boxes.append((kind, pygame.Rect(rect)))
        return rect

    def picture(self, surf: pygame.Surface, item_id: str, pos: tuple[float, float], size: float) -> pygame.Rect:
        """The picture of `item_id` (game/app/pictures.py), `size` design units across, centred on `pos`."""
        return pictures.draw(surf, item_id, (self.px(pos[0]), self.px(pos[1])), self.px(size))

    def room(self, surf: pygame.Surface, at: tuple[int, int], anchor: str, width: float | None) -> pygame.Rect:
        """The horizontal room of a text anchored at `at` (pixels), within the surface."""
        x, edge = at[0], surf.get_width()
        if "left" in anchor:
            left, right = x, edge
        elif "right" in anchor:
            left, right = 0, x
        else:
            half = min(x, edge - x)
            left, right = x - half, x + half
        if width is not None:
            w = self.px(width)
            if "left" in anchor:
                right = min(right, x + w)
            elif "right" in anchor:
                left = max(left, x - w)
            else:
                left, right = max(left, x - w // 2), min(right, x + w // 2)
        return pygame.Rect(left, 0, max(0, right - left), surf.get_height())

    def fit(self, text: str, size: float, width: float, smallest: float | None = None, bold: bool = False) -> float:
        """The largest size, down to `smallest` (default: SHRINK_FLOOR of `size`),
        at which `text` is at most `width` design units wide (`smallest` if none is)."""
        room = self.px(width)
        key = (text, size, room, smallest, bold)
        fitted = self._fits.get(key)
        if fitted is None:
            fitted = self._fits.keep(key, self._fit(text, size, room, smallest, bold))
        return fitted

    def _fit(self, text: str, size: float, room: int, smallest: float | None, bold: bool) -> float:
        wide = self.font(size, bold).size(text)[0]
        if wide <= room:
            return size
        floor = size * SHRINK_FLOOR if smallest is None else min(size, smallest)
        trial = max(floor, size * room / wide)  # glyph widths scale with the size
        while trial > floor and self.font(trial, bold).size(text)[0] > room:
            trial = max(floor, trial - 1 / self.u)  # one pixel smaller
        return trial

    def fit_lines(
        self, text: str, size: float, width: float, lines: int = 2, bold: bool = False, height: float | None = None
    ) -> tuple[float, list[str]]:
        """The largest size, down to MIN_TEXT, at which `text` wraps into at most `lines`
        lines of `width` design units, `height` at most in all (lines `size` apart): a
        long name takes a second line before it shrinks. Lines that still do not fit are
        left out, and recorded as an overflow (`overflows`)."""
        key = (text, size, self.px(width), lines, bold, height)
        known = self._line_fits.get(key)
        if known is not None:
            return known[0], list(known[1])

        def fitting(trial: float) -> list[str] | None:
            wrapped = self.wrap(text, trial, width, bold)
            fits = len(wrapped) <= lines and all(self.font(trial, bold).size(w)[0] <= self.px(width) for w in wrapped)
            return wrapped if fits and (height is None or len(wrapped) * trial <= height) else None

        # The sizes tried, largest first, one design unit apart down to MIN_TEXT. A new
        # line (a last move) used to be wrapped at each of them in turn, ten or more wraps
        # in the frame that showed it; halving the interval takes four or five.
        trials = [size - k for k in range(math.ceil(size - MIN_TEXT))] + [min(size, MIN_TEXT)]
        if (found := fitting(trials[0])) is not None:
            best = 0
        else:
            found, low, high = None, 0, len(trials)  # trials[low] does not fit; none past high tried
            while high - low > 1:
                mid = (low + high) // 2
                if (wrapped := fitting(trials[mid])) is not None:
                    found, high = wrapped, mid
                else:
                    low = mid
            best = high
        if found is not None:
            self._line_fits.keep(key, (trials[best], tuple(found[:lines])))
            return trials[best], found[:lines]
        # Not even at MIN_TEXT: a word longer than the box is cut with a hyphen.
        trial = trials[-1]
        cut = self._hyphenated(self.wrap(text, trial, width, bold), trial, width, bold)
        if len(cut) > lines and self.overflows is not None:  # lines left out: a cut the layout test sees
            box = pygame.Rect(0, 0, self.px(width), self.px(height or lines * trial))
            self.overflows.append(Overflow(text, size, box.inflate(0, self.px(trial)), box))
        return trial, cut[:lines]

    def text_lines(
        self,
        surf: pygame.Surface,
        text: str,
        pos: tuple[float, float],
        size: float,
        color=INK,
        bold: bool = False,
        anchor: str = "topleft",
        width: float = 0.0,
        lines: int = 2,
        height: float | None = None,
    ) -> list[pygame.Rect]:
        """`text` on up to `lines` lines of `width` design units (`fit_lines`: a long line
        takes a second line before it shrinks), as one block whose top left ("topleft")
        or left middle ("midleft") is at `pos`."""
        fitted, rows = self.fit_lines(text, size, width, lines, bold, height)
        middle = (len(rows) - 1) / 2 if anchor == "midleft" else 0.0
        return [
            self.text(surf, row, (pos[0], pos[1] + (i - middle) * fitted), fitted, color, bold, anchor, width)
            for i, row in enumerate(rows)
        ]

    def _hyphenated(self, wrapped: list[str], size: float, width: float, bold: bool) -> list[str]:
        font, limit, out = self.font(size, bold), self.px(width), []
        for line in wrapped:
            while font.size(line)[0] > limit and len(line) > 2:
                cut = len(line) - 1
                while cut > 1 and font.size(line[:cut] + "-")[0] > limit:
                    cut -= 1
                out.append(line[:cut] + "-")
                line = line[cut:]
            out.append(line)
        return out

    def wrap(self, text: str, size: float, width: float, bold: bool = False) -> list[str]:
        key = (text, max(8, self.px(size)), bold, self.px(width))
        lines = self._wraps.get(key)
        if lines is None:
            lines = self._wraps.keep(key, tuple(self._wrap(text, size, width, bold)))
        return list(lines)

    def _wrap(self, text: str, size: float, width: float, bold: bool) -> list[str]:
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
        self.text(surf, text, (960, y), 84, ACCENT, True, "midtop", width=1800)

    def footer(self, surf: pygame.Surface, text: str) -> None:
        self.text(surf, text, (960, 1040), 32, MUTED, anchor="midbottom", width=1800)


def _inside(r: pygame.Rect, box: pygame.Rect, surf: pygame.Surface) -> bool:
    # One pixel of slack: anchors round to whole pixels.
    return r.left >= box.left - 1 and r.right <= box.right + 1 and r.top >= -1 and r.bottom <= surf.get_height() + 1


def _ink(img: pygame.Surface, r: pygame.Rect) -> pygame.Rect:
    """The part of a rendered text that has ink (a font's line box has room above and below)."""
    ink = img.get_bounding_rect()
    return ink.move(r.topleft) if ink.width else pygame.Rect(r.topleft, (0, 0))


@dataclass
class Item:
    label: str  # untranslated; translated when drawn
    action: Callable[[], object] | None  # what it returns is not used (app.open returns the scene)
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
        if control == Control.UP:
            self.move(-1)
        elif control == Control.DOWN:
            self.move(1)
        elif control == Control.CONFIRM:
            self.choose()
        elif control == Control.POINT and pos is not None:
            for i, r in enumerate(self.rects):
                if r.collidepoint(pos):
                    self.index = i
                    self.choose()
                    return True
            return False
        else:
            return False
        return True

    def _item_h(self, item: Item) -> float:
        return self.h * (1.55 if item.note else 1)

    def bottom(self) -> float:
        """Where the last item ends (design units)."""
        return self.y + sum(self._item_h(it) + self.gap for it in self.items) - self.gap

    def draw(self, surf: pygame.Surface, ui: Ui) -> None:
        self.rects = []
        for i, item in enumerate(self.items):
            h = self._item_h(item)
            y = self.y + sum(self._item_h(it) + self.gap for it in self.items[:i])
            r = ui.rect(self.x, y, self.w, h)
            self.rects.append(r)
            selected = i == self.index
            ui.panel(surf, r, PANEL_HI if selected else PANEL, border=ACCENT if selected else None)
            color = INK if item.enabled else DIM
            inner = self.w - 72  # the panel less its margins
            value = 0.0
            if item.value is not None:
                drawn = ui.text(
                    surf, item.value, (self.x + self.w - 36, y + 18), 42, ACCENT, anchor="topright", width=inner / 2
                )
                value = drawn.width / ui.u + 24
            ui.text(surf, _(item.label), (self.x + 36, y + 16), 46, color, True, width=inner - value)
            if item.note:
                ui.text(surf, _(item.note), (self.x + 36, y + 78), 32, MUTED if item.enabled else DIM, width=inner)
        if self.message:
            ui.text(surf, self.message, (960, 985), 38, RED, True, "midbottom", width=1800)
