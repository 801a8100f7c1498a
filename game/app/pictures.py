"""Pictures for the scenes: `get("wokup.chili", 64)` is the chili at 64 px.

Each item id of `assets/pictures/pictures.toml` has one vendored 256 px PNG
(tools/pictures.py makes them). A scene asks for a size; the picture is scaled
once with smoothscale and cached for that size, so a frame only blits. The
first use of a size costs about a millisecond per picture (docs/media.md): warm
the sizes a scene uses in its __init__ with `warm(ids, size)` if a first frame
must stay under budget.

An unknown id, a missing file or a file that does not load never crashes: the
caller gets a placeholder (a dashed frame with "?" and the id), and the problem
is logged once per id.
"""

from __future__ import annotations

import contextlib
import logging

import pygame

from ..media import manifest as _manifest
from .fonts import font_file

log = logging.getLogger("wok.pictures")

PLACEHOLDER_INK = (255, 96, 200)  # loud on purpose: a missing picture must be noticed


def _box(size) -> tuple[int, int]:
    if isinstance(size, (int, float)):
        return max(1, round(size)), max(1, round(size))
    w, h = size
    return max(1, round(w)), max(1, round(h))


class Pictures:
    def __init__(self, manifest: _manifest.Manifest | None = None) -> None:
        self._manifest = manifest
        self._sources: dict[str, pygame.Surface | None] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        self.missing: dict[str, str] = {}  # item id -> why (logged once)

    @property
    def manifest(self) -> _manifest.Manifest:
        if self._manifest is None:
            self._manifest = _manifest.load()
        return self._manifest

    def has(self, item_id: str) -> bool:
        """Whether `item_id` has a real picture (not the placeholder)."""
        return self._source(item_id) is not None

    def get(self, item_id: str, size) -> pygame.Surface:
        """The picture of `item_id` fitted into a `size` px square (or a (w, h)
        box), keeping its shape: a card back asked at (w, h) fits inside it.
        Cached per size; do not draw on the returned surface."""
        w, h = _box(size)
        key = (item_id, w, h)
        surf = self._scaled.get(key)
        if surf is None:
            if len(self._scaled) > 3000:  # many window sizes in one evening
                self._scaled.clear()
            src = self._source(item_id)
            surf = self._scaled[key] = _placeholder(item_id, w, h) if src is None else _fit(src, w, h)
        return surf

    def warm(self, item_ids, size) -> None:
        for item_id in item_ids:
            self.get(item_id, size)

    def _source(self, item_id: str) -> pygame.Surface | None:
        if item_id in self._sources:
            return self._sources[item_id]
        src = None
        try:
            path = self.manifest.file(item_id)
            if path is None:
                self._missing(item_id, "not in assets/pictures/pictures.toml")
            elif not path.is_file():
                self._missing(item_id, f"{path} does not exist (run tools/pictures.py)")
            else:
                src = pygame.image.load(str(path))
                with contextlib.suppress(pygame.error):  # no display mode yet (headless renders): keep as loaded
                    src = src.convert_alpha()
        except (pygame.error, OSError, ValueError) as exc:
            self._missing(item_id, f"cannot load: {exc}")
            src = None
        self._sources[item_id] = src
        return src

    def _missing(self, item_id: str, why: str) -> None:
        if item_id not in self.missing:
            self.missing[item_id] = why
            log.warning("picture %s: %s; drawing a placeholder", item_id, why)


def _fit(src: pygame.Surface, w: int, h: int) -> pygame.Surface:
    sw, sh = src.get_size()
    k = min(w / sw, h / sh)
    size = (max(1, round(sw * k)), max(1, round(sh * k)))
    if size == (sw, sh):
        return src
    return pygame.transform.smoothscale(src, size)


def _placeholder(item_id: str, w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    line = max(1, min(w, h) // 16)
    dash = max(2, min(w, h) // 6)
    for x in range(0, w, dash * 2):
        pygame.draw.line(surf, PLACEHOLDER_INK, (x, 0), (min(w, x + dash), 0), line)
        pygame.draw.line(surf, PLACEHOLDER_INK, (x, h - line), (min(w, x + dash), h - line), line)
    for y in range(0, h, dash * 2):
        pygame.draw.line(surf, PLACEHOLDER_INK, (0, y), (0, min(h, y + dash)), line)
        pygame.draw.line(surf, PLACEHOLDER_INK, (w - line, y), (w - line, min(h, y + dash)), line)
    if pygame.font.get_init() and min(w, h) >= 12:
        font = pygame.font.Font(font_file(bold=True), max(8, min(w, h) // 2))
        mark = font.render("?", True, PLACEHOLDER_INK)
        surf.blit(mark, mark.get_rect(center=(w // 2, h // 2)))
        if min(w, h) >= 48:
            small = pygame.font.Font(font_file(), max(8, min(w, h) // 9))
            name = small.render(item_id.rsplit(".", 1)[-1], True, PLACEHOLDER_INK)
            surf.blit(name, name.get_rect(midbottom=(w // 2, h - line * 2)))
    else:
        pygame.draw.line(surf, PLACEHOLDER_INK, (0, 0), (w - 1, h - 1), line)
        pygame.draw.line(surf, PLACEHOLDER_INK, (w - 1, 0), (0, h - 1), line)
    return surf


_default: Pictures | None = None


def pictures() -> Pictures:
    """The arcade's shared Pictures (one cache for every scene)."""
    global _default
    if _default is None:
        _default = Pictures()
    return _default


def get(item_id: str, size) -> pygame.Surface:
    """`pictures().get(item_id, size)`: what scenes call."""
    return pictures().get(item_id, size)


def draw(surf: pygame.Surface, item_id: str, center: tuple[float, float], size) -> pygame.Rect:
    """Blit the picture of `item_id` fitted into `size` px, centred on `center` (px)."""
    img = get(item_id, size)
    r = img.get_rect(center=(round(center[0]), round(center[1])))
    surf.blit(img, r)
    return r
